"""A multi-table tournament's bust deciding whether to rebuy, moved by the
floor (bot/tournaments/mtt_rebuys.py, bot/tournaments/floor_runner.py): the
seat goes to the other table with no chips and the decision kept, written in
the moves' transaction; the player rebuys there, the price into the one prize
pool; the chips reconcile and the audit is clean."""

from __future__ import annotations

import random

from bot.database import Database
from bot.tables.requests import ActionRequest
from bot.tables.requests import Move as Act
from bot.tables.runner import TableRunner
from bot.tournaments.floor_runner import Entrant, MultiTableTournament, start_multi_table_tournament
from engine import Move, MoveReason
from tests.audited import assert_audit_clean
from tests.bot.fake_clock import FakeClock
from tests.bot.table_fakes import CHANNEL, CREATOR, GUILD, RecordingOutlet, config, registry, to_act

BUY_IN, STACK, BOUNTY = 100, 1000, 20
PLAYERS = {11: "Ann", 12: "Ben", 13: "Cat", 14: "Dan", 15: "Eve", 16: "Fay"}


async def started(database: Database, clock: FakeClock) -> MultiTableTournament:
    tables, _ = registry(database, clock)
    settings = config(
        tournament=True,
        tournament_buy_in=BUY_IN,
        starting_stack=STACK,
        level_minutes=10,
        seats=4,
        rebuy_levels=2,
        bounty=BOUNTY,
    )
    threads = iter(range(CHANNEL + 1, CHANNEL + 10))

    async def open_thread(number: int, name: str) -> int:
        return next(threads)

    return await start_multi_table_tournament(
        tables,
        guild_id=GUILD,
        channel_id=CHANNEL,
        creator_id=CREATOR,
        config=settings,
        players=[Entrant(user_id, name) for user_id, name in PLAYERS.items()],
        open_thread=open_thread,
        lobby_outlet=RecordingOutlet(),
        rng=random.Random(2),
    )


async def shove_and_call(runner: TableRunner, acted: list[int]) -> None:
    """The first to act shoves, the next calls, the rest fold."""
    moves = (Act.ALL_IN, Act.CHECK_OR_CALL)
    await runner.act(
        to_act(runner), ActionRequest(moves[len(acted)] if len(acted) < 2 else Act.FOLD)
    )
    acted.append(1)


def waiting(runner: TableRunner) -> int | None:
    return next((s.player for s in runner.table.seats.values() if s.busted), None)


async def test_a_bust_deciding_a_rebuy_is_moved_with_the_decision_and_rebuys_there(
    database: Database,
) -> None:
    clock = FakeClock()
    tournament = await started(database, clock)
    first, second = (tournament.runners[n] for n in sorted(tournament.runners))
    out = None
    for _ in range(60):  # hands at the first table until a bust waits to rebuy
        acted: list[int] = []
        while first.live is None:
            clock.advance(1.0)
            await first.settled()
        while first.live is not None:
            await shove_and_call(first, acted)
            await first.settled()
        while second.live is not None:  # the other table folds its hands away
            await second.act(to_act(second), ActionRequest(Act.FOLD))
            await second.settled()
        await tournament.settled()
        out = waiting(first)
        if out is not None:
            break
    assert out is not None, "no bust waited to rebuy"
    number_out = next(n for n, r in tournament.runners.items() if r is first)
    number_in = next(n for n, r in tournament.runners.items() if r is second)
    (seat_out,) = [s for s in first.table.seats.values() if s.player == out]
    busted_with = seat_out.busted_with
    assert seat_out.stack == 0 and busted_with > 0
    assert tournament.floor.table_of(out) is not None  # the floor does not place them yet

    # The floor moves them (as balancing or a table broken would), between hands.
    while second.live is not None:
        await second.act(to_act(second), ActionRequest(Act.FOLD))
        await second.settled()
    free = next(s for s in range(1, 5) if s not in second.table.seats)
    tournament.floor._seat(
        Move(out, number_in, free, MoveReason.BALANCE, number_out, seat_out.number)
    )
    await tournament._carry_out_moves()
    moved = second.table.seat_of(out)
    assert (moved.stack, moved.busted, moved.busted_with) == (0, True, busted_with)
    assert not first.table.is_seated(out)
    row = await database.fetch_one("SELECT table_id, stack FROM seats WHERE user_id = ?", (out,))
    assert row is not None and (row["table_id"], row["stack"]) == (second.table_id, 0)

    # They rebuy at the new table: the price into the one prize pool, the chips to the seat.
    pool_before = int(
        await database.fetch_value(
            "SELECT prize_pool FROM tables WHERE id = ?", (tournament.pool_table_id,)
        )
    )
    await second.rebuy(out)
    assert second.table.seat_of(out).stack == STACK and not second.table.seat_of(out).busted
    assert tournament.prize_money == (len(PLAYERS) + 1) * (BUY_IN - BOUNTY)
    pool = await database.fetch_value(
        "SELECT prize_pool FROM tables WHERE id = ?", (tournament.pool_table_id,)
    )
    assert pool == pool_before + BUY_IN
    await tournament.settled()
    for runner in tournament.runners.values():
        await runner.stop()
    await assert_audit_clean(database)
