"""PostgreSQL behind the database interface (asyncpg): a pool of connections,
transactions with row locks, and migrations that two processes can start at once.

Several processes may share one PostgreSQL database (that is what it is for),
so the guarantees SQLite gets from its single writer come from the database's
own means here:

- **Isolation.** Every transaction runs at ``READ COMMITTED`` (set explicitly,
  whatever the server's default): each statement sees what was committed
  before it began. That alone would let two transactions read the same balance
  and both write it, so every row a transaction reads in order to change it is
  read with :meth:`PostgresTransaction.lock_one`, ``SELECT ... FOR NO KEY
  UPDATE``: a second transaction wanting that row waits until the first ends,
  then reads what it wrote. ``NO KEY`` because the key never changes, and a
  ledger row being written for the same balance (a foreign key, which takes a
  ``KEY SHARE`` lock) need not wait. Writes that assume a value also say so
  (``UPDATE ... WHERE chips = ?``), and unique keys settle races between
  inserts. ``SERIALIZABLE`` would need every transaction to be retried from
  the top, and a transaction here is a block of the bot's code, not a
  function that can be called again; explicit locks say where the conflicts
  are instead.
- **Fencing.** A running bot's transactions first read its lease rows ``FOR
  KEY SHARE`` (:meth:`PostgresTransaction.fence_rows`, :mod:`bot.database.fence`);
  a takeover reads them ``FOR UPDATE`` and so waits for those transactions
  to end, while the holder's renewal (a plain ``UPDATE`` of the expiry) does not.
- **Consistent reads.** :meth:`PostgresDatabase.snapshot` is one ``REPEATABLE
  READ READ ONLY`` transaction: the audit sees one moment while tables play on.
- **Migrations.** A session advisory lock keeps a second process from
  migrating at the same time; it waits, then finds nothing to do. Each
  migration runs with its record in one transaction (PostgreSQL's DDL is
  transactional).
- **Durability.** A commit returns once the server has written it to its log,
  with the server's ``fsync`` and ``synchronous_commit`` at their defaults (on).

Tasks share a pool (:data:`POOL_SIZE` connections): a transaction holds one
connection from its ``BEGIN`` to its ``COMMIT``, and reads outside
transactions borrow one for a statement. Values come back as SQLite gives them:
``SUM`` over whole numbers is an ``int`` (PostgreSQL's ``numeric`` is decoded
so), JSON columns are text.
"""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from typing import TYPE_CHECKING, ClassVar, Final, Self, TypeAlias

import asyncpg

if TYPE_CHECKING:
    from asyncpg.pool import PoolConnectionProxy

from bot.database.connection import (
    Database,
    IntegrityError,
    Parameters,
    Reader,
    Row,
    Transaction,
    UniqueViolation,
)
from bot.database.location import SETTING, DatabaseUnusable, is_postgresql_url, shown
from bot.database.migrator import Migration, bundled_migrations, pending
from bot.database.placeholders import numbered, ordered_values

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    #: A connection of its own, or one borrowed from the pool.
    Connection: TypeAlias = asyncpg.Connection[asyncpg.Record] | PoolConnectionProxy[asyncpg.Record]

#: Connections one process keeps to the server at most.
POOL_SIZE: Final = 10
#: How long connecting may take before the bot says the server cannot be reached.
CONNECT_TIMEOUT_SECONDS: Final = 10.0
#: The advisory lock that one migrating process holds ("croupier" in ASCII).
MIGRATION_LOCK: Final = 0x63726F7570696572

_CREATE_SCHEMA_MIGRATIONS: Final = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version     BIGINT PRIMARY KEY,
    name        TEXT NOT NULL,
    applied_at  TEXT NOT NULL
                DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
)
"""


@contextmanager
def _statement() -> Iterator[None]:
    """Errors of one statement as the interface raises them, without the row.

    PostgreSQL's error for a refused row carries the row's values in its
    detail ("Failing row contains (...)"), and a hand's row holds its deck
    order and secret: the detail is dropped before the error goes anywhere a
    log could print it. A refused statement raises :class:`IntegrityError`
    with the server's one-line message.
    """
    try:
        yield
    except asyncpg.IntegrityConstraintViolationError as error:
        unique = isinstance(error, asyncpg.UniqueViolationError)
        refused = (UniqueViolation if unique else IntegrityError)(_first_line(error))
        raise refused from None
    except asyncpg.PostgresError as error:
        error.detail = None  # the data the statement carried stays out of the log
        raise


def _first_line(error: BaseException) -> str:
    return str(error.args[0] if error.args else error).splitlines()[0]


def _rows_changed(status: str) -> int:
    """How many rows a command changed, from its status (``UPDATE 3``, ``INSERT 0 1``)."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


def _whole_or_float(text: str) -> int | float:
    """``numeric`` as SQLite would give it: ``SUM`` of whole numbers is an ``int``."""
    try:
        return int(text)
    except ValueError:
        return float(text)


async def prepare_connection(connection: asyncpg.Connection) -> None:
    """Set a new connection up to return values as the bot expects them."""
    await connection.set_type_codec(
        "numeric", encoder=str, decoder=_whole_or_float, schema="pg_catalog", format="text"
    )


class PostgresTransaction(Transaction):
    """The statements of one transaction on one pooled connection."""

    sql_now: ClassVar[str] = (
        "to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"
    )

    def __init__(self, connection: Connection) -> None:
        self._connection = connection

    async def execute(self, sql: str, parameters: Parameters = ()) -> int:
        text, names = numbered(sql)
        with _statement():
            status = await self._connection.execute(text, *ordered_values(names, parameters))
        return _rows_changed(status)

    async def executemany(self, sql: str, rows: Iterable[Parameters]) -> None:
        text, names = numbered(sql)
        values = [ordered_values(names, row) for row in rows]
        if not values:
            return
        with _statement():
            await self._connection.executemany(text, values)

    async def insert(self, sql: str, parameters: Parameters = ()) -> int:
        text, names = numbered(sql)
        with _statement():
            row_id = await self._connection.fetchval(
                f"{text} RETURNING id", *ordered_values(names, parameters)
            )
        if row_id is None:
            raise RuntimeError(f"statement inserted no row: {sql}")
        return int(row_id)

    async def fetch_one(self, sql: str, parameters: Parameters = ()) -> Row | None:
        text, names = numbered(sql)
        with _statement():
            row: Row | None = await self._connection.fetchrow(
                text, *ordered_values(names, parameters)
            )
        return row

    async def fetch_all(self, sql: str, parameters: Parameters = ()) -> list[Row]:
        text, names = numbered(sql)
        with _statement():
            rows = await self._connection.fetch(text, *ordered_values(names, parameters))
        return list[Row](rows)

    async def lock_one(
        self, sql: str, parameters: Parameters = (), *, take_over: bool = False
    ) -> Row | None:
        # FOR UPDATE conflicts with the fence's KEY SHARE; NO KEY UPDATE does not.
        return await self.fetch_one(
            f"{sql} FOR {'UPDATE' if take_over else 'NO KEY UPDATE'}", parameters
        )

    async def fence_rows(self, sql: str, parameters: Parameters = ()) -> list[Row]:
        # KEY SHARE: a takeover's FOR UPDATE waits, the holder's renewal does not.
        return await self.fetch_all(f"{sql} FOR KEY SHARE", parameters)


class PostgresDatabase(Database):
    """A pool of asyncpg connections with migrations applied. Open with :meth:`connect`."""

    backend: ClassVar[str] = "postgresql"

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self._shown = shown(url)

    @classmethod
    def opens(cls, target: str | os.PathLike[str]) -> bool:
        """A ``postgresql://`` (or ``postgres://``) URL."""
        return isinstance(target, str) and is_postgresql_url(target)

    @classmethod
    async def open_target(
        cls,
        target: str | os.PathLike[str],
        *,
        migrations: Sequence[Migration] | None,
        migrate: bool = True,
    ) -> Database:
        return await cls.connect(str(target), migrations=migrations, migrate=migrate)

    @classmethod
    async def connect(
        cls,
        url: str,
        *,
        migrations: Sequence[Migration] | None = None,
        pool_size: int = POOL_SIZE,
        migrate: bool = True,
    ) -> Self:
        """Connect to the PostgreSQL database at ``url`` and bring its schema up to date.

        ``migrations`` defaults to the ones shipped with the package. A server
        that cannot be reached or refuses the login raises
        :class:`~bot.database.location.DatabaseUnusable` naming the setting.
        """
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=pool_size,
                init=prepare_connection,
                timeout=CONNECT_TIMEOUT_SECONDS,
                server_settings={"application_name": "croupier"},
            )
        except (
            OSError,
            TimeoutError,
            ValueError,
            asyncpg.PostgresError,
            asyncpg.InterfaceError,
        ) as error:
            raise DatabaseUnusable(
                "database.cannot_connect", name=SETTING, url=shown(url), reason=_reason(error)
            ) from None
        database = cls(pool, url)
        try:
            if migrate:
                await database.migrate(migrations)
        except BaseException:
            await pool.close()
            raise
        return database

    async def migrate(self, migrations: Sequence[Migration] | None = None) -> None:
        async with self._pool.acquire() as connection:
            await _apply_migrations(
                connection,
                bundled_migrations("postgresql") if migrations is None else migrations,
                database_name=self._shown,
            )

    @property
    def description(self) -> str:
        return f"PostgreSQL {self._shown}"

    async def _close(self) -> None:
        await self._pool.close()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Transaction]:
        async with (
            self._pool.acquire() as connection,
            connection.transaction(isolation="read_committed"),
        ):
            yield PostgresTransaction(connection)

    @asynccontextmanager
    async def snapshot(self) -> AsyncIterator[Reader]:
        async with (
            self._pool.acquire() as connection,
            connection.transaction(isolation="repeatable_read", readonly=True),
        ):
            yield PostgresTransaction(connection)

    async def _fetch_one(self, sql: str, parameters: Parameters) -> Row | None:
        text, names = numbered(sql)
        with _statement():
            row: Row | None = await self._pool.fetchrow(text, *ordered_values(names, parameters))
        return row

    async def _fetch_all(self, sql: str, parameters: Parameters) -> list[Row]:
        text, names = numbered(sql)
        with _statement():
            rows = await self._pool.fetch(text, *ordered_values(names, parameters))
        return list[Row](rows)


def _reason(error: BaseException) -> str:
    text = str(error).strip() or type(error).__name__
    return text.splitlines()[0][:200]


async def _apply_migrations(
    connection: Connection,
    migrations: Sequence[Migration],
    *,
    database_name: str,
) -> list[int]:
    """Apply every migration not yet recorded, in order; return the versions applied.

    The advisory lock is taken before anything else, even before creating
    ``schema_migrations`` (two sessions creating one table at once collide).
    """
    await connection.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
    try:
        await connection.execute(_CREATE_SCHEMA_MIGRATIONS)
        done = {row[0] for row in await connection.fetch("SELECT version FROM schema_migrations")}
        applied: list[int] = []
        for migration in pending(migrations, done, database_name=database_name):
            async with connection.transaction():
                await connection.execute(migration.sql)
                await connection.execute(
                    "INSERT INTO schema_migrations (version, name) VALUES ($1, $2)",
                    migration.version,
                    migration.name,
                )
            applied.append(migration.version)
            log.info("Applied migration %04d_%s", migration.version, migration.name)
        return applied
    finally:
        await connection.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
