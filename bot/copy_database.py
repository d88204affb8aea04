"""Moving up: copying a SQLite database into an empty PostgreSQL database.

    python -m bot.copy_database croupier.db postgresql://croupier@localhost/croupier

Stop the bot first (the copy takes the ``bot`` lease of both databases, so it
refuses while a bot runs on either, and no bot starts on either meanwhile).
The command

1. opens both databases as the bot would, which brings both schemas to this
   version's newest migration;
2. refuses a PostgreSQL database that already holds anything;
3. copies every table, all of them in one PostgreSQL transaction (all or
   nothing), parents before children as their foreign keys say, with every
   ``CHECK``, key and trigger of the PostgreSQL schema judging each row; the
   ids are kept, and the counters that hand out new ones continue after them;
4. audits both databases, replaying every finished hand, prints both reports,
   and succeeds only when both are clean and agree line for line (the same
   balances, chips at tables, jackpots, prize pools, rake and hands).

The tables to copy are found in the PostgreSQL schema, so a new migration
needs nothing here; ``leases`` (who runs the bot) and ``schema_migrations``
(each database keeps its own) are not copied. Exit status: 0 copied and
audited clean, 1 the audits disagree or are not clean, 2 nothing copied.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any, Final

import asyncpg

from bot.audit import AuditReport, audit
from bot.database.connection import Database
from bot.database.lease import BOT_LEASE, Lease
from bot.database.location import is_postgresql_url, shown
from bot.database.postgresql import PostgresDatabase
from bot.database.sqlite import SqliteDatabase
from bot.errors import CroupierError
from bot.i18n import t
from bot.tables.hand_log import replay_finished_hand
from engine import Progress

#: Tables each database keeps for itself.
NOT_COPIED: Final = frozenset({"leases", "schema_migrations"})
#: Rows read from SQLite and sent to PostgreSQL at a time.
BATCH: Final = 5000


class CopyRefused(CroupierError):
    """Nothing was copied; the sentence says why."""


async def tables_in_order(connection: asyncpg.Connection) -> list[str]:
    """The PostgreSQL schema's tables to copy, each after the tables it refers to."""
    names = {
        row["relname"]
        for row in await connection.fetch(
            "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
            " WHERE n.nspname = current_schema() AND c.relkind = 'r'"
        )
    } - NOT_COPIED
    parents: dict[str, set[str]] = {name: set() for name in names}
    for row in await connection.fetch(
        "SELECT child.relname AS child, parent.relname AS parent FROM pg_constraint k"
        " JOIN pg_class child ON child.oid = k.conrelid"
        " JOIN pg_class parent ON parent.oid = k.confrelid"
        " WHERE k.contype = 'f' AND k.connamespace = current_schema()::regnamespace"
    ):
        if row["child"] in parents and row["parent"] != row["child"]:
            parents[row["child"]].add(row["parent"])
    ordered: list[str] = []
    while parents:
        ready = sorted(name for name, needs in parents.items() if not needs - set(ordered))
        if not ready:
            raise RuntimeError(f"the foreign keys of {sorted(parents)} form a cycle")
        ordered.extend(ready)
        for name in ready:
            del parents[name]
    return ordered


async def _columns(connection: asyncpg.Connection, table: str) -> list[str]:
    rows = await connection.fetch(
        "SELECT column_name FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position",
        table,
    )
    return [row["column_name"] for row in rows]


def _sqlite_columns(source: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in source.execute(f'PRAGMA table_info("{table}")')]


async def _batches(
    source: sqlite3.Connection, table: str, columns: Sequence[str]
) -> AsyncIterator[list[tuple[Any, ...]]]:
    listed = ", ".join(f'"{column}"' for column in columns)
    cursor = source.execute(f'SELECT {listed} FROM "{table}"')
    try:
        while batch := await asyncio.to_thread(cursor.fetchmany, BATCH):
            yield batch
    finally:
        cursor.close()


async def copy_tables(source_path: Path, target_url: str) -> tuple[int, int]:
    """Copy every table's rows; return (rows, tables). Both schemas must be up to date."""
    source = sqlite3.connect(source_path, isolation_level=None, check_same_thread=False)
    target = await asyncpg.connect(target_url)
    try:
        source.execute("BEGIN")  # one moment of the source, whatever happens to the file
        tables = await tables_in_order(target)
        for table in tables:
            if await target.fetchval(f'SELECT EXISTS (SELECT 1 FROM "{table}")'):
                raise CopyRefused("copy.target_not_empty", url=shown(target_url), table=table)
        rows = 0
        total = sum(
            int(source.execute(f'SELECT COUNT(*) FROM "{table}"').fetchone()[0]) for table in tables
        )
        progress = Progress(total, "rows copied", sys.stderr)
        async with target.transaction():
            for table in tables:
                columns = await _columns(target, table)
                found = _sqlite_columns(source, table)
                if sorted(found) != sorted(columns):
                    difference = ", ".join(sorted(set(found) ^ set(columns))) or "none"
                    raise CopyRefused("copy.columns_differ", table=table, difference=difference)
                async for batch in _batches(source, table, columns):
                    await target.copy_records_to_table(table, records=batch, columns=columns)
                    rows += len(batch)
                    progress.advance(len(batch))
            progress.finish()
            for row in await target.fetch(
                "SELECT table_name, column_name FROM information_schema.columns"
                " WHERE table_schema = current_schema() AND is_identity = 'YES'"
            ):
                table, column = row["table_name"], row["column_name"]
                if table in tables:
                    # New ids continue after the copied ones.
                    await target.execute(
                        f"SELECT setval(pg_get_serial_sequence($1, $2),"
                        f' COALESCE(MAX("{column}"), 1), MAX("{column}") IS NOT NULL)'
                        f' FROM "{table}"',
                        table,
                        column,
                    )
        return rows, len(tables)
    finally:
        source.close()
        await target.close()


async def audit_of(database: Database) -> AuditReport:
    async with database.snapshot() as snapshot:
        return await audit(snapshot, replay_finished_hand, progress_to=sys.stderr)


async def copy(source_path: Path, target_url: str) -> int:
    """The command: copy, audit both, print; return the exit status."""
    if not is_postgresql_url(target_url):
        raise CopyRefused("copy.not_postgresql", target=target_url)
    if not source_path.is_file():
        raise CopyRefused("copy.no_source", path=str(source_path))
    async with (
        await SqliteDatabase.connect(source_path) as source,
        await PostgresDatabase.connect(target_url) as target,
    ):
        leases = [await Lease.take(source, BOT_LEASE)]
        try:
            leases.append(await Lease.take(target, BOT_LEASE))
            rows, tables = await copy_tables(source_path, target_url)
            print(
                t(
                    "copy.copied",
                    rows=rows,
                    tables=tables,
                    source=source.description,
                    target=target.description,
                )
            )
            reports = [await audit_of(source), await audit_of(target)]
        finally:
            for lease in leases:
                await lease.release()
        for database, report in zip((source, target), reports, strict=True):
            print(t("copy.audit_of", database=database.description))
            print(report.render())
        if all(report.clean for report in reports) and reports[0].lines == reports[1].lines:
            print(t("copy.audits_agree", target=shown(target_url)))
            return 0
        print(t("copy.audits_differ"), file=sys.stderr)
        return 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.copy_database",
        description="Copy a SQLite database into an empty PostgreSQL database, then audit both.",
    )
    parser.add_argument("source", type=Path, help="the SQLite file (croupier.db)")
    parser.add_argument("target", help="the PostgreSQL URL (postgresql://user@host/database)")
    arguments = parser.parse_args(argv)
    try:
        return asyncio.run(copy(arguments.source, arguments.target))
    except CroupierError as error:
        print(error, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
