"""The host's cash game (issue 28): a cash table's session ledger, and nights
played with session chips.

The ledger says who bought in, topped up and cashed out for how much since
the table opened, and each player's net; a player's net over a night must be
what their balance moved, and the nets plus the house's rake must add up to
zero after every hand. At a table of session chips nothing of it touches a
balance, and the audit counts none of its chips.
"""

from __future__ import annotations

import random

import pytest

from bot.audit import audit
from bot.cashier import Cashier
from bot.daily import DailyReward
from bot.database import Database
from bot.errors import CroupierError
from bot.render.session_ledger import session_ledger_embed
from bot.session_ledger import SessionLedger, session_ledger
from bot.stats import leaderboard
from bot.tables.errors import Refused
from bot.tables.restore import restore_runner
from bot.tables.runner import TableRunner
from bot.tables.table_settings import TableSettingsError
from bot.tables.table_store import TableStore
from tests.audited import assert_audit_clean
from tests.bot.fake_clock import FakeClock
from tests.bot.table_fakes import (
    GUILD,
    STARTING_CHIPS,
    RecordingOutlet,
    check_or_call,
    config,
    deal_next,
    new_table,
    services,
)
from tests.bot.table_players import play_hands

pytestmark = pytest.mark.both_databases

PLAYERS = {11: "Ann", 12: "Ben", 13: "Cat", 14: "Dan"}


async def balance(database: Database, user_id: int) -> int:
    value = await database.fetch_value(
        "SELECT chips FROM balances WHERE guild_id = ? AND user_id = ?", (GUILD, user_id)
    )
    return int(value)


async def ledger_of(runner: TableRunner) -> SessionLedger:
    return await session_ledger(runner.services.database, runner.table_id)


def assert_adds_up(ledger: SessionLedger) -> None:
    nets = sum(line.net for line in ledger.lines)
    assert nets + ledger.rake + ledger.carried_pot == 0, (nets, ledger.rake, ledger)
    assert ledger.balanced


async def test_nets_and_rake_add_up_to_zero_after_every_random_hand(database: Database) -> None:
    clock, rng = FakeClock(), random.Random(28)
    outlet = RecordingOutlet()
    raked = config(rake_basis_points=500, rake_cap=30)
    runner = await new_table(database, clock, outlet, raked)
    for user_id, name in list(PLAYERS.items())[:3]:
        await runner.join(user_id, name, buy_in=rng.randint(100, 1000))
    rake_seen = 0
    for hand_no in range(1, 61):
        await play_hands(runner, clock, rng, 1)
        ledger = await ledger_of(runner)
        assert_adds_up(ledger)
        rake_seen = ledger.rake
        if hand_no == 15:  # Dan sits down late; Ben leaves when he can
            await runner.join(14, "Dan", buy_in=700)
        if hand_no == 30:
            await runner.settled()
            await runner.leave(12)
    assert rake_seen > 0, "the rake must have been taken for the test to mean anything"
    finished = await database.fetch_value("SELECT COUNT(*) FROM hands WHERE status = 'finished'")
    assert finished >= 55, finished
    await runner.settled()
    await runner.close(1)
    await runner.settled()
    ledger = await ledger_of(runner)
    assert_adds_up(ledger)
    assert not any(line.seated or line.at_table for line in ledger.lines)
    # Every player's net is what their balance moved tonight: they came with the grant.
    for line in ledger.lines:
        assert line.net == await balance(database, line.user_id) - STARTING_CHIPS, line
    # And the figures are the ledger rows' own.
    for line in ledger.lines:
        rows = await database.fetch_all(
            "SELECT kind, SUM(delta) AS chips FROM ledger WHERE table_id = ? AND user_id = ?"
            " GROUP BY kind",
            (runner.table_id, line.user_id),
        )
        sums = {row["kind"]: int(row["chips"]) for row in rows}
        assert line.bought_in == -sums.get("buy_in", 0)
        assert line.topped_up == -sums.get("top_up", 0)
        assert line.cashed_out == sums.get("cash_out", 0)
    assert any(line.topped_up for line in ledger.lines), "a busted player bought back in"
    posted = [d.message.embed for d in outlet.deliveries if d.kind == "post" and d.message.embed]
    assert posted and posted[-1].title == "Session ledger"
    text = posted[-1].description or ""
    assert f"The house · rake **{ledger.rake:,}**" in text
    for line in ledger.lines:
        assert f"<@{line.user_id}> · bought in **{line.bought_in:,}**" in text
        assert f"net **{line.net:+,}**".replace("+0", "0") in text
    await assert_audit_clean(database)


async def test_the_ledger_counts_stacks_at_the_table_and_computer_players(
    database: Database,
) -> None:
    clock, rng = FakeClock(), random.Random(5)
    runner = await new_table(database, clock, RecordingOutlet())
    await runner.join(11, "Ann", buy_in=400)
    await runner.join(12, "Ben", buy_in=600)
    await runner.add_computer(None, None)
    await play_hands(runner, clock, rng, 4)
    await runner.settled()
    ledger = await ledger_of(runner)
    assert_adds_up(ledger)
    seated = {line.user_id: line for line in ledger.lines}
    assert set(seated) == {11, 12, *[uid for uid in seated if uid < 0]} and len(seated) == 3
    for seat in runner.table.seats.values():
        assert seated[seat.player].at_table == seat.stack and seated[seat.player].seated
    assert seated[11].bought_in == 400 and seated[12].bought_in == 600


async def test_the_ledger_reads_in_german_with_german_numbers(database: Database) -> None:
    clock = FakeClock()
    runner = await new_table(database, clock, RecordingOutlet(), config(max_buy_in=5000))
    await runner.join(11, "Ann", buy_in=1500)
    await runner.join(12, "Ben", buy_in=2500)
    await runner.leave(12)
    ledger = await ledger_of(runner)
    embed = session_ledger_embed(ledger, "de")
    assert embed.title == "Abrechnung des Abends"
    assert "<@11> · eingekauft **1.500** · am Tisch **1.500** · Saldo **0**" in (
        embed.description or ""
    )
    assert "<@12> · eingekauft **2.500** · ausgezahlt **2.500** · Saldo **0**" in (
        embed.description or ""
    )
    message = await runner.session_ledger("en")
    assert message.embed is not None
    assert "<@11> · bought in **1,500** · at the table **1,500** · net **0**" in (
        message.embed.description or ""
    )


async def test_a_night_of_session_chips_touches_no_balance(database: Database) -> None:
    clock, rng = FakeClock(), random.Random(11)
    cashier = Cashier(database, starting_chips=STARTING_CHIPS, daily=DailyReward(100, 10, 7))
    for user_id in (11, 12):  # two of them have balances from before
        await cashier.ensure_balance(GUILD, user_id)
    ledger_rows = await database.fetch_value("SELECT COUNT(*) FROM ledger")
    outlet = RecordingOutlet()
    night = config(session_chips=1000)
    assert (night.min_buy_in, night.max_buy_in) == (1000, 1000)
    runner = await new_table(database, clock, outlet, night)
    for user_id, name in list(PLAYERS.items())[:3]:
        movement = await runner.join(user_id, name, buy_in=None)
        assert movement.amount == 1000 and movement.stack == 1000
    with pytest.raises(CroupierError):  # everyone sits with the same stack
        await runner.join(14, "Dan", buy_in=500)
    await play_hands(runner, clock, rng, 40)  # the busted buy back in: session chips too
    await runner.settled()
    # Mid-session: the seats hold 3,000 session chips and more, and none is counted.
    seated = await database.fetch_value(
        "SELECT SUM(stack) FROM seats WHERE table_id = ?", (runner.table_id,)
    )
    assert seated >= 1000
    report = await audit(database)
    assert report.clean, report.render()
    assert " + at tables 0 " in report.render()
    assert await cashier.chips_at_tables(GUILD, 11) == 0
    await runner.leave(13)
    await runner.settled()
    await runner.close(1)
    await runner.settled()
    # No balance moved, none was made, no ledger row was written.
    assert await balance(database, 11) == STARTING_CHIPS
    assert await balance(database, 12) == STARTING_CHIPS
    assert await cashier.balance(GUILD, 13) is None
    assert await database.fetch_value("SELECT COUNT(*) FROM ledger") == ledger_rows
    ledger = await ledger_of(runner)
    assert ledger.session_chips == 1000
    assert_adds_up(ledger)
    assert any(line.topped_up for line in ledger.lines), "a rebuy in session chips"
    assert {line.user_id for line in ledger.lines} == {11, 12, 13}
    assert any(line.net for line in ledger.lines)
    # Cash statistics leave session chips out: nobody won or lost a chip of theirs.
    page = await leaderboard(database, GUILD, "net")
    assert all(entry.value == 0 for entry in page.entries)
    posted = [d.message.embed for d in outlet.deliveries if d.kind == "post" and d.message.embed]
    assert posted[-1].title == "Session ledger · session chips"
    # A player who busts is offered a rebuy of session chips, never a balance's way back.
    busts = [text for text in outlet.posts() if "is out of chips" in text]
    assert busts and all("buys back in with **1,000** session chips" in b for b in busts), busts
    await assert_audit_clean(database)


@pytest.mark.parametrize(
    "options",
    [
        {
            "session_chips": 1000,
            "tournament": True,
            "tournament_buy_in": 100,
            "starting_stack": 1000,
        },
        {"session_chips": 1000, "rake_basis_points": 500, "rake_cap": 30},
        {"session_chips": 5},
    ],
)
async def test_session_chips_refuse_what_would_move_real_chips(options: dict[str, object]) -> None:
    with pytest.raises(TableSettingsError):
        config(**options)


async def test_automatic_top_ups_stay_off_at_a_night_of_session_chips(database: Database) -> None:
    """A rebuy in session chips is money between friends: never made by a
    standing choice meant for balance chips (``/poker autotopup``)."""
    clock = FakeClock()
    cashier = Cashier(database, starting_chips=STARTING_CHIPS, daily=DailyReward(100, 10, 7))
    for user_id in (11, 12):
        await cashier.ensure_balance(GUILD, user_id)
        async with database.transaction() as tx:
            await tx.execute(
                "INSERT INTO auto_top_ups (guild_id, user_id, below, up_to) VALUES (?, ?, ?, ?)",
                (GUILD, user_id, 1000, 1000),
            )
    runner = await new_table(database, clock, RecordingOutlet(), config(session_chips=1000))
    await runner.join(11, "Ann", buy_in=None)
    await runner.join(12, "Ben", buy_in=None)
    for _ in range(3):
        await deal_next(runner, clock)
        while runner.live is not None:
            await check_or_call(runner)
        await runner.settled()
    await deal_next(runner, clock)  # automatic top-ups would be made before each deal
    losses = await database.fetch_value("SELECT COUNT(*) FROM hand_players WHERE net < 0")
    assert losses >= 3, "someone fell below 1,000 after each hand"
    kinds = await database.fetch_all("SELECT kind FROM session_chip_moves")
    assert [row["kind"] for row in kinds] == ["buy_in", "buy_in"]


async def test_a_night_of_session_chips_stays_one_after_a_restart(database: Database) -> None:
    clock = FakeClock()
    runner = await new_table(database, clock, RecordingOutlet(), config(session_chips=1000))
    await runner.join(11, "Ann", buy_in=None)
    await runner.join(12, "Ben", buy_in=None)
    await deal_next(runner, clock)
    while runner.live is not None:
        await check_or_call(runner)
    await runner.settled()
    await runner.stop()
    (stored,) = await TableStore(database).open_tables()
    outlet = RecordingOutlet()
    after = await restore_runner(stored, services(database, clock), outlet)
    await after.start()
    await after.settled()
    await after.join(13, "Cat", buy_in=None)
    await after.close(1)
    await after.settled()
    assert await database.fetch_value("SELECT COUNT(*) FROM balances") == 0
    ledger = await session_ledger(database, after.table_id)
    assert ledger.session_chips == 1000 and ledger.balanced
    assert {line.user_id: line.bought_in for line in ledger.lines} == {11: 1000, 12: 1000, 13: 1000}
    await assert_audit_clean(database)


async def test_a_tournament_keeps_no_session_ledger(database: Database) -> None:
    sit_and_go = config(
        tournament=True, tournament_buy_in=100, starting_stack=1000, min_buy_in=0, max_buy_in=0
    )
    runner = await new_table(database, FakeClock(), RecordingOutlet(), sit_and_go)
    with pytest.raises(Refused) as refused:
        await runner.session_ledger("en")
    assert refused.value.message_key == "ledger.tournament"


async def test_a_computer_player_at_a_night_of_session_chips_costs_the_house_nothing(
    database: Database,
) -> None:
    clock, rng = FakeClock(), random.Random(3)
    runner = await new_table(database, clock, RecordingOutlet(), config(session_chips=800))
    await runner.join(11, "Ann", buy_in=None)
    await runner.add_computer(None, None)
    await play_hands(runner, clock, rng, 6)
    await runner.settled()
    assert await database.fetch_value("SELECT COUNT(*) FROM hands WHERE status = 'finished'") >= 3
    await runner.close(1)
    await runner.settled()
    assert await database.fetch_value("SELECT COUNT(*) FROM house_banks") == 0
    assert await database.fetch_value("SELECT COUNT(*) FROM ledger") == 0
    ledger = await ledger_of(runner)
    assert ledger.balanced and len(ledger.lines) == 2
    assert any(line.user_id < 0 and line.bought_in == 800 for line in ledger.lines)
    await assert_audit_clean(database)
