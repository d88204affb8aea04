"""Which process runs a table, as the web room asks it (bot/web_routing.py): the
holder of the table's shard lease and the web address it published with it.
Two connections to one database stand for two processes; on SQLite and on
PostgreSQL. The settings that say where a room is reached are read here too."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.database import Database
from bot.database.lease import Holder, Lease
from bot.settings import SettingsError, load_settings
from bot.shards import ShardPlan
from bot.web_routing import TableOwner, lease_of, table_owner
from tests.bot.tables import close_table, open_table

#: Server 0 is in shard 0, server 1 << 22 in shard 1 (of two).
SHARD_ZERO, SHARD_ONE = 0, 1 << 22
PLAN = ShardPlan(count=2, ids=(0,))


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def other(database_target: str, database: Database) -> AsyncIterator[Database]:
    second = await Database.open(database_target)
    try:
        yield second
    finally:
        await second.close()


def test_a_table_lives_with_its_shards_lease() -> None:
    assert lease_of(SHARD_ONE, PLAN) == "shard:1"
    assert lease_of(SHARD_ZERO, PLAN) == "shard:0"
    assert lease_of(SHARD_ONE, ShardPlan()) == "bot"  # one process runs every table
    # Every shard of a count in one process: it holds each shard's lease.
    assert lease_of(SHARD_ONE, ShardPlan(count=2)) == "shard:1"
    assert set(ShardPlan(count=2).lease_names) == {"shard:0", "shard:1"}


@pytest.mark.both_databases
async def test_the_owner_is_the_holder_of_the_tables_shard_and_moves_with_it(
    database: Database, other: Database
) -> None:
    clock = Clock()
    here = await open_table(database, SHARD_ONE, channel_id=5)
    await Lease.take(
        database, "shard:0", holder=Holder("a", 1, "a"), clock=clock, web_address="http://a:1"
    )
    await Lease.take(
        other, "shard:1", holder=Holder("b", 2, "b"), clock=clock, web_address="http://b:2"
    )
    assert await table_owner(database, here, PLAN, clock=clock) == TableOwner("http://b:2")
    # Nobody renews shard 1 (its process died): the table is moving.
    clock.now += 31
    assert await table_owner(database, here, PLAN, clock=clock) == TableOwner(None)
    # Another process takes shard 1 over: its address is the table's now.
    await Lease.take(
        other, "shard:1", holder=Holder("c", 3, "c"), clock=clock, web_address="http://c:3"
    )
    assert await table_owner(database, here, PLAN, clock=clock) == TableOwner("http://c:3")
    # A process without a web room publishes none.
    clock.now += 31
    await Lease.take(other, "shard:1", holder=Holder("d", 4, "d"), clock=clock)
    assert await table_owner(database, here, PLAN, clock=clock) == TableOwner(None)
    # A closed table, or one that never was, has no owner.
    await close_table(database, here)
    assert await table_owner(database, here, PLAN, clock=clock) is None
    assert await table_owner(database, here + 1, PLAN, clock=clock) is None


def test_the_rooms_address_is_set_or_derived() -> None:
    base = {"DISCORD_TOKEN": "x", "CROUPIER_WEB_PORT": "8765"}
    derived = load_settings(base, env_file=None)
    assert derived.web_host == "127.0.0.1"
    assert derived.web_room_address == "http://127.0.0.1:8765"
    everywhere = load_settings(base | {"CROUPIER_WEB_HOST": "0.0.0.0"}, env_file=None)
    assert everywhere.web_room_address == "http://127.0.0.1:8765"
    given = load_settings(
        base | {"CROUPIER_WEB_HOST": "0.0.0.0", "CROUPIER_WEB_ADDRESS": "http://10.0.0.5:8765/"},
        env_file=None,
    )
    assert given.web_room_address == "http://10.0.0.5:8765"
    with pytest.raises(SettingsError) as bad_address:
        load_settings(base | {"CROUPIER_WEB_ADDRESS": "10.0.0.5:8765"}, env_file=None)
    assert "CROUPIER_WEB_ADDRESS must be a URL" in str(bad_address.value)
    with pytest.raises(SettingsError) as bad_host:
        load_settings(base | {"CROUPIER_WEB_HOST": "a host"}, env_file=None)
    assert "CROUPIER_WEB_HOST must be a host name" in str(bad_host.value)
