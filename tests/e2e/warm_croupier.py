"""A fork server for restart tests: the real launcher, ``python -m bot``, in a
fresh process on demand, without paying for Python's imports each time.

Importing the bot (discord.py, the engine's tables) takes a second or two;
a kill-and-restart test that waited for it on every restart would spend most
of its time importing. This process imports everything once, prints ``warm``,
then reads commands on stdin:

``go LOG [N [group]]``
    fork a child that runs :func:`bot.__main__.main` with this process's
    environment, its stderr in the file ``LOG``; print ``started PID``. With
    ``N`` the child kills itself with SIGKILL in the middle of its N-th
    database statement inside a transaction (after the statement ran, before
    the transaction commits): that is how the kill test makes sure some kills
    land in the middle of a write. With ``N group`` it dies in the middle of
    its N-th group commit of two writes or more (the actions of several
    tables: :mod:`bot.database.group_commit`), after the group's rows were
    written and before its ``COMMIT``, having first written to ``LOG`` the
    line ``killed in a group commit: JSON`` (each write's statements, as
    ``[sql, parameters]``: a hand's row is ``INSERT INTO hand_actions`` with
    ``[hand_id, seq, actor, action]``). Such a
    child's commits take :data:`SLOW_COMMIT_SECONDS` longer, as on a busy
    disk, so that the actions of tables clicked at once meet in a group. The
    bot's code is not changed; only the child's copy of the transaction's
    statement methods (or of the group commit's) is wrapped.
``go LOG N break``
    die in the middle of the N-th statement of the transaction that carries
    out a batch of a multi-table tournament's moves with a table's break
    among them (:meth:`~bot.tournaments.floor_runner.MultiTableTournament._move`),
    having first written to ``LOG`` the line ``killed in a table break's
    moves: JSON`` (the batch, each move ``[player, from table, from seat, to
    table, to seat, reason]``). Only that transaction's statements count.
``go LOG N round``
    die just after the N-th hand settled (and committed) at a multi-table
    tournament's table that leaves a hand-for-hand round half played: some
    tables have dealt their hand of the round, others not yet or still
    dealing it; first written to ``LOG``: ``killed in a hand-for-hand round:
    JSON`` (the table whose hand was settled, ``settled``, and the floor's
    ``round_dealt``, ``dealing`` and ``tables``).
``quit``
    stop forking; children still running are left to the test.

With ``WARM_CROUPIER_CLOCK_SPEED`` set to K in the environment, a child's
tables run on a clock K times as fast as the real one (:class:`FastClock`):
levels, action clocks and pauses pass K times sooner, so a multi-table
tournament's levels by the minute rise in seconds.

Whenever a child ends it prints ``exited PID STATUS`` (the negative signal
number for a child killed by a signal, as :mod:`subprocess` reports it).
Nothing here runs an event loop or opens the database, so forking is safe.

Run: ``python -m tests.e2e.warm_croupier``.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import os
import select
import signal
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import bot.__main__
import bot.client  # imported now rather than in every child
import bot.database.postgresql  # both kinds of transaction, for die_at_statement
from bot.database import Transaction
from bot.database.group_commit import GroupCommit
from bot.tables.clock import Alarm
from bot.tournaments.floor_runner import MultiTableTournament
from engine import Move, MoveReason

#: How often the server looks for children that ended, in seconds.
REAP_INTERVAL = 0.01
#: How much longer a group commit takes in a child doomed to die in one.
SLOW_COMMIT_SECONDS = 0.03


def die_at_statement(number: int) -> None:
    """SIGKILL this process during the ``number``-th statement of any transaction."""
    count = 0

    def counted(method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def statement(self: Transaction, *args: Any, **kwargs: Any) -> Any:
            nonlocal count
            result = await method(self, *args, **kwargs)
            count += 1
            if count >= number:
                os.kill(os.getpid(), signal.SIGKILL)
            return result

        return statement

    # Each database has its own kind of transaction; whichever this bot uses counts.
    for kind in Transaction.__subclasses__():
        for name in ("execute", "executemany", "insert"):
            setattr(kind, name, counted(getattr(kind, name)))


def die_in_group_commit(number: int) -> None:
    """SIGKILL this process in the middle of its ``number``-th group commit of two
    writes or more, once the group's statements ran, before its ``COMMIT``."""
    count = 0
    write_group = GroupCommit._write

    async def slow_write(self: GroupCommit, tx: Any, group: list[Any]) -> None:
        nonlocal count
        await write_group(self, tx, group)
        if len(group) >= 2:
            count += 1
            if count >= number:
                written = [[[sql, list(values)] for sql, values in w.statements] for w in group]
                os.write(2, f"killed in a group commit: {json.dumps(written)}\n".encode())
                os.kill(os.getpid(), signal.SIGKILL)
        await asyncio.sleep(SLOW_COMMIT_SECONDS)  # a busy disk: the next group gathers

    GroupCommit._write = slow_write  # type: ignore[method-assign]


#: Read by a child: how many times as fast as the real clock its tables' clock runs.
CLOCK_SPEED = "WARM_CROUPIER_CLOCK_SPEED"
#: What a child doomed to die in a table break's moves logs first.
KILLED_IN_BREAK = "killed in a table break's moves: "
#: What a child doomed to die in a hand-for-hand round logs first.
KILLED_IN_ROUND = "killed in a hand-for-hand round: "


class FastClock:
    """The system clock, ``speed`` times as fast: its seconds are real seconds
    divided by ``speed``. The wall clock stays the real one (dates in the
    database are real dates)."""

    def __init__(self, speed: float) -> None:
        self.speed = speed

    def now(self) -> float:
        return time.monotonic() * self.speed

    def wall_now(self) -> float:
        return time.time()

    async def sleep_until(self, when: float) -> None:
        delay = (when - self.now()) / self.speed
        if delay > 0:
            await asyncio.sleep(delay)

    def call_at(self, when: float, callback: Callable[[], object]) -> Alarm:
        loop = asyncio.get_running_loop()
        return loop.call_at(loop.time() + (when - self.now()) / self.speed, callback)


def run_fast(speed: float) -> None:
    """The bot's tables get a :class:`FastClock` instead of the system clock."""
    bot.client.SystemClock = lambda: FastClock(speed)  # type: ignore[assignment,misc]


def die_by_own_hand(line: str) -> None:
    os.write(2, f"{line}\n".encode())
    os.kill(os.getpid(), signal.SIGKILL)


def die_in_break_moves(number: int) -> None:
    """SIGKILL this process in the ``number``-th statement of the transaction
    carrying out a batch of moves with a table's break among them."""
    batch: contextvars.ContextVar[list[list[Any]] | None] = contextvars.ContextVar(
        "break_batch", default=None
    )
    count = 0
    move = MultiTableTournament._move

    async def watched_move(self: MultiTableTournament, moves: Sequence[Move], *args: Any) -> None:
        breaking = any(m.reason is MoveReason.BREAK for m in moves)
        described = [
            [m.player, m.from_table, m.from_seat, m.to_table, m.to_seat, m.reason.value]
            for m in moves
        ]
        token = batch.set(described if breaking else None)
        try:
            await move(self, moves, *args)
        finally:
            batch.reset(token)

    def counted(method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def statement(self: Transaction, *args: Any, **kwargs: Any) -> Any:
            nonlocal count
            result = await method(self, *args, **kwargs)
            moves = batch.get()
            if moves is not None:
                count += 1
                if count >= number:
                    die_by_own_hand(KILLED_IN_BREAK + json.dumps(moves))
            return result

        return statement

    MultiTableTournament._move = watched_move  # type: ignore[method-assign]
    for kind in Transaction.__subclasses__():
        for name in ("execute", "executemany", "insert"):
            setattr(kind, name, counted(getattr(kind, name)))


def die_in_hand_for_hand_round(number: int) -> None:
    """SIGKILL this process once the ``number``-th hand settled leaves a
    hand-for-hand round half played (committed, before the floor's work)."""
    count = 0
    after_hand = MultiTableTournament.after_hand

    def watched(self: MultiTableTournament, table: int) -> None:
        nonlocal count
        after_hand(self, table)
        floor = self.floor
        playable = {n for n, seats in floor.tables.items() if len(seats) >= 2}
        if (
            floor.hand_for_hand
            and floor.round_dealt
            and (floor.dealing or playable - floor.round_dealt)
        ):
            count += 1
            if count >= number:
                described = {
                    "settled": table,
                    "round_dealt": sorted(floor.round_dealt),
                    "dealing": sorted(floor.dealing),
                    "tables": sorted(floor.tables),
                }
                die_by_own_hand(KILLED_IN_ROUND + json.dumps(described))

    MultiTableTournament.after_hand = watched  # type: ignore[method-assign]


def run_child(log_path: str, die_at: int | None, mode: str | None = None) -> None:
    """In the forked child: become the bot, and never return to the server's loop."""
    code = 1
    try:
        null = os.open(os.devnull, os.O_RDWR)
        log = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(null, 0)
        os.dup2(null, 1)
        os.dup2(log, 2)
        sys.stdin = open(os.devnull)  # noqa: SIM115  (the child's for its whole life)
        if CLOCK_SPEED in os.environ:
            run_fast(float(os.environ[CLOCK_SPEED]))
        if die_at is not None and mode == "group":
            die_in_group_commit(die_at)
        elif die_at is not None and mode == "break":
            die_in_break_moves(die_at)
        elif die_at is not None and mode == "round":
            die_in_hand_for_hand_round(die_at)
        elif die_at is not None:
            die_at_statement(die_at)
        code = bot.__main__.main([])
    finally:
        os._exit(code)


def reap() -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
        print(f"exited {pid} {code}", flush=True)


def main() -> int:
    print("warm", flush=True)
    pending = b""
    while True:
        ready, _, _ = select.select([0], [], [], REAP_INTERVAL)
        reap()
        if not ready:
            continue
        chunk = os.read(0, 4096)
        if not chunk:
            return 0  # the test went away
        pending += chunk
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            words = line.decode().split()
            if not words or words[0] == "quit":
                return 0
            if words[0] == "go":
                die_at = int(words[2]) if len(words) > 2 else None
                pid = os.fork()
                if pid == 0:
                    run_child(words[1], die_at, words[3] if len(words) > 3 else None)
                print(f"started {pid}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
