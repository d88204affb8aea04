"""Answering a person whose slash command or button failed.

Every failure gets a polite ephemeral sentence from the catalogue, in the
person's language. An error the bot expects (a :class:`~bot.errors.CroupierError`
or one of discord.py's check failures) is the person's to fix and is logged
briefly; anything else is ours, and its traceback is logged in full.
"""

from __future__ import annotations

import logging
import math
from typing import Any

import discord
from discord import app_commands

from bot.errors import CroupierError
from bot.i18n import t
from bot.i18n.discord_bridge import locale_of

log = logging.getLogger(__name__)


def sentence_for(error: BaseException, locale: str) -> str:
    """The sentence explaining ``error`` to a reader of ``locale``."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, CroupierError):
        return error.sentence(locale)
    if isinstance(error, app_commands.NoPrivateMessage):
        return t("error.guild_only", locale)
    if isinstance(error, app_commands.CommandOnCooldown):
        return t("error.cooldown", locale, seconds=math.ceil(error.retry_after))
    if isinstance(error, app_commands.BotMissingPermissions):
        return t(
            "error.bot_missing_permissions",
            locale,
            permissions=", ".join(error.missing_permissions),
        )
    if isinstance(error, app_commands.TransformerError):
        return t("error.bad_option", locale, value=error.value)
    if isinstance(error, app_commands.CheckFailure):
        return t("error.check_failed", locale)
    return t("error.unexpected", locale)


def is_expected(error: BaseException) -> bool:
    """Whether ``error`` is the person's to fix rather than a defect of ours."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    return isinstance(
        error, CroupierError | app_commands.CheckFailure | app_commands.TransformerError
    )


async def reply_with_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Tell the person what went wrong, ephemerally, whether or not they were answered yet."""
    where = interaction.command.qualified_name if interaction.command else interaction.data
    if is_expected(error):
        log.debug("Refused %s for user %s: %s", where, interaction.user.id, error)
    else:
        log.error("Error handling %s for user %s", where, interaction.user.id, exc_info=error)
    sentence = sentence_for(error, locale_of(interaction))
    try:
        if interaction.response.is_done():
            await interaction.followup.send(sentence, ephemeral=True)
        else:
            await interaction.response.send_message(sentence, ephemeral=True)
    except discord.HTTPException:
        log.warning("Could not tell user %s about an error", interaction.user.id, exc_info=True)
