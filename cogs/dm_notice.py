"""Telling a player, once and only them, that their DMs are closed to the bot.

When Discord refuses a player's hole-card DM (code 50007), the bot stops DMing
them for the session (:mod:`bot.tables.dm_refusals`) and says so the next time
they use a table (a button, or an action command), ephemerally: not in the
channel, where everyone would read it.
"""

from __future__ import annotations

import contextlib
from typing import Any, cast

import discord

from bot.client import CroupierBot
from bot.i18n import t
from bot.i18n.discord_bridge import locale_of
from cogs.pending_click import PendingClick


async def tell_if_dms_refused(
    interaction: discord.Interaction[Any], click: PendingClick | None = None
) -> None:
    """Tell the member once, ephemerally, that their cards no longer come by DM.

    ``click``: the click, when the table's edit is to answer it
    (cogs/pending_click.py); telling takes it back if it is not answered yet (the
    table message is then edited on its own), or follows its answer up."""
    bot = cast(CroupierBot, interaction.client)
    if interaction.response.type is discord.InteractionResponseType.modal:
        return  # a form is open: tell them with their next click
    if not bot.tables.services.dm_refusals.take_untold(interaction.user.id):
        return
    text = t("table.dm_refused", locale_of(interaction))
    answered = interaction.response.is_done()
    if click is not None and not click.take_back():
        answered = await click.answered()
    with contextlib.suppress(discord.HTTPException):
        if answered:
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
