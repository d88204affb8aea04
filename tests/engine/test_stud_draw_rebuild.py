"""A stud or draw hand rebuilds exactly from its setup and actions, and a
recorded copy of it (cards named as dealt) replays to the same end.

This is what the table runner relies on after a restart, and it must hold
through the common card and the draw reshuffle too, which depend on nothing
but the setup's deck.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import BetOrRaise, CheckOrCall, Discard, Fold, PostBringIn
from engine.cards import Card, Deck, DeckKind
from engine.events import BoardDealt, HoleCardsDealt, UpCardsDealt
from engine.hand import Hand, HandSetup, Phase
from engine.variants import VARIANTS

CODES = ("F7S", "F7S/8", "FR", "F5D", "N2L1D", "F2L3D", "FB")


def random_hand(code: str, seed: int) -> Hand:
    rng = random.Random(seed)
    variant = VARIANTS[code]
    n = rng.randint(2, variant.max_players)
    blinds: tuple[int, ...] = ()
    if variant.uses_blinds:
        blinds = (1, 2) + (0,) * (n - 2)
    setup = HandSetup(
        variant,
        tuple(rng.choice((20, 60, 400)) for _ in range(n)),
        antes=(1,) * n if not blinds else (),
        blinds=blinds,
        bring_in=1 if variant.uses_bring_in else 0,
        min_bet=2,
        small_bet=2,
        big_bet=4,
        deck=Deck.shuffled(DeckKind.STANDARD, rng).order,
    )
    hand = Hand(setup)
    while not hand.is_complete:
        legal = hand.legal_actions()
        roll = rng.random()
        if legal.phase is Phase.DISCARDING:
            held = hand.hole_cards[legal.player]
            count = rng.randint(legal.discard_min, legal.discard_max)
            hand.act(legal.player, Discard(tuple(rng.sample(held, count))))
        elif legal.can_post_bring_in:
            hand.act(legal.player, PostBringIn())
        elif legal.can_raise and roll < 0.3:
            hand.act(legal.player, BetOrRaise(legal.min_raise_to))
        elif legal.can_fold and roll > 0.9:
            hand.act(legal.player, Fold())
        else:
            hand.act(legal.player, CheckOrCall())
    return hand


def named_replay(hand: Hand) -> Hand:
    """The same hand with its cards named as they were dealt (a hand history)."""
    setup = hand.setup
    copy = Hand(
        HandSetup(
            setup.variant,
            setup.starting_stacks,
            antes=setup.antes,
            blinds=setup.blinds,
            bring_in=setup.bring_in,
            min_bet=setup.min_bet,
            small_bet=setup.small_bet,
            big_bet=setup.big_bet,
        )
    )
    deals: list[tuple[int | None, list[Card]]] = []
    for event in hand.events:
        if isinstance(event, HoleCardsDealt | UpCardsDealt):
            if deals and deals[-1][0] == event.player and isinstance(event, UpCardsDealt):
                deals[-1][1].extend(event.cards)
            else:
                deals.append((event.player, list(event.cards)))
        elif isinstance(event, BoardDealt):
            deals.append((None, list(event.cards)))
    actions = iter(hand.actions)
    while not copy.is_complete:
        waiting = copy.waiting_for_cards()
        if waiting is not None:
            player, cards = deals.pop(0)
            if player is None:
                copy.deal_board(cards)
            else:
                copy.deal_hole(player, cards)
        else:
            copy.act(*next(actions))
    return copy


@pytest.mark.parametrize("code", CODES)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_rebuilds_from_setup_and_actions(code: str, seed: int) -> None:
    hand = random_hand(code, seed)
    rebuilt = Hand.replay(hand.setup, hand.actions)
    assert rebuilt.events == hand.events
    assert sum(hand.finishing_stacks) == sum(hand.setup.starting_stacks)


@pytest.mark.parametrize("code", CODES)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_a_named_copy_replays_to_the_same_stacks(code: str, seed: int) -> None:
    hand = random_hand(code, seed)
    copy = named_replay(hand)
    assert copy.hole_cards == hand.hole_cards
    assert copy.board == hand.board
    assert copy.finishing_stacks == hand.finishing_stacks
