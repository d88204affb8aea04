"""The database lease: one process at a time runs the bot on a database.

Two connections to one database stand for two processes. A second holder is
refused while the first is live, takes over once the lease expired or its
holder on this machine no longer runs, and the first then learns, when it
renews, that it must stop. On SQLite and on PostgreSQL.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.database import Database, Migration, bundled_migrations
from bot.database.lease import (
    BOT_LEASE,
    Holder,
    Lease,
    LeaseHeld,
    UpgradeWhileRunning,
    open_leased,
)

pytestmark = pytest.mark.both_databases


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


FIRST = Holder("host-a", 101, "first")
SECOND = Holder("host-b", 202, "second")


async def test_a_second_process_is_refused_while_the_first_holds_the_lease(
    database: Database, other: Database
) -> None:
    clock = Clock()
    first = await Lease.take(database, holder=FIRST, clock=clock)
    with pytest.raises(LeaseHeld) as refused:
        await Lease.take(other, holder=SECOND, clock=clock)
    assert str(refused.value) == (
        "Another Croupier is running on this database (held by host-a 101 first, for 30 s "
        "more unless it renews): stop it first, or point CROUPIER_DATABASE at another file."
    )
    clock.now += 25
    assert await first.renew()
    clock.now += 25  # 50 s after taking it, but renewed 25 s ago
    with pytest.raises(LeaseHeld):
        await Lease.take(other, holder=SECOND, clock=clock)


async def test_a_stale_lease_is_taken_over_and_its_old_holder_told_to_stop(
    database: Database, other: Database
) -> None:
    clock = Clock()
    first = await Lease.take(database, holder=FIRST, clock=clock)
    clock.now += 31  # the first froze and did not renew
    second = await Lease.take(other, holder=SECOND, clock=clock)
    assert not await first.renew(), "the first must stop acting"
    assert await second.renew()
    await first.release()  # gives back nothing it no longer holds
    holder = await other.fetch_value("SELECT holder FROM leases WHERE name = ?", (BOT_LEASE,))
    assert holder == SECOND.text()


async def test_a_killed_holder_on_this_machine_is_taken_over_at_once(
    database: Database, other: Database
) -> None:
    clock = Clock()
    await Lease.take(database, holder=Holder("here", 101, "killed"), clock=clock)
    with pytest.raises(LeaseHeld):  # the same pid still runs
        await Lease.take(
            other, holder=Holder("here", 202, "new"), clock=clock, alive=lambda _: True
        )
    taken = await Lease.take(
        other, holder=Holder("here", 202, "new"), clock=clock, alive=lambda pid: pid != 101
    )
    assert await taken.renew()


async def test_a_released_lease_is_free_and_leases_are_per_name(
    database: Database, other: Database
) -> None:
    clock = Clock()
    first = await Lease.take(database, holder=FIRST, clock=clock)
    shard = await Lease.take(other, "shard:1", holder=SECOND, clock=clock)
    await first.release()
    again = await Lease.take(other, holder=SECOND, clock=clock)
    assert await again.renew() and await shard.renew()


async def test_of_many_processes_taking_a_free_lease_at_once_one_gets_it(
    database: Database, other: Database
) -> None:
    clock = Clock()
    holders = [Holder(f"host-{n}", n, f"i{n}") for n in range(8)]
    outcomes = await asyncio.gather(
        *(
            Lease.take(database if n % 2 else other, holder=holder, clock=clock)
            for n, holder in enumerate(holders)
        ),
        return_exceptions=True,
    )
    taken = [o for o in outcomes if isinstance(o, Lease)]
    assert len(taken) == 1, outcomes
    assert all(isinstance(o, LeaseHeld) for o in outcomes if not isinstance(o, Lease))
    assert await database.fetch_value("SELECT holder FROM leases") == taken[0].holder.text()


async def test_of_many_processes_taking_over_a_dead_lease_at_once_one_gets_it(
    database: Database, other: Database
) -> None:
    clock = Clock()
    await Lease.take(database, holder=FIRST, clock=clock)
    clock.now += 31  # the first froze
    outcomes = await asyncio.gather(
        *(
            Lease.take(database if n % 2 else other, holder=Holder("b", n, f"i{n}"), clock=clock)
            for n in range(8)
        ),
        return_exceptions=True,
    )
    taken = [o for o in outcomes if isinstance(o, Lease)]
    assert len(taken) == 1, outcomes
    assert await other.fetch_value("SELECT holder FROM leases") == taken[0].holder.text()


async def test_a_second_process_migrates_nothing_while_the_first_serves_the_database(
    database_target: str, database: Database
) -> None:
    """A newer version started beside a running bot must not change the schema
    under it: the lease is checked before any migration."""
    await Lease.take(database, holder=FIRST, alive=lambda pid: True)
    newer = [
        *bundled_migrations(database.backend),
        Migration(9999, "newer_schema", "CREATE TABLE newer (x INTEGER);"),
    ]
    with pytest.raises(LeaseHeld):
        await open_leased(database_target, migrations=newer, holder=SECOND)
    versions = await database.fetch_all("SELECT version FROM schema_migrations")
    assert 9999 not in {row["version"] for row in versions}


async def test_the_launcher_migrates_and_leases_a_free_database(tmp_path: Path) -> None:
    database, leases = await open_leased(tmp_path / "fresh.db", holder=SECOND)
    try:
        assert await database.fetch_value("SELECT holder FROM leases") == SECOND.text()
        assert await database.fetch_value("SELECT COUNT(*) FROM schema_migrations") >= 6
    finally:
        for lease in leases:
            await lease.release()
        await database.close()


# -- one lease per shard (issue 16) ----------------------------------------------


async def test_two_processes_claiming_the_same_shard_the_second_is_refused(
    database_target: str, database: Database
) -> None:
    first, leases = await open_leased(database_target, names=("shard:0", "shard:1"), holder=FIRST)
    try:
        with pytest.raises(LeaseHeld) as refused:
            await open_leased(database_target, names=("shard:1",), holder=SECOND)
        assert str(refused.value) == (
            "Shard 1 is already run by another Croupier on this database (held by host-a 101 "
            "first, for 30 s more unless it renews): stop it first, or give this process other "
            "shards in CROUPIER_SHARD_IDS."
        )
        holders = await database.fetch_all("SELECT name, holder FROM leases ORDER BY name")
        assert [tuple(row) for row in holders] == [
            ("shard:0", FIRST.text()),
            ("shard:1", FIRST.text()),
        ]
    finally:
        for lease in leases:
            await lease.release()
        await first.close()


async def test_processes_with_different_shards_run_side_by_side(
    database_target: str, database: Database
) -> None:
    first, first_leases = await open_leased(database_target, names=("shard:0",), holder=FIRST)
    second, second_leases = await open_leased(database_target, names=("shard:1",), holder=SECOND)
    try:
        assert all([await lease.renew() for lease in first_leases + second_leases])
        holders = await database.fetch_all("SELECT name, holder FROM leases ORDER BY name")
        assert [tuple(row) for row in holders] == [
            ("shard:0", FIRST.text()),
            ("shard:1", SECOND.text()),
        ]
    finally:
        for lease in first_leases + second_leases:
            await lease.release()
        await first.close()
        await second.close()


async def test_a_whole_bot_process_and_shard_processes_exclude_each_other(
    database_target: str, database: Database
) -> None:
    """An operator moving from one process to several who left the old one running
    (or started an unsharded one beside the shards) is told so, in one sentence."""
    whole = await Lease.take(database, holder=FIRST, alive=lambda pid: True)
    with pytest.raises(LeaseHeld) as refused:
        await open_leased(database_target, names=("shard:0",), holder=SECOND)
    assert str(refused.value).startswith("Another Croupier runs every shard on this database")
    await whole.release()
    await Lease.take(database, "shard:1", holder=FIRST, alive=lambda pid: True)
    with pytest.raises(LeaseHeld) as refused:
        await open_leased(database_target, holder=SECOND)
    assert str(refused.value).startswith("Another Croupier runs shard 1 on this database")
    assert await database.fetch_value("SELECT COUNT(*) FROM leases") == 1


async def test_no_process_changes_the_schema_while_another_shard_runs(
    database_target: str, database: Database
) -> None:
    await Lease.take(database, "shard:0", holder=FIRST, alive=lambda pid: True)
    newer = [
        *bundled_migrations(database.backend),
        Migration(9999, "newer_schema", "CREATE TABLE newer (x INTEGER);"),
    ]
    with pytest.raises(UpgradeWhileRunning) as refused:
        await open_leased(database_target, names=("shard:1",), migrations=newer, holder=SECOND)
    assert "stop every process before an upgrade" in str(refused.value)
    versions = await database.fetch_all("SELECT version FROM schema_migrations")
    assert 9999 not in {row["version"] for row in versions}
    assert await database.fetch_value("SELECT COUNT(*) FROM leases") == 1
