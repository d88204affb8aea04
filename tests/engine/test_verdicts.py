"""What decided a showdown, as data: the hand's category and ranks, and the
kicker that beat the best losing hand (engine.evaluation.described,
engine.verdicts)."""

from __future__ import annotations

import random

import pytest

from engine.actions import BetOrRaise, CheckOrCall, Fold
from engine.cards import ALL_CARDS, parse_cards
from engine.evaluation import Category, Evaluation, evaluate
from engine.evaluation.described import deciding_kicker, described
from engine.hand import Hand
from engine.verdicts import pot_verdicts, shown_hands
from tests.engine.hand_builders import holdem, stacked_deck

THREE, SEVEN, NINE, JACK, QUEEN, KING, ACE = 1, 5, 7, 9, 10, 11, 12


def high(hole: str, board: str) -> object:
    value = evaluate(Evaluation.STANDARD_HIGH, parse_cards(hole), parse_cards(board))
    assert value is not None
    return value


def check_down(hand: Hand) -> Hand:
    while not hand.is_complete:
        assert hand.actor is not None
        hand.act(hand.actor, CheckOrCall())
    return hand


@pytest.mark.parametrize(
    ("hole", "board", "category", "ranks", "kickers"),
    [
        ("3s3h", "Kd9c7d5s2h", Category.PAIR, (THREE,), (KING, NINE, SEVEN)),
        ("AsAh", "5d5c9d2s3h", Category.TWO_PAIR, (ACE, 3), (NINE,)),
        ("KsKh", "Kd4c4d9s2h", Category.FULL_HOUSE, (KING, 2), ()),
        ("9s8h", "7d6c5d2s2h", Category.STRAIGHT, (NINE,), ()),
        ("As2h", "3d4c5dKsKh", Category.STRAIGHT, (3,), ()),  # the wheel is five high
        ("AhQh", "9h5h2hKsKd", Category.FLUSH, (ACE,), (QUEEN, NINE, 3, 0)),
        ("AsKd", "9h7c5h3s2d", Category.HIGH_CARD, (ACE,), (KING, NINE, SEVEN, 3)),
        ("7s7h", "7d7cAd3s2h", Category.FOUR_OF_A_KIND, (SEVEN,), (ACE,)),
    ],
)
def test_a_hand_is_described_by_its_category_named_ranks_and_kickers(
    hole: str, board: str, category: Category, ranks: tuple[int, ...], kickers: tuple[int, ...]
) -> None:
    description = described(high(hole, board))  # type: ignore[arg-type]
    assert (description.category, description.ranks, description.kickers) == (
        category,
        ranks,
        kickers,
    )
    assert len(description.cards) == 5


def test_a_low_is_named_by_all_its_ranks() -> None:
    value = evaluate(Evaluation.EIGHT_OR_BETTER_LOW, parse_cards("As2d"), parse_cards("4c6h8sKdQc"))
    assert value is not None
    description = described(value)
    assert description.is_low_run
    assert description.ranks == (6, 4, 2, 0, ACE)  # 8-6-4-2-A
    assert description.kickers == ()


@pytest.mark.parametrize(
    ("winner", "loser", "board", "kicker"),
    [
        ("3sKc", "3cQd", "3h9c7d5s2h", KING),  # a pair of threes each: the king decides
        ("3s9c", "3cQd", "3h9d7d5s2h", None),  # two pair beats one pair: no kicker
        ("AsKc", "AdKd", "Ah9c7d5s2h", None),  # the same five cards: a tie
        ("AsJc", "AdTd", "Ah9c7d5sKh", JACK),  # aces, king kicker each; the jack decides
        ("AsQc", "AdQd", "Ah9c7d5s2h", None),  # a tie on A A Q 9 7
    ],
)
def test_the_kicker_that_decided_is_the_first_kicker_that_differs(
    winner: str, loser: str, board: str, kicker: int | None
) -> None:
    assert deciding_kicker(high(winner, board), high(loser, board)) == kicker  # type: ignore[arg-type]


def test_a_kicker_is_never_asked_of_the_worse_hand() -> None:
    with pytest.raises(ValueError, match="does not beat"):
        deciding_kicker(high("3cQd", "3h9c7d5s2h"), high("3sKc", "3h9c7d5s2h"))  # type: ignore[arg-type]


def test_the_pot_verdict_names_the_kicker_that_beat_the_best_losing_hand() -> None:
    # Ann 3s Kc, Ben 3c Qd, Cat 3d Jd: three pairs of threes; Ann's king beats Ben's queen.
    # Ann goes all in and the others call, so every hand is shown.
    deck = stacked_deck("3s3c3d" + "KcQdJd", "Ac", "3h9c7d", "Ah", "5s", "As", "2h")
    hand = holdem([100, 100, 100], blinds=(5, 10, 0), deck=deck)
    hand.act(2, CheckOrCall())
    hand.act(0, BetOrRaise(100))
    hand.act(1, CheckOrCall())
    hand.act(2, CheckOrCall())
    assert hand.is_complete
    (verdict,) = pot_verdicts(hand)
    assert verdict.winners == (0,)
    assert verdict.hand is not None and verdict.hand.category is Category.PAIR
    assert verdict.hand.ranks == (THREE,)
    assert verdict.kicker == KING
    assert set(verdict.winning_cards[0]) == set(parse_cards("3s3hKc9c7d"))


def test_a_split_pot_has_both_winners_and_no_kicker() -> None:
    deck = stacked_deck("2c2d3c3d", "Ac", "5s6d7d", "Ah", "8h", "As", "9s")
    hand = check_down(holdem([100, 100], blinds=(10, 5), deck=deck))
    (verdict,) = pot_verdicts(hand)
    assert set(verdict.winners) == {0, 1}
    assert verdict.hand is not None and verdict.hand.category is Category.STRAIGHT
    assert verdict.hand.ranks == (NINE,)
    assert verdict.kicker is None
    assert len(verdict.winning_cards) == 2


def test_a_pot_nobody_contested_names_no_hand_and_shows_nothing() -> None:
    hand = holdem([100, 100], blinds=(10, 5), deck=stacked_deck("AsKsAhKh"))
    hand.act(1, Fold())
    (verdict,) = pot_verdicts(hand)
    assert verdict.winners == (0,) and verdict.hand is None and verdict.winning_cards == ()
    assert shown_hands(hand) == ()


def test_a_mucked_hand_is_not_described_and_decides_no_kicker() -> None:
    # Checked down: Ann shows her pair of threes first; Ben and Cat, who cannot
    # beat it, muck. Their kickers stay unseen, so none is named.
    deck = stacked_deck("3s3c3d" + "KcQdJd", "Ac", "3h9c7d", "Ah", "5s", "As", "2h")
    hand = check_down(holdem([100, 100, 100], blinds=(5, 10, 0), deck=deck))
    (shown,) = shown_hands(hand)
    assert shown.player == 0 and shown.cards == tuple(parse_cards("3sKc"))
    assert [h.category for h in shown.hands] == [Category.PAIR]
    (verdict,) = pot_verdicts(hand)
    assert verdict.winners == (0,)
    assert verdict.hand is not None and verdict.hand.ranks == (THREE,)
    assert verdict.kicker is None


def test_a_hi_lo_pot_judges_the_low_half_by_the_low() -> None:
    # Omaha eight or better: Ann A-2 for the low, Ben K-K for the high.
    deck = stacked_deck("AsKc2dKdQh9cJh9d", "Tc", "3c7h8s", "Th", "Ks", "Ts", "6c")
    hand = check_down(holdem([100, 100], blinds=(10, 5), code="PO/8", deck=deck))
    verdicts = {v.share: v for v in pot_verdicts(hand)}
    assert verdicts["low"].winners == (0,)
    low = verdicts["low"].hand
    assert low is not None and low.is_low_run and low.evaluation.is_low
    assert verdicts["high"].winners == (1,)
    high_hand = verdicts["high"].hand
    assert high_hand is not None and high_hand.category is Category.THREE_OF_A_KIND


def test_each_board_of_a_double_board_pot_is_judged_on_its_own_board() -> None:
    deck = list(ALL_CARDS)
    random.Random(5).shuffle(deck)
    hand = check_down(holdem([100, 100], blinds=(10, 5), code="NDB", deck=deck))
    verdicts = pot_verdicts(hand)
    assert [v.share for v in verdicts] == ["board 1", "board 2"]
    for verdict, board in zip(verdicts, hand.boards, strict=True):
        assert verdict.hand is not None
        for winner, cards in zip(verdict.winners, verdict.winning_cards, strict=True):
            assert set(cards) <= set(hand.hole_cards[winner]) | set(board)
    assert all(len(shown.hands) == 2 for shown in shown_hands(hand))  # a hand per board
