"""Where a running bot's time goes when it is not working: event-loop lag and
garbage-collector pauses, recorded inside the bot's process for the load
benchmark.

A ticker asks to wake every 10 ms and records how late it woke; the garbage
collector's callbacks time every collection, on the wall clock and in the
process's CPU time (on a shared machine a pause's wall time includes the
spells the process waited for a core; its CPU time is the collector's own
work). Both are stamped with
``time.monotonic()``, the same system-wide clock the fake stamps interactions
with, so the benchmark keeps only what fell in its measured window.
"""

from __future__ import annotations

import asyncio
import gc
import json
import time
from pathlib import Path
from typing import Any

TICK = 0.01


class LoopWatch:
    def __init__(self) -> None:
        #: (when, seconds late) for every tick.
        self.lags: list[tuple[float, float]] = []
        #: (when, generation, seconds, CPU seconds) for every collection.
        self.collections: list[tuple[float, int, float, float]] = []
        self._gc_started = 0.0
        self._gc_cpu_started = 0.0
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
        path.write_text(json.dumps({"lags": self.lags, "collections": self.collections}))

    async def _tick(self) -> None:
        while True:
            asked = time.monotonic()
            await asyncio.sleep(TICK)
            woke = time.monotonic()
            self.lags.append((woke, woke - asked - TICK))

    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        now, cpu = time.monotonic(), time.thread_time()
        if phase == "start":
            self._gc_started, self._gc_cpu_started = now, cpu
        else:
            self.collections.append(
                (now, int(info["generation"]), now - self._gc_started, cpu - self._gc_cpu_started)
            )
