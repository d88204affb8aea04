"""Pots: the main pot and a side pot for every all-in level, and how a pot is split.

Players are indexed in the order they sit after the button (index 0 is first
left of the button), so "the first winner clockwise from the button" is the
winner with the smallest index.

>>> [(p.amount, p.eligible) for p in build_pots([100, 300, 300], [False, False, False])]
[(300, (0, 1, 2)), (400, (1, 2))]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress
from operator import not_

from engine.fast_frozen import fast_constructor


@dataclass(frozen=True, slots=True)
class Pot:
    amount: int
    #: Players who may win it (not folded), by index.
    eligible: tuple[int, ...]


_pot = fast_constructor(Pot)  # a pot or two per hand: see engine.fast_frozen


def build_pots(
    contributions: Sequence[int],
    folded: Sequence[bool],
    dead_money: int = 0,
) -> list[Pot]:
    """Split what each player put in into the main pot and side pots.

    A pot exists for each level at which a player still in the hand is all in.
    Folded players' chips count into the pots their amounts reach but make
    nobody eligible. ``dead_money`` (antes outside the betting levels) goes to
    the main pot, which every player still in the hand may win: it is a pot of
    its own when someone is all in for the ante alone. Consecutive pots with the
    same eligible players are merged, as a dealer would stack them.

    >>> [(p.amount, p.eligible) for p in build_pots([0, 100, 100], [False] * 3, 15)]
    [(15, (0, 1, 2)), (200, (1, 2))]
    """
    if len(contributions) != len(folded):
        raise ValueError("One contribution and one folded flag per player.")
    # (map() and compress() rather than comprehensions: this runs every hand.)
    levels = sorted(set(compress(contributions, map(not_, folded))) - {0})
    pots: list[Pot] = []
    previous = 0
    last = len(levels) - 1
    for index, level in enumerate(levels):
        if index == last:
            # The last level collects everything above it, including folded
            # players' chips beyond the highest live level (cannot happen once
            # uncalled bets are returned, but never lose a chip).
            if previous:
                amount = sum([c - previous for c in contributions if c > previous])
            else:
                amount = sum(contributions)
        else:
            amount = sum([min(c, level) - previous for c in contributions if c > previous])
        eligible = tuple([i for i, c in enumerate(contributions) if c >= level and not folded[i]])
        if pots and pots[-1].eligible == eligible:
            pots[-1] = _pot(pots[-1].amount + amount, eligible)
        else:
            pots.append(_pot(amount, eligible))
        previous = level
    if not pots:
        live = tuple(i for i, f in enumerate(folded) if not f)
        pots.append(_pot(sum(contributions), live))
    if dead_money:
        everyone = tuple(i for i, f in enumerate(folded) if not f)
        if pots[0].eligible == everyone:
            pots[0] = _pot(pots[0].amount + dead_money, everyone)
        else:
            # Someone is all in for the ante alone: they still play for the
            # dead money, though for none of the bets.
            pots.insert(0, _pot(dead_money, everyone))
    return pots


def split_amount(
    amount: int, winners: Sequence[int], odd_chip_order: Sequence[int] | None = None
) -> list[tuple[int, int]]:
    """Divide ``amount`` among ``winners``, listed by player index; odd chips go
    one each to the first winners clockwise from the button, or to the first
    of ``odd_chip_order`` when given (stud: by the cards, see
    :func:`engine.showing.odd_chip_order`).

    >>> split_amount(101, [2, 0])
    [(0, 51), (2, 50)]
    >>> split_amount(101, [2, 0], odd_chip_order=[2, 0])
    [(0, 50), (2, 51)]
    """
    ordered = sorted(winners)
    share, odd = divmod(amount, len(ordered))
    first = list(odd_chip_order if odd_chip_order is not None else ordered)[:odd]
    return [(player, share + (1 if player in first else 0)) for player in ordered]
