"""Re-entry at a one-table scheduled tournament (bot/tables/tournament_desk.py,
engine.late_entry): a player who busted enters again during late registration
for a new buy-in, with a fresh starting stack, while the organiser's
re-entries allow; not a new entrant for the payout table (engine/payouts.py),
its buy-in in the prize pool; their one row of results keeps their best
place. Chips reconciled, the audit clean."""

from __future__ import annotations

import pytest

from bot.database import Database
from bot.tables.errors import Refused
from bot.tables.runner import TableRunner
from bot.tables.tournament import TournamentProgress
from bot.tables.tournament_desk import TournamentDesk
from tests.audited import assert_audit_clean
from tests.bot.fake_clock import FakeClock
from tests.bot.ledger_checks import assert_chips_reconcile
from tests.bot.table_fakes import STARTING_CHIPS, RecordingOutlet, config, new_table
from tests.bot.test_runner_tournament import (
    BUY_IN,
    NAMES,
    heads_up_all_in,
    play_to_the_end,
    prize_pool,
    register,
)


def progress_of(runner: TableRunner) -> TournamentProgress:
    assert isinstance(runner.desk, TournamentDesk)
    return runner.desk.progress


async def balance(database: Database, user_id: int) -> int:
    return int(
        await database.fetch_value("SELECT chips FROM balances WHERE user_id = ?", (user_id,))
    )


async def test_a_busted_player_re_enters_while_re_entries_are_left(database: Database) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    settings = config(
        tournament=True, tournament_buy_in=BUY_IN, starting_stack=1000, level_hands=50, seats=6
    )
    runner = await new_table(database, clock, outlet, settings, seed=5)
    field = dict(list(NAMES.items())[:4])
    await register(runner, field)
    await runner.begin_tournament()
    progress = progress_of(runner)
    for _ in range(30):
        await heads_up_all_in(runner, clock)
        if len(runner.table.seats) < 4:
            break
    else:
        raise AssertionError("nobody busted")
    (busted,) = set(field) - {seat.player for seat in runner.table.seats.values()}
    first_place = runner.table.finishing_places[busted]
    still_in = next(iter(runner.table.seats.values())).player
    with pytest.raises(Refused) as still:
        await runner.late_register(still_in, "x", locale="en", last_level=1, reentries=1)
    assert still.value.message_key == "engine.already_seated"
    with pytest.raises(Refused) as off:
        await runner.late_register(busted, "y", locale="en", last_level=1, reentries=0)
    assert off.value.message_key == "late.reentry_off"
    assert await balance(database, busted) == STARTING_CHIPS - BUY_IN
    assert await prize_pool(database) == 4 * BUY_IN

    movement = await runner.late_register(
        busted, NAMES[busted], locale="en", last_level=1, reentries=1
    )
    assert movement.stack == 1000 and runner.table.seat_of(busted).stack == 1000
    assert progress.entrants == 4 and progress.reentries == {busted: 1}
    assert await prize_pool(database) == 5 * BUY_IN
    assert progress.prizes == (5 * BUY_IN,)  # 4 entrants: the winner takes the pool
    assert await balance(database, busted) == STARTING_CHIPS - 2 * BUY_IN
    assert any(f"{NAMES[busted]} re-enters: 4 players" in post for post in outlet.posts())

    await play_to_the_end(runner, clock)
    rows = await database.fetch_all("SELECT user_id, buy_in, place, prize FROM tournament_entries")
    assert len(rows) == 4  # one row per player
    assert sum(row["prize"] for row in rows) == 5 * BUY_IN
    (again,) = [row for row in rows if row["user_id"] == busted]
    # Two finishes; their one row keeps the better (bot/seasons.py counts one per player).
    assert again["buy_in"] == 2 * BUY_IN
    assert again["place"] == min(first_place, runner.table.finishing_places[busted])
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)
