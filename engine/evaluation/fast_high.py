"""The hot spot: the strength of the best high hand in 5, 6 or 7 cards, as fast as pure Python goes.

:func:`high_strength` returns exactly ``evaluate(Evaluation.STANDARD_HIGH, cards,
()).strength`` (and :func:`short_deck_high_strength` the short-deck
equivalent) without building a :class:`~engine.evaluation.value.HandValue`:
it sums the cards' keys (:mod:`.card_keys`), checks the flush slot, and reads
one table (:mod:`.high_tables`). The seven-card case is written out by hand
because it is the one equity calculations run millions of times; every name
it touches is a module global or a local, the cheapest lookups CPython has.

>>> from engine.cards import parse_cards
>>> high_strength(parse_cards("AsKsQsJsTs")) == 7462  # royal flush
True
>>> high_strength(parse_cards("7d5c4h3s2d")) == 1  # the worst hand
True
>>> high_strength(parse_cards("AsAdKcKh2s7h9c")) > high_strength(parse_cards("AsAdQcQhKs7h9c"))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from engine.cards import Card
from engine.evaluation.card_keys import RANK_BITS, RANK_MASK
from engine.evaluation.high_tables import SHORT_DECK, STANDARD, HighTables

# The seven-card path writes these two constants out: a literal is the cheapest
# thing CPython can load, and this check keeps the literals honest.
if (RANK_BITS, RANK_MASK) != (23, 0x7FFFFF):
    raise ImportError("fast_high's literals no longer match card_keys.")

_KEYS: Final = STANDARD.keys
_SUITS7: Final = STANDARD.flush_suits[7]
_RANKS7: Final = STANDARD.by_ranks7
_FLUSHES: Final = STANDARD.by_flush_mask


def _flush_strength(cards: Sequence[Card], suit: int, flushes: tuple[int, ...]) -> int:
    """The strength of the flush (or straight flush) in ``suit``."""
    mask = 0
    for card in cards:
        if card & 3 == suit:
            mask |= 1 << (card >> 2)
    return flushes[mask]


def high_strength(cards: Sequence[Card]) -> int:
    """The strength of the best five-card high hand among 5 to 7 cards of the 52-card deck.

    Higher is better; equal strengths tie. Cards are not checked (that is
    :func:`~engine.evaluation.showdown.evaluate`'s job): a card repeated or a
    non-card gives a meaningless answer or a ``KeyError``. More than seven
    cards are judged as the best seven, fewer than five refused.
    """
    if len(cards) == 7:
        a, b, c, d, e, f, g = cards
        k = _KEYS[a] + _KEYS[b] + _KEYS[c] + _KEYS[d] + _KEYS[e] + _KEYS[f] + _KEYS[g]
        suit = _SUITS7[k >> 23]
        if suit:
            return _flush_strength(cards, suit - 1, _FLUSHES)
        return _RANKS7[k & 0x7FFFFF]
    return table_strength(cards, STANDARD)


def short_deck_high_strength(cards: Sequence[Card]) -> int:
    """:func:`high_strength` for the 36-card deck (flush over full house, trips over straight).

    Equal to ``evaluate(Evaluation.SHORT_DECK_HIGH, cards, ()).strength``;
    cards below the six give a ``KeyError``.
    """
    return table_strength(cards, SHORT_DECK)


def table_strength(cards: Sequence[Card], tables: HighTables) -> int:
    """The strength of the best high hand in ``cards`` (five or more) by ``tables``' deck."""
    keys = tables.keys
    size = len(cards)
    if size == 7:
        k = sum([keys[card] for card in cards])
        suit = tables.flush_suits[7][k >> RANK_BITS]
        if suit:
            return _flush_strength(cards, suit - 1, tables.by_flush_mask)
        return tables.by_ranks7[k & RANK_MASK]
    if size in (5, 6):
        k = sum([keys[card] for card in cards])
        suit = tables.flush_suits[size][k >> RANK_BITS]
        if suit:
            return _flush_strength(cards, suit - 1, tables.by_flush_mask)
        return tables.by_ranks[size][k & RANK_MASK]
    if size > 7:
        return max(table_strength(seven, tables) for seven in combinations(cards, 7))
    raise ValueError(f"A high hand needs at least five cards, not {size}.")
