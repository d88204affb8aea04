"""Tournament tables: blind levels on schedule, eliminations and finishing places."""

import random

import pytest

from engine.actions import BetOrRaise, CheckOrCall, Fold
from engine.errors import TableError
from engine.hand import Rake
from engine.stakes import AnteKind, BlindLevel, BlindSchedule, Stakes
from engine.table import Table, TableRules
from tests.engine.dealing import Rigged, fold_to_the_big_blind

SCHEDULE = BlindSchedule(
    (
        BlindLevel(25, 50, hands=2),
        BlindLevel(50, 100, ante=100, hands=2),
        BlindLevel(100, 200, ante=200),
    ),
    ante_kind=AnteKind.BIG_BLIND,
)


def tournament(players: int, schedule: BlindSchedule = SCHEDULE) -> Table:
    table = Table(TableRules("NT", schedule=schedule, starting_stack=1000, seats=6))
    for player in range(1, players + 1):
        table.sit(player * 10, player)
    table.draw_for_button(Rigged("As"))  # seat 1 has the first button
    return table


def test_blind_levels_rise_after_their_hands() -> None:
    table = tournament(3)
    seen = []
    for _ in range(5):
        level = table.advance_level_if_due()
        hand = table.start_hand(random.Random(1))
        seen.append((level is not None, hand.setup.blinds, hand.setup.antes))
        fold_to_the_big_blind(hand)
        table.finish_hand(hand)
    assert seen == [
        (False, (25, 50, 0), ()),
        (False, (25, 50, 0), ()),
        (True, (50, 100, 0), (0, 100, 0)),  # the big blind's ante
        (False, (50, 100, 0), (0, 100, 0)),
        (True, (100, 200, 0), (0, 200, 0)),
    ]
    assert table.level == SCHEDULE.levels[2]
    assert table.stakes == Stakes(100, 200, 200, AnteKind.BIG_BLIND)


def test_blind_levels_rise_on_the_clock_the_caller_passes() -> None:
    timed = BlindSchedule((BlindLevel(25, 50, seconds=900), BlindLevel(50, 100)))
    table = tournament(2, timed)
    assert table.advance_level_if_due(elapsed_seconds=899) is None
    assert table.advance_level_if_due() is None  # no time, no change
    assert table.advance_level_if_due(elapsed_seconds=900) == BlindLevel(50, 100)
    hand = table.start_hand(random.Random(2))
    assert sorted(hand.setup.blinds) == [50, 100]


def test_a_cash_table_has_no_levels() -> None:
    table = Table(TableRules("NT", Stakes(5, 10)))
    assert table.advance_level_if_due(elapsed_seconds=10**6) is None
    assert table.level is None


def test_everyone_buys_in_for_the_starting_stack_and_cannot_top_up_or_leave() -> None:
    table = tournament(3)
    with pytest.raises(TableError) as refusal:
        table.sit(99, buy_in=500)
    assert str(refusal.value) == "Everyone starts this tournament with 1000 chips."
    assert table.leave(30).cash_out == 1000  # before it begins: unregistered
    hand = table.start_hand(random.Random(3))
    fold_to_the_big_blind(hand)
    table.finish_hand(hand)
    with pytest.raises(TableError) as refusal:
        table.top_up(10, 100)
    assert refusal.value.key == "tournament_no_top_up"
    with pytest.raises(TableError) as refusal:
        table.leave(10)
    assert refusal.value.key == "tournament_no_leave"


def test_sitting_out_in_a_tournament_still_posts_and_is_dealt_in() -> None:
    table = tournament(3)
    table.sit_out(20)
    table.start_hand(random.Random(4))
    assert table.deal is not None and 20 in table.deal.players
    assert table.seat_of(20).sitting_out  # the caller folds for them


def test_players_busting_in_one_hand_place_by_the_chips_they_started_with() -> None:
    table = tournament(3)
    hand = table.start_hand(random.Random(5))  # button 1, blinds 2 and 3
    fold_to_the_big_blind(hand)
    table.finish_hand(hand)
    assert [table.seat_of(p).stack for p in (10, 20, 30)] == [1000, 975, 1025]
    # Button 2, blinds 3 and 1: seat 3's aces beat everyone all in.
    hand = table.start_hand(Rigged("As Kd Qh Ah 7c 2d 3c 4d 9h Jc 5h 2h 6c 3d"))
    assert table.deal is not None and table.deal.seats == (3, 1, 2)
    hand.act(2, BetOrRaise(975))
    hand.act(0, BetOrRaise(1025))
    hand.act(1, CheckOrCall())
    assert hand.is_complete
    result = table.finish_hand(hand)
    assert result.eliminated == ((10, 2), (20, 3))
    assert result.winner == 30
    assert table.finishing_places == {10: 2, 20: 3, 30: 1}
    assert list(table.seats) == [3]
    with pytest.raises(TableError):
        table.start_hand()


def test_players_busting_with_equal_stacks_share_the_better_place() -> None:
    table = tournament(4)
    hand = table.start_hand(Rigged("7d As Kd Qh 2c Ah Kc Qd 3c 4d 9h Jc 5h 2s 6c 3d"))
    assert table.deal is not None and table.deal.seats == (2, 3, 4, 1)
    hand.act(2, BetOrRaise(1000))
    hand.act(3, CheckOrCall())
    hand.act(0, Fold())
    hand.act(1, CheckOrCall())
    result = table.finish_hand(hand)
    assert result.eliminated == ((40, 3), (10, 3))
    assert result.winner is None
    assert sorted(table.seats) == [2, 3]
    # Heads-up now; the rotation carries on.
    table.start_hand(random.Random(6))
    assert table.deal is not None and len(table.deal.players) == 2


def test_a_tournament_takes_no_rake() -> None:
    with pytest.raises(ValueError, match="rake and buy-in ranges are for cash tables"):
        TableRules("NT", schedule=SCHEDULE, starting_stack=1000, rake=Rake(500, 10))


# -- a multi-table tournament's moves (engine.tournament_tables carries them out) --


def test_a_moved_player_takes_their_chips_to_the_new_table_between_hands() -> None:
    """TDA Rule 11-A: the moved player takes the seat's place at once, owing no
    blind; the chips leave one table's count and arrive in the other's."""
    first, second = tournament(3), tournament(2)
    hand = first.start_hand(random.Random(3))
    with pytest.raises(TableError, match="only between hands"):
        first.move_out(30)
    fold_to_the_big_blind(hand)
    first.finish_hand(hand)
    stack = first.seat_of(30).stack
    before = first.chips_in_play + second.chips_in_play
    seat = first.move_out(30)
    second.move_in(30, 5, seat.stack)
    assert first.chips_in_play + second.chips_in_play == before
    assert not first.is_seated(30) and second.seat_of(30).stack == stack
    assert not second.seat_of(30).owes_blinds
    with pytest.raises(TableError, match="taken"):
        second.move_in(40, 5, 100)
    second.start_hand(random.Random(4))
    assert second.deal is not None and 30 in second.deal.players  # dealt in at once


def test_only_a_tournament_moves_players_between_tables() -> None:
    cash = Table(TableRules("NT", Stakes(1, 2), seats=6))
    cash.sit(1, 1)
    with pytest.raises(TableError, match="Only a tournament"):
        cash.move_out(1)
    with pytest.raises(TableError, match="Only a tournament"):
        cash.move_in(2, 2, 100)
