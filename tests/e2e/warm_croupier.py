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
``quit``
    stop forking; children still running are left to the test.

Whenever a child ends it prints ``exited PID STATUS`` (the negative signal
number for a child killed by a signal, as :mod:`subprocess` reports it).
Nothing here runs an event loop or opens the database, so forking is safe.

Run: ``python -m tests.e2e.warm_croupier``.
"""

from __future__ import annotations

import asyncio
import json
import os
import select
import signal
import sys
from collections.abc import Awaitable, Callable
from typing import Any

import bot.__main__
import bot.client  # imported now rather than in every child
import bot.database.postgresql  # both kinds of transaction, for die_at_statement
from bot.database import Transaction
from bot.database.group_commit import GroupCommit

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


def run_child(log_path: str, die_at: int | None, in_group: bool = False) -> None:
    """In the forked child: become the bot, and never return to the server's loop."""
    code = 1
    try:
        null = os.open(os.devnull, os.O_RDWR)
        log = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(null, 0)
        os.dup2(null, 1)
        os.dup2(log, 2)
        sys.stdin = open(os.devnull)  # noqa: SIM115  (the child's for its whole life)
        if die_at is not None and in_group:
            die_in_group_commit(die_at)
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
                    run_child(words[1], die_at, in_group=words[3:4] == ["group"])
                print(f"started {pid}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
