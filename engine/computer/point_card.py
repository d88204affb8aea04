"""Double Hold'em's point card: which of the three hole cards plays with each
of the other two. The card whose two hands make the best hand with the board
(the evaluation keeps the better of them), the other hand's strength breaking
ties.

>>> from engine.cards import parse_cards
>>> from engine.evaluation import Evaluation
>>> hole, board = parse_cards("AsKd7c"), parse_cards("Ah7h2c")
>>> str(best_point_card(hole, board, Evaluation.DOUBLE_HOLDEM_HIGH))
'As'
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Discard
from engine.cards import Card
from engine.evaluation import Evaluation, high_strength, strength_of
from engine.seat_view import SeatView

__all__ = ["best_point_card", "choose_point_card"]


def best_point_card(hole: Sequence[Card], board: Sequence[Card], evaluation: Evaluation) -> Card:
    def worth(point: Card) -> tuple[int, int]:
        outer, other = [card for card in hole if card != point][:2]
        best = strength_of(evaluation, (outer, point, other), board) or 0
        both = high_strength((outer, point, *board)) + high_strength((point, other, *board))
        return best, both

    return max(hole, key=worth)


def choose_point_card(view: SeatView) -> Discard:
    """The point card, named as a discard is."""
    point = best_point_card(view.hole_cards, view.board, view.variant.evaluations[0])
    return Discard((point,))
