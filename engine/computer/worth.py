"""What a computer player makes of its hand before it bets: :class:`Worth`.

Every game's reading of the cards ends here, so that one betting policy
(:mod:`engine.computer.betting`) serves them all.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Worth"]


@dataclass(frozen=True, slots=True)
class Worth:
    """``equity``: the share of the pot the hand is expected to win at showdown
    against the opponents' estimated hands (0 to 1; a split game counts half
    pots as half). ``draw``: the chance that the cards to come turn a losing
    hand into a winner, what makes a semi-bluff worth it. ``nuts``: how close
    to unbeatable the hand is now (0 to 1), for raising wars."""

    equity: float
    draw: float = 0.0
    nuts: float = 0.0
