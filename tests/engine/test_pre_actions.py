"""Pre-actions: offered only off turn, cleared when their price or street goes,
and turned into the action the player would have clicked."""

from __future__ import annotations

import pytest

from engine import (
    VARIANTS,
    BetOrRaise,
    CheckOrCall,
    Fold,
    Hand,
    HandSetup,
    IllegalAction,
    PreAction,
    choose_pre_action,
    offered_pre_actions,
    parse_cards,
    pre_action_move,
    price_for,
    still_stands,
)

DECK = tuple(parse_cards("AsAhKsKh2c7d9s3hJc4d5s6h8c"))


def three_handed(stacks: tuple[int, int, int] = (1000, 1000, 1000)) -> Hand:
    """Hold'em: seat 0 small blind 5, seat 1 big blind 10, seat 2 first to act."""
    return Hand(HandSetup(VARIANTS["NT"], stacks, blinds=(5, 10, 0), min_bet=10, deck=DECK))


def test_nothing_is_offered_on_ones_own_turn_or_after_folding() -> None:
    hand = three_handed()
    assert hand.to_act == 2
    assert offered_pre_actions(hand, 2) == ()
    with pytest.raises(IllegalAction):
        choose_pre_action(hand, 2, PreAction.CALL_ANY)
    hand.act(2, Fold())
    assert offered_pre_actions(hand, 2) == ()


def test_a_price_to_call_offers_call_not_check() -> None:
    hand = three_handed()
    assert price_for(hand, 0) == 5 and price_for(hand, 1) == 0
    assert PreAction.CHECK not in offered_pre_actions(hand, 0)
    assert PreAction.CALL in offered_pre_actions(hand, 0)
    assert PreAction.CHECK in offered_pre_actions(hand, 1)
    with pytest.raises(IllegalAction):
        choose_pre_action(hand, 0, PreAction.CHECK)


def test_call_this_amount_fires_when_the_price_holds_and_is_cleared_by_a_raise() -> None:
    hand = three_handed()
    choice = choose_pre_action(hand, 0, PreAction.CALL)
    hand.act(2, CheckOrCall())  # a call: the small blind still owes 5
    assert still_stands(choice, hand, 0)
    assert pre_action_move(choice, hand.legal_actions()) == CheckOrCall()

    raised = three_handed()
    choice = choose_pre_action(raised, 0, PreAction.CALL)
    raised.act(2, BetOrRaise(40))
    assert not still_stands(choice, raised, 0)
    assert pre_action_move(choice, raised.legal_actions()) is None  # 35 is not 5


def test_check_is_cleared_by_a_bet_but_check_fold_folds_to_it() -> None:
    hand = three_handed()
    hand.act(2, CheckOrCall())
    hand.act(0, CheckOrCall())
    hand.act(1, CheckOrCall())  # the flop: seat 0 acts first
    assert hand.to_act == 0
    check = choose_pre_action(hand, 2, PreAction.CHECK)
    check_fold = choose_pre_action(hand, 2, PreAction.CHECK_FOLD)
    hand.act(0, BetOrRaise(20))
    assert not still_stands(check, hand, 2)
    assert still_stands(check_fold, hand, 2)
    hand.act(1, CheckOrCall())
    assert pre_action_move(check_fold, hand.legal_actions()) == Fold()


def test_call_any_lasts_the_round_and_calls_a_raise_but_not_the_next_street() -> None:
    hand = three_handed()
    choice = choose_pre_action(hand, 1, PreAction.CALL_ANY)
    hand.act(2, BetOrRaise(100))
    hand.act(0, Fold())
    assert still_stands(choice, hand, 1)
    assert pre_action_move(choice, hand.legal_actions()) == CheckOrCall()
    hand.act(1, CheckOrCall())
    assert len(hand.board) == 3
    assert not still_stands(choice, hand, 1)  # chosen preflop, gone on the flop


def test_fold_to_any_bet_checks_when_free_and_lasts_the_hand() -> None:
    hand = three_handed()
    choice = choose_pre_action(hand, 1, PreAction.FOLD_TO_ANY_BET)
    hand.act(2, CheckOrCall())
    hand.act(0, CheckOrCall())
    assert pre_action_move(choice, hand.legal_actions()) == CheckOrCall()
    hand.act(1, CheckOrCall())
    assert still_stands(choice, hand, 1)  # the flop: still there
    hand.act(0, BetOrRaise(10))
    assert pre_action_move(choice, hand.legal_actions()) == Fold()


def test_the_price_is_capped_by_the_stack() -> None:
    hand = three_handed((1000, 1000, 30))
    hand.act(2, CheckOrCall())
    hand.act(0, BetOrRaise(100))
    assert price_for(hand, 2) == 20  # all the short stack has left
    choice = choose_pre_action(hand, 2, PreAction.CALL)
    assert choice.price == 20
