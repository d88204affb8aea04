"""The two schema histories stay twins: every migration exists for both
databases under the same number and name, and after all of them SQLite and
PostgreSQL have the same tables, columns (kind of value, nullability,
default), keys, foreign keys, checks (by the columns they judge), indexes and
triggers. ``bot/database/__init__.py`` tells a migration's author how to write
both; this test is how a forgotten twin is caught.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.database import Database, bundled_migrations
from bot.database.postgresql import PostgresDatabase
from bot.database.sqlite import SqliteDatabase

#: Column types by what they hold, whatever each database calls them.
KINDS = {
    "integer": "integer",
    "bigint": "integer",
    "text": "text",
    "real": "real",
    "double precision": "real",
    "json": "json",
}


@dataclass
class Table:
    #: name -> (kind, not null, default)
    columns: dict[str, tuple[str, bool, str | None]] = field(default_factory=dict)
    primary_key: tuple[str, ...] = ()
    #: Whether the ``id`` key counts up by itself (INTEGER PRIMARY KEY, an identity column).
    counts_up: bool = False
    unique: set[tuple[str, ...]] = field(default_factory=set)
    #: (columns) -> (table, columns)
    foreign_keys: set[tuple[tuple[str, ...], str, tuple[str, ...]]] = field(default_factory=set)
    #: The columns each check judges.
    checks: Counter[tuple[str, ...]] = field(default_factory=Counter)
    #: name -> (columns with their order, unique, partial)
    indexes: dict[str, tuple[tuple[str, ...], bool, bool]] = field(default_factory=dict)
    triggers: set[str] = field(default_factory=set)


def _default(text: str | None) -> str | None:
    """A default as both databases would agree on it: the time now, or a literal."""
    if text is None:
        return None
    if "strftime" in text or "now()" in text:
        return "now"
    text = re.sub(r"::[a-z ]+", "", text)
    return text.strip("()")


def _checks(sql: str) -> list[str]:
    """The expressions of every CHECK in a CREATE TABLE statement."""
    found = []
    for match in re.finditer(r"\bCHECK\s*\(", sql, re.IGNORECASE):
        depth, start = 1, match.end()
        position = start
        while depth:
            char = sql[position]
            if char == "'":
                position = sql.index("'", position + 1)
            depth += {"(": 1, ")": -1}.get(char, 0)
            position += 1
        found.append(sql[start : position - 1])
    return found


def _judged(expression: str, columns: set[str]) -> tuple[str, ...]:
    words = re.findall(r"[a-z_]+", re.sub(r"'[^']*'", "", expression))
    return tuple(sorted(set(words) & columns))


async def sqlite_schema(database: SqliteDatabase) -> dict[str, Table]:
    schema: dict[str, Table] = {}
    for row in await database.fetch_all(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    ):
        name, sql = row["name"], row["sql"]
        table = schema[name] = Table()
        info = await database.fetch_all(f"PRAGMA table_info({name})")
        names = {column["name"] for column in info}
        json_columns = set()
        for expression in _checks(sql):
            judged = _judged(expression, names)
            if "json_valid" in expression and len(judged) == 1:
                json_columns |= set(judged)  # PostgreSQL's json type checks this
            else:
                table.checks[judged] += 1
        for column in info:
            kind = KINDS[column["type"].lower()]
            kind = "json" if column["name"] in json_columns else kind
            not_null = bool(column["notnull"]) or column["pk"] > 0
            table.columns[column["name"]] = (kind, not_null, _default(column["dflt_value"]))
        key = sorted((c["pk"], c["name"]) for c in info if c["pk"])
        table.primary_key = tuple(name for _, name in key)
        # SQLite fills any lone INTEGER PRIMARY KEY left out of an INSERT; the bot
        # leaves out only ``id`` (Transaction.insert), which PostgreSQL must count.
        table.counts_up = table.primary_key == ("id",) and "WITHOUT ROWID" not in sql.upper()
        for index in await database.fetch_all(f"PRAGMA index_list({name})"):
            details = await database.fetch_all(f"PRAGMA index_xinfo({index['name']})")
            listed = tuple(
                f"{d['name']}{' desc' if d['desc'] else ''}" for d in details if d["key"]
            )
            if index["origin"] == "u":
                table.unique.add(listed)
            elif index["origin"] == "c":
                unique, partial = bool(index["unique"]), bool(index["partial"])
                table.indexes[index["name"]] = (listed, unique, partial)
        keys: dict[int, list[Any]] = {}
        for reference in await database.fetch_all(f"PRAGMA foreign_key_list({name})"):
            keys.setdefault(reference["id"], []).append(reference)
        for parts in keys.values():
            parts.sort(key=lambda part: part["seq"])
            table.foreign_keys.add(
                (
                    tuple(part["from"] for part in parts),
                    parts[0]["table"],
                    tuple(part["to"] for part in parts),
                )
            )
    for row in await database.fetch_all(
        "SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger'"
    ):
        schema[row["tbl_name"]].triggers.add(row["name"])
    return schema


async def postgresql_schema(database: Database) -> dict[str, Table]:
    schema: dict[str, Table] = {}
    for row in await database.fetch_all(
        "SELECT table_name, column_name, data_type, is_nullable, column_default, is_identity"
        " FROM information_schema.columns WHERE table_schema = current_schema()"
        " ORDER BY table_name, ordinal_position"
    ):
        table = schema.setdefault(row["table_name"], Table())
        table.columns[row["column_name"]] = (
            KINDS[row["data_type"]],
            row["is_nullable"] == "NO",
            _default(row["column_default"]),
        )
        table.counts_up |= row["is_identity"] == "YES"
    constraints = await database.fetch_all(
        "SELECT c.relname AS table_name, k.contype::text AS kind,"
        " ARRAY(SELECT a.attname FROM unnest(k.conkey) WITH ORDINALITY AS n(number, place)"
        "  JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = n.number"
        "  ORDER BY n.place) AS columns,"
        " f.relname AS refers_to,"
        " ARRAY(SELECT a.attname FROM unnest(k.confkey) WITH ORDINALITY AS n(number, place)"
        "  JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = n.number"
        "  ORDER BY n.place) AS referred"
        " FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid"
        " LEFT JOIN pg_class f ON f.oid = k.confrelid"
        " WHERE k.connamespace = current_schema()::regnamespace"
    )
    for row in constraints:
        table = schema[row["table_name"]]
        columns = tuple(row["columns"])
        if row["kind"] == "p":
            table.primary_key = columns
        elif row["kind"] == "u":
            table.unique.add(columns)
        elif row["kind"] == "f":
            table.foreign_keys.add((columns, row["refers_to"], tuple(row["referred"])))
        elif row["kind"] == "c":
            table.checks[tuple(sorted(columns))] += 1
    for row in await database.fetch_all(
        "SELECT t.relname AS table_name, i.relname AS index_name, x.indisunique AS is_unique,"
        " x.indpred IS NOT NULL AS partial,"
        " ARRAY(SELECT a.attname || CASE WHEN x.indoption[n.place - 1] & 1 = 1"
        "   THEN ' desc' ELSE '' END"
        "  FROM unnest(x.indkey) WITH ORDINALITY AS n(number, place)"
        "  JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = n.number"
        "  ORDER BY n.place) AS columns"
        " FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid"
        " JOIN pg_class t ON t.oid = x.indrelid"
        " WHERE t.relnamespace = current_schema()::regnamespace"
        " AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid)"
    ):
        schema[row["table_name"]].indexes[row["index_name"]] = (
            tuple(row["columns"]),
            row["is_unique"],
            row["partial"],
        )
    for row in await database.fetch_all(
        "SELECT c.relname AS table_name, g.tgname AS name FROM pg_trigger g"
        " JOIN pg_class c ON c.oid = g.tgrelid"
        " WHERE NOT g.tgisinternal AND c.relnamespace = current_schema()::regnamespace"
    ):
        schema[row["table_name"]].triggers.add(row["name"])
    return schema


def test_every_migration_has_a_twin_with_the_same_number_and_name() -> None:
    sqlite = [(m.version, m.name) for m in bundled_migrations("sqlite")]
    postgresql = [(m.version, m.name) for m in bundled_migrations("postgresql")]
    assert postgresql == sqlite, (
        "write each migration for both databases (bot/database/__init__.py says how)"
    )


async def test_both_databases_end_with_the_same_schema(
    tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    server = request.getfixturevalue("postgresql_server")
    url = await server.empty()
    try:
        async with (
            await SqliteDatabase.connect(tmp_path / "twin.db") as sqlite,
            await PostgresDatabase.connect(url) as postgresql,
        ):
            ours, theirs = await sqlite_schema(sqlite), await postgresql_schema(postgresql)
    finally:
        await server.drop(url)
    assert sorted(theirs) == sorted(ours)
    assert len(ours) >= 12  # the comparison saw the whole schema
    for name in sorted(ours):
        assert theirs[name] == ours[name], name
