"""Action notation: the engine writes and reads PHH's action lines."""

import pytest

from engine.actions import (
    Action,
    BetOrRaise,
    CheckOrCall,
    Discard,
    Fold,
    NotationError,
    PostBringIn,
    ShowOrMuck,
    format_action,
    parse_action,
)
from engine.cards import parse_cards


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("p1 f", Fold()),
        ("p1 cc", CheckOrCall()),
        ("p1 cbr 600", BetOrRaise(600)),
        ("p1 pb", PostBringIn()),
        ("p1 sd", Discard()),
        ("p1 sd AsKd", Discard(tuple(parse_cards("AsKd")))),
        ("p1 sm -", ShowOrMuck(True)),
        ("p1 sm", ShowOrMuck(False)),
    ],
)
def test_every_action_round_trips_through_its_line(text: str, action: Action) -> None:
    assert format_action(0, action) == text
    assert parse_action(text) == (0, action)


def test_a_bare_sm_is_a_muck_and_a_show_may_name_its_cards() -> None:
    # PHH: "The omission of this argument represents mucking while the
    # inclusion represents showing"; "-" stands for cards named at the deal.
    assert parse_action("p4 sm") == (3, ShowOrMuck(False))
    assert parse_action("p4 sm 6d5h") == (3, ShowOrMuck(True))
    assert parse_action("p4 sm -  # shows") == (3, ShowOrMuck(True))


@pytest.mark.parametrize("text", ["", "p1", "d db AsKsQs", "p0 f", "p1 cbr", "p1 cbr x", "p1 zz"])
def test_lines_that_are_not_player_actions_are_refused(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)
