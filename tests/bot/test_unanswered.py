"""The safety net for clicks and forms nothing answers: it answers within a
second, and never over a handler that took the interaction."""

from __future__ import annotations

import asyncio
import gc
from typing import Any

import discord

from bot.client import CroupierBot, create_client
from bot.database import Database
from bot.settings import Settings
from cogs.unanswered import ANSWER_WITHIN, TAKEN, Unanswered
from tests.bot.fake_interactions import FakeInteraction, FakeUser
from tests.bot.test_table_buttons_message import click_payload


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
    assert len(waits.asked) == 1 and 0 < waits.asked[0] <= ANSWER_WITHIN <= 1.0
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


def real_click(bot: CroupierBot) -> discord.Interaction[CroupierBot]:
    """A click as discord.py parses it from the gateway."""
    return discord.Interaction(data=click_payload(), state=bot._connection)  # type: ignore[arg-type]


def alive(identity: int) -> bool:
    return any(id(thing) == identity for thing in gc.get_objects())


async def test_a_click_answered_and_let_go_is_freed_without_the_collector(
    database: Database,
) -> None:
    """discord.py's interaction and its response object hold each other: once
    nothing else holds an answered click, the net breaks that cycle, so the
    click (its member, user and data) is freed at once, not by a collection."""
    bot = create_client(Settings(discord_token="x"), database)
    waits = Waits()
    cog = Unanswered(bot, sleep=waits)
    gc.disable()
    try:
        interaction = real_click(bot)
        interaction.extras[TAKEN] = True
        assert not interaction.response.is_done()  # the handler asked: the cycle is made
        await cog.on_interaction(interaction)
        identity = id(interaction)
        del interaction  # the handler is done with it
        waits.over.set()
        await settle(cog)
        assert not alive(identity)
    finally:
        gc.enable()


async def test_a_click_still_held_keeps_its_answer(database: Database) -> None:
    """A handler still working on a click past the net's second still finds it
    answered (the net leaves the cycle to the collector then)."""
    bot = create_client(Settings(discord_token="x"), database)
    waits = Waits()
    cog = Unanswered(bot, sleep=waits)
    interaction = real_click(bot)
    interaction.extras[TAKEN] = True
    interaction.response._response_type = discord.InteractionResponseType.deferred_message_update
    await cog.on_interaction(interaction)
    waits.over.set()
    await settle(cog)
    assert interaction.response.is_done()
