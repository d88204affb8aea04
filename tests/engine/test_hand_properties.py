"""Properties of every hand, in every variant, checked on random hands by hypothesis.

* Chips are conserved: at every step the stacks, the bets and the pots add up to
  the starting stacks, and at the end the finishing stacks and the rake do.
* The legal actions are exactly the ones the engine accepts: everything
  :meth:`~engine.hand.Hand.legal_actions` describes is taken, and the nearest
  actions it does not describe (one chip outside the raise range, a fold with
  nothing to call, a discard of the wrong size, anybody acting out of turn) are
  refused with :class:`~engine.errors.IllegalAction` and change nothing.
* A hand replayed from its setup and its actions is the same hand.
* No sequence of actions, garbage included, does anything but play or raise
  :class:`~engine.errors.IllegalAction`.

Our action vocabulary is PHH's: ``CheckOrCall`` checks when nothing is to be
called and calls otherwise, so "a check when a call is needed" cannot be said
and is not tested.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.actions import (
    Action,
    BetOrRaise,
    CheckOrCall,
    Discard,
    Fold,
    PostBringIn,
    ShowOrMuck,
)
from engine.cards import ALL_CARDS, Deck
from engine.errors import IllegalAction
from engine.hand import VARIANTS, Hand, HandSetup, LegalActions, Phase, Rake
from tests.engine.hand_state import snapshot

PROPERTY_VARIANTS = ("NT", "PT", "FT", "ST", "PO", "FO/8", "NS", "NR", "NP", "NCP", "FCP/8")

SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

#: Each hand stops after this many actions at the latest (a fixed-limit hand
#: with no cap heads-up could otherwise raise for as long as the chips last).
MAX_STEPS = 60
#: The share of decisions at which every described action is tried on a copy.
ACCEPTANCE_CHECKED = 0.3


# ------------------------------------------------------------------ strategies


@st.composite
def setups(draw: st.DrawFn, code: str) -> HandSetup:
    """A hand of ``code``: players, stacks from one chip to deep, blinds with a
    straddle now and then, antes or a big-blind ante, a rake, a shuffled deck."""
    variant = VARIANTS[code]
    n = draw(st.integers(2, min(variant.max_players, 9)))
    big = draw(st.sampled_from((2, 10, 100)))
    small = draw(st.integers(1, big))
    blinds = [0] * n
    if n == 2:
        blinds = [big, small]
    else:
        blinds[0], blinds[1] = small, big
        if n > 3 and draw(st.booleans()):
            blinds[2] = 2 * big
    antes: tuple[int, ...] = ()
    ante_trimming = True
    match draw(st.sampled_from(("none", "everyone", "big blind"))):
        case "everyone":
            antes = (draw(st.integers(1, big)),) * n
        case "big blind":
            antes = tuple(big if i == (1 if n > 2 else 0) else 0 for i in range(n))
            ante_trimming = False
    stack = st.integers(1, 3 * big) | st.integers(10 * big, 200 * big)
    stacks = tuple(draw(st.lists(stack, min_size=n, max_size=n)))
    rake = draw(st.none() | st.builds(Rake, st.integers(0, 1000), st.integers(0, 5 * big)))
    seed = draw(st.integers(0, 2**32 - 1))
    return HandSetup(
        variant,
        stacks,
        antes=antes,
        blinds=tuple(blinds),
        min_bet=big,
        small_bet=big,
        big_bet=2 * big,
        ante_trimming=ante_trimming,
        rake=rake,
        deck=Deck.shuffled(variant.deck, random.Random(seed)).order,
    )


def described_actions(hand: Hand, legal: LegalActions, rng: random.Random) -> list[Action]:
    """Every kind of action ``legal`` describes, with amounts at both ends of
    the raise range and one in between, and every discard of the right size
    (a sample of them in draw games)."""
    actions: list[Action] = []
    if legal.phase is Phase.DISCARDING:
        held = hand.hole_cards[legal.player]
        for count in range(legal.discard_min, legal.discard_max + 1):
            for _ in range(3):
                actions.append(Discard(tuple(rng.sample(held, count))))
        return actions
    if legal.phase is Phase.SHOWDOWN:
        actions.append(ShowOrMuck(True))
        if legal.can_muck:
            actions.append(ShowOrMuck(False))
        return actions
    if legal.can_fold:
        actions.append(Fold())
    if legal.can_check or legal.can_call:
        actions.append(CheckOrCall())
    if legal.can_post_bring_in:
        actions.append(PostBringIn())
    if legal.can_raise and legal.raise_choices:
        actions += [BetOrRaise(amount) for amount in legal.raise_choices]
    elif legal.can_raise:
        low, high = legal.min_raise_to, legal.max_raise_to
        actions += [BetOrRaise(low), BetOrRaise(high), BetOrRaise(rng.randint(low, high))]
    return actions


def refused_actions(
    hand: Hand, legal: LegalActions, rng: random.Random
) -> list[tuple[int, Action]]:
    """The nearest actions ``legal`` does not describe, by whom they are made."""
    player = legal.player
    refused: list[tuple[int, Action]] = []
    if legal.phase is Phase.BETTING:
        if legal.can_raise:
            refused += [(player, BetOrRaise(legal.min_raise_to - 1))]
            refused += [(player, BetOrRaise(legal.max_raise_to + 1))]
        else:
            refused += [(player, BetOrRaise(legal.bet + rng.randint(0, legal.stack + 1)))]
        if not legal.can_fold:
            refused.append((player, Fold()))
        refused.append((player, Discard()))
    elif legal.phase is Phase.DISCARDING:
        held = hand.hole_cards[player]
        if legal.discard_min > 0:
            refused.append((player, Discard(tuple(held[: legal.discard_min - 1]))))
        if legal.discard_max < len(held):
            refused.append((player, Discard(tuple(held[: legal.discard_max + 1]))))
        elsewhere = [c for c in ALL_CARDS if c not in held]
        refused.append((player, Discard((rng.choice(elsewhere),) * max(legal.discard_min, 1))))
        refused.append((player, BetOrRaise(legal.stack)))
    others = [i for i in range(hand.player_count) if i != player]
    if legal.phase is not Phase.SHOWDOWN:
        refused += [(rng.choice(others), action) for action in (Fold(), CheckOrCall())]
    refused.append((hand.player_count, CheckOrCall()))
    return refused


def garbage_action(rng: random.Random, hand: Hand) -> tuple[int, Action]:
    """Anything at all: any player number, any action, any amount, any cards."""
    turn = hand.legal_actions().player
    player = turn if rng.random() < 0.6 else rng.randint(-1, hand.player_count + 1)
    amount: object = rng.choice(
        [
            rng.randint(-(10**6), 10**6),
            rng.randint(0, 3 * max(hand.setup.starting_stacks)),
            0,
            -1,
            2**70,
            0.5,
            float("nan"),
            "100",
            None,
        ]
    )
    cards = tuple(rng.sample(ALL_CARDS, rng.randint(0, 4)))
    action: Action = rng.choice(
        [
            Fold(),
            CheckOrCall(),
            BetOrRaise(amount),  # type: ignore[arg-type]
            PostBringIn(),
            Discard(cards),
            ShowOrMuck(rng.random() < 0.5),
        ]
    )
    return player, action


# ------------------------------------------------------------------ helpers


def assert_chips_conserved(hand: Hand) -> None:
    total = sum(hand.setup.starting_stacks)
    if hand.is_complete:
        assert sum(hand.finishing_stacks) + hand.rake_taken == total
        return
    assert sum(hand.stacks) + hand.pot_total + hand.rake_taken == total
    assert sum(pot.amount for pot in hand.pots()) == hand.pot_total
    assert min(hand.stacks) >= 0 and min(hand.bets) >= 0


def whose_turn(hand: Hand) -> LegalActions | None:
    return None if hand.is_complete else hand.legal_actions()


def play_randomly(
    hand: Hand,
    rng: random.Random,
    check: Callable[[Hand, LegalActions], None] | None = None,
) -> Sequence[tuple[int, Action]]:
    """Play ``hand`` with random legal actions until it ends (or MAX_STEPS)."""
    for _ in range(MAX_STEPS):
        legal = whose_turn(hand)
        if legal is None:
            break
        if check is not None:
            check(hand, legal)
        action = rng.choice(described_actions(hand, legal, rng))
        hand.act(legal.player, action)
        assert_chips_conserved(hand)
    return hand.actions


# ------------------------------------------------------------------ properties


@pytest.mark.parametrize("code", PROPERTY_VARIANTS)
@SETTINGS
@given(data=st.data())
def test_chips_are_conserved(code: str, data: st.DataObject) -> None:
    setup = data.draw(setups(code))
    hand = Hand(setup)
    assert_chips_conserved(hand)
    play_randomly(hand, random.Random(data.draw(st.integers(0, 2**32))))
    if hand.is_complete:
        assert sum(hand.finishing_stacks) + hand.rake_taken == sum(setup.starting_stacks)
        assert all(stack >= 0 for stack in hand.finishing_stacks)


@pytest.mark.parametrize("code", PROPERTY_VARIANTS)
@SETTINGS
@given(data=st.data())
def test_legal_actions_are_exactly_those_accepted(code: str, data: st.DataObject) -> None:
    hand = Hand(
        data.draw(setups(code)),
        auto_showdown=data.draw(st.booleans()),
        muck_choices=data.draw(st.booleans()),
    )
    rng = random.Random(data.draw(st.integers(0, 2**32)))

    def check(hand: Hand, legal: LegalActions) -> None:
        # Trying every described action means copying the hand and often
        # playing it out to the showdown, so only at some decisions.
        if rng.random() < ACCEPTANCE_CHECKED:
            for action in described_actions(hand, legal, rng):
                hand.copy().act(legal.player, action)  # raises if refused
        before = snapshot(hand)
        for player, action in refused_actions(hand, legal, rng):
            with pytest.raises(IllegalAction):
                hand.act(player, action)
            assert snapshot(hand) == before, (player, action)

    play_randomly(hand, rng, check)
    if hand.is_complete:
        before = snapshot(hand)
        with pytest.raises(IllegalAction):
            hand.legal_actions()
        with pytest.raises(IllegalAction):
            hand.act(0, CheckOrCall())
        assert snapshot(hand) == before


@pytest.mark.parametrize("code", PROPERTY_VARIANTS)
@SETTINGS
@given(data=st.data())
def test_a_replayed_hand_is_the_same_hand(code: str, data: st.DataObject) -> None:
    setup = data.draw(setups(code))
    auto_showdown = data.draw(st.booleans(), label="auto_showdown")
    muck_choices = data.draw(st.booleans(), label="muck_choices")
    hand = Hand(setup, auto_showdown=auto_showdown, muck_choices=muck_choices)
    play_randomly(hand, random.Random(data.draw(st.integers(0, 2**32))))
    again = Hand.replay(setup, hand.actions, auto_showdown=auto_showdown, muck_choices=muck_choices)
    assert again.events == hand.events
    assert again.stacks == hand.stacks
    assert again.board == hand.board
    assert again.hole_cards == hand.hole_cards
    assert again.is_complete == hand.is_complete
    assert snapshot(again) == snapshot(hand)


@pytest.mark.parametrize("code", PROPERTY_VARIANTS)
@SETTINGS
@given(data=st.data())
def test_no_sequence_of_actions_crashes_the_engine(code: str, data: st.DataObject) -> None:
    hand = Hand(data.draw(setups(code)), auto_showdown=data.draw(st.booleans()))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    for _ in range(4 * MAX_STEPS):
        if hand.is_complete:
            break
        legal = hand.legal_actions()
        if rng.random() < 0.5:
            player, action = legal.player, rng.choice(described_actions(hand, legal, rng))
        else:
            player, action = garbage_action(rng, hand)
        before = snapshot(hand)
        try:
            hand.act(player, action)
        except IllegalAction:
            assert snapshot(hand) == before
        assert_chips_conserved(hand)
        for stack in hand.stacks:
            assert isinstance(stack, int)
