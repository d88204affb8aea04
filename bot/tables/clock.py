"""Time as the table runner sees it.

The runner measures deadlines on a monotonic clock (``now()``, seconds) and
tells players when they expire in wall-clock terms (``wall_now()``, UNIX
seconds, for Discord's ``<t:…:R>`` countdowns). It waits with
``sleep_until``, or sets an alarm with ``call_at`` (a callback, no task
waiting for it), so tests can swap in a clock they move by hand instead of
sleeping (``tests/bot/fake_clock.py``).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol


class Alarm(Protocol):
    """A callback set for a moment; :meth:`cancel` keeps it from being called."""

    def cancel(self) -> object: ...


class Clock(Protocol):
    """A monotonic clock with a wall-clock reading and a way to wait."""

    def now(self) -> float:
        """Monotonic seconds; only differences mean anything."""
        ...

    def wall_now(self) -> float:
        """UNIX seconds now."""
        ...

    async def sleep_until(self, when: float) -> None:
        """Return once ``now() >= when`` (at once when it already is)."""
        ...

    def call_at(self, when: float, callback: Callable[[], object]) -> Alarm:
        """Call ``callback`` from the event loop once ``now() >= when`` (soon, when
        it already is), unless the alarm returned is cancelled first."""
        ...


def wall_time_at(clock: Clock, when: float) -> float:
    """The UNIX time at which the monotonic ``when`` of ``clock`` falls."""
    return clock.wall_now() + (when - clock.now())


@dataclass(frozen=True, slots=True)
class Moment:
    """One reading of a clock, for the pure parts (the view) that must say when
    something falls due without reading a clock themselves.

    >>> moment = Moment(now=100.0, wall_now=1_700_000_000.0)
    >>> moment.wall_time(130.0)
    1700000030.0
    """

    now: float
    wall_now: float

    @classmethod
    def of(cls, clock: Clock) -> Moment:
        return cls(clock.now(), clock.wall_now())

    def wall_time(self, when: float) -> float:
        """The UNIX time at which the monotonic ``when`` falls."""
        return self.wall_now + (when - self.now)


class SystemClock:
    """The real clock: ``time.monotonic`` and ``time.time``."""

    def now(self) -> float:
        return time.monotonic()

    def wall_now(self) -> float:
        return time.time()

    async def sleep_until(self, when: float) -> None:
        delay = when - time.monotonic()
        if delay > 0:
            await asyncio.sleep(delay)

    def call_at(self, when: float, callback: Callable[[], object]) -> Alarm:
        loop = asyncio.get_running_loop()
        return loop.call_at(loop.time() + (when - time.monotonic()), callback)
