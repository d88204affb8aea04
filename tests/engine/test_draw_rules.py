"""Five card draw, deuce-to-seven lowball and badugi, rule by rule, with the
seeds' examples.

Seed 003 ("Five Card Draw") gives the draw limit (usually four cards) and who
speaks first after the draw (the last raiser of the first round, else its
opener); the lowball and badugi games, played with blinds, start every round
after the first left of the button.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from engine.actions import BetOrRaise, CheckOrCall, Discard, Fold
from engine.cards import Card, Deck, DeckKind, parse_cards
from engine.draws import DrawRules
from engine.errors import DealingError, IllegalAction
from engine.events import (
    CardsDiscarded,
    DrawAceShown,
    HoleCardsDealt,
    OpenersShown,
    PotCarriedOver,
    StubReshuffled,
)
from engine.hand import Hand, HandSetup, Phase
from engine.variants import VARIANTS


def five_card_draw(
    players: int,
    *,
    rules: DrawRules | None = None,
    deck: Sequence[Card] | None = None,
    carried_pot: int = 0,
) -> Hand:
    """Five card draw with antes of 1, bets of 2 before the draw and 4 after."""
    return Hand(
        HandSetup(
            VARIANTS["F5D"],
            (100,) * players,
            antes=(1,) * players,
            small_bet=2,
            big_bet=4,
            deck=tuple(deck) if deck is not None else None,
            draw_rules=rules or DrawRules(),
            carried_pot=carried_pot,
        )
    )


def deal(hand: Hand, *cards_by_player: str) -> None:
    for player, cards in enumerate(cards_by_player):
        if cards:
            hand.deal_hole(player, parse_cards(cards))


def discard(hand: Hand, player: int, cards: str) -> list[object]:
    return list(hand.act(player, Discard(tuple(parse_cards(cards)))))


def check_around(hand: Hand) -> None:
    street = hand.street_index
    while hand.phase is Phase.BETTING and hand.actor is not None and hand.street_index == street:
        hand.act(hand.actor, CheckOrCall())


# ---------------------------------------------------------------- five card draw


def test_five_cards_down_and_the_player_left_of_the_button_opens() -> None:
    hand = five_card_draw(3)
    assert hand.waiting_for_cards() == (0, 5)
    deal(hand, "AsKs9c7d2h", "QdQh8c6s3d", "JcTd9h5c4s")
    assert all(not any(up) for up in hand.up)
    legal = hand.legal_actions()
    assert legal.player == 0 and legal.can_check and legal.is_bet
    assert hand.pot_total == 3


def test_the_first_round_allows_a_bet_and_three_raises() -> None:
    hand = five_card_draw(3)
    deal(hand, "AsKs9c7d2h", "QdQh8c6s3d", "JcTd9h5c4s")
    for player, to in ((0, 2), (1, 4), (2, 6), (0, 8)):
        hand.act(player, BetOrRaise(to))
    legal = hand.legal_actions()
    assert not legal.can_raise and legal.call_amount == 4


def play_first_round(hand: Hand) -> None:
    deal(hand, "AsKs9c7d2h", "QdQh8c6s3d", "JcTd9h5c4s")
    hand.act(0, BetOrRaise(2))
    hand.act(1, CheckOrCall())
    hand.act(2, CheckOrCall())


def test_players_draw_in_turn_from_the_left_of_the_button() -> None:
    hand = five_card_draw(3)
    play_first_round(hand)
    assert hand.legal_actions().player == 0
    with pytest.raises(IllegalAction) as refusal:
        discard(hand, 1, "8c6s3d")
    assert refusal.value.key == "not_your_turn_anyone"


def test_a_discard_of_a_card_the_player_does_not_hold_is_refused() -> None:
    hand = five_card_draw(3)
    play_first_round(hand)
    with pytest.raises(IllegalAction) as refusal:
        discard(hand, 0, "9c7dQd")
    assert refusal.value.key == "card_not_held"
    assert hand.hole_cards[0] == parse_cards("AsKs9c7d2h")
    assert hand.legal_actions().player == 0


def test_the_draw_is_four_cards_at_most_by_default() -> None:
    """Seed 003, "Kartentausch": usually a player may exchange four cards at most."""
    hand = five_card_draw(3)
    play_first_round(hand)
    assert hand.legal_actions().discard_max == 4
    with pytest.raises(IllegalAction) as refusal:
        discard(hand, 0, "AsKs9c7d2h")
    assert refusal.value.key == "draw_too_many"
    events = discard(hand, 0, "Ks9c7d2h")
    assert CardsDiscarded(0, 4, True) in events


def test_a_table_may_agree_on_three_cards_at_most() -> None:
    """Seed 003: "vielfach der Tausch auf höchstens drei Karten beschränkt"."""
    hand = five_card_draw(3, rules=DrawRules(max_draw=3))
    play_first_round(hand)
    assert hand.legal_actions().discard_max == 3
    with pytest.raises(IllegalAction) as refusal:
        discard(hand, 0, "Ks9c7d2h")
    assert refusal.value.key == "draw_too_many"


def test_four_with_an_ace_shown_where_the_table_allows_it() -> None:
    hand = five_card_draw(3, rules=DrawRules(max_draw=3, max_draw_with_ace=4))
    play_first_round(hand)
    assert hand.legal_actions().discard_max == 4  # player 1 holds the ace of spades
    with pytest.raises(IllegalAction):
        discard(hand, 0, "As9c7d2h")  # the ace must be kept, and shown
    events = discard(hand, 0, "Ks9c7d2h")
    assert DrawAceShown(0, Card.parse("As")) in events
    assert hand.up_cards(0) == [Card.parse("As")]
    assert hand.legal_actions().discard_max == 3  # no ace for player 2


def test_a_table_may_allow_drawing_all_five() -> None:
    hand = five_card_draw(3, rules=DrawRules(max_draw=5))
    play_first_round(hand)
    discard(hand, 0, "AsKs9c7d2h")
    assert hand.legal_actions().discard_max == 5


def test_replacements_come_after_everyone_has_discarded() -> None:
    hand = five_card_draw(3)
    play_first_round(hand)
    discard(hand, 0, "9c7d2h")
    discard(hand, 1, "")  # standing pat
    discard(hand, 2, "Jc")
    assert hand.waiting_for_cards() == (0, 3)
    deal(hand, "AhAd3c")
    assert hand.waiting_for_cards() == (2, 1)


def test_after_the_draw_the_last_raiser_of_the_first_round_speaks_first() -> None:
    """Seed 003, "Zweite Wettrunde": the player who raised last in the first
    round speaks first after the draw."""
    hand = five_card_draw(3)
    deal(hand, "AsKs9c7d2h", "QdQh8c6s3d", "JcTd9h5c4s")
    hand.act(0, BetOrRaise(2))
    hand.act(1, CheckOrCall())
    hand.act(2, BetOrRaise(4))  # the last raise
    hand.act(0, CheckOrCall())
    hand.act(1, CheckOrCall())
    for player in range(3):
        discard(hand, player, "")
    assert hand.actor == 2
    assert hand.legal_actions().min_raise_to == 4  # the big bet after the draw


def test_after_the_draw_the_opener_speaks_first_when_nobody_raised() -> None:
    """Seed 003: "bzw. falls keine Erhöhung stattgefunden hat, der Eröffner"."""
    hand = five_card_draw(3)
    deal(hand, "AsKs9c7d2h", "QdQh8c6s3d", "JcTd9h5c4s")
    hand.act(0, CheckOrCall())
    hand.act(1, BetOrRaise(2))  # opens
    hand.act(2, CheckOrCall())
    hand.act(0, CheckOrCall())
    for player in range(3):
        discard(hand, player, "")
    assert hand.actor == 1


def test_after_the_draw_left_of_the_button_when_nobody_bet() -> None:
    hand = five_card_draw(3)
    deal(hand, "AsKs9c7d2h", "QdQh8c6s3d", "JcTd9h5c4s")
    check_around(hand)
    for player in range(3):
        discard(hand, player, "")
    assert hand.actor == 0


def test_lowball_after_the_draw_starts_left_of_the_button() -> None:
    """Blind games keep the button's order: the seed's rule is five card draw's."""
    hand = Hand(HandSetup(VARIANTS["F2L3D"], (100,) * 3, blinds=(1, 2, 0), small_bet=2, big_bet=4))
    deal(hand, "2c3d4h5s7c", "2d3h4s6c7d", "8c8d8h8sKc")
    hand.act(2, BetOrRaise(4))
    hand.act(0, CheckOrCall())
    hand.act(1, CheckOrCall())
    for player in range(3):
        discard(hand, player, "")
    assert hand.actor == 0


def test_the_best_hand_wins_at_showdown() -> None:
    hand = five_card_draw(3)
    play_first_round(hand)
    for player in range(3):
        discard(hand, player, "")
    check_around(hand)
    assert hand.is_complete
    assert hand.finishing_stacks == (97, 106, 97)  # queens


# ------------------------------------------------------ the stub runs short


def seven_players_draw_three(seed: int) -> Hand:
    order = Deck.shuffled(DeckKind.STANDARD, random.Random(seed)).order
    hand = five_card_draw(7, deck=order)
    check_around(hand)
    for player in range(7):
        hand.act(player, Discard(tuple(hand.hole_cards[player][:3])))
    return hand


def test_when_the_stub_runs_short_the_discards_are_reshuffled() -> None:
    """Seed: the stub is dealt but for its last card, then the earlier discards
    are shuffled with that last card and the dealing goes on."""
    order = Deck.shuffled(DeckKind.STANDARD, random.Random(8)).order
    hand = seven_players_draw_three(8)
    # 35 dealt and one burned leave 16: five players get 15, the last card stays.
    last_card = order[51]
    first_five = [card for player in range(5) for card in hand.hole_cards[player][2:]]
    assert first_five == list(order[36:51])
    reshuffles = [e for e in hand.events if isinstance(e, StubReshuffled)]
    # Only the five players served before are gathered: not player 6's own
    # three, nor player 7's, who has not been served yet.
    assert reshuffles == [StubReshuffled("discards", 15)]
    for player in (5, 6):
        assert not set(hand.hole_cards[player][2:]) & set(hand.discards[player])
    served = [card for cards in hand.hole_cards for card in cards]
    assert len(set(served)) == 35
    assert last_card not in first_five


def test_a_hand_with_a_reshuffle_rebuilds_exactly_from_setup_and_actions() -> None:
    hand = seven_players_draw_three(8)
    rebuilt = Hand.replay(hand.setup, hand.actions)
    assert rebuilt.hole_cards == hand.hole_cards
    assert rebuilt.events == hand.events


def test_a_recorded_hand_may_name_reshuffled_discards_only_once_the_stub_is_short() -> None:
    hand = seven_players_draw_three(8)
    named = five_card_draw(7)
    dealt = [e for e in hand.events if isinstance(e, HoleCardsDealt)]
    for event in dealt[:7]:
        named.deal_hole(event.player, event.cards)
    check_around(named)
    for player, action in hand.actions[7:14]:
        named.act(player, action)
    early = hand.discards[3][0]
    with pytest.raises(DealingError):
        named.deal_hole(0, [early, *dealt[7].cards[1:]])
    for event in dealt[7:]:
        named.deal_hole(event.player, event.cards)
    assert named.hole_cards == hand.hole_cards


# ------------------------------------------------------------------ jackpots


JACKPOTS = DrawRules(jackpots=True)


def test_jackpots_opening_needs_jacks_or_better() -> None:
    hand = five_card_draw(3, rules=JACKPOTS)
    deal(hand, "AsKs9c7d2h", "TdTh8c6s3d", "JcJd9h5c4s")
    assert not hand.legal_actions().can_raise
    with pytest.raises(IllegalAction) as refusal:
        hand.act(0, BetOrRaise(2))
    assert refusal.value.key == "no_openers"
    hand.act(0, CheckOrCall())
    assert not hand.legal_actions().can_raise  # a pair of tens is not enough
    hand.act(1, CheckOrCall())
    hand.act(2, BetOrRaise(2))  # jacks open
    assert hand.opener == 2
    assert hand.legal_actions().can_raise  # raising needs no openers


@pytest.mark.parametrize(
    ("cards", "opens"),
    [
        ("AsAh8c8d9s", True),  # the dead man's hand: aces and eights
        ("3c3d2h2s9s", True),  # any two pair
        ("7c7d7h2s9s", True),
        ("9h8c7d6s5h", True),  # a straight
        ("Kh9h7h4h2h", True),  # a flush
        ("QhQc7d4s2c", True),
        ("TsTc7d4s2c", False),
        ("AsKd9c7d2h", False),
    ],
)
def test_what_opens_a_jackpot(cards: str, opens: bool) -> None:
    hand = five_card_draw(2, rules=JACKPOTS)
    deal(hand, cards, "5c5d4c3h3s" if "5" not in cards and "3" not in cards else "KcKd6c6d6h")
    assert hand.legal_actions().can_raise is opens


def test_the_opener_proves_openers_even_after_splitting_them() -> None:
    """Seed: the opener's discards are kept aside so that he can prove he held
    openers even when he broke them up."""
    hand = five_card_draw(2, rules=JACKPOTS)
    deal(hand, "JhJs7h4h2h", "5c5d4c3d3s")
    hand.act(0, BetOrRaise(2))
    hand.act(1, CheckOrCall())
    discard(hand, 0, "Js")  # breaks the jacks to draw to the flush
    discard(hand, 1, "5c")
    deal(hand, "9c", "6d")
    hand.act(0, BetOrRaise(4))
    events = hand.act(1, Fold())
    assert OpenersShown(0, tuple(parse_cards("JhJs"))) in events


def test_if_nobody_opens_the_pot_carries_over_to_the_next_deal() -> None:
    hand = five_card_draw(3, rules=JACKPOTS)
    deal(hand, "AsKs9c7d2h", "TdTh8c6s3d", "QcJd9h5c4s")
    check_around(hand)
    assert hand.is_complete
    assert PotCarriedOver(3) in hand.events
    assert hand.carried_over == 3
    assert hand.finishing_stacks == (99, 99, 99)
    # Everyone antes again; the pot holds both deals' antes.
    following = five_card_draw(3, rules=JACKPOTS, carried_pot=hand.carried_over)
    assert following.pot_total == 6
    deal(following, "AsAh9c7d2h", "TdTh8c6s3d", "QcJd9h5c4s")
    following.act(0, BetOrRaise(2))
    following.act(1, Fold())
    following.act(2, Fold())
    assert following.finishing_stacks == (105, 99, 99)
    assert sum(following.finishing_stacks) == 300 + 3


def test_jackpots_are_for_games_without_blinds() -> None:
    with pytest.raises(ValueError):
        Hand(
            HandSetup(
                VARIANTS["N2L1D"],
                (100, 100),
                blinds=(2, 1),
                min_bet=2,
                draw_rules=JACKPOTS,
            )
        )


# ----------------------------------------------- the 2023 PPC's draw games


def test_deuce_to_seven_single_draw_no_limit() -> None:
    hand = Hand(HandSetup(VARIANTS["N2L1D"], (1000,) * 3, blinds=(5, 10, 0), min_bet=10))
    deal(hand, "7c5d4h3s2c", "8c6d4c3d2d", "AsAhKdQc9h")
    assert hand.actor == 2  # left of the big blind
    hand.act(2, BetOrRaise(1000))
    hand.act(0, CheckOrCall())
    hand.act(1, Fold())
    assert hand.legal_actions().discard_max == 5
    discard(hand, 0, "")
    discard(hand, 2, "AsAhKdQc9h")
    deal(hand, "", "", "8h6h5s4d3c")
    assert hand.is_complete
    assert hand.finishing_stacks == (2010, 990, 0)  # seven-five beats eight-six


def test_a_straight_counts_against_in_deuce_to_seven() -> None:
    hand = Hand(HandSetup(VARIANTS["N2L1D"], (1000,) * 2, blinds=(10, 5), min_bet=10))
    deal(hand, "6c5d4h3s2c", "8c7d5c3d2d")
    hand.act(1, CheckOrCall())
    hand.act(0, CheckOrCall())
    discard(hand, 0, "")
    discard(hand, 1, "")
    check_around(hand)
    assert hand.finishing_stacks == (990, 1010)  # 6-5-4-3-2 is a straight


def test_triple_draw_has_three_draws_and_doubles_after_the_second_round() -> None:
    hand = Hand(HandSetup(VARIANTS["F2L3D"], (1000,) * 2, blinds=(10, 5), small_bet=10, big_bet=20))
    deal(hand, "KcQd9h8s7c", "Kd Jd 9c 8c 6h")
    sizes = []
    hand.act(1, CheckOrCall())
    hand.act(0, CheckOrCall())
    for draw in range(3):
        discard(hand, 0, "")
        discard(hand, 1, "")
        assert hand.street.name == f"draw {draw + 1}"
        sizes.append(hand.legal_actions().min_raise_to)
        check_around(hand)
    assert sizes == [10, 20, 20]
    assert hand.is_complete


def test_badugi_deals_four_and_draws_up_to_four() -> None:
    hand = Hand(HandSetup(VARIANTS["FB"], (1000,) * 2, blinds=(10, 5), small_bet=10, big_bet=20))
    assert hand.waiting_for_cards() == (0, 4)
    deal(hand, "Ac2d3h4s", "KcKdQhJs")
    hand.act(1, CheckOrCall())
    hand.act(0, CheckOrCall())
    discard(hand, 0, "")
    assert hand.legal_actions().discard_max == 4
