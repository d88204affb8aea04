"""The fake's notion of time, which a test can move forward.

Discord's deadlines (3 seconds for the first answer, 15 minutes for an
interaction token) are measured on this clock, so a test can skip ahead
instead of sleeping. Real time still passes underneath: the offset is added.
"""

from __future__ import annotations

import datetime as dt
import time


class Clock:
    """Monotonic seconds and wall-clock timestamps, both shiftable by `advance`."""

    def __init__(self) -> None:
        self._offset = 0.0

    def now(self) -> float:
        """Seconds on a monotonic scale, for measuring deadlines."""
        return time.monotonic() + self._offset

    @property
    def offset(self) -> float:
        """How far the test has moved this clock forward, in seconds."""
        return self._offset

    def wall(self) -> dt.datetime:
        """The current UTC time as the fake pretends it to be."""
        return dt.datetime.now(dt.UTC) + dt.timedelta(seconds=self._offset)

    def advance(self, seconds: float) -> None:
        """Pretend `seconds` have passed (never backwards)."""
        if seconds < 0:
            raise ValueError("the clock only moves forward")
        self._offset += seconds
