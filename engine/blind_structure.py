"""A sit-and-go's default blind structure, rising from the table's first blinds.

Each level multiplies the first level's blinds by the next step of a classic
structure (1, 2, 3, 4, 6, 8, 10, 15, 20, 30 ...), so the blinds stay whole
numbers in the proportion the table was created with. From the fourth level on
the big blind also posts an ante of one big blind for the whole table (the
"big blind ante" of today's tournaments). Every level lasts the same number
of minutes or of hands; the last one lasts until the tournament is over.

>>> schedule = default_schedule(5, 10, hands=8)
>>> [(level.small_blind, level.big_blind, level.ante) for level in schedule.levels[:5]]
[(5, 10, 0), (10, 20, 0), (15, 30, 0), (20, 40, 40), (30, 60, 60)]
>>> schedule.levels[0].hands, schedule.levels[-1].lasts_forever
(8, True)
>>> default_schedule(25, 50, seconds=600).levels[1]
BlindLevel(small_blind=50, big_blind=100, ante=0, hands=None, seconds=600)
"""

from __future__ import annotations

from typing import Final

from engine.errors import RulesError
from engine.stakes import AnteKind, BlindLevel, BlindSchedule
from engine.variants import Variant

#: Each level's blinds as a multiple of the first level's.
LEVEL_STEPS: Final = (1, 2, 3, 4, 6, 8, 10, 15, 20, 30, 40, 60, 80, 100, 150, 200, 300, 400)
#: The first level (counting from 1) with a big blind ante.
FIRST_ANTE_LEVEL: Final = 4
#: A sit-and-go's blind levels last 1 to 120 minutes (10 unless chosen), or 1 to 100 hands.
MAX_LEVEL_MINUTES: Final = 120
DEFAULT_LEVEL_MINUTES: Final = 10
MAX_LEVEL_HANDS: Final = 100


def deals_tournaments(game: Variant) -> bool:
    """Whether a sit-and-go can deal ``game``: its blinds rise level by level,
    so it deals the games played with blinds (not stud's bring-in, nor a game
    played for antes alone)."""
    return game.uses_blinds and not game.uses_bring_in


def default_schedule(
    small_blind: int,
    big_blind: int,
    *,
    seconds: float | None = None,
    hands: int | None = None,
) -> BlindSchedule:
    """Levels of ``seconds`` or of ``hands`` each (exactly one of the two),
    starting at ``small_blind``/``big_blind``."""
    if (seconds is None) == (hands is None):
        raise RulesError("level_minutes_or_hands")
    levels = []
    for number, step in enumerate(LEVEL_STEPS, start=1):
        last = number == len(LEVEL_STEPS)
        levels.append(
            BlindLevel(
                small_blind * step,
                big_blind * step,
                ante=big_blind * step if number >= FIRST_ANTE_LEVEL else 0,
                hands=None if last else hands,
                seconds=None if last else seconds,
            )
        )
    return BlindSchedule(tuple(levels), ante_kind=AnteKind.BIG_BLIND)
