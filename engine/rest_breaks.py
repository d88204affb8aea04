"""A tournament's rest breaks: the one clock's play time and break time.

An organiser may give a tournament a break of ``minutes`` after every
``every_minutes`` of play (``10/60``: ten minutes' rest each hour). The
tournament's clock then runs in a fixed cycle of play and rest, so where it
stands follows from the seconds it has run alone (:func:`read_clock`): a
restart that keeps those seconds neither skips nor repeats a break.

The rules, as card rooms keep them:

- The blind levels count **play time only**: a level does not run on during a
  break (:attr:`ClockReading.play_seconds` is what the level clock is given).
- During a break **no table deals a new hand**; a hand in progress is finished
  first (each table rests from the end of its hand), but the break ends for
  every table at the one clock's moment.

>>> rule = BreakRule(10, 60)
>>> read_clock(rule, 30 * 60).on_break, read_clock(rule, 65 * 60).on_break
(False, True)
>>> read_clock(rule, 65 * 60).play_seconds == 60 * 60
True
>>> read_clock(rule, 75 * 60).play_seconds == 65 * 60
True
>>> clock_second_of_play(rule, 65 * 60) == 75 * 60
True
>>> read_clock(BreakRule(), 10_000).play_seconds
10000.0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.errors import RulesError

#: A break lasts 1 to 60 minutes, after 1 to 600 minutes of play (a level may last 1 minute).
MAX_BREAK_MINUTES: Final = 60
MIN_PLAY_MINUTES: Final = 1
MAX_PLAY_MINUTES: Final = 600


@dataclass(frozen=True, slots=True)
class BreakRule:
    """A break of ``minutes`` after every ``every_minutes`` of play (both 0: none)."""

    minutes: int = 0
    every_minutes: int = 0

    def __post_init__(self) -> None:
        if self.minutes == 0 and self.every_minutes == 0:
            return
        if not (
            1 <= self.minutes <= MAX_BREAK_MINUTES
            and MIN_PLAY_MINUTES <= self.every_minutes <= MAX_PLAY_MINUTES
        ):
            raise self.refusal()

    @staticmethod
    def refusal() -> RulesError:
        """The polite refusal of breaks typed wrong, with their bounds."""
        return RulesError(
            "breaks", most=MAX_BREAK_MINUTES, low=MIN_PLAY_MINUTES, high=MAX_PLAY_MINUTES
        )

    @property
    def enabled(self) -> bool:
        return self.minutes > 0

    @property
    def play_seconds(self) -> int:
        return self.every_minutes * 60

    @property
    def break_seconds(self) -> int:
        return self.minutes * 60


@dataclass(frozen=True, slots=True)
class ClockReading:
    """Where the tournament's clock stands, ``elapsed`` seconds after its start."""

    #: Seconds of play so far (what the blind levels count).
    play_seconds: float
    on_break: bool
    #: Which break this is or was last (1 for the first; 0: none yet).
    break_number: int
    #: The clock's second the current break ends (``None``: not on a break).
    break_ends_at: float | None
    #: The clock's second the next break begins (``None``: no breaks).
    next_break_at: float | None


def read_clock(rule: BreakRule, elapsed: float) -> ClockReading:
    """The clock ``elapsed`` seconds (play and breaks) after the start."""
    elapsed = max(0.0, float(elapsed))
    if not rule.enabled:
        return ClockReading(elapsed, False, 0, None, None)
    play, rest = rule.play_seconds, rule.break_seconds
    cycles, into = divmod(elapsed, play + rest)
    start = cycles * (play + rest)
    if into < play:
        return ClockReading(cycles * play + into, False, int(cycles), None, start + play)
    ends = start + play + rest
    return ClockReading((cycles + 1) * play, True, int(cycles) + 1, ends, ends + play)


def clock_second_of_play(rule: BreakRule, play_seconds: float) -> float:
    """The clock's second at which play time first reaches ``play_seconds``
    (the breaks before it added): when a level due then begins."""
    play_seconds = max(0.0, float(play_seconds))
    if not rule.enabled or play_seconds == 0:
        return play_seconds
    breaks_before = -(-play_seconds // rule.play_seconds) - 1  # ceil, less one
    return play_seconds + breaks_before * rule.break_seconds
