"""Stakes and a tournament's blind levels: the schedule moves on time, never late."""

import pytest

from engine.stakes import AnteKind, BlindLevel, BlindSchedule, LevelClock, Stakes


def test_limit_bets_default_to_one_and_two_big_blinds() -> None:
    stakes = Stakes(5, 10)
    assert (stakes.fixed_small_bet, stakes.fixed_big_bet, stakes.smallest_bet) == (10, 20, 10)
    assert Stakes(5, 10, small_bet=20).fixed_big_bet == 40
    assert Stakes(5, 10).straddle_amount == 20


@pytest.mark.parametrize(
    "make",
    [
        lambda: Stakes(0, 10),
        lambda: Stakes(20, 10),
        lambda: Stakes(5, 10, ante=5),
        lambda: Stakes(5, 10, ante_kind=AnteKind.BIG_BLIND),
        lambda: BlindLevel(5, 10, hands=10, seconds=600),
        lambda: BlindLevel(5, 10, hands=0),
        lambda: BlindSchedule(()),
        lambda: BlindSchedule((BlindLevel(5, 10), BlindLevel(10, 20))),
        lambda: BlindSchedule((BlindLevel(5, 10, ante=10),), ante_kind=AnteKind.NONE),
    ],
)
def test_impossible_stakes_and_schedules_are_refused(make: object) -> None:
    with pytest.raises(ValueError):
        make()  # type: ignore[operator]


def test_levels_by_hands_rise_after_their_number_of_hands() -> None:
    schedule = BlindSchedule(
        (BlindLevel(10, 20, hands=5), BlindLevel(20, 40, hands=5), BlindLevel(50, 100, ante=100))
    )
    clock = LevelClock(schedule)
    assert [clock.advance_if_due(hands) for hands in range(5)] == [False] * 5
    assert clock.advance_if_due(5) and clock.level.big_blind == 40
    assert not clock.advance_if_due(9)
    assert clock.advance_if_due(10) and clock.stakes.big_blind == 100
    assert clock.stakes.ante == 100 and clock.stakes.ante_kind is AnteKind.BIG_BLIND
    assert not clock.advance_if_due(1000)  # the last level lasts


def test_levels_by_time_keep_to_the_schedule_even_when_checked_late() -> None:
    schedule = BlindSchedule(
        tuple(BlindLevel(b, 2 * b, seconds=600) for b in (10, 20, 40, 80)),
    )
    clock = LevelClock(schedule)
    assert not clock.advance_if_due(0)  # no time given, no change
    assert not clock.advance_if_due(3, elapsed_seconds=599.5)
    assert clock.advance_if_due(4, elapsed_seconds=650)
    assert clock.index == 1 and clock.began_at_second == 600
    # Checked only at 1900 s: levels 2 and 3 began at 1200 s and 1800 s.
    assert clock.advance_if_due(30, elapsed_seconds=1900)
    assert clock.index == 3 and clock.began_at_second == 1800


def test_a_level_without_antes_has_none_whoever_would_post_them() -> None:
    schedule = BlindSchedule((BlindLevel(10, 20),), ante_kind=AnteKind.EVERY_PLAYER)
    assert schedule.stakes(0).ante_kind is AnteKind.NONE
