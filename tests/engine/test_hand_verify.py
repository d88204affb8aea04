"""What a caller asks the hand before acting, checked on random hands by hypothesis.

* :meth:`~engine.hand.Hand.verify` refuses exactly what :meth:`~engine.hand.Hand.act`
  refuses, with the same reason, and changes nothing either way.
* :attr:`~engine.hand.Hand.to_act` is the player :meth:`~engine.hand.Hand.legal_actions`
  describes, in every phase.
* :meth:`~engine.hand.Hand.timeout_action` is always an action the hand accepts.
* :meth:`~engine.hand.Hand.collected_pots` holds every chip in the middle but
  this round's bets.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.actions import Action, BetOrRaise, CheckOrCall, Discard, Fold, RaiseSize
from engine.cards import parse_cards
from engine.errors import IllegalAction
from engine.hand import VARIANTS, Hand, HandSetup, LegalActions, Phase
from tests.engine.hand_state import snapshot
from tests.engine.test_hand_properties import (
    MAX_STEPS,
    PROPERTY_VARIANTS,
    SETTINGS,
    described_actions,
    garbage_action,
    setups,
)

#: The property variants and the games with a point card or two boards.
VERIFIED_VARIANTS = (*PROPERTY_VARIANTS, "NDT", "NDB", "NDBA")


def refusal(attempt: Action, hand: Hand, player: int) -> tuple[str, dict[str, object]] | None:
    """The key and parameters :meth:`Hand.verify` refuses ``attempt`` with, or ``None``."""
    try:
        hand.verify(player, attempt)
    except IllegalAction as error:
        return error.key, error.params
    return None


@pytest.mark.parametrize("code", VERIFIED_VARIANTS)
@SETTINGS
@given(data=st.data())
def test_verify_refuses_exactly_what_act_refuses(code: str, data: st.DataObject) -> None:
    hand = Hand(data.draw(setups(code)), auto_showdown=data.draw(st.booleans()))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    for _ in range(4 * MAX_STEPS):
        if hand.is_complete:
            break
        legal = hand.legal_actions()
        assert hand.to_act == legal.player
        if rng.random() < 0.5:
            player, action = legal.player, rng.choice(described_actions(hand, legal, rng))
        else:
            player, action = garbage_action(rng, hand)
        before = snapshot(hand)
        verified = refusal(action, hand, player)
        assert snapshot(hand) == before
        try:
            hand.act(player, action)
        except IllegalAction as error:
            assert verified == (error.key, error.params), (player, action)
            assert snapshot(hand) == before
        else:
            assert verified is None, (player, action, verified)
    if hand.is_complete:
        assert hand.to_act is None
        assert refusal(CheckOrCall(), hand, 0) == ("hand_over", {})


@pytest.mark.parametrize("code", VERIFIED_VARIANTS)
@SETTINGS
@given(data=st.data())
def test_the_clocks_action_is_always_taken(code: str, data: st.DataObject) -> None:
    hand = Hand(data.draw(setups(code)), auto_showdown=data.draw(st.booleans()))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    for _ in range(MAX_STEPS):
        if hand.is_complete:
            break
        bets = sum(hand.bets)
        assert sum(pot.amount for pot in hand.collected_pots()) == hand.pot_total - bets
        legal = hand.legal_actions()
        if rng.random() < 0.5:
            hand.act(legal.player, hand.timeout_action())
        else:
            hand.act(legal.player, rng.choice(described_actions(hand, legal, rng)))


def test_the_clock_checks_else_folds_and_throws_the_lowest_cards() -> None:
    deck = tuple(parse_cards("AsKsQsJs2c3d4h5s6c7d8h9s"))
    hand = Hand(HandSetup(VARIANTS["NT"], (500, 500), blinds=(10, 5), min_bet=10, deck=deck))
    assert hand.timeout_action() == Fold()  # the button faces the big blind
    hand.act(1, CheckOrCall())
    assert hand.timeout_action() == CheckOrCall()  # the big blind may check
    # Pineapple: three cards each (As Qs 2c for the first), one thrown before the betting.
    pineapple = Hand(HandSetup(VARIANTS["NP"], (500, 500), blinds=(10, 5), min_bet=10, deck=deck))
    assert pineapple.phase is Phase.DISCARDING and pineapple.to_act == 0
    assert pineapple.timeout_action() == Discard(tuple(parse_cards("2c")))
    with pytest.raises(IllegalAction) as refused:
        pineapple.verify(0, Fold())
    assert refused.value.key == "discard_first"
    with pytest.raises(IllegalAction) as refused:
        pineapple.verify(0, Discard(tuple(parse_cards("Ah"))))
    assert refused.value.key == "card_not_held"


def test_quick_sizes_call_first_then_bet_a_share_of_the_pot() -> None:
    legal = LegalActions(
        0,
        Phase.BETTING,
        can_fold=True,
        call_amount=20,
        can_call=True,
        can_raise=True,
        min_raise_to=60,
        max_raise_to=500,
        stack=490,
        bet=10,
        pot=70,
    )
    # Call 20 to make the pot 90, then raise by 90 (pot) or 45 (half pot).
    assert legal.raise_to(RaiseSize.POT) == 120
    assert legal.raise_to(RaiseSize.HALF_POT) == 75
    assert legal.raise_to(RaiseSize.ALL_IN) == 500
    capped = LegalActions(
        0, Phase.BETTING, can_raise=True, min_raise_to=60, max_raise_to=100, stack=490, bet=10
    )
    assert capped.raise_to(RaiseSize.ALL_IN) is None  # pot limit: all in is not offered
    assert dict(capped.quick_raises()) == {RaiseSize.MIN: 60}
    fixed = LegalActions(0, Phase.BETTING, can_raise=True, min_raise_to=20, max_raise_to=20)
    assert fixed.quick_raises() == ()
    assert LegalActions(0, Phase.BETTING).raise_to(RaiseSize.MIN) is None
    assert BetOrRaise(legal.raise_to(RaiseSize.MIN) or 0) == BetOrRaise(60)
