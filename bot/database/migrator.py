"""Schema migrations: finding the numbered ``.sql`` files and applying each exactly once.

Migrations live in ``bot/database/migrations/`` as ``NNNN_what_it_does.sql``,
shipped as package data. ``schema_migrations`` records which versions a
database has; each pending migration runs in its own ``BEGIN IMMEDIATE``
transaction together with the row that records it, so a failing migration
leaves the database as it was, and a second process starting at the same
moment waits for the first and then finds nothing left to do.
"""

from __future__ import annotations

import logging
import re
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Final

import aiosqlite

from bot.errors import CroupierError

log = logging.getLogger(__name__)

_FILE_NAME: Final = re.compile(r"(?P<version>\d{4})_(?P<name>[a-z0-9_]+)\.sql")

_CREATE_SCHEMA_MIGRATIONS: Final = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version     INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    applied_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
)
"""


class SchemaTooNew(CroupierError):
    """The database was migrated by a newer Croupier than this one."""

    key = "database.schema_too_new"


@dataclass(frozen=True, slots=True)
class Migration:
    """One numbered step of the schema."""

    version: int
    name: str
    sql: str


def bundled_migrations() -> list[Migration]:
    """The migrations shipped with the package, in order.

    Raises :class:`ValueError` for a misnamed file or a repeated version, which
    are packaging defects rather than anything a user can fix.
    """
    folder = resources.files("bot.database").joinpath("migrations")
    found: list[Migration] = []
    for entry in folder.iterdir():
        if not entry.name.endswith(".sql"):
            continue
        match = _FILE_NAME.fullmatch(entry.name)
        if match is None:
            raise ValueError(f"migration file {entry.name!r} is not named NNNN_name.sql")
        found.append(Migration(int(match["version"]), match["name"], entry.read_text("utf-8")))
    return _in_order(found)


def _in_order(migrations: Iterable[Migration]) -> list[Migration]:
    ordered = sorted(migrations, key=lambda m: m.version)
    for migration in ordered:
        if not re.fullmatch(r"[a-z0-9_]+", migration.name) or migration.version < 1:
            raise ValueError(f"migration {migration.version} {migration.name!r} is misnamed")
    versions = [m.version for m in ordered]
    if len(set(versions)) != len(versions):
        raise ValueError(f"two migrations share a version: {versions}")
    return ordered


async def applied_versions(connection: aiosqlite.Connection) -> set[int]:
    """The versions recorded in ``schema_migrations`` (creating the table if needed)."""
    await connection.execute(_CREATE_SCHEMA_MIGRATIONS)
    async with connection.execute("SELECT version FROM schema_migrations") as cursor:
        return {row[0] for row in await cursor.fetchall()}


async def apply_migrations(
    connection: aiosqlite.Connection,
    migrations: Sequence[Migration],
    *,
    database_name: str = "",
) -> list[int]:
    """Apply every migration not yet recorded, in order; return the versions applied.

    Each runs in its own ``BEGIN IMMEDIATE`` transaction with the row recording
    it. The connection must be in autocommit mode (``isolation_level=None``).
    """
    migrations = _in_order(migrations)
    done = await applied_versions(connection)
    known = max((m.version for m in migrations), default=0)
    newest = max(done, default=0)
    if newest > known:
        raise SchemaTooNew(path=database_name, found=newest, known=known)

    applied: list[int] = []
    for migration in migrations:
        if migration.version in done:
            continue
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


def split_statements(sql: str) -> list[str]:
    r"""The statements of a script, split where SQLite itself says one is complete.

    ``executescript`` would commit the surrounding transaction first, so a
    migration runs statement by statement instead. Semicolons inside strings,
    comments and trigger bodies stay where they are.

    >>> split_statements("CREATE TABLE a (x); -- a; comment\nCREATE TABLE b (y);")
    ['CREATE TABLE a (x);', '-- a; comment\nCREATE TABLE b (y);']
    """
    statements: list[str] = []
    pending = ""
    for piece in sql.split(";"):
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            statement = pending.strip()
            if _has_code(statement):
                statements.append(statement)
            pending = ""
    return statements


def _has_code(statement: str) -> bool:
    lines = (line.split("--", 1)[0].strip() for line in statement.splitlines())
    return any(line and line != ";" for line in lines)
