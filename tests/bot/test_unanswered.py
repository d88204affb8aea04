"""The safety net for clicks and forms nothing answers: it answers within a
second, and never over a handler that took the interaction."""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from bot.client import CroupierBot, create_client
from bot.database import Database
from bot.settings import Settings
from cogs.unanswered import ANSWER_WITHIN, TAKEN, Unanswered
from tests.bot.fake_interactions import FakeInteraction, FakeUser


class Waits:
    """Stands in for asyncio.sleep: records how long the net waits, and lets the
    test decide when the wait is over."""

    def __init__(self) -> None:
        self.asked: list[float] = []
        self.over = asyncio.Event()

    async def __call__(self, seconds: float) -> None:
        self.asked.append(seconds)
        await self.over.wait()


def click(bot: CroupierBot) -> Any:
    interaction = FakeInteraction(client=bot, user=FakeUser(7), data={"custom_id": "old:menu"})
    interaction.type = discord.InteractionType.component  # type: ignore[attr-defined]
    return interaction


async def settle(cog: Unanswered) -> None:
    await asyncio.gather(*cog._watching)


async def test_a_click_nothing_took_is_answered_within_a_second(database: Database) -> None:
    bot = create_client(Settings(discord_token="x"), database)
    waits = Waits()
    cog = Unanswered(bot, sleep=waits)
    interaction = click(bot)
    await cog.on_interaction(interaction)
    await asyncio.sleep(0)
    assert waits.asked == [ANSWER_WITHIN] and ANSWER_WITHIN <= 1.0
    assert interaction.answers == []
    waits.over.set()
    await settle(cog)
    assert interaction.answer.ephemeral
    assert "too old" in (interaction.answer.content or "")


async def test_a_click_a_handler_took_is_left_to_it(database: Database) -> None:
    bot = create_client(Settings(discord_token="x"), database)
    waits = Waits()
    cog = Unanswered(bot, sleep=waits)
    interaction = click(bot)
    await cog.on_interaction(interaction)
    interaction.extras[TAKEN] = True  # the handler is still answering
    waits.over.set()
    await settle(cog)
    assert interaction.answers == []
