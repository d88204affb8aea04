"""A throwaway bot run as its own process against the fake, as Croupier will be.

It reads `DISCORD_TOKEN`, `DISCORD_API_BASE` and `DISCORD_GATEWAY_URL` from the
environment and applies the two patches itself, the way the product's launcher
does, so kill-and-restart tests of the harness need nothing from the test
process but those settings. Run: ``python -m tests.e2e.subprocess_bot``.
"""

from __future__ import annotations

import os

import discord
import yarl
from discord import app_commands
from discord.gateway import DiscordWebSocket
from discord.http import Route


class PidBot(discord.Client):
    """Answers /whoami with its process id, so a test can tell restarts apart."""

    def __init__(self, guild_id: int) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05)
        self.tree = app_commands.CommandTree(self)
        self.guild = discord.Object(guild_id)

        @self.tree.command(name="whoami", description="Which process answers", guild=self.guild)
        async def whoami(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(f"pid {os.getpid()}")

    async def setup_hook(self) -> None:
        await self.tree.sync(guild=self.guild)


def main() -> None:
    Route.BASE = os.environ["DISCORD_API_BASE"]
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["DISCORD_GATEWAY_URL"])
    PidBot(int(os.environ["DISCORD_GUILD_ID"])).run(os.environ["DISCORD_TOKEN"], log_handler=None)


if __name__ == "__main__":
    main()
