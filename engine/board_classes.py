"""Every five-card board at once, as classes of boards that judge alike: exact Hold'em
equity before the flop at the cost of a sample.

With each player's two hole cards known and the whole board to come, a
board matters to a Hold'em hand through its ranks alone unless three or
more of its cards share a suit: two hole cards and at most two board cards
of a suit make no flush. So the ``C(n, 5)`` boards (1,370,754 three-way)
fall into classes:

* boards with no three cards of a suit, by their multiset of ranks (6,175
  on the 52-card deck), each counted as every way of dealing those ranks
  from the unseen cards less the ways that put three of a suit on the board;
* boards with three, four or five cards of one suit, by that suit, the ranks
  of that suit and the multiset of the other ranks (146,432 classes), each
  counted as the ways of dealing the other ranks from the other suits.

Every board of a class gives every hand the same strength (the rank multiset
fixes the hand without a flush, and the flush suit's ranks fix the flush),
so each class is judged once and weighted by its count: about 152,000
judgements a hand, each exactly the strength
:func:`~engine.evaluation.evaluate` gives, instead of 1.4 million.

>>> from engine.cards import parse_cards as cards
>>> from engine.evaluation.high_tables import STANDARD
>>> hands = [tuple(cards("AsAd")), tuple(cards("KhKc"))]
>>> unseen = [card for card in range(52) if card not in {*hands[0], *hands[1]}]
>>> classes = preflop_classes(STANDARD, hands, unseen)
>>> int(classes.weights.sum()) == 1_712_304  # every board of the 48 unseen cards
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import chain, combinations
from math import comb
from typing import Final

import numpy as np
import numpy.typing as npt

from engine.evaluation.card_keys import RANK_KEYS
from engine.evaluation.high_tables import HighTables

_SUITS: Final = 4
#: ``_BINOMIAL[available, chosen]``: ways to choose the cards of one rank.
_BINOMIAL: Final = np.array([[comb(a, c) for c in range(5)] for a in range(5)], dtype=np.int64)


@dataclass(frozen=True, slots=True)
class BoardClasses:
    """The classes of boards: one strength per hand and class, and each class's count."""

    #: One array per hand, one strength per class.
    strengths: list[npt.NDArray[np.uint16]]
    #: How many boards each class stands for.
    weights: npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class _Shapes:
    """What the classes look like for one deck, whatever the hands (worked out once).

    Suited classes are listed for every suit, three, four and five cards of
    it, every set of its ranks and every multiset of the other ranks.
    """

    #: Multisets of five ranks: rank-key sums and the count of each rank.
    five_keys: npt.NDArray[np.int64]
    five_counts: npt.NDArray[np.intp]
    #: Per suited class (one block of ``block`` classes per suit): where its
    #: set of suited ranks and its multiset of other ranks stand in the
    #: per-suit weight tables (flattened, suit by suit), its board's rank-key
    #: sum, and where that multiset stands among ``five_keys``.
    set_flat: npt.NDArray[np.intp]
    other_flat: npt.NDArray[np.intp]
    keys: npt.NDArray[np.int32]
    five_index: npt.NDArray[np.intp]
    block: int
    #: ``flushes[suit][c]``: the suited classes of ``suit`` in which a hand
    #: holding ``c`` cards of that suit has a flush (three, four or five board
    #: cards of it), and the rank masks of those classes' suited board cards.
    flushes: tuple[tuple[tuple[npt.NDArray[np.intp], npt.NDArray[np.int32]], ...], ...]
    #: The sets of suited ranks and multisets of other ranks those rows name:
    #: one row of rank indices per set (padded with a rank of weight 1), and
    #: one row of counts per multiset.
    sets: npt.NDArray[np.intp]
    others: npt.NDArray[np.intp]


def _multisets(ranks: int, size: int) -> npt.NDArray[np.intp]:
    """Every multiset of ``size`` of ``ranks`` ranks (each at most four times),
    as counts: one row per multiset, one column per rank."""
    if size == 0:
        return np.zeros((1, ranks), dtype=np.intp)
    places = np.fromiter(
        chain.from_iterable(combinations(range(ranks + size - 1), size)), dtype=np.intp
    ).reshape(-1, size)
    chosen = places - np.arange(size)  # stars and bars: the ranks, ascending
    counts = np.zeros((chosen.shape[0], ranks), dtype=np.intp)
    for column in chosen.T:
        counts[np.arange(chosen.shape[0]), column] += 1
    return counts[(counts <= 4).all(axis=1)]


@cache
def _shapes(lowest_rank: int) -> _Shapes:
    ranks = 13 - lowest_rank
    rank_keys = np.array(RANK_KEYS[:ranks], dtype=np.int64)
    five_counts = _multisets(ranks, 5)
    five_keys = five_counts @ rank_keys
    order = np.argsort(five_keys)
    five_counts, five_keys = five_counts.take(order, axis=0), five_keys.take(order)
    # Sets of suited ranks (padded to five with the index ``ranks``, a column
    # of ones in the availability table) and multisets of the other ranks.
    sets = [
        [*chosen, *[ranks] * (5 - size)]
        for size in (3, 4, 5)
        for chosen in combinations(range(ranks), size)
    ]
    set_sizes = np.array([5 - row.count(ranks) for row in sets], dtype=np.intp)
    set_array = np.array(sets, dtype=np.intp)
    others = np.vstack([_multisets(ranks, 5 - size) for size in (3, 4, 5)])
    other_sizes = others.sum(axis=1)
    padded_keys = np.append(rank_keys, 0)
    set_keys = padded_keys.take(set_array).sum(axis=1)
    padded_bits = np.append(np.int64(1) << np.arange(lowest_rank, 13, dtype=np.int64), 0)
    set_masks = padded_bits.take(set_array).sum(axis=1)
    other_keys = others @ rank_keys
    # Every (set, multiset) pair that makes five cards, for each suit.
    set_row, other_row = np.nonzero(set_sizes[:, None] + other_sizes[None, :] == 5)
    keys = set_keys.take(set_row) + other_keys.take(other_row)
    five_index = np.searchsorted(five_keys, keys)
    count = set_row.size
    suits = np.repeat(np.arange(_SUITS), count)
    flushes = []
    for suit in range(_SUITS):
        by_held = []
        for held in range(3):
            places = np.flatnonzero(set_sizes.take(set_row) >= 5 - held)
            masks = set_masks.take(set_row.take(places)).astype(np.int32)
            by_held.append((places + suit * count, masks))
        flushes.append(tuple(by_held))
    return _Shapes(
        five_keys=five_keys.astype(np.int32),
        five_counts=five_counts,
        set_flat=suits * set_array.shape[0] + np.tile(set_row, _SUITS),
        other_flat=suits * others.shape[0] + np.tile(other_row, _SUITS),
        keys=np.tile(keys, _SUITS).astype(np.int32),
        five_index=np.tile(five_index, _SUITS),
        block=count,
        flushes=tuple(flushes),
        sets=set_array,
        others=others,
    )


@cache
def _flush_table(tables: HighTables) -> npt.NDArray[np.uint16]:
    return np.array(tables.by_flush_mask, dtype=np.uint16)


def preflop_classes(
    tables: HighTables, hands: Sequence[Sequence[int]], unseen: Sequence[int]
) -> BoardClasses:
    """Strengths and counts of every class of five-card board dealt from
    ``unseen`` (card codes), for hands of two known hole cards each, judged by
    ``tables`` (the deck's high-hand tables)."""
    lowest = tables.lowest_rank
    ranks = 13 - lowest
    shapes = _shapes(lowest)
    available = np.zeros((_SUITS, ranks + 1), dtype=np.int64)
    available[:, ranks] = 1  # the padding rank of the suited sets
    for card in unseen:
        available[card & 3, (card >> 2) - lowest] = 1
    elsewhere = available[:, :ranks].sum(axis=0)[None, :] - available[:, :ranks]
    # Per suit: ways to deal each set of suited ranks (0 or 1) and each
    # multiset of other ranks from the other suits; a class multiplies them.
    set_ways = available.take(shapes.sets, axis=1).prod(axis=2)
    other_ways = _BINOMIAL[elsewhere[:, None, :], shapes.others[None, :, :]].prod(axis=2)
    weights = set_ways.ravel().take(shapes.set_flat) * other_ways.ravel().take(shapes.other_flat)
    # Boards with no three of a suit: every way to deal the ranks, less the suited ones.
    all_ways = _BINOMIAL[available[:, :ranks].sum(axis=0)[None, :], shapes.five_counts].prod(axis=1)
    plain = all_ways - np.bincount(
        shapes.five_index, weights=weights, minlength=all_ways.size
    ).round().astype(np.int64)

    by_ranks = np.frombuffer(tables.by_ranks7, dtype=np.uint16)
    by_flush = _flush_table(tables)
    # Classes no deal can make (a rank five times) have weight 0; their keys
    # may run past the table, so they read its last entry instead.
    last = by_ranks.size - 1
    strengths = []
    for hand in hands:
        hole_key = sum(RANK_KEYS[(card >> 2) - lowest] for card in hand)
        suited = by_ranks.take(np.minimum(shapes.keys + hole_key, last))
        plain_strength = by_ranks.take(np.minimum(shapes.five_keys + hole_key, last))
        for suit in range(_SUITS):
            of_suit = [card for card in hand if card & 3 == suit]
            places, masks = shapes.flushes[suit][len(of_suit)]
            mask = sum(1 << (card >> 2) for card in of_suit)
            suited[places] = by_flush.take(masks | mask)
        strengths.append(np.concatenate([suited, plain_strength]))
    return BoardClasses(strengths, np.concatenate([weights, plain]).astype(np.float64))
