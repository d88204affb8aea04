"""Answering a person whose slash command or button failed.

Every failure gets a polite ephemeral sentence from the catalogue, in the
person's language. An error the bot expects (a :class:`~bot.errors.CroupierError`
or one of discord.py's check failures) is the person's to fix and is logged
briefly; anything else is ours, and its traceback is logged in full.

An interaction the bot was too slow to answer (Discord's three seconds had
passed: 10062, "Unknown interaction") cannot be answered at all: it is
logged as a warning and left. Actions defer before they act, so a player
whose click failed this way was not acted for.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping, Sequence
from typing import Any

import discord
from discord import app_commands

from bot.errors import CroupierError
from bot.i18n import CATALOGUES, t
from bot.i18n.discord_bridge import locale_of

log = logging.getLogger(__name__)

#: Discord's code for an interaction that can no longer be answered (its three seconds passed).
UNKNOWN_INTERACTION = 10062


def permission_words(names: Sequence[str], locale: str) -> str:
    """Permissions as Discord's settings name them in ``locale`` ("Attach Files"),
    from discord.py's names ("attach_files"); one the catalogue lacks as written."""
    words = []
    for name in names:
        key = f"permission.{name}"
        words.append(t(key, locale) if key in CATALOGUES["en"].messages else name)
    return ", ".join(words)


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
            permissions=permission_words(error.missing_permissions, locale),
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


def is_too_late(error: BaseException) -> bool:
    """Whether ``error`` says the interaction can no longer be answered."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION


async def reply_with_error(
    interaction: discord.Interaction[Any], error: BaseException, *, answered: bool | None = None
) -> None:
    """Tell the person what went wrong, ephemerally, whether or not they were answered yet.

    ``answered``: whether the interaction was answered already, when the caller
    answered it without discord.py (which then does not know); ``None``: ask discord.py.
    """
    # The command's name or the component's custom id, never the interaction's data:
    # a discard menu's values are the player's own cards, which no log may hold.
    data: Mapping[str, object] = interaction.data or {}
    where = interaction.command.qualified_name if interaction.command else data.get("custom_id")
    if is_too_late(error):
        log.warning("Too late to answer %s for user %s", where, interaction.user.id)
        return
    if is_expected(error):
        original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        reason = getattr(original, "message_key", None) or type(original).__name__
        log.debug("Refused %s for user %s: %s", where, interaction.user.id, reason)
    else:
        log.error("Error handling %s for user %s", where, interaction.user.id, exc_info=error)
    sentence = sentence_for(error, locale_of(interaction))
    try:
        if answered if answered is not None else interaction.response.is_done():
            await interaction.followup.send(sentence, ephemeral=True)
        else:
            await interaction.response.send_message(sentence, ephemeral=True)
    except discord.HTTPException:
        log.warning("Could not tell user %s about an error", interaction.user.id, exc_info=True)
