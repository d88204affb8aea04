"""The product bot with the benchmark's floor command: ``python -m bench.load_bot``.

Exactly what ``python -m bot`` runs (settings from the environment, the
database opened and migrated first, discord.py pointed where the settings
say, stopped by SIGTERM), with one extension more: :mod:`bench.noop`. With
``CROUPIER_BENCH_PROFILE=path`` the whole run is profiled with cProfile and
the statistics are written to ``path`` when it stops; with
``CROUPIER_BENCH_LOOP=path`` the event loop's lag and the garbage
collector's pauses are (:mod:`bench.loop_watch`).
"""

from __future__ import annotations

import asyncio
import contextlib
import cProfile
import logging
import os
import signal
from pathlib import Path

import discord

from bench.loop_watch import LoopWatch
from bot.__main__ import point_discord_py_at
from bot.client import EXTENSIONS, create_client
from bot.database import Database
from bot.settings import load_settings

FLOOR_EXTENSION = "bench.noop"


async def run() -> None:
    watch_to = os.environ.get("CROUPIER_BENCH_LOOP")
    watch = LoopWatch()
    if watch_to:
        watch.start()
    try:
        await run_bot()
    finally:
        watch.stop()
        if watch_to:
            watch.write(Path(watch_to))


async def run_bot() -> None:
    settings = load_settings()
    discord.utils.setup_logging(level=logging.getLevelName(settings.log_level))
    point_discord_py_at(settings)
    async with await Database.open(settings.database) as database:
        bot = create_client(settings, database, extensions=(*EXTENSIONS, FLOOR_EXTENSION))
        async with bot:
            stop = asyncio.Event()
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
            running = asyncio.create_task(bot.start(settings.discord_token))
            stopping = asyncio.create_task(stop.wait())
            await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
            stopping.cancel()
            await bot.close()
            with contextlib.suppress(asyncio.CancelledError):
                await running


def main() -> None:
    profile_to = os.environ.get("CROUPIER_BENCH_PROFILE")
    if not profile_to:
        asyncio.run(run())
        return
    profiler = cProfile.Profile()
    profiler.enable()
    try:
        asyncio.run(run())
    finally:
        profiler.disable()
        profiler.dump_stats(profile_to)


if __name__ == "__main__":
    main()
