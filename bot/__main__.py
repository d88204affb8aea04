"""The launcher: ``python -m bot [--sync-global]``, and ``python -m bot play``
(a local table in the browser, without Discord: :mod:`bot.local_play`).

Reads the settings (a mistake is one sentence on stderr and exit status 2),
sets up logging (:mod:`bot.log_setup`: nothing secret at any level), checks
that the database can be written, opens it, checks its leases, migrates it and
takes the leases (:mod:`bot.database.lease`: one per shard this process runs,
:mod:`bot.shards`; a second bot on the same database or the same shard
refuses to start, and migrates nothing) before the client exists, points
discord.py at a fake Discord only when a test asks for it in the environment,
logs in (trying again with a growing pause, one line each, while Discord cannot
be reached), runs the bot until it is stopped (Ctrl-C or SIGTERM) or another
process takes a lease over (then, by :class:`~bot.database.lease.LeaseKeeper`,
nothing more is written or sent to Discord), and gives the lease back and
closes the database on the way out. Each operator's mistake
is one sentence naming the setting to fix, with exit status 1 (2 for a
malformed setting).
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
from typing import Final

import aiohttp
import discord
import discord.gateway
import discord.http
import yarl

from bot import local_play
from bot.client import CroupierBot, create_client
from bot.database import Database
from bot.database.lease import Lease, LeaseKeeper, open_leased
from bot.database.location import check_database_path, secrets_of
from bot.errors import CroupierError
from bot.heap import (
    collect_young_objects_less_often,
    set_aside_restored_tables,
    set_aside_start_up_objects,
)
from bot.i18n import t
from bot.log_setup import configure_logging
from bot.settings import Settings, SettingsError, load_settings, web_sign_in_gaps

log = logging.getLogger("bot")

EXIT_OK, EXIT_FAILED, EXIT_BAD_SETTINGS = 0, 1, 2

#: Pauses between attempts to log in while Discord cannot be reached: doubling, up to a minute.
FIRST_RETRY_SECONDS: Final = 1.0
LONGEST_RETRY_SECONDS: Final = 60.0
#: What failing to reach Discord looks like (a refused token is not one of them).
UNREACHABLE: Final = (
    aiohttp.ClientConnectionError,
    OSError,
    TimeoutError,
    discord.DiscordServerError,
)


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    if given[:1] == ["play"]:
        return local_play.main(given[1:])
    parser = argparse.ArgumentParser(prog="python -m bot", description="Run the Croupier bot.")
    parser.add_argument(
        "--sync-global",
        action="store_true",
        help="publish the slash commands to every server at start (as CROUPIER_SYNC_GLOBAL)",
    )
    arguments = parser.parse_args(given)
    try:
        settings = load_settings()
    except SettingsError as error:
        print(error, file=sys.stderr)
        return EXIT_BAD_SETTINGS
    if arguments.sync_global:
        settings = replace(settings, sync_global=True)

    configure_logging(
        settings.log_level,
        settings.library_log_level,
        secrets=[
            settings.discord_token,
            *secrets_of(settings.database_url or ""),
            *([settings.client_secret] if settings.client_secret else []),
        ],
    )
    for name in settings.ignored_settings:
        log.warning(t("launcher.ignored_setting", name=name))
    for gap in web_sign_in_gaps(settings):
        log.warning(gap)
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
    """Run the bot until it stops or SIGTERM arrives; the lease is given back and the
    database closed either way."""
    if settings.database_url is None:
        check_database_path(settings.database_path)
    database, leases = await open_leased(
        settings.database, names=settings.shards.lease_names, seconds=settings.lease_seconds
    )
    async with database:
        log.info(
            "Database %s is ready; running %s", database.description, settings.shards.describe()
        )
        try:
            await _run_holding(settings, database, leases)
        finally:
            for lease in leases:
                with contextlib.suppress(Exception):
                    await lease.release()


async def _run_holding(settings: Settings, database: Database, leases: list[Lease]) -> None:
    stop = asyncio.Event()
    # From here on no transaction is written, and no request sent to Discord, once
    # another process took a lease over; the bot stops then (bot.database.fence).
    keeper = LeaseKeeper(database, leases, on_lost=stop.set)
    bot = create_client(settings, database)
    bot.lease_check = keeper.check
    set_aside_start_up_objects()  # before any table exists: see bot.heap
    bot.after_restore = set_aside_restored_tables
    collect_young_objects_less_often()
    async with bot:
        with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        running = asyncio.create_task(log_in_and_run(bot, settings.discord_token), name="croupier")
        stopping = asyncio.create_task(stop.wait(), name="croupier-sigterm")
        renewing = asyncio.create_task(keeper.keep(stop), name="croupier-lease")
        try:
            await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stopping.cancel()
            renewing.cancel()
            if not running.done():
                log.info("Stopping")
                await bot.close()
                if not running.done():  # still trying to log in
                    running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running


async def log_in_and_run(bot: CroupierBot, token: str) -> None:
    """Log in, trying again with a growing pause while Discord cannot be reached
    (one line each time), then stay connected until the bot is closed."""
    pause, attempt = FIRST_RETRY_SECONDS, 1
    while True:
        try:
            await bot.login(token)
            break
        except UNREACHABLE as error:
            sentence = t(
                "launcher.no_network", reason=_reason(error), seconds=round(pause), attempt=attempt
            )
            log.warning(sentence)
        # A fresh HTTP session for the next attempt; the failed one is closed.
        await bot.http.close()
        bot.http.connector = discord.utils.MISSING
        await asyncio.sleep(pause)
        pause, attempt = min(pause * 2, LONGEST_RETRY_SECONDS), attempt + 1
    await bot.connect(reconnect=True)


def _reason(error: BaseException) -> str:
    """A short reason for a failed connection, without a traceback."""
    text = str(error).strip() or type(error).__name__
    return text.splitlines()[0][:200]


if __name__ == "__main__":
    sys.exit(main())
