"""Five cards judged the slow, obvious way; every faster path is checked against this.

A *code* is an ``int`` that orders the five-card hands of one way of judging:

    order << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5

``order`` is the category's place in that game's category order (see
:data:`HIGH_ORDER`), and ``r1, r2, …`` are the distinct ranks in the order a
player reads them: the most copies first, higher before lower (a full house
of kings over fours is ``K, 4``; a straight is just its top card). A bigger
code is a better *high* hand; the lows turn codes around in
:mod:`engine.evaluation.lows`.

>>> from engine.cards import parse_cards
>>> def code_of(text: str) -> int:
...     cards = parse_cards(text)
...     return high_code([c.rank for c in cards], len({c.suit for c in cards}) == 1)
>>> code_of("AsAdKcKh2s") > code_of("AsAdQcQh2s") > code_of("KsKdQcQhAs")
True
>>> code_of("5s4d3c2hAs") < code_of("6s5d4c3h2s")  # the wheel is the lowest straight
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from engine.cards import ACE
from engine.evaluation.kinds import Category

#: Categories from worst to best, for standard high hands.
HIGH_ORDER: Final = (
    Category.HIGH_CARD,
    Category.PAIR,
    Category.TWO_PAIR,
    Category.THREE_OF_A_KIND,
    Category.STRAIGHT,
    Category.FLUSH,
    Category.FULL_HOUSE,
    Category.FOUR_OF_A_KIND,
    Category.STRAIGHT_FLUSH,
)
#: Short deck: three of a kind beats a straight, a flush beats a full house.
SHORT_DECK_ORDER: Final = (
    Category.HIGH_CARD,
    Category.PAIR,
    Category.TWO_PAIR,
    Category.STRAIGHT,
    Category.THREE_OF_A_KIND,
    Category.FULL_HOUSE,
    Category.FLUSH,
    Category.FOUR_OF_A_KIND,
    Category.STRAIGHT_FLUSH,
)
#: Short deck as some rooms play it: a flush beats a full house, but a straight
#: still beats three of a kind (seed 000: "je nach Regelwerk").
SHORT_DECK_STRAIGHT_OVER_TRIPS_ORDER: Final = (
    Category.HIGH_CARD,
    Category.PAIR,
    Category.TWO_PAIR,
    Category.THREE_OF_A_KIND,
    Category.STRAIGHT,
    Category.FULL_HOUSE,
    Category.FLUSH,
    Category.FOUR_OF_A_KIND,
    Category.STRAIGHT_FLUSH,
)
#: Manila's 32-card deck: a flush beats a full house; otherwise the usual order.
MANILA_ORDER: Final = SHORT_DECK_STRAIGHT_OVER_TRIPS_ORDER
#: Ace-to-five lows know no straights or flushes; only pairing counts.
PAIRING_ORDER: Final = (
    Category.HIGH_CARD,
    Category.PAIR,
    Category.TWO_PAIR,
    Category.THREE_OF_A_KIND,
    Category.FULL_HOUSE,
    Category.FOUR_OF_A_KIND,
)

CATEGORY_SHIFT: Final = 20


def _straights(windows: Iterable[Sequence[int]]) -> dict[int, int]:
    """Rank mask of each straight -> the rank it is read by (its top card)."""
    return {sum(1 << rank for rank in window): window[-1] for window in windows}


_RUNS = [list(range(low, low + 5)) for low in range(9)]  # 2-3-4-5-6 … T-J-Q-K-A
#: Straights of the 52-card deck, the wheel A-2-3-4-5 (read as five high) included.
STANDARD_STRAIGHTS: Final = _straights([[ACE, 0, 1, 2, 3], *_RUNS])
#: Straights when aces are high only (deuce-to-seven): no wheel.
ACE_HIGH_ONLY_STRAIGHTS: Final = _straights(_RUNS)
#: Straights of the 36-card deck: sixes up, and A-6-7-8-9 (read as nine high).
SHORT_DECK_STRAIGHTS: Final = _straights([[ACE, 4, 5, 6, 7], *_RUNS[4:]])
#: Straights of Manila's 32-card deck: sevens up, the ace high only (A-7-8-9-T
#: is no straight).
MANILA_STRAIGHTS: Final = _straights(_RUNS[5:])


def grouped(ranks: Iterable[int]) -> tuple[Category, tuple[int, ...]]:
    """The category pairing alone makes, and the distinct ranks in reading order.

    >>> grouped([3, 12, 3, 7, 12])
    (<Category.TWO_PAIR: 'two pair'>, (12, 3, 7))
    """
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    order = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    most = counts[order[0]]
    next_most = counts[order[1]] if len(order) > 1 else 0
    if most == 4:
        category = Category.FOUR_OF_A_KIND
    elif most == 3:
        category = Category.FULL_HOUSE if next_most >= 2 else Category.THREE_OF_A_KIND
    elif most == 2:
        category = Category.TWO_PAIR if next_most == 2 else Category.PAIR
    else:
        category = Category.HIGH_CARD
    return category, tuple(order)


def pack(order_index: int, ranks: Sequence[int]) -> int:
    """The code of a hand whose category is ``order_index`` in its order, read as ``ranks``."""
    code = order_index
    for position in range(5):
        code = code << 4 | (ranks[position] if position < len(ranks) else 0)
    return code


def made_hand(
    ranks: Sequence[int], suited: bool, straights: Mapping[int, int] = STANDARD_STRAIGHTS
) -> tuple[Category, tuple[int, ...]]:
    """What five cards make when straights and flushes count: category and reading ranks."""
    category, reading = grouped(ranks)
    if category is not Category.HIGH_CARD:
        return category, reading  # paired: no straight, and a flush needs five ranks
    top = straights.get(sum(1 << rank for rank in ranks))
    if top is not None:
        return (Category.STRAIGHT_FLUSH if suited else Category.STRAIGHT), (top,)
    return (Category.FLUSH if suited else Category.HIGH_CARD), reading


def high_code(
    ranks: Sequence[int],
    suited: bool,
    straights: Mapping[int, int] = STANDARD_STRAIGHTS,
    order: Sequence[Category] = HIGH_ORDER,
) -> int:
    """The code of five cards as a high hand (bigger is better)."""
    category, reading = made_hand(ranks, suited, straights)
    return pack(order.index(category), reading)


def category_of(code: int, order: Sequence[Category]) -> Category:
    """The category a code was packed with."""
    return order[code >> CATEGORY_SHIFT]
