"""The action timer leaves little for the garbage collector: re-arming it (once
per action at every table) starts no task and frees the cancelled alarm by
reference counting alone; the tick runs when the alarm rings."""

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
    tasks = len(asyncio.all_tasks())
    try:
        for later in range(200):
            timer.arm(clock.now() + 60 + later)
            await asyncio.sleep(0)
            assert len(asyncio.all_tasks()) == tasks
        timer.disarm()
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert gc.collect() == 0
    finally:
        gc.enable()


async def test_the_tick_runs_when_the_alarm_rings() -> None:
    ticked = asyncio.Event()

    async def tick() -> None:
        ticked.set()

    clock = SystemClock()
    timer = ActionTimer(clock, tick, name="rings")
    timer.arm(clock.now() + 0.02)
    timer.arm(clock.now() + 0.01)  # sooner: the alarm moves
    assert not timer.busy
    await asyncio.wait_for(ticked.wait(), 1)
    timer.arm(clock.now() + 60)
    timer.disarm()
    assert not timer.busy
