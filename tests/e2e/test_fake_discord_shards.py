"""The fake Discord shards as Discord does (issue 16).

Real discord.py clients IDENTIFY as one shard each: a guild's events and its
members' clicks reach only the session of the guild's shard
(``(guild_id >> 22) % num_shards``), a click in a DM reaches shard 0 only,
``GET /gateway/bot`` recommends the configured count (an ``AutoShardedClient``
runs that many), and an IDENTIFY with an invalid shard, or fewer shards than
required, is closed with Discord's 4010 or 4011.
"""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import discord
import pytest

from tests.e2e.fake_discord import FakeDiscord, StartBot
from tests.e2e.fake_discord.gateway import (
    INVALID_SHARD,
    INVALID_SHARD_CODE,
    SHARDING_REQUIRED,
    SHARDING_REQUIRED_CODE,
)


class ShardClient(discord.Client):
    """One shard's connection; it answers every click with its shard number."""

    def __init__(self, shard_id: int | None = None, shard_count: int | None = None) -> None:
        super().__init__(
            intents=discord.Intents.default(),
            guild_ready_timeout=0.05,
            shard_id=shard_id,
            shard_count=shard_count,
        )
        self.clicks: list[int | None] = []

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.clicks.append(interaction.guild_id)
        await interaction.response.send_message(f"shard {self.shard_id}")


class AllShards(discord.AutoShardedClient):
    """Every shard Discord recommends, in one client, without the 5 s between IDENTIFYs."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        return None


def ping_view() -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Ping", custom_id="ping"))
    return view


async def test_each_guild_and_its_clicks_reach_only_its_shard_and_dms_shard_zero(
    fake_discord: FakeDiscord, start_bot: StartBot[discord.Client]
) -> None:
    fake = fake_discord
    first = fake.add_guild("Zero", shard=(0, 2))
    second = fake.add_guild("One", shard=(1, 2))
    zero = await start_bot(ShardClient(0, 2))
    one = await start_bot(ShardClient(1, 2))
    assert first.id in {g.id for g in zero.guilds} and second.id in {g.id for g in one.guilds}
    for guild in zero.guilds:
        assert (guild.id >> 22) % 2 == 0
    for guild in one.guilds:
        assert (guild.id >> 22) % 2 == 1

    ann = fake.add_member("Ann", guild=first)
    fake.join(ann, second)
    for guild in (first, second):
        channel = zero.get_partial_messageable(fake.default_channel_of(guild).id)
        await channel.send("Click me", view=ping_view())  # REST: any shard may post anywhere
    in_one = await ann.click("Ping", channel=fake.default_channel_of(second))
    in_zero = await ann.click("Ping", channel=fake.default_channel_of(first))
    assert (in_one.content, in_zero.content) == ("shard 1", "shard 0")
    assert (zero.clicks, one.clicks) == ([first.id], [second.id])

    # A DM and a click in it: shard 0 only, whichever shard sent the DM.
    await (await one.create_dm(discord.Object(ann.id))).send("In private", view=ping_view())
    in_dm = await ann.click("Ping", message=ann.dms()[-1])
    assert in_dm.content == "shard 0"
    assert (zero.clicks, one.clicks) == ([first.id, None], [second.id])


async def test_gateway_bot_recommends_the_configured_shards_and_a_sharded_client_runs_them(
    fake_discord: FakeDiscord, start_bot: StartBot[discord.Client]
) -> None:
    fake = fake_discord
    fake.gateway.recommended_shards = 2
    guilds = [fake.add_guild("Zero", shard=(0, 2)), fake.add_guild("One", shard=(1, 2))]
    client = await start_bot(AllShards())
    assert client.shard_count == 2
    assert (fake.shard_sessions(0), fake.shard_sessions(1)) == (1, 1)
    assert {g.id for g in guilds} <= {g.id for g in client.guilds}
    assert {client.get_guild(g.id).shard_id for g in guilds} == {0, 1}  # type: ignore[union-attr]


async def identify(fake: FakeDiscord, shard: Any) -> int | None:
    """IDENTIFY with ``shard`` on a raw websocket; the close code the gateway answered."""
    async with aiohttp.ClientSession() as http, http.ws_connect(fake.gateway_url) as ws:
        hello = json.loads((await ws.receive()).data)
        assert hello["op"] == 10
        data = {"token": fake.token, "intents": 1, "properties": {}, "shard": shard}
        await ws.send_str(json.dumps({"op": 2, "d": data}))
        answer = await ws.receive()
        if answer.type == aiohttp.WSMsgType.TEXT:
            assert json.loads(answer.data)["t"] == "READY"
            return None
        return ws.close_code


@pytest.mark.parametrize("shard", [[2, 2], [-1, 2], [0, 0], [0], "0,1"])
async def test_an_invalid_shard_is_closed_with_4010(fake_discord: FakeDiscord, shard: Any) -> None:
    assert await identify(fake_discord, shard) == INVALID_SHARD_CODE
    [(code, asked, rule)] = fake_discord.gateway.closed
    assert (code, asked, rule) == (INVALID_SHARD_CODE, shard, INVALID_SHARD)
    assert not fake_discord.gateway.sessions


async def test_too_few_shards_are_closed_with_4011(fake_discord: FakeDiscord) -> None:
    fake_discord.gateway.required_shards = 2
    assert await identify(fake_discord, [0, 1]) == SHARDING_REQUIRED_CODE
    assert fake_discord.gateway.closed[-1][2] is SHARDING_REQUIRED
    assert await identify(fake_discord, [1, 2]) is None
