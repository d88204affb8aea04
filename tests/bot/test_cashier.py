"""The cashier: every chip movement with its ledger row, never a negative balance.
On SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, date, datetime, timedelta

import pytest

from bot.cashier import (
    AlreadySeated,
    Cashier,
    CashierError,
    DailyAlreadyClaimed,
    InsufficientChips,
    InvalidAmount,
    SeatEmpty,
    SeatTaken,
    TableClosed,
    TableNotFound,
)
from bot.daily import DailyReward
from bot.database import Database, IntegrityError
from tests.bot.tables import close_table, open_table

GUILD, OTHER_GUILD = 100, 200
ALICE, BOB = 1, 2
MONDAY = date(2024, 5, 6)

pytestmark = pytest.mark.both_databases


@pytest.fixture
async def cashier(database: Database) -> AsyncIterator[Cashier]:
    yield Cashier(
        database, starting_chips=1000, daily=DailyReward(base=100, streak_bonus=10, streak_cap=7)
    )


async def ledger(db: Database, guild_id: int, user_id: int) -> list[tuple[str, int, int]]:
    rows = await db.fetch_all(
        "SELECT kind, delta, balance_after FROM ledger WHERE guild_id = ? AND user_id = ?"
        " ORDER BY id",
        (guild_id, user_id),
    )
    return [(r["kind"], r["delta"], r["balance_after"]) for r in rows]


async def snapshot(db: Database) -> list[list[tuple[object, ...]]]:
    """Everything the cashier writes, to show that a refusal changed nothing."""
    return [
        [tuple(row) for row in await db.fetch_all(f"SELECT * FROM {name} ORDER BY 1, 2")]
        for name in ("balances", "ledger", "seats")
    ]


async def test_a_new_balance_starts_with_the_grant_and_its_ledger_row(
    cashier: Cashier, database: Database
) -> None:
    assert await cashier.balance(GUILD, ALICE) is None
    assert await cashier.ensure_balance(GUILD, ALICE) == 1000
    assert await cashier.ensure_balance(GUILD, ALICE) == 1000  # granted once
    assert await cashier.balance(GUILD, ALICE) == 1000
    assert await ledger(database, GUILD, ALICE) == [("starting_grant", 1000, 1000)]


async def test_balances_are_per_server(cashier: Cashier) -> None:
    await cashier.admin_grant(GUILD, ALICE, 50, granted_by=BOB)
    assert await cashier.ensure_balance(OTHER_GUILD, ALICE) == 1000
    assert await cashier.balance(GUILD, ALICE) == 1050


async def test_daily_streak_grows_over_consecutive_days_up_to_the_cap(
    cashier: Cashier, database: Database
) -> None:
    paid = []
    for day in range(10):
        claim = await cashier.claim_daily(GUILD, ALICE, MONDAY + timedelta(days=day))
        paid.append((claim.streak, claim.amount))
    assert paid == [
        (1, 100),
        (2, 110),
        (3, 120),
        (4, 130),
        (5, 140),
        (6, 150),
        (7, 160),
        (8, 170),
        (9, 170),
        (10, 170),
    ]
    assert await cashier.balance(GUILD, ALICE) == 1000 + sum(amount for _, amount in paid)
    kinds = [kind for kind, _, _ in await ledger(database, GUILD, ALICE)]
    assert kinds == ["starting_grant"] + ["daily"] * 10


async def test_a_missed_day_resets_the_streak(cashier: Cashier) -> None:
    await cashier.claim_daily(GUILD, ALICE, MONDAY)
    await cashier.claim_daily(GUILD, ALICE, MONDAY + timedelta(days=1))
    claim = await cashier.claim_daily(GUILD, ALICE, MONDAY + timedelta(days=3))
    assert (claim.streak, claim.amount) == (1, 100)
    claim = await cashier.claim_daily(GUILD, ALICE, MONDAY + timedelta(days=4))
    assert (claim.streak, claim.amount) == (2, 110)


async def test_claiming_twice_a_day_is_refused_with_the_wait(
    cashier: Cashier, database: Database
) -> None:
    await cashier.claim_daily(GUILD, ALICE, MONDAY)
    before = await snapshot(database)
    evening = datetime(2024, 5, 6, 18, 47, 30, tzinfo=UTC)
    with pytest.raises(DailyAlreadyClaimed) as caught:
        await cashier.claim_daily(GUILD, ALICE, MONDAY, now=evening)
    assert caught.value.wait == timedelta(hours=5, minutes=12, seconds=30)
    # A Discord timestamp of the next UTC midnight: every client shows it counting down.
    midnight = int(datetime(2024, 5, 7, tzinfo=UTC).timestamp())
    assert str(caught.value) == (
        f"You have already claimed today's chips. Your next claim opens <t:{midnight}:R>."
    )
    assert f"<t:{midnight}:R>" in caught.value.sentence("de")
    assert await snapshot(database) == before


async def test_an_admin_grant_is_recorded_with_who_granted_it(
    cashier: Cashier, database: Database
) -> None:
    assert await cashier.admin_grant(GUILD, ALICE, 250, granted_by=BOB, note="prize") == 1250
    row = await database.fetch_one("SELECT kind, delta, note FROM ledger ORDER BY id DESC")
    assert row is not None and tuple(row) == ("admin_grant", 250, "granted by 2: prize")


@pytest.mark.parametrize("amount", [0, -5, 1_000_000_001, True, 2.5])
async def test_amounts_are_validated(cashier: Cashier, database: Database, amount: int) -> None:
    table = await open_table(database, GUILD, 10)
    with pytest.raises(InvalidAmount):
        await cashier.admin_grant(GUILD, ALICE, amount, granted_by=BOB)
    with pytest.raises(InvalidAmount):
        await cashier.buy_in(GUILD, ALICE, table, 0, amount)


async def test_buy_in_top_up_and_cash_out_move_chips_with_ledger_rows(
    cashier: Cashier, database: Database
) -> None:
    table = await open_table(database, GUILD, 10)
    sat = await cashier.buy_in(GUILD, ALICE, table, 3, 400)
    assert (sat.balance, sat.stack) == (600, 400)
    topped = await cashier.top_up(table, 3, 100)
    assert (topped.balance, topped.stack) == (500, 500)
    assert await cashier.chips_at_tables(GUILD, ALICE) == 500

    # The hand runner moves chips between stacks; here Alice wins 250.
    async with database.transaction() as tx:
        await tx.execute("UPDATE seats SET stack = 750 WHERE table_id = ?", (table,))

    left = await cashier.cash_out(table, 3)
    assert (left.amount, left.balance, left.stack) == (750, 1250, 0)
    assert await database.fetch_value("SELECT COUNT(*) FROM seats") == 0
    assert await ledger(database, GUILD, ALICE) == [
        ("starting_grant", 1000, 1000),
        ("buy_in", -400, 600),
        ("top_up", -100, 500),
        ("cash_out", 750, 1250),
    ]
    tables = await database.fetch_all("SELECT table_id FROM ledger WHERE kind != 'starting_grant'")
    assert {r["table_id"] for r in tables} == {table}


async def test_a_refused_buy_in_changes_nothing(cashier: Cashier, database: Database) -> None:
    table = await open_table(database, GUILD, 10)
    await cashier.buy_in(GUILD, BOB, table, 1, 100)
    await cashier.ensure_balance(GUILD, ALICE)
    before = await snapshot(database)
    with pytest.raises(InsufficientChips) as caught:
        await cashier.buy_in(GUILD, ALICE, table, 0, 1001)
    assert str(caught.value) == "That needs **1,001** chips, but your balance is **1,000**."
    with pytest.raises(SeatTaken):
        await cashier.buy_in(GUILD, ALICE, table, 1, 100)
    with pytest.raises(AlreadySeated):
        await cashier.buy_in(GUILD, BOB, table, 2, 100)
    with pytest.raises(TableNotFound):
        await cashier.buy_in(OTHER_GUILD, ALICE, table, 0, 100)
    with pytest.raises(TableNotFound):
        await cashier.buy_in(GUILD, ALICE, 999, 0, 100)
    assert await snapshot(database) == before


async def test_a_new_player_refused_a_buy_in_keeps_no_half_made_balance(
    cashier: Cashier, database: Database
) -> None:
    table = await open_table(database, GUILD, 10)
    with pytest.raises(InsufficientChips):
        await cashier.buy_in(GUILD, ALICE, table, 0, 5000)
    assert await cashier.balance(GUILD, ALICE) is None


async def test_a_closed_table_takes_no_chips_but_gives_them_back(
    cashier: Cashier, database: Database
) -> None:
    table = await open_table(database, GUILD, 10)
    await cashier.buy_in(GUILD, ALICE, table, 0, 300)
    await close_table(database, table)
    with pytest.raises(TableClosed):
        await cashier.buy_in(GUILD, BOB, table, 1, 100)
    with pytest.raises(TableClosed):
        await cashier.top_up(table, 0, 100)
    assert (await cashier.cash_out(table, 0)).balance == 1000


async def test_top_up_beyond_the_balance_is_refused(cashier: Cashier, database: Database) -> None:
    table = await open_table(database, GUILD, 10)
    await cashier.buy_in(GUILD, ALICE, table, 0, 900)
    before = await snapshot(database)
    with pytest.raises(InsufficientChips):
        await cashier.top_up(table, 0, 101)
    with pytest.raises(SeatEmpty):
        await cashier.top_up(table, 5, 10)
    with pytest.raises(SeatEmpty):
        await cashier.cash_out(table, 5)
    assert await snapshot(database) == before


async def test_the_schema_refuses_a_negative_balance_even_if_code_tried(
    cashier: Cashier, database: Database
) -> None:
    await cashier.ensure_balance(GUILD, ALICE)
    with pytest.raises(IntegrityError):
        async with database.transaction() as tx:
            await tx.execute("UPDATE balances SET chips = chips - 1001")


async def test_concurrent_buy_ins_cannot_overdraw(cashier: Cashier, database: Database) -> None:
    tables = [await open_table(database, GUILD, channel) for channel in (10, 11, 12)]
    await cashier.ensure_balance(GUILD, ALICE)
    outcomes = await asyncio.gather(
        *(cashier.buy_in(GUILD, ALICE, table, 0, 600) for table in tables),
        return_exceptions=True,
    )
    assert sum(not isinstance(o, BaseException) for o in outcomes) == 1
    assert all(isinstance(o, InsufficientChips) for o in outcomes if isinstance(o, BaseException))
    assert await cashier.balance(GUILD, ALICE) == 400


async def test_two_processes_buying_in_cannot_overdraw(database_target: str) -> None:
    path = database_target
    reward = DailyReward(base=100, streak_bonus=10, streak_cap=7)
    first_db, second_db = await Database.open(path), await Database.open(path)
    try:
        first = Cashier(first_db, starting_chips=1000, daily=reward)
        second = Cashier(second_db, starting_chips=1000, daily=reward)
        a, b = await open_table(first_db, GUILD, 10), await open_table(first_db, GUILD, 11)
        await first.ensure_balance(GUILD, ALICE)
        outcomes = await asyncio.gather(
            first.buy_in(GUILD, ALICE, a, 0, 700),
            second.buy_in(GUILD, ALICE, b, 0, 700),
            return_exceptions=True,
        )
        assert sorted(type(o).__name__ for o in outcomes) == ["InsufficientChips", "SeatMovement"]
        assert await first.balance(GUILD, ALICE) == 300
    finally:
        await first_db.close()
        await second_db.close()


async def test_every_refusal_has_a_sentence_in_both_languages(cashier: Cashier) -> None:
    with pytest.raises(CashierError) as caught:
        await cashier.top_up(1, 4, 10)
    assert caught.value.sentence("en") == "Nobody sits in seat 4."
    assert caught.value.sentence("de") == "Auf Platz 4 sitzt niemand."


async def test_movements_in_a_callers_transaction_commit_or_roll_back_with_it(
    cashier: Cashier, database: Database
) -> None:
    table = await open_table(database, GUILD, 10)
    with pytest.raises(RuntimeError):
        async with database.transaction() as tx:
            await cashier.buy_in(GUILD, ALICE, table, 1, 300, tx=tx)
            raise RuntimeError("the table's own write failed")
    assert await database.fetch_value("SELECT COUNT(*) FROM seats") == 0
    assert await database.fetch_value("SELECT COUNT(*) FROM ledger") == 0

    async with database.transaction() as tx:
        await cashier.buy_in(GUILD, ALICE, table, 1, 300, tx=tx)
        await cashier.top_up(table, 1, 200, tx=tx)
    async with database.transaction() as tx:
        movement = await cashier.cash_out(table, 1, tx=tx)
    assert movement.amount == 500
    assert await cashier.balance(GUILD, ALICE) == 1000
