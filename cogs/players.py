"""Who and where a command is about: the server it came from and the player it
names. Shared by the cogs; not an extension itself.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.errors import CroupierError


class BotsDoNotPlay(CroupierError):
    key = "economy.bots_do_not_play"


def guild_id_of(interaction: discord.Interaction[Any]) -> int:
    """The server an interaction came from; chips and tables only exist in one."""
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    return interaction.guild_id


def player(
    interaction: discord.Interaction[Any], user: discord.User | discord.Member | None
) -> discord.abc.User:
    """The person a command is about: the named user, or whoever asked. Never a bot."""
    target = interaction.user if user is None else user
    if target.bot:
        raise BotsDoNotPlay()
    return target
