"""A multi-table tournament in a real Croupier process, killed with SIGKILL at
its two delicate moments, and started again on the same database.

Ann opens a tournament with ``/tournament open ... computers:6``; Ann and Ben
register; ``/tournament start`` seats the eight players at random over four
tables of two (each in a thread of the channel). The process's tables run on a
clock thirty times as fast as the real one (``WARM_CROUPIER_CLOCK_SPEED``,
:mod:`tests.e2e.warm_croupier`): the blinds rise every two seconds, and the
members, who never click, are timed out in one. Heads-up tables bust one player
a hand at most, so the bubble (four left, three paid) is always reached with two
tables running: hand for hand (TDA RP-8) always happens.

1. The first process dies by its own hand in the middle of the transaction
   carrying out a table break's moves (TDA 11-C), after its second statement
   (a moved player's seat row already written to the new table) and before its
   commit. The database must hold none of it: the moves are still pending in
   the saved floor, each moved player's seat row is where it was, every player
   sits at exactly one table, where the floor says (or at the seat their move
   leaves); not a chip created or lost; the audit clean to the chip.
2. The second process (restored from that database) carries the moves out (the
   threads say each player moved, to the table and seat the floor drew), plays
   on to the bubble and dies just after a hand of a hand-for-hand round was
   settled with another table's hand of the round still to come or in play.
   The saved floor is on hand for hand; the same checks of seats and chips;
   the audit clean.
3. The third process remembers which tables dealt their hand of the round: none
   of them deals again before every other table's hand of the round has ended.
   The tournament plays on to its winner: every entrant placed once, the prize
   pool paid out in full, the members' balances right, the audit clean.

It runs on SQLite and on PostgreSQL (``[sqlite]``, ``[postgresql]``).

This test found that a tournament killed at the second moment could hang or
fail every hand after the restart (a deal told to the floor but not yet
written; a table dealing while the others were still being restored): see
tests/bot/test_mtt_restore.py and the restart tests of
tests/engine/test_tournament_tables.py.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest

from tests.audited import assert_audit_clean_at
from tests.blocking_reader import BlockingReader
from tests.e2e.croupier_process import TEST_SETTINGS, CroupierProcess
from tests.e2e.fake_discord import BULK_RATE_CLOCK, FakeDiscord, Member
from tests.e2e.warm_croupier import CLOCK_SPEED, KILLED_IN_BREAK, KILLED_IN_ROUND

FIELD, SEATS, STACK, BUY_IN = 8, 2, 200, 100
MEMBERS = ("Ann", "Ben")
#: The process's clock runs this many times as fast as the real one.
SPEED = 30
STARTING_CHIPS = int(TEST_SETTINGS["CROUPIER_STARTING_CHIPS"])
#: How long a process may take to reach its moment (or the tournament its end).
MOMENT_SECONDS = 40


async def answer(member: Member, *words: str, **options: object) -> str:
    reply = await member.slash(*words, timeout=10.0, **options)
    await reply.settled(10.0)
    return reply.text


class Tournament:
    """The tournament as its database says, read from outside the process."""

    def __init__(self, reader: BlockingReader) -> None:
        self.reader = reader

    def row(self) -> tuple[int, str, dict[str, Any]]:
        found = self.reader.one(
            "SELECT id, status, state FROM multi_table_tournaments ORDER BY id DESC LIMIT 1"
        )
        assert found is not None, "the tournament was saved"
        state = found[2]
        return int(found[0]), str(found[1]), state if isinstance(state, dict) else json.loads(state)

    @property
    def state(self) -> dict[str, Any]:
        return self.row()[2]

    def table_ids(self) -> dict[int, int]:
        return {int(n): int(ids[0]) for n, ids in self.state["tables"].items()}

    def seats(self) -> dict[int, tuple[int, int, int]]:
        """player -> (table number, seat, stack) of every seat at the tournament's
        open tables; fails if a player sits at two."""
        number_of = {table_id: n for n, table_id in self.table_ids().items()}
        rows = self.reader.rows(
            "SELECT s.table_id, s.user_id, s.seat_no, s.stack FROM seats s"
            " JOIN tables t ON t.id = s.table_id WHERE t.status = 'open'"
        )
        seated: dict[int, tuple[int, int, int]] = {}
        for table_id, user_id, seat_no, stack in rows:
            if table_id not in number_of:
                continue
            assert user_id not in seated, f"player {user_id} sits at two tables: {rows}"
            seated[int(user_id)] = (number_of[table_id], int(seat_no), int(stack))
        return seated

    def check_floor_is_the_seats(self) -> dict[str, Any]:
        """Every player the floor has sits at exactly one table: where the floor
        says, or, with a move still pending, at the seat the move leaves; and not
        a chip created or lost, in the seats or in the prize pool."""
        state = self.state
        floor = state["floor"]
        seated = self.seats()
        pending = {move[0]: move for move in floor["pending"]}
        expected = {}
        for number, seats in floor["tables"].items():
            for seat, player in seats.items():
                move = pending.get(player)
                where = (int(number), int(seat)) if move is None else (move[4], move[5])
                expected[player] = where
        for player in {bust[0] for bust in floor["round_busts"]}:
            expected.setdefault(player, None)  # out of their seat, not yet placed
        assert {p: (t, s) for p, (t, s, _) in seated.items()} == {
            p: where for p, where in expected.items() if where is not None
        }
        assert sum(stack for _, _, stack in seated.values()) == FIELD * STACK
        self.check_pool()
        return floor

    def check_pool(self) -> None:
        pool_table = self.state["pool_table_id"]
        (pool,) = self.reader.rows("SELECT prize_pool FROM tables WHERE id = ?", (pool_table,))[0]
        (paid,) = self.reader.rows(
            "SELECT COALESCE(SUM(prize), 0) FROM tournament_entries WHERE table_id = ?",
            (pool_table,),
        )[0]
        assert pool + paid == FIELD * BUY_IN, (pool, paid)

    def hands(self) -> list[tuple[int, int, str, str, str | None]]:
        """(hand id, table number, status, started_at, ended_at) of every hand, in order."""
        number_of = {table_id: n for n, table_id in self.table_ids().items()}
        return [
            (int(hand_id), number_of[table_id], status, moment(started), moment(ended))
            for hand_id, table_id, status, started, ended in self.reader.rows(
                "SELECT id, table_id, status, started_at, ended_at FROM hands ORDER BY id"
            )
            if table_id in number_of
        ]


def moment(at: object) -> str | None:
    """A timestamp as sortable text: SQLite's ISO text, PostgreSQL's datetime."""
    if at is None or isinstance(at, str):
        return at
    return at.isoformat()  # type: ignore[attr-defined]


def killed_line(croupier: CroupierProcess, prefix: str) -> Any:
    for line in croupier.log_text().splitlines():
        if line.startswith(prefix):
            return json.loads(line.removeprefix(prefix))
    raise AssertionError(f"the bot did not die where it should:\n{croupier.log_text()[-3000:]}")


@pytest.mark.both_databases
async def test_kills_during_a_table_break_and_a_hand_for_hand_round_lose_nothing(
    fake_discord: FakeDiscord, tmp_path: Path, database_target: str
) -> None:
    fake, database = fake_discord, database_target
    fake.rate_limits.time_scale = BULK_RATE_CLOCK  # a tournament of hands at machine speed
    began = time.monotonic()
    async with CroupierProcess(
        fake,
        database,
        logs=tmp_path / "logs",
        settings={CLOCK_SPEED: str(SPEED), "CROUPIER_COMPUTER_PACE_SECONDS": "0"},
    ) as croupier:
        # 1. Doomed to die in the middle of the first table break's moves.
        await croupier.start(die_at=2, die_in="break")
        ann, ben = (fake.add_member(name) for name in MEMBERS)
        opened = await answer(
            ann,
            "tournament",
            "open",
            buy_in=BUY_IN,
            starting_stack=STACK,
            seats=SEATS,
            level_minutes=1,
            computers=FIELD - len(MEMBERS),
        )
        assert "multi-table tournament is open" in opened, opened
        for member in (ann, ben):
            assert "You are registered" in await answer(member, "tournament", "join")
        started = await answer(ann, "tournament", "start")
        assert f"{FIELD} players at {FIELD // SEATS} tables" in started, started
        assert await croupier.wait_for_exit(MOMENT_SECONDS) == -9, croupier.log_text()[-3000:]
        moves = killed_line(croupier, KILLED_IN_BREAK)
        broke_at = time.monotonic()
        with BlockingReader(database) as reader:
            tournament = Tournament(reader)
            floor = tournament.check_floor_is_the_seats()
            # All or nothing: every move of the batch is still to make, from where it was.
            pending = [[m[0], m[4], m[5], m[1], m[2], m[3]] for m in floor["pending"]]
            assert all(move in pending for move in moves), (moves, pending)
            seated = tournament.seats()
            for player, from_table, from_seat, *_ in moves:
                assert seated[player][:2] == (from_table, from_seat)
            assert any(reason == "break" for *_, reason in moves)
        await assert_audit_clean_at(database)

        # 2. Restored: the moves are made; doomed to die in a hand-for-hand round.
        posted_before = max(m.id for m in fake.messages())
        await croupier.start(die_at=1, die_in="round")
        names = {member.id: member.name for member in (ann, ben)}
        for player, _, _, to_table, to_seat, _ in moves:  # each move shown, as the floor drew it
            said = (
                f"{names.get(player, f'Bot {-player}')} moves to table {to_table}, seat {to_seat} ("
            )

            def shown(said: str = said) -> bool:
                return any(said in m.text() for m in fake.messages() if m.id > posted_before)

            await croupier.wait_unless_it_dies(shown, MOMENT_SECONDS)
            assert shown(), f"not shown: {said}"
        assert await croupier.wait_for_exit(MOMENT_SECONDS) == -9, croupier.log_text()[-3000:]
        in_round = killed_line(croupier, KILLED_IN_ROUND)
        round_at = time.monotonic()
        with BlockingReader(database) as reader:
            tournament = Tournament(reader)
            floor = tournament.check_floor_is_the_seats()
            assert floor["hand_for_hand"]
            hands = tournament.hands()
            in_play = {table: h for h, table, status, _, _ in hands if status == "in_progress"}
            # The tables that, as the database says, dealt their hand of the round
            # and finished it (a deal the floor was told of whose hand is not in
            # the log was cut off: not dealt).
            dealt_done = set(floor["round_dealt"]) - set(floor["dealing"]) - set(in_play)
            last_hand = max(hand_id for hand_id, *_ in hands)
            playable = {int(n) for n, seats in floor["tables"].items() if len(seats) >= 2}
        await assert_audit_clean_at(database)

        # 3. Restored: the round is finished as it stood; the tournament plays to its end.
        await croupier.start()

        with BlockingReader(database) as reader:
            deadline = time.monotonic() + MOMENT_SECONDS
            while Tournament(reader).row()[1] != "over":
                assert croupier.alive, croupier.log_text()[-3000:]
                assert time.monotonic() < deadline, "the tournament did not end"
                await asyncio.sleep(0.2)
        await croupier.stop()
    ended_at = time.monotonic()

    with BlockingReader(database) as reader:
        tournament = Tournament(reader)
        hands = tournament.hands()
        # The tables that dealt their hand of the round (and had finished it) deal
        # again only once every other table's hand of the round has ended.
        owed = playable - dealt_done
        ended = {hand_id: end for hand_id, _, _, _, end in hands}
        closed = {
            table_id for (table_id,) in reader.rows("SELECT id FROM tables WHERE status = 'closed'")
        }
        round_ends = []
        for table in owed:  # each owed table's hand of the round: in play, or its next
            if table in in_play:
                round_ends.append(ended[in_play[table]] or "")
            elif later := [h for h in hands if h[1] == table and h[0] > last_hand]:
                round_ends.append(later[0][4] or "")
            else:  # its deal was cut off, and the break its hand put off was made
                assert tournament.table_ids()[table] in closed, (table, in_round, in_play)
        waited = 0
        for table in dealt_done if round_ends else ():
            later = [h for h in hands if h[1] == table and h[0] > last_hand]
            if later:  # (the round's end may have broken this table)
                assert later[0][3] >= max(round_ends), (table, later[0], round_ends)
                waited += 1
        state = tournament.state
        pool_table = state["pool_table_id"]
        rows = reader.rows(
            "SELECT user_id, place, prize FROM tournament_entries WHERE table_id = ?",
            (pool_table,),
        )
        assert len(rows) == FIELD and len({user for user, _, _ in rows}) == FIELD
        places = sorted(place for _, place, _ in rows)
        assert places[0] == 1 and places.count(1) == 1 and places[-1] <= FIELD, places
        assert sum(prize for _, _, prize in rows) == FIELD * BUY_IN
        (pool,) = reader.rows("SELECT prize_pool FROM tables WHERE id = ?", (pool_table,))[0]
        assert pool == 0
        (open_tables,) = reader.rows("SELECT COUNT(*) FROM tables WHERE status = 'open'")[0]
        assert open_tables == 0
        for member in (ann, ben):
            (prize,) = [p for user, _, p in rows if user == member.id]
            (balance,) = reader.rows("SELECT chips FROM balances WHERE user_id = ?", (member.id,))[
                0
            ]
            assert balance == STARTING_CHIPS - BUY_IN + prize
    await assert_audit_clean_at(database)
    print(
        f"broken table's moves killed at {broke_at - began:.1f} s, hand-for-hand round at"
        f" {round_at - began:.1f} s ({in_round}; {waited} table(s) waited for the round's"
        f" end after the restart), the tournament won at {ended_at - began:.1f} s"
    )
