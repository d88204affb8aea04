"""Where a running bot's time goes when it is not working: event-loop lag and
garbage-collector pauses, recorded inside the bot's process for the load
benchmark.

A ticker asks to wake every 10 ms and records how late it woke; the garbage
collector's callbacks time every collection, on the wall clock and in the
process's CPU time (on a shared machine a pause's wall time includes the
spells the process waited for a core; its CPU time is the collector's own
work), and count what a middle or full collection walks (the objects in the
generations it collects, counted before its clock starts) and how many of them
were garbage it freed (reference cycles). Both are stamped with
``time.monotonic()``, the same system-wide clock the fake stamps interactions
with, so the benchmark keeps only what fell in its measured window.
"""

from __future__ import annotations

import asyncio
import gc
import json
import time
from collections import Counter
from pathlib import Path
from types import CoroutineType
from typing import Any

TICK = 0.01


class LoopWatch:
    def __init__(self, census: bool = False) -> None:
        #: With ``census``, what each middle or full collection walked, by type and
        #: by coroutine, stamped like the collections (counted before its clock
        #: starts; it holds the loop up for ~20 ms more each time, so it is off by
        #: default).
        self.census = census
        self.walked_census: list[tuple[float, dict[str, Any]]] = []
        #: (when, seconds late) for every tick.
        self.lags: list[tuple[float, float]] = []
        #: (when, generation, seconds, CPU seconds, objects walked, objects freed)
        #: for every collection; what young ones walk is not counted (0): at most the
        #: young generation's threshold, and counting would cost more than they do.
        self.collections: list[tuple[float, int, float, float, int, int]] = []
        self._gc_started = 0.0
        self._gc_cpu_started = 0.0
        self._walked = 0
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        gc.callbacks.append(self._on_gc)
        self._task = asyncio.get_running_loop().create_task(self._tick())

    def stop(self) -> None:
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)
        if self._task is not None:
            self._task.cancel()

    def write(self, path: Path) -> None:
        path.write_text(
            json.dumps(
                {
                    "lags": self.lags,
                    "collections": self.collections,
                    "walked_census": self.walked_census,
                }
            )
        )

    async def _tick(self) -> None:
        while True:
            asked = time.monotonic()
            await asyncio.sleep(TICK)
            woke = time.monotonic()
            self.lags.append((woke, woke - asked - TICK))

    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            generation = int(info["generation"])
            self._walked = (
                sum(len(gc.get_objects(g)) for g in range(generation + 1)) if generation else 0
            )
            if self.census and generation:
                self.walked_census.append((time.monotonic(), _census(generation, self._walked)))
            self._gc_started, self._gc_cpu_started = time.monotonic(), time.thread_time()
        else:
            now, cpu = time.monotonic(), time.thread_time()
            self.collections.append(
                (
                    now,
                    int(info["generation"]),
                    now - self._gc_started,
                    cpu - self._gc_cpu_started,
                    self._walked,
                    int(info["collected"]),
                )
            )


def _census(generation: int, walked: int) -> dict[str, Any]:
    """The objects a collection of ``generation`` is about to walk, by type."""
    objects = [thing for g in range(generation + 1) for thing in gc.get_objects(g)]
    kinds = Counter(type(thing).__qualname__ for thing in objects)
    coroutines = Counter(
        thing.cr_code.co_qualname for thing in objects if isinstance(thing, CoroutineType)
    )
    del objects
    return {
        "generation": generation,
        "walked": walked,
        "top": kinds.most_common(25),
        "coroutines": coroutines.most_common(12),
    }
