"""Hand histories: the house's full PHH replays to the same stacks, and a
player's copy hides exactly the cards that player never saw."""

from __future__ import annotations

import pytest

from bot.tables.histories import full_history
from engine.actions import BetOrRaise, CheckOrCall, Discard, Fold
from engine.cards import parse_cards
from engine.events import cards_seen_by, players_who_drew
from engine.hand import Hand, HandSetup
from engine.phh import dumps, history_seen_by, loads, replay
from engine.variants import VARIANTS

# Hole cards go round one at a time: p1 As, p2 Kd, p3 Qc, p1 Ah, p2 Kh, p3 2c.
DECK = "AsKdQcAhKh2c" + "3d" + "7s8s9s" + "4d" + "Td" + "5d" + "Jd"


def three_way_hand(*, to_showdown: bool) -> Hand:
    hand = Hand(
        HandSetup(
            VARIANTS["NT"],
            (500, 500, 500),
            blinds=(5, 10, 0),
            min_bet=10,
            deck=tuple(parse_cards(DECK)),
        )
    )
    hand.act(2, Fold())  # p3 folds first: his 2c Qc are never shown
    hand.act(0, BetOrRaise(30))
    hand.act(1, CheckOrCall() if to_showdown else Fold())
    while not hand.is_complete:
        hand.act(hand.legal_actions().player, CheckOrCall())
    return hand


def history_of(hand: Hand) -> str:
    return full_history(
        hand, names=["Ann", "Ben", "Cat"], table_id=7, hand_no=3, seats=(2, 4, 5), seat_count=6
    )


def test_the_full_history_replays_to_the_same_stacks() -> None:
    hand = three_way_hand(to_showdown=True)
    text = history_of(hand)
    history = loads(text)
    assert history.players == ("Ann", "Ben", "Cat")
    assert history.extra["hand"] == 3 and history.extra["seats"] == [2, 4, 5]
    result = replay(history)
    assert result.ok and result.matches_recorded
    assert "d dh p3 Qc2c" in text  # the house sees everything


def seen_by(hand: Hand, text: str, player: int) -> str:
    seen = cards_seen_by(hand.events, player)
    return dumps(history_seen_by(loads(text), player, seen, drew=players_who_drew(hand.events)))


@pytest.mark.parametrize("to_showdown", [True, False])
def test_a_player_sees_their_cards_the_board_and_shown_hands_only(to_showdown: bool) -> None:
    hand = three_way_hand(to_showdown=to_showdown)
    text = history_of(hand)
    seen_by_cat = seen_by(hand, text, 2)
    assert "d dh p3 Qc2c" in seen_by_cat
    assert "Qc2c" not in seen_by(hand, text, 0)
    assert "d dh p3 ????" in seen_by(hand, text, 0)
    if to_showdown:  # Ann and Ben showed: everyone may see their cards
        assert "d db 7s8s9s" in seen_by_cat  # and the board is public
        assert "d dh p1 AsAh" in seen_by_cat and "d dh p2 KdKh" in seen_by_cat
    else:  # Ben folded to Ann's raise: nobody saw either hand
        assert "d dh p1 ????" in seen_by_cat and "d dh p2 ????" in seen_by_cat
        assert "d dh p1 AsAh" in seen_by(hand, text, 0)
    assert loads(seen_by_cat).finishing_stacks == loads(text).finishing_stacks


def test_cards_thrown_away_stay_hidden_when_their_player_shows_down() -> None:
    """Five card draw: Ann throws away two and shows down; Ben sees the three
    she kept and the two she drew, never the two she threw away."""
    deck = parse_cards("2c3dAsAhKs7d8h9cTs4c" + "QdJh" + "QsJs2d3s4d5h6h7h")
    hand = Hand(HandSetup(VARIANTS["F5D"], (500, 500), antes=(5, 5), min_bet=10, deck=tuple(deck)))
    while not hand.is_complete:
        legal = hand.legal_actions()
        if legal.phase.name == "DISCARDING":
            held = hand.hole_cards[legal.player]
            thrown = tuple(held[:2]) if legal.player == 0 else ()
            hand.act(legal.player, Discard(thrown))
        else:
            hand.act(legal.player, CheckOrCall())
    ann_dealt = parse_cards("2cAsKs8hTs")
    thrown_away = ann_dealt[:2]
    text = history_of_two(hand)
    assert "d dh p1 2cAsKs8hTs" in text and "p1 sd 2cAs" in text  # the house's copy
    bens = seen_by(hand, text, 1)
    # Not even which three she kept: her whole deal is hidden, her show in rank order.
    assert "d dh p1 ??????????" in bens and "p1 sd ????" in bens
    assert not [card for card in thrown_away if str(card) in bens.split("actions")[1]]
    assert "d dh p1 2cAsKs8hTs" in seen_by(hand, text, 0)


def history_of_two(hand: Hand) -> str:
    return full_history(
        hand, names=["Ann", "Ben"], table_id=7, hand_no=4, seats=(1, 2), seat_count=6
    )
