"""Posts out of turn: a player coming into a game posts a live big blind."""

import random

from engine.actions import CheckOrCall, Fold
from engine.cards import Deck
from engine.events import ForcedBetPosted
from engine.hand import VARIANTS, Hand, HandSetup
from engine.phh import HandHistory, dumps, loads, replay


def blinds_5_10_and_a_post(players: int, poster: int) -> Hand:
    """No-limit hold'em, blinds 5 and 10 at indices 0 and 1, and ``poster``
    posting 10 to come in."""
    posts = [0] * players
    posts[poster] = 10
    return Hand(
        HandSetup(
            VARIANTS["NT"],
            (1000,) * players,
            blinds=(5, 10) + (0,) * (players - 2),
            posts=tuple(posts),
            min_bet=10,
            deck=Deck.shuffled(rng=random.Random(1)).order,
        )
    )


def test_a_post_out_of_turn_does_not_move_the_first_actor() -> None:
    # The player left of the big blind (index 2) still acts first.
    hand = blinds_5_10_and_a_post(5, poster=3)
    assert hand.actor == 2
    assert hand.bets == [5, 10, 0, 10, 0]
    posted = [e for e in hand.events if isinstance(e, ForcedBetPosted)]
    assert [(e.player, e.kind, e.amount) for e in posted] == [
        (0, "small blind", 5),
        (1, "big blind", 10),
        (3, "post", 10),
    ]


def test_the_post_is_live_and_its_poster_may_check_in_turn() -> None:
    hand = blinds_5_10_and_a_post(5, poster=3)
    hand.act(2, Fold())
    legal = hand.legal_actions()
    assert legal.player == 3 and legal.can_check and legal.call_amount == 0
    hand.act(3, CheckOrCall())
    hand.act(4, CheckOrCall())
    hand.act(0, CheckOrCall())
    assert hand.actor == 1  # the big blind keeps the last word before the flop
    hand.act(1, CheckOrCall())
    assert len(hand.board) == 3
    assert hand.pot_total == 40


def test_a_post_from_under_the_gun_acts_first_not_last() -> None:
    # Posting the size of the big blind right after it is not a straddle.
    assert blinds_5_10_and_a_post(4, poster=2).actor == 2


def test_a_history_with_a_post_replays_to_the_same_stacks() -> None:
    """PHH has no field for a post; the history keeps it as ``_posts`` and
    reads it back, so a table hand with a post replays exactly."""
    hand = blinds_5_10_and_a_post(5, poster=3)
    while not hand.is_complete:
        legal = hand.legal_actions()
        hand.act(legal.player, CheckOrCall())
    text = dumps(HandHistory.from_hand(hand))
    assert "_posts = [0, 0, 0, 10, 0]" in text
    result = replay(loads(text))
    assert result.ok and result.matches_recorded
    assert list(loads(text).to_setup().posts) == [0, 0, 0, 10, 0]
