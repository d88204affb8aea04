"""Answering a command within Discord's three seconds, however long its work takes.

A command whose work waits on its table (the table's lock, the database) is
usually done in milliseconds and answers at once. Under load the same work
can wait for seconds, and Discord forgets an interaction not acknowledged
within three: the player would see "the application did not respond" although
the work was done. :func:`answer_in_time` answers directly when the work is
quick, and otherwise acknowledges first ("thinking", only to that player) and
follows up with the answer when the work is done. An error is raised as if
the work had run inline, so the command tree's handler explains it either way.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any, Final

import discord

#: How long to wait for the work before acknowledging: well inside the three
#: seconds, leaving room for a slow gateway and a busy event loop.
PATIENCE_SECONDS: Final = 1.0


async def answer_in_time(
    interaction: discord.Interaction[Any],
    work: Awaitable[str],
    *,
    patience: float = PATIENCE_SECONDS,
    view: discord.ui.View | None = None,
) -> None:
    """Answer ``interaction`` ephemerally with the sentence ``work`` returns (and
    ``view``'s buttons under it, when given)."""
    task = asyncio.ensure_future(work)
    buttons = discord.utils.MISSING if view is None else view
    try:
        text = await asyncio.wait_for(asyncio.shield(task), patience)
    except TimeoutError:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send(await task, ephemeral=True, view=buttons)
        return
    await interaction.response.send_message(text, ephemeral=True, view=buttons)
