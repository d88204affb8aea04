"""How often one member may use the bot: per-member cooldowns on commands and clicks.

A member who floods the bot (thousands of /history in seconds) is told to slow
down, politely and at once, and the work they asked for is not done, so the
other members are served as quickly as before. The limits are per member and
server, never shared: one member's flood never slows anyone else's commands.

Built on discord.py's own cooldowns (``commands.CooldownMapping`` buckets, and
``app_commands.checks.dynamic_cooldown`` on the commands that read a lot); a
refusal is :class:`discord.app_commands.CommandOnCooldown`, which the error
handler turns into "Slow down a little: try again in N s."

``CROUPIER_FLOOD_LIMIT`` (default 20) is how many slash commands, and how many
clicks, one member may make in :data:`WINDOW_SECONDS`; the commands that read a
lot (histories, statistics, leaderboards, deck openings) allow a fifth of it.
A person playing never comes near it; 0 turns the limits off.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

_T = TypeVar("_T")

#: The window the limits count requests in.
WINDOW_SECONDS: Final = 10.0
#: The share of the limit left to each command that reads a lot.
READS_SHARE: Final = 5


def member_key(interaction: discord.Interaction[Any]) -> tuple[int | None, int]:
    """The bucket of one member on one server (or one user in DMs)."""
    return (interaction.guild_id, interaction.user.id)


def _same_key(key: tuple[int | None, int]) -> tuple[int | None, int]:
    return key


def reads_limit(flood_limit: int) -> int:
    """How many of one read-heavy command a member may use in the window (0: no limit)."""
    return 0 if flood_limit == 0 else max(1, flood_limit // READS_SHARE)


class MemberCooldown:
    """``limit`` requests per member in the window (0: no limit); :meth:`check` raises
    ``CommandOnCooldown`` past it."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._mapping: commands.CooldownMapping[tuple[int | None, int]] = commands.CooldownMapping(
            commands.Cooldown(max(limit, 1), WINDOW_SECONDS), _same_key
        )

    def check(self, interaction: discord.Interaction[Any]) -> None:
        """Spend one of the member's requests, or raise if none is left."""
        self.check_member(*member_key(interaction))

    def check_member(self, guild_id: int | None, user_id: int) -> None:
        """:meth:`check` for a request that is no interaction (a message from the
        web room's page): the same bucket as the member's clicks."""
        if not self.limit:
            return
        bucket = self._mapping.get_bucket((guild_id, user_id))
        retry_after = None if bucket is None else bucket.update_rate_limit()
        if retry_after is not None and bucket is not None:
            raise app_commands.CommandOnCooldown(bucket, retry_after)


def _reads_bucket(interaction: discord.Interaction[Any]) -> app_commands.Cooldown | None:
    limit = reads_limit(getattr(getattr(interaction.client, "settings", None), "flood_limit", 0))
    return app_commands.Cooldown(limit, WINDOW_SECONDS) if limit else None


def reads_cooldown() -> Callable[[_T], _T]:
    """The decorator for a command that reads a lot: a fifth of the flood limit per member."""
    return app_commands.checks.dynamic_cooldown(_reads_bucket, key=member_key)
