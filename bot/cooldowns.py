"""How often one member may use the bot: per-member cooldowns on commands and clicks.

A member who floods the bot (thousands of /history in seconds) is told to slow
down, politely and at once, and the work they asked for is not done, so the
other members are served as quickly as before. The limits are per member and
server, never shared: one member's flood never slows anyone else's commands.

Built on discord.py's own cooldowns (``app_commands.Cooldown`` buckets, and
``app_commands.checks.cooldown`` on the commands that read a lot): a refusal is
:class:`discord.app_commands.CommandOnCooldown`, which the error handler turns
into "Slow down a little: try again in N s." The rates leave a member playing
as fast as a person can (two actions a second, sustained) untouched.
"""

from __future__ import annotations

from typing import Any, Final

import discord
from discord import app_commands
from discord.ext import commands

#: Any slash command: 20 in 10 seconds per member.
COMMANDS_RATE: Final = (20, 10.0)
#: Clicks on buttons and menus, and submitted forms: 20 in 10 seconds per member.
CLICKS_RATE: Final = (20, 10.0)
#: Commands that read a lot (histories, statistics, leaderboards, deck openings):
#: 4 in 10 seconds per member.
READS_RATE: Final = (4, 10.0)


def member_key(interaction: discord.Interaction[Any]) -> tuple[int | None, int]:
    """The bucket of one member on one server (or one user in DMs)."""
    return (interaction.guild_id, interaction.user.id)


class MemberCooldown:
    """A rate per member: :meth:`check` raises ``CommandOnCooldown`` past it."""

    def __init__(self, rate: tuple[int, float]) -> None:
        self._mapping: commands.CooldownMapping[discord.Interaction[Any]] = (
            commands.CooldownMapping(commands.Cooldown(*rate), member_key)
        )

    def check(self, interaction: discord.Interaction[Any]) -> None:
        bucket = self._mapping.get_bucket(interaction)
        retry_after = None if bucket is None else bucket.update_rate_limit()
        if retry_after is not None and bucket is not None:
            raise app_commands.CommandOnCooldown(bucket, retry_after)


def reads_cooldown() -> Any:
    """The decorator for a command that reads a lot: :data:`READS_RATE` per member."""
    rate, per = READS_RATE
    return app_commands.checks.cooldown(rate, per, key=member_key)
