"""A hand the engine dealt, written as PHH and read back, replays to the same
finishing stacks: the bot's /history download is a faithful record."""

import random

import pytest

from engine.cards import Deck
from engine.hand import Hand, HandSetup, Rake
from engine.phh import HandHistory, dumps, dumps_all, loads, loads_all, replay
from engine.variants import VARIANTS, Variant
from tests.engine.dealing import random_action


def dealt_setup(variant: Variant, rng: random.Random, rake: Rake | None = None) -> HandSetup:
    n = rng.randint(2, min(6, variant.max_players))
    stacks = tuple(rng.choice((15, 60, 200, 1000, 5000)) for _ in range(n))
    ante = rng.choice((0, 0, 1))
    blinds: tuple[int, ...] = ()
    if variant.uses_blinds:
        # Heads-up the button (index 1) posts the small blind.
        blinds = (10, 5) if n == 2 else (5, 10) + (0,) * (n - 2)
    return HandSetup(
        variant,
        stacks,
        antes=(ante,) * n if ante else (),
        blinds=blinds,
        bring_in=3 if variant.uses_bring_in else 0,
        min_bet=10,
        small_bet=10,
        big_bet=20,
        ante_trimming=rng.random() < 0.5,
        rake=rake,
        deck=Deck.shuffled(variant.deck, rng).order,
    )


def play(variant: Variant, seed: int, rake: Rake | None = None) -> Hand:
    rng = random.Random(seed)
    hand = Hand(dealt_setup(variant, rng, rake))
    while not hand.is_complete:
        hand.act(*random_action(hand, rng))
    return hand


def dealable(variant: Variant) -> bool:
    try:
        play(variant, 0)
    except NotImplementedError:  # a variant whose rules are still being written
        return False
    return True


VARIANTS_DEALT = [code for code, variant in VARIANTS.items() if dealable(variant)]


@pytest.mark.parametrize("code", VARIANTS_DEALT)
def test_a_dealt_hand_round_trips_to_the_same_finishing_stacks(code: str) -> None:
    for seed in range(40):
        hand = play(VARIANTS[code], seed)
        names = [f"Player {i + 1}" for i in range(hand.player_count)]
        history = HandHistory.from_hand(hand, players=names, extra={"hand": seed})
        text = dumps(history)
        read = loads(text)
        assert read == history, text
        result = replay(read)
        assert result.ok, (text, result.error)
        assert result.finishing_stacks == hand.finishing_stacks, text
        assert result.matches_recorded is True
        # The replayed hand writes the same history again.
        assert result.hand is not None
        again = HandHistory.from_hand(result.hand, players=names, extra={"hand": seed})
        assert again.actions == history.actions


def test_the_common_variants_are_among_those_round_tripped() -> None:
    assert {"NT", "NS", "PO", "FT", "FO/8"} <= set(VARIANTS_DEALT)


def test_a_raked_hand_keeps_its_rake_in_user_defined_fields() -> None:
    rake = Rake(basis_points=500, cap=30)
    hands = [play(VARIANTS["NT"], seed, rake) for seed in range(30)]
    assert any(hand.rake_taken for hand in hands)
    for hand in hands:
        history = loads(dumps(HandHistory.from_hand(hand)))
        assert history.extra["_rake_basis_points"] == 500
        result = replay(history)
        assert result.finishing_stacks == hand.finishing_stacks


def test_several_hands_round_trip_through_one_bulk_file() -> None:
    hands = [play(VARIANTS[code], seed) for seed, code in enumerate(["NT", "PO", "FT", "FO/8"])]
    histories = [HandHistory.from_hand(hand, extra={"hand": i}) for i, hand in enumerate(hands)]
    text = dumps_all(histories)
    read = loads_all(text)
    assert list(read) == ["1", "2", "3", "4"]
    for hand, history in zip(hands, read.values(), strict=True):
        result = replay(history)
        assert result.ok and result.matches_recorded is True
        assert result.finishing_stacks == hand.finishing_stacks


def test_an_unfinished_hand_is_written_without_finishing_stacks() -> None:
    rng = random.Random(5)
    hand = Hand(dealt_setup(VARIANTS["NT"], rng))
    hand.act(*random_action(hand, rng))
    history = loads(dumps(HandHistory.from_hand(hand)))
    assert history.finishing_stacks is None
    result = replay(history)
    assert result.ok and not result.complete


def test_heads_up_blinds_are_written_small_blind_first() -> None:
    hand = next(
        h for h in (play(VARIANTS["NT"], seed) for seed in range(100)) if h.player_count == 2
    )
    history = HandHistory.from_hand(hand)
    assert history.blinds_or_straddles == (5, 10)
    assert history.to_setup().blinds == (10, 5)
