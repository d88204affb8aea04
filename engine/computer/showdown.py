"""Showing: at the showdown, show or muck; once a hand won without a
showdown is over, show or keep the cards face down.

At the showdown a hand is shown unless it may be mucked and a hand already
shown beats it in every share of the pot it plays for. After an uncontested
win the cards stay face down (showing them only tells the table how this
player plays), except a seven-deuce at a table with the 7-2 bounty: showing
both cards collects it (:func:`engine.show_choices.shows_seven_deuce`).
"""

from __future__ import annotations

from engine.actions import ShowOrMuck
from engine.evaluation import strength_of
from engine.hand import Phase
from engine.home_rules import is_seven_deuce
from engine.seat_view import SeatView

__all__ = ["show_or_muck", "shows_after_the_hand"]


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


def shows_after_the_hand(view: SeatView) -> bool:
    """Whether to show every card once the hand (``view`` of it, over) is won
    without a showdown: only a seven-deuce that collects the 7-2 bounty."""
    return (
        view.seven_deuce_bounty > 0
        and view.phase is Phase.COMPLETE
        and view.in_hand == (view.seat,)
        and is_seven_deuce(view.hole_cards)
    )
