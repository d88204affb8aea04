"""The safety net for clicks and forms that nothing answers.

Buttons under table messages are registered by their custom ids and survive
a restart, but a raise form or a discard menu lives in the memory of the
process that opened it: one submitted after a restart reaches no handler, and
Discord would only tell the player "This interaction failed". So every click
and form submission is watched, and one that no handler has answered shortly
before Discord's three seconds run out gets a sentence instead: it is too
old, nothing was done, use the table message again.

It answers about a second after the click: a handler that exists takes the
interaction at once (:func:`take`, before any wait of its own), so the net
never answers over a handler that is merely slow, and a player whose form
outlived the process is told within a second rather than after 2.4 of
Discord's three.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Final

import discord
from discord.ext import commands

from bot.client import CroupierBot
from bot.i18n import t
from bot.i18n.discord_bridge import locale_of

log = logging.getLogger(__name__)

#: How long the handlers have to take an interaction before the safety net answers it.
ANSWER_WITHIN: Final = 1.0
#: The mark a handler leaves on an interaction it is answering (``interaction.extras``).
TAKEN: Final = "croupier.taken"


def take(interaction: discord.Interaction[Any]) -> None:
    """Tell the safety net that a handler answers this interaction (call it first)."""
    interaction.extras[TAKEN] = True


#: The interactions the net watches: clicks and select menus, and submitted forms.
WATCHED: Final = (discord.InteractionType.component, discord.InteractionType.modal_submit)


class Unanswered(commands.Cog):
    """Answers a click or a form no handler took, so nobody is left with a failure."""

    def __init__(
        self,
        bot: CroupierBot,
        answer_within: float = ANSWER_WITHIN,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.bot = bot
        self.answer_within = answer_within
        self.sleep = sleep
        self._watching: set[asyncio.Task[None]] = set()

    async def cog_unload(self) -> None:
        for task in list(self._watching):
            task.cancel()

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[CroupierBot]) -> None:
        if interaction.type not in WATCHED:
            return
        task = asyncio.create_task(self._answer_if_nobody_did(interaction))
        self._watching.add(task)
        task.add_done_callback(self._watching.discard)

    async def _answer_if_nobody_did(self, interaction: discord.Interaction[CroupierBot]) -> None:
        await self.sleep(self.answer_within)
        if interaction.response.is_done() or interaction.extras.get(TAKEN):
            return
        data: Mapping[str, object] = interaction.data or {}
        custom_id = data.get("custom_id")
        log.info("Nothing answered %s from user %s", custom_id, interaction.user.id)
        # A handler answering at this very moment wins; then this answer is refused.
        with contextlib.suppress(discord.HTTPException, discord.InteractionResponded):
            await interaction.response.send_message(
                t("error.expired_form", locale_of(interaction)), ephemeral=True
            )


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, CroupierBot):
        raise TypeError("the unanswered cog needs a CroupierBot (bot.client.create_client)")
    await bot.add_cog(Unanswered(bot))
