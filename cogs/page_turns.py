"""Who may turn a posted page (a leaderboard, a season's standings): the member
who asked for it, within the clicks' flood limit. Shared by the cogs that post
paged boards; not an extension itself."""

from __future__ import annotations

from typing import Any, cast

import discord
from discord import app_commands

from bot.client import CroupierBot
from bot.error_replies import reply_with_error
from bot.i18n import t
from bot.i18n.discord_bridge import locale_of
from cogs.unanswered import take


async def invoker_turns_page(interaction: discord.Interaction[Any], invoker_id: int) -> bool:
    """Whether the click may turn the page; anyone else, or a member clicking too
    fast, is answered privately and nothing turns."""
    take(interaction)
    try:
        cast(CroupierBot, interaction.client).clicks.check(interaction)
    except app_commands.CommandOnCooldown as error:
        await reply_with_error(interaction, error)
        return False
    if interaction.user.id == invoker_id:
        return True
    await interaction.response.send_message(
        t("leaderboard.not_yours", locale_of(interaction)), ephemeral=True
    )
    return False
