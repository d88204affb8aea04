"""Losing does not end the evening (issue 23): the default buy-in keeps half the
balance back, a broke player is told the one thing they can do now and may
take a refill, members who run the server grant chips with a reason, and the
audit counts every one of those chips. On SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from bot.cashier import Cashier, NotBroke, RefillNotYet, RefillsOff, Standing
from bot.daily import DailyReward
from bot.database import Database
from bot.refills import RefillRule, default_rule, refill_rule, set_refill_rule, smallest_buy_in
from bot.tables.auto_top_ups import AutoTopUp, auto_top_ups_of, set_auto_top_up
from bot.tables.requests import ActionRequest, Move
from bot.tables.runner import TableRunner
from bot.tables.table_store import TableStore
from bot.way_back import next_step
from tests.audited import assert_audit_clean
from tests.bot.fake_clock import FakeClock
from tests.bot.table_fakes import CREATOR, GUILD, RecordingOutlet, config, deal_next, services

pytestmark = pytest.mark.both_databases

ANN, BEN, CAT = 11, 12, 13
NOW = datetime(2024, 5, 6, 20, 0, tzinfo=UTC)
RULE = RefillRule(on=True, chips=1000, hours=4)


@pytest.fixture
def cashier(database: Database) -> Cashier:
    return Cashier(
        database, starting_chips=1000, daily=DailyReward(base=100, streak_bonus=10, streak_cap=7)
    )


@pytest.fixture
async def table(
    database: Database, cashier: Cashier
) -> AsyncIterator[tuple[TableRunner, RecordingOutlet]]:
    """A 5/10 table taking 600 to 1,000, for players who start with 1,000 chips."""
    clock, outlet = FakeClock(), RecordingOutlet()
    table_config = config(min_buy_in=600, max_buy_in=1000)
    record = await TableStore(database).create(GUILD, 500, CREATOR, table_config)
    runner = TableRunner(
        record, table_config, replace(services(database, clock), cashier=cashier), outlet
    )
    await runner.start()
    runner.test_clock = clock  # type: ignore[attr-defined]
    yield runner, outlet
    await runner.stop()


async def test_joining_without_an_amount_keeps_half_the_balance_back(
    database: Database, cashier: Cashier, table: tuple[TableRunner, RecordingOutlet]
) -> None:
    runner, _ = table
    # A 200-1,000 table: half of a new player's 1,000.
    wide_config = config(min_buy_in=200, max_buy_in=1000)
    record = await TableStore(database).create(GUILD, 501, CREATOR, wide_config)
    wide = TableRunner(
        record, wide_config, replace(services(database, FakeClock()), cashier=cashier), table[1]
    )
    await wide.start()
    try:
        movement = await wide.join(ANN, "Ann")
        assert (movement.amount, movement.balance) == (500, 500)
    finally:
        await wide.stop()
    # At the 600-1,000 table half of 1,000 is too little: the minimum.
    movement = await runner.join(BEN, "Ben")
    assert (movement.amount, movement.balance) == (600, 400)
    # The whole balance only when asked for.
    movement = await runner.join(CAT, "Cat", buy_in=1000)
    assert (movement.amount, movement.balance) == (1000, 0)


async def bust_one(runner: TableRunner) -> int:
    """Ann and Ben, 600 each, all in until one of them has nothing; the loser's id."""
    await runner.join(ANN, "Ann")
    await runner.join(BEN, "Ben")
    clock: FakeClock = runner.test_clock  # type: ignore[attr-defined]
    while True:
        await deal_next(runner, clock)
        while runner.live is not None:
            live = runner.live
            assert live.hand.to_act is not None
            await runner.act(live.deal.players[live.hand.to_act], ActionRequest(Move.ALL_IN))
        await runner.settled()
        broke = [p for p in (ANN, BEN) if runner.table.seat_of(p).stack == 0]
        if broke:
            return broke[0]


async def test_the_bust_notice_names_the_refill_a_broke_player_can_take_now(
    database: Database, cashier: Cashier, table: tuple[TableRunner, RecordingOutlet]
) -> None:
    runner, outlet = table
    loser = await bust_one(runner)
    name = "Ann" if loser == ANN else "Ben"
    (notice,) = [post for post in outlet.posts() if "is out of chips" in post]
    assert notice.startswith(f"{name} is out of chips.")
    assert "/refill brings your balance back up to **1,000** now" in notice, notice
    # The refill: the balance back up to 1,000, once.
    rule = await refill_rule(database, GUILD, cashier.starting_chips)
    smallest = await smallest_buy_in(database, GUILD, 200)
    assert smallest == 600
    paid = await cashier.refill(GUILD, loser, rule=rule, smallest_buy_in=smallest, now=NOW)
    assert (paid.amount, paid.balance) == (600, 1000)
    kinds = await database.fetch_all(
        "SELECT kind, delta FROM ledger WHERE user_id = ? ORDER BY id", (loser,)
    )
    assert (kinds[-1]["kind"], kinds[-1]["delta"]) == ("refill", 600)
    await assert_audit_clean(database)


async def test_a_refill_is_only_for_a_broke_player_and_once_in_its_hours(
    database: Database, cashier: Cashier
) -> None:
    await cashier.ensure_balance(GUILD, ANN)
    with pytest.raises(NotBroke):  # 1,000 chips reach the smallest buy-in, 200
        await cashier.refill(GUILD, ANN, rule=RULE, smallest_buy_in=200, now=NOW)
    # Where the smallest buy-in is 2,000, Ann's 1,000 seat her nowhere.
    rule = replace(RULE, chips=3000)
    with pytest.raises(RefillsOff):
        await cashier.refill(
            GUILD, ANN, rule=replace(rule, on=False), smallest_buy_in=2000, now=NOW
        )
    # Two refills at once pay one.
    results = await asyncio.gather(
        cashier.refill(GUILD, ANN, rule=rule, smallest_buy_in=2000, now=NOW),
        cashier.refill(GUILD, ANN, rule=rule, smallest_buy_in=2000, now=NOW),
        return_exceptions=True,
    )
    paid = [r for r in results if not isinstance(r, BaseException)]
    assert [(p.amount, p.balance) for p in paid] == [(2000, 3000)], results
    assert await cashier.balance(GUILD, ANN) == 3000
    # A server that raises its refill to 5,000 and its tables to 4,000: Ann is broke
    # again, and her next refill opens four hours after the first.
    richer = replace(rule, chips=5000)
    with pytest.raises(RefillNotYet) as early:
        await cashier.refill(
            GUILD, ANN, rule=richer, smallest_buy_in=4000, now=NOW + timedelta(hours=3)
        )
    assert early.value.opens == NOW + timedelta(hours=4)
    assert f"<t:{int((NOW + timedelta(hours=4)).timestamp())}:t>" in early.value.sentence("en")
    later = await cashier.refill(
        GUILD, ANN, rule=richer, smallest_buy_in=4000, now=NOW + timedelta(hours=4)
    )
    assert (later.amount, later.balance) == (2000, 5000)
    await assert_audit_clean(database)


async def test_the_next_step_is_the_first_that_works() -> None:
    def step(balance: int, **changes: object) -> tuple[str, int, datetime | None]:
        options: dict[str, object] = {
            "rule": RULE,
            "table_minimum": 600,
            "smallest_buy_in": 600,
            "daily_amount": 100,
            "daily_open": True,
            "now": NOW,
            "last_refill": None,
        }
        options.update(changes)
        last = options.pop("last_refill")
        assert last is None or isinstance(last, datetime)
        standing = Standing(balance, 0, last, 0, None)
        found = next_step(standing, **options)  # type: ignore[arg-type]
        return found.kind, found.chips, found.opens

    assert step(700) == ("top_up", 700, None)
    assert step(400) == ("refill_now", 1000, None)
    assert step(550, last_refill=NOW - timedelta(hours=1)) == ("daily", 100, None)
    assert step(400, last_refill=NOW - timedelta(hours=1)) == (
        "refill_later",
        1000,
        NOW + timedelta(hours=3),
    )
    assert step(400, rule=replace(RULE, on=False)) == ("ask_admin", 0, None)


async def test_managers_grant_with_a_reason_to_one_member_and_to_everyone(
    database: Database, cashier: Cashier
) -> None:
    for player in (ANN, BEN, CAT):
        await cashier.ensure_balance(GUILD, player)
    await cashier.ensure_balance(GUILD + 1, ANN)  # another server's player: not granted
    balance = await cashier.admin_grant(GUILD, ANN, 250, granted_by=99, note="won the quiz")
    assert balance == 1250
    count = await cashier.grant_everyone(GUILD, 100, granted_by=99, note="server birthday")
    assert count == 3
    rows = await database.fetch_all(
        "SELECT user_id, delta, note FROM ledger WHERE kind = 'admin_grant' ORDER BY id"
    )
    assert [(r["user_id"], r["delta"], r["note"]) for r in rows] == [
        (ANN, 250, "granted by 99: won the quiz"),
        (ANN, 100, "granted by 99: server birthday"),
        (BEN, 100, "granted by 99: server birthday"),
        (CAT, 100, "granted by 99: server birthday"),
    ]
    assert await cashier.balance(GUILD + 1, ANN) == 1000
    report = await assert_audit_clean(database)
    assert "granted 4550 = balances 4550" in report.render()


async def test_a_server_keeps_its_refill_rule(database: Database) -> None:
    assert await refill_rule(database, GUILD, 1000) == default_rule(1000)
    assert default_rule(1000) == RefillRule(on=True, chips=1000, hours=4)
    async with database.transaction() as tx:
        await set_refill_rule(tx, GUILD, RefillRule(on=False, chips=500, hours=12))
    assert await refill_rule(database, GUILD, 1000) == RefillRule(on=False, chips=500, hours=12)
    assert await refill_rule(database, GUILD + 1, 1000) == default_rule(1000)


async def test_an_automatic_top_up_brings_the_stack_back_between_hands(
    database: Database, cashier: Cashier, table: tuple[TableRunner, RecordingOutlet]
) -> None:
    runner, _ = table
    await runner.join(ANN, "Ann")
    await runner.join(BEN, "Ben")
    # Ann chooses one now: applied at once, her whole balance (400) added.
    await set_auto_top_up(database, GUILD, ANN, AutoTopUp(below=900, up_to=950))
    assert await runner.apply_auto_top_ups() == 1
    assert runner.table.seat_of(ANN).stack == 950
    assert await cashier.balance(GUILD, ANN) == 50
    # Ben's applies after the next hand, whatever it did to his 600.
    await set_auto_top_up(database, GUILD, BEN, AutoTopUp(below=1000, up_to=1000))
    await deal_next(runner, runner.test_clock)  # type: ignore[attr-defined]
    live = runner.live
    assert live is not None and live.hand.to_act is not None
    await runner.act(live.deal.players[live.hand.to_act], ActionRequest(Move.FOLD))
    await runner.settled()
    ben = runner.table.seat_of(BEN).stack
    assert ben + (await cashier.balance(GUILD, BEN) or 0) in range(990, 1011)
    assert ben == 1000 or await cashier.balance(GUILD, BEN) == 0
    kinds = await database.fetch_all(
        "SELECT kind FROM ledger WHERE user_id = ? ORDER BY id", (BEN,)
    )
    assert kinds[-1]["kind"] == "top_up"
    # Turned off: nothing more.
    await set_auto_top_up(database, GUILD, BEN, None)
    assert await auto_top_ups_of(database, GUILD, [ANN, BEN]) == {ANN: AutoTopUp(900, 950)}
    await assert_audit_clean(database)
