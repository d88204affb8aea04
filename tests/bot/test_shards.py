"""Shards: which process a server's tables live in (issue 16).

A table lives in the process whose shards hold its server, ``(guild_id >> 22)
% shard_count``: at start-up each process restores its own servers' tables
only, so no process deals, times or closes another's; a server of another
shard cannot open a table here. Nothing a player can click reaches shard 0
from a DM: every command is for servers only.
"""

from __future__ import annotations

import pytest

from bot.client import create_client
from bot.database import Database
from bot.settings import Settings
from bot.shards import ShardPlan, shard_of
from bot.tables.registry import ForeignServer, TableRegistry
from tests.bot.fake_clock import FakeClock
from tests.bot.table_fakes import (
    CHANNEL,
    CREATOR,
    RecordingOutlet,
    config,
    registry,
    services,
)

#: A server on shard 0 and one on shard 1 of 2.
ON_ZERO, ON_ONE = 40 << 22, 41 << 22


def test_the_shard_of_a_server_is_discords_formula() -> None:
    # The example of serenity's shard_id documentation: this guild is on shard 7 of 17.
    assert shard_of(81384788765712384, 17) == 7
    assert (shard_of(ON_ZERO, 2), shard_of(ON_ONE, 2)) == (0, 1)
    assert ShardPlan(2, (0,)).owns(ON_ZERO) and not ShardPlan(2, (0,)).owns(ON_ONE)
    assert ShardPlan(2, (1,)).owns(ON_ONE) and not ShardPlan(2, (1,)).owns(ON_ZERO)
    assert ShardPlan(2, (0, 1)).owns(ON_ONE) and ShardPlan(2).owns(ON_ZERO)
    assert ShardPlan().owns(ON_ONE) and ShardPlan(2, (1,)).runs_shard_zero is False


async def test_each_process_restores_only_the_tables_of_its_own_servers(
    database: Database,
) -> None:
    clock = FakeClock()
    before, _ = registry(database, clock)
    for n, guild in enumerate((ON_ZERO, ON_ONE, ON_ZERO + 1, ON_ONE + 1)):
        table = await before.create(guild, CHANNEL + n, CREATOR, config())
        for user in (11 + 10 * n, 12 + 10 * n):
            await table.join(user, f"p{user}", buy_in=500)
        await table.settled()
        clock.advance(5)
        await table.settled()
        assert table.live is not None, "a hand is in play when the processes stop"
    await before.stop_all()

    processes = {
        shard: TableRegistry(
            services(database, clock),
            lambda _: RecordingOutlet(),
            owns=ShardPlan(2, (shard,)).owns,
        )
        for shard in (0, 1)
    }
    restored = {shard: await tables.restore_all() for shard, tables in processes.items()}
    assert {r.record.guild_id for r in restored[0]} == {ON_ZERO, ON_ZERO + 1}
    assert {r.record.guild_id for r in restored[1]} == {ON_ONE, ON_ONE + 1}
    for shard, tables in processes.items():
        for runner in tables.runners:
            await runner.settled()
            assert runner.live is not None and runner.live.hand_no == 1, "picked up, not voided"
        other = processes[1 - shard]
        for runner in other.runners:
            assert tables.get(runner.record.channel_id) is None
        await tables.stop_all()


async def test_a_server_of_another_shard_opens_no_table_here(database: Database) -> None:
    tables = TableRegistry(
        services(database, FakeClock()), lambda _: RecordingOutlet(), owns=ShardPlan(2, (0,)).owns
    )
    with pytest.raises(ForeignServer):
        await tables.create(ON_ONE, CHANNEL, CREATOR, config())
    assert await database.fetch_value("SELECT COUNT(*) FROM tables") == 0
    await tables.create(ON_ZERO, CHANNEL, CREATOR, config())
    await tables.stop_all()


async def test_nothing_reaches_shard_zero_from_a_dm(database: Database) -> None:
    """DMs reach shard 0 only, whichever process owns the player's table; so no
    command is offered in DMs (every one is for servers), and the DMs the tables
    send carry nothing to click (tests/e2e/test_shards_e2e.py reads them)."""
    bot = create_client(Settings(discord_token="x"), database)
    try:
        await bot.setup_hook()
        commands = bot.tree.get_commands()
        assert commands
        for command in commands:
            payload = command.to_dict(bot.tree)
            assert payload.get("contexts") == [0] or payload.get("dm_permission") is False, (
                command.name,
                payload.get("contexts"),
            )
    finally:
        await bot.close()
