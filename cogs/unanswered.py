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

One task watches every interaction, in the order they came (each is due a
second after it came): a task of its own for each click, sleeping its second,
was a dozen objects per click for the garbage collector to walk, at hundreds
of clicks in flight. When the net lets an answered interaction go and nothing
else holds it, it also breaks discord.py's reference cycle between the
interaction and its response object (:func:`_let_go`): otherwise every click,
with its member, user and data, waited for a collection to be freed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
from collections import deque
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
        #: The interactions watched, with when each is due, oldest first.
        self._due: deque[tuple[float, discord.Interaction[CroupierBot]]] = deque()
        #: The watcher and the answers it sends.
        self._watching: set[asyncio.Task[None]] = set()
        self._watcher: asyncio.Task[None] | None = None

    async def cog_unload(self) -> None:
        for task in list(self._watching):
            task.cancel()
        self._due.clear()

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[CroupierBot]) -> None:
        if interaction.type not in WATCHED:
            return
        loop = asyncio.get_running_loop()
        self._due.append((loop.time() + self.answer_within, interaction))
        if self._watcher is None:
            self._watcher = self._start(self._watch())

    def _start(self, work: Awaitable[None]) -> asyncio.Task[None]:
        task = asyncio.ensure_future(work)
        self._watching.add(task)
        task.add_done_callback(self._watching.discard)
        return task

    async def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self._due:
                wait = self._due[0][0] - loop.time()
                if wait > 0:
                    await self.sleep(wait)  # then the oldest is due
                    if not self._due:
                        break
                if _answered(self._due[0][1]):
                    # No name here holds it, so that _let_go can tell whether others do.
                    _let_go(self._due.popleft()[1])
                else:
                    self._start(self._answer(self._due.popleft()[1]))
        finally:
            self._watcher = None

    async def _answer(self, interaction: discord.Interaction[CroupierBot]) -> None:
        data: Mapping[str, object] = interaction.data or {}
        custom_id = data.get("custom_id")
        log.info("Nothing answered %s from user %s", custom_id, interaction.user.id)
        # A handler answering at this very moment wins; then this answer is refused.
        with contextlib.suppress(discord.HTTPException, discord.InteractionResponded):
            await interaction.response.send_message(
                t("error.expired_form", locale_of(interaction)), ephemeral=True
            )


#: References to an interaction that nothing else holds, as :func:`_let_go` counts
#: them: its parameter, ``sys.getrefcount``'s argument and its response's parent.
_ONLY_OURS: Final = 3


def _answered(interaction: discord.Interaction[Any]) -> bool:
    """Whether a handler took the interaction or it was answered."""
    return bool(interaction.extras.get(TAKEN)) or interaction.response.is_done()


def _let_go(interaction: discord.Interaction[Any]) -> None:
    """Break the reference cycle between an interaction and its response object
    (discord.py's ``InteractionResponse`` keeps its interaction; the interaction
    keeps it once asked for), unless something still holds the interaction and
    may ask it for its response again: then the collector frees it later."""
    if getattr(interaction, "_cs_response", None) is None:
        return  # never asked for: no cycle
    if sys.getrefcount(interaction) <= _ONLY_OURS:
        del interaction._cs_response  # type: ignore[attr-defined]


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, CroupierBot):
        raise TypeError("the unanswered cog needs a CroupierBot (bot.client.create_client)")
    await bot.add_cog(Unanswered(bot))
