"""The database: migrations once and in order, foreign keys and checks,
transactions and snapshots, on SQLite and PostgreSQL; WAL and ``synchronous``
on SQLite."""

from __future__ import annotations

import asyncio
import re
import socket
import sqlite3
import traceback
from pathlib import Path
from typing import Any

import aiosqlite
import asyncpg
import pytest

from bot.database import (
    Database,
    IntegrityError,
    Migration,
    SchemaTooNew,
    UniqueViolation,
    bundled_migrations,
)
from bot.database.location import DatabaseUnusable
from bot.database.migrator import split_statements
from bot.database.sqlite import SqliteDatabase

both = pytest.mark.both_databases

EXPECTED_TABLES = {
    "balances",
    "ledger",
    "tables",
    "seats",
    "hands",
    "hand_actions",
    "hand_players",
    "player_settings",
    "schema_migrations",
}


async def _tables(db: Database) -> set[str]:
    if db.backend == "sqlite":
        rows = await db.fetch_all("SELECT name FROM sqlite_master WHERE type = 'table'")
    else:
        rows = await db.fetch_all(
            "SELECT table_name AS name FROM information_schema.tables"
            " WHERE table_schema = current_schema()"
        )
    return {row["name"] for row in rows}


async def _columns(db: Database, table: str) -> list[str]:
    if db.backend == "sqlite":
        return [row["name"] for row in await db.fetch_all(f"PRAGMA table_info({table})")]
    rows = await db.fetch_all(
        "SELECT column_name FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position",
        (table,),
    )
    return [row["column_name"] for row in rows]


@both
async def test_opening_a_new_database_applies_every_migration_once(
    new_database: str, backend: Any
) -> None:
    async with await Database.open(new_database) as db:
        assert await _tables(db) >= EXPECTED_TABLES
        rows = await db.fetch_all("SELECT version, name FROM schema_migrations ORDER BY version")
        assert [(r["version"], r["name"]) for r in rows] == [
            (m.version, m.name) for m in bundled_migrations(backend)
        ]


@both
async def test_reopening_applies_nothing_again_and_keeps_the_data(
    new_database: str, backend: Any
) -> None:
    async with await Database.open(new_database) as db, db.transaction() as tx:
        await tx.execute("INSERT INTO balances (guild_id, user_id, chips) VALUES (1, 2, 30)")
    async with await Database.open(new_database) as db:
        count = await db.fetch_value("SELECT COUNT(*) FROM schema_migrations")
        assert count == len(bundled_migrations(backend))
        assert await db.fetch_value("SELECT chips FROM balances") == 30


@both
async def test_later_migrations_apply_in_order_on_an_existing_database(
    new_database: str, backend: Any
) -> None:
    first = bundled_migrations(backend)
    await (await Database.open(new_database, migrations=first)).close()
    later = [
        Migration(9001, "add_b", "ALTER TABLE note ADD COLUMN b TEXT;"),
        Migration(9000, "add_note", "CREATE TABLE note (a TEXT); -- with; a comment"),
    ]
    async with await Database.open(new_database, migrations=[*first, *later]) as db:
        rows = await db.fetch_all("SELECT version FROM schema_migrations ORDER BY version")
        assert [r["version"] for r in rows][-2:] == [9000, 9001]
        assert await _columns(db, "note") == ["a", "b"]


@both
async def test_a_failing_migration_leaves_nothing_behind(new_database: str) -> None:
    broken = Migration(1, "broken", "CREATE TABLE half (a TEXT); INSERT INTO nowhere VALUES (1);")
    with pytest.raises((sqlite3.OperationalError, asyncpg.UndefinedTableError)):
        await Database.open(new_database, migrations=[broken])
    async with await Database.open(new_database, migrations=[]) as db:
        assert "half" not in await _tables(db)
        assert await db.fetch_value("SELECT COUNT(*) FROM schema_migrations") == 0


@both
async def test_a_database_newer_than_the_code_is_refused(new_database: str, backend: Any) -> None:
    await (await Database.open(new_database)).close()
    with pytest.raises(SchemaTooNew) as caught:
        await Database.open(new_database, migrations=[])
    newest = max(m.version for m in bundled_migrations(backend))
    assert f"schema version {newest}," in str(caught.value)


@both
async def test_two_processes_opening_at_once_apply_each_migration_once(
    new_database: str, backend: Any
) -> None:
    first, second = await asyncio.gather(Database.open(new_database), Database.open(new_database))
    try:
        count = await first.fetch_value("SELECT COUNT(*) FROM schema_migrations")
        assert count == len(bundled_migrations(backend))
    finally:
        await first.close()
        await second.close()


async def test_write_ahead_logging_foreign_keys_and_busy_timeout_are_on(
    database: Database,
) -> None:
    assert isinstance(database, SqliteDatabase)
    assert await database.pragma("journal_mode") == "wal"
    assert await database.pragma("foreign_keys") == 1
    assert await database.pragma("busy_timeout") == 5000


@both
async def test_foreign_keys_are_enforced(database: Database) -> None:
    with pytest.raises(IntegrityError):
        async with database.transaction() as tx:
            await tx.execute(
                "INSERT INTO seats (table_id, seat_no, user_id, stack) VALUES (99, 0, 1, 5)"
            )


@both
async def test_a_transaction_rolls_back_when_its_block_raises(database: Database) -> None:
    with pytest.raises(ZeroDivisionError):
        async with database.transaction() as tx:
            await tx.execute("INSERT INTO balances (guild_id, user_id, chips) VALUES (1, 2, 30)")
            _ = 1 / 0
    assert await database.fetch_value("SELECT COUNT(*) FROM balances") == 0
    async with database.transaction() as tx:  # the connection is usable again
        await tx.execute("INSERT INTO balances (guild_id, user_id, chips) VALUES (1, 2, 30)")
    assert await database.fetch_value("SELECT COUNT(*) FROM balances") == 1


@both
async def test_a_negative_balance_is_refused_by_the_schema(database: Database) -> None:
    with pytest.raises(IntegrityError):
        async with database.transaction() as tx:
            await tx.execute("INSERT INTO balances (guild_id, user_id, chips) VALUES (1, 2, -1)")


@both
async def test_transactions_do_not_nest(database: Database) -> None:
    async with database.transaction():
        with pytest.raises(RuntimeError):
            async with database.transaction():
                pass
        with pytest.raises(RuntimeError):
            await database.fetch_one("SELECT 1")


@both
async def test_reads_do_not_see_another_tasks_uncommitted_writes(database: Database) -> None:
    written = asyncio.Event()
    release = asyncio.Event()

    async def writer() -> None:
        async with database.transaction() as tx:
            await tx.execute("INSERT INTO balances (guild_id, user_id, chips) VALUES (1, 2, 30)")
            written.set()
            await release.wait()
            raise asyncio.CancelledError

    task = asyncio.create_task(writer())
    await written.wait()
    read = asyncio.create_task(database.fetch_value("SELECT COUNT(*) FROM balances"))
    await asyncio.sleep(0.05)
    # Reads go through a connection of their own, which sees only what was
    # committed: they do not wait for the write to end.
    assert read.done() and read.result() == 0
    release.set()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await read == 0


@both
async def test_one_open_table_per_channel(database: Database) -> None:
    insert = "INSERT INTO tables (guild_id, channel_id, creator_id, config) VALUES (1, 5, 9, '{}')"
    async with database.transaction() as tx:
        first = await tx.insert(insert)
    with pytest.raises(UniqueViolation):
        async with database.transaction() as tx:
            await tx.insert(insert)
    async with database.transaction() as tx:
        await tx.execute(
            "UPDATE tables SET status = 'closed', closed_at = 'now' WHERE id = ?", (first,)
        )
        await tx.insert(insert)


@both
async def test_hand_players_must_name_the_guild_of_the_hands_table(database: Database) -> None:
    async with database.transaction() as tx:
        table = await tx.insert(
            "INSERT INTO tables (guild_id, channel_id, creator_id, config) VALUES (1, 5, 9, '{}')"
        )
        hand = await tx.insert(
            "INSERT INTO hands (table_id, hand_no, variant, initial) VALUES (?, 1, 'NT', '{}')",
            (table,),
        )
    row = "INSERT INTO hand_players (hand_id, guild_id, user_id, seat_no, starting_stack, finishing_stack, net) VALUES (?, ?, 7, 0, 100, 120, 20)"  # noqa: E501
    with pytest.raises(IntegrityError, match="guild"):
        async with database.transaction() as tx:
            await tx.execute(row, (hand, 2))
    async with database.transaction() as tx:
        await tx.execute(row, (hand, 1))


def test_statements_split_where_sqlite_says_they_end() -> None:
    script = """
    -- a comment; with a semicolon
    CREATE TABLE a (x TEXT DEFAULT ';');
    CREATE TRIGGER t AFTER INSERT ON a BEGIN
        SELECT 1; SELECT 2;
    END;
    -- trailing comment
    """
    statements = split_statements(script)
    assert len(statements) == 2
    assert statements[1].startswith("CREATE TRIGGER") and statements[1].endswith("END;")


async def test_synchronous_is_full_whatever_the_sqlite_build_defaults_to(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/GUARANTEES.md promises synchronous=FULL; a build whose default in WAL
    mode is NORMAL or OFF (SQLITE_DEFAULT_WAL_SYNCHRONOUS) must not weaken it."""
    connect = aiosqlite.connect

    def lax_build(*args: Any, **kwargs: Any) -> Any:
        class Lax:
            def __await__(self) -> Any:
                return self.open().__await__()

            async def open(self) -> aiosqlite.Connection:
                connection = await connect(*args, **kwargs)
                await connection.execute("PRAGMA synchronous = OFF")
                return connection

        return Lax()

    monkeypatch.setattr(aiosqlite, "connect", lax_build)
    async with await SqliteDatabase.connect(tmp_path / "lax.db") as database:
        assert await database.pragma("synchronous") == 2  # FULL
        assert await database.pragma("journal_mode") == "wal"


@both
async def test_a_snapshot_sees_one_moment_while_others_write(database: Database) -> None:
    async with database.transaction() as tx:
        await tx.execute("INSERT INTO balances (guild_id, user_id, chips) VALUES (1, 1, 10)")
    async with database.snapshot() as snapshot:
        assert await snapshot.fetch_value("SELECT SUM(chips) FROM balances") == 10
        async with database.transaction() as tx:  # the bot goes on writing
            await tx.execute("INSERT INTO balances (guild_id, user_id, chips) VALUES (1, 2, 5)")
            await tx.execute("UPDATE balances SET chips = 0 WHERE user_id = 1")
        assert await snapshot.fetch_value("SELECT SUM(chips) FROM balances") == 10
        assert await snapshot.fetch_value("SELECT COUNT(*) FROM balances") == 1
    assert await database.fetch_value("SELECT SUM(chips) FROM balances") == 5


@both
async def test_sums_and_counts_read_as_whole_numbers(database: Database) -> None:
    """PostgreSQL's SUM of BIGINT is numeric: it must come back an int as on SQLite."""
    async with database.transaction() as tx:
        await tx.executemany(
            "INSERT INTO balances (guild_id, user_id, chips) VALUES (?, ?, ?)",
            [(1, user, 2**40) for user in range(3)],
        )
    total = await database.fetch_value("SELECT SUM(chips) FROM balances")
    assert total == 3 * 2**40 and type(total) is int
    row = await database.fetch_one(
        "SELECT COUNT(*) AS n, COUNT(*) FILTER (WHERE user_id > :low) AS above"
        " FROM balances WHERE guild_id = :guild",
        {"guild": 1, "low": 0},
    )
    assert row is not None and (row["n"], row["above"]) == (3, 2)


@both
async def test_the_time_is_written_as_the_defaults_write_it(database: Database) -> None:
    async with database.transaction() as tx:
        await tx.execute("INSERT INTO player_settings (user_id) VALUES (1)")
        await tx.execute(f"UPDATE player_settings SET updated_at = {tx.sql_now} WHERE user_id = 2")
        written = await tx.fetch_value(f"SELECT {tx.sql_now}")
    default = await database.fetch_value("SELECT updated_at FROM player_settings")
    pattern = r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"
    assert re.fullmatch(pattern, default), default
    assert re.fullmatch(pattern, written), written


async def test_postgresql_transactions_are_read_committed_and_snapshots_repeatable(
    request: pytest.FixtureRequest,
) -> None:
    """The isolation levels docs/GUARANTEES.md names, whatever the server's default."""
    server = request.getfixturevalue("postgresql_server")
    url = await server.migrated()
    await server.server.admin(
        f"ALTER DATABASE {url.rsplit('/', 1)[1]} SET default_transaction_isolation = 'serializable'"
    )
    async with await Database.open(url) as database:
        async with database.transaction() as tx:
            assert await tx.fetch_value("SHOW transaction_isolation") == "read committed"
        async with database.snapshot() as snapshot:
            assert await snapshot.fetch_value("SHOW transaction_isolation") == "repeatable read"
            assert await snapshot.fetch_value("SHOW transaction_read_only") == "on"
    await server.drop(url)


async def test_an_unreachable_postgresql_server_is_one_sentence_without_the_password() -> None:
    with socket.socket() as probe:  # a port where nothing listens
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(DatabaseUnusable) as refused:
        await Database.open(f"postgresql://croupier:s3cret@127.0.0.1:{port}/croupier")
    sentence = str(refused.value)
    assert sentence.startswith(
        f"CROUPIER_DATABASE is postgresql://croupier@127.0.0.1:{port}/croupier, but that"
        " PostgreSQL database cannot be used ("
    ), sentence
    assert "s3cret" not in sentence


@both
async def test_a_refused_row_does_not_carry_its_values_into_a_log(database: Database) -> None:
    """PostgreSQL's error for a refused row lists the row, and a hand's row holds
    its deck and secret: what the bot raises and logs must not."""
    async with database.transaction() as tx:
        table = await tx.insert(
            "INSERT INTO tables (guild_id, channel_id, creator_id, config) VALUES (1, 5, 9, '{}')"
        )
    with pytest.raises(IntegrityError) as refused:
        async with database.transaction() as tx:
            await tx.execute(
                "INSERT INTO hands (table_id, hand_no, variant, initial, secret)"
                " VALUES (?, 0, 'NT', ?, ?)",
                (table, '{"deck": "As Kd 7c"}', "the-dealers-secret"),
            )
    told = "".join(traceback.format_exception(refused.value))
    assert "hand_no" in told  # what was wrong is said
    assert "As Kd 7c" not in told and "the-dealers-secret" not in told
