"""Hand evaluation against independent judges: an obvious ranker written here, eval7, PokerKit.

Strength scales differ between libraries, so the checks compare *orders*:
whenever another judge says one hand beats, ties or loses to another, ours
must say the same.
"""

import random
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations, combinations_with_replacement, pairwise
from typing import Any

import eval7  # type: ignore[import-untyped]
import pokerkit
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import ALL_CARDS, Card, DeckKind, format_cards
from engine.evaluation import (
    Category,
    Evaluation,
    HandValue,
    evaluate,
    high_strength,
    short_deck_high_strength,
)

E = Evaluation


def deals(deck: Sequence[Card], size: int) -> st.SearchStrategy[list[Card]]:
    """``size`` different cards from ``deck``."""
    return st.permutations(list(deck)).map(lambda cards: cards[:size])


def sign(difference: int) -> int:
    return (difference > 0) - (difference < 0)


def assert_same_order(judged: Sequence[tuple[Any, int]]) -> None:
    """``judged`` holds (their value, our strength): sorted by theirs, ours must follow."""
    ordered = sorted(judged, key=lambda pair: pair[0])
    for (theirs_a, ours_a), (theirs_b, ours_b) in pairwise(ordered):
        if theirs_a == theirs_b:
            assert ours_a == ours_b, (theirs_a, theirs_b)
        else:
            assert ours_a < ours_b, (theirs_a, theirs_b)


# An obvious reference ranker -------------------------------------------------


def reference_five(cards: Sequence[Card]) -> tuple[int, ...]:
    """Five cards as (category 0-8, tie-breaking ranks …), the textbook way."""
    ranks = sorted((card.rank for card in cards), reverse=True)
    flush = len({card.suit for card in cards}) == 1
    counts = Counter(ranks)
    groups = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    straight_top = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:
            straight_top = 3
    if straight_top is not None:
        return (8 if flush else 4, straight_top)
    if shape == [4, 1]:
        return (7, *groups)
    if shape == [3, 2]:
        return (6, *groups)
    if flush:
        return (5, *ranks)
    if shape == [3, 1, 1]:
        return (3, *groups)
    if shape == [2, 2, 1]:
        return (2, *groups)
    if shape == [2, 1, 1, 1]:
        return (1, *groups)
    return (0, *ranks)


def reference_best(cards: Sequence[Card]) -> tuple[int, ...]:
    return max(reference_five(five) for five in combinations(cards, 5))


def test_every_class_of_five_card_hand_is_ordered_like_the_reference() -> None:
    """All 7,462 classes: every rank multiset offsuit, every five ranks suited."""
    hands: list[list[Card]] = []
    for ranks in combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) <= 4:
            seen: Counter[int] = Counter()
            hand = []
            for rank in ranks:  # deal suits round-robin so five cards never share one
                hand.append(Card.of(rank, (seen[rank] + len(hand)) % 4))
                seen[rank] += 1
            if len({card.suit for card in hand}) == 1:
                hand[0] = Card.of(hand[0].rank, (hand[0].suit + 1) % 4)
            hands.append(hand)
    for ranks in combinations(range(13), 5):
        hands.append([Card.of(rank, 3) for rank in ranks])
    assert len({format_cards(hand) for hand in hands}) == len(hands)
    strengths = [high_strength(hand) for hand in hands]
    assert sorted(strengths) == list(range(1, 7463))
    assert_same_order([(reference_five(hand), s) for hand, s in zip(hands, strengths, strict=True)])


@settings(max_examples=300, deadline=None)
@given(st.integers(5, 7).flatmap(lambda size: st.tuples(deals(ALL_CARDS, 2 * size), st.just(size))))
def test_high_strength_agrees_with_the_reference(deal: tuple[list[Card], int]) -> None:
    cards, size = deal
    first, second = cards[:size], cards[size:]
    ours = sign(high_strength(first) - high_strength(second))
    theirs = sign(
        (reference_best(first) > reference_best(second))
        - (reference_best(first) < reference_best(second))
    )
    assert ours == theirs
    judged = evaluate(E.STANDARD_HIGH, first)
    assert judged is not None and judged.strength == high_strength(first)
    assert reference_five(judged.cards) == reference_best(first)


def test_seven_card_hands_are_ordered_like_eval7() -> None:
    rng = random.Random(20240601)
    hands = [rng.sample(ALL_CARDS, 7) for _ in range(20_000)]
    assert_same_order(
        [
            (eval7.evaluate([eval7.Card(str(card)) for card in hand]), high_strength(hand))
            for hand in hands
        ]
    )


@settings(max_examples=300, deadline=None)
@given(deals(DeckKind.SHORT.cards, 7))
def test_short_deck_fast_path_matches_evaluate(cards: list[Card]) -> None:
    for size in (5, 6, 7):
        judged = evaluate(E.SHORT_DECK_HIGH, cards[:size])
        assert judged is not None
        assert short_deck_high_strength(cards[:size]) == judged.strength


@settings(max_examples=200, deadline=None)
@given(deals(ALL_CARDS, 8))
def test_eight_or_more_cards_take_the_best_five(cards: list[Card]) -> None:
    assert high_strength(cards) == max(high_strength(seven) for seven in combinations(cards, 7))


# PokerKit, for the other games ---------------------------------------------------

PokerKitHand = Any


def compare_with_pokerkit(
    evaluation: Evaluation,
    hand_type: Callable[..., Any],
    cards: list[Card],
    hole_size: int,
    *,
    skip: Callable[[HandValue | None, PokerKitHand | None], bool] = lambda ours, theirs: False,
) -> None:
    """Two players' hole cards and a shared board (the rest of ``cards``)."""
    holes = cards[:hole_size], cards[hole_size : 2 * hole_size]
    board = cards[2 * hole_size :]
    ours = [evaluate(evaluation, hole, board) for hole in holes]
    theirs = [
        hand_type.from_game_or_none(format_cards(hole), format_cards(board))  # type: ignore[attr-defined]
        for hole in holes
    ]
    assert [v is None for v in ours] == [h is None for h in theirs]
    if any(skip(v, h) for v, h in zip(ours, theirs, strict=True)):
        return
    if None in ours:
        return
    first, second = ours
    assert first is not None and second is not None
    assert sign(first.strength - second.strength) == sign(
        (theirs[0] > theirs[1]) - (theirs[0] < theirs[1])
    )


@settings(max_examples=100, deadline=None)
@given(
    st.integers(4, 6).flatmap(lambda hole: st.tuples(deals(ALL_CARDS, 2 * hole + 5), st.just(hole)))
)
def test_omaha_high_agrees_with_pokerkit(deal: tuple[list[Card], int]) -> None:
    cards, hole = deal
    compare_with_pokerkit(E.OMAHA_HIGH, pokerkit.OmahaHoldemHand, cards, hole)


@settings(max_examples=100, deadline=None)
@given(
    st.integers(3, 5).flatmap(lambda board: st.tuples(deals(ALL_CARDS, 8 + board), st.just(board)))
)
def test_omaha_low_agrees_with_pokerkit(deal: tuple[list[Card], int]) -> None:
    cards, _ = deal
    compare_with_pokerkit(E.OMAHA_EIGHT_OR_BETTER_LOW, pokerkit.OmahaEightOrBetterLowHand, cards, 4)


@settings(max_examples=200, deadline=None)
@given(deals(ALL_CARDS, 14))
def test_stud_eight_or_better_low_agrees_with_pokerkit(cards: list[Card]) -> None:
    compare_with_pokerkit(E.EIGHT_OR_BETTER_LOW, pokerkit.EightOrBetterLowHand, cards, 7)


@settings(max_examples=200, deadline=None)
@given(deals(ALL_CARDS, 14))
def test_razz_agrees_with_pokerkit(cards: list[Card]) -> None:
    compare_with_pokerkit(E.ACE_TO_FIVE_LOW, pokerkit.RegularLowHand, cards, 7)


@settings(max_examples=300, deadline=None)
@given(deals(ALL_CARDS, 10))
def test_deuce_to_seven_agrees_with_pokerkit(cards: list[Card]) -> None:
    compare_with_pokerkit(E.DEUCE_TO_SEVEN_LOW, pokerkit.StandardLowHand, cards, 5)


@settings(max_examples=300, deadline=None)
@given(deals(ALL_CARDS, 8))
def test_badugi_agrees_with_pokerkit(cards: list[Card]) -> None:
    compare_with_pokerkit(E.BADUGI, pokerkit.BadugiHand, cards, 4)


def straight_or_trips(ours: HandValue | None, theirs: PokerKitHand | None) -> bool:
    """PokerKit ranks a short-deck straight above three of a kind; our rules do the opposite."""
    assert ours is not None and theirs is not None
    return ours.category in (Category.STRAIGHT, Category.THREE_OF_A_KIND) or (
        theirs.entry.label.name in ("STRAIGHT", "THREE_OF_A_KIND")
    )


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from([(5, 0), (2, 5)]).flatmap(
        lambda sizes: st.tuples(
            deals(DeckKind.SHORT.cards, 2 * sizes[0] + sizes[1]), st.just(sizes[0])
        )
    )
)
def test_short_deck_agrees_with_pokerkit_apart_from_trips_against_straights(
    deal: tuple[list[Card], int],
) -> None:
    cards, hole = deal
    compare_with_pokerkit(
        E.SHORT_DECK_HIGH, pokerkit.ShortDeckHoldemHand, cards, hole, skip=straight_or_trips
    )
