"""The seeds' remaining games, rule by rule: Manila, Double Texas Hold'em,
double-board Hold'em and short deck's other order (seed 000, seed 002 and the
rules seed 002 cites)."""

from __future__ import annotations

import pytest

from engine.actions import BetOrRaise, CheckOrCall, Discard, Fold
from engine.cards import DeckKind, parse_cards
from engine.errors import IllegalAction
from engine.evaluation import Category, Evaluation, evaluate
from engine.events import PointCardChosen, PotAwarded
from engine.hand import Hand, HandSetup, Phase
from engine.variants import VARIANTS
from tests.engine.hand_builders import stacked_deck


def check_down(hand: Hand) -> None:
    while not hand.is_complete:
        assert hand.actor is not None and hand.phase is Phase.BETTING
        hand.act(hand.actor, CheckOrCall())


# ------------------------------------------------------------------ Manila


def test_manila_is_dealt_from_sevens_to_aces() -> None:
    assert len(DeckKind.MANILA.cards) == 32
    assert min(card.rank for card in DeckKind.MANILA.cards) == 5  # the seven


def test_manila_deals_one_board_card_per_betting_round() -> None:
    """Two hole cards and the first board card, then one card per round: five
    betting rounds, the small bet on the first two, the big bet after."""
    variant = VARIANTS["FM"]
    deck = tuple(variant.deck.cards)
    hand = Hand(HandSetup(variant, (100,) * 3, blinds=(1, 2, 0), small_bet=2, big_bet=4, deck=deck))
    boards, bets = [], []
    while not hand.is_complete:
        legal = hand.legal_actions()
        if legal.can_check and len(hand.board) not in boards:
            boards.append(len(hand.board))
            bets.append(legal.min_raise_to)
        hand.act(legal.player, CheckOrCall())
    assert boards == [1, 2, 3, 4, 5]
    assert bets == [4, 2, 4, 4, 4]  # preflop: a raise over the big blind of 2


@pytest.mark.parametrize(
    ("hole", "board", "category"),
    [
        # Both hole cards must play: four hearts on the board are no flush.
        ("AsKd", "QhJhTh9h7c", Category.STRAIGHT),
        # A flush beats a full house.
        ("AhKh", "QhJh9hTsTd", Category.FLUSH),
        # The ace plays high only: A-7-8-9-T is no straight.
        ("As7d", "8c9hTdKsQs", Category.HIGH_CARD),
    ],
)
def test_manila_hands(hole: str, board: str, category: Category) -> None:
    value = evaluate(Evaluation.MANILA_HIGH, parse_cards(hole), parse_cards(board))
    assert value is not None and value.category is category


def test_manila_flush_over_full_house() -> None:
    flush = evaluate(Evaluation.MANILA_HIGH, parse_cards("8h7h"), parse_cards("AhKhQhJsJd"))
    boat = evaluate(Evaluation.MANILA_HIGH, parse_cards("JcAd"), parse_cards("AhKhQhJsJd"))
    assert flush is not None and boat is not None
    assert boat.category is Category.FULL_HOUSE and flush.category is Category.FLUSH
    assert flush > boat


# ------------------------------------------------------- Double Hold'em


def double_holdem(point_for_player_2: str) -> Hand:
    """The deal of phh_variants/double-holdem.phh, player 2 choosing his point card."""
    deck = stacked_deck("AdQh2cAs9h7dKcQd3s", "Jc", "Qs9c4h", "Js", "4d", "Ts", "5d")
    hand = Hand(HandSetup(VARIANTS["NDT"], (100,) * 3, blinds=(1, 2, 0), min_bet=2, deck=deck))
    hand.act(2, CheckOrCall())
    hand.act(0, CheckOrCall())
    hand.act(1, CheckOrCall())
    assert hand.phase is Phase.DISCARDING and hand.pending_discards == (0, 1, 2)
    for player, card in ((0, "As"), (1, point_for_player_2), (2, "7d")):
        events = hand.act(player, Discard(tuple(parse_cards(card))))
        assert events == [PointCardChosen(player)]
    check_down(hand)
    return hand


def test_double_holdem_the_point_card_plays_with_each_other_card() -> None:
    """The point card queen of hearts plays with the queen of diamonds: three
    queens and two fours, a full house, beats aces and fours."""
    hand = double_holdem("Qh")
    assert hand.hole_cards[1] == parse_cards("9hQhQd")  # the point card in the middle
    award = next(e for e in hand.events if isinstance(e, PotAwarded))
    assert [player for player, _ in award.winners] == [1]
    assert award.description.startswith("Full house")


def test_double_holdem_the_outer_cards_never_play_together() -> None:
    """With the nine as point card, Qh and Qd are the outer cards: only queens
    and nines, and player 1's aces and fours win."""
    hand = double_holdem("9h")
    award = next(e for e in hand.events if isinstance(e, PotAwarded))
    assert [player for player, _ in award.winners] == [0]


def test_double_holdem_a_point_card_is_one_card_the_player_holds() -> None:
    deck = stacked_deck("AdQh2cAs9h7dKcQd3s")
    hand = Hand(HandSetup(VARIANTS["NDT"], (100,) * 3, blinds=(1, 2, 0), min_bet=2, deck=deck))
    for player in (2, 0, 1):
        hand.act(player, CheckOrCall())
    legal = hand.legal_actions()
    assert (legal.discard_min, legal.discard_max) == (1, 1)
    with pytest.raises(IllegalAction) as refusal:
        hand.act(0, Discard(tuple(parse_cards("AdAs"))))
    assert refusal.value.key == "must_choose_point_card"
    with pytest.raises(IllegalAction) as refusal:
        hand.act(0, Discard(tuple(parse_cards("Qh"))))
    assert refusal.value.key == "card_not_held"
    assert hand.hole_cards[0] == parse_cards("AdAsKc")


# ---------------------------------------------------- double-board Hold'em


def double_board(code: str) -> Hand:
    """The deal of phh_variants/double-board-*.phh: player 2's aces win board 1,
    player 3's full house board 2; a pot of 33."""
    deck = stacked_deck(
        "4cAs7h5dKs7d", "Qc", "AhJc2d", "7s8s9s", "Qd", "3c", "8d", "Qs", "4h", "2c"
    )
    hand = Hand(HandSetup(VARIANTS[code], (100,) * 3, blinds=(1, 2, 0), min_bet=2, deck=deck))
    hand.act(2, BetOrRaise(6))
    hand.act(0, Fold())
    hand.act(1, CheckOrCall())
    hand.act(1, BetOrRaise(10))
    hand.act(2, CheckOrCall())
    check_down(hand)
    return hand


def test_double_board_deals_two_boards_one_burn_per_street() -> None:
    hand = double_board("NDB")
    assert [str(card) for card in hand.boards[0]] == ["Ah", "Jc", "2d", "3c", "4h"]
    assert [str(card) for card in hand.boards[1]] == ["7s", "8s", "9s", "8d", "2c"]
    assert hand.board is hand.boards[0]


def test_double_board_each_board_wins_half_the_pot() -> None:
    hand = double_board("NDB")
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert [(a.share, a.amount, a.winners) for a in awards] == [
        ("board 1", 17, ((1, 17),)),  # the odd chip to the first board
        ("board 2", 16, ((2, 16),)),
    ]
    assert hand.finishing_stacks == (99, 101, 100)


def test_double_board_the_best_hand_on_either_board_may_take_all() -> None:
    hand = double_board("NDBA")
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert [(a.share, a.amount, a.winners) for a in awards] == [("whole", 33, ((2, 33),))]
    assert awards[0].description.startswith("Full house")


# ------------------------------------------------------------ short deck


def test_short_deck_orders_trips_and_straights_as_the_table_chose() -> None:
    """Seed 000: "je nach Regelwerk" three of a kind beats a straight or not;
    both orders play a flush over a full house."""
    straight = (parse_cards("TsJh"), parse_cards("9hQdKc6h8s"))
    trips = (parse_cards("9d9c"), parse_cards("9hQdKc6h8s"))
    for evaluation, straight_wins in (
        (Evaluation.SHORT_DECK_HIGH, False),
        (Evaluation.SHORT_DECK_STRAIGHT_OVER_TRIPS, True),
    ):
        a, b = evaluate(evaluation, *straight), evaluate(evaluation, *trips)
        assert a is not None and b is not None
        assert (a > b) is straight_wins
        flush = evaluate(evaluation, parse_cards("AhKh"), parse_cards("9h8h6hAsAc"))
        boat = evaluate(evaluation, parse_cards("AdKd"), parse_cards("KsKc6hAsAc"))
        assert flush is not None and boat is not None and flush > boat
