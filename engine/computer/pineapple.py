"""Pineapple's discard: which card to throw away.

Before the flop (Pineapple) the two cards that make the best starting hand
stay; after the flop (Crazy Pineapple) the two that make the best hand with
the board, counting a draw's outs as part of its worth, and in the hi-lo game
a little for low cards.

>>> from engine.cards import parse_cards
>>> from engine.cards import DeckKind
>>> [str(c) for c in keep_before_flop(parse_cards("AsKs7d"), DeckKind.STANDARD)]
['As', 'Ks']
>>> [str(c) for c in keep_after_flop(parse_cards("AsKs7d"), parse_cards("7c7h2s"), False)]
['As', '7d']
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from engine.actions import Discard
from engine.cards import Card, DeckKind
from engine.computer.draw_outs import outs
from engine.computer.starting_hands import best_two
from engine.evaluation import high_strength
from engine.seat_view import SeatView

__all__ = ["choose_discard", "keep_after_flop", "keep_before_flop"]

#: What an out is worth on the strength scale of high hands (about 7,462 steps).
_PER_OUT = 120


def keep_before_flop(cards: Sequence[Card], kind: DeckKind) -> tuple[Card, Card]:
    return best_two(cards, kind)


def keep_after_flop(cards: Sequence[Card], board: Sequence[Card], split: bool) -> tuple[Card, ...]:
    def worth(two: tuple[Card, ...]) -> float:
        value = high_strength((*two, *board)) + _PER_OUT * outs(two, board)
        if split:
            value += 150 * sum(1 for card in two if card.rank <= 6 or card.rank == 12)
        return value

    return max(combinations(cards, len(cards) - 1), key=worth)


def choose_discard(view: SeatView) -> Discard:
    """The discard for this street (the variant says how many: one in Pineapple)."""
    legal = view.legal
    assert legal is not None
    held = list(view.hole_cards)
    count = legal.discard_min
    if count <= 0:
        return Discard(())
    kept: tuple[Card, ...]
    if len(held) - count == 2 and not view.board:
        kept = keep_before_flop(held, view.variant.deck)
    elif len(held) - count == len(held) - 1 and len(view.board) >= 3:
        kept = keep_after_flop(held, view.board, view.variant.is_split)
    else:
        kept = tuple(sorted(held, key=lambda card: -card.rank)[: len(held) - count])
    return Discard(tuple(card for card in held if card not in kept)[:count])
