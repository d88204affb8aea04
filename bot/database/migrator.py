"""Schema migrations: the numbered ``.sql`` files of each database, and which of
them a database still needs.

Each database has its own files, because the two speak different SQL where a
schema is concerned (types, keys that count up, triggers, changing a ``CHECK``):
SQLite's in ``bot/database/migrations/``, PostgreSQL's in
``bot/database/migrations/postgresql/``, both named ``NNNN_what_it_does.sql``
and shipped as package data. Version *N* of one is the twin of version *N* of
the other: same name, and the same tables, columns, keys, checks, indexes and
triggers afterwards (``tests/bot/test_schema_twins.py`` compares them).

``schema_migrations`` records which versions a database has. Each backend
applies every pending migration in its own transaction together with the row
that records it, so a failing migration leaves the database as it was, and a
second process starting at the same moment waits for the first and then finds
nothing left to do (:mod:`bot.database.sqlite`, :mod:`bot.database.postgresql`).
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Final, Literal

from bot.errors import CroupierError

Backend = Literal["sqlite", "postgresql"]

_FILE_NAME: Final = re.compile(r"(?P<version>\d{4})_(?P<name>[a-z0-9_]+)\.sql")
#: Where each database's migrations are, inside ``bot/database/migrations/``.
_FOLDERS: Final[dict[Backend, tuple[str, ...]]] = {
    "sqlite": ("migrations",),
    "postgresql": ("migrations", "postgresql"),
}


class SchemaTooNew(CroupierError):
    """The database was migrated by a newer Croupier than this one."""

    key = "database.schema_too_new"


@dataclass(frozen=True, slots=True)
class Migration:
    """One numbered step of the schema."""

    version: int
    name: str
    sql: str


def bundled_migrations(backend: Backend = "sqlite") -> list[Migration]:
    """The migrations shipped with the package for ``backend``, in order.

    Raises :class:`ValueError` for a misnamed file or a repeated version, which
    are packaging defects rather than anything a user can fix.
    """
    folder = resources.files("bot.database")
    for part in _FOLDERS[backend]:
        folder = folder.joinpath(part)
    found: list[Migration] = []
    for entry in folder.iterdir():
        if not entry.name.endswith(".sql"):
            continue
        match = _FILE_NAME.fullmatch(entry.name)
        if match is None:
            raise ValueError(f"migration file {entry.name!r} is not named NNNN_name.sql")
        found.append(Migration(int(match["version"]), match["name"], entry.read_text("utf-8")))
    return in_order(found)


def in_order(migrations: Iterable[Migration]) -> list[Migration]:
    """The migrations sorted by version; :class:`ValueError` for a misnamed or repeated one."""
    ordered = sorted(migrations, key=lambda m: m.version)
    for migration in ordered:
        if not re.fullmatch(r"[a-z0-9_]+", migration.name) or migration.version < 1:
            raise ValueError(f"migration {migration.version} {migration.name!r} is misnamed")
    versions = [m.version for m in ordered]
    if len(set(versions)) != len(versions):
        raise ValueError(f"two migrations share a version: {versions}")
    return ordered


def pending(
    migrations: Sequence[Migration], done: Collection[int], *, database_name: str
) -> list[Migration]:
    """The migrations not in ``done``, in order.

    Raises :class:`SchemaTooNew` when the database has a version newer than
    any this code knows: a newer Croupier migrated it, and this one must not
    write to a schema it does not understand.
    """
    ordered = in_order(migrations)
    known = max((m.version for m in ordered), default=0)
    newest = max(done, default=0)
    if newest > known:
        raise SchemaTooNew(path=database_name, found=newest, known=known)
    return [m for m in ordered if m.version not in done]


def split_statements(sql: str) -> list[str]:
    r"""The statements of a SQLite script, split where SQLite itself says one is complete.

    ``executescript`` would commit the surrounding transaction first, so a
    migration runs statement by statement instead. Semicolons inside strings,
    comments and trigger bodies stay where they are.

    >>> split_statements("CREATE TABLE a (x); -- a; comment\nCREATE TABLE b (y);")
    ['CREATE TABLE a (x);', '-- a; comment\nCREATE TABLE b (y);']
    """
    statements: list[str] = []
    part = ""
    for piece in sql.split(";"):
        part += piece + ";"
        if sqlite3.complete_statement(part):
            statement = part.strip()
            if _has_code(statement):
                statements.append(statement)
            part = ""
    return statements


def _has_code(statement: str) -> bool:
    lines = (line.split("--", 1)[0].strip() for line in statement.splitlines())
    return any(line and line != ";" for line in lines)
