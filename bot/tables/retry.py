"""Trying again after a failure, with growing pauses.

A table whose clock tick or settlement failed (the database locked by another
process, a disk full for a moment) must not stop: it tries again after
:data:`FIRST_PAUSE` seconds, then after twice as long each time, up to
:data:`LONGEST_PAUSE`, for as long as it takes, and resumes by itself once the
database is writable again. A success starts the pauses over.

>>> backoff = Backoff()
>>> [backoff.failed() for _ in range(8)]
[1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0, 30.0]
>>> backoff.succeeded()
>>> backoff.failed()
1.0
"""

from __future__ import annotations

from typing import Final

#: The first pause after a failure, and the longest pause between two tries.
FIRST_PAUSE: Final = 1.0
LONGEST_PAUSE: Final = 30.0


class Backoff:
    """The pause before the next try: doubled after each failure, reset by a success."""

    def __init__(self, first: float = FIRST_PAUSE, longest: float = LONGEST_PAUSE) -> None:
        self.first = first
        self.longest = longest
        self.failures = 0

    def failed(self) -> float:
        """Count a failure; the seconds to wait before trying again."""
        pause = float(min(self.first * 2**self.failures, self.longest))
        self.failures += 1
        return pause

    def succeeded(self) -> None:
        self.failures = 0
