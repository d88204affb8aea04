"""The product bot with the benchmark's floor command: ``python -m bench.load_bot``.

Exactly what ``python -m bot`` runs (settings from the environment, the
database opened and migrated first, discord.py pointed where the settings
say, stopped by SIGTERM), with one extension more: :mod:`bench.noop`. With
``CROUPIER_BENCH_PROFILE=path``, SIGUSR2 starts profiling with cProfile (in
the main thread's CPU time) and the next SIGUSR2 stops it and writes the
statistics to ``path`` (the benchmark sends them at the start and the end of
its measured window); with
``CROUPIER_BENCH_LOOP=path`` the event loop's lag and the garbage
collector's pauses are (:mod:`bench.loop_watch`); with
``CROUPIER_BENCH_HEAP=path``, SIGUSR1 writes a census of the objects the
garbage collector tracks (how many, how many frozen, the commonest types) to
``path``.
"""

from __future__ import annotations

import asyncio
import contextlib
import cProfile
import gc
import json
import logging
import os
import random
import signal
import time
from collections import Counter
from pathlib import Path
from types import CoroutineType, FrameType, FunctionType, MethodType
from typing import Any

import discord

from bench.loop_watch import LoopWatch
from bot.__main__ import point_discord_py_at
from bot.client import EXTENSIONS, create_client
from bot.database import Database
from bot.heap import (
    collect_young_objects_less_often,
    set_aside_restored_tables,
    set_aside_start_up_objects,
)
from bot.settings import load_settings

FLOOR_EXTENSION = "bench.noop"


async def run() -> None:
    watch_to = os.environ.get("CROUPIER_BENCH_LOOP")
    watch = LoopWatch(census=bool(os.environ.get("CROUPIER_BENCH_WALKED_CENSUS")))
    if watch_to:
        watch.start()
    try:
        await run_bot()
    finally:
        watch.stop()
        if watch_to:
            watch.write(Path(watch_to))


def write_heap_census(path: Path) -> None:
    """What a full garbage collection would have to walk, by type; and what a
    middle one would (the young and middle generations: what survived a young
    collection lately and is still alive), with the group commit's figures."""
    generations = [len(gc.get_objects(generation)) for generation in range(3)]
    young = gc.get_objects(0) + gc.get_objects(1)
    younger = Counter(type(thing).__qualname__ for thing in young)
    younger_owners = owners_of(
        young, ("list", "tuple", "cell", "dict", "method", "Context", "ReferenceType")
    )
    younger_coroutines = Counter(
        thing.cr_code.co_qualname for thing in young if isinstance(thing, CoroutineType)
    ).most_common(15)
    del young
    garbage = younger_garbage()
    tracked = gc.get_objects()
    kinds = Counter(type(thing).__qualname__ for thing in tracked)
    census = {
        "tracked": len(tracked),
        "frozen": gc.get_freeze_count(),
        "generations": generations,
        "top": kinds.most_common(30),
        "younger_top": younger.most_common(20),
        "younger_garbage": garbage,
        "younger_owners": younger_owners,
        "younger_coroutines": younger_coroutines,
        "owners": owners_of(
            tracked, ("list", "tuple", "dict", "coroutine", "Button", "Interaction")
        ),
        "coroutines": Counter(
            thing.cr_code.co_qualname for thing in tracked if isinstance(thing, CoroutineType)
        ).most_common(12),
        "group_commit": group_commit_figures(),
    }
    del tracked
    path.write_text(json.dumps(census))


def younger_garbage() -> dict[str, Any]:
    """What of the young and middle generations is garbage (reference cycles that
    only a collection frees), by type: a middle collection run now, its garbage
    kept aside to be counted, then freed (kept aside, it went to the oldest
    generation: a full collection frees it)."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        freed = gc.collect(1)
        kinds = Counter(type(thing).__qualname__ for thing in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.collect()
    return {"objects": freed, "top": kinds.most_common(15)}


#: The bot's database, for the census (None until it is open).
_database: Database | None = None


def group_commit_figures() -> dict[str, int] | None:
    """Transactions of the write-ahead log's group commit and the writes in them,
    since the bot started (``None``: a bot without group commit)."""
    group = getattr(_database, "group_commit", None)
    if group is None:
        return None
    return {"transactions": group.transactions, "writes": group.writes}


def owners_of(tracked: list[object], kinds: tuple[str, ...], sample: int = 40) -> dict[str, Any]:
    """For a sample of each kind of object, what holds them: which of the commonest
    containers belong to which part of the bot."""
    owners: dict[str, Any] = {}
    for kind in kinds:
        found = [thing for thing in tracked if type(thing).__qualname__ == kind]
        found = random.Random(16).sample(found, min(sample, len(found)))
        holders: Counter[str] = Counter()
        for thing in found:
            for holder in gc.get_referrers(thing):
                if holder is tracked or holder is found:
                    continue
                holders[_name_of(holder, (tracked, found))] += 1
        owners[kind] = holders.most_common(10)
    return owners


def _name_of(holder: object, ignored: tuple[object, ...], depth: int = 0) -> str:
    name = type(holder).__qualname__
    if isinstance(holder, FunctionType):  # a closure's cells: name the function
        return f"function {holder.__qualname__}"
    if isinstance(holder, MethodType):
        return f"method {holder.__func__.__qualname__}"
    if isinstance(holder, CoroutineType):
        return f"coroutine {holder.cr_code.co_qualname}"
    if isinstance(holder, dict | tuple) and depth == 0:  # name what holds it
        owners = [
            o
            for o in gc.get_referrers(holder)
            if all(o is not i for i in ignored) and not isinstance(o, list | FrameType)
        ]
        if owners:
            return f"{name} of {_name_of(owners[0], ignored, depth + 1)}"
    return name


async def run_bot() -> None:
    settings = load_settings()
    discord.utils.setup_logging(level=logging.getLevelName(settings.log_level))
    point_discord_py_at(settings)
    global _database
    async with await Database.open(settings.database) as database:
        _database = database
        bot = create_client(settings, database, extensions=(*EXTENSIONS, FLOOR_EXTENSION))
        if not os.environ.get("CROUPIER_BENCH_NO_FREEZE"):  # to measure without it
            set_aside_start_up_objects()
            bot.after_restore = set_aside_restored_tables
        if not os.environ.get("CROUPIER_BENCH_GC_DEFAULTS"):  # CPython's thresholds, to compare
            collect_young_objects_less_often()
        thresholds = os.environ.get("CROUPIER_BENCH_GC_THRESHOLDS")  # "young,middle,old" to try
        if thresholds:
            young, middle, old = (int(part) for part in thresholds.split(","))
            gc.set_threshold(young, middle, old)
        async with bot:
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            loop.add_signal_handler(signal.SIGTERM, stop.set)
            heap_to = os.environ.get("CROUPIER_BENCH_HEAP")
            if heap_to:
                loop.add_signal_handler(signal.SIGUSR1, write_heap_census, Path(heap_to))
            profile_to = os.environ.get("CROUPIER_BENCH_PROFILE")
            if profile_to:
                loop.add_signal_handler(signal.SIGUSR2, Window(Path(profile_to)).toggle)
            running = asyncio.create_task(bot.start(settings.discord_token))
            stopping = asyncio.create_task(stop.wait())
            await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
            stopping.cancel()
            await bot.close()
            with contextlib.suppress(asyncio.CancelledError):
                await running


class Window:
    """cProfile over the benchmark's measured window: the first toggle starts it,
    the second stops it and writes the statistics."""

    def __init__(self, path: Path) -> None:
        # The main thread's CPU time, not the wall clock: on a shared machine the wall
        # clock charges whatever function was running when the process lost its core.
        self.profiler = cProfile.Profile(time.thread_time)
        self.path = path
        self.running = False

    def toggle(self) -> None:
        if not self.running:
            self.profiler.enable()
            self.running = True
            return
        self.profiler.disable()
        self.running = False
        self.profiler.dump_stats(str(self.path))


def main() -> None:
    asyncio.run(run())


if __name__ == "__main__":
    main()
