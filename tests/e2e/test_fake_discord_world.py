"""The fake's world as discord.py sees it: guilds, locales, permissions, threads,
application emojis, uploads and rate limits.

A throwaway bot (not Croupier) with one guild command per guild checks each
thing the way a bot would meet it: what arrives in an interaction, what a
REST call answers, what Discord refuses.
"""

from __future__ import annotations

import asyncio
import io
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands

from tests.e2e.fake_discord import (
    ComponentNotFound,
    FakeDiscord,
    OptionRejected,
    StartBot,
    permissions,
)
from tests.e2e.refusal_corpus import png

MIB = 1024 * 1024


class WorldBot(discord.Client):
    """Answers /whereami with what the interaction told it; /table posts a button."""

    def __init__(self, guild_ids: list[int]) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05)
        self.tree = app_commands.CommandTree(self)
        self.guild_ids = guild_ids
        self.seen: list[discord.Interaction[Any]] = []

        @app_commands.command(description="Where am I?")
        async def whereami(interaction: discord.Interaction[Any]) -> None:
            self.seen.append(interaction)
            guild = interaction.guild.name if interaction.guild else "DM"
            await interaction.response.send_message(
                f"{guild} / {interaction.locale} / {interaction.guild_locale}", ephemeral=True
            )

        @app_commands.command(description="Moderators only")
        @app_commands.default_permissions(manage_channels=True)
        async def void(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_message("voided", ephemeral=True)

        @app_commands.command(description="A table message")
        async def table(interaction: discord.Interaction[Any]) -> None:
            view = discord.ui.View()
            view.add_item(discord.ui.Button(label="Call", custom_id="call"))
            await interaction.response.send_message("Ann to act", view=view)

        self.commands = [whereami, void, table]

    async def setup_hook(self) -> None:
        for guild_id in self.guild_ids:
            guild = discord.Object(guild_id)
            for command in self.commands:
                self.tree.add_command(command, guild=guild)
            await self.tree.sync(guild=guild)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.data and interaction.data.get("custom_id") == "call":
            self.seen.append(interaction)
            await interaction.response.send_message("called", ephemeral=True)


@pytest.fixture
async def two_guilds(
    fake_discord: FakeDiscord, start_bot: StartBot[WorldBot]
) -> tuple[WorldBot, discord.Guild, discord.Guild]:
    second = fake_discord.add_guild("Pokerrunde", locale="de")
    bot = await start_bot(WorldBot([fake_discord.guild_id, second.id]))
    first_guild, second_guild = bot.get_guild(fake_discord.guild_id), bot.get_guild(second.id)
    assert first_guild is not None and second_guild is not None
    return bot, first_guild, second_guild


async def test_each_member_speaks_their_own_language_in_each_guild(
    fake_discord: FakeDiscord, two_guilds: tuple[WorldBot, discord.Guild, discord.Guild]
) -> None:
    bot, _first, second = two_guilds
    ann = fake_discord.add_member("Ann")
    jonas = fake_discord.add_member(
        "Jonas", locale="de", guild=fake_discord.state.guilds[second.id]
    )

    english = await ann.slash("whereami")
    german = await jonas.slash("whereami")
    fake_discord.join(ann, fake_discord.state.guilds[second.id])
    visiting = await ann.slash(
        "whereami", channel=fake_discord.default_channel_of(fake_discord.state.guilds[second.id])
    )

    assert english.content == "Croupier Test Guild / en-US / en-US"
    assert german.content == "Pokerrunde / de / de"
    assert visiting.content == "Pokerrunde / en-US / de"
    assert [str(i.locale) for i in bot.seen] == ["en-US", "de", "en-US"]


async def test_a_member_acts_only_in_the_guilds_they_belong_to(
    fake_discord: FakeDiscord, two_guilds: tuple[WorldBot, discord.Guild, discord.Guild]
) -> None:
    bot, _, second = two_guilds
    ann = fake_discord.add_member("Ann")
    elsewhere = fake_discord.default_channel_of(fake_discord.state.guilds[second.id])

    with pytest.raises(OptionRejected, match="not a member"):
        await ann.slash("whereami", channel=elsewhere)
    assert bot.seen == []


async def test_a_guild_added_later_arrives_over_the_gateway(
    fake_discord: FakeDiscord, start_bot: StartBot[WorldBot]
) -> None:
    bot = await start_bot(WorldBot([fake_discord.guild_id]))

    later = fake_discord.add_guild("Late Night Poker")
    for _ in range(250):  # the bot's cache changes outside the fake: look, don't wait on it
        if bot.get_guild(later.id) is not None:
            break
        await asyncio.sleep(0.02)

    guild = bot.get_guild(later.id)
    assert guild is not None and [c.name for c in guild.text_channels] == ["poker"]


async def test_a_member_who_cannot_see_the_channel_sees_no_table_and_clicks_nothing(
    fake_discord: FakeDiscord, two_guilds: tuple[WorldBot, discord.Guild, discord.Guild]
) -> None:
    _bot, _, _ = two_guilds
    ann, ben = fake_discord.add_member("Ann"), fake_discord.add_member("Ben")
    table = await ann.slash("table")
    fake_discord.set_permissions(fake_discord.channel, ben, deny=permissions.VIEW_CHANNEL)

    assert table.message is not None and table.message not in ben.visible_messages()
    with pytest.raises(ComponentNotFound):
        await ben.click("Call", message=table.message)
    with pytest.raises(OptionRejected, match="cannot see"):
        await ben.slash("whereami")
    assert (await ann.click("Call")).content == "called"


async def test_commands_are_offered_only_with_their_default_permissions(
    fake_discord: FakeDiscord, two_guilds: tuple[WorldBot, discord.Guild, discord.Guild]
) -> None:
    _bot, _, _ = two_guilds
    ann, ben = fake_discord.add_member("Ann"), fake_discord.add_member("Ben")
    dealers = fake_discord.add_role("Dealers", permissions.MANAGE_CHANNELS)
    fake_discord.give_role(ann, dealers)
    lounge = fake_discord.add_channel("lounge")
    fake_discord.set_permissions(
        lounge, fake_discord.guild, deny=permissions.USE_APPLICATION_COMMANDS
    )

    assert (await ann.slash("void")).content == "voided"
    with pytest.raises(OptionRejected, match="needs permissions"):
        await ben.slash("void")
    with pytest.raises(OptionRejected, match="may not use application commands"):
        await ann.slash("whereami", channel=lounge)


async def test_an_interaction_carries_the_members_permissions_in_that_channel(
    fake_discord: FakeDiscord, two_guilds: tuple[WorldBot, discord.Guild, discord.Guild]
) -> None:
    bot, _, _ = two_guilds
    ann, ben = fake_discord.add_member("Ann"), fake_discord.add_member("Ben")
    fake_discord.set_permissions(fake_discord.channel, ann, allow=permissions.MANAGE_CHANNELS)

    await ann.slash("whereami")
    await ben.slash("whereami")

    anns, bens = bot.seen
    assert anns.permissions.manage_channels and not bens.permissions.manage_channels
    assert anns.app_permissions.send_messages and not anns.app_permissions.administrator


async def test_the_bot_is_refused_where_it_may_not_write(
    fake_discord: FakeDiscord, two_guilds: tuple[WorldBot, discord.Guild, discord.Guild]
) -> None:
    _bot, first, _ = two_guilds
    fake_discord.set_permissions(
        fake_discord.channel, fake_discord.guild, deny=permissions.SEND_MESSAGES
    )
    channel = first.get_channel(fake_discord.channel.id)
    assert isinstance(channel, discord.TextChannel)

    with pytest.raises(discord.Forbidden) as refused:
        await channel.send("deal")

    assert refused.value.code == 50013
    assert fake_discord.messages(channel) == []
    assert fake_discord.rate_limits.invalid_in_window == 1


async def test_a_thread_is_opened_written_in_and_closed_as_discord_allows(
    fake_discord: FakeDiscord, two_guilds: tuple[WorldBot, discord.Guild, discord.Guild]
) -> None:
    bot, first, _ = two_guilds
    ann = fake_discord.add_member("Ann")
    channel = first.get_channel(fake_discord.channel.id)
    assert isinstance(channel, discord.TextChannel)

    thread = await channel.create_thread(
        name="Poker: Hold'em 5/10", type=discord.ChannelType.public_thread
    )
    posted = await thread.send("Hand 1")
    await fake_discord.wait_for(lambda: bot.get_channel(thread.id) is not None)
    assert [t.id for t in fake_discord.threads(channel)] == [thread.id]
    assert "Hand 1" in ann.seen_text()

    fake_discord.archive_thread(thread.id)
    with pytest.raises(discord.HTTPException) as archived:
        await posted.edit(content="Hand 1 (edited)")
    assert archived.value.code == 50083
    await thread.send("Hand 2")  # sending unarchives it
    assert not fake_discord.state.channels[thread.id].archived

    fake_discord.set_permissions(
        channel, fake_discord.guild, deny=permissions.SEND_MESSAGES_IN_THREADS
    )
    with pytest.raises(discord.Forbidden):
        await thread.send("Hand 3")


async def test_application_emojis_are_made_renamed_listed_and_deleted(
    fake_discord: FakeDiscord, two_guilds: tuple[WorldBot, discord.Guild, discord.Guild]
) -> None:
    bot, first, _ = two_guilds
    card = base64_png(2_000)

    ace = await bot.create_application_emoji(name="ace_spades", image=card)
    king = await bot.create_application_emoji(name="king_hearts", image=card)
    renamed = await ace.edit(name="As")
    await king.delete()
    listed = await bot.fetch_application_emojis()

    assert [e.name for e in listed] == ["As"] and renamed.id == ace.id
    channel = first.get_channel(fake_discord.channel.id)
    assert isinstance(channel, discord.TextChannel)
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="Fold", custom_id="fold", emoji=renamed))
    await channel.send("with a card face", view=view)
    fake_discord.expect_invalid_payloads()
    with pytest.raises(discord.HTTPException) as too_big:
        await bot.create_application_emoji(name="joker", image=base64_png(300 * 1024))
    assert too_big.value.code == 50035 and "image" in too_big.value.text
    with pytest.raises(discord.HTTPException):  # the deleted king is no longer usable
        stale = discord.ui.View()
        stale.add_item(discord.ui.Button(label="Call", custom_id="call", emoji=king))
        await channel.send("stale card", view=stale)


def base64_png(size: int) -> bytes:
    import base64

    return base64.b64decode(png(size).split(",", 1)[1])


async def test_the_bot_uploads_files_up_to_ten_mib(
    fake_discord: FakeDiscord, two_guilds: tuple[WorldBot, discord.Guild, discord.Guild]
) -> None:
    _bot, first, _ = two_guilds
    channel = first.get_channel(fake_discord.channel.id)
    assert isinstance(channel, discord.TextChannel)
    history = bytes(range(256)) * (9 * MIB // 256)

    sent = await channel.send("history", file=discord.File(io.BytesIO(history), "hands.phh"))
    fake_discord.expect_invalid_payloads()
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send("too big", file=discord.File(io.BytesIO(b"\0" * (10 * MIB + 1)), "x"))

    [stored] = fake_discord.state.messages[sent.id].attachments
    assert stored.data == history  # nothing capped at aiohttp's 1 MiB
    assert refused.value.status == 413 and refused.value.code == 40005


async def test_rate_limits_are_on_and_discord_py_keeps_to_them(
    fake_discord: FakeDiscord, two_guilds: tuple[WorldBot, discord.Guild, discord.Guild]
) -> None:
    _bot, first, _ = two_guilds
    channel = first.get_channel(fake_discord.channel.id)
    assert isinstance(channel, discord.TextChannel)

    for street in range(12):
        await channel.send(f"street {street}")

    assert len(fake_discord.messages(channel)) == 12
    assert fake_discord.rate_limits.refused == []  # discord.py waited as the headers said


async def test_a_client_that_ignores_the_headers_gets_429s_that_count_as_invalid(
    fake_discord: FakeDiscord,
) -> None:
    fake_discord.rate_limits.time_scale = 1  # Discord's own pace: 5 messages per 5 seconds
    url = f"{fake_discord.api_base}/channels/{fake_discord.channel.id}/messages"
    headers = {"Authorization": f"Bot {fake_discord.token}"}
    answers = []
    async with aiohttp.ClientSession() as http:
        for n in range(6):
            async with http.post(url, json={"content": f"{n}"}, headers=headers) as response:
                answers.append((response.status, dict(response.headers), await response.json()))

    assert [status for status, _, _ in answers] == [200] * 5 + [429]
    _status, limited, body = answers[-1]
    assert body["retry_after"] > 0 and body["global"] is False
    assert limited["X-RateLimit-Scope"] == "user" and limited["X-RateLimit-Remaining"] == "0"
    assert answers[0][1]["X-RateLimit-Limit"] == "5"
    assert fake_discord.rate_limits.invalid_in_window == 1


async def test_fifty_requests_a_second_is_the_global_limit(fake_discord: FakeDiscord) -> None:
    fake_discord.rate_limits.time_scale = 0.1  # a Discord second lasts ten seconds here
    headers = {"Authorization": f"Bot {fake_discord.token}"}
    async with aiohttp.ClientSession() as http:
        statuses = []
        for _ in range(51):
            async with http.get(f"{fake_discord.api_base}/users/@me", headers=headers) as answer:
                statuses.append(answer.status)
                last = dict(answer.headers)

    assert statuses == [200] * 50 + [429]
    assert last["X-RateLimit-Global"] == "true"


async def test_a_components_v2_layout_from_discord_py_is_accepted_and_edited(
    fake_discord: FakeDiscord, two_guilds: tuple[WorldBot, discord.Guild, discord.Guild]
) -> None:
    _, first, _ = two_guilds
    channel = first.get_channel(fake_discord.channel.id)
    assert isinstance(channel, discord.TextChannel)

    def table(pot: int) -> discord.ui.LayoutView:
        layout = discord.ui.LayoutView(timeout=None)
        layout.add_item(
            discord.ui.Section(
                discord.ui.TextDisplay(f"## Hand 1 · pot {pot}"),
                accessory=discord.ui.Button(label="My cards", custom_id="cards"),
            )
        )
        layout.add_item(discord.ui.Separator(spacing=discord.SeparatorSpacing.large))
        layout.add_item(
            discord.ui.Container(
                discord.ui.TextDisplay("To act: **Ann**"),
                discord.ui.ActionRow(discord.ui.Button(label="Call 20", custom_id="call")),
                accent_colour=discord.Colour.dark_green(),
            )
        )
        return layout

    sent = await channel.send(view=table(30))
    await sent.edit(view=table(70))

    stored = fake_discord.state.messages[sent.id]
    assert stored.flags & (1 << 15) and "pot 70" in stored.text() and "[Call 20]" in stored.text()
