"""Seven card stud, stud hi-lo and Razz, rule by rule, with the seeds' examples.

The seed ("Einige Pokervariationen ausführlich erklärt") plays stud 5/10/20:
ante 5, lower limit 10, higher limit 20; the forced bet is at least the ante
(here the bring-in is the ante) and at most the lower limit.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from engine.actions import BetOrRaise, CheckOrCall, Fold, PostBringIn
from engine.cards import Card, Deck, DeckKind, parse_cards
from engine.errors import IllegalAction
from engine.events import BoardDealt, StubReshuffled
from engine.hand import Hand, HandSetup, Phase
from engine.variants import VARIANTS


def stud(
    players: int,
    code: str = "F7S",
    *,
    stacks: Sequence[int] | None = None,
    deck: Sequence[Card] | None = None,
) -> Hand:
    """A 5/10/20 stud hand; without a deck the cards are named as dealt."""
    return Hand(
        HandSetup(
            VARIANTS[code],
            tuple(stacks or (1000,) * players),
            antes=(5,) * players,
            bring_in=5,
            small_bet=10,
            big_bet=20,
            deck=tuple(deck) if deck is not None else None,
        )
    )


def deal(hand: Hand, *cards_by_player: str) -> None:
    """Deal each player's cards for this street (empty: the player is out)."""
    for player, cards in enumerate(cards_by_player):
        if cards:
            hand.deal_hole(player, parse_cards(cards))


def everyone_calls(hand: Hand) -> None:
    """Play the current betting round out with the bring-in and calls."""
    street = hand.street_index
    while hand.phase is Phase.BETTING and hand.actor is not None and hand.street_index == street:
        legal = hand.legal_actions()
        hand.act(legal.player, PostBringIn() if legal.can_post_bring_in else CheckOrCall())


# --------------------------------------------------------------- third street


def test_the_lowest_door_card_brings_in() -> None:
    hand = stud(3)
    deal(hand, "AsKs9c", "2h3c7d", "QdJdTh")
    assert hand.actor == 1
    legal = hand.legal_actions()
    assert legal.can_post_bring_in and legal.bring_in_amount == 5
    assert not legal.can_fold and not legal.can_check


@pytest.mark.parametrize(
    ("doors", "bring_in"),
    [
        (("2h", "2c", "2d"), 1),  # clubs is the lowest suit
        (("2s", "2h", "2d"), 2),  # then diamonds
        (("2s", "2h", "Kc"), 1),  # then hearts; rank before suit
    ],
)
def test_equal_door_cards_are_broken_by_suit_clubs_lowest(
    doors: tuple[str, str, str], bring_in: int
) -> None:
    hand = stud(3)
    used = set(doors)
    fillers = [str(c) for c in parse_cards("AsAhAdAcKsKhKd") if str(c) not in used]
    deal(hand, *(fillers[2 * i] + fillers[2 * i + 1] + door for i, door in enumerate(doors)))
    assert hand.actor == bring_in


def test_the_bring_in_may_complete_to_the_lower_limit_and_no_more() -> None:
    hand = stud(3)
    deal(hand, "AsKs9c", "2h3c7d", "QdJdTh")
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to, legal.is_completion) == (10, 10, True)
    with pytest.raises(IllegalAction):
        hand.act(1, BetOrRaise(20))
    hand.act(1, BetOrRaise(10))
    assert hand.legal_actions().min_raise_to == 20


def test_a_wrong_bring_in_is_refused_and_changes_nothing() -> None:
    hand = stud(3)
    deal(hand, "AsKs9c", "2h3c7d", "QdJdTh")
    with pytest.raises(IllegalAction) as refusal:
        hand.act(0, PostBringIn())
    assert refusal.value.key == "not_your_turn"
    assert hand.actor == 1 and hand.bets == [0, 0, 0]


def test_after_the_bring_in_the_next_player_calls_or_completes() -> None:
    hand = stud(3)
    deal(hand, "AsKs9c", "2h3c7d", "QdJdTh")
    hand.act(1, PostBringIn())
    legal = hand.legal_actions()
    assert legal.player == 2
    assert (legal.call_amount, legal.min_raise_to, legal.is_completion) == (5, 10, True)


def test_third_street_is_capped_at_forty_beyond_the_ante() -> None:
    """Seed: with a lower limit of 10 the first round's bet is at most 40."""
    hand = stud(3)
    deal(hand, "AsKs9c", "2h3c7d", "QdJdTh")
    hand.act(1, PostBringIn())
    hand.act(2, BetOrRaise(10))
    hand.act(0, BetOrRaise(20))
    hand.act(1, BetOrRaise(30))
    hand.act(2, BetOrRaise(40))
    legal = hand.legal_actions()
    assert not legal.can_raise and legal.call_amount == 20  # to 40
    with pytest.raises(IllegalAction) as refusal:
        hand.act(0, BetOrRaise(50))
    assert refusal.value.key == "capped"


# ------------------------------------------------------------ later streets


def third_street_called(hand: Hand, *cards: str) -> None:
    deal(hand, *cards)
    everyone_calls(hand)


def test_from_fourth_street_the_best_showing_hand_acts_first() -> None:
    hand = stud(3)
    third_street_called(hand, "2c3c9d", "4c5c2d", "6c7cAs")
    deal(hand, "9h", "Kd", "Ks")  # player 1 shows a pair of nines
    assert hand.actor == 0


def test_equal_showing_hands_act_from_the_dealers_left() -> None:
    hand = stud(3)
    third_street_called(hand, "2c3cAd", "4c5c2d", "6c7cAs")
    deal(hand, "Kh", "9h", "Ks")  # A-K twice: the first from the dealer's left
    assert hand.actor == 0


def test_a_wrong_first_actor_on_fourth_street_is_refused() -> None:
    hand = stud(3)
    third_street_called(hand, "2c3c9d", "4c5c2d", "6c7cAs")
    deal(hand, "9h", "Kd", "Ks")
    with pytest.raises(IllegalAction) as refusal:
        hand.act(2, CheckOrCall())
    assert refusal.value.key == "not_your_turn"


def test_an_open_pair_on_fourth_street_allows_the_big_bet() -> None:
    hand = stud(3)
    third_street_called(hand, "2c3c9d", "4c5c2d", "6c7cAs")
    deal(hand, "9h", "Kd", "Ks")
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (10, 20)
    with pytest.raises(IllegalAction) as refusal:
        hand.act(0, BetOrRaise(15))
    assert refusal.value.key == "fixed_bet_choice"
    hand.act(0, BetOrRaise(20))
    assert hand.legal_actions().min_raise_to == hand.legal_actions().max_raise_to == 40


def test_without_an_open_pair_fourth_street_uses_the_lower_limit() -> None:
    hand = stud(3)
    third_street_called(hand, "2c3c9d", "4c5c2d", "6c7cAs")
    deal(hand, "8h", "Kd", "Ks")
    legal = hand.legal_actions()
    assert hand.actor == 2  # ace-king showing
    assert (legal.min_raise_to, legal.max_raise_to) == (10, 10)


def test_stud_hi_lo_has_no_open_pair_option() -> None:
    hand = stud(3, "F7S/8")
    third_street_called(hand, "2c3c9d", "4c5c2d", "6c7cAs")
    deal(hand, "9h", "Kd", "Ks")
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (10, 10)


def test_fifth_street_on_uses_the_higher_limit_and_seventh_is_dealt_down() -> None:
    hand = stud(2)
    third_street_called(hand, "2c3c9d", "4c5c2d")
    third_street_called(hand, "8h", "Kd")
    deal(hand, "7h", "Qd")
    assert hand.street.name == "fifth"
    assert hand.legal_actions().min_raise_to == 20
    everyone_calls(hand)
    deal(hand, "6h", "Jd")
    assert hand.legal_actions().min_raise_to == 20
    everyone_calls(hand)
    everyone_calls(hand)
    deal(hand, "Ah", "Ad")
    assert [len(hand.up_cards(i)) for i in range(2)] == [4, 4]
    assert [len(hand.hole_cards[i]) for i in range(2)] == [7, 7]
    assert hand.up[0][-1] is False


def to_seventh_street(hand: Hand, *cards: tuple[str, str, str]) -> None:
    """Deal three players' third to sixth streets, everyone calling."""
    for street in cards:
        deal(hand, *street)
        everyone_calls(hand)


def test_one_bet_and_three_raises_but_no_cap_heads_up_on_the_last_round() -> None:
    """Seed 003: the cap lifts "in der letzten Wettrunde, sobald nur noch zwei
    Spieler um den Pot kämpfen"."""
    hand = stud(3)
    to_seventh_street(
        hand,
        ("2c3c9d", "4c5c2d", "6c7cAs"),
        ("8h", "Kd", "Ks"),
        ("8d", "Qd", "Qs"),
        ("8c", "Jd", "Js"),
    )
    deal(hand, "Th", "Td", "Tc")
    hand.act(hand.legal_actions().player, BetOrRaise(20))
    hand.act(hand.legal_actions().player, Fold())  # two remain
    for to in (40, 60, 80, 100, 120):
        hand.act(hand.legal_actions().player, BetOrRaise(to))
    assert hand.legal_actions().can_raise


def test_heads_up_before_the_last_round_the_cap_holds() -> None:
    """Seed 003 lifts the cap only on the last round: on fourth street two
    players still have one bet and three raises."""
    hand = stud(3)
    third_street_called(hand, "2c3c9d", "4c5c2d", "6c7cAs")
    deal(hand, "8h", "Kd", "Ks")
    hand.act(2, BetOrRaise(10))
    hand.act(0, Fold())  # two remain
    for to in (20, 30, 40):
        hand.act(hand.legal_actions().player, BetOrRaise(to))
    legal = hand.legal_actions()
    assert not legal.can_raise and legal.call_amount == 10


def test_a_round_capped_with_three_stays_capped_when_one_folds() -> None:
    hand = stud(3)
    third_street_called(hand, "2c3c9d", "4c5c2d", "6c7cAs")
    deal(hand, "8h", "Kd", "Ks")
    hand.act(2, BetOrRaise(10))
    hand.act(0, BetOrRaise(20))
    hand.act(1, BetOrRaise(30))
    hand.act(2, BetOrRaise(40))
    hand.act(0, Fold())
    assert not hand.legal_actions().can_raise


# ------------------------------------------------------------------ dealing


def test_a_card_is_burned_before_every_dealing_round() -> None:
    """Seed: before the first cards and before every later dealing."""
    order = Deck.shuffled(DeckKind.STANDARD, random.Random(5)).order
    hand = stud(2, deck=order)
    # Third street: burn, then three cards around the table, one at a time.
    assert hand.burned == [order[0]]
    assert hand.hole_cards[0] == [order[1], order[3], order[5]]
    everyone_calls(hand)
    assert hand.burned == [order[0], order[7]]
    assert hand.hole_cards[0][3] == order[8]


def test_a_common_card_when_the_stub_cannot_serve_every_player() -> None:
    """Seed: with eight players the last round can run out of cards; one card
    is turned face up in the middle, part of every player's hand."""
    order = Deck.shuffled(DeckKind.STANDARD, random.Random(11)).order
    hand = stud(8, deck=order, stacks=(10_000,) * 8)
    while not hand.is_complete:
        everyone_calls(hand)
    assert len(hand.board) == 1
    assert all(len(cards) == 6 for cards in hand.hole_cards)
    assert any(isinstance(e, BoardDealt) and e.street == "seventh" for e in hand.events)
    # 8 x 6 hole cards leave four for seventh street after its burn: the
    # burned cards were shuffled back first (the seed's rule).
    assert any(isinstance(e, StubReshuffled) and e.pile == "burned" for e in hand.events)
    dealt = [c for cards in hand.hole_cards for c in cards] + hand.board
    assert len(set(dealt)) == len(dealt) == 49
    rebuilt = Hand.replay(hand.setup, hand.actions)
    assert rebuilt.board == hand.board and rebuilt.finishing_stacks == hand.finishing_stacks


def test_seven_players_each_get_a_seventh_card_after_the_burns_are_reshuffled() -> None:
    """Seed 003: with fewer than players + 2 cards left the burned cards are
    shuffled back in; 7 players leave 6 cards for seventh street, so the four
    burns come back, one is burned again and every player gets a card down."""
    order = Deck.shuffled(DeckKind.STANDARD, random.Random(3)).order
    hand = stud(7, deck=order, stacks=(10_000,) * 7)
    while not hand.is_complete:
        everyone_calls(hand)
    assert hand.board == []
    assert all(len(cards) == 7 for cards in hand.hole_cards)
    assert all(up[-1] is False for up in hand.up)
    assert [e for e in hand.events if isinstance(e, StubReshuffled)] == [
        StubReshuffled("burned", 4)
    ]
    dealt = [c for cards in hand.hole_cards for c in cards]
    assert len(set(dealt)) == 49


def test_the_bottom_card_is_never_dealt() -> None:
    """Seed 003: "Die unterste Karte darf nie gegeben werden". With eight players
    sixth street finds 9 cards, fewer than 8 + 2: the burns are shuffled back
    before it instead of dealing the deck's last card."""
    order = Deck.shuffled(DeckKind.STANDARD, random.Random(11)).order
    hand = stud(8, deck=order, stacks=(10_000,) * 8)
    while hand.street_index < 3 or hand.phase is not Phase.BETTING:
        everyone_calls(hand)
    sixth = [cards[5] for cards in hand.hole_cards]
    assert order[51] not in sixth
    assert StubReshuffled("burned", 3) in hand.events


def test_a_named_common_card_is_asked_for_as_a_board_card() -> None:
    hand = stud(8, stacks=(10_000,) * 8)
    cards = iter(parse_cards("".join(str(c) for c in DeckKind.STANDARD.cards)))
    while hand.waiting_for_cards() or hand.phase is Phase.BETTING:
        waiting = hand.waiting_for_cards()
        if waiting is None:
            everyone_calls(hand)
            continue
        player, count = waiting
        if player is None:
            break
        hand.deal_hole(player, [next(cards) for _ in range(count)])
    assert hand.waiting_for_cards() == (None, 1)
    assert hand.street.name == "seventh"


# ----------------------------------------------------------------- showdown


def play_to_showdown(code: str, *streets: tuple[str, str]) -> Hand:
    hand = stud(2, code)
    for cards in streets:
        deal(hand, *cards)
        everyone_calls(hand)
    assert hand.is_complete
    return hand


def test_stud_the_best_five_of_seven_wins() -> None:
    hand = play_to_showdown(
        "F7S", ("AsAd2c", "KsKd3d"), ("7h", "Kh"), ("8h", "2h"), ("9c", "4h"), ("Jc", "5h")
    )
    assert hand.finishing_stacks == (990, 1010)  # kings full beat two pair of aces


def test_stud_hi_lo_splits_between_the_high_and_a_qualifying_low() -> None:
    """Seed: 7-5-4-3-2 is a better low than 7-6-3-2-A."""
    hand = play_to_showdown(
        "F7S/8",
        ("7c5d4h", "7d6c3s"),
        ("3c", "2d"),
        ("2s", "Ac"),
        ("Kd", "Kh"),  # player 2 pairs kings: the high
        ("Qc", "Qh"),
    )
    # Pot 20: the low 10 to player 1, the high 10 to player 2.
    assert hand.finishing_stacks == (1000, 1000)
    hand = play_to_showdown(
        "F7S/8",
        ("7c5d4h", "7d6c3s"),
        ("3c", "2d"),
        ("2s", "Ac"),
        ("Kd", "Kh"),
        ("Ks", "Qh"),  # now player 1 also has the high: a scoop
    )
    assert hand.finishing_stacks == (1010, 990)


def test_stud_hi_lo_without_a_qualifying_low_the_high_takes_all() -> None:
    hand = play_to_showdown(
        "F7S/8", ("9c9dTh", "JdQcKs"), ("2c", "5d"), ("3s", "4c"), ("Kd", "Kh"), ("Ac", "Ah")
    )
    # Nobody holds five different ranks eight or lower; kings beat nines.
    assert hand.finishing_stacks == (990, 1010)


# ------------------------------------------------------------------- Razz


def test_razz_the_highest_door_card_brings_in_aces_low() -> None:
    hand = stud(3, "FR")
    deal(hand, "2c3cKd", "4c5cAs", "6c7c9h")
    assert hand.actor == 0


def test_razz_equal_door_cards_spades_highest_then_hearts() -> None:
    hand = stud(3, "FR")
    deal(hand, "2c3cKd", "4c5cKs", "6c7cKh")
    assert hand.actor == 1


def test_razz_the_lowest_showing_hand_acts_first() -> None:
    hand = stud(3, "FR")
    third_street_called(hand, "2c3cKd", "4c5c8s", "6c7c9h")
    deal(hand, "Ah", "2d", "9s")  # K-A, 8-2, 9-9: eight-deuce is lowest
    assert hand.actor == 1


def test_razz_a_pair_showing_is_worse_than_any_high_card() -> None:
    hand = stud(2, "FR")
    third_street_called(hand, "2c3c4d", "5c6cKs")
    deal(hand, "4h", "Qd")  # 4-4 against K-Q
    assert hand.actor == 1


def test_razz_eight_high_loses_to_seven_high() -> None:
    """Seed: A-2-3-4-8 loses to 3-4-5-6-7; straights and flushes do not count."""
    hand = play_to_showdown(
        "FR",
        ("Ac2c3c", "3d4d5h"),
        ("4c", "6h"),
        ("8c", "7s"),
        ("Kd", "Kh"),
        ("Qs", "Qh"),
    )
    assert hand.finishing_stacks == (990, 1010)
