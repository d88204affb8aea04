"""The launcher: ``python -m bot [--sync-global]``.

Reads the settings (a mistake is one sentence on stderr and exit status 2),
sets up logging, opens and migrates the database before the client exists,
points discord.py at a fake Discord when the settings say so, runs the bot
until it is stopped (Ctrl-C or SIGTERM), and closes the database on the way out.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Sequence
from dataclasses import replace

import discord
import discord.gateway
import discord.http
import yarl

from bot.client import create_client
from bot.database import Database
from bot.errors import CroupierError
from bot.i18n import t
from bot.settings import Settings, SettingsError, load_settings

log = logging.getLogger("bot")

EXIT_OK, EXIT_FAILED, EXIT_BAD_SETTINGS = 0, 1, 2


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Run the Croupier bot.")
    parser.add_argument(
        "--sync-global",
        action="store_true",
        help="publish the slash commands to every server at start (as CROUPIER_SYNC_GLOBAL)",
    )
    arguments = parser.parse_args(argv)
    try:
        settings = load_settings()
    except SettingsError as error:
        print(error, file=sys.stderr)
        return EXIT_BAD_SETTINGS
    if arguments.sync_global:
        settings = replace(settings, sync_global=True)

    discord.utils.setup_logging(level=logging.getLevelName(settings.log_level))
    point_discord_py_at(settings)
    try:
        asyncio.run(run(settings))
    except KeyboardInterrupt:
        log.info("Stopped")
    except discord.LoginFailure:
        print(t("launcher.token_refused"), file=sys.stderr)
        return EXIT_FAILED
    except CroupierError as error:
        print(error, file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK


def point_discord_py_at(settings: Settings) -> None:
    """Send discord.py's REST calls and gateway connection where the settings say.

    Only set when testing against a fake Discord; the rest of the bot never
    knows the difference.
    """
    if settings.discord_api_base is not None:
        discord.http.Route.BASE = settings.discord_api_base
        log.warning("Discord REST calls go to %s", settings.discord_api_base)
    if settings.discord_gateway_url is not None:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)
        log.warning("The Discord gateway is %s", settings.discord_gateway_url)


async def run(settings: Settings) -> None:
    """Run the bot until it stops or SIGTERM arrives; the database closes either way."""
    async with await Database.open(settings.database_path) as database:
        log.info("Database %s is ready", settings.database_path)
        bot = create_client(settings, database)
        async with bot:
            stop = asyncio.Event()
            with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
                asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
            running = asyncio.create_task(bot.start(settings.discord_token), name="croupier")
            stopping = asyncio.create_task(stop.wait(), name="croupier-sigterm")
            try:
                await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                stopping.cancel()
                if not running.done():
                    log.info("Stopping")
                    await bot.close()
            await running


if __name__ == "__main__":
    sys.exit(main())
