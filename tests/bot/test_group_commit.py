"""Group commit of the write-ahead log (:mod:`bot.database.group_commit`).

The actions of many tables that arrive while a commit is in flight share the
next transaction; each table's action is answered (and only then applied and
shown) once the transaction holding its row has committed. A row the
database refuses refuses only its own table's action; a write of several
statements is committed whole or not at all, in a group or alone. On SQLite
and on PostgreSQL.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

from bot.database import Database, IntegrityError, Transaction
from bot.tables.errors import Refused
from bot.tables.hand_log import HandLog
from bot.tables.runner import TableRunner
from tests.audited import assert_audit_clean
from tests.blocking_reader import BlockingReader
from tests.bot.fake_clock import FakeClock
from tests.bot.table_fakes import CHANNEL, RecordingOutlet, check_or_call, deal_next, new_table

pytestmark = pytest.mark.both_databases


async def busy_tables(database: Database, count: int) -> list[TableRunner]:
    """``count`` tables of three players, each with a hand dealt and a player to act
    (each its own clock, which stands still: nobody's time runs out)."""
    runners = []
    for k in range(count):
        clock = FakeClock()
        runner = await new_table(
            database, clock, RecordingOutlet(), channel_id=CHANNEL + 1 + k, seed=k
        )
        for seat in range(3):
            await runner.join(1000 * (k + 1) + seat, f"P{k}.{seat}", buy_in=500)
        await deal_next(runner, clock)
        runners.append(runner)
    return runners


def logged(reader: BlockingReader, runner: TableRunner) -> int:
    """How many actions of the table's hand another connection sees committed."""
    assert runner.live is not None
    found = reader.one(
        "SELECT COUNT(*) FROM hand_actions WHERE hand_id = ?", (runner.live.hand_id,)
    )
    assert found is not None
    return int(found[0])


def commits(database: Database) -> tuple[int, int]:
    """Group commits so far: (transactions, writes in them)."""
    group = database.group_commit
    return (0, 0) if group is None else (group.transactions, group.writes)


async def test_actions_arriving_during_a_commit_share_the_next_one(
    database: Database,
    database_target: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    runners = await busy_tables(database, 12)
    reader = BlockingReader(database_target)
    # Whenever an append returns, another connection must already see its row.
    seen_when_answered: list[bool] = []
    real_append = HandLog.append

    async def observed_append(
        log: HandLog, hand_id: int, seq: int, text: str, actor: int | None
    ) -> None:
        await real_append(log, hand_id, seq, text, actor)
        row = reader.one(
            "SELECT COUNT(*) FROM hand_actions WHERE hand_id = ? AND seq = ?", (hand_id, seq)
        )
        seen_when_answered.append(row is not None and row[0] == 1)

    monkeypatch.setattr(HandLog, "append", observed_append)
    # The first table's commit is held open until the other tables have acted.
    written, let_it_commit = asyncio.Event(), asyncio.Event()
    real_transaction = database._transaction

    @asynccontextmanager
    async def held() -> AsyncIterator[Transaction]:
        async with real_transaction() as tx:
            yield tx
            if not let_it_commit.is_set():
                written.set()
                await let_it_commit.wait()

    monkeypatch.setattr(database, "_transaction", held)
    before = commits(database)
    first = asyncio.create_task(check_or_call(runners[0]))
    try:
        await asyncio.wait_for(written.wait(), 10)
        others = [asyncio.create_task(check_or_call(runner)) for runner in runners[1:]]
        for _ in range(5):
            await asyncio.sleep(0)
        assert not first.done() and not any(task.done() for task in others)
        assert [logged(reader, r) for r in runners] == [0] * 12, "nothing committed yet"
        assert all(runner.live is not None and runner.live.seq == 0 for runner in runners)
    finally:
        let_it_commit.set()
    await asyncio.wait_for(asyncio.gather(first, *others), 10)

    after = commits(database)
    assert (after[0] - before[0], after[1] - before[1]) == (2, 12), "one alone, eleven together"
    assert seen_when_answered == [True] * 12
    assert [logged(reader, runner) for runner in runners] == [1] * 12
    assert all(runner.live is not None and runner.live.seq == 1 for runner in runners)
    for runner in runners:
        await runner.stop()
    reader.close()
    await assert_audit_clean(database)


async def test_a_row_the_database_refuses_refuses_only_its_own_action(
    database: Database,
    database_target: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    runners = await busy_tables(database, 6)
    spoiled = runners[2]
    live = spoiled.live
    assert live is not None
    # Someone else logged this table's next action behind its back (two
    # processes serving one table, say): the runner's own row is refused.
    async with database.transaction() as tx:
        await tx.execute(
            "INSERT INTO hand_actions (hand_id, seq, actor, action) VALUES (?, ?, NULL, ?)",
            (live.hand_id, 1, "p1 f"),
        )
    to_act_before = [runner.live.hand.to_act for runner in runners if runner.live is not None]
    before = commits(database)

    with caplog.at_level(logging.WARNING, logger="bot.database.group_commit"):
        results = await asyncio.gather(
            *(check_or_call(runner) for runner in runners), return_exceptions=True
        )

    assert "A group commit of 6 writes failed" in caplog.text, "they were one group"
    refused = [n for n, result in enumerate(results) if isinstance(result, BaseException)]
    assert refused == [2]
    # Refused as a repeat of a row the database holds: its memory is behind, so
    # the click is told the hand moved on and the table stops to be reloaded
    # (tests/bot/test_table_reload.py), instead of trying the same row again.
    assert isinstance(results[2], Refused) and results[2].message_key == "table.stale_button"
    after = commits(database)
    assert (after[0] - before[0], after[1] - before[1]) == (5, 5), "the others, one by one"
    reader = BlockingReader(database_target)
    for n, runner in enumerate(runners):
        assert runner.live is not None
        if n == 2:  # nothing changed: the same player is still to act
            assert runner.live.seq == 0
            assert runner.live.hand.to_act == to_act_before[n]
        else:
            assert runner.live.seq == 1
            assert logged(reader, runner) == 1
    reader.close()
    for runner in runners:
        await runner.stop()


async def test_a_write_of_several_statements_commits_whole_or_not_at_all(
    database: Database,
) -> None:
    insert = "INSERT INTO player_settings (user_id, turn_notice) VALUES (?, ?)"
    good = ((insert, (1, "dm")), (insert, (2, "dm")))
    half_bad = ((insert, (3, "dm")), (insert, (4, "shout")))  # a CHECK refuses "shout"
    also_good = ((insert, (5, "mention")),)
    results = await asyncio.gather(
        database.commit_grouped(*good),
        database.commit_grouped(*half_bad),
        database.commit_grouped(*also_good),
        return_exceptions=True,
    )
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], IntegrityError)
    rows = await database.fetch_all("SELECT user_id FROM player_settings ORDER BY user_id")
    assert [row[0] for row in rows] == [1, 2, 5], "user 3's row went with user 4's"


async def test_a_write_inside_a_transaction_is_refused(database: Database) -> None:
    async with database.transaction():
        with pytest.raises(RuntimeError, match="transaction is open"):
            await database.commit_grouped(("SELECT 1", ()))
