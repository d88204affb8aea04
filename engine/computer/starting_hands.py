"""How good a starting hand is before the flop, in the Hold'em family: a
score per two cards and the share of all starting hands that are better.

The score is Bill Chen's rule of thumb (points for the high card, doubled for a
pair, a bonus for suited cards and for connectors, a penalty per gap), with a
little for the low card too and small tie-breaks so that no two different
hands score the same. A hand's *percentile* is the share of the deck's
two-card hands that score better (0 is the best hand, 1 the worst), counted
over the variant's own deck, so short deck and royal hold'em rank their hands
among their own.

Three-card hands (Pineapple) count their best two cards, and a little for the
third, which gives a choice at the discard.

>>> from engine.cards import parse_cards
>>> from engine.cards import DeckKind
>>> percentile(parse_cards("AsAh"), DeckKind.STANDARD) < 0.005
True
>>> percentile(parse_cards("7c2d"), DeckKind.STANDARD) > 0.95
True
>>> ace_king, nine_eight = parse_cards("AsKs"), parse_cards("9s8s")
>>> percentile(ace_king, DeckKind.STANDARD) < percentile(nine_eight, DeckKind.STANDARD)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations
from typing import Final

from engine.cards import Card, DeckKind

__all__ = ["best_two", "by_cards", "chen_score", "pair_percentile", "percentile"]

#: Chen's points for a card alone: ace 10, king 8, queen 7, jack 6, else half its value.
_POINTS: Final = tuple(
    {12: 10.0, 11: 8.0, 10: 7.0, 9: 6.0}.get(rank, (rank + 2) / 2) for rank in range(13)
)
_GAP_PENALTY: Final = (0.0, 1.0, 2.0, 4.0, 5.0)
_QUEEN: Final = 10


def chen_score(first: Card, second: Card) -> float:
    """Chen's score of a two-card hand (about -1 to 20; higher is better)."""
    high, low = (
        (first.rank, second.rank) if first.rank >= second.rank else (second.rank, first.rank)
    )
    if high == low:
        return max(5.0, 2 * _POINTS[high]) + high * 0.01
    # A quarter of the low card's points on top of Chen's: two high cards make
    # top pair with a kicker, which Chen underrates against suited connectors.
    score = _POINTS[high] + _POINTS[low] / 4 + low * 0.01
    if first.suit == second.suit:
        score += 2
    gap = high - low - 1
    score -= _GAP_PENALTY[min(gap, 4)]
    if gap <= 1 and high < _QUEEN:
        score += 1
    return score


@cache
def _table(kind: DeckKind) -> dict[tuple[int, int, bool], float]:
    """Percentile of every (high rank, low rank, suited) hand of the deck."""
    scored: dict[tuple[int, int, bool], tuple[float, int]] = {}
    for a, b in combinations(kind.cards, 2):
        key = _key(a, b)
        score, count = scored.get(key, (chen_score(a, b), 0))
        scored[key] = (score, count + 1)
    total = sum(count for _, count in scored.values())
    ordered = sorted(scored.items(), key=lambda item: -item[1][0])
    table: dict[tuple[int, int, bool], float] = {}
    better = 0
    for key, (_, count) in ordered:
        table[key] = (better + count / 2) / total
        better += count
    return table


def _key(a: Card, b: Card) -> tuple[int, int, bool]:
    high, low = (a.rank, b.rank) if a.rank >= b.rank else (b.rank, a.rank)
    return high, low, a.suit == b.suit and high != low


@cache
def by_cards(kind: DeckKind) -> tuple[float, ...]:
    """Every two cards' percentile, at index ``a * 52 + b`` (either order),
    for looking up many hands quickly."""
    table = _table(kind)
    flat = [1.0] * (52 * 52)
    for a, b in combinations(kind.cards, 2):
        flat[a * 52 + b] = flat[b * 52 + a] = table[_key(a, b)]
    return tuple(flat)


def pair_percentile(a: Card, b: Card, kind: DeckKind) -> float:
    """The percentile of the two-card hand ``a``, ``b`` in ``kind``'s deck."""
    return by_cards(kind)[a * 52 + b]


def best_two(cards: Sequence[Card], kind: DeckKind) -> tuple[Card, Card]:
    """The two of ``cards`` that make the best two-card hand."""
    return min(combinations(cards, 2), key=lambda two: pair_percentile(two[0], two[1], kind))


def percentile(cards: Sequence[Card], kind: DeckKind) -> float:
    """The share of starting hands better than ``cards`` (0 best, 1 worst).
    Three or more cards count their best two, made a little better by the choice."""
    if len(cards) == 2:
        return pair_percentile(cards[0], cards[1], kind)
    a, b = best_two(cards, kind)
    return pair_percentile(a, b, kind) * (0.8 if len(cards) == 3 else 0.7)
