"""SQLite behind the database interface: the connections of a running bot (one
that writes, one that reads), its transactions and its migrations.

:meth:`SqliteDatabase.connect` sets the connection up (write-ahead logging,
``synchronous=FULL``, foreign keys, a busy timeout) and applies pending
migrations before anything else touches it. Every transaction is ``BEGIN
IMMEDIATE``: it takes the database's write lock at once, so no other
transaction, in this process or another, writes between its reads and its
writes (SQLite serialises writers; there is nothing finer to lock, which is why
:meth:`SqliteTransaction.lock_one` is a plain read here).

All tasks share the writing connection, so an :class:`asyncio.Lock` gives a
transaction the connection to itself: the reads it makes to decide something
cannot interleave with another task's writes. ``BEGIN IMMEDIATE`` and the busy
timeout do the same job between processes. The plain reads on the database
(outside any transaction) go through a second connection of their own: in WAL
mode it sees every transaction committed before the read and none still
open, so a read never waits for a write to finish (each of its statements
hops to a thread and back through the event loop, and at hundreds of tables
the reads queued behind the writes were most of the lock's waiting).
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, ClassVar, Final, NoReturn, Self

import aiosqlite

from bot.database.connection import (
    Database,
    IntegrityError,
    Parameters,
    Reader,
    Row,
    Transaction,
    UniqueViolation,
)
from bot.database.location import SETTING, DatabaseUnusable, is_postgresql_url
from bot.database.migrator import Migration, bundled_migrations, pending, split_statements

log = logging.getLogger(__name__)

#: How long a write waits for another process's transaction before failing.
BUSY_TIMEOUT_MS: Final = 5000
#: What docs/GUARANTEES.md promises: a committed transaction survives the process
#: being killed and a power cut. Set explicitly, because SQLite builds differ in
#: their default for WAL mode (``SQLITE_DEFAULT_WAL_SYNCHRONOUS``), and NORMAL can
#: lose the last transactions on a power cut.
SYNCHRONOUS: Final = "FULL"

_CREATE_SCHEMA_MIGRATIONS: Final = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version     INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    applied_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
)
"""


def _refused(error: sqlite3.IntegrityError) -> NoReturn:
    """Raise the interface's error for a statement the schema refused."""
    unique = getattr(error, "sqlite_errorname", "") in (
        "SQLITE_CONSTRAINT_UNIQUE",
        "SQLITE_CONSTRAINT_PRIMARYKEY",
    )
    raise (UniqueViolation if unique else IntegrityError)(str(error)) from error


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


class SqliteTransaction(Transaction):
    """The statements of one ``BEGIN IMMEDIATE`` transaction (or of a snapshot's reads)."""

    sql_now: ClassVar[str] = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._connection = connection

    async def execute(self, sql: str, parameters: Parameters = ()) -> int:
        try:
            async with self._connection.execute(sql, parameters) as cursor:
                return cursor.rowcount
        except sqlite3.IntegrityError as error:
            _refused(error)

    async def executemany(self, sql: str, rows: Iterable[Parameters]) -> None:
        try:
            async with self._connection.executemany(sql, rows):
                pass
        except sqlite3.IntegrityError as error:
            _refused(error)

    async def insert(self, sql: str, parameters: Parameters = ()) -> int:
        try:
            async with self._connection.execute(sql, parameters) as cursor:
                row_id = cursor.lastrowid
        except sqlite3.IntegrityError as error:
            _refused(error)
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

    async def lock_one(
        self, sql: str, parameters: Parameters = (), *, take_over: bool = False
    ) -> Row | None:
        # BEGIN IMMEDIATE took the write lock of the whole database already.
        return await self.fetch_one(sql, parameters)

    async def fence_rows(self, sql: str, parameters: Parameters = ()) -> list[Row]:
        # The same: no other process writes until this transaction ends.
        return await self.fetch_all(sql, parameters)


class SqliteDatabase(Database):
    """One aiosqlite connection with migrations applied. Open with :meth:`connect`."""

    backend: ClassVar[str] = "sqlite"

    def __init__(
        self, connection: aiosqlite.Connection, path: Path, reader: aiosqlite.Connection
    ) -> None:
        self._connection = connection
        self._lock = asyncio.Lock()
        #: The plain reads' connection: it never writes, so it needs no lock.
        self._reader = reader
        self.path = path

    @classmethod
    def opens(cls, target: str | os.PathLike[str]) -> bool:
        """Anything but a ``postgresql://`` URL is a SQLite file's path."""
        return not (isinstance(target, str) and is_postgresql_url(target))

    @classmethod
    async def open_target(
        cls,
        target: str | os.PathLike[str],
        *,
        migrations: Sequence[Migration] | None,
        migrate: bool = True,
    ) -> Database:
        return await cls.connect(target, migrations=migrations, migrate=migrate)

    @classmethod
    async def connect(
        cls,
        path: str | os.PathLike[str],
        *,
        migrations: Sequence[Migration] | None = None,
        migrate: bool = True,
    ) -> Self:
        """Connect to the SQLite file at ``path`` and bring its schema up to date
        (unless ``migrate`` is false).

        ``migrations`` defaults to the ones shipped with the package.
        """
        path = Path(path)
        try:
            connection = await _connect(path)
        except sqlite3.OperationalError as error:
            raise DatabaseUnusable(
                "database.cannot_open", name=SETTING, path=str(path), reason=str(error)
            ) from None
        try:
            await _use_write_ahead_log(connection)
            await connection.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
            if migrate:
                await _apply_migrations(
                    connection,
                    bundled_migrations("sqlite") if migrations is None else migrations,
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
        try:
            reader = await _connect(path)
            await reader.execute("PRAGMA query_only = ON")
        except BaseException:
            await connection.close()
            raise
        return cls(connection, path, reader)

    @property
    def description(self) -> str:
        return f"SQLite {self.path}"

    async def migrate(self, migrations: Sequence[Migration] | None = None) -> None:
        async with self._lock:
            await _apply_migrations(
                self._connection,
                bundled_migrations("sqlite") if migrations is None else migrations,
                database_name=str(self.path),
            )

    async def _close(self) -> None:
        await self._reader.close()
        async with self._lock:
            await self._connection.close()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Transaction]:
        async with self._lock:
            await self._connection.execute("BEGIN IMMEDIATE")
            try:
                yield SqliteTransaction(self._connection)
                await self._connection.execute("COMMIT")
            except sqlite3.IntegrityError as error:  # refused at COMMIT
                await self._roll_back()
                _refused(error)
            except BaseException:
                await self._roll_back()
                raise

    async def _roll_back(self) -> None:
        if self._connection.in_transaction:
            await self._connection.execute("ROLLBACK")

    @asynccontextmanager
    async def snapshot(self) -> AsyncIterator[Reader]:
        # A second connection in one read transaction: in WAL mode it sees the
        # database as of its first read while this one goes on writing.
        connection = await _connect(self.path)
        try:
            await connection.execute("BEGIN")
            reader = SqliteTransaction(connection)
            await reader.fetch_one("SELECT COUNT(*) FROM schema_migrations")  # the moment
            yield reader
        finally:
            await connection.close()  # ends the read transaction

    async def _fetch_one(self, sql: str, parameters: Parameters) -> Row | None:
        return await SqliteTransaction(self._reader).fetch_one(sql, parameters)

    async def _fetch_all(self, sql: str, parameters: Parameters) -> list[Row]:
        return await SqliteTransaction(self._reader).fetch_all(sql, parameters)

    async def pragma(self, name: str) -> Any:
        """The value of ``PRAGMA name`` on the connection that writes, e.g. ``journal_mode``."""
        if not name.replace("_", "").isalpha():
            raise ValueError(f"not a pragma name: {name!r}")
        self._refuse_inside_transaction()
        async with self._lock:
            row = await SqliteTransaction(self._connection).fetch_one(f"PRAGMA {name}")
        return None if row is None else row[0]


async def _connect(path: Path) -> aiosqlite.Connection:
    """A connection in autocommit mode (transactions are begun by hand) with
    rows by name, foreign keys on and the busy timeout set."""
    connection = await aiosqlite.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    try:
        connection.row_factory = sqlite3.Row
        await connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS:d}")
        await connection.execute("PRAGMA foreign_keys = ON")
    except BaseException:
        await connection.close()
        raise
    return connection


async def applied_versions(connection: aiosqlite.Connection) -> set[int]:
    """The versions recorded in ``schema_migrations`` (creating the table if needed)."""
    await connection.execute(_CREATE_SCHEMA_MIGRATIONS)
    async with connection.execute("SELECT version FROM schema_migrations") as cursor:
        return {row[0] for row in await cursor.fetchall()}


async def _apply_migrations(
    connection: aiosqlite.Connection,
    migrations: Sequence[Migration],
    *,
    database_name: str,
) -> list[int]:
    """Apply every migration not yet recorded, in order; return the versions applied.

    Each runs statement by statement in its own ``BEGIN IMMEDIATE`` transaction
    with the row recording it, so another process waits for it.
    """
    applied: list[int] = []
    for migration in pending(
        migrations, await applied_versions(connection), database_name=database_name
    ):
        await connection.execute("BEGIN IMMEDIATE")
        try:
            # Another process may have applied it while we waited for the lock.
            async with connection.execute(
                "SELECT 1 FROM schema_migrations WHERE version = ?", (migration.version,)
            ) as cursor:
                if await cursor.fetchone() is None:
                    for statement in split_statements(migration.sql):
                        await connection.execute(statement)
                    await connection.execute(
                        "INSERT INTO schema_migrations (version, name) VALUES (?, ?)",
                        (migration.version, migration.name),
                    )
                    applied.append(migration.version)
            await connection.execute("COMMIT")
        except BaseException:
            if connection.in_transaction:
                await connection.execute("ROLLBACK")
            raise
        if applied and applied[-1] == migration.version:
            log.info("Applied migration %04d_%s", migration.version, migration.name)
    return applied
