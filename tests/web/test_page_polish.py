"""The gaps a player would notice on the page (issue 26's polish): the page
speaks the viewer's language to the last word, and says what Discord says."""

from __future__ import annotations

from bot.render.views import PrivateView
from engine import Evaluation, described, evaluate, parse_cards
from web.frames import seat_part


def _pair_of_tens() -> PrivateView:
    value = evaluate(Evaluation.STANDARD_HIGH, parse_cards("TsTh"), parse_cards("Kd9c7d5s2h"))
    return PrivateView(
        1,
        2,
        3,
        parse_cards("TsTh"),
        parse_cards("Kd9c7d5s2h"),
        (value.describe(),),
        hands=(described(value),),
    )


def test_a_german_seat_reads_its_best_hand_in_german() -> None:
    own = _pair_of_tens()
    part = seat_part(
        own,
        None,
        None,
        user_id=5,
        seated=True,
        showdown_choice=False,
        sitting_out=False,
        locale="de",
    )
    assert part["best"] == ["Paar Zehnen"]
    english = seat_part(
        own,
        None,
        None,
        user_id=5,
        seated=True,
        showdown_choice=False,
        sitting_out=False,
        locale="en",
    )
    assert english["best"] == ["Pair of tens"]
