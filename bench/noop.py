"""The load benchmark's floor: ``/noop``, a slash command whose handler does nothing
but acknowledge.

The benchmark loads it into the product bot beside the real cogs (see
:mod:`bench.load_bot`), so the time from an interaction leaving the fake to
its acknowledgement arriving can be compared, in the same run and under the
same load, between a table's buttons and a command that does no work at all.
It is never part of the product.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands


class NoOp(commands.Cog):
    """One command that acknowledges and returns."""

    @app_commands.command(name="noop", description="Benchmark floor: acknowledges, does nothing")
    async def noop(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(NoOp())
