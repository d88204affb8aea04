"""The lookup tables behind fast high-hand evaluation, and the strength scale of high hands.

Owns the *strength* of a high hand: the worst five-card hand a deck can make has
strength 1 and each better class of hand counts one higher, so on the 52-card
deck strengths run from 1 (7-5-4-3-2 unsuited) to 7,462 (a royal flush) and two
hands tie exactly when their strengths are equal.

Everything is derived at import from :mod:`engine.evaluation.five_card`, the
slow and obvious ranker, for 5, 6 and 7 cards (see :mod:`.card_keys` for the
sum ``k`` of the card keys):

* ``flush_suits[n][k >> RANK_BITS]`` is 0, or 1 + the suit when five of the
  ``n`` cards share it;
* ``by_ranks[n][k & RANK_MASK]`` is the strength of the best hand those ranks
  make when no flush is possible;
* ``by_flush_mask[mask]`` is the strength of the best hand from the ranks of
  the flush suit (a 13-bit mask; straight flushes included).

The best hand of ``n`` cards is the best of the ``n`` hands left by dropping
one card, which is how the 6- and 7-card tables are filled from the 5-card one.
With a flush among seven cards no full house or four of a kind is possible
(that would need three cards off the suit), so the flush table alone answers.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement, product, repeat
from operator import eq, sub
from typing import Final

from engine.cards import Card
from engine.evaluation.card_keys import (
    HAND_SIZES,
    RANK_KEYS,
    card_keys,
    suit_slot,
)
from engine.evaluation.five_card import (
    HIGH_ORDER,
    MANILA_ORDER,
    MANILA_STRAIGHTS,
    SHORT_DECK_ORDER,
    SHORT_DECK_STRAIGHT_OVER_TRIPS_ORDER,
    SHORT_DECK_STRAIGHTS,
    STANDARD_STRAIGHTS,
    category_of,
    high_code,
)
from engine.evaluation.kinds import Category

FLUSH_SUIT_SLOTS: Final = 256


@dataclass(frozen=True, slots=True, eq=False)
class HighTables:
    """All a deck's fast high-hand lookups (see the module docstring)."""

    lowest_rank: int
    order: tuple[Category, ...]
    keys: dict[Card, int]
    flush_suits: dict[int, tuple[int, ...]]
    #: Tables for 5 and 6 cards, as dictionaries.
    by_ranks: dict[int, Mapping[int, int]]
    #: The table for 7 cards, the hot spot, as a flat array (15.6 MB for the
    #: 52-card deck) because one access to an array costs far less than the
    #: several scattered reads of a 49,205-entry dictionary.
    by_ranks7: array[int]
    by_flush_mask: tuple[int, ...]
    #: ``codes[strength]`` is the five-card code of that class of hand.
    codes: tuple[int, ...]

    def category(self, strength: int) -> Category:
        return category_of(self.codes[strength], self.order)


def _multisets(items: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    """Every choice of ``size`` items, each at most four times, in ascending order."""
    for combo in combinations_with_replacement(items, size):
        # Five alike would show as combo[i] == combo[i + 4].
        if not any(map(eq, combo, combo[4:])):
            yield combo


def _flush_suit_table(size: int) -> tuple[int, ...]:
    table: list[int | None] = [None] * FLUSH_SUIT_SLOTS
    for counts in product(range(size + 1), repeat=4):
        if sum(counts) != size:
            continue
        flush = next((suit + 1 for suit, count in enumerate(counts) if count >= 5), 0)
        slot = suit_slot(counts) % FLUSH_SUIT_SLOTS
        if table[slot] not in (None, flush):
            raise RuntimeError(f"Suit keys cannot tell flushes apart among {size} cards.")
        table[slot] = flush
    return tuple(entry or 0 for entry in table)


def _better_of_one_more(
    smaller: Mapping[int, int], rank_keys: Sequence[int], size: int
) -> dict[int, int]:
    """The rank table for ``size`` cards from ``smaller``, the one for ``size - 1``.

    Hands are enumerated as tuples of rank keys, so a hand's key is their sum
    and dropping a card of some rank subtracts that rank's key.
    """
    table: dict[int, int] = {}
    best_of = smaller.__getitem__
    hands = 0
    for combo in _multisets(rank_keys, size):
        key = sum(combo)
        table[key] = max(map(best_of, map(sub, repeat(key), set(combo))))
        hands += 1
    if len(table) != hands:
        raise RuntimeError(f"Rank keys give two hands of {size} cards the same sum.")
    return table


def _mask_of(ranks: Sequence[int]) -> int:
    return sum(1 << rank for rank in ranks)


def build(
    lowest_rank: int, straights: Mapping[int, int], order: tuple[Category, ...]
) -> HighTables:
    """The tables for a deck running from ``lowest_rank`` to aces."""
    ranks = range(lowest_rank, 13)
    rank_keys = RANK_KEYS[: len(ranks)]
    offsuit = list(_multisets(ranks, 5))
    offkey = {
        sum(rank_keys[rank - lowest_rank] for rank in combo): high_code(
            combo, False, straights, order
        )
        for combo in offsuit
    }
    if len(offkey) != len(offsuit):
        raise RuntimeError("Rank keys give two hands of 5 cards the same sum.")
    suited = {
        _mask_of(combo): high_code(combo, True, straights, order)
        for combo in combinations(ranks, 5)
    }
    codes = sorted({*offkey.values(), *suited.values()})
    strength_of_code = {code: strength for strength, code in enumerate(codes, start=1)}

    by_ranks: dict[int, Mapping[int, int]] = {
        5: {key: strength_of_code[code] for key, code in offkey.items()}
    }
    by_ranks[6] = _better_of_one_more(by_ranks[5], rank_keys, 6)
    seven = _better_of_one_more(by_ranks[6], rank_keys, 7)
    by_ranks7 = array("H", bytes(2 * (max(seven) + 1)))
    for key, strength in seven.items():
        by_ranks7[key] = strength

    by_flush_mask = [0] * (1 << 13)
    for mask, code in suited.items():
        by_flush_mask[mask] = strength_of_code[code]
    for size in HAND_SIZES[1:]:
        for combo in combinations(ranks, size):
            mask = _mask_of(combo)
            by_flush_mask[mask] = max(by_flush_mask[mask & ~(1 << rank)] for rank in combo)

    return HighTables(
        lowest_rank=lowest_rank,
        order=order,
        keys=card_keys(lowest_rank),
        flush_suits={size: _flush_suit_table(size) for size in HAND_SIZES},
        by_ranks=by_ranks,
        by_ranks7=by_ranks7,
        by_flush_mask=tuple(by_flush_mask),
        codes=(-1, *codes),
    )


#: The 52-card deck (and the 20-card Royal deck, whose hands are a subset).
STANDARD: Final = build(0, STANDARD_STRAIGHTS, HIGH_ORDER)
#: The 36-card short deck, sixes to aces.
SHORT_DECK: Final = build(4, SHORT_DECK_STRAIGHTS, SHORT_DECK_ORDER)


@cache
def short_deck_straight_over_trips() -> HighTables:
    """The short deck when a straight beats three of a kind: built on first use."""
    return build(4, SHORT_DECK_STRAIGHTS, SHORT_DECK_STRAIGHT_OVER_TRIPS_ORDER)


@cache
def manila() -> HighTables:
    """Manila's 32-card deck, sevens to aces: built on first use."""
    return build(5, MANILA_STRAIGHTS, MANILA_ORDER)
