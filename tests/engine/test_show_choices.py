"""Showing by choice after the hand: an uncontested winner all or (Hold'em) one
card, nobody else anything (a mucked loser chose at the showdown)."""

from __future__ import annotations

import pytest

from engine import (
    VARIANTS,
    BetOrRaise,
    CheckOrCall,
    Fold,
    Hand,
    HandMucked,
    HandSetup,
    HandShown,
    IllegalAction,
    cards_to_show,
    parse_cards,
    show_options,
)


def heads_up(deck: str, variant: str = "NT") -> Hand:
    return Hand(
        HandSetup(
            VARIANTS[variant],
            (1000, 1000),
            blinds=(10, 5),
            min_bet=10,
            deck=tuple(parse_cards(deck)),
        )
    )


def check_down(hand: Hand) -> None:
    while not hand.is_complete:
        assert hand.to_act is not None
        hand.act(hand.to_act, CheckOrCall())


def test_a_hand_mucked_at_the_showdown_is_dead_and_a_shown_one_has_nothing_left() -> None:
    # Player 0 holds aces, player 1 a seven-deuce: the board pairs nobody.
    hand = heads_up("As7hAd2c" + "Kc9s4d" + "Jh" + "3s" + "8c8d8h")
    check_down(hand)
    mucked = {e.player for e in hand.events if isinstance(e, HandMucked)}
    shown = {e.player for e in hand.events if isinstance(e, HandShown)}
    assert shown and mucked and not shown & mucked
    (loser,) = mucked
    (winner,) = shown
    # The choice to show was the loser's at the showdown; after it, the muck stands.
    assert show_options(hand, loser) is None
    with pytest.raises(IllegalAction):
        cards_to_show(hand, loser)
    assert show_options(hand, winner) is None  # shown already


def test_an_uncontested_winner_may_show_one_card_in_holdem_but_a_folder_nothing() -> None:
    hand = heads_up("As7hKd2c9s9d")
    hand.act(1, BetOrRaise(30))
    hand.act(0, Fold())
    options = show_options(hand, 1)
    assert options is not None and options.single == tuple(hand.hole_cards[1])
    assert cards_to_show(hand, 1, card_index=0) == (hand.hole_cards[1][0],)
    assert show_options(hand, 0) is None
    with pytest.raises(IllegalAction):
        cards_to_show(hand, 0)


def test_a_holdem_winner_who_showed_one_card_may_show_the_other_but_not_it_again() -> None:
    hand = heads_up("As7hKd2c9s9d")
    hand.act(1, BetOrRaise(30))
    hand.act(0, Fold())
    first, second = hand.hole_cards[1]
    assert cards_to_show(hand, 1, card_index=0) == (first,)
    rest = show_options(hand, 1, shown=(first,))
    assert rest is not None and rest.cards == (second,) and rest.single == ()
    assert cards_to_show(hand, 1, shown=(first,)) == (second,)
    assert cards_to_show(hand, 1, card_index=1, shown=(first,)) == (second,)
    with pytest.raises(IllegalAction, match="shown that card already"):
        cards_to_show(hand, 1, card_index=0, shown=(first,))
    assert show_options(hand, 1, shown=(first, second)) is None
    with pytest.raises(IllegalAction, match="no cards you may show"):
        cards_to_show(hand, 1, shown=(second, first))


def test_omaha_winner_shows_all_or_nothing_and_a_hand_in_play_shows_nothing() -> None:
    deck = "AsKsQsJs" + "2c3c4c5c" + "9d9h9s" + "TdTh"
    hand = heads_up(deck, "PO")
    assert show_options(hand, 0) is None  # not over yet
    hand.act(1, Fold())
    options = show_options(hand, 0)
    assert options is not None and options.whole and options.single == ()
