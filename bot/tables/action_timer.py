"""The action timer: one alarm per table for the next thing due.

What is due is the acting player's deadline (the table's ``action_seconds``)
or, between hands, the next deal (``hand_pause_seconds`` after the last hand,
once two players can be dealt in): :func:`next_wake` works it out from the
table's state, and :func:`next_deal_at` when the next deal is due (both
questions; the runner keeps the answer). The :class:`ActionTimer` sets an
alarm on the clock for then (:meth:`~bot.tables.clock.Clock.call_at`) and,
when it rings, starts a task that calls the runner's ``tick``, which does
what is due under the table's lock. It is re-armed after every change (every
action at every table), and keeps its alarm when the moment due is the same.
An alarm, not a task sleeping until then: re-arming then costs one timer
handle, where a task cancelled and started anew was a dozen objects per
action for the garbage collector to walk.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.tables.clock import Alarm, Clock
from bot.tables.state import TableState

log = logging.getLogger(__name__)


def next_deal_at(state: TableState, *, may_deal: bool, now: float, pause: float) -> float | None:
    """When the next deal is due (``None``: none is): ``pause`` seconds after
    the table could first deal again, for as long as it can. A question: the
    runner keeps the answer (``state.next_hand_at``, its one writer)."""
    if state.closed or state.live is not None or state.closing or not may_deal:
        return None
    return now + pause if state.next_hand_at is None else state.next_hand_at


def next_wake(state: TableState, *, now: float) -> float | None:
    """When the clock must next act at this table (``None``: nothing is due):
    the acting player's deadline, closing a table whose hand is over, or the
    next deal (:func:`next_deal_at`, kept in ``state.next_hand_at``)."""
    if state.closed:
        return None
    if state.live is not None:
        return state.live.deadline
    if state.closing:  # the hand is over: close now (again, if closing failed)
        return now
    return state.next_hand_at


class ActionTimer:
    """Sets an alarm for the moment armed, then calls ``tick``; one alarm at a time."""

    def __init__(self, clock: Clock, tick: Callable[[], Awaitable[None]], *, name: str) -> None:
        self.clock = clock
        self.tick = tick
        self.name = name
        self._alarm: Alarm | None = None
        self._when: float | None = None
        #: The tick the last alarm started, while it runs.
        self._ticking: asyncio.Task[None] | None = None

    def arm(self, when: float | None) -> None:
        """Wake at ``when`` (``None``: not at all); an alarm already set for that
        moment is kept."""
        if when is None:
            self.disarm()
            return
        if self._alarm is not None and self._when == when:
            return
        self.disarm()
        self._when = when
        self._alarm = self.clock.call_at(when, self._ring)

    def disarm(self) -> None:
        """No alarm; a tick started but still waiting (for the table's lock) is
        cancelled too, unless it is the tick disarming itself."""
        alarm, self._alarm, self._when = self._alarm, None, None
        if alarm is not None:
            alarm.cancel()
        ticking, self._ticking = self._ticking, None
        if ticking is not None and ticking is not asyncio.current_task():
            ticking.cancel()

    @property
    def busy(self) -> bool:
        """Whether the timer is doing something now, or is about to: it is not
        just waiting for a moment still to come."""
        if self._ticking is not None and not self._ticking.done():
            return True
        return self._when is not None and self.clock.now() >= self._when

    def _ring(self) -> None:
        self._alarm, self._when = None, None
        self._ticking = asyncio.create_task(self._tick(), name=self.name)

    async def _tick(self) -> None:
        try:
            await self.tick()
        except Exception:
            log.exception("The clock of %s failed", self.name)
