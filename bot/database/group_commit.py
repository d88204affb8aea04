"""Group commit: small writes that many tasks ask for at the same moment share
one transaction, so one disk sync makes them all durable.

A write is a few statements that must be committed together (a hand's next
action in the write-ahead log). :meth:`GroupCommit.commit` queues it and
waits. While a transaction of queued writes is being committed, writes that
arrive meanwhile queue; when it ends, the next transaction takes every write
queued by then, and so on until nothing is queued. Each waiter is answered
only once the transaction holding its write has committed, so "written
before applied" holds for each of them as if it had committed alone; a few
per pass of the event loop (:data:`ANSWERED_PER_PASS`). Nothing waits on
purpose: a write that finds nothing in flight is committed at once.

What that buys: with ``synchronous=FULL`` (SQLite) or ``fsync`` (PostgreSQL)
a commit costs one disk sync, and one connection commits one transaction at a
time; at hundreds of busy tables the rate of syncs would set the pace of every
table, and each table's waiting task would hold its coroutines for the
garbage collector to walk. One commit per group costs one sync per group.

**Failures stay with their write.** If a group's transaction fails (a row the
schema refuses, the database going away), it rolls back whole and its writes
are committed again one by one, each in its own transaction: a write that
fails alone is answered with its error, the others as usual. A write's
statements are never split: they commit together, in a group or alone.

**A lease lost refuses the group.** Its transaction checks the process's
leases first, as every transaction does (:mod:`bot.database.fence`): after a
takeover the whole group is refused with
:class:`~bot.database.fence.LeaseLost`, each waiter answered with it, and
nothing of it is written or tried again.

**A kill in the middle** of a group's transaction loses the whole group and
nothing else: none of its writes was answered, so nothing shown depends on
them (the kill test covers it: ``tests/e2e/test_kill_restart.py``).

A waiter cancelled before its group's transaction has the connection drops
its write; once the group is being written, the write is committed with it
whether or not anyone still waits, as a cancelled transaction's ``COMMIT``
may be. Each process groups its own writes (several processes on one
PostgreSQL each have their own).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Final, Protocol

from bot.database.fence import LeaseLost
from bot.database.placeholders import Parameters

log = logging.getLogger(__name__)

#: Waiters answered per pass of the event loop. A group of hundreds of tables'
#: actions answered at once would resume hundreds of tables in one pass, and
#: every click, every reply Discord sends and every hop of a statement to the
#: database's thread and back would wait for them all (at 500 tables the loop's
#: lag grew tenfold); answered a few at a time, those interleave.
ANSWERED_PER_PASS: Final = 8

#: One statement of a write: SQL and its parameters.
Statement = tuple[str, Parameters]


class Statements(Protocol):
    """What a group's transaction is asked for (a :class:`~bot.database.Transaction`)."""

    async def execute(self, sql: str, parameters: Parameters = ()) -> int: ...

    async def executemany(self, sql: str, rows: Iterable[Parameters]) -> None: ...


class Transactions(Protocol):
    """Where the groups are committed (a :class:`~bot.database.Database`)."""

    def transaction(self) -> AbstractAsyncContextManager[Statements]: ...


@dataclass(slots=True)
class _Write:
    statements: tuple[Statement, ...]
    #: Answered once the write is committed, or with the error that refused it.
    done: asyncio.Future[None]


class GroupCommit:
    """The writes one process wants committed soon, grouped into few transactions."""

    def __init__(self, database: Transactions) -> None:
        self._database = database
        self._queued: list[_Write] = []
        self._writer: asyncio.Task[None] | None = None
        #: Transactions committed, and writes committed in them (for the tests and
        #: the load benchmark's figures).
        self.transactions = 0
        self.writes = 0

    async def commit(self, statements: Sequence[Statement]) -> None:
        """Commit ``statements`` together, with whatever else is queued at the time.

        Returns once they are committed; raises what refused them (their
        transaction rolled back, nothing of them written).
        """
        loop = asyncio.get_running_loop()
        write = _Write(tuple(statements), loop.create_future())
        self._queued.append(write)
        if self._writer is None:
            self._writer = loop.create_task(self._write_queued(), name="group-commit")
        await write.done

    @property
    def idle(self) -> bool:
        """Nothing queued and nothing being committed."""
        return self._writer is None

    async def drained(self) -> None:
        """Wait until every write queued so far is answered."""
        while (writer := self._writer) is not None:
            await asyncio.wait([writer])

    async def _write_queued(self) -> None:
        group: list[_Write] = []
        try:
            while self._queued:
                # A new list: what arrives from now on goes to the next group.
                group, self._queued = self._queued, []
                group = [write for write in group if not write.done.cancelled()]
                if group:
                    await self._commit_group(group)
                group = []
        except BaseException as error:  # cancelled: nobody is left without an answer
            for write in group + self._queued:
                _answer(write, error)
            self._queued = []
            raise
        finally:
            self._writer = None

    async def _commit_group(self, group: list[_Write]) -> None:
        try:
            await self._transact(group)
        except Exception as error:
            if len(group) == 1 or isinstance(error, LeaseLost):
                # A lease taken over refuses every write alike: none is tried again.
                for write in group:
                    _answer(write, error)
                return
            log.warning(
                "A group commit of %d writes failed (%s); committing them one by one",
                len(group),
                error,
            )
            for write in group:
                try:
                    await self._transact([write])
                except Exception as alone:
                    _answer(write, alone)
                else:
                    _answer(write, None)
            return
        for answered, write in enumerate(group, start=1):
            _answer(write, None)
            if answered % ANSWERED_PER_PASS == 0 and answered < len(group):
                await asyncio.sleep(0)  # let the tables answered so far run first

    async def _transact(self, group: list[_Write]) -> None:
        async with self._database.transaction() as tx:
            # Waiters cancelled while the connection was busy drop their writes.
            group = [write for write in group if not write.done.cancelled()]
            await self._write(tx, group)
        self.transactions += 1
        self.writes += len(group)

    async def _write(self, tx: Statements, group: list[_Write]) -> None:
        """Run the group's statements in ``tx``, each write's in its own order
        (:func:`run_statements`: the same insert for every table's row goes as
        one ``executemany``, one round trip for the group)."""
        await run_statements(tx, [statement for write in group for statement in write.statements])


async def run_statements(tx: Statements, statements: Sequence[Statement]) -> None:
    """Run ``statements`` in ``tx`` in their order; consecutive statements with
    the same SQL go as one ``executemany``."""
    start = 0
    while start < len(statements):
        sql = statements[start][0]
        end = start + 1
        while end < len(statements) and statements[end][0] == sql:
            end += 1
        if end - start == 1:
            await tx.execute(sql, statements[start][1])
        else:
            await tx.executemany(sql, [parameters for _, parameters in statements[start:end]])
        start = end


def _answer(write: _Write, error: BaseException | None) -> None:
    if write.done.done():
        return  # its waiter was cancelled
    if error is None:
        write.done.set_result(None)
    elif isinstance(error, asyncio.CancelledError):
        write.done.cancel()
    else:
        write.done.set_exception(error)
