"""The action timer leaves nothing for the garbage collector: re-arming it (once
per action at every table) frees the cancelled sleep by reference counting alone."""

from __future__ import annotations

import asyncio
import gc

from bot.tables.action_timer import ActionTimer
from bot.tables.clock import SystemClock


async def test_re_arming_the_timer_leaves_no_reference_cycles() -> None:
    async def tick() -> None:
        return None

    clock = SystemClock()
    timer = ActionTimer(clock, tick, name="garbage")
    gc.collect()
    gc.disable()
    try:
        for later in range(200):
            timer.arm(clock.now() + 60 + later)
            await asyncio.sleep(0)  # the cancelled sleep runs to its end
        timer.disarm()
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert gc.collect() == 0
    finally:
        gc.enable()
