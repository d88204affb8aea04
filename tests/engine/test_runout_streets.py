"""An all-in run-out dealt street by street (a hand dealt with ``pause_runouts``):
the hand stops before each street with the live hands face up, and what it
deals is exactly what the same deck deals in one step: the same boards, hole
cards, burns, pots and stacks, in every game with a board and in stud, run
once or twice. Draw games, whose players still draw, are never paused."""

from __future__ import annotations

import random

import pytest

from engine.actions import Action, BetOrRaise, CheckOrCall, ChooseRunouts, PostBringIn
from engine.cards import Card, Deck, parse_cards
from engine.errors import IllegalAction
from engine.events import BoardDealt, HandShown, HoleCardsDealt, UpCardsDealt
from engine.hand import Hand, HandSetup, Phase
from engine.phh import HandHistory, dumps, loads, replay
from engine.variants import VARIANTS
from tests.engine.dealing import random_action

FULL_DECK = parse_cards(" ".join(f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"))


def deck(top: str) -> tuple[Card, ...]:
    first = parse_cards(top)
    return tuple(first + [card for card in FULL_DECK if card not in first])


def without_shows(hand: Hand) -> list[object]:
    """The hand's events but the hands shown (which a paused hand shows earlier)."""
    return [event for event in hand.events if not isinstance(event, HandShown)]


def shown(hand: Hand) -> dict[int, tuple[Card, ...]]:
    """Every hand shown, as it was last shown."""
    return {e.player: e.cards for e in hand.events if isinstance(e, HandShown)}


def assert_dealt_alike(paused: Hand, at_once: Hand) -> None:
    assert paused.is_complete and at_once.is_complete
    assert paused.boards == at_once.boards
    assert paused.hole_cards == at_once.hole_cards
    assert paused.burned == at_once.burned
    assert paused.stacks == at_once.stacks and paused.awarded == at_once.awarded
    assert paused.pots_awarded == at_once.pots_awarded
    assert without_shows(paused) == without_shows(at_once)
    assert shown(paused) == shown(at_once)


def heads_up_all_in(top: str, **options: object) -> tuple[Hand, HandSetup]:
    setup = HandSetup(
        VARIANTS["NT"],
        (1000, 1000),
        blinds=(10, 5),
        min_bet=10,
        deck=deck(top),
        **options,  # type: ignore[arg-type]
    )
    hand = Hand(setup, pause_runouts=True)
    hand.act(1, BetOrRaise(1000))
    hand.act(0, CheckOrCall())
    return hand, setup


def test_all_in_before_the_flop_stops_before_each_street_with_the_hands_face_up() -> None:
    hand, setup = heads_up_all_in("AsKh AdKc 2c 3d4h5s 6c Kd 8h 9s")
    assert hand.phase is Phase.RUNOUT and hand.runout_due
    assert hand.board == [] and hand.to_act is None
    # TDA: once the betting is over the all-in hands are turned up, before any card comes.
    assert shown(hand) == {0: tuple(parse_cards("AsAd")), 1: tuple(parse_cards("KhKc"))}
    boards = []
    while hand.runout_due:
        events = hand.deal_runout()
        boards.append(" ".join(str(card) for card in hand.board))
        assert [e.cards for e in events if isinstance(e, BoardDealt)]  # one street each time
    assert boards == ["3d 4h 5s", "3d 4h 5s Kd", "3d 4h 5s Kd 9s"]
    assert hand.runout_streets == 3 and hand.is_complete
    at_once = Hand.replay(setup, hand.actions)
    assert_dealt_alike(hand, at_once)


def test_nobody_may_act_during_a_run_out_and_deal_runout_is_refused_when_none_is_due() -> None:
    hand, _ = heads_up_all_in("AsKh AdKc")
    with pytest.raises(IllegalAction):
        hand.legal_actions()
    with pytest.raises(IllegalAction):
        hand.act(0, CheckOrCall())
    twin = hand.copy()
    twin.deal_runout_to()
    assert twin.is_complete and hand.board == []  # a copy runs out on its own
    fresh = Hand(
        HandSetup(VARIANTS["NT"], (1000, 1000), blinds=(10, 5), min_bet=10, deck=deck("")),
        pause_runouts=True,
    )
    with pytest.raises(IllegalAction):
        fresh.deal_runout()


def test_an_all_in_on_the_turn_stops_once_before_the_river() -> None:
    setup = HandSetup(VARIANTS["NT"], (1000, 1000), blinds=(10, 5), min_bet=10, deck=deck(""))
    hand = Hand(setup, pause_runouts=True)
    while len(hand.board) < 4:  # called and checked down to the turn
        hand.act(hand.legal_actions().player, CheckOrCall())
    legal = hand.legal_actions()
    hand.act(legal.player, BetOrRaise(legal.max_raise_to))
    hand.act(hand.legal_actions().player, CheckOrCall())
    assert hand.runout_due and len(hand.board) == 4
    hand.deal_runout()
    assert hand.is_complete and len(hand.board) == 5
    assert_dealt_alike(hand, Hand.replay(setup, hand.actions))


def test_each_run_of_run_it_twice_comes_street_by_street_after_the_choice() -> None:
    hand, setup = heads_up_all_in(
        "AsKh AdKc 2c 3d4h5s 6c Kd 8h 9s Tc JdQh2d 2h 7s", run_it_twice=True
    )
    assert hand.phase is Phase.RUN_IT_TWICE  # the choice comes first, as before
    hand.act(0, ChooseRunouts(2))
    hand.act(1, ChooseRunouts(2))
    stages = []
    while hand.runout_due:
        stages.append([len(board) for board in hand.boards])
        hand.deal_runout()
    # Run 1: before the flop, the turn, the river; run 2 from the same deck.
    assert stages == [[0], [3], [4], [5], [5, 3], [5, 4]]
    assert hand.runout_streets == 6
    assert [str(c) for c in hand.boards[1]] == ["Jd", "Qh", "2d", "7s", "3c"]  # burns 2h, then 7s
    assert_dealt_alike(hand, Hand.replay(setup, hand.actions))


def stud_all_in_on_third_street() -> Hand:
    setup = HandSetup(
        VARIANTS["F7S"],
        (100, 100),
        antes=(5, 5),
        bring_in=5,
        small_bet=10,
        big_bet=20,
        deck=deck("AsKs AdKd 2c3c 4h5h 6s7s 8d9d TcJc QhQd"),
    )
    hand = Hand(setup, pause_runouts=True)
    legal = hand.legal_actions()
    hand.act(legal.player, PostBringIn())
    while not hand.runout_due and not hand.is_complete:
        legal = hand.legal_actions()
        action: Action = (
            BetOrRaise(legal.max_raise_to) if legal.can_raise else CheckOrCall()
        )  # fixed limit: raise until the chips run out
        hand.act(legal.player, action)
    return hand


def test_stud_all_in_runs_out_each_street_with_every_card_face_up() -> None:
    hand = stud_all_in_on_third_street()
    assert hand.runout_due
    street = hand.street_index
    tabled = shown(hand)
    # Both hands turned up whole (the down cards too) before the next street.
    assert {p: set(cards) for p, cards in tabled.items()} == {
        p: set(hand.hole_cards[p]) for p in (0, 1)
    }
    streets = []
    while hand.runout_due:
        events = hand.deal_runout()
        streets.append(hand.street.name)
        if hand.runout_due:
            # Each street before the last deals up cards: the hands stay all public.
            assert not [e for e in events if isinstance(e, HoleCardsDealt)]
            assert [e for e in events if isinstance(e, UpCardsDealt)]
    assert hand.is_complete
    assert len(streets) == len(hand.variant.streets) - 1 - street
    at_once = Hand.replay(hand.setup, hand.actions)
    assert_dealt_alike(hand, at_once)


@pytest.mark.parametrize("code", ["NT", "PO", "PO/8", "FT", "F7S", "FR", "F7S/8", "NS"])
def test_random_hands_deal_the_same_street_by_street_as_in_one_step(code: str) -> None:
    variant = VARIANTS[code]
    paused_runouts = 0
    for seed in range(60):
        rng = random.Random(seed)
        players = rng.randint(2, min(6, variant.max_players))
        stacks = tuple(rng.choice((40, 100, 300)) for _ in range(players))
        stud = variant.uses_bring_in
        setup = HandSetup(
            variant,
            stacks,
            antes=(2,) * players if stud else (),
            blinds=() if stud else (1, 2) + (0,) * (players - 2),
            bring_in=5 if stud else 0,
            min_bet=2,
            small_bet=10,
            big_bet=20,
            deck=Deck.shuffled(variant.deck, random.Random(seed)).order,
        )
        paused = Hand(setup, pause_runouts=True)
        while not paused.is_complete:
            if paused.runout_due:
                paused_runouts += 1
                paused.deal_runout()
                continue
            player, action = random_action(paused, rng)
            paused.act(player, action)
        at_once = Hand.replay(setup, paused.actions)
        assert_dealt_alike(paused, at_once)
        # Its history (the hands shown as they were turned up) reads back and
        # replays to the same stacks, as the bot's /history download must.
        history = HandHistory.from_hand(paused)
        result = replay(loads(dumps(history)))
        assert result.ok and result.finishing_stacks == paused.finishing_stacks
    assert paused_runouts > 0, "no hand of the sample was run out"


def test_draw_games_are_never_paused() -> None:
    variant = VARIANTS["F2L3D"]
    for seed in range(30):
        rng = random.Random(seed)
        setup = HandSetup(
            variant,
            (30, 30, 30),
            blinds=(1, 2, 0),
            small_bet=2,
            big_bet=4,
            deck=Deck.shuffled(variant.deck, rng).order,
        )
        hand = Hand(setup, pause_runouts=True)
        while not hand.is_complete:
            assert not hand.runout_due
            player, action = random_action(hand, rng)
            hand.act(player, action)
