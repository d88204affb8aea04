"""Strengths of many deals at once: the engine's evaluations run over NumPy arrays.

An equity calculation judges the same players' hands on hundreds of thousands
of run-outs. Judging them one call at a time in Python costs about a
microsecond a hand; here a whole batch of deals is judged with a few dozen
array operations over the *same* lookup tables the showdown uses
(:mod:`.high_tables`, :mod:`.lows`), so the strengths are exactly the ones
:func:`~engine.evaluation.showdown.evaluate` reports, only many at a time.

A batch is described by :class:`Dealt`: for each deal of the batch, some
cards known before the deal (the same in every row) and some dealt (one array
per card, one row per deal). A :class:`BatchJudge` turns the board and each
player's hole cards into one array of strengths per player; higher is better,
equal strengths split, and 0 means "no hand of this kind" (an
eight-or-better low that does not qualify).

How each evaluation is computed:

* any five of seven, high (Hold'em, short deck, stud): the card keys of
  :mod:`.card_keys` are summed; the sum's suit part says whether there is a
  flush, its rank part indexes the seven-card rank table; flush rows read the
  flush table by the rank mask of the flush suit.
* eight-or-better low of any five: the set of different ranks eight or lower
  (an 8-bit mask, ORed over the cards) indexes a 256-entry table.
* ace-to-five low of seven (razz): the rank part of the key sum names the
  multiset of ranks; a sorted table of the 49,205 seven-card multisets gives
  the best five's strength.
* Omaha high: each of the six hole pairs with each of the ten board triples;
  the pair's ranks and the triple's rank multiset index a 169 x 455 table of
  five-card strengths, a suited pair on a triple of its suit reads the flush
  table instead.
* Omaha eight-or-better low: a pair of different low ranks with the board's
  set of low ranks indexes a 256 x 256 table (the best three board ranks the
  pair does not hold).

The tables for Omaha and the lows are built on first use from the engine's
own five-card judges (:mod:`.lows`, ``STANDARD.by_ranks[5]``), never typed in.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import chain, combinations, combinations_with_replacement
from math import comb
from typing import Final, TypeAlias

import numpy as np
import numpy.typing as npt

from engine.cards import ALL_CARDS, Card
from engine.evaluation import lows
from engine.evaluation.card_keys import RANK_BITS, RANK_KEYS, RANK_MASK
from engine.evaluation.high_tables import SHORT_DECK, STANDARD, HighTables
from engine.evaluation.kinds import Evaluation

#: One dealt card per deal of a batch (card codes 0-51).
Column: TypeAlias = npt.NDArray[np.intp]
#: One strength per deal of a batch.
Strengths: TypeAlias = npt.NDArray[np.integer]
_Table: TypeAlias = npt.NDArray[np.integer]
_Values: TypeAlias = npt.NDArray[np.integer] | int

_FLUSH_SLOT_MASK: Final = 255
#: Bits of one suit's rank mask in a card's suit bits (``1 << (16 * suit + rank)``).
_SUIT_FIELD: Final = 16
_RANK_FIELD_MASK: Final = (1 << 13) - 1


@dataclass(frozen=True, slots=True)
class Dealt:
    """Some cards of every deal in a batch: ``known`` are the same in every deal,
    ``columns`` hold one dealt card each, one row per deal."""

    known: tuple[int, ...] = ()
    columns: tuple[Column, ...] = ()

    def __len__(self) -> int:
        return len(self.known) + len(self.columns)

    def __add__(self, other: Dealt) -> Dealt:
        return Dealt(self.known + other.known, self.columns + other.columns)

    def rows(self, index: npt.NDArray[np.intp]) -> Dealt:
        """The same cards for the deals at ``index`` only."""
        return Dealt(self.known, tuple(column.take(index) for column in self.columns))

    def cards(self) -> list[_Values]:
        """Every card: an ``int`` where it is known, a column where it is dealt."""
        return [*self.known, *self.columns]

    def total(self, table: _Table) -> _Values:
        """The sum of ``table`` over the cards (an ``int`` when none is dealt)."""
        value: _Values = int(sum(int(table[card]) for card in self.known))
        for column in self.columns:
            value = value + table.take(column)
        return value

    def union(self, table: _Table) -> _Values:
        """The bitwise OR of ``table`` over the cards (an ``int`` when none is dealt)."""
        value: _Values = 0
        for card in self.known:
            value |= int(table[card])
        for column in self.columns:
            value = value | table.take(column)
        return value


def _full(value: _Values, size: int, dtype: type[np.integer]) -> npt.NDArray[np.integer]:
    """``value`` as an array of ``size`` rows (a known value repeated)."""
    if isinstance(value, np.ndarray):
        if value.shape == (size,):
            return value
        return np.broadcast_to(value.reshape(-1), (size,)).astype(dtype)
    return np.full(size, value, dtype=dtype)


class BatchJudge(ABC):
    """Judges a batch of deals for every player at once by one :class:`Evaluation`."""

    #: Cards each player's hole and board make together, as this judge needs them.
    hole_cards: int | None = None
    board_cards: int | None = None

    @abstractmethod
    def strengths(self, board: Dealt, holes: Sequence[Dealt], size: int) -> list[Strengths]:
        """One array of ``size`` strengths per hole in ``holes`` (higher is better,
        0 is no hand)."""


class AnyFiveHigh(BatchJudge):
    """The best high hand of any five among seven cards (board and hole together)."""

    def __init__(self, tables: HighTables) -> None:
        if tables.by_ranks7.itemsize != 2:
            raise ImportError("The seven-card table is expected to hold 16-bit strengths.")
        self._keys = np.array([tables.keys.get(card, 0) for card in ALL_CARDS], dtype=np.int32)
        self._suit_bits = np.array(
            [1 << (_SUIT_FIELD * card.suit + card.rank) for card in ALL_CARDS], dtype=np.int64
        )
        self._by_ranks7 = np.frombuffer(tables.by_ranks7, dtype=np.uint16)
        self._flush_suits = np.array(tables.flush_suits[7], dtype=np.int8)
        self._by_flush_mask = np.array(tables.by_flush_mask, dtype=np.uint16)

    def strengths(self, board: Dealt, holes: Sequence[Dealt], size: int) -> list[Strengths]:
        keys = self._keys
        board_keys = board.total(keys)
        result: list[Strengths] = []
        for hole in holes:
            if len(hole) + len(board) != 7:
                raise ValueError("This judge takes exactly seven cards per player.")
            k = _full(board_keys + hole.total(keys), size, np.int32)
            suits = self._flush_suits.take((k >> RANK_BITS) & _FLUSH_SLOT_MASK)
            strength = self._by_ranks7.take(k & RANK_MASK)
            flushed = np.flatnonzero(suits)
            if flushed.size:
                bits = (board.rows(flushed) + hole.rows(flushed)).total(self._suit_bits)
                shift = (suits.take(flushed).astype(np.int64) - 1) * _SUIT_FIELD
                mask = (np.asarray(bits, dtype=np.int64) >> shift) & _RANK_FIELD_MASK
                strength[flushed] = self._by_flush_mask.take(mask)
            result.append(strength)
        return result


def _low_bit(card: Card) -> int:
    """The bit of the card's rank counted ace-low, for ranks eight or lower (else 0)."""
    rank = lows.ace_low(card.rank)
    return 1 << rank if rank <= lows.EIGHT else 0


_LOW_BITS: Final = np.array([_low_bit(card) for card in ALL_CARDS], dtype=np.int32)


def _cards_of_low_ranks(ranks: Sequence[int]) -> list[Card]:
    """Cards with these ace-low ranks (suits spread so no two cards are equal)."""
    return [Card.of((rank - 1) % 13, index % 4) for index, rank in enumerate(ranks)]


@cache
def _eight_low_table() -> npt.NDArray[np.int32]:
    """Mask of different low ranks -> strength of the best eight-or-better low (0: none)."""
    table = np.zeros(256, dtype=np.int32)
    for mask in range(256):
        ranks = [rank for rank in range(8) if mask >> rank & 1]
        best = 0
        for five in combinations(ranks, 5):
            strength = lows.eight_or_better(_cards_of_low_ranks(five))
            if strength is not None:
                best = max(best, strength)
        table[mask] = best
    return table


@cache
def _omaha_low_table() -> npt.NDArray[np.int32]:
    """``pair mask * 256 + board mask`` -> best Omaha low of that pair with three
    of those board ranks (0: none). Only pairs of two different low ranks play."""
    eights = _eight_low_table()
    table = np.zeros(256 * 256, dtype=np.int32)
    for pair in combinations(range(8), 2):
        pair_mask = (1 << pair[0]) | (1 << pair[1])
        for board_mask in range(256):
            free = [rank for rank in range(8) if board_mask >> rank & 1 and rank not in pair]
            best = 0
            for three in combinations(free, 3):
                best = max(best, int(eights[pair_mask | sum(1 << rank for rank in three)]))
            table[pair_mask * 256 + board_mask] = best
    return table


class AnyFiveEightLow(BatchJudge):
    """The best eight-or-better low of any five cards (stud hi-lo, Crazy Pineapple hi-lo)."""

    def strengths(self, board: Dealt, holes: Sequence[Dealt], size: int) -> list[Strengths]:
        table = _eight_low_table()
        board_mask = board.union(_LOW_BITS)
        return [
            table.take(_full(board_mask | hole.union(_LOW_BITS), size, np.int32)) for hole in holes
        ]


@cache
def _ace_to_five_fives() -> dict[int, int]:
    """Rank-key sum of every multiset of five ranks -> its ace-to-five strength."""
    fives: dict[int, int] = {}
    for ranks in _rank_multisets(5):
        cards = [Card.of(rank, copy) for rank, copy in _copies(ranks)]
        fives[sum(RANK_KEYS[rank] for rank in ranks)] = lows.ace_to_five(cards)
    return fives


@cache
def _ace_to_five_tables() -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Sorted rank-key sums of every multiset of seven ranks, and the strength of
    the best ace-to-five low among each multiset's fives: the best of the
    hands left by dropping one card, size by size from five, as array passes
    over all multisets of a size, one pass per rank dropped."""
    fives = _ace_to_five_fives()
    keys = np.array(sorted(fives), dtype=np.int64)
    values = np.array([fives[key] for key in keys.tolist()], dtype=np.int32)
    rank_keys = np.array(RANK_KEYS, dtype=np.int64)
    for size in (6, 7):
        multisets = _rank_multiset_array(size)
        larger = rank_keys.take(multisets).sum(axis=1)
        best = np.zeros(larger.size, dtype=np.int32)
        for rank in range(13):
            holds = (multisets == rank).any(axis=1)
            dropped = larger - rank_keys[rank]
            found = np.minimum(np.searchsorted(keys, dropped), keys.size - 1)
            best = np.where(holds, np.maximum(best, values.take(found)), best)
        order = np.argsort(larger)
        keys, values = larger.take(order), best.take(order)
    return keys.astype(np.int32), values


def _rank_multisets(size: int) -> list[tuple[int, ...]]:
    """Every choice of ``size`` ranks, each at most four times, in ascending order."""
    return [tuple(ranks) for ranks in _rank_multiset_array(size).tolist()]


def _rank_multiset_array(size: int) -> npt.NDArray[np.intp]:
    """:func:`_rank_multisets` as an array, one row each: choosing ``size`` of
    ``13 + size - 1`` places and taking away each place's index gives every
    multiset of ranks once (stars and bars)."""
    places = np.fromiter(
        chain.from_iterable(combinations(range(13 + size - 1), size)), dtype=np.intp
    ).reshape(-1, size)
    ranks = places - np.arange(size)
    five_alike = (ranks[:, 4:] == ranks[:, : size - 4]).any(axis=1)
    return np.asarray(ranks[~five_alike], dtype=np.intp)


def _copies(ranks: Sequence[int]) -> list[tuple[int, int]]:
    """Each rank with how many of that rank came before it (a different suit each)."""
    seen: dict[int, int] = {}
    result = []
    for rank in ranks:
        result.append((rank, seen.get(rank, 0)))
        seen[rank] = seen.get(rank, 0) + 1
    return result


_STANDARD_KEYS: Final = np.array([STANDARD.keys[card] for card in ALL_CARDS], dtype=np.int32)


_ACE_LOW_BITS: Final = np.array(
    [1 << lows.ace_low(card.rank) for card in ALL_CARDS], dtype=np.int32
)


@cache
def _five_lowest_table() -> npt.NDArray[np.int32]:
    """Mask of different ranks counted ace-low -> strength of the ace-to-five low
    of its five lowest ranks (0 for fewer than five ranks): with five different
    ranks to choose from, the best low pairs nothing and takes the lowest."""
    fives = _ace_to_five_fives()
    table = np.zeros(1 << 13, dtype=np.int32)
    for mask in range(1 << 13):
        low_ranks = [rank for rank in range(13) if mask >> rank & 1][:5]
        if len(low_ranks) == 5:
            table[mask] = fives[sum(RANK_KEYS[(rank - 1) % 13] for rank in low_ranks)]
    return table


class AnyFiveAceToFiveLow(BatchJudge):
    """Razz: the best ace-to-five low of any five among seven cards.

    Seven cards of five or more different ranks play their five lowest ranks
    (a table by the mask of ranks); the few with fewer ranks must pair, and
    are looked up by their multiset of ranks.
    """

    def strengths(self, board: Dealt, holes: Sequence[Dealt], size: int) -> list[Strengths]:
        keys, values = _ace_to_five_tables()
        five_lowest = _five_lowest_table()
        board_ranks = board.union(_ACE_LOW_BITS)
        result: list[Strengths] = []
        for hole in holes:
            if len(hole) + len(board) != 7:
                raise ValueError("This judge takes exactly seven cards per player.")
            ranks = _full(board_ranks | hole.union(_ACE_LOW_BITS), size, np.int32)
            strength = five_lowest.take(ranks)
            paired = np.flatnonzero(strength == 0)
            if paired.size:
                cards = board.rows(paired) + hole.rows(paired)
                k = _full(cards.total(_STANDARD_KEYS), paired.size, np.int32)
                strength[paired] = values.take(np.searchsorted(keys, k & RANK_MASK))
            result.append(strength)
        return result


_TRIPLES: Final = comb(13 + 2, 3)  # multisets of three ranks
_TRIPLE_BASE: Final = np.array([comb(rank + 2, 3) for rank in range(13)], dtype=np.intp)
_PAIR_BASE: Final = np.array([comb(rank + 1, 2) for rank in range(13)], dtype=np.intp)
_RANKS: Final = np.array([card.rank for card in ALL_CARDS], dtype=np.intp)
_SUITS: Final = np.array([card.suit for card in ALL_CARDS], dtype=np.intp)
_RANK_BITS: Final = np.array([1 << card.rank for card in ALL_CARDS], dtype=np.intp)
_NO_SUIT_PAIR: Final = -2
_NO_SUIT_TRIPLE: Final = -1


def _triple_index(low: int, middle: int, high: int) -> int:
    """Where the ranks ``low <= middle <= high`` stand among the 455 multisets."""
    return int(_TRIPLE_BASE[high] + _PAIR_BASE[middle] + low)


@cache
def _omaha_high_table() -> npt.NDArray[np.uint16]:
    """``(first rank * 13 + second rank) * 455 + triple index`` -> strength of
    those five ranks unsuited (0 for five of a kind, which no deck holds)."""
    fives = STANDARD.by_ranks[5]
    five_keys = np.array(sorted(fives), dtype=np.int64)
    five_strengths = np.array([fives[key] for key in five_keys.tolist()], dtype=np.uint16)
    rank_keys = np.array(RANK_KEYS, dtype=np.int64)
    triples = np.array(list(combinations_with_replacement(range(13), 3)), dtype=np.intp)
    triple_keys = rank_keys.take(triples).sum(axis=1)
    order = np.array([_triple_index(*triple) for triple in triples.tolist()], dtype=np.intp)
    pair_keys = (rank_keys[:, None] + rank_keys[None, :]).reshape(169)
    keys = pair_keys[:, None] + triple_keys[None, :]
    found = np.minimum(np.searchsorted(five_keys, keys), five_keys.size - 1)
    strengths = np.where(five_keys.take(found) == keys, five_strengths.take(found), 0)
    table = np.zeros((169, _TRIPLES), dtype=np.uint16)
    table[:, order] = strengths
    return table.reshape(-1)


@lru_cache(maxsize=4096)
def _best_of_known_pairs(hole: tuple[int, ...]) -> npt.NDArray[np.uint16]:
    """For four known hole cards: triple index -> the best unsuited strength any of
    their six pairs makes with that triple."""
    rows = _omaha_high_table().reshape(169, _TRIPLES)
    pairs = [_RANKS[a] * 13 + _RANKS[b] for a, b in combinations(hole, 2)]
    return np.asarray(rows.take(pairs, axis=0).max(axis=0), dtype=np.uint16)


_OMAHA_FLUSHES: Final = np.array(STANDARD.by_flush_mask, dtype=np.uint16)
_FIRST_OF_PAIR, _SECOND_OF_PAIR = (
    np.array(side, dtype=np.intp) for side in zip(*combinations(range(4), 2), strict=True)
)
_TRIPLE_X, _TRIPLE_Y, _TRIPLE_Z = (
    np.array(side, dtype=np.intp) for side in zip(*combinations(range(5), 3), strict=True)
)

_Grid = npt.NDArray[np.integer]


def _pairs(hole: Dealt) -> tuple[_Grid, _Grid, _Grid, _Grid]:
    """For the six pairs of four hole cards: rank pair index, suit (or a value
    no triple has), rank mask, low-rank mask, each shaped (6, 1) or (6, rows)."""
    cards = _stack(hole.cards())
    first, second = cards.take(_FIRST_OF_PAIR, axis=0), cards.take(_SECOND_OF_PAIR, axis=0)
    first_suit, second_suit = _SUITS.take(first), _SUITS.take(second)
    index = _RANKS.take(first) * 13 + _RANKS.take(second)
    suit = np.where(first_suit == second_suit, first_suit, _NO_SUIT_PAIR)
    rank_mask = _RANK_BITS.take(first) | _RANK_BITS.take(second)
    low_mask = _LOW_BITS.take(first) | _LOW_BITS.take(second)
    return index, suit, rank_mask, low_mask


def _triples(board: Dealt) -> tuple[_Grid, _Grid, _Grid]:
    """For the ten triples of five board cards: triple index, suit (-1 unless all
    three share one), rank mask, each shaped (10, 1) or (10, rows)."""
    cards = _stack(board.cards())
    ranks, suits, bits = _RANKS.take(cards), _SUITS.take(cards), _RANK_BITS.take(cards)
    rx, ry, rz = (ranks.take(side, axis=0) for side in (_TRIPLE_X, _TRIPLE_Y, _TRIPLE_Z))
    low = np.minimum(np.minimum(rx, ry), rz)
    high = np.maximum(np.maximum(rx, ry), rz)
    middle = rx + ry + rz - low - high
    index = _TRIPLE_BASE.take(high) + _PAIR_BASE.take(middle) + low
    sx, sy, sz = (suits.take(side, axis=0) for side in (_TRIPLE_X, _TRIPLE_Y, _TRIPLE_Z))
    suit = np.where((sx == sy) & (sy == sz), sx, _NO_SUIT_TRIPLE)
    rank_mask = (
        bits.take(_TRIPLE_X, axis=0) | bits.take(_TRIPLE_Y, axis=0) | bits.take(_TRIPLE_Z, axis=0)
    )
    return index, suit, rank_mask


def _stack(cards: Sequence[_Values]) -> npt.NDArray[np.intp]:
    """Cards (ints or equally long columns) as one array, one row per card."""
    if all(isinstance(card, int) for card in cards):
        return np.array(cards, dtype=np.intp)[:, None]
    size = next(len(card) for card in cards if isinstance(card, np.ndarray))
    return np.stack([_full(card, size, np.intp) for card in cards])


class OmahaHigh(BatchJudge):
    """Omaha high: exactly two of four hole cards with exactly three of five board cards.

    Four known hole cards (an all-in hand) are judged through a 455-entry
    table of their best unsuited strength per board triple, so each deal costs
    ten lookups instead of sixty; their suited pairs then meet the triples of
    their suit for flushes.
    """

    hole_cards = 4
    board_cards = 5

    def strengths(self, board: Dealt, holes: Sequence[Dealt], size: int) -> list[Strengths]:
        triple, triple_suit, triple_mask = _triples(board)
        result: list[Strengths] = []
        for hole in holes:
            if hole.columns:
                strength = self._dealt(hole, triple, triple_suit, triple_mask)
            else:
                strength = self._known(hole.known, triple, triple_suit, triple_mask)
            result.append(_full(strength, size, np.uint16))
        return result

    @staticmethod
    def _known(hole: tuple[int, ...], triple: _Grid, suit: _Grid, mask: _Grid) -> _Grid:
        strength = _best_of_known_pairs(tuple(int(card) for card in hole)).take(triple).max(axis=0)
        for a, b in combinations(hole, 2):
            if _SUITS[a] == _SUITS[b]:
                pair_mask = int(_RANK_BITS[a] | _RANK_BITS[b])
                flush = np.where(suit == _SUITS[a], _OMAHA_FLUSHES.take(mask | pair_mask), 0)
                strength = np.maximum(strength, flush.max(axis=0))
        return np.asarray(strength, dtype=np.uint16)

    @staticmethod
    def _dealt(hole: Dealt, triple: _Grid, suit: _Grid, mask: _Grid) -> _Grid:
        pair, pair_suit, pair_mask, _ = _pairs(hole)
        index = (pair * _TRIPLES)[:, None, :] + triple[None, :, :]
        strength = _omaha_high_table().take(index)
        flush = pair_suit[:, None, :] == suit[None, :, :]
        if flush.any():
            masks = pair_mask[:, None, :] | mask[None, :, :]
            strength = np.where(flush, _OMAHA_FLUSHES.take(masks), strength)
        return np.asarray(strength.max(axis=(0, 1)), dtype=np.uint16)


class OmahaEightLow(BatchJudge):
    """Omaha eight-or-better low: two different low hole ranks with three board ranks."""

    hole_cards = 4
    board_cards = 5

    def strengths(self, board: Dealt, holes: Sequence[Dealt], size: int) -> list[Strengths]:
        table = _omaha_low_table()
        board_mask = board.union(_LOW_BITS)
        result: list[Strengths] = []
        for hole in holes:
            _, _, _, pair_mask = _pairs(hole)
            strength = table.take(pair_mask * 256 + board_mask).max(axis=0)
            result.append(_full(strength, size, np.int32))
        return result


def judge_for(evaluation: Evaluation) -> BatchJudge:
    """The batch judge of ``evaluation``; draw-game evaluations have none (``ValueError``)."""
    judge = _JUDGES.get(evaluation)
    if judge is None:
        raise ValueError(f"Hands judged by {evaluation.value} are not judged in batches.")
    return judge


_JUDGES: Final[dict[Evaluation, BatchJudge]] = {
    Evaluation.STANDARD_HIGH: AnyFiveHigh(STANDARD),
    Evaluation.SHORT_DECK_HIGH: AnyFiveHigh(SHORT_DECK),
    Evaluation.EIGHT_OR_BETTER_LOW: AnyFiveEightLow(),
    Evaluation.ACE_TO_FIVE_LOW: AnyFiveAceToFiveLow(),
    Evaluation.OMAHA_HIGH: OmahaHigh(),
    Evaluation.OMAHA_EIGHT_OR_BETTER_LOW: OmahaEightLow(),
}
