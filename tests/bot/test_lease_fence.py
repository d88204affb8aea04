"""The fence: a process that lost its lease writes nothing more.

Two connections to one database stand for two processes, as in
``tests/bot/test_lease.py``. The first holds the lease and its database's
fence (:mod:`bot.database.fence`); once the second took the lease over, every
transaction of the first is refused inside the transaction, before anything
of it is written, the group commit's batched writes too. A takeover waits for
a transaction of the old holder in flight, and the old holder's own renewal
does not wait for its transactions. A process whose clocks jumped past half
its lease renews before it acts, or stops. On SQLite and on PostgreSQL.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import AsyncIterator

import pytest

from bot.database import Database, LeaseLost
from bot.database.lease import Holder, Lease, LeaseKeeper

pytestmark = pytest.mark.both_databases

FIRST = Holder("host-a", 101, "first")
SECOND = Holder("host-b", 202, "second")


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def other(database_target: str, database: Database) -> AsyncIterator[Database]:
    """A second connection to the same database: another process's view."""
    second = await Database.open(database_target)
    try:
        yield second
    finally:
        await second.close()


async def write(database: Database, scope: str) -> None:
    async with database.transaction() as tx:
        await tx.execute(
            "INSERT INTO published_commands (scope, fingerprint) VALUES (?, 'x')", (scope,)
        )


async def written(database: Database) -> set[str]:
    rows = await database.fetch_all("SELECT scope FROM published_commands")
    return {row[0] for row in rows}


async def test_a_write_after_a_takeover_is_refused_inside_its_transaction(
    database: Database, other: Database
) -> None:
    clock, told = Clock(), []
    lease = await Lease.take(database, holder=FIRST, clock=clock)
    keeper = LeaseKeeper(database, [lease], on_lost=lambda: told.append("stop"))
    await write(database, "before")  # the holder writes

    clock.now += 31  # the first froze past its lease
    await Lease.take(other, holder=SECOND, clock=clock)
    with pytest.raises(LeaseLost):
        await write(database, "after")  # woken: its overdue write
    with pytest.raises(LeaseLost):  # a hand's next action, through the group commit
        await database.commit_grouped(
            ("INSERT INTO published_commands (scope, fingerprint) VALUES ('grouped', 'x')", ())
        )
    assert await written(other) == {"before"}
    assert keeper.lost and told == ["stop"], "told once to stop, refused at once after"
    await write(other, "new holder")  # the new holder's writes go through
    assert await written(other) == {"before", "new holder"}


async def test_a_group_of_writes_is_refused_whole_after_a_takeover(
    database: Database, other: Database
) -> None:
    clock = Clock()
    keeper = LeaseKeeper(database, [await Lease.take(database, holder=FIRST, clock=clock)])
    clock.now += 31
    await Lease.take(other, holder=SECOND, clock=clock)
    outcomes = await asyncio.gather(
        *(
            database.commit_grouped(
                ("INSERT INTO published_commands (scope, fingerprint) VALUES (?, 'x')", (f"t{n}",))
            )
            for n in range(6)
        ),
        return_exceptions=True,
    )
    assert all(isinstance(outcome, LeaseLost) for outcome in outcomes), outcomes
    assert await written(other) == set()
    assert keeper.lost


async def test_a_takeover_waits_for_the_old_holders_transaction_in_flight(
    database: Database, other: Database
) -> None:
    """Every write of the old holder is committed before the takeover, or refused."""
    clock = Clock()
    LeaseKeeper(database, [await Lease.take(database, holder=FIRST, clock=clock)])
    clock.now += 31
    async with database.transaction() as tx:
        await tx.execute(
            "INSERT INTO published_commands (scope, fingerprint) VALUES ('in flight', 'x')"
        )
        # Another process: a task with a context of its own (none of this transaction).
        taking = asyncio.create_task(
            Lease.take(other, holder=SECOND, clock=clock), context=contextvars.Context()
        )
        await asyncio.sleep(0.3)
        assert not taking.done(), "the takeover must wait for the fenced transaction"
    await asyncio.wait_for(taking, 10)
    assert await written(other) == {"in flight"}
    with pytest.raises(LeaseLost):
        await write(database, "after")


async def test_the_holder_renews_while_its_own_transactions_run(
    database: Database, backend: str
) -> None:
    """On PostgreSQL a renewal is not kept waiting by the process's own transactions
    (other connections of its pool); on SQLite it waits its turn on the one writer."""
    if backend != "postgresql":
        pytest.skip("SQLite has one writing connection: a renewal waits its turn there")
    keeper = LeaseKeeper(database, [await Lease.take(database, holder=FIRST)])
    async with database.transaction() as tx:
        await tx.execute("INSERT INTO published_commands (scope, fingerprint) VALUES ('a', 'x')")
        assert await asyncio.wait_for(keeper.renew(), 5)


async def test_a_process_whose_clock_jumped_renews_before_it_acts(database: Database) -> None:
    monotonic, wall = Clock(), Clock()
    lease = await Lease.take(database, holder=FIRST, clock=wall, seconds=30)
    keeper = LeaseKeeper(database, [lease], monotonic=monotonic)
    await keeper.check()  # fresh: nothing to do
    expires = await database.fetch_value("SELECT expires_at FROM leases")
    monotonic.now += 16  # frozen for over half a lease; nobody took it over
    wall.now += 16
    await keeper.check()  # renewed first, then it may act
    assert await database.fetch_value("SELECT expires_at FROM leases") == expires + 16
    assert keeper.fresh()


async def test_a_process_that_wakes_after_a_takeover_stops_before_it_acts(
    database: Database, other: Database
) -> None:
    monotonic, wall, told = Clock(), Clock(), []
    lease = await Lease.take(database, holder=FIRST, clock=wall)
    keeper = LeaseKeeper(database, [lease], monotonic=monotonic, on_lost=lambda: told.append(1))
    monotonic.now += 40  # the monotonic clock alone says it slept (the wall clock was set back)
    await Lease.take(other, holder=SECOND, clock=lambda: wall.now + 31)
    with pytest.raises(LeaseLost):
        await keeper.check()
    assert told == [1] and keeper.lost
    with pytest.raises(LeaseLost):
        await write(database, "after")
