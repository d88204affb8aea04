"""The one SQLite connection of a running bot, and its transactions.

:meth:`Database.open` sets the connection up (write-ahead logging, foreign
keys, a busy timeout) and applies pending migrations before anything else
touches it. Every write that must be atomic, and every chip movement, goes
through :meth:`Database.transaction`, a ``BEGIN IMMEDIATE`` transaction that
commits when its block ends and rolls back when the block raises.

All tasks share the connection, so an :class:`asyncio.Lock` gives a transaction
the connection to itself: the reads it makes to decide something cannot
interleave with another task's writes, and the plain reads on
:class:`Database` never see another task's uncommitted work.
``BEGIN IMMEDIATE`` and the busy timeout do the same job between processes.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Self

import aiosqlite

from bot.database.location import SETTING, DatabaseUnusable
from bot.database.migrator import Migration, apply_migrations, bundled_migrations

#: How long a write waits for another process's transaction before failing.
BUSY_TIMEOUT_MS: Final = 5000
#: What docs/GUARANTEES.md promises: a committed transaction survives the process
#: being killed and a power cut. Set explicitly, because SQLite builds differ in
#: their default for WAL mode (``SQLITE_DEFAULT_WAL_SYNCHRONOUS``), and NORMAL can
#: lose the last transactions on a power cut.
SYNCHRONOUS: Final = "FULL"

Row = sqlite3.Row
#: Positional (``?``) or named (``:name``) statement parameters.
Parameters = Sequence[Any] | Mapping[str, Any]

_inside_transaction: ContextVar[bool] = ContextVar("_inside_transaction", default=False)


async def _use_write_ahead_log(connection: aiosqlite.Connection) -> None:
    # Switching a new file to WAL needs an exclusive lock, and SQLite answers
    # "database is locked" at once instead of calling the busy handler when
    # another connection is opening the same file, so wait here instead.
    deadline = asyncio.get_running_loop().time() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            await connection.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or asyncio.get_running_loop().time() > deadline:
                raise
        await asyncio.sleep(0.02)


def _is_unwritable(error: sqlite3.DatabaseError) -> bool:
    """Whether SQLite says the file or its folder cannot be opened or written."""
    text = str(error).lower()
    return any(
        words in text
        for words in ("readonly", "read-only", "unable to open", "disk i/o", "not a database")
    )


class Transaction:
    """The statements of one open transaction; only valid inside its ``async with``."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._connection = connection

    async def execute(self, sql: str, parameters: Parameters = ()) -> int:
        """Run one statement; return how many rows it changed."""
        async with self._connection.execute(sql, parameters) as cursor:
            return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Parameters]) -> int:
        """Run one statement for each parameter row; return how many rows changed."""
        async with self._connection.executemany(sql, rows) as cursor:
            return cursor.rowcount

    async def insert(self, sql: str, parameters: Parameters = ()) -> int:
        """Run one ``INSERT``; return the new row's id."""
        async with self._connection.execute(sql, parameters) as cursor:
            row_id = cursor.lastrowid
        if row_id is None:
            raise RuntimeError(f"statement inserted no row: {sql}")
        return row_id

    async def fetch_one(self, sql: str, parameters: Parameters = ()) -> Row | None:
        async with self._connection.execute(sql, parameters) as cursor:
            row: Row | None = await cursor.fetchone()
            return row

    async def fetch_all(self, sql: str, parameters: Parameters = ()) -> list[Row]:
        async with self._connection.execute(sql, parameters) as cursor:
            return list(await cursor.fetchall())


class Database:
    """One aiosqlite connection with migrations applied. Open with :meth:`open`."""

    def __init__(self, connection: aiosqlite.Connection, path: Path) -> None:
        self._connection = connection
        self._lock = asyncio.Lock()
        self.path = path

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str],
        *,
        migrations: Sequence[Migration] | None = None,
        migrate: bool = True,
    ) -> Self:
        """Connect to the SQLite file at ``path`` and bring its schema up to date.

        ``migrations`` defaults to the ones shipped with the package;
        ``migrate=False`` leaves the schema as it is, for :meth:`migrate` later
        (the launcher first checks that no other process serves the database).
        """
        path = Path(path)
        try:
            connection = await aiosqlite.connect(
                path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None
            )
        except sqlite3.OperationalError as error:
            raise DatabaseUnusable(
                "database.cannot_open", name=SETTING, path=str(path), reason=str(error)
            ) from None
        try:
            connection.row_factory = sqlite3.Row
            await connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS:d}")
            await _use_write_ahead_log(connection)
            await connection.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
            await connection.execute("PRAGMA foreign_keys = ON")
            if migrate:
                await apply_migrations(
                    connection,
                    bundled_migrations() if migrations is None else migrations,
                    database_name=str(path),
                )
        except sqlite3.DatabaseError as error:
            await connection.close()
            if not _is_unwritable(error):
                raise
            raise DatabaseUnusable(
                "database.cannot_open", name=SETTING, path=str(path), reason=str(error)
            ) from None
        except BaseException:
            await connection.close()
            raise
        return cls(connection, path)

    async def migrate(self, migrations: Sequence[Migration] | None = None) -> list[int]:
        """Apply the migrations not yet applied (the package's by default); the
        versions applied."""
        async with self._lock:
            return await apply_migrations(
                self._connection,
                bundled_migrations() if migrations is None else migrations,
                database_name=str(self.path),
            )

    async def close(self) -> None:
        """Close the connection; a running transaction is waited for first."""
        async with self._lock:
            await self._connection.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT``, or ``ROLLBACK`` if the block raises.

        Transactions do not nest: opening one inside another in the same task
        raises :class:`RuntimeError` rather than waiting for itself forever.
        """
        if _inside_transaction.get():
            raise RuntimeError("a transaction is already open in this task")
        async with self._lock:
            token = _inside_transaction.set(True)
            try:
                await self._connection.execute("BEGIN IMMEDIATE")
                try:
                    yield Transaction(self._connection)
                    await self._connection.execute("COMMIT")
                except BaseException:
                    if self._connection.in_transaction:
                        await self._connection.execute("ROLLBACK")
                    raise
            finally:
                _inside_transaction.reset(token)

    async def fetch_one(self, sql: str, parameters: Parameters = ()) -> Row | None:
        """One row of a read outside any transaction, or ``None``."""
        self._refuse_inside_transaction()
        async with self._lock:
            return await Transaction(self._connection).fetch_one(sql, parameters)

    async def fetch_all(self, sql: str, parameters: Parameters = ()) -> list[Row]:
        """Every row of a read outside any transaction."""
        self._refuse_inside_transaction()
        async with self._lock:
            return await Transaction(self._connection).fetch_all(sql, parameters)

    async def fetch_value(self, sql: str, parameters: Parameters = ()) -> Any:
        """The first column of the first row, or ``None`` when there is no row."""
        row = await self.fetch_one(sql, parameters)
        return None if row is None else row[0]

    @staticmethod
    def _refuse_inside_transaction() -> None:
        if _inside_transaction.get():
            raise RuntimeError("inside a transaction, read through the transaction")

    async def pragma(self, name: str) -> Any:
        """The value of ``PRAGMA name``, e.g. ``journal_mode``."""
        if not name.replace("_", "").isalpha():
            raise ValueError(f"not a pragma name: {name!r}")
        return await self.fetch_value(f"PRAGMA {name}")
