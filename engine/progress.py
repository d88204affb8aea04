"""What a long command-line job shows while it runs.

``python -m engine.phh replay`` over thousands of hands, ``python -m bot.audit``
and ``python -m bot.copy_database`` on a large database and the benchmarks
report how far they are, on standard error so that what they print on
standard output stays machine-readable. On a terminal that is one line redrawn
in place (a bar, the share done, the count, the time so far), at most ten
times a second; anywhere else (a log file, CI) it is a plain line at every
tenth of the work, so a log stays short and each line stands on its own:

>>> import io
>>> log = io.StringIO()
>>> with Progress(1000, "hands", log) as progress:
...     for _ in range(1000):
...         progress.advance()
>>> print(log.getvalue().splitlines()[0])
hands: 100 of 1,000 (10 %)
>>> print(log.getvalue().splitlines()[-1])
hands: 1,000 of 1,000 (100 %), done

Where the whole is not known, the count alone is shown:

>>> log = io.StringIO()
>>> with Progress(None, "rows", log, every=250) as rows:
...     for _ in range(3):
...         rows.advance(200)
>>> print(log.getvalue().strip())
rows: 400
rows: 600
rows: 600, done

It is not a rule of poker: it lives in the engine because the engine's own
command line (:mod:`engine.phh`) uses it, and the engine imports nothing else.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from types import TracebackType
from typing import Final, Self, TextIO

__all__ = ["Progress"]

#: The bar's width in characters on a terminal.
BAR_WIDTH: Final = 24
#: Redraws on a terminal at most this often (seconds).
REDRAW_SECONDS: Final = 0.1
#: Plain lines: one at every this share of the whole.
LINE_SHARE: Final = 0.1


class Progress:
    """How much of ``total`` things (``None``: not known) called ``what`` is done.

    ``stream`` defaults to standard error; ``every`` sets how many things apart
    the plain lines of a job of unknown size are (default 1,000). ``clock``
    is a monotonic clock in seconds (tests pass their own).
    """

    def __init__(
        self,
        total: int | None,
        what: str,
        stream: TextIO | None = None,
        *,
        every: int = 1000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.total = total if total is None or total > 0 else None
        self.what = what
        self.stream = sys.stderr if stream is None else stream
        self.done = 0
        self._clock = clock
        self._started = clock()
        self._drawn_at = -REDRAW_SECONDS
        self._terminal = _is_terminal(self.stream)
        step = every if self.total is None else max(1, round(self.total * LINE_SHARE))
        self._step = max(1, step)
        self._next_line = self._step

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.finish(interrupted=kind is not None)

    def advance(self, count: int = 1) -> None:
        """``count`` more things are done."""
        self.done += count
        if self._terminal:
            now = self._clock()
            if now - self._drawn_at >= REDRAW_SECONDS:
                self._drawn_at = now
                self._write("\r" + self._bar(now) + "\033[K")
            return
        if self.done >= self._next_line and (self.total is None or self.done < self.total):
            self._write(self._line() + "\n")
            while self._next_line <= self.done:
                self._next_line += self._step

    def finish(self, *, interrupted: bool = False) -> None:
        """The last word: the count reached, and whether the job stopped short."""
        ending = ", stopped" if interrupted else ", done"
        if self._terminal:
            self._write("\r" + self._bar(self._clock()) + ending + "\033[K\n")
        else:
            self._write(self._line() + ending + "\n")

    def _line(self) -> str:
        if self.total is None:
            return f"{self.what}: {self.done:,}"
        share = 100 * self.done // self.total
        return f"{self.what}: {self.done:,} of {self.total:,} ({share} %)"

    def _bar(self, now: float) -> str:
        seconds = f"{now - self._started:.1f} s"
        if self.total is None:
            return f"{self.what}: {self.done:,}  {seconds}"
        share = min(1.0, self.done / self.total)
        filled = round(BAR_WIDTH * share)
        bar = "#" * filled + "." * (BAR_WIDTH - filled)
        return f"{self.what}: [{bar}] {100 * share:3.0f} % {self.done:,}/{self.total:,}  {seconds}"

    def _write(self, text: str) -> None:
        self.stream.write(text)
        self.stream.flush()


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or unusual stream
        return False
