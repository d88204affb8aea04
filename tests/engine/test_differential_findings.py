"""Engine bugs the differential and property tests found, one hand each.

Each test is the smallest hand that showed the bug, written out by hand so it
keeps guarding the rule after the random hands that found it have moved on.
"""

from __future__ import annotations

import pytest

from engine.actions import BetOrRaise, CheckOrCall, ShowOrMuck
from engine.cards import parse_cards
from engine.errors import IllegalAction
from engine.hand import VARIANTS, Hand, HandSetup

DECK = tuple(parse_cards("AsAhKsKh2c7d9s3hJc4d5sQcQd8h8c6h6d"))


def test_nobody_is_asked_to_check_when_nobody_can_answer_a_bet() -> None:
    # Heads-up, the button calls all in; the big blind has matched the bet and
    # there is nobody left to bet into, so there is no decision to wait for.
    setup = HandSetup(VARIANTS["NT"], (1000, 10), blinds=(10, 5), min_bet=10, deck=DECK)
    hand = Hand(setup)
    hand.act(1, CheckOrCall())
    assert hand.is_complete
    assert sum(hand.finishing_stacks) == 1010
    assert len(hand.board) == 5


def test_a_straddle_posted_short_does_not_raise_the_minimum_raise() -> None:
    # The straddler (index 2) has 3 chips for a 20 straddle: the bet to call is
    # the big blind's 10 and a raise is by at least the big blind, to 20.
    setup = HandSetup(
        VARIANTS["NT"], (1000, 1000, 3, 1000), blinds=(5, 10, 20, 0), min_bet=10, deck=DECK
    )
    legal = Hand(setup).legal_actions()
    assert (legal.player, legal.call_amount, legal.min_raise_to) == (3, 10, 20)


def test_a_straddle_posted_in_full_sets_the_minimum_raise() -> None:
    setup = HandSetup(
        VARIANTS["NT"], (1000, 1000, 1000, 1000), blinds=(5, 10, 20, 0), min_bet=10, deck=DECK
    )
    legal = Hand(setup).legal_actions()
    assert (legal.player, legal.call_amount, legal.min_raise_to) == (3, 20, 40)


def test_a_player_all_in_for_a_dead_ante_can_win_it() -> None:
    # Big-blind ante without trimming: the big blind (index 1) has 15 chips for
    # a 45 ante, posts it all and no blind. Their aces win the 15 of dead money;
    # the others still pay the full big blind of 10 each (a blind all in for
    # less does not lower the price, RRoP), and those 20 go to the better of
    # their two hands (index 0).
    deck = parse_cards("2c As 3d 7h Ah 8s 9c KdQd4s 5h Jc 6c 2h")
    setup = HandSetup(
        VARIANTS["NT"],
        (1000, 15, 1000),
        antes=(0, 45, 0),
        blinds=(5, 10, 0),
        min_bet=10,
        ante_trimming=False,
        deck=tuple(deck),
    )
    hand = Hand(setup)
    hand.act(2, CheckOrCall())
    while not hand.is_complete:
        assert hand.actor is not None
        hand.act(hand.actor, CheckOrCall())
    assert hand.finishing_stacks == (1010, 15, 990)


@pytest.mark.parametrize("amount", [25.5, 30.0, "30", None, True])
def test_a_bet_that_is_not_a_whole_number_of_chips_is_refused(amount: object) -> None:
    # A fractional bet used to be taken, leaving 974.5 chips in a stack.
    setup = HandSetup(VARIANTS["NT"], (1000, 1000, 1000), blinds=(5, 10, 0), min_bet=10, deck=DECK)
    hand = Hand(setup)
    with pytest.raises(IllegalAction) as refusal:
        hand.act(2, BetOrRaise(amount))  # type: ignore[arg-type]
    assert refusal.value.key == "whole_chips"
    assert hand.stacks == [995, 990, 1000] and hand.actor == 2


def test_a_hand_with_a_showdown_by_hand_replays() -> None:
    # With auto_showdown off the log ends with the players' shows, which a
    # replay dealing the showdown itself refused: "This hand is over."
    setup = HandSetup(VARIANTS["NT"], (1000, 1000), blinds=(10, 5), min_bet=10, deck=DECK)
    hand = Hand(setup, auto_showdown=False)
    while not hand.is_complete:
        legal = hand.legal_actions()
        hand.act(legal.player, ShowOrMuck(True) if legal.can_show else CheckOrCall())
    again = Hand.replay(setup, hand.actions, auto_showdown=False)
    assert again.events == hand.events


def test_a_small_blind_as_large_as_the_big_blind_does_not_act_first() -> None:
    # Blinds 2/2 three-handed: index 1 is the big blind and index 2 acts first;
    # the first-poster rule for equal blinds had made index 1 open its own blind.
    setup = HandSetup(VARIANTS["NT"], (100, 100, 100), blinds=(2, 2, 0), min_bet=2, deck=DECK)
    assert Hand(setup).actor == 2


def test_heads_up_the_button_acts_first_even_with_equal_blinds() -> None:
    setup = HandSetup(VARIANTS["NT"], (100, 100), blinds=(2, 2), min_bet=2, deck=DECK)
    assert Hand(setup).actor == 1


def test_when_nobody_could_post_the_blind_the_button_blind_still_places_the_action() -> None:
    # Short deck, antes of 71 and a button blind of 200: the button (index 4)
    # and index 1 are all in with their antes, so no blind is posted; the
    # action still starts left of the button, not left of index 0.
    setup = HandSetup(
        VARIANTS["NS"],
        (1232, 8, 14478, 3782, 58),
        antes=(71,) * 5,
        blinds=(0, 0, 0, 0, 200),
        min_bet=200,
        deck=tuple(parse_cards("AsAhKsKh7c7d9s8hJc6d6sQcQd8c9c6hTdTs")),
    )
    assert Hand(setup).actor == 0
