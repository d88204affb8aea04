"""A player's time bank: seconds of their own, spent when the action clock runs out.

A table gives each player ``start_seconds`` when they sit down and adds
``add_seconds`` every ``every_hands`` hands they are dealt in, never beyond
:data:`MAX_TIME_BANK_SECONDS`. When a player's ordinary clock runs out and
their bank holds time, the bank runs: the player may still act until it is
empty, and whatever they used of it is gone. Only a bank that ran empty
leaves the clock to act for them.

The bank is for decisions of the game (a bet, a draw). Where the clock's answer
costs the player nothing, it acts when the ordinary clock runs out and no bank
runs (:func:`bank_runs_in`): showing or mucking a hand that cannot win (the
clock mucks), and choosing whether to run the board twice (the clock chooses
once). Neither counts as a missed turn either.

The arithmetic is here, in whole seconds rounded up (a player who used a
tenth of a second has used one), so that a replay of the same moments gives
the same banks; the bot measures the moments.

>>> rule = TimeBankRule(start_seconds=30, add_seconds=10, every_hands=5)
>>> bank = rule.opening()
>>> bank = rule.after_hand(bank, hands_dealt=5)   # the fifth hand: ten more
>>> bank
40
>>> spend(bank, used=12.2)
27
>>> spend(5, used=60)
0
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from engine.errors import RulesError
from engine.hand import Phase

#: No bank grows beyond ten minutes, however long the player sits.
MAX_TIME_BANK_SECONDS: Final = 600


@dataclass(frozen=True, slots=True)
class TimeBankRule:
    """How a table fills its players' banks (all zero: no time bank)."""

    start_seconds: int = 0
    add_seconds: int = 0
    every_hands: int = 0

    def __post_init__(self) -> None:
        if (
            not 0 <= self.start_seconds <= MAX_TIME_BANK_SECONDS
            or not 0 <= self.add_seconds <= MAX_TIME_BANK_SECONDS
            or self.every_hands < 0
            or (self.add_seconds and not self.every_hands)
        ):
            raise RulesError("time_bank", high=MAX_TIME_BANK_SECONDS)

    @property
    def enabled(self) -> bool:
        return self.start_seconds > 0 or self.add_seconds > 0

    def opening(self) -> int:
        """The bank of a player who sits down."""
        return self.start_seconds

    def after_hand(self, bank: int, *, hands_dealt: int) -> int:
        """The bank after a hand that was the player's ``hands_dealt``-th at the table."""
        if self.add_seconds and hands_dealt > 0 and hands_dealt % self.every_hands == 0:
            return min(MAX_TIME_BANK_SECONDS, bank + self.add_seconds)
        return bank


def spend(bank: int, *, used: float) -> int:
    """What is left of ``bank`` after ``used`` seconds of it (a started second counts)."""
    if used <= 0:
        return bank
    return max(0, bank - math.ceil(used - 1e-9))


#: The phases whose choice the clock makes without harm to the player.
_CLOCK_CHOOSES: Final = frozenset((Phase.SHOWDOWN, Phase.RUN_IT_TWICE))


def bank_runs_in(phase: Phase) -> bool:
    """Whether a player's time bank runs when their clock runs out in ``phase``
    (and whether the clock acting then is a missed turn): not at the showdown,
    where the clock mucks a hand that cannot win, nor when the players choose
    how often the board is run, where the clock chooses once.

    >>> bank_runs_in(Phase.BETTING), bank_runs_in(Phase.RUN_IT_TWICE)
    (True, False)
    """
    return phase not in _CLOCK_CHOOSES
