"""Two processes on one database (the lease keeps a second bot from starting;
this is the second line of defence): a write that assumes a state checks that
the database still holds it. Two registries on two connections to one file
stand for two processes that both restored the same table. On SQLite and on
PostgreSQL."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.cashier import SeatChanged
from bot.database import Database
from tests.audited import assert_audit_clean
from tests.bot.fake_clock import FakeClock
from tests.bot.table_fakes import config, registry

GUILD, CHANNEL, ANN = 100, 200, 11

pytestmark = pytest.mark.both_databases


@pytest.fixture
async def second(database_target: str, database: Database) -> AsyncIterator[Database]:
    other = await Database.open(database_target)
    try:
        yield other
    finally:
        await other.close()


async def test_one_top_up_is_charged_once_by_two_processes(
    database: Database, second: Database
) -> None:
    clock = FakeClock()
    first_registry, _ = registry(database, clock)
    runner = await first_registry.create(GUILD, CHANNEL, ANN, config())
    await runner.join(ANN, "Ann", buy_in=500)
    second_registry, _ = registry(second, clock)
    (stale,) = await second_registry.restore_all()

    topped = await runner.top_up(ANN, 100)
    assert topped.stack == 600
    with pytest.raises(SeatChanged) as refused:
        await stale.top_up(ANN, 100)
    assert "nothing was moved" in str(refused.value)
    stack = await database.fetch_value("SELECT stack FROM seats WHERE user_id = ?", (ANN,))
    balance = await database.fetch_value("SELECT chips FROM balances WHERE user_id = ?", (ANN,))
    assert (stack, balance) == (600, topped.balance)
    for each in (runner, stale):
        await each.stop()
    await assert_audit_clean(database)
