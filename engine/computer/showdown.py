"""At showdown: show or muck. A hand is shown unless it may be mucked and a
hand already shown beats it in every share of the pot it plays for."""

from __future__ import annotations

from engine.actions import ShowOrMuck
from engine.evaluation import strength_of
from engine.seat_view import SeatView

__all__ = ["show_or_muck"]


def show_or_muck(view: SeatView) -> ShowOrMuck:
    legal = view.legal
    assert legal is not None
    if not legal.can_muck:
        return ShowOrMuck(True)
    variant = view.variant
    hole_count = len(view.hole_cards)
    shown = [view.known_cards[i] for i in view.opponents if len(view.known_cards[i]) == hole_count]
    if not shown:
        return ShowOrMuck(True)
    for evaluation in variant.evaluations:
        mine = strength_of(evaluation, view.hole_cards, view.board)
        if mine is None:
            continue
        best = max(
            (s for cards in shown if (s := strength_of(evaluation, cards, view.board)) is not None),
            default=None,
        )
        if best is None or mine >= best:
            return ShowOrMuck(True)
    return ShowOrMuck(False)
