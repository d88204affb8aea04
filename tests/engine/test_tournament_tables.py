"""The floor of a multi-table tournament follows the TDA rules (2024) and
Robert's Rules of Poker (section 15): random seating, balancing by the
player to be big blind next into the worst position, tables broken in a
drawn order, hand for hand on the bubble, places by starting stacks and
shared across tables in a hand-for-hand round, the final table redrawn; and
it survives being saved and restored at any moment."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.button import clockwise_after
from engine.payouts import shared_prizes
from engine.tournament_payouts import mtt_prizes
from engine.tournament_tables import (
    Bust,
    FinalTableFormed,
    Finish,
    FloorEvent,
    HandForHand,
    LateEntry,
    Move,
    MoveReason,
    TableBroken,
    TournamentFloor,
    late_entry,
    place_busts,
)


def carry_out(floor: TournamentFloor) -> None:
    for move in list(floor.pending):
        floor.move_done(move.player)


def next_big_blind(floor: TournamentFloor, table: int, rng: random.Random) -> int:
    """Where the dead-button rule puts the next big blind (engine.button)."""
    seats = floor.seats(table)
    last = floor.big_blinds[table]
    if last is None:
        return rng.choice(sorted(seats))
    return next(s for s in clockwise_after(last, floor.seat_count) if s in seats)


def floor_of(
    tables: dict[int, list[int]],
    big_blinds: dict[int, int | None],
    *,
    break_order: list[int],
    paid_places: int = 3,
    balance_at: int = 2,
    dealing: set[int] | None = None,
) -> TournamentFloor:
    """A floor with the given seats taken; player ids are table * 100 + seat."""
    return TournamentFloor(
        seat_count=9,
        paid_places=paid_places,
        balance_at=balance_at,
        tables={t: {s: t * 100 + s for s in seats} for t, seats in tables.items()},
        big_blinds=dict(big_blinds),
        break_order=break_order,
        dealing=set(dealing or ()),
        entrants=sum(len(seats) for seats in tables.values()),
    )


def moves(events: tuple[FloorEvent, ...]) -> list[Move]:
    return [event for event in events if isinstance(event, Move)]


# -- seating (TDA 7 and 8) -----------------------------------------------------


@given(st.integers(2, 400), st.integers(2, 10), st.integers(0, 2**32))
def test_tda_7_seats_are_drawn_over_the_fewest_tables_as_even_as_possible(
    players: int, seat_count: int, seed: int
) -> None:
    floor = TournamentFloor.seat_field(
        range(players), seat_count=seat_count, paid_places=1, rng=random.Random(seed)
    )
    counts = [len(floor.seats(t)) for t in floor.running_tables]
    assert len(counts) == -(-players // seat_count)
    assert max(counts) - min(counts) <= 1 and max(counts) <= seat_count
    seated = [p for t in floor.running_tables for p in floor.seats(t).values()]
    assert sorted(seated) == list(range(players))
    assert sorted(floor.break_order) == floor.running_tables
    assert {m.reason for m in floor.pending} == {MoveReason.DRAW}


def test_tda_7_the_draw_is_random_but_the_same_for_the_same_seed() -> None:
    def draw(seed: int) -> dict[str, object]:
        return TournamentFloor.seat_field(
            range(90), seat_count=9, paid_places=14, rng=random.Random(seed)
        ).to_data()

    assert draw(1) == draw(1)
    assert draw(1)["tables"] != draw(2)["tables"]


def test_tda_8a_a_late_registrant_sits_at_a_table_with_the_fewest_players() -> None:
    floor = floor_of(
        {1: [1, 2, 3, 4, 5], 2: [1, 2, 3, 4], 3: [1, 2, 3, 4, 5]}, {}, break_order=[1, 2, 3]
    )
    (move,) = floor.seat_late(999, random.Random(3))
    assert isinstance(move, Move) and move.to_table == 2 and move.to_seat >= 5
    assert floor.table_of(999) == (2, move.to_seat) and not floor.may_deal(2)


def test_tda_8a_when_every_seat_is_taken_a_new_table_opens_and_breaks_first() -> None:
    floor = floor_of(
        {1: list(range(1, 10)), 2: list(range(1, 10))}, {1: 3, 2: 5}, break_order=[2, 1]
    )
    events = floor.seat_late(999, random.Random(1))
    assert floor.break_order[0] == 3 and floor.table_of(999) is not None
    # The new table is balanced from the full ones: the players to be big blind next.
    balanced = moves(events)[1:]
    assert [(m.from_table, m.from_seat) for m in balanced[:2]] == [(2, 6), (1, 4)]
    assert sorted(len(floor.seats(t)) for t in floor.running_tables) == [6, 6, 7]


def test_tda_8a_a_re_entry_draws_a_seat_at_a_shortest_table_as_a_late_registrant_does() -> None:
    # Rule 7: player 101 busted at table 1; their re-entry is a new entry with
    # a seat drawn at the table with the fewest players, not a new entrant.
    floor = floor_of(
        {1: [1, 2, 3, 4, 5, 6], 2: [1, 2, 3, 4, 5, 6, 7], 3: [1, 2, 3, 4, 5, 6, 7]},
        {1: 2, 2: 3, 3: 4},
        break_order=[1, 2, 3],
        dealing={1},
    )
    floor.entrants = 20
    floor.hand_finished(1, {101: 500}, random.Random(1))
    assert floor.table_of(101) is None and Finish(101, 20) in floor.finishes
    with pytest.raises(ValueError):
        floor.seat_late(101, random.Random(2))  # a player who finished re-enters
    with pytest.raises(ValueError):
        floor.seat_late(202, random.Random(2), reentry=True)  # still in
    (move,) = floor.seat_late(101, random.Random(2), reentry=True)
    assert move.to_table == 1 and move.reason is MoveReason.DRAW and move.from_table is None
    assert floor.entrants == 20 and floor.players_left == 20
    carry_out(floor)
    # Busting again is a second finish of their own.
    floor.hand_started(1, 3)
    floor.hand_finished(1, {101: 900}, random.Random(3))
    assert [f for f in floor.finishes if f.player == 101] == [Finish(101, 20), Finish(101, 20)]


def test_late_entries_stop_on_the_bubble_and_at_the_final_table() -> None:
    floor = floor_of({1: [1, 2, 3], 2: [1, 2]}, {}, break_order=[1, 2], paid_places=3)
    assert floor.takes_late_entries  # five left, three paid
    floor.seat_late(999, random.Random(1))
    assert floor.entrants == 6 and floor.fewest_players == 3
    bubble = floor_of({1: [1, 2], 2: [1, 2]}, {}, break_order=[1, 2], paid_places=3)
    assert not bubble.takes_late_entries  # four left, three paid: hand for hand
    with pytest.raises(ValueError):
        bubble.seat_late(999, random.Random(1))
    final = floor_of({1: list(range(1, 8))}, {}, break_order=[1], paid_places=3)
    final.final_table = 1
    assert not final.takes_late_entries


@pytest.mark.parametrize(
    ("level", "still_in", "finished", "reentries", "made", "open_now", "free", "verdict"),
    [
        (3, False, False, 0, 0, True, True, LateEntry.ENTRY),
        (3, False, True, 2, 1, True, True, LateEntry.REENTRY),
        (4, False, False, 0, 0, True, True, LateEntry.LEVEL_OVER),
        (2, True, False, 5, 0, True, True, LateEntry.STILL_IN),
        (2, False, False, 0, 0, False, True, LateEntry.CLOSED),
        (2, False, True, 0, 0, True, True, LateEntry.REENTRY_OFF),
        (2, False, True, 2, 2, True, True, LateEntry.REENTRIES_USED),
        (2, False, False, 0, 0, True, False, LateEntry.FULL),
    ],
)
def test_who_may_enter_late_and_who_may_re_enter(
    level: int,
    still_in: bool,
    finished: bool,
    reentries: int,
    made: int,
    open_now: bool,
    free: bool,
    verdict: LateEntry,
) -> None:
    # Until the end of the organiser's level 3: new players, and busted ones
    # while they have re-entries left; never a player still in.
    assert (
        late_entry(
            level=level,
            last_level=3,
            still_in=still_in,
            finished=finished,
            reentries=reentries,
            reentries_made=made,
            open_now=open_now,
            seat_free=free,
        )
        is verdict
    )


# -- balancing (TDA 11) --------------------------------------------------------


def test_tda_11a_the_player_to_be_big_blind_next_moves_to_the_worst_position() -> None:
    # Table 1 is full, its last big blind on seat 4: seat 5 is big blind next.
    # Table 2's last big blind was seat 2 and seat 3 is empty: whoever sits
    # there posts the big blind next hand (a single big blind).
    floor = floor_of(
        {1: list(range(1, 10)), 2: [1, 2, 4, 5, 6, 7, 8]},
        {1: 4, 2: 2},
        break_order=[1, 2],
        dealing={2},
    )
    events = floor.hand_finished(2, {208: 500}, random.Random(0))
    assert events[0] == Finish(208, 16)
    (move,) = moves(events)
    assert move == Move(105, 2, 3, MoveReason.BALANCE, 1, 5)
    assert floor.table_of(105) == (2, 3)


def test_tda_11a_the_worst_position_is_never_the_small_blind() -> None:
    # Table 2's big blind (seat 2) busted: the next small blind is dead on
    # seat 2; the seat that takes the big blind soonest is seat 9, after 3 to 8.
    floor = floor_of(
        {1: list(range(1, 10)), 2: [1, 2, 3, 4, 5, 6, 7, 8]},
        {1: 9, 2: 2},
        break_order=[2, 1],
        dealing={2},
    )
    events = floor.hand_finished(2, {202: 50, 208: 900}, random.Random(0))
    assert events[:2] == (Finish(208, 16), Finish(202, 17))
    (move,) = moves(events)
    assert (move.from_table, move.from_seat, move.to_table, move.to_seat) == (1, 1, 2, 8)


def test_tda_11c_a_player_moves_from_the_first_to_break_to_the_last_to_break() -> None:
    """Among the fullest tables the one that breaks first gives the player;
    among the shortest the one that breaks last takes them."""
    floor = floor_of(
        {1: list(range(1, 9)), 2: list(range(1, 9)), 3: list(range(1, 8)), 4: list(range(1, 8))},
        {1: 1, 2: 1, 3: 1, 4: 1},
        break_order=[3, 2, 1, 4],
        dealing={4},
    )
    events = floor.hand_finished(4, {407: 100}, random.Random(0))
    (move,) = moves(events)
    assert (move.from_table, move.to_table) == (2, 4)


def test_tda_11d_the_organiser_may_wait_for_three_players_short() -> None:
    def after_bust(balance_at: int) -> list[Move]:
        floor = floor_of(
            {1: list(range(1, 10)), 2: list(range(1, 9))},
            {1: 1, 2: 1},
            break_order=[1, 2],
            balance_at=balance_at,
            dealing={2},
        )
        return moves(floor.hand_finished(2, {208: 10}, random.Random(0)))

    assert len(after_bust(2)) == 1  # 9 and 7: one moves, 8 and 8
    assert after_bust(3) == []  # 9 and 7 play on; 9 and 6 would not


def test_a_full_table_in_a_hand_moves_its_player_when_the_hand_ends() -> None:
    floor = floor_of(
        {1: list(range(1, 10)), 2: list(range(1, 9))},
        {1: 4, 2: 1},
        break_order=[1, 2],
        dealing={1, 2},
    )
    assert moves(floor.hand_finished(2, {208: 10}, random.Random(0))) == []
    # 9 and 7, but the full table is in a hand: the short table plays on.
    assert floor.may_deal(2)
    (move,) = moves(floor.hand_finished(1, {}, random.Random(0)))
    assert (move.from_table, move.from_seat) == (1, 5)
    assert not floor.may_deal(1) and not floor.may_deal(2)
    floor.move_done(move.player)
    assert floor.may_deal(1) and floor.may_deal(2)


# -- breaking (TDA 10 and 11-C) ----------------------------------------------


def test_tda_10_the_next_table_in_the_drawn_order_breaks_when_the_players_fit() -> None:
    floor = floor_of(
        {1: [1, 2, 3, 4, 5, 6, 7], 2: [1, 2, 3, 4, 5, 6, 7], 3: [1, 2, 3, 4, 5, 6, 7]},
        {1: 1, 2: 1, 3: 1},
        break_order=[2, 3, 1],
        dealing={1},
    )
    events = floor.hand_finished(1, {101: 10, 102: 20, 103: 30}, random.Random(4))
    assert TableBroken(2) in events
    broken = [m for m in moves(events) if m.reason is MoveReason.BREAK]
    assert sorted(m.player for m in broken) == [201, 202, 203, 204, 205, 206, 207]
    assert {m.from_table for m in broken} == {2}
    # Each player draws a different empty seat; the tables end 9 and 9.
    assert len({(m.to_table, m.to_seat) for m in broken}) == 7
    assert sorted(len(floor.seats(t)) for t in floor.running_tables) == [9, 9]
    assert floor.break_order == [3, 1]


def test_tda_10_a_table_in_a_hand_breaks_when_its_hand_ends() -> None:
    floor = floor_of(
        {1: [1, 2, 3, 4, 5, 6, 7], 2: [1, 2, 3, 4, 5, 6, 7], 3: [1, 2, 3, 4, 5, 6, 7]},
        {1: 1, 2: 1, 3: 1},
        break_order=[2, 3, 1],
        dealing={1, 2},
    )
    events = floor.hand_finished(1, {101: 10, 102: 20, 103: 30}, random.Random(4))
    assert not any(isinstance(e, TableBroken) for e in events)
    # The table to break is still in its hand; the others play on meanwhile,
    # and nobody is moved to balance tables the break will even out.
    assert floor.may_deal(1) and floor.pending == [] and 2 in floor.running_tables
    events = floor.hand_finished(2, {}, random.Random(4))
    assert TableBroken(2) in events and 2 not in floor.running_tables


# -- places (Robert's Rules, section 15) --------------------------------------


def test_rrop_15_busts_on_one_hand_are_placed_by_the_chips_they_started_with() -> None:
    floor = floor_of(
        {1: list(range(1, 10)), 2: list(range(1, 10))},
        {1: 1, 2: 1},
        break_order=[1, 2],
        dealing={1},
    )
    events = floor.hand_finished(1, {101: 300, 102: 900, 103: 300}, random.Random(0))
    assert [e for e in events if isinstance(e, Finish)] == [
        Finish(102, 16),
        Finish(101, 17, 2),
        Finish(103, 17, 2),
    ]


@given(
    st.lists(
        st.tuples(st.integers(1, 4), st.sampled_from([100, 200, 300, 400])), min_size=1, max_size=12
    ),
    st.integers(0, 30),
)
def test_busts_of_one_round_are_ranked_by_stack_at_their_table_and_share_across_tables(
    busted: list[tuple[int, int]], more_left: int
) -> None:
    busts = [Bust(player, table, stack) for player, (table, stack) in enumerate(busted)]
    left = len(busts) + more_left
    finishes = {f.player: f for f in place_busts(left, busts)}
    assert {f.place for f in finishes.values()} >= {more_left + 1}
    for a in busts:
        fa = finishes[a.player]
        assert more_left + 1 <= fa.place <= left
        assert sum(f.place == fa.place for f in finishes.values()) == fa.sharing
        for b in busts:
            fb = finishes[b.player]
            if a.table == b.table and a.starting_stack > b.starting_stack:
                assert fa.place < fb.place
            if a.table == b.table and a.starting_stack == b.starting_stack:
                assert fa.place == fb.place
    # The groups of sharers cover the places from the best one down, without gaps.
    groups = sorted({(f.place, f.sharing) for f in finishes.values()})
    place = more_left + 1
    for start, size in groups:
        assert start == place
        place += size
    assert place == left + 1


# -- hand for hand (TDA RP-8) --------------------------------------------------


def bubble_floor(dealing: set[int]) -> TournamentFloor:
    """12 players at two tables, 10 paid: the next bust is the bubble's last."""
    return floor_of(
        {1: [1, 2, 3, 4, 5, 6], 2: [1, 2, 3, 4, 5, 6]},
        {1: 1, 2: 1},
        break_order=[1, 2],
        paid_places=10,
        dealing=dealing,
    )


def test_rp8_hand_for_hand_starts_on_the_bubble_and_a_table_that_played_waits() -> None:
    floor = bubble_floor({1, 2})
    rng = random.Random(0)
    events = floor.hand_finished(1, {106: 100}, rng)
    assert Finish(106, 12) in events and HandForHand(True) in events
    # Table 2 finishes the hand it is on (the first round); table 1 waits.
    assert not floor.may_deal(1)
    assert floor.hand_finished(2, {}, rng) == ()
    assert floor.may_deal(1) and floor.may_deal(2)
    floor.hand_started(1, 2)
    assert floor.hand_finished(1, {}, rng) == ()
    assert not floor.may_deal(1) and floor.may_deal(2)
    floor.hand_started(2, 2)
    floor.hand_finished(2, {}, rng)
    assert floor.may_deal(1) and floor.hand_for_hand


def test_rp8_busts_at_two_tables_in_one_hand_for_hand_round_share_their_places() -> None:
    floor = bubble_floor({1, 2})
    rng = random.Random(0)
    floor.hand_finished(1, {106: 100}, rng)
    floor.hand_finished(2, {}, rng)
    floor.hand_started(1, 2)
    floor.hand_started(2, 2)
    # One bust at each table, one with more chips than the other: they share.
    assert floor.hand_finished(1, {101: 300}, rng) == ()
    events = floor.hand_finished(2, {201: 900}, rng)
    assert [e for e in events if isinstance(e, Finish)] == [Finish(101, 10, 2), Finish(201, 10, 2)]
    assert HandForHand(False) in events and not floor.hand_for_hand
    prizes = mtt_prizes(12_000, 12)  # 10th prize shared, 11th pays nothing
    tenth = prizes[9] if len(prizes) >= 10 else 0
    assert sum(shared_prizes(prizes, place=10, players=2)) == tenth


def test_rp8a_busts_of_the_hand_in_progress_at_the_announcement_share_the_places() -> None:
    floor = bubble_floor({1, 2})
    rng = random.Random(0)
    floor.hand_finished(1, {106: 100}, rng)  # 11 left: hand for hand is announced
    events = floor.hand_finished(2, {205: 400, 206: 400}, rng)
    assert [e for e in events if isinstance(e, Finish)] == [Finish(205, 10, 2), Finish(206, 10, 2)]


def test_rrop_15_in_a_hand_for_hand_round_one_table_still_ranks_by_stacks() -> None:
    floor = bubble_floor({1, 2})
    rng = random.Random(0)
    floor.hand_finished(1, {106: 100}, rng)
    floor.hand_finished(2, {}, rng)
    floor.hand_started(1, 2)
    floor.hand_started(2, 2)
    floor.hand_finished(2, {}, rng)
    events = floor.hand_finished(1, {101: 900, 102: 300}, rng)
    assert [e for e in events if isinstance(e, Finish)] == [Finish(101, 10), Finish(102, 11)]


# -- the final table (TDA RP-9) ---------------------------------------------


def test_rp9_the_final_table_is_drawn_afresh_with_a_button_by_high_card() -> None:
    floor = floor_of(
        {1: [1, 2, 3, 4, 5], 2: [2, 4, 6, 8, 9]}, {1: 3, 2: 4}, break_order=[1, 2], dealing={1, 2}
    )
    rng = random.Random(8)
    assert floor.hand_finished(1, {105: 10}, rng) == (Finish(105, 10),)
    assert not floor.may_deal(1)  # nine left: no new hand until the final table
    events = floor.hand_finished(2, {}, rng)
    (formed,) = [e for e in events if isinstance(e, FinalTableFormed)]
    assert formed.table == 2 and TableBroken(1) in events
    drawn = [m for m in moves(events) if m.reason is MoveReason.FINAL_TABLE]
    assert len(drawn) == 9 and len({m.to_seat for m in drawn}) == 9
    assert formed.button in floor.seats(2) and floor.final_button == formed.button
    assert floor.big_blinds == {2: None} and floor.running_tables == [2]
    assert not floor.may_deal(2)
    carry_out(floor)
    assert floor.may_deal(2)


# -- playing whole tournaments -------------------------------------------------


def play(
    players: int, seat_count: int, balance_at: int, seed: int, *, save_every_step: bool = False
) -> tuple[TournamentFloor, list[FloorEvent]]:
    """A tournament's table logistics to the end: tables deal and finish
    hands in a random interleaving, with random busts and moves carried out
    late; the floor's promises are checked after every step."""
    rng = random.Random(seed)
    paid = max(1, players * 15 // 100)
    floor = TournamentFloor.seat_field(
        range(1, players + 1),
        seat_count=seat_count,
        paid_places=paid,
        rng=rng,
        balance_at=balance_at,
    )
    drawn_order = list(floor.break_order)
    events: list[FloorEvent] = []
    while not any(f.place == 1 for f in floor.finishes):
        for move in list(floor.pending):
            if rng.random() < 0.6:
                floor.move_done(move.player)
        dealable = [t for t in floor.running_tables if floor.may_deal(t)]
        if dealable and (not floor.dealing or rng.random() < 0.5):
            table = rng.choice(dealable)
            floor.hand_started(table, next_big_blind(floor, table, rng))
        elif floor.dealing:
            table = rng.choice(sorted(floor.dealing))
            at_table = list(floor.seats(table).values())
            count = min(rng.choice([0, 0, 0, 1, 1, 2, 3]), len(at_table) - 1)
            busted = {p: rng.choice([100, 200, 300]) for p in rng.sample(at_table, count)}
            events.extend(floor.hand_finished(table, busted, rng))
        else:
            assert floor.pending, "nobody can deal and nothing is to be done"
            carry_out(floor)
        if save_every_step:
            again = TournamentFloor.from_data(json.loads(json.dumps(floor.to_data())))
            assert again == floor
        seated = [p for t in floor.running_tables for p in floor.seats(t).values()]
        assert len(seated) == len(set(seated)), "a player sits twice"
        gone = [f.player for f in floor.finishes] + [b.player for b in floor.round_busts]
        if not any(f.place == 1 for f in floor.finishes):
            assert sorted(seated + gone) == list(range(1, players + 1)), "a player is lost"
        # Between hands (and, hand for hand, between rounds) the tables are balanced.
        between_rounds = not floor.hand_for_hand or not floor.round_dealt
        if not floor.dealing and between_rounds and len(floor.tables) > 1:
            counts = [len(floor.seats(t)) for t in floor.running_tables]
            assert max(counts) - min(counts) < balance_at, counts
    broken = [e.table for e in events if isinstance(e, TableBroken)]
    assert broken == drawn_order[: len(broken)], "a table broke out of the drawn order"
    return floor, events


def assert_places_cover_the_field(floor: TournamentFloor, players: int) -> None:
    by_place = Counter((f.place, f.sharing) for f in floor.finishes)
    assert all(count == sharing for (_, sharing), count in by_place.items())
    place = 1
    for start, sharing in sorted(by_place):
        assert start == place
        place += sharing
    assert place == players + 1
    assert sorted(f.player for f in floor.finishes) == list(range(1, players + 1))


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 120), st.integers(6, 10), st.sampled_from([2, 3]), st.integers(0, 2**32))
def test_any_tournament_keeps_every_player_seated_once_the_tables_balanced_and_the_order(
    players: int, seat_count: int, balance_at: int, seed: int
) -> None:
    floor, _ = play(players, seat_count, balance_at, seed)
    assert_places_cover_the_field(floor, players)
    if players > seat_count:
        assert floor.final_table is not None and floor.final_button is not None


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 120), st.integers(0, 2**32))
def test_the_prizes_paid_add_up_to_the_pool_whatever_the_busts(players: int, seed: int) -> None:
    floor, _ = play(players, 9, 2, seed)
    pool = players * 1000
    prizes = mtt_prizes(pool, players)
    paid = 0
    for place, sharing in {(f.place, f.sharing) for f in floor.finishes}:
        paid += sum(shared_prizes(prizes, place=place, players=sharing))
    assert paid == pool


@settings(max_examples=15, deadline=None)
@given(st.integers(10, 60), st.integers(0, 2**32))
def test_the_floor_saved_as_plain_data_at_any_step_comes_back_the_same(
    players: int, seed: int
) -> None:
    play(players, 9, 2, seed, save_every_step=True)


def snapshot_when(
    seed: int, wanted: str
) -> tuple[TournamentFloor, random.Random, list[tuple[int, dict[int, int]]]]:
    """Play 45 players until ``wanted`` ("break": moves of a table break still
    pending; "round": a hand-for-hand round with a bust waiting)."""
    rng = random.Random(seed)
    floor = TournamentFloor.seat_field(range(1, 46), seat_count=9, paid_places=12, rng=rng)
    carry_out(floor)
    while True:
        if wanted == "break" and any(m.reason is MoveReason.BREAK for m in floor.pending):
            return floor, rng, []
        if wanted == "round" and floor.hand_for_hand and floor.round_busts:
            return floor, rng, []
        if any(f.place == 1 for f in floor.finishes):
            raise LookupError("the tournament ended first")
        dealable = [t for t in floor.running_tables if floor.may_deal(t)]
        if dealable:
            table = rng.choice(dealable)
            floor.hand_started(table, next_big_blind(floor, table, rng))
            continue
        if not floor.dealing:
            carry_out(floor)
            continue
        table = rng.choice(sorted(floor.dealing))
        at_table = list(floor.seats(table).values())
        count = min(rng.choice([0, 1, 1]), len(at_table) - 1)
        floor.hand_finished(table, {p: 100 + p for p in rng.sample(at_table, count)}, rng)
        if wanted == "round" or not any(m.reason is MoveReason.BREAK for m in floor.pending):
            for move in list(floor.pending):
                if move.reason is not MoveReason.BREAK:
                    floor.move_done(move.player)


@pytest.mark.parametrize("moment", ["break", "round"])
def test_a_kill_during_a_table_break_or_a_hand_for_hand_round_restores_exactly(moment: str) -> None:
    for seed in range(200):
        try:
            floor, rng, _ = snapshot_when(seed, moment)
            break
        except LookupError:
            continue
    else:
        pytest.fail(f"no tournament reached the moment {moment!r}")
    saved = json.dumps(floor.to_data())
    restored = TournamentFloor.from_data(json.loads(saved))
    assert restored == floor
    # The restored floor has the same moves to make and the same round to
    # finish, and goes on exactly as the one that was not killed.
    assert restored.pending == floor.pending
    assert restored.round_busts == floor.round_busts
    state = rng.getstate()
    carry_out(floor)
    carry_out(restored)
    for twin in (floor, restored):
        twin_rng = random.Random()
        twin_rng.setstate(state)
        for table in sorted(twin.dealing):
            twin.hand_finished(table, {}, twin_rng)
    assert restored == floor


def test_a_ninety_player_tournament_plays_to_a_winner() -> None:
    floor, events = play(90, 9, 2, 2026)
    assert_places_cover_the_field(floor, 90)
    assert sum(isinstance(e, TableBroken) for e in events) == 9
    assert next(f for f in floor.finishes if f.place == 1).sharing == 1


# -- after a restart (the hands in progress are the hand log's) ----------------


def test_rp8_a_deal_cut_off_by_a_restart_is_still_owed_in_the_round() -> None:
    """Table 1 was told to deal its hand of the round, but the process died
    before the hand was written: after the restart table 1 has not dealt it."""
    floor = bubble_floor({1, 2})
    rng = random.Random(0)
    floor.hand_finished(1, {106: 100}, rng)  # hand for hand
    floor.hand_finished(2, {}, rng)  # the first round over
    floor.hand_started(1, 2)
    assert floor.round_dealt == {1} and floor.dealing == {1}
    floor.resume([])  # no hand of table 1 in the log
    assert floor.dealing == set() and floor.round_dealt == set()
    assert floor.may_deal(1) and floor.may_deal(2)


def test_rp8_a_hand_written_after_the_floor_was_saved_is_the_tables_hand_of_the_round() -> None:
    floor = bubble_floor({1, 2})
    rng = random.Random(0)
    floor.hand_finished(1, {106: 100}, rng)
    floor.hand_finished(2, {}, rng)  # saved so; then table 2 dealt, its hand written
    floor.resume([2])
    assert floor.dealing == {2} and floor.round_dealt == {2}
    assert floor.may_deal(1) and not floor.may_deal(2)


def test_rp8_a_hand_of_the_round_voided_is_owed_again() -> None:
    floor = bubble_floor({1, 2})
    rng = random.Random(0)
    floor.hand_finished(1, {106: 100}, rng)
    floor.hand_finished(2, {}, rng)
    floor.hand_started(1, 2)
    floor.hand_started(2, 2)
    floor.hand_voided(1)  # every stack back as it began: as if never dealt
    assert floor.dealing == {2} and floor.round_dealt == {2}
    assert floor.may_deal(1) and not floor.may_deal(2)


def test_tda_10_a_break_put_off_for_a_deal_cut_off_by_a_restart_is_made() -> None:
    """Four left of eight, three paid, at heads-up tables: table 1 (the next to
    break) was dealing when the bubble came, so its break waited for that hand
    and the other tables, one player each, waited as the round's first. The
    deal was cut off by a restart: nothing is in progress, nobody could deal for
    ever. Carrying on breaks table 1 and starts a round every table deals."""
    floor = TournamentFloor(
        seat_count=2,
        paid_places=3,
        tables={1: {1: 11, 2: 12}, 2: {2: 22}, 3: {2: 32}},
        big_blinds={1: 1, 2: 2, 3: 2},
        break_order=[1, 2, 3],
        dealing={1},
        hand_for_hand=True,
        round_dealt={1, 2, 3},
        entrants=8,
    )
    floor.resume([])
    assert not any(floor.may_deal(table) for table in (1, 2, 3))
    events = floor.carry_on(random.Random(0))
    assert TableBroken(1) in events
    assert sorted((m.player, m.to_table) for m in moves(events)) in (
        [(11, 2), (12, 3)],
        [(11, 3), (12, 2)],
    )
    assert floor.hand_for_hand and floor.round_dealt == set()
    carry_out(floor)
    assert floor.may_deal(2) and floor.may_deal(3)


def test_carrying_on_does_nothing_while_a_hand_is_in_progress() -> None:
    floor = bubble_floor({1, 2})
    before = floor.to_data()
    assert floor.carry_on(random.Random(0)) == ()
    assert floor.to_data() == before
