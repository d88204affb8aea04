"""Every five-card board at once, as classes of boards that judge alike: exact equity
before the flop in Hold'em and Omaha at the cost of a sample.

With the whole board to come, a board matters to a hand of two hole cards
(any five of seven) or of Omaha (two hole cards with three board cards)
through its ranks alone unless three or more of its cards share a suit:
no flush can be made with two board cards of a suit. So the ``C(n, 5)``
boards (1,370,754 three-way in Hold'em) fall into classes:

* boards with no three cards of a suit, by their multiset of ranks (6,175
  on the 52-card deck), each counted as every way of dealing those ranks
  from the unseen cards less the ways that put three of a suit on the board;
* boards with three, four or five cards of one suit, by that suit, the ranks
  of that suit and the multiset of the other ranks (146,432 classes), each
  counted as the ways of dealing the other ranks from the other suits.

Every board of a class gives every hand the same high and low strength (the
rank multiset fixes every hand without a flush, the flush suit's ranks fix
the flushes), so each class is judged once, on a representative board, and
weighted by its count: about 152,000 boards judged instead of 1.4 million.
A representative board may repeat a card a player holds; judges read only
ranks and how many cards share a suit, and the suits are chosen so that no
suit but the flush suit reaches three on the board.

>>> from engine.cards import parse_cards as cards
>>> hands = [*cards("AsAd"), *cards("KhKc")]
>>> classes = board_classes(0, [card for card in range(52) if card not in hands])
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

_SUITS: Final = 4
#: ``_BINOMIAL[available, chosen]``: ways to choose the cards of one rank.
_BINOMIAL: Final = np.array([[comb(a, c) for c in range(5)] for a in range(5)], dtype=np.int64)


@dataclass(frozen=True, slots=True)
class BoardClasses:
    """The classes that can be dealt: a representative board of each (five columns
    of card codes, one row per class) and how many boards each stands for."""

    boards: tuple[npt.NDArray[np.intp], ...]
    weights: npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class _Shapes:
    """What the classes look like for one deck, whatever the hands (worked out once).

    Suited classes come first, for every suit, three, four and five cards of
    it, every set of its ranks and every multiset of the other ranks; then
    the classes of boards with no three of a suit, one per rank multiset.
    """

    #: A representative board of every class: five rows of card codes.
    boards: npt.NDArray[np.intp]
    #: Multisets of five ranks: the count of each rank.
    five_counts: npt.NDArray[np.intp]
    #: Per suited class: where its set of suited ranks and its multiset of
    #: other ranks stand in the per-suit weight tables (flattened, suit by
    #: suit), and where its board's rank multiset stands among ``five_counts``.
    set_flat: npt.NDArray[np.intp]
    other_flat: npt.NDArray[np.intp]
    five_index: npt.NDArray[np.intp]
    #: The sets of suited ranks (rank indices, padded to five with a rank of
    #: weight 1) and the multisets of other ranks (counts) those rows name.
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


def _ranks_of(counts: npt.NDArray[np.intp]) -> npt.NDArray[np.intp]:
    """Each multiset's ranks, ascending, one row each (from rows of counts)."""
    return np.repeat(np.tile(np.arange(counts.shape[1]), counts.shape[0]), counts.ravel()).reshape(
        counts.shape[0], -1
    )


@cache
def _shapes(lowest_rank: int) -> _Shapes:
    ranks = 13 - lowest_rank
    rank_keys = np.array(RANK_KEYS[:ranks], dtype=np.int64)
    five_counts = _multisets(ranks, 5)
    five_keys = five_counts @ rank_keys
    sets = [
        [*chosen, *[ranks] * (5 - size)]
        for size in (3, 4, 5)
        for chosen in combinations(range(ranks), size)
    ]
    set_sizes = np.array([5 - row.count(ranks) for row in sets], dtype=np.intp)
    set_array = np.array(sets, dtype=np.intp)
    others = np.vstack([_multisets(ranks, 5 - size) for size in (3, 4, 5)])
    other_sizes = others.sum(axis=1)
    # Every (set, multiset) pair that makes five cards, for each suit.
    set_row, other_row = np.nonzero(set_sizes[:, None] + other_sizes[None, :] == 5)
    set_keys = np.append(rank_keys, 0).take(set_array).sum(axis=1)  # padding counts 0
    keys = set_keys.take(set_row) + (others @ rank_keys).take(other_row)
    order = np.argsort(five_keys)
    five_index = order.take(np.searchsorted(five_keys, keys, sorter=order))
    count = set_row.size

    # Representative boards. Suited: the set in its suit, the other ranks
    # (ascending) in the other suits in turn, so no other suit reaches three.
    suited_boards = np.empty((5, _SUITS * count), dtype=np.intp)
    padded = set_array.take(set_row, axis=0)  # (count, 5), padding = ranks
    other_ranks = np.zeros((count, 2), dtype=np.intp)
    for size in (1, 2):
        rows = np.flatnonzero(other_sizes.take(other_row) == size)
        other_ranks[rows, :size] = _ranks_of(others.take(other_row.take(rows), axis=0))
    for suit in range(_SUITS):
        block = slice(suit * count, (suit + 1) * count)
        others_suits = [s for s in range(_SUITS) if s != suit]
        for position in range(5):
            rank = padded[:, position]
            # Past the set's own cards, the padding positions take the other ranks.
            filler = position - set_sizes.take(set_row)
            other_rank = other_ranks[np.arange(count), np.clip(filler, 0, 1)]
            other_suit = np.array(others_suits).take(np.clip(filler, 0, 1))
            actual_rank = np.where(filler < 0, rank, other_rank)
            actual_suit = np.where(filler < 0, suit, other_suit)
            suited_boards[position, block] = (actual_rank + lowest_rank) * 4 + actual_suit
    # No three of a suit: the ranks ascending, suits in turn (two of one suit at most).
    plain_ranks = _ranks_of(five_counts)
    plain_boards = (plain_ranks + lowest_rank) * 4 + np.array([0, 1, 2, 3, 0])
    suits = np.repeat(np.arange(_SUITS), count)
    return _Shapes(
        boards=np.hstack([suited_boards, plain_boards.T]),
        five_counts=five_counts,
        set_flat=suits * set_array.shape[0] + np.tile(set_row, _SUITS),
        other_flat=suits * others.shape[0] + np.tile(other_row, _SUITS),
        five_index=np.tile(five_index, _SUITS),
        sets=set_array,
        others=others,
    )


def class_count(lowest_rank: int) -> int:
    """How many classes of board the deck whose lowest rank is ``lowest_rank`` has."""
    return int(_shapes(lowest_rank).boards.shape[1])


def board_classes(lowest_rank: int, unseen: Sequence[int]) -> BoardClasses:
    """The classes of five-card board that can be dealt from ``unseen`` (card
    codes of the deck whose lowest rank is ``lowest_rank``), with their counts."""
    ranks = 13 - lowest_rank
    shapes = _shapes(lowest_rank)
    available = np.zeros((_SUITS, ranks + 1), dtype=np.int64)
    available[:, ranks] = 1  # the padding rank of the suited sets
    for card in unseen:
        available[card & 3, (card >> 2) - lowest_rank] = 1
    elsewhere = available[:, :ranks].sum(axis=0)[None, :] - available[:, :ranks]
    # Per suit: ways to deal each set of suited ranks (0 or 1) and each
    # multiset of other ranks from the other suits; a class multiplies them.
    set_ways = available.take(shapes.sets, axis=1).prod(axis=2)
    other_ways = _BINOMIAL[elsewhere[:, None, :], shapes.others[None, :, :]].prod(axis=2)
    suited = set_ways.ravel().take(shapes.set_flat) * other_ways.ravel().take(shapes.other_flat)
    # Boards with no three of a suit: every way to deal the ranks, less the suited ones.
    all_ways = _BINOMIAL[available[:, :ranks].sum(axis=0)[None, :], shapes.five_counts].prod(axis=1)
    plain = all_ways - np.bincount(
        shapes.five_index, weights=suited, minlength=all_ways.size
    ).round().astype(np.int64)
    weights = np.concatenate([suited, plain])
    kept = np.flatnonzero(weights)
    return BoardClasses(
        tuple(shapes.boards.take(kept, axis=1)), weights.take(kept).astype(np.float64)
    )
