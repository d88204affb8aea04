"""The table from hand to hand: the button, the blinds, players coming and going."""

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from engine.actions import BetOrRaise, CheckOrCall, Fold
from engine.errors import IllegalAction, TableError
from engine.hand import VARIANTS, Hand, HandSetup, Rake
from engine.stakes import AnteKind, Stakes
from engine.table import CashOut, Deal, MissedBlinds, Post, Table, TableRules
from tests.engine.dealing import Rigged, check_down, fold_to_the_big_blind

STAKES = Stakes(5, 10)


def make_table(
    seats: dict[int, int], *, seat_count: int = 6, stakes: Stakes = STAKES, **config: Any
) -> Table:
    """A table with ``seats`` (seat -> player), each bought in for 1,000."""
    table = Table(TableRules("NT", stakes, seats=seat_count, **config))
    for seat, player in seats.items():
        table.sit(player, seat, buy_in=1000)
    return table


def button_on(table: Table, seat: int) -> None:
    """Rig the draw for the first button so ``seat`` wins it."""
    low_clubs = iter(["2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc"])
    cards = ["As" if number == seat else next(low_clubs) for number in sorted(table.seats)]
    table.draw_for_button(Rigged(" ".join(cards)))


def actor_seat(table: Table, hand: Hand) -> int:
    """The seat of the player to act."""
    assert table.deal is not None and hand.actor is not None
    return table.deal.seat_at(hand.actor)


def play(
    table: Table, hands: int, finish: Callable[[Hand], None] = fold_to_the_big_blind
) -> list[Deal]:
    """Deal and finish ``hands`` hands; how each was dealt."""
    deals: list[Deal] = []
    for _ in range(hands):
        hand = table.start_hand(random.Random(len(deals)))
        assert table.deal is not None
        deals.append(table.deal)
        finish(hand)
        table.finish_hand(hand)
    return deals


# --------------------------------------------------------------------- the button


def test_the_first_button_goes_to_the_high_card_of_a_draw() -> None:
    table = make_table({1: 11, 2: 12, 4: 14, 6: 16})
    draw = table.draw_for_button(random.Random(2024))
    assert [seat for seat, _ in draw.cards] == [1, 2, 4, 6]
    high_seat, _ = max(draw.cards, key=lambda seat_card: seat_card[1])
    assert draw.winner == high_seat
    table.start_hand(random.Random(1))
    assert table.deal is not None
    assert table.deal.button_seat == draw.winner and table.deal.button_draw == draw


def test_a_tie_of_rank_in_the_draw_goes_to_the_higher_suit() -> None:
    table = make_table({1: 11, 2: 12, 3: 13})
    assert table.draw_for_button(Rigged("Kh Ks Kd")).winner == 2
    assert table.draw_for_button(Rigged("Ah Ac Ad")).winner == 1


def test_start_hand_draws_for_the_button_by_itself() -> None:
    table = make_table({1: 11, 2: 12, 3: 13})
    assert table.needs_draw
    table.start_hand(Rigged("7c 9d 8s"))
    assert table.deal is not None and table.deal.button_draw is not None
    assert table.deal.button_seat == 2
    assert not table.needs_draw


def test_the_button_moves_one_seat_clockwise_each_hand() -> None:
    table = make_table({1: 11, 3: 13, 5: 15, 6: 16})
    button_on(table, 5)
    buttons = [deal.button_seat for deal in play(table, 6)]
    assert buttons == [5, 6, 1, 3, 5, 6]
    assert table.hand_number == 6


def test_blinds_and_first_actors_with_four_players() -> None:
    table = make_table({1: 11, 2: 12, 3: 13, 4: 14})
    button_on(table, 1)
    hand = table.start_hand(random.Random(5))
    deal = table.deal
    assert deal is not None
    assert (deal.button_seat, deal.small_blind_seat, deal.big_blind_seat) == (1, 2, 3)
    assert deal.seats == (2, 3, 4, 1) and deal.players == (12, 13, 14, 11)
    assert hand.setup.blinds == (5, 10, 0, 0)
    assert actor_seat(table, hand) == 4  # left of the big blind
    for _ in range(3):
        hand.act(hand.legal_actions().player, CheckOrCall())
    assert actor_seat(table, hand) == 3  # the big blind's option
    hand.act(hand.legal_actions().player, CheckOrCall())
    assert len(hand.board) == 3
    assert actor_seat(table, hand) == 2  # the small blind opens after the flop
    assert deal.index_of(12) == 0 and deal.player_at(3) == 11


def test_three_handed_the_button_acts_first_before_the_flop() -> None:
    table = make_table({1: 11, 2: 12, 3: 13})
    button_on(table, 2)
    hand = table.start_hand(random.Random(5))
    deal = table.deal
    assert deal is not None
    assert (deal.small_blind_seat, deal.big_blind_seat) == (3, 1)
    assert actor_seat(table, hand) == 2


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_then_last() -> None:
    table = make_table({2: 12, 5: 15})
    button_on(table, 5)
    hand = table.start_hand(random.Random(9))
    deal = table.deal
    assert deal is not None
    assert (deal.button_seat, deal.small_blind_seat, deal.big_blind_seat) == (5, 5, 2)
    assert deal.seats == (2, 5)
    assert hand.setup.blinds == (10, 5)  # index 0 the big blind, the button index 1
    assert hand.actor == 1  # the button first before the flop
    hand.act(1, CheckOrCall())
    hand.act(0, CheckOrCall())
    assert len(hand.board) == 3
    assert hand.actor == 0  # the big blind first after the flop
    hand.act(0, CheckOrCall())
    assert hand.actor == 1  # the button last


def test_heads_up_the_blinds_alternate_hand_by_hand() -> None:
    table = make_table({2: 12, 5: 15})
    button_on(table, 5)
    deals = play(table, 4)
    assert [deal.big_blind_seat for deal in deals] == [2, 5, 2, 5]
    assert all(deal.button_seat == deal.small_blind_seat for deal in deals)


# ----------------------------------------------------------------- 3 -> 2 -> 3


def bust_the_big_blind(table: Table) -> Hand:
    """Seat 1 on the button, seats 2 and 3 the blinds: the small blind's aces
    beat the big blind's kings all in, and seat 3 is busted."""
    table.draw_for_button(Rigged("As 2c 3c"))
    hand = table.start_hand(Rigged("Ah Kd 7h Ad Kc 2d 3s 4d 9h Jc 5s 2h 6c 3c"))
    assert table.deal is not None and table.deal.seats == (2, 3, 1)
    hand.act(2, Fold())
    hand.act(0, BetOrRaise(1000))
    hand.act(1, CheckOrCall())
    assert hand.is_complete
    return hand


def test_three_to_two_when_the_big_blind_busts_nobody_posts_it_twice() -> None:
    table = make_table({1: 11, 2: 12, 3: 13})
    result = table.finish_hand(bust_the_big_blind(table))
    assert result.busted == (13,)
    assert result.stacks == {12: 2000, 13: 0, 11: 1000}
    hand = table.start_hand(random.Random(1))
    deal = table.deal
    assert deal is not None
    # Seat 1 (the button) was next for the big blind; seat 2 keeps the small
    # blind, now with the button, and acts first.
    assert (deal.button_seat, deal.small_blind_seat, deal.big_blind_seat) == (2, 2, 1)
    assert deal.seats == (1, 2) and hand.setup.blinds == (10, 5) and hand.actor == 1


def test_three_to_two_when_the_button_leaves() -> None:
    table = make_table({1: 11, 2: 12, 3: 13})
    button_on(table, 1)
    play(table, 1)
    table.leave(11)
    table.start_hand(random.Random(1))
    deal = table.deal
    assert deal is not None
    # The big blind moves from seat 3 to seat 2; seat 3 takes the button and small blind.
    assert (deal.button_seat, deal.small_blind_seat, deal.big_blind_seat) == (3, 3, 2)


def test_two_to_three_a_newcomer_waits_for_the_big_blind() -> None:
    table = make_table({1: 11, 3: 13})
    button_on(table, 1)
    play(table, 1)  # seat 1 button and small blind, seat 3 big blind
    table.sit(15, 5)  # waits for the big blind, the table's default
    hand = table.start_hand(random.Random(2))
    deal = table.deal
    assert deal is not None
    assert deal.seats == (3, 5, 1)
    assert (deal.button_seat, deal.small_blind_seat, deal.big_blind_seat) == (1, 3, 5)
    assert hand.setup.blinds == (5, 10, 0) and not hand.setup.posts
    assert actor_seat(table, hand) == 1


def test_two_to_three_a_newcomer_where_the_button_goes_waits_one_hand() -> None:
    table = make_table({1: 11, 3: 13})
    button_on(table, 1)
    play(table, 1)
    table.sit(12, 2, missed_blinds=MissedBlinds.POST)
    play(table, 1)
    assert table.deal is None and table.positions is not None
    assert table.positions.big_blind == 1  # heads-up again: seat 2 could not come in
    hand = table.start_hand(random.Random(3))
    deal = table.deal
    assert deal is not None
    assert (deal.button_seat, deal.small_blind_seat, deal.big_blind_seat) == (3, 1, 2)
    assert not hand.setup.posts  # came in on the big blind


# ------------------------------------------------------------- missed blinds


def sit_out_through_the_blinds(choice: MissedBlinds) -> Table:
    """Seat 4 sits out while the big blind and then the small blind pass it."""
    table = make_table({1: 11, 2: 12, 3: 13, 4: 14}, missed_blinds=choice)
    button_on(table, 1)
    play(table, 1)  # button 1, blinds 2 and 3
    table.sit_out(14)
    play(table, 1)  # the big blind skips seat 4 to seat 1
    seat = table.seat_of(14)
    assert seat.missed_big_blind and not seat.missed_small_blind
    play(table, 1)  # the small blind passes seat 4 too
    assert seat.missed_small_blind
    table.sit_in(14)
    return table


def test_back_from_missing_the_blinds_a_player_may_post_them_and_play() -> None:
    table = sit_out_through_the_blinds(MissedBlinds.POST)
    hand = table.start_hand(random.Random(4))
    deal = table.deal
    assert deal is not None
    assert (deal.button_seat, deal.small_blind_seat, deal.big_blind_seat) == (1, 2, 3)
    assert deal.seats == (2, 3, 4, 1)
    assert deal.posts == (Post(14, live=10, dead=5),)
    assert hand.setup.posts == (0, 0, 10, 0)  # the big blind live
    assert hand.setup.dead_blinds == (0, 0, 5, 0)  # the small blind dead
    assert hand.setup.antes == ()
    assert not hand.setup.ante_trimming
    assert not table.seat_of(14).owes_blinds
    assert actor_seat(table, hand) == 4  # in turn, left of the big blind
    assert hand.legal_actions().call_amount == 0  # the live post counts
    assert hand.pot_total == 5 + 10 + 10 + 5


def test_back_from_missing_the_blinds_a_player_may_wait_for_the_big_blind() -> None:
    table = sit_out_through_the_blinds(MissedBlinds.WAIT)
    play(table, 1)
    assert table.positions is not None and table.positions.big_blind == 3
    assert table.seat_of(14).owes_blinds
    hand = table.start_hand(random.Random(5))
    deal = table.deal
    assert deal is not None
    assert deal.big_blind_seat == 4 and 14 in deal.players
    assert not hand.setup.posts and not hand.setup.antes
    assert not table.seat_of(14).owes_blinds


def test_the_choice_is_each_players_whatever_the_table_default() -> None:
    table = sit_out_through_the_blinds(MissedBlinds.WAIT)
    table.choose_missed_blinds(14, MissedBlinds.POST)
    table.start_hand(random.Random(4))
    assert table.deal is not None and 14 in table.deal.players


def test_sitting_out_and_back_before_the_blinds_come_costs_nothing() -> None:
    table = make_table({1: 11, 2: 12, 3: 13, 4: 14})
    button_on(table, 1)
    play(table, 1)
    table.sit_out(11)  # the button: next hand the blinds move away from seat 1
    play(table, 1)
    assert not table.seat_of(11).owes_blinds
    table.sit_in(11)
    hand = table.start_hand(random.Random(6))
    assert table.deal is not None and 11 in table.deal.players
    assert not hand.setup.posts


def test_a_new_player_may_post_a_big_blind_to_play_at_once() -> None:
    table = make_table({1: 11, 3: 13, 5: 15})
    button_on(table, 1)
    play(table, 1)  # button 1, blinds 3 and 5
    table.sit(12, 2, buy_in=500, missed_blinds=MissedBlinds.POST)
    hand = table.start_hand(random.Random(7))
    deal = table.deal
    assert deal is not None
    assert (deal.button_seat, deal.small_blind_seat, deal.big_blind_seat) == (3, 5, 1)
    assert deal.seats == (5, 1, 2, 3)
    assert deal.posts == (Post(12, live=10, dead=0),)
    assert hand.setup.posts == (0, 0, 10, 0)
    assert actor_seat(table, hand) == 2


def test_a_new_player_where_the_big_blind_goes_next_comes_in_on_it() -> None:
    table = make_table({1: 11, 3: 13, 5: 15})
    button_on(table, 1)
    play(table, 1)
    table.sit(16, 6, missed_blinds=MissedBlinds.POST)
    hand = table.start_hand(random.Random(7))
    assert table.deal is not None and table.deal.big_blind_seat == 6
    assert not hand.setup.posts


def test_a_new_player_waiting_for_the_big_blind_is_not_dealt_in_before() -> None:
    table = make_table({1: 11, 3: 13, 5: 15})
    button_on(table, 1)
    play(table, 1)
    table.sit(12, 2)
    dealt = [(12 in deal.players, deal.big_blind_seat) for deal in play(table, 3)]
    assert dealt == [(False, 1), (True, 2), (True, 3)]


def test_a_dead_small_blind_when_the_big_blind_left() -> None:
    table = make_table({1: 11, 2: 12, 3: 13, 4: 14})
    button_on(table, 1)
    play(table, 1)
    table.leave(13)
    hand = table.start_hand(random.Random(1))
    deal = table.deal
    assert deal is not None
    assert (deal.button_seat, deal.small_blind_seat, deal.big_blind_seat) == (2, None, 4)
    assert deal.seats == (4, 1, 2) and hand.setup.blinds == (10, 0, 0)
    assert actor_seat(table, hand) == 1


# ------------------------------------------------------------- chips and seats


def test_buy_ins_are_between_twenty_and_a_hundred_big_blinds() -> None:
    table = Table(TableRules("NT", STAKES))
    with pytest.raises(TableError) as error:
        table.sit(1, buy_in=199)
    assert str(error.value) == "The minimum buy-in here is 200 chips."
    with pytest.raises(TableError) as error:
        table.sit(1, buy_in=1001)
    assert str(error.value) == "The maximum buy-in here is 1000 chips."
    assert table.sit(1, buy_in=200).stack == 200
    assert table.sit(2).stack == 1000  # the maximum unless told
    assert table.ledger.bought_in == 1200


def test_configured_buy_ins_apply() -> None:
    table = Table(TableRules("NT", STAKES, min_buy_in=50, max_buy_in=300))
    table.sit(1, buy_in=50)
    with pytest.raises(TableError):
        table.sit(2, buy_in=301)


def test_seats_are_chosen_or_given_and_refused_sensibly() -> None:
    table = Table(TableRules("NT", STAKES, seats=3))
    assert table.sit(1, 2).number == 2
    assert table.sit(2).number == 1  # the lowest free seat
    assert _refusal(lambda: table.sit(3, 2)).key == "seat_taken"
    assert _refusal(lambda: table.sit(1)).key == "already_seated"
    assert _refusal(lambda: table.leave(99)).key == "not_seated"
    assert str(_refusal(lambda: table.sit(3, 4))) == "There is no seat 4; the seats are 1 to 3."
    table.sit(3)
    assert _refusal(lambda: table.sit(4)).key == "table_full"


def _refusal(attempt: Callable[[], object]) -> TableError:
    with pytest.raises(TableError) as error:
        attempt()
    return error.value


def test_top_ups_only_between_hands_and_never_above_the_maximum() -> None:
    table = make_table({1: 11, 2: 12, 3: 13})
    button_on(table, 1)
    refusal = _refusal(lambda: table.top_up(11, 1))
    assert refusal.key == "top_up_too_large"
    assert str(refusal) == "You can add at most 0 chips; a stack may not exceed 1000."
    hand = table.start_hand(random.Random(1))
    assert _refusal(lambda: table.top_up(12, 10)).key == "top_up_in_hand"
    assert (
        str(_refusal(lambda: table.top_up(12, 10))) == "You can add chips only between your hands."
    )
    fold_to_the_big_blind(hand)
    table.finish_hand(hand)
    assert table.seat_of(12).stack == 995  # the small blind folded
    assert _refusal(lambda: table.top_up(12, 6)).params == {"amount": 5, "maximum": 1000}
    assert _refusal(lambda: table.top_up(12, 0)).key == "top_up_nothing"
    assert table.top_up(12, 5) == 1000
    assert table.ledger.bought_in == 3005


def test_a_player_not_in_the_hand_may_top_up_during_it() -> None:
    table = make_table({1: 11, 2: 12, 3: 13})
    table.sit(14, 4, buy_in=500)
    table.sit_out(14)
    hand = table.start_hand(random.Random(1))
    assert table.deal is not None and 14 not in table.deal.players
    assert table.top_up(14, 100) == 600
    fold_to_the_big_blind(hand)
    table.finish_hand(hand)


def test_table_errors_are_illegal_actions_with_sentences() -> None:
    refusal = _refusal(lambda: Table(TableRules("NT", STAKES)).leave(5))
    assert isinstance(refusal, IllegalAction)
    assert refusal.sentence == "You don't have a seat at this table."


def test_leaving_between_hands_cashes_out_at_once() -> None:
    table = make_table({1: 11, 2: 12, 3: 13})
    departure = table.leave(12)
    assert (departure.cash_out, departure.at_end_of_hand) == (1000, False)
    assert 2 not in table.seats
    assert table.ledger.cashed_out == 1000


def test_leaving_during_a_hand_takes_effect_when_it_ends() -> None:
    table = make_table({1: 11, 2: 12, 3: 13})
    button_on(table, 1)
    hand = table.start_hand(random.Random(1))
    departure = table.leave(13)  # the big blind
    assert departure.at_end_of_hand and departure.cash_out is None
    assert table.seat_of(13).leaving and 3 in table.seats
    fold_to_the_big_blind(hand)
    result = table.finish_hand(hand)
    assert result.cash_outs == (CashOut(13, 3, 1005),)
    assert 3 not in table.seats
    assert table.ledger.cashed_out == 1005
    table.start_hand(random.Random(2))
    assert table.deal is not None and 13 not in table.deal.players


def test_busted_players_leave_the_rotation_until_they_top_up() -> None:
    table = make_table({1: 11, 2: 12, 3: 13})
    table.finish_hand(bust_the_big_blind(table))
    seat = table.seat_of(13)
    assert seat.busted and seat.sitting_out and seat.stack == 0
    assert _refusal(lambda: table.sit_in(13)).key == "busted_sit_in"
    play(table, 2)
    assert table.deal is None
    assert table.seat_of(13).stack == 0
    assert _refusal(lambda: table.top_up(13, 199)).key == "rebuy_too_small"
    assert table.top_up(13, 200) == 200
    assert not seat.busted and not seat.sitting_out
    assert seat.missed_small_blind  # the blinds went by while busted


def test_a_busted_player_who_leaves_takes_nothing() -> None:
    table = make_table({1: 11, 2: 12, 3: 13})
    table.finish_hand(bust_the_big_blind(table))
    assert table.leave(13).cash_out == 0


def test_the_hand_must_be_over_and_the_tables_own() -> None:
    table = make_table({1: 11, 2: 12, 3: 13})
    button_on(table, 1)
    assert _refusal(lambda: table.finish_hand(Hand(table_setup_for_refusal()))).key == (
        "no_hand_in_progress"
    )
    hand = table.start_hand(random.Random(1))
    assert _refusal(lambda: table.start_hand()).key == "hand_in_progress"
    assert _refusal(lambda: table.finish_hand(hand)).key == "hand_not_over"
    assert _refusal(lambda: table.finish_hand(Hand(table_setup_for_refusal()))).key == (
        "not_this_hand"
    )
    # A hand rebuilt from the same setup (after a restart) is the same hand.
    rebuilt = Hand.replay(hand.setup, [])
    fold_to_the_big_blind(rebuilt)
    table.finish_hand(rebuilt)


def table_setup_for_refusal() -> HandSetup:
    return HandSetup(VARIANTS["NT"], (100, 100), blinds=(10, 5), min_bet=10)


def test_no_hand_without_two_players() -> None:
    table = make_table({1: 11, 2: 12})
    table.sit_out(12)
    assert _refusal(lambda: table.start_hand()).key == "not_enough_players"


def test_when_nobody_else_can_come_in_the_game_starts_afresh() -> None:
    # Heads-up, seat 3 leaves; a newcomer waiting for the big blind sits where
    # the button goes: rather than nobody playing, a new game draws the button.
    table = make_table({1: 11, 3: 13})
    button_on(table, 1)
    play(table, 1)  # seat 1 button, seat 3 big blind
    table.leave(13)
    table.sit(12, 2)
    assert table.needs_draw
    table.start_hand(random.Random(1))
    assert table.deal is not None
    assert table.deal.button_draw is not None and set(table.deal.players) == {11, 12}
    assert not table.deal.posts


# ----------------------------------------------------------- antes, straddle, rake


def test_antes_by_every_player_count_in_the_betting_levels() -> None:
    table = make_table({1: 11, 2: 12, 3: 13}, stakes=Stakes(5, 10, 2, AnteKind.EVERY_PLAYER))
    button_on(table, 1)
    hand = table.start_hand(random.Random(1))
    assert hand.setup.antes == (2, 2, 2) and hand.setup.ante_trimming


def test_a_big_blind_ante_is_posted_by_the_big_blind_alone() -> None:
    table = make_table({1: 11, 2: 12, 3: 13}, stakes=Stakes(5, 10, 10, AnteKind.BIG_BLIND))
    button_on(table, 1)
    hand = table.start_hand(random.Random(1))
    assert hand.setup.antes == (0, 10, 0) and not hand.setup.ante_trimming
    assert hand.pot_total == 25


def test_a_live_straddle_by_the_player_left_of_the_big_blind() -> None:
    table = make_table({1: 11, 2: 12, 3: 13, 4: 14}, stakes=Stakes(5, 10, straddle=True))
    button_on(table, 1)
    table.choose_straddle(14, True)
    hand = table.start_hand(random.Random(1))
    assert table.deal is not None and table.deal.straddle_seat == 4
    assert hand.setup.blinds == (5, 10, 20, 0)
    assert actor_seat(table, hand) == 1  # left of the straddle
    assert hand.legal_actions().min_raise_to == 40


def test_no_limit_allows_re_straddles_each_a_legal_raise() -> None:
    """Seed 002: "No-limit games may also allow multiple re-straddles, in any
    amount that would be a legal raise": each doubles the one before (the
    straddle acts as the big blind, so a raise is at least its size), and the
    player after the last re-straddle acts first."""
    players = {1: 11, 2: 12, 3: 13, 4: 14, 5: 15, 6: 16}
    table = make_table(players, stakes=Stakes(5, 10, straddle=True))
    button_on(table, 1)
    for player in (14, 15, 16):
        table.choose_straddle(player, True)
    hand = table.start_hand(random.Random(1))
    assert table.deal is not None
    assert table.deal.straddle_seat == 4 and table.deal.restraddle_seats == (5, 6)
    assert hand.setup.blinds == (5, 10, 20, 40, 80, 0)
    assert actor_seat(table, hand) == 1  # the button, left of the last re-straddle
    assert hand.legal_actions().call_amount == 80
    assert hand.legal_actions().min_raise_to == 160


def test_a_re_straddle_may_be_any_legal_raise_the_player_chose() -> None:
    """Issue 24: the hand takes any legal raise as a re-straddle, the table
    posted only twice the one before. A player may choose his re-straddle's
    size: at least twice the straddle before (the smallest), or more."""
    players = {1: 11, 2: 12, 3: 13, 4: 14, 5: 15, 6: 16}
    table = make_table(players, stakes=Stakes(5, 10, straddle=True))
    button_on(table, 1)
    table.choose_straddle(14, True)
    table.choose_straddle(15, True, to=100)  # a legal raise over the straddle of 20
    table.choose_straddle(16, True, to=150)  # less than twice 100: twice it is posted
    with pytest.raises(TableError) as refused:
        table.choose_straddle(13, True, to=30)
    assert refused.value.key == "restraddle_too_small" and refused.value.params == {"amount": 40}
    hand = table.start_hand(random.Random(1))
    assert hand.setup.blinds == (5, 10, 20, 100, 200, 0)
    assert hand.legal_actions().call_amount == 200
    assert hand.legal_actions().min_raise_to == 400
    # Choosing a re-straddle above one's stack ends the chain there.
    table = make_table(players, stakes=Stakes(5, 10, straddle=True))
    button_on(table, 1)
    table.choose_straddle(14, True)
    table.choose_straddle(15, True, to=10_000)
    assert table.start_hand(random.Random(1)).setup.blinds == (5, 10, 20, 0, 0, 0)


def test_re_straddles_stop_at_the_first_player_who_does_not() -> None:
    players = {1: 11, 2: 12, 3: 13, 4: 14, 5: 15, 6: 16}
    table = make_table(players, stakes=Stakes(5, 10, straddle=True))
    button_on(table, 1)
    for player in (14, 16):
        table.choose_straddle(player, True)
    hand = table.start_hand(random.Random(1))
    assert hand.setup.blinds == (5, 10, 20, 0, 0, 0)


def test_pot_limit_has_one_straddle() -> None:
    table = Table(TableRules("PT", Stakes(5, 10, straddle=True), seats=6))
    for seat in range(1, 6):
        table.sit(10 + seat, seat, buy_in=1000)
    button_on(table, 1)
    for player in (14, 15):
        table.choose_straddle(player, True)
    hand = table.start_hand(random.Random(1))
    assert hand.setup.blinds == (5, 10, 20, 0, 0)


def test_no_straddle_where_the_table_does_not_allow_it() -> None:
    table = make_table({1: 11, 2: 12})
    assert _refusal(lambda: table.choose_straddle(11, True)).key == "no_straddle"
    with pytest.raises(ValueError):
        TableRules("FT", Stakes(5, 10, straddle=True))


def test_limit_bets_reach_the_hand() -> None:
    table = Table(TableRules("FT", Stakes(5, 10)))
    for player in (1, 2, 3):
        table.sit(player, buy_in=500)
    hand = table.start_hand(random.Random(1))
    assert (hand.setup.small_bet, hand.setup.big_bet) == (10, 20)


def test_rake_is_kept_by_the_house_and_counted() -> None:
    table = make_table({1: 11, 2: 12, 3: 13}, rake=Rake(500, 30))
    button_on(table, 1)
    hand = table.start_hand(random.Random(3))
    check_down(hand)
    result = table.finish_hand(hand)
    assert result.rake == 1 and table.ledger.rake == 1  # 5 % of 30
    assert sum(result.winnings.values()) == -1
    assert table.chips_in_play + table.ledger.rake == table.ledger.bought_in


def test_table_configs_are_checked() -> None:
    with pytest.raises(ValueError, match="2 to 4 seats"):
        TableRules("NR", STAKES, seats=6)
    with pytest.raises(ValueError):
        TableRules("NT", STAKES, seats=11)
    with pytest.raises(KeyError):
        TableRules("XX", STAKES)
    with pytest.raises(ValueError):
        TableRules("NT")
    with pytest.raises(ValueError):
        TableRules("NT", STAKES, min_buy_in=500, max_buy_in=400)


def test_without_blinds_everyone_is_dealt_in_and_the_button_moves_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A game with antes and no blinds (stud's shape, dealt like hold'em here).
    antes_only = replace(VARIANTS["FT"], code="TEST-ANTES", uses_blinds=False)
    monkeypatch.setitem(VARIANTS, "TEST-ANTES", antes_only)
    table = Table(TableRules("TEST-ANTES", Stakes(5, 10, 5, AnteKind.EVERY_PLAYER)))
    for seat, player in ((1, 11), (3, 13), (4, 14)):
        table.sit(player, seat, buy_in=500)
    button_on(table, 3)
    buttons = []
    for number in range(3):
        if number == 1:
            table.sit(12, 2)  # new, and dealt in at once: there is no big blind to owe
        hand = table.start_hand(random.Random(1))
        deal = table.deal
        assert deal is not None
        assert not hand.setup.blinds and set(hand.setup.antes) == {5}
        assert deal.small_blind_seat is None and deal.big_blind_seat is None
        buttons.append((deal.button_seat, len(deal.players)))
        check_down(hand)
        table.finish_hand(hand)
    assert buttons == [(3, 3), (4, 4), (1, 4)]


def test_a_table_with_min_players_deals_only_when_that_many_play() -> None:
    from engine.errors import RulesError

    with pytest.raises(RulesError) as refused:
        TableRules("NT", STAKES, seats=4, min_players=5)
    assert (refused.value.key, refused.value.params) == (
        "min_players",
        {"count": 5, "low": 2, "high": 4},
    )
    table = Table(TableRules("NT", STAKES, seats=6, min_players=3))
    for player in (1, 2):
        table.sit(player, buy_in=1000)
    assert not table.can_deal
    with pytest.raises(TableError) as waiting:
        table.start_hand(random.Random(1))
    assert waiting.value.key == "min_players_waiting"
    assert str(waiting.value) == "This table deals when 3 players are playing."
    table.sit(3, buy_in=1000)
    assert table.can_deal
    assert len(table.start_hand(random.Random(1)).setup.starting_stacks) == 3
