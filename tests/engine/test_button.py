"""The button and the blinds by the dead-button rule, seat by seat."""

import pytest

from engine.button import (
    READY,
    Entry,
    Positions,
    clockwise_after,
    draw_for_button,
    first_hand_plan,
    next_hand_plan,
)
from engine.cards import Deck, parse_cards

POSTS, WAITS = Entry.POSTS, Entry.WAITS


def test_the_high_card_takes_the_button() -> None:
    draw = draw_for_button([2, 5, 9], Deck(parse_cards("9c Qd 4s")))
    assert draw.cards == tuple(zip([2, 5, 9], parse_cards("9c Qd 4s"), strict=True))
    assert draw.winner == 5


@pytest.mark.parametrize(
    ("dealt", "winner"),
    [("Kc Kd Kh", 3), ("Ks Kh Kd", 1), ("Ac Ad 2s", 2), ("Ah As Ac", 2)],
)
def test_suits_break_ties_spades_hearts_diamonds_clubs(dealt: str, winner: int) -> None:
    assert draw_for_button([1, 2, 3], Deck(parse_cards(dealt))).winner == winner


def test_clockwise_wraps_from_the_last_seat_to_the_first() -> None:
    assert list(clockwise_after(4, 6)) == [5, 6, 1, 2, 3, 4]
    assert list(clockwise_after(6, 6)) == [1, 2, 3, 4, 5, 6]


def test_a_first_hand_puts_the_blinds_left_of_the_drawn_button() -> None:
    plan = first_hand_plan(9, [2, 5, 7, 8], button=7)
    assert plan.positions == Positions(button=7, small_blind=8, big_blind=2)
    assert plan.order == (8, 2, 5, 7)
    assert (plan.small_blind_index, plan.big_blind_index) == (0, 1)


def test_heads_up_the_button_has_the_small_blind() -> None:
    plan = first_hand_plan(6, [2, 5], button=5)
    assert plan.positions == Positions(button=5, small_blind=5, big_blind=2)
    assert plan.order == (2, 5)  # the big blind is index 0, the button index 1
    assert (plan.small_blind_index, plan.big_blind_index) == (1, 0)


def test_with_everyone_there_each_position_moves_one_player_clockwise() -> None:
    playing = dict.fromkeys([1, 3, 4, 6], READY)
    positions = Positions(1, 3, 4)
    buttons = []
    for _ in range(5):
        plan = next_hand_plan(6, playing, positions)
        assert plan is not None
        positions = plan.positions
        buttons.append(positions.button)
        assert plan.order[-1] == positions.button
        assert plan.order[plan.big_blind_index] == positions.big_blind
    assert buttons == [3, 4, 6, 1, 3]


def test_when_the_small_blind_leaves_the_button_is_dead_on_the_empty_seat() -> None:
    # Last hand: button 1, small blind 2, big blind 3. Seat 2 has left.
    plan = next_hand_plan(6, dict.fromkeys([1, 3, 4, 5], READY), Positions(1, 2, 3))
    assert plan is not None
    assert plan.positions == Positions(button=2, small_blind=3, big_blind=4)
    assert plan.order == (3, 4, 5, 1)  # seat 1 acts last after the flop
    assert plan.small_blind_posted


def test_when_the_big_blind_leaves_the_next_small_blind_is_dead() -> None:
    # Last hand: button 1, small blind 2, big blind 3. Seat 3 has left.
    plan = next_hand_plan(6, dict.fromkeys([1, 2, 4, 5], READY), Positions(1, 2, 3))
    assert plan is not None
    assert plan.positions == Positions(button=2, small_blind=3, big_blind=4)
    assert not plan.small_blind_posted and plan.small_blind_index is None
    assert plan.order == (4, 5, 1, 2)  # the big blind is first after the button


def test_the_big_blind_skips_a_player_sitting_out_who_then_owes_it() -> None:
    # Seat 4 sits out (not playing) as the big blind would reach it.
    plan = next_hand_plan(6, dict.fromkeys([1, 2, 3, 5], READY), Positions(1, 2, 3))
    assert plan is not None
    assert plan.positions.big_blind == 5
    assert plan.big_blind_passed == (4,)
    assert 4 not in plan.order


def test_a_newcomer_after_the_big_blind_may_post_and_play_at_once() -> None:
    playing = {1: READY, 2: READY, 3: READY, 4: READY, 5: POSTS}
    plan = next_hand_plan(6, playing, Positions(1, 2, 3))
    assert plan is not None
    assert plan.positions == Positions(button=2, small_blind=3, big_blind=4)
    assert plan.entering == {5}
    assert plan.order == (3, 4, 5, 1, 2)


def test_a_newcomer_waiting_for_the_big_blind_is_dealt_in_when_it_comes() -> None:
    playing = {1: READY, 2: READY, 3: READY, 4: READY, 5: WAITS}
    positions = Positions(1, 2, 3)
    plan = next_hand_plan(6, playing, positions)
    assert plan is not None and 5 not in plan.order
    plan = next_hand_plan(6, playing, plan.positions)
    assert plan is not None
    assert plan.positions.big_blind == 5 and 5 in plan.order


def test_a_newcomer_between_the_button_and_the_big_blind_cannot_post_in() -> None:
    # Seat 2 is the button's seat this hand: coming in there would skip the blinds.
    playing = {1: READY, 2: POSTS, 3: READY, 4: READY, 5: READY}
    plan = next_hand_plan(6, playing, Positions(5, 1, 3))
    assert plan is not None
    assert plan.positions == Positions(button=1, small_blind=3, big_blind=4)
    assert 2 not in plan.order and not plan.entering


def test_three_to_two_when_the_button_busts() -> None:
    # Button 1, small blind 2, big blind 3; seat 1 is gone.
    plan = next_hand_plan(6, dict.fromkeys([2, 3], READY), Positions(1, 2, 3))
    assert plan is not None and plan.heads_up
    # The big blind moves on to seat 2; seat 3 has the button and the small blind.
    assert plan.positions == Positions(button=3, small_blind=3, big_blind=2)
    assert plan.order == (2, 3)


def test_three_to_two_when_the_small_blind_busts() -> None:
    plan = next_hand_plan(6, dict.fromkeys([1, 3], READY), Positions(1, 2, 3))
    assert plan is not None
    assert plan.positions == Positions(button=3, small_blind=3, big_blind=1)


def test_three_to_two_when_the_big_blind_busts() -> None:
    # Seat 1 was next in line for the big blind and gets it; seat 2 posts the
    # small blind again, now on the button. Nobody skips the big blind.
    plan = next_hand_plan(6, dict.fromkeys([1, 2], READY), Positions(1, 2, 3))
    assert plan is not None
    assert plan.positions == Positions(button=2, small_blind=2, big_blind=1)


def test_heads_up_the_blinds_alternate() -> None:
    positions = Positions(2, 2, 5)
    big_blinds = []
    for _ in range(4):
        plan = next_hand_plan(6, dict.fromkeys([2, 5], READY), positions)
        assert plan is not None
        positions = plan.positions
        assert positions.button == positions.small_blind != positions.big_blind
        big_blinds.append(positions.big_blind)
    assert big_blinds == [2, 5, 2, 5]


def test_two_to_three_with_the_newcomer_where_the_big_blind_goes_next() -> None:
    # Heads-up: seat 1 button and small blind, seat 3 big blind; a newcomer in seat 5.
    plan = next_hand_plan(6, {1: READY, 3: READY, 5: WAITS}, Positions(1, 1, 3))
    assert plan is not None
    assert plan.positions == Positions(button=1, small_blind=3, big_blind=5)
    assert plan.order == (3, 5, 1)


def test_two_to_three_with_the_newcomer_where_the_button_must_go() -> None:
    # The newcomer in seat 2 sits between the next big blind (1) and small blind (3):
    # one more hand heads-up, then the big blind comes to them.
    playing = {1: READY, 2: POSTS, 3: READY}
    plan = next_hand_plan(6, playing, Positions(1, 1, 3))
    assert plan is not None and plan.heads_up
    assert plan.positions == Positions(button=3, small_blind=3, big_blind=1)
    plan = next_hand_plan(6, playing, plan.positions)
    assert plan is not None
    assert plan.positions == Positions(button=3, small_blind=1, big_blind=2)
    assert plan.order == (1, 2, 3)


def test_no_plan_when_fewer_than_two_can_be_dealt_in() -> None:
    assert next_hand_plan(6, {1: READY}, Positions(1, 1, 3)) is None
    # Seat 1 takes the big blind; seat 4, waiting for it, sits where the button goes.
    assert next_hand_plan(6, {1: READY, 4: WAITS}, Positions(3, 3, 6)) is None


def test_a_player_who_owes_nothing_is_dealt_in_even_where_the_button_went() -> None:
    # Seat 5 sat out a hand (its dead button) while seats 2 and 4 played
    # heads-up; back, it owes nothing and is dealt in, not charged for waiting.
    playing = {2: READY, 3: POSTS, 4: READY, 5: READY}
    plan = next_hand_plan(5, playing, Positions(4, 4, 2))
    assert plan is not None
    assert plan.positions == Positions(button=4, small_blind=2, big_blind=3)
    assert plan.order == (5, 2, 3, 4)
    assert 5 not in plan.small_blind_passed or 5 in plan.order


def test_out_of_heads_up_onto_the_last_button_the_button_goes_dead() -> None:
    # Heads-up seat 4 had the button, seat 2 the big blind; the big blind now
    # reaches seat 4 and seat 5, back, makes three.
    plan = next_hand_plan(5, {2: READY, 4: READY, 5: READY}, Positions(4, 4, 2))
    assert plan is not None
    assert plan.positions == Positions(button=1, small_blind=2, big_blind=4)
    assert plan.order == (2, 4, 5)
