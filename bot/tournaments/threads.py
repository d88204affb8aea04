"""Where a multi-table tournament's tables sit on Discord: a public thread of
the tournament's channel for each table (:data:`~bot.tournaments.floor_runner.
OpenThread`), opened by /tournament start (cogs/multi_table.py) and by a scheduled
tournament's start (bot/tournament_scheduler.py) alike."""

from __future__ import annotations

import discord

from bot.tournaments.floor_runner import OpenThread


def thread_opener(channel: discord.TextChannel) -> OpenThread:
    """Open each table's thread in ``channel`` (Discord's 100-character name limit kept)."""

    async def open_thread(number: int, name: str) -> int:
        thread = await channel.create_thread(
            name=name[:100], type=discord.ChannelType.public_thread
        )
        return thread.id

    return open_thread
