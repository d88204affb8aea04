"""What the betting says about each opponent's hand: the share of their possible
hands they are likely to hold, read from the actions the seat saw.

A :class:`Read` gives, per opponent, ``first``: the share of starting hands
their first-round actions suggest (a raise says the top fifth or so, a call of
the blinds more than half, a check in the big blind nothing), and ``later``:
the share of those, ranked by how good they are now, that their betting on
later rounds keeps (every bet or raise narrows it, each less than the one
before, a call a little, a check not at all). A style's ``respect`` softens
both: a player who believes little reads a bet as a wider range.

>>> narrow(1.0, "raise") < narrow(1.0, "call") < narrow(1.0, "check")
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from engine.events import PlayerActed
from engine.seat_view import SeatView

__all__ = ["Read", "narrow", "range_weights", "read_opponents"]

#: Later rounds: what share of a range is left after each kind of action.
_LATER: Final = {"call": 0.75, "bet": 0.55, "raise": 0.4, "complete": 0.55}
#: The same in fixed limit, where a bet costs little and says less.
_LATER_LIMIT: Final = {"call": 0.85, "bet": 0.7, "raise": 0.55, "complete": 0.7}
#: Narrowest share a read goes down to: players bluff, and cards surprise.
FLOOR: Final = 0.04
#: The same for starting hands: even a fourth raise is not only aces.
FIRST_FLOOR: Final = 0.05


def narrow(share: float, kind: str, limit: bool = False, before: int = 0) -> float:
    """``share`` after an action of ``kind`` on a later round (``limit``: of a
    fixed- or spread-limit game) by a player who made ``before`` bets or
    raises earlier in the hand: each one says less than the one before, since
    a player who bets every street bets more hands."""
    factor = (_LATER_LIMIT if limit else _LATER).get(kind, 1.0)
    return max(FLOOR, share * math.pow(factor, 1 / (1 + before)))


@dataclass(frozen=True, slots=True)
class Read:
    """An opponent's estimated range: ``first`` the share of starting hands,
    ``later`` the share of those kept by the later betting; ``aggressive``
    counts their bets and raises over the hand."""

    first: float
    later: float
    aggressive: int

    @property
    def share(self) -> float:
        """The share of all hands this opponent is estimated to hold."""
        return self.first * self.later


def _first_round(actions: tuple[PlayerActed, ...], player: int, players: int) -> tuple[float, int]:
    """The share of starting hands ``player``'s first-round actions suggest,
    and how many bets or raises they made."""
    share = 1.0
    raises_before = 0
    aggressive = 0
    for event in actions:
        if event.player == player:
            if event.kind in ("raise", "bet", "complete"):
                aggressive += 1
                # Openers at a short table raise more hands; every re-raise
                # narrows a lot.
                base = 0.45 if players <= 2 else (0.3 if players <= 4 else 0.22)
                share = min(share, max(FIRST_FLOOR, base * (0.3**raises_before)))
            elif event.kind == "call":
                if raises_before == 0:
                    share = min(share, 0.65 if players > 2 else 0.8)
                else:
                    base = 0.45 if players <= 2 else 0.3
                    share = min(share, max(FIRST_FLOOR, base * (0.35 ** (raises_before - 1))))
        if event.kind in ("raise", "bet", "complete"):
            raises_before += 1
    return share, aggressive


def read_opponents(view: SeatView, respect: float) -> dict[int, Read]:
    """Every opponent still in the hand, read from the betting so far."""
    streets = [s for s in view.actions_by_street() if s]
    first = streets[0] if streets else ()
    players = view.player_count
    reads: dict[int, Read] = {}
    limit = view.variant.betting.is_capped
    for player in view.opponents:
        share, aggressive = _first_round(first, player, players)
        later = 1.0
        for street in streets[1:]:
            for event in street:
                if event.player == player:
                    later = narrow(later, event.kind, limit, aggressive)
                    if event.kind in ("bet", "raise", "complete"):
                        aggressive += 1
        reads[player] = Read(share**respect, later**respect, aggressive)
    return reads


#: Weight left to hands outside an estimated range: reads are not certain.
OUTSIDE: Final = 0.08


def range_weights(read: Read, starting: list[float], by_rank: list[int]) -> list[float]:
    """How likely an opponent read as ``read`` holds each of some possible
    hands: full weight to those among the ``read.first`` best starting hands
    (``starting`` gives each hand's percentile, 0 best) that are also among
    the best ``read.later`` of them by what they make now (``by_rank``: the
    hands' indices, best first); :data:`OUTSIDE` of it to the others."""
    weights = [1.0 if p <= read.first else OUTSIDE for p in starting]
    keep = read.later * sum(weights)
    kept = 0.0
    for index in by_rank:
        if kept >= keep:
            weights[index] *= OUTSIDE
        else:
            kept += weights[index]
    return weights
