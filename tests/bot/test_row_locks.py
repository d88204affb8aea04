"""Two processes moving the same chips at once: the database keeps them apart.

Two :class:`~bot.database.Database` objects on one database stand for two bot
processes sharing it (as shards will share one PostgreSQL). On SQLite every
transaction takes the database's write lock; on PostgreSQL the cashier locks
each row it reads in order to change it (``SELECT ... FOR NO KEY UPDATE``).
Either way, the second movement waits for the first and then sees what it did:
a daily claim is paid once, a starting grant made once, and a balance read by
one process is not changed by another before the first commits.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import AsyncIterator
from datetime import date

import pytest

from bot.cashier import Cashier, DailyAlreadyClaimed
from bot.daily import DailyReward
from bot.database import Database
from tests.audited import assert_audit_clean

GUILD, ANN = 100, 11
TODAY = date(2024, 5, 6)

pytestmark = pytest.mark.both_databases


@pytest.fixture
async def second(database_target: str, database: Database) -> AsyncIterator[Database]:
    """Another process's connection to the same database."""
    other = await Database.open(database_target)
    try:
        yield other
    finally:
        await other.close()


def cashier(database: Database) -> Cashier:
    return Cashier(database, starting_chips=1000, daily=DailyReward(100, 10, 7))


async def test_a_daily_claim_made_by_two_processes_at_once_is_paid_once(
    database: Database, second: Database
) -> None:
    await cashier(database).ensure_balance(GUILD, ANN)  # a player who has played before
    claims = [cashier(database if n % 2 else second) for n in range(6)]
    outcomes = await asyncio.gather(
        *(each.claim_daily(GUILD, ANN, TODAY) for each in claims), return_exceptions=True
    )
    paid = [o for o in outcomes if not isinstance(o, BaseException)]
    assert len(paid) == 1, outcomes
    assert all(isinstance(o, DailyAlreadyClaimed) for o in outcomes if o not in paid)
    assert await database.fetch_value("SELECT COUNT(*) FROM ledger WHERE kind = 'daily'") == 1
    assert await cashier(database).balance(GUILD, ANN) == 1000 + paid[0].amount
    await assert_audit_clean(database)


async def test_a_new_player_seen_by_two_processes_at_once_is_granted_chips_once(
    database: Database, second: Database
) -> None:
    outcomes = await asyncio.gather(
        *(cashier(database if n % 2 else second).ensure_balance(GUILD, ANN) for n in range(6))
    )
    assert outcomes == [1000] * 6
    grants = "SELECT COUNT(*) FROM ledger WHERE kind = 'starting_grant'"
    assert await database.fetch_value(grants) == 1
    await assert_audit_clean(database)


async def test_a_balance_one_process_reads_to_change_waits_for_it(
    database: Database, second: Database
) -> None:
    await cashier(database).ensure_balance(GUILD, ANN)
    async with database.transaction() as tx:
        row = await tx.lock_one(
            "SELECT chips FROM balances WHERE guild_id = ? AND user_id = ?", (GUILD, ANN)
        )
        assert row is not None and row["chips"] == 1000
        other = asyncio.create_task(  # as another process: outside this transaction
            cashier(second).admin_grant(GUILD, ANN, 5, granted_by=1, note="meanwhile"),
            context=contextvars.Context(),
        )
        await asyncio.sleep(0.3)
        assert not other.done(), "the other process waits for this transaction"
        await tx.execute(
            "UPDATE balances SET chips = chips + 10 WHERE guild_id = ? AND user_id = ?",
            (GUILD, ANN),
        )
        await tx.execute(
            "INSERT INTO ledger (guild_id, user_id, delta, balance_after, kind)"
            " VALUES (?, ?, 10, 1010, 'admin_grant')",
            (GUILD, ANN),
        )
    assert await other == 1015, "and then sees what this one wrote"
    await assert_audit_clean(database)
