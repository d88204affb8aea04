"""A clock for tests that stands still until the test moves it.

>>> clock = FakeClock(start=100.0, wall_start=1_700_000_000.0)
>>> clock.advance(30)
>>> clock.now(), wall_time_at(clock, 160.0)
(130.0, 1700000060.0)
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Callable

from bot.tables.clock import wall_time_at

__all__ = ["FakeClock", "wall_time_at"]


class FakeClock:
    """A clock for tests: it stands still until :meth:`advance` moves it.

    Sleepers whose time has come are woken in the order of their times when
    the clock is moved past them.
    """

    def __init__(self, start: float = 0.0, wall_start: float = 1_700_000_000.0) -> None:
        self._now = start
        self._wall_offset = wall_start - start
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self._now

    def wall_now(self) -> float:
        return self._now + self._wall_offset

    def call_at(self, when: float, callback: Callable[[], object]) -> asyncio.Future[None]:
        """An alarm: a wait like :meth:`sleep_until`'s whose end calls ``callback``
        (cancelling the future returned cancels the alarm)."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        future.add_done_callback(lambda done: None if done.cancelled() else callback())
        if when <= self._now:
            future.set_result(None)
        else:
            heapq.heappush(self._sleepers, (when, next(self._order), future))
        return future

    async def sleep_until(self, when: float) -> None:
        if when <= self._now:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (when, next(self._order), future))
        await future

    @property
    def sleepers(self) -> int:
        """How many waits are still pending (cancelled ones are not counted)."""
        return sum(1 for _, _, future in self._sleepers if not future.done())

    @property
    def next_wake(self) -> float | None:
        """The earliest time somebody waits for, if anybody does."""
        pending = [when for when, _, future in self._sleepers if not future.done()]
        return min(pending, default=None)

    def advance(self, seconds: float) -> None:
        """Move the clock forward and wake everybody whose time has come."""
        if seconds < 0:
            raise ValueError("a clock does not run backwards")
        self._now += seconds
        while self._sleepers and self._sleepers[0][0] <= self._now:
            _, _, future = heapq.heappop(self._sleepers)
            if not future.done():
                future.set_result(None)
