"""/season standings called directly with a stand-in interaction: twelve
members who played two sit-and-gos at real table runners fill two pages,
the invoker turns to the second with Next (the button rebuilt from its
custom id, as after a restart), and nobody else can."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import discord
import pytest

from bot.client import CroupierBot, create_client
from bot.database import Database
from bot.seasons import start_season
from bot.settings import Settings
from tests.bot.fake_clock import FakeClock
from tests.bot.fake_interactions import FakeInteraction, FakeUser
from tests.bot.table_fakes import GUILD
from tests.bot.test_seasons import sit_and_go

ANN, STRANGER = 21, 99


@pytest.fixture
async def bot(database: Database) -> AsyncIterator[CroupierBot]:
    client = create_client(Settings(discord_token="x"), database)
    await client.setup_hook()
    try:
        yield client
    finally:
        await client.close()


def asked_by(bot: CroupierBot, user_id: int, **kwargs: Any) -> Any:
    return FakeInteraction(client=bot, user=FakeUser(user_id, name=f"user{user_id}"), **kwargs)


async def test_standings_page_for_their_invoker_only(bot: CroupierBot, database: Database) -> None:
    await start_season(
        database,
        guild_id=GUILD,
        channel_id=900,
        started_by=ANN,
        name="Winter",
        period="monthly",
        formula="sqrt",
        today=datetime.now(UTC).date(),
    )
    clock = FakeClock()
    for channel, first in ((601, 21), (602, 31)):
        players = {user: f"P{user}" for user in range(first, first + 6)}
        await sit_and_go(database, clock, players, channel)
    cog: Any = bot.get_cog("Seasons")
    interaction = asked_by(bot, ANN)
    await cog.standings.callback(cog, interaction)
    answer = interaction.answer
    assert not answer.ephemeral and answer.embed is not None
    lines = (answer.embed.description or "").splitlines()[2:]
    assert len(lines) == 10 and lines[0].startswith("1. <@")
    assert "**24.49** points (tournaments: 1, won: 1)" in lines[0]  # 10 × √6 for a win of six
    assert answer.embed.footer.text == "Page 1 of 2"
    button_class = bot.extensions["cogs.seasons"].StandingsPageButton
    previous, following = answer.view.children
    assert previous.item.disabled and not following.item.disabled

    click = asked_by(bot, ANN)
    match = re.fullmatch(button_class.__discord_ui_compiled_template__, following.custom_id)
    assert match is not None
    button = await button_class.from_custom_id(click, following.item, match)
    assert await button.interaction_check(click)
    await button.callback(click)
    assert click.answer.kind == "edit" and click.answer.embed is not None
    page_two = (click.answer.embed.description or "").splitlines()[2:]
    assert [line.split(".")[0] for line in page_two] == ["11", "12"]
    assert click.answer.embed.footer.text == "Page 2 of 2"

    stranger = asked_by(bot, STRANGER, locale=discord.Locale.german)
    assert not await button.interaction_check(stranger)
    assert stranger.answer.ephemeral
