"""The games PHH has no code for, written and replayed: the hand-written files
in ``phh_variants/`` (one or more per new variant, and the dead-blind rule)
replay to the finishing stacks worked out by hand, and hands the engine deals
at random in every new variant go out as PHH and come back to the same stacks.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.actions import BetOrRaise, CheckOrCall, Discard, Fold
from engine.cards import Deck
from engine.hand import Hand, HandSetup, Phase
from engine.phh import HandHistory, dumps, load, loads, replay
from engine.variants import VARIANTS

FILES = sorted((Path(__file__).parent / "phh_variants").glob("*.phh"))
NEW_VARIANTS = ("FM", "NDT", "NDB", "NDBA", "NSS")


def test_every_new_variant_has_a_hand_written_file() -> None:
    codes = {load(path)[0].variant for path in FILES}
    assert set(NEW_VARIANTS) <= codes


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_the_hand_written_files_replay_to_their_recorded_stacks(path: Path) -> None:
    (history,) = load(path)
    result = replay(history)
    assert result.ok and result.complete, result.error
    assert result.matches_recorded, (result.finishing_stacks, history.finishing_stacks)


def test_double_board_actions_name_their_board_in_a_commentary() -> None:
    hand = random_hand("NDB", random.Random(3), players=2, passive=True)
    lines = HandHistory.from_hand(hand).actions
    boards = [line for line in lines if line.startswith("d db")]
    assert [line.rsplit("# ", 1)[1] for line in boards] == ["board 1", "board 2"] * 3


def random_hand(code: str, rng: random.Random, *, players: int, passive: bool = False) -> Hand:
    variant = VARIANTS[code]
    blinds = (2, 1) if players == 2 else (1, 2, *([0] * (players - 2)))
    hand = Hand(
        HandSetup(
            variant,
            tuple(rng.randint(20, 300) for _ in range(players)),
            blinds=blinds,
            min_bet=2,
            small_bet=2,
            big_bet=4,
            deck=Deck.shuffled(variant.deck, rng).order,
        )
    )
    while not hand.is_complete:
        legal = hand.legal_actions()
        if legal.phase is Phase.DISCARDING:  # Double Hold'em's point card
            hand.act(legal.player, Discard((rng.choice(hand.hole_cards[legal.player]),)))
            continue
        roll = rng.random()
        if not passive and legal.can_raise and roll < 0.3:
            action: BetOrRaise | CheckOrCall | Fold = BetOrRaise(
                rng.randint(legal.min_raise_to, legal.max_raise_to)
            )
        elif not passive and legal.can_fold and roll > 0.85:
            action = Fold()
        else:
            action = CheckOrCall()
        hand.act(legal.player, action)
    return hand


@pytest.mark.parametrize("code", NEW_VARIANTS)
def test_dealt_hands_go_out_as_phh_and_come_back_the_same(code: str) -> None:
    rng = random.Random(code)
    for _ in range(25):
        hand = random_hand(code, rng, players=rng.randint(2, 6))
        text = dumps(HandHistory.from_hand(hand))
        result = replay(loads(text))
        assert result.ok and result.matches_recorded, text
        assert result.hand is not None and result.hand.boards == hand.boards
