"""The clocks: the fake one wakes sleepers in order when moved; the real one sleeps."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.tables.clock import SystemClock
from tests.bot.fake_clock import FakeClock


async def test_the_fake_clock_wakes_sleepers_when_their_time_comes() -> None:
    clock = FakeClock()
    woken: list[str] = []

    async def sleep(name: str, until: float) -> None:
        await clock.sleep_until(until)
        woken.append(name)

    tasks = [asyncio.create_task(sleep(n, t)) for n, t in (("late", 30), ("early", 10))]
    await asyncio.sleep(0)
    assert clock.sleepers == 2 and clock.next_wake == 10
    clock.advance(15)
    await asyncio.sleep(0)
    assert woken == ["early"]
    tasks[0].cancel()
    await asyncio.sleep(0)
    assert clock.sleepers == 0
    clock.advance(100)
    await asyncio.sleep(0)
    assert woken == ["early"]
    with pytest.raises(ValueError):
        clock.advance(-1)


async def test_a_time_already_past_returns_at_once() -> None:
    clock = FakeClock(start=50)
    await asyncio.wait_for(clock.sleep_until(10), 0.1)
    system = SystemClock()
    await asyncio.wait_for(system.sleep_until(system.now() + 0.01), 1)
    assert abs(system.wall_now() - time.time()) < 1
