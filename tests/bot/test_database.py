"""The database: migrations once and in order, WAL, foreign keys, transactions."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from bot.database import Database, Migration, SchemaTooNew, bundled_migrations
from bot.database.migrator import split_statements

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
    rows = await db.fetch_all("SELECT name FROM sqlite_master WHERE type = 'table'")
    return {row["name"] for row in rows}


async def test_opening_a_new_file_applies_every_migration_once(tmp_path: Path) -> None:
    async with await Database.open(tmp_path / "a.db") as db:
        assert await _tables(db) >= EXPECTED_TABLES
        rows = await db.fetch_all("SELECT version, name FROM schema_migrations ORDER BY version")
        assert [(r["version"], r["name"]) for r in rows] == [
            (m.version, m.name) for m in bundled_migrations()
        ]


async def test_reopening_applies_nothing_again_and_keeps_the_data(tmp_path: Path) -> None:
    path = tmp_path / "a.db"
    async with await Database.open(path) as db, db.transaction() as tx:
        await tx.execute("INSERT INTO balances (guild_id, user_id, chips) VALUES (1, 2, 30)")
    async with await Database.open(path) as db:
        count = await db.fetch_value("SELECT COUNT(*) FROM schema_migrations")
        assert count == len(bundled_migrations())
        assert await db.fetch_value("SELECT chips FROM balances") == 30


async def test_later_migrations_apply_in_order_on_an_existing_database(tmp_path: Path) -> None:
    path = tmp_path / "a.db"
    first = bundled_migrations()
    await (await Database.open(path, migrations=first)).close()
    later = [
        Migration(9001, "add_b", "ALTER TABLE note ADD COLUMN b TEXT;"),
        Migration(9000, "add_note", "CREATE TABLE note (a TEXT); -- with; a comment"),
    ]
    async with await Database.open(path, migrations=[*first, *later]) as db:
        rows = await db.fetch_all("SELECT version FROM schema_migrations ORDER BY version")
        assert [r["version"] for r in rows][-2:] == [9000, 9001]
        columns = await db.fetch_all("PRAGMA table_info(note)")
        assert [c["name"] for c in columns] == ["a", "b"]


async def test_a_failing_migration_leaves_nothing_behind(tmp_path: Path) -> None:
    path = tmp_path / "a.db"
    broken = Migration(1, "broken", "CREATE TABLE half (a TEXT); INSERT INTO nowhere VALUES (1);")
    with pytest.raises(sqlite3.OperationalError):
        await Database.open(path, migrations=[broken])
    async with await Database.open(path, migrations=[]) as db:
        assert "half" not in await _tables(db)
        assert await db.fetch_value("SELECT COUNT(*) FROM schema_migrations") == 0


async def test_a_database_newer_than_the_code_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "a.db"
    await (await Database.open(path)).close()
    with pytest.raises(SchemaTooNew) as caught:
        await Database.open(path, migrations=[])
    newest = max(m.version for m in bundled_migrations())
    assert f"schema version {newest}," in str(caught.value)


async def test_two_processes_opening_at_once_apply_each_migration_once(tmp_path: Path) -> None:
    path = tmp_path / "a.db"
    first, second = await asyncio.gather(Database.open(path), Database.open(path))
    try:
        count = await first.fetch_value("SELECT COUNT(*) FROM schema_migrations")
        assert count == len(bundled_migrations())
    finally:
        await first.close()
        await second.close()


async def test_write_ahead_logging_foreign_keys_and_busy_timeout_are_on(
    database: Database,
) -> None:
    assert await database.pragma("journal_mode") == "wal"
    assert await database.pragma("foreign_keys") == 1
    assert await database.pragma("busy_timeout") == 5000


async def test_foreign_keys_are_enforced(database: Database) -> None:
    with pytest.raises(sqlite3.IntegrityError):
        async with database.transaction() as tx:
            await tx.execute(
                "INSERT INTO seats (table_id, seat_no, user_id, stack) VALUES (99, 0, 1, 5)"
            )


async def test_a_transaction_rolls_back_when_its_block_raises(database: Database) -> None:
    with pytest.raises(ZeroDivisionError):
        async with database.transaction() as tx:
            await tx.execute("INSERT INTO balances (guild_id, user_id, chips) VALUES (1, 2, 30)")
            _ = 1 / 0
    assert await database.fetch_value("SELECT COUNT(*) FROM balances") == 0
    async with database.transaction() as tx:  # the connection is usable again
        await tx.execute("INSERT INTO balances (guild_id, user_id, chips) VALUES (1, 2, 30)")
    assert await database.fetch_value("SELECT COUNT(*) FROM balances") == 1


async def test_a_negative_balance_is_refused_by_the_schema(database: Database) -> None:
    with pytest.raises(sqlite3.IntegrityError):
        async with database.transaction() as tx:
            await tx.execute("INSERT INTO balances (guild_id, user_id, chips) VALUES (1, 2, -1)")


async def test_transactions_do_not_nest(database: Database) -> None:
    async with database.transaction():
        with pytest.raises(RuntimeError):
            async with database.transaction():
                pass
        with pytest.raises(RuntimeError):
            await database.fetch_one("SELECT 1")


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
    assert not read.done()  # waits for the transaction rather than peeking into it
    release.set()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await read == 0


async def test_one_open_table_per_channel(database: Database) -> None:
    insert = "INSERT INTO tables (guild_id, channel_id, creator_id, config) VALUES (1, 5, 9, '{}')"
    async with database.transaction() as tx:
        first = await tx.insert(insert)
    with pytest.raises(sqlite3.IntegrityError):
        async with database.transaction() as tx:
            await tx.insert(insert)
    async with database.transaction() as tx:
        await tx.execute(
            "UPDATE tables SET status = 'closed', closed_at = 'now' WHERE id = ?", (first,)
        )
        await tx.insert(insert)


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
    with pytest.raises(sqlite3.IntegrityError, match="guild"):
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
    async with await Database.open(tmp_path / "lax.db") as database:
        assert await database.pragma("synchronous") == 2  # FULL
        assert await database.pragma("journal_mode") == "wal"
