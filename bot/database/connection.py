"""The one database interface of the bot, whichever database keeps the chips.

:meth:`Database.open` takes ``CROUPIER_DATABASE``'s value: a file path opens
SQLite (:mod:`bot.database.sqlite`, the default, nothing to install or run), a
``postgresql://`` URL opens PostgreSQL (:mod:`bot.database.postgresql`, for
several processes on one database). Either way the schema is brought up to
date before anything else touches it, and the rest of the bot sees only this
module's classes:

- :meth:`Database.transaction` gives a :class:`Transaction`: its statements
  commit together when the block ends and roll back together when it raises.
  Every chip movement happens inside one. Transactions do not nest.
- :meth:`Transaction.lock_one` reads a row the transaction is about to change
  and keeps any other transaction, in this process or another, from changing
  it until this one ends (SQLite: every transaction already holds the write
  lock; PostgreSQL: ``SELECT ... FOR NO KEY UPDATE``).
- :meth:`Database.commit_grouped` commits a small write (a hand's next action)
  together with the ones other tasks ask for at the same moment: one
  transaction and one disk sync for the group (:mod:`bot.database.group_commit`).
- :attr:`Database.fence`, once the launcher has set it, checks in every
  transaction that this process still holds its leases, and refuses the
  transaction (:class:`~bot.database.fence.LeaseLost`) if another took one
  over (:mod:`bot.database.fence`).
- :meth:`Database.fetch_one` and friends read committed data outside any
  transaction; :meth:`Database.snapshot` gives a :class:`Reader` whose reads
  all see one consistent moment, while the bot goes on writing.
- A statement the schema refuses (a ``CHECK``, a foreign key, a unique key, a
  trigger) raises :class:`IntegrityError` (:class:`UniqueViolation` for a
  unique key), from either database.

SQL is written once, in the subset both databases speak, with ``?`` or
``:name`` parameters; rows are read by column name or position. Where the
databases must differ the backend says it: :attr:`Transaction.sql_now` (the
time as the schema's defaults write it), :meth:`Transaction.lock_one`, and
:meth:`Transaction.insert` returning the new row's ``id``.
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from contextvars import ContextVar
from types import TracebackType
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, Self

from bot.database.group_commit import GroupCommit, Statement
from bot.database.placeholders import Parameters

if TYPE_CHECKING:
    from bot.database.fence import Fence
    from bot.database.migrator import Migration

__all__ = [
    "Database",
    "IntegrityError",
    "Parameters",
    "Reader",
    "Row",
    "Statement",
    "Transaction",
    "UniqueViolation",
]

_inside_transaction: ContextVar[bool] = ContextVar("_inside_transaction", default=False)


class IntegrityError(Exception):
    """The database refused a statement that would break the schema's rules
    (a ``CHECK``, a foreign key, a unique key, a trigger). Its transaction
    rolls back; the message is the database's own."""


class UniqueViolation(IntegrityError):
    """A row would repeat a unique key (a seat taken, a second open table in a channel)."""


class Row(Protocol):
    """One row read: by column name (``row["chips"]``) or position (``row[0]``);
    ``dict(row)`` and ``tuple(row)`` work too."""

    def __getitem__(self, key: int | str, /) -> Any: ...

    def keys(self) -> Iterable[str]: ...

    def __iter__(self) -> Iterator[Any]: ...

    def __len__(self) -> int: ...


class Reader(Protocol):
    """Something to read from: a :class:`Database`, a :class:`Transaction`, a snapshot."""

    async def fetch_one(self, sql: str, parameters: Parameters = ()) -> Row | None: ...

    async def fetch_all(self, sql: str, parameters: Parameters = ()) -> list[Row]: ...

    async def fetch_value(self, sql: str, parameters: Parameters = ()) -> Any: ...


class Transaction(ABC):
    """The statements of one open transaction; only valid inside its ``async with``."""

    #: SQL for the time now in UTC, as ISO-8601 text like the schema's defaults
    #: (``2024-05-06T12:00:00.123Z``), to write it in a statement: ``f"... = {tx.sql_now}"``.
    sql_now: ClassVar[str]

    @abstractmethod
    async def execute(self, sql: str, parameters: Parameters = ()) -> int:
        """Run one statement; return how many rows it changed."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Iterable[Parameters]) -> None:
        """Run one statement for each parameter row."""

    @abstractmethod
    async def insert(self, sql: str, parameters: Parameters = ()) -> int:
        """Run one ``INSERT`` into a table keyed by ``id``; return the new row's id."""

    @abstractmethod
    async def fetch_one(self, sql: str, parameters: Parameters = ()) -> Row | None:
        """The first row of a read, or ``None``."""

    @abstractmethod
    async def fetch_all(self, sql: str, parameters: Parameters = ()) -> list[Row]:
        """Every row of a read."""

    @abstractmethod
    async def lock_one(
        self, sql: str, parameters: Parameters = (), *, take_over: bool = False
    ) -> Row | None:
        """Read the row (a plain ``SELECT``) this transaction is about to change, and
        keep every other transaction from changing it until this one ends.

        What this transaction decides from the row stays true until it commits:
        a second process that wants the same row waits, then reads what this one
        wrote. The rows of every table named in the ``SELECT`` are locked.

        ``take_over``: the row will be given to someone else (a lease taken
        over), so also wait for every transaction that read it with
        :meth:`fence_rows` to end.
        """

    @abstractmethod
    async def fence_rows(self, sql: str, parameters: Parameters = ()) -> list[Row]:
        """Read rows (a plain ``SELECT``) this transaction's writes depend on, and
        keep any other transaction from taking them over (:meth:`lock_one` with
        ``take_over``) or deleting them until this one ends; updates of their
        other columns (a lease's renewal) need not wait. The fence's read
        (:mod:`bot.database.fence`)."""

    async def fetch_value(self, sql: str, parameters: Parameters = ()) -> Any:
        """The first column of the first row, or ``None`` when there is no row."""
        row = await self.fetch_one(sql, parameters)
        return None if row is None else row[0]


class Database(ABC):
    """The bot's database. Open with :meth:`open`; close with :meth:`close` or
    ``async with``."""

    #: ``"sqlite"`` or ``"postgresql"``.
    backend: ClassVar[str]
    #: The writes of :meth:`commit_grouped`, made on the first one.
    _group_commit: GroupCommit | None = None
    #: Checked in every transaction once set: this process still holds its leases
    #: (the launcher sets it after taking them; :mod:`bot.database.fence`).
    fence: Fence | None = None

    @staticmethod
    async def open(
        target: str | os.PathLike[str],
        *,
        migrations: Sequence[Migration] | None = None,
        migrate: bool = True,
    ) -> Database:
        """Open the database ``target`` names (a SQLite file, or a ``postgresql://``
        URL) and bring its schema up to date.

        ``migrations`` defaults to the ones shipped with the package for that database;
        ``migrate=False`` leaves the schema as it is, for :meth:`migrate` later (the
        launcher first checks that no other process serves the database).
        The backends are this class's subclasses, which the package's front door
        (:mod:`bot.database`) loads, so this module never imports them.
        """
        for backend in Database.__subclasses__():
            if backend.opens(target):
                return await backend.open_target(target, migrations=migrations, migrate=migrate)
        raise LookupError("no database backend is loaded for this target")

    @classmethod
    @abstractmethod
    def opens(cls, target: str | os.PathLike[str]) -> bool:
        """Whether ``target`` (``CROUPIER_DATABASE``'s value) names a database of this kind."""

    @classmethod
    @abstractmethod
    async def open_target(
        cls,
        target: str | os.PathLike[str],
        *,
        migrations: Sequence[Migration] | None,
        migrate: bool = True,
    ) -> Database:
        """Open ``target``, which :meth:`opens` accepted, as :meth:`open` does."""

    @abstractmethod
    async def migrate(self, migrations: Sequence[Migration] | None = None) -> None:
        """Apply the migrations not yet applied (the package's for this database)."""

    @property
    @abstractmethod
    def description(self) -> str:
        """Which database this is, fit for a log line (a URL's password left out)."""

    async def close(self) -> None:
        """Close the connections; a running transaction and the writes queued by
        :meth:`commit_grouped` are waited for first."""
        if self._group_commit is not None:
            await self._group_commit.drained()
        await self._close()

    @abstractmethod
    async def _close(self) -> None:
        """Close the backend's connections (a running transaction waited for)."""

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    def transaction(self, *, fenced: bool = True) -> AbstractAsyncContextManager[Transaction]:
        """A transaction that commits when its block ends, or rolls back if the block raises.

        Transactions do not nest: opening one inside another in the same task
        raises :class:`RuntimeError` rather than waiting for itself forever.
        Once :attr:`fence` is set, the transaction first checks that this
        process still holds its leases (:class:`~bot.database.fence.LeaseLost`
        if not); ``fenced=False`` is for the leases' own transactions.
        """
        if _inside_transaction.get():
            raise RuntimeError("a transaction is already open in this task")
        return self._marked(self._transaction(), self.fence if fenced else None)

    @asynccontextmanager
    async def _marked(
        self, transaction: AbstractAsyncContextManager[Transaction], fence: Fence | None
    ) -> AsyncIterator[Transaction]:
        token = _inside_transaction.set(True)
        try:
            async with transaction as tx:
                if fence is not None:
                    await fence.check(tx)
                yield tx
        finally:
            _inside_transaction.reset(token)

    async def commit_grouped(self, *statements: Statement) -> None:
        """Commit ``statements`` together in a transaction shared with the writes
        other tasks ask for meanwhile (group commit, :mod:`bot.database.group_commit`).

        Returns once they are committed; raises what refused them, and then
        nothing of them was written (another task's refused write does not
        refuse these). For small writes that many tasks make at once and that
        read nothing: a hand's next action. Not inside a transaction.
        """
        if _inside_transaction.get():
            raise RuntimeError("a transaction is open in this task: write through it")
        if self._group_commit is None:
            self._group_commit = GroupCommit(self)
        await self._group_commit.commit(statements)

    @property
    def group_commit(self) -> GroupCommit | None:
        """The group commit of :meth:`commit_grouped`, once it has been used."""
        return self._group_commit

    @abstractmethod
    def _transaction(self) -> AbstractAsyncContextManager[Transaction]:
        """The backend's transaction: begin, yield, commit or roll back."""

    @abstractmethod
    def snapshot(self) -> AbstractAsyncContextManager[Reader]:
        """Reads that all see the database as it was at one moment (every committed
        transaction up to then, none after), while other work goes on writing."""

    async def fetch_one(self, sql: str, parameters: Parameters = ()) -> Row | None:
        """One row of a read outside any transaction, or ``None``."""
        self._refuse_inside_transaction()
        return await self._fetch_one(sql, parameters)

    async def fetch_all(self, sql: str, parameters: Parameters = ()) -> list[Row]:
        """Every row of a read outside any transaction."""
        self._refuse_inside_transaction()
        return await self._fetch_all(sql, parameters)

    async def fetch_value(self, sql: str, parameters: Parameters = ()) -> Any:
        """The first column of the first row, or ``None`` when there is no row."""
        row = await self.fetch_one(sql, parameters)
        return None if row is None else row[0]

    @abstractmethod
    async def _fetch_one(self, sql: str, parameters: Parameters) -> Row | None: ...

    @abstractmethod
    async def _fetch_all(self, sql: str, parameters: Parameters) -> list[Row]: ...

    @staticmethod
    def _refuse_inside_transaction() -> None:
        if _inside_transaction.get():
            raise RuntimeError("inside a transaction, read through the transaction")
