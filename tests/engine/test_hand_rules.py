"""The seeds' Hold'em rules, with the seeds' own numbers.

Players are in hand order: index 0 is first left of the button (the small
blind at three or more players), the last index is the button.
"""

from __future__ import annotations

import re

import pytest

from engine.actions import BetOrRaise, CheckOrCall, Discard, Fold, ShowOrMuck
from engine.cards import parse_cards
from engine.errors import IllegalAction
from engine.events import BetReturned, HandShown, PlayerActed, PotAwarded, RakeTaken
from engine.hand import Phase, Rake
from tests.engine.hand_builders import holdem, stacked_deck
from tests.engine.hand_state import snapshot

# ---------------------------------------------------------------- positions


def test_first_to_act_preflop_is_left_of_the_big_blind_then_left_of_the_button() -> None:
    hand = holdem([1000] * 4, blinds=(5, 10, 0, 0))
    assert hand.actor == 2  # under the gun
    for player in (2, 3, 0):
        hand.act(player, CheckOrCall())
    assert hand.actor == 1  # the big blind's option
    hand.act(1, CheckOrCall())
    assert hand.street.name == "flop"
    assert hand.actor == 0  # first active player left of the button


def test_heads_up_the_button_posts_the_small_blind_acts_first_preflop_and_last_after() -> None:
    # Heads-up the button is index 1: it posts the small blind.
    hand = holdem([1000, 1000], blinds=(10, 5))
    assert hand.actor == 1
    hand.act(1, CheckOrCall())
    hand.act(0, CheckOrCall())
    assert hand.street.name == "flop"
    assert hand.actor == 0  # the big blind acts first after the flop
    hand.act(0, CheckOrCall())
    assert hand.actor == 1


def test_burn_cards_before_flop_turn_and_river() -> None:
    deck = stacked_deck("AsKsAhKh", "2c", "QdJdTd", "3c", "9d", "4c", "8d")
    hand = holdem([1000, 1000], blinds=(10, 5), deck=deck)
    for _ in range(2):
        hand.act(hand.actor or 0, CheckOrCall())
    for _street in range(3):
        hand.act(hand.actor or 0, CheckOrCall())
        hand.act(hand.actor or 0, CheckOrCall())
    assert [str(c) for c in hand.board] == ["Qd", "Jd", "Td", "9d", "8d"]
    assert [str(c) for c in hand.burned] == ["2c", "3c", "4c"]


# ---------------------------------------------------------------- no limit


def test_no_limit_seed_example_blinds_100_200() -> None:
    """Blinds 100/200: bet 200, raise to 400, re-raise to at least 600."""
    hand = holdem([10_000] * 3, blinds=(100, 200, 0))
    for player in (2, 0, 1):
        hand.act(player, CheckOrCall())
    # Flop: the minimum bet is the big blind.
    legal = hand.legal_actions()
    assert legal.is_bet and legal.min_raise_to == 200
    with pytest.raises(IllegalAction, match=re.escape("The minimum bet is 200.")):
        hand.act(0, BetOrRaise(150))
    hand.act(0, BetOrRaise(200))
    assert hand.legal_actions().min_raise_to == 400
    hand.act(1, BetOrRaise(400))
    assert hand.legal_actions().min_raise_to == 600
    with pytest.raises(IllegalAction, match=re.escape("The minimum raise is to 600.")):
        hand.act(2, BetOrRaise(599))


def test_no_limit_seed_example_bet_200_raised_to_500() -> None:
    """A bet of 200 raised to 500 must be re-raised to at least 800."""
    hand = holdem([10_000] * 3, blinds=(100, 200, 0))
    for player in (2, 0, 1):
        hand.act(player, CheckOrCall())
    hand.act(0, BetOrRaise(200))
    hand.act(1, BetOrRaise(500))
    assert hand.legal_actions().min_raise_to == 800


def test_no_limit_seed_example_big_blind_2_raised_to_8() -> None:
    """Big blind 2 raised to 8: re-raise to at least 14."""
    hand = holdem([1000] * 3, blinds=(1, 2, 0))
    hand.act(2, BetOrRaise(8))
    assert hand.legal_actions().min_raise_to == 14


def test_a_player_may_always_go_all_in_for_less() -> None:
    hand = holdem([1000, 1000, 150], blinds=(50, 100, 0))
    legal = hand.legal_actions()
    assert legal.player == 2
    assert legal.min_raise_to == legal.max_raise_to == 150  # short of a full raise to 200
    hand.act(2, BetOrRaise(150))
    assert hand.stacks[2] == 0


def test_short_all_in_does_not_reopen_betting_for_a_player_who_already_acted() -> None:
    # Flop: A bets 100, B calls, C goes all in for 150 (short of a full raise to 200).
    hand = holdem([1000, 1000, 150 + 100], blinds=(50, 100, 0))
    for player in (2, 0, 1):
        hand.act(player, CheckOrCall())
    hand.act(0, BetOrRaise(100))
    hand.act(1, CheckOrCall())
    hand.act(2, BetOrRaise(150))
    legal = hand.legal_actions()
    assert legal.player == 0 and legal.call_amount == 50
    assert not legal.can_raise
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match="not reopened"):
        hand.act(0, BetOrRaise(300))
    assert snapshot(hand) == before


def test_short_all_ins_that_add_up_to_a_full_raise_reopen_the_betting() -> None:
    hand = holdem([1000, 1000, 250, 300], blinds=(50, 100, 0, 0))
    for player in (2, 3, 0, 1):
        hand.act(player, CheckOrCall())
    hand.act(0, BetOrRaise(100))
    hand.act(1, CheckOrCall())
    hand.act(2, BetOrRaise(150))  # all in, +50
    hand.act(3, BetOrRaise(200))  # all in, +50: 100 over what A faced
    assert hand.legal_actions().can_raise


def test_the_big_blind_may_raise_a_short_all_in_because_it_has_not_acted() -> None:
    hand = holdem([1000, 1000, 120], blinds=(50, 100, 0))
    hand.act(2, BetOrRaise(120))  # all in, short of a full raise
    hand.act(0, CheckOrCall())
    legal = hand.legal_actions()
    assert legal.player == 1 and legal.can_raise


def test_a_raise_never_needs_to_exceed_what_the_opponent_can_call() -> None:
    hand = holdem([1000, 250], blinds=(100, 50))
    hand.act(1, BetOrRaise(200))  # button raises to 200; the big blind has 250 in all
    legal = hand.legal_actions()
    # A full raise would be to 300, but the button can only reach 250: that is enough.
    assert legal.min_raise_to == 250
    assert legal.max_raise_to == 1000  # no limit: the rest is returned if not called
    hand.act(0, BetOrRaise(250))
    events = hand.act(1, CheckOrCall())
    assert PlayerActed(1, "call", 50, 250, True) in events  # the button called all in
    assert hand.is_complete and sum(hand.finishing_stacks) == 1250


# ---------------------------------------------------------------- pot limit


def test_pot_limit_the_largest_raise_is_the_pot_after_the_call() -> None:
    hand = holdem([10_000] * 3, blinds=(1, 2, 0), code="PT")
    legal = hand.legal_actions()
    # Pot 3, call 2 makes 5, raise by 5: to 7.
    assert legal.max_raise_to == 7
    hand.act(2, BetOrRaise(7))
    # Small blind: call 6 (pot 3+7+6 = 16), raise by 16: to 23.
    assert hand.legal_actions().max_raise_to == 23
    with pytest.raises(IllegalAction, match=re.escape("The maximum raise is to 23.")):
        hand.act(0, BetOrRaise(24))


# ---------------------------------------------------------------- fixed limit


def test_fixed_limit_small_bet_preflop_and_flop_big_bet_turn_and_river() -> None:
    hand = holdem([1000] * 3, blinds=(5, 10, 0), small_bet=10, big_bet=20, code="FT")
    legal = hand.legal_actions()
    assert legal.min_raise_to == legal.max_raise_to == 20
    with pytest.raises(IllegalAction, match="exactly to 20"):
        hand.act(2, BetOrRaise(30))
    for player in (2, 0, 1):
        hand.act(player, CheckOrCall())
    assert hand.legal_actions().min_raise_to == 10  # flop: small bet
    for player in (0, 1, 2):
        hand.act(player, CheckOrCall())
    assert hand.legal_actions().min_raise_to == 20  # turn: big bet


def test_fixed_limit_cap_big_blind_counts_as_the_bet_preflop() -> None:
    """One bet and three raises: preflop the big blind is the bet, so 40 is the cap."""
    hand = holdem([1000] * 3, blinds=(5, 10, 0), small_bet=10, big_bet=20, code="FT")
    hand.act(2, BetOrRaise(20))
    hand.act(0, BetOrRaise(30))
    hand.act(1, BetOrRaise(40))
    legal = hand.legal_actions()
    assert legal.call_amount == 20 and not legal.can_raise
    with pytest.raises(IllegalAction, match="capped"):
        hand.act(2, BetOrRaise(50))


def test_fixed_limit_a_round_that_begins_heads_up_has_no_cap() -> None:
    hand = holdem([1000, 1000], blinds=(10, 5), small_bet=10, big_bet=20, code="FT")
    to = 10
    for _ in range(8):
        to += 10
        hand.act(hand.actor or 0, BetOrRaise(to))
    assert hand.legal_actions().can_raise


def test_fixed_limit_cap_applies_when_the_round_began_with_three() -> None:
    hand = holdem([1000] * 3, blinds=(5, 10, 0), small_bet=10, big_bet=20, code="FT")
    hand.act(2, Fold())
    # Two players left, but the round began with three: still capped.
    hand.act(0, BetOrRaise(20))
    hand.act(1, BetOrRaise(30))
    hand.act(0, BetOrRaise(40))
    assert not hand.legal_actions().can_raise


# ---------------------------------------------------------------- spread limit


def test_spread_limit_bets_up_to_the_lower_limit_then_the_higher_from_the_turn() -> None:
    # Blinds 5/10; lower limit 10... use a wider spread to see the ranges: 10 to 30, then 60.
    hand = holdem([1000] * 3, blinds=(5, 10, 0), min_bet=10, small_bet=30, big_bet=60, code="ST")
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (20, 40)
    hand.act(2, BetOrRaise(35))  # a raise of 25
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (60, 65)
    hand.act(0, CheckOrCall())
    hand.act(1, CheckOrCall())
    for player in (0, 1, 2):
        hand.act(player, CheckOrCall())
    legal = hand.legal_actions()
    assert hand.street.name == "turn"
    assert (legal.min_raise_to, legal.max_raise_to) == (10, 60)


# ---------------------------------------------------------------- forced bets


def test_antes_from_every_player_and_a_live_straddle() -> None:
    hand = holdem([1000] * 4, blinds=(5, 10, 20, 0), antes=(1, 1, 1, 1))
    assert hand.pot_total == 4 + 35
    assert hand.actor == 3  # left of the straddle
    assert hand.legal_actions().min_raise_to == 40  # the straddle acts as the big blind
    for player in (3, 0, 1):
        hand.act(player, CheckOrCall())
    assert hand.actor == 2  # the straddle has the option


def test_big_blind_ante_is_dead_money_in_the_main_pot() -> None:
    # The big blind posts the ante for everyone; a short stack is all in from the blind.
    hand = holdem([1000, 1000, 60], blinds=(10, 20, 0), antes=(0, 30, 0), ante_trimming=False)
    hand.act(2, BetOrRaise(60))
    hand.act(0, CheckOrCall())
    hand.act(1, CheckOrCall())
    pots = hand.pots()
    assert pots[0].amount == 3 * 60 + 30
    assert pots[0].eligible == (0, 1, 2)


# ---------------------------------------------------------------- pots


def test_side_pots_for_every_all_in_level_and_uncalled_chips_return() -> None:
    # A (100) and B (300) all in, C covers with 1000 and bets more than anyone can call.
    deck = stacked_deck("AsKsQs" + "AhKhQh", "2c", "2d7h9c", "3c", "Jd", "4c", "5h")
    hand = holdem([100, 300, 1000], blinds=(5, 10, 0), deck=deck)
    hand.act(2, BetOrRaise(800))
    hand.act(0, CheckOrCall())
    hand.act(1, CheckOrCall())
    returned = [e for e in hand.events if isinstance(e, BetReturned)]
    assert returned == [BetReturned(2, 500)]
    assert hand.is_complete
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert [a.amount for a in awards] == [300, 400]
    # A holds As Ah: two aces wins the main pot; B (Ks Kh) beats C (Qs Qh) for the side pot.
    assert awards[0].winners == ((0, 300),)
    assert awards[1].winners == ((1, 400),)
    assert sum(hand.finishing_stacks) == 1400


def test_a_tie_splits_the_pot_and_the_odd_chip_goes_left_of_the_button() -> None:
    # Board plays for everyone: a royal flush.
    deck = stacked_deck("2c3c2d", "3d4c4d", "7h", "AsKsQs", "8h", "Js", "9h", "Ts")
    # Blinds 5 and 10 with a dead 1-chip ante from the button makes an odd pot.
    hand = holdem(
        [100, 100, 100], blinds=(5, 10, 0), antes=(0, 0, 1), ante_trimming=False, deck=deck
    )
    hand.act(2, CheckOrCall())
    hand.act(0, CheckOrCall())
    hand.act(1, CheckOrCall())
    for _ in range(3):
        for player in (0, 1, 2):
            hand.act(player, CheckOrCall())
    award = next(e for e in hand.events if isinstance(e, PotAwarded))
    assert award.amount == 31
    assert award.winners == ((0, 11), (1, 10), (2, 10))
    assert award.description.startswith("Royal flush")


def test_showdown_the_last_aggressor_shows_first() -> None:
    deck = stacked_deck("AsKh" + "7c7d" + "2h3s", "9c", "Qs8d4c", "9d", "Jh", "9h", "5c")
    hand = holdem([1000] * 3, blinds=(5, 10, 0), deck=deck)
    for player in (2, 0, 1):
        hand.act(player, CheckOrCall())
    for _ in range(2):
        for player in (0, 1, 2):
            hand.act(player, CheckOrCall())
    hand.act(0, CheckOrCall())
    hand.act(1, BetOrRaise(50))  # the last aggressor on the river
    hand.act(2, CheckOrCall())
    hand.act(0, CheckOrCall())
    shown = [e.player for e in hand.events if isinstance(e, HandShown)]
    assert shown[0] == 1


def test_the_winner_without_a_showdown_need_not_show() -> None:
    hand = holdem([1000] * 3, blinds=(5, 10, 0))
    hand.act(2, BetOrRaise(30))
    hand.act(0, Fold())
    hand.act(1, Fold())
    assert hand.is_complete
    assert not any(isinstance(e, HandShown) for e in hand.events)
    assert hand.finishing_stacks == (995, 990, 1015)


def test_a_losing_hand_may_be_mucked_when_played_by_hand() -> None:
    deck = stacked_deck("AsAh" + "2c7d", "9c", "Ks8d4c", "9d", "Jh", "9h", "5c")
    setup = holdem([1000, 1000], blinds=(10, 5), deck=deck).setup
    from engine.hand import Hand

    hand = Hand(setup, auto_showdown=False)
    hand.act(1, CheckOrCall())
    hand.act(0, CheckOrCall())
    for _ in range(3):
        hand.act(0, CheckOrCall())
        hand.act(1, CheckOrCall())
    assert hand.phase is Phase.SHOWDOWN
    hand.act(0, ShowOrMuck(True))  # aces first
    hand.act(1, ShowOrMuck(False))
    assert hand.is_complete
    assert hand.finishing_stacks == (1010, 990)


# ---------------------------------------------------------------- rake


def test_rake_is_a_percent_of_the_pot_with_a_cap_and_no_flop_no_drop() -> None:
    rake = Rake(basis_points=500, cap=3)
    hand = holdem([1000] * 3, blinds=(5, 10, 0), rake=rake)
    hand.act(2, BetOrRaise(30))
    hand.act(0, Fold())
    hand.act(1, Fold())
    assert not any(isinstance(e, RakeTaken) for e in hand.events)  # no flop, no drop

    hand = holdem([1000] * 3, blinds=(5, 10, 0), rake=rake)
    for player in (2, 0, 1):
        hand.act(player, CheckOrCall())
    hand.act(0, BetOrRaise(10))
    hand.act(1, Fold())
    hand.act(2, Fold())
    assert [e for e in hand.events if isinstance(e, RakeTaken)] == [RakeTaken(1)]  # 5 % of 30
    assert sum(hand.finishing_stacks) + 1 == 3000


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("player", "action", "message"),
    [
        (0, CheckOrCall(), "not your turn"),
        (2, BetOrRaise(15), "minimum raise is to 20"),
        (2, BetOrRaise(5000), "only 1000 chips"),
        (7, Fold(), "no player 8"),
        (2, Discard(()), "nothing to discard"),
        (2, ShowOrMuck(True), "no showdown"),
    ],
)
def test_an_illegal_action_is_refused_with_a_sentence_and_changes_nothing(
    player: int, action: object, message: str
) -> None:
    hand = holdem([1000] * 3, blinds=(5, 10, 0))
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match=message):
        hand.act(player, action)  # type: ignore[arg-type]
    assert snapshot(hand) == before


def test_checking_when_a_bet_is_faced_and_folding_when_free_are_refused() -> None:
    hand = holdem([1000] * 3, blinds=(5, 10, 0))
    legal = hand.legal_actions()
    assert legal.can_fold and not legal.can_check and legal.call_amount == 10
    for player in (2, 0, 1):
        hand.act(player, CheckOrCall())
    with pytest.raises(IllegalAction, match="check instead"):
        hand.act(0, Fold())


def test_pineapple_discards_one_card_before_the_first_betting_round() -> None:
    deck = stacked_deck("AsKsQs" + "2c3c4c")
    hand = holdem([1000, 1000], blinds=(10, 5), code="NP", deck=deck)
    assert hand.phase is Phase.DISCARDING
    legal = hand.legal_actions()
    assert (legal.discard_min, legal.discard_max) == (1, 1)
    with pytest.raises(IllegalAction, match="do not hold"):
        hand.act(legal.player, Discard(tuple(parse_cards("Ah"))))
    hand.act(0, Discard(tuple(parse_cards("Qs"))))
    hand.act(1, Discard(tuple(parse_cards("4c"))))
    assert hand.phase is Phase.BETTING and hand.street.name == "preflop"
    assert [len(cards) for cards in hand.hole_cards] == [2, 2]


def test_replaying_the_log_rebuilds_the_same_hand() -> None:
    hand = holdem([1000, 700, 300], blinds=(5, 10, 0))
    hand.act(2, BetOrRaise(300))
    hand.act(0, CheckOrCall())
    hand.act(1, BetOrRaise(700))
    hand.act(0, CheckOrCall())
    from engine.hand import Hand

    again = Hand.replay(hand.setup, hand.actions)
    assert again.events == hand.events
    assert again.finishing_stacks == hand.finishing_stacks
