"""The action timer: one task per table that waits for the next thing due.

What is due is the acting player's deadline (the table's ``action_seconds``)
or, between hands, the next deal (``hand_pause_seconds`` after the last hand,
once two players can be dealt in): :func:`next_wake` works it out from the
table's state. The :class:`ActionTimer` sleeps until then and calls the
runner's ``tick``, which does what is due under the table's lock; it is
re-armed after every change, and keeps sleeping when the moment due is the
same.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bot.tables.clock import Clock
from bot.tables.state import TableState

log = logging.getLogger(__name__)


def next_wake(state: TableState, *, may_deal: bool, now: float, pause: float) -> float | None:
    """When the clock must next act at this table (``None``: nothing is due).

    Sets ``state.next_hand_at`` as a side effect: a deal becomes due ``pause``
    seconds after the table could first deal again, and stops being due when
    it cannot.
    """
    if state.closed:
        state.next_hand_at = None
        return None
    if state.live is not None:
        state.next_hand_at = None
        return state.live.deadline
    if state.closing:  # the hand is over: close now (again, if closing failed)
        state.next_hand_at = None
        return now
    if not may_deal:
        state.next_hand_at = None
        return None
    if state.next_hand_at is None:
        state.next_hand_at = now + pause
    return state.next_hand_at


@dataclass
class _Sleep:
    task: asyncio.Task[None]
    when: float
    sleeping: bool = field(default=False)


class ActionTimer:
    """Sleeps until the moment armed, then calls ``tick``; one sleep at a time."""

    def __init__(self, clock: Clock, tick: Callable[[], Awaitable[None]], *, name: str) -> None:
        self.clock = clock
        self.tick = tick
        self.name = name
        self._sleep: _Sleep | None = None

    def arm(self, when: float | None) -> None:
        """Wake at ``when`` (``None``: not at all); a sleep already set for that
        moment is kept."""
        if when is None:
            self.disarm()
            return
        sleep = self._sleep
        # A sleep set for that moment is kept, unless it is the tick re-arming itself.
        if (
            sleep is not None
            and sleep.when == when
            and not sleep.task.done()
            and sleep.task is not asyncio.current_task()
        ):
            return
        self.disarm()
        task = asyncio.create_task(self._wait(when), name=self.name)
        self._sleep = _Sleep(task, when)

    def disarm(self) -> None:
        sleep, self._sleep = self._sleep, None
        if sleep is not None and sleep.task is not asyncio.current_task():
            sleep.task.cancel()

    @property
    def busy(self) -> bool:
        """Whether the timer is doing something now, or is about to: it is not
        just sleeping towards a moment still to come."""
        sleep = self._sleep
        if sleep is None or sleep.task.done():
            return False
        return not sleep.sleeping or self.clock.now() >= sleep.when

    async def _wait(self, when: float) -> None:
        sleep = self._sleep
        assert sleep is not None
        sleep.sleeping = True
        try:
            await self.clock.sleep_until(when)
        finally:
            sleep.sleeping = False
            # A re-arm cancels this task; its CancelledError keeps this frame (its
            # traceback) and the task keeps the error, so a frame still naming the
            # _Sleep, which names the task, would be a reference cycle of ~15 objects
            # per re-arm (per action) that only a garbage collection frees.
            del sleep
        try:
            await self.tick()
        except Exception:
            log.exception("The clock of %s failed", self.name)
