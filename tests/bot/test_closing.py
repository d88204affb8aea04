"""Closing a table during a hand cannot take back a bet: the hand is played out
(the clock acting for whoever does not), then every stack goes home; a restart
keeps the table closing. And a table whose database is locked by another
process for longer than its clock tries again until it can, by itself."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.database import Database
from bot.tables.errors import TableClosing, TableIsClosed
from bot.tables.registry import TableRegistry
from bot.tables.requests import ActionRequest, Move
from bot.tables.restore import restore_runner
from bot.tables.runner import TableRunner
from bot.tables.table_store import TableStore
from tests.bot.fake_clock import FakeClock
from tests.bot.ledger_checks import assert_chips_reconcile
from tests.bot.table_fakes import (
    CHANNEL,
    CREATOR,
    GUILD,
    STARTING_CHIPS,
    RecordingOutlet,
    check_or_call,
    config,
    deal_next,
    new_table,
    services,
    to_act,
)

ANN, BEN, CAT = 11, 12, 13
NAMES = {ANN: "Ann", BEN: "Ben", CAT: "Cat"}
CALL = ActionRequest(Move.CHECK_OR_CALL)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def outlet() -> RecordingOutlet:
    return RecordingOutlet()


@pytest.fixture
async def runner(
    database: Database, clock: FakeClock, outlet: RecordingOutlet
) -> AsyncIterator[TableRunner]:
    table = await new_table(database, clock, outlet)
    for user_id, name in NAMES.items():
        await table.join(user_id, name, buy_in=500)
    yield table
    await table.stop()


async def balances(database: Database) -> dict[int, int]:
    rows = await database.fetch_all("SELECT user_id, chips FROM balances")
    return {row["user_id"]: row["chips"] for row in rows}


async def test_a_bet_is_not_taken_back_by_closing_during_the_hand(
    runner: TableRunner, clock: FakeClock, database: Database, outlet: RecordingOutlet
) -> None:
    await deal_next(runner, clock)
    hand_no = runner.live.hand_no if runner.live else 0
    shover = to_act(runner)
    await runner.act(shover, ActionRequest(Move.ALL_IN))
    closed = await runner.close(by=shover)
    assert closed.after_hand and not closed.movements
    await runner.settled()
    assert "closes when this hand ends" in outlet.table.public_text()
    assert runner.live is not None and not runner.closed, "the hand goes on"
    with pytest.raises(TableClosing):
        await runner.join(99, "Zed", buy_in=500)
    with pytest.raises(TableClosing):
        await runner.close(by=shover)  # asked twice: said so, nothing changes
    while runner.live is not None:
        await check_or_call(runner)
    await runner.settled()

    assert runner.closed
    statuses = await database.fetch_all("SELECT hand_no, status FROM hands")
    assert [(row["hand_no"], row["status"]) for row in statuses] == [(hand_no, "finished")]
    assert await database.fetch_value("SELECT status FROM tables") == "closed"
    assert await database.fetch_value("SELECT COUNT(*) FROM seats") == 0
    money = await balances(database)
    assert sum(money.values()) == 3 * STARTING_CHIPS  # none created or lost
    assert money[shover] != STARTING_CHIPS, "the all-in was played, not voided"
    assert any("the table is closed" in text for text in outlet.posts())
    await assert_chips_reconcile(database)
    clock.advance(60)
    await runner.settled()
    assert await database.fetch_value("SELECT COUNT(*) FROM hands") == 1, "nothing new dealt"


async def test_the_clock_finishes_a_closing_tables_hand(
    runner: TableRunner, clock: FakeClock, database: Database
) -> None:
    await deal_next(runner, clock)
    await runner.close(by=CREATOR)
    for _ in range(10):
        if runner.closed:
            break
        clock.advance(30)
        await runner.settled()
    assert runner.closed
    assert await database.fetch_value("SELECT status FROM hands") == "finished"
    assert sum((await balances(database)).values()) == 3 * STARTING_CHIPS
    await assert_chips_reconcile(database)


async def test_a_table_closing_when_the_bot_restarts_still_closes_after_its_hand(
    runner: TableRunner, clock: FakeClock, database: Database
) -> None:
    await deal_next(runner, clock)
    await runner.close(by=CREATOR)
    await runner.stop()
    (stored,) = await TableStore(database).open_tables()
    after = await restore_runner(stored, services(database, clock), RecordingOutlet())
    await after.start()
    assert after.state.closing and after.live is not None
    with pytest.raises(TableClosing):
        await after.join(99, "Zed", buy_in=500)
    while after.live is not None:
        await check_or_call(after)
    await after.settled()
    assert after.closed
    assert await database.fetch_value("SELECT status FROM tables") == "closed"
    await assert_chips_reconcile(database)


async def test_a_table_closed_after_its_hand_leaves_the_registry(
    database: Database, clock: FakeClock
) -> None:
    tables = TableRegistry(services(database, clock), lambda _: RecordingOutlet())
    runner = await tables.create(GUILD, CHANNEL, CREATOR, config())
    for user_id, name in NAMES.items():
        await runner.join(user_id, name, buy_in=500)
    await deal_next(runner, clock)
    closed = await tables.close(CHANNEL, by=CREATOR)
    assert closed.after_hand and tables.get(CHANNEL) is runner
    while runner.live is not None:
        await check_or_call(runner)
    await runner.settled()
    assert tables.get(CHANNEL) is None and not tables.runners
    with pytest.raises(TableIsClosed):
        await runner.join(ANN, "Ann", buy_in=500)


async def test_a_table_resumes_by_itself_once_another_process_lets_the_database_go(
    runner: TableRunner, clock: FakeClock, database: Database, tmp_path: Path
) -> None:
    await deal_next(runner, clock)
    live = runner.live
    assert live is not None
    await database.fetch_value("PRAGMA busy_timeout = 20")  # fail fast, not in 5 s
    other = sqlite3.connect(tmp_path / "croupier.db", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # the other process holds the write lock
    try:
        for _ in range(4):  # longer than the clock: every tick fails, and is tried again
            clock.advance(31)
            await runner.settled()
            assert runner.live is live and live.seq == 0
            assert runner.retry_at is not None and runner.retry_at > clock.now()
    finally:
        other.execute("ROLLBACK")
        other.close()
    clock.advance(30)
    await runner.settled()
    assert runner.retry_at is None
    assert live.seq >= 1, "the clock acted once the database was writable again"
    assert await database.fetch_value("SELECT COUNT(*) FROM hand_actions") == live.seq
