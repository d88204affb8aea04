"""A blind posted out of position, equal to the big blind, does not move the
first action: it is a player entering the game, not a straddle."""

from engine.actions import CheckOrCall, Fold
from engine.cards import parse_cards
from engine.hand import Hand, HandSetup
from engine.variants import VARIANTS


def test_a_posted_big_blind_acts_first_and_may_check() -> None:
    deck = tuple(parse_cards("AsAhKsKhQsQhJsJhTsTh2c3c4c5c6c7c8c9c"))
    setup = HandSetup(
        VARIANTS["NT"],
        (4830, 795, 1280, 775, 3020),
        blinds=(10, 25, 25, 0, 0),
        min_bet=25,
        deck=deck,
    )
    hand = Hand(setup)
    assert hand.actor == 2  # left of the big blind, not left of the later poster
    hand.act(2, CheckOrCall())
    assert hand.bets[2] == 25  # a check: the posted blind was live
    for player in (3, 4):
        hand.act(player, Fold())
    hand.act(0, CheckOrCall())
    hand.act(1, CheckOrCall())
    assert hand.board  # the big blind's check closed the round: on to the flop


def test_a_straddle_still_acts_last_before_the_flop() -> None:
    deck = tuple(parse_cards("AsAhKsKhQsQhJsJh"))
    setup = HandSetup(VARIANTS["NT"], (1000,) * 4, blinds=(5, 10, 20, 0), min_bet=10, deck=deck)
    assert Hand(setup).actor == 3
