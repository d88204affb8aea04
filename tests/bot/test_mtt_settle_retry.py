"""A multi-table tournament's hand whose settling the database refused is
settled again later from the floor as it is then (bot/tournaments/floor_runner.py):
what other tables' hands did meanwhile (a player busted and placed, a bounty
paid) stays done. The failed try changed nothing in memory (the floor and the
book of bounties were told of it on copies), and the audit is clean. A hand
settled while its tournament is restored (its settling refused before the
process died) that breaks a table: the break is announced once the restore is done.
"""

from __future__ import annotations

import json
import random
import sqlite3
from typing import Any

import pytest

from bot.database import Database, Transaction
from bot.i18n import t
from bot.tables.requests import ActionRequest
from bot.tables.requests import Move as Act
from bot.tables.runner import TableRunner
from bot.tournaments import floor_runner
from bot.tournaments.floor_runner import Entrant, MultiTableTournament, start_multi_table_tournament
from bot.tournaments.hand_end_merge import merged
from engine import TournamentFloor
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


async def dealt(runner: TableRunner, clock: FakeClock) -> None:
    while runner.live is None:
        clock.advance(1.0)
        await runner.settled()


async def shove_and_call(runner: TableRunner) -> None:
    """The first to act shoves, the next calls, the rest fold."""
    acted = 0
    while runner.live is not None:
        move = (Act.ALL_IN, Act.CHECK_OR_CALL)[acted] if acted < 2 else Act.FOLD
        await runner.act(to_act(runner), ActionRequest(move))
        await runner.settled()
        acted += 1


@pytest.mark.both_databases
async def test_a_hand_settled_again_keeps_what_another_table_did_meanwhile(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = FakeClock()
    tournament = await started(database, clock)
    first, second = (tournament.runners[n] for n in sorted(tournament.runners))

    # The database refuses the first table's settling while it is "down".
    down = True
    remove_seats = floor_runner.remove_tournament_seats

    async def refusing(tx: Transaction, table_id: int, seats: Any) -> None:
        if down and table_id == first.table_id:
            raise sqlite3.OperationalError("disk I/O error")
        await remove_seats(tx, table_id, seats)

    monkeypatch.setattr(floor_runner, "remove_tournament_seats", refusing)
    await dealt(first, clock)
    with pytest.raises(sqlite3.OperationalError):  # everyone folds: the hand ends
        while first.live is not None:
            await first.act(to_act(first), ActionRequest(Act.FOLD))
    await first.settled()
    assert first.live is not None, "the hand is over but not settled"

    # Meanwhile the other table plays until a player busts there.
    for _ in range(20):
        await dealt(second, clock)
        await shove_and_call(second)
        await tournament.settled()
        if tournament.floor.finishes:
            break
    (finish,) = tournament.floor.finishes
    busted = finish.player
    assert finish.place == len(PLAYERS)
    assert tournament.floor.table_of(busted) is None
    assert busted not in tournament.the_extras.book.heads  # their bounty was paid
    assert first.live is not None

    down = False  # the database is back: the first table settles its hand again
    for _ in range(60):
        clock.advance(5.0)
        await first.settled()
        if first.live is None or first.live.hand_no != 1:
            break
    assert first.live is None or first.live.hand_no != 1, "the hand was settled at last"
    await tournament.settled()

    floor = tournament.floor
    assert finish in floor.finishes, "the bust at the other table is still placed"
    assert floor.table_of(busted) is None
    assert busted not in tournament.the_extras.book.heads
    saved = json.loads(
        await database.fetch_value(
            "SELECT state FROM multi_table_tournaments WHERE id = ?", (tournament.tournament_id,)
        )
    )
    assert [busted, finish.place, 1] in saved["floor"]["finishes"]
    assert str(busted) not in saved["extras"]["heads"]
    assert all(str(busted) not in seats for seats in saved["floor"]["tables"].values())
    for runner in tournament.runners.values():
        await runner.stop()
    await assert_audit_clean(database)


async def test_a_table_broken_by_a_hand_settled_while_restoring_is_announced(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = FakeClock()
    tournament = await started(database, clock)
    first, second = (tournament.runners[n] for n in sorted(tournament.runners))
    down = False
    remove_seats = floor_runner.remove_tournament_seats

    async def refusing(tx: Transaction, table_id: int, seats: Any) -> None:
        if down and table_id == first.table_id:
            raise sqlite3.OperationalError("disk I/O error")
        await remove_seats(tx, table_id, seats)

    monkeypatch.setattr(floor_runner, "remove_tournament_seats", refusing)

    async def fold_away(runner: TableRunner) -> None:
        while runner.live is not None:
            await runner.act(to_act(runner), ActionRequest(Act.FOLD))
            await runner.settled()

    # Hands at the first table until one player there is out (five left: no break).
    for _ in range(30):
        await dealt(first, clock)
        await shove_and_call(first)
        await fold_away(second)
        await tournament.settled()
        if tournament.floor.finishes:
            break
    assert len(tournament.floor.finishes) == 1 and len(tournament.floor.running_tables) == 2

    # The next bust breaks a table: its hand is over, its settling refused, and
    # the process is killed before it is settled.
    for _ in range(30):
        await dealt(first, clock)
        await fold_away(second)  # the other table between hands: the break waits for none
        down = True
        with pytest.raises(sqlite3.OperationalError):
            await shove_and_call(first)
        assert first.live is not None and first.live.hand.is_complete
        if 0 in first.live.hand.finishing_stacks:
            break
        down = False  # a split pot: nobody out; settled, and again
        while first.live is not None:
            clock.advance(5.0)
            await first.settled()
    number = next(n for n, r in tournament.runners.items() if r is first)
    for runner in tournament.runners.values():
        await runner.stop()

    # Restarted: the first table's hand is settled while the tournament is restored.
    down = False
    lobby = RecordingOutlet()
    tables, _ = registry(database, clock)
    (restored,) = await floor_runner.restore_multi_table_tournaments(
        tables, lobby_outlet_for=lambda channel_id: lobby
    )
    await restored.settled()
    await restored.lobby.drain()
    assert len(restored.floor.finishes) == 2
    broken = set(restored.table_ids) - set(restored.floor.running_tables)
    assert broken, "a table was broken"
    posted = [d.message.content for d in lobby.deliveries if d.kind == "post"]
    for table in broken:
        assert t("mtt.table_broken", "en", table=table) in posted
    assert number in restored.table_ids
    for runner in restored.runners.values():
        await runner.stop()
    await assert_audit_clean(database)


def test_a_hand_end_committed_joins_a_floor_where_another_table_dealt_meanwhile() -> None:
    rng = random.Random(5)
    live = TournamentFloor.seat_field(range(1, 9), seat_count=4, paid_places=2, rng=rng)
    for move in list(live.pending):
        live.move_done(move.player)
    live.hand_started(1, None)
    before = live.to_data()
    copy = TournamentFloor.from_data(before)  # table 1's hand ends, in its transaction
    out = next(iter(copy.seats(1).values()))
    copy.hand_finished(1, {out: 500}, rng)
    live.hand_started(2, None)  # meanwhile table 2 deals
    assert live.table_of(out) is not None  # the live floor is untouched until it commits
    now = TournamentFloor.from_data(merged(before, live.to_data(), copy.to_data()))
    assert now.dealing == {2}
    assert [f.player for f in now.finishes] == [out] and now.table_of(out) is None
