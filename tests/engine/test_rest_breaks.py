"""A tournament's rest breaks (engine/rest_breaks.py): the one clock's play time
and break time, read from the seconds it has run alone."""

from __future__ import annotations

import pytest

from engine import BreakRule, RulesError, clock_second_of_play, default_schedule, read_clock
from engine.stakes import LevelClock

MINUTE = 60


def test_breaks_come_after_every_stretch_of_play_and_last_their_minutes() -> None:
    rule = BreakRule(10, 60)
    before = read_clock(rule, 59 * MINUTE)
    assert not before.on_break and before.next_break_at == 60 * MINUTE
    first = read_clock(rule, 60 * MINUTE)
    assert first.on_break and first.break_number == 1 and first.break_ends_at == 70 * MINUTE
    assert not read_clock(rule, 70 * MINUTE).on_break
    second = read_clock(rule, 135 * MINUTE)
    assert second.on_break and second.break_number == 2 and second.break_ends_at == 140 * MINUTE
    assert read_clock(rule, 141 * MINUTE).next_break_at == 200 * MINUTE


def test_the_levels_count_play_time_only() -> None:
    rule = BreakRule(10, 60)
    assert read_clock(rule, 65 * MINUTE).play_seconds == 60 * MINUTE  # frozen in the break
    assert read_clock(rule, 75 * MINUTE).play_seconds == 65 * MINUTE
    assert clock_second_of_play(rule, 60 * MINUTE) == 60 * MINUTE  # the break comes after
    assert clock_second_of_play(rule, 61 * MINUTE) == 71 * MINUTE
    # 20-minute levels, a break after 50 minutes: the fourth level begins after
    # an hour of play, so 70 minutes on the clock (not 60).
    rule = BreakRule(10, 50)
    clock = LevelClock(default_schedule(5, 10, seconds=20 * MINUTE))
    clock.advance_if_due(0, read_clock(rule, 69 * MINUTE).play_seconds)
    assert clock.index == 2  # level 3 still: the break did not count
    clock.advance_if_due(0, read_clock(rule, 70 * MINUTE).play_seconds)
    assert clock.index == 3


def test_a_restart_neither_skips_nor_repeats_a_break() -> None:
    # The clock's seconds are what is saved: reading them again, in pieces, is the same.
    rule = BreakRule(5, 30)
    whole = read_clock(rule, 33 * MINUTE)
    saved = 31 * MINUTE
    again = read_clock(rule, saved + 2 * MINUTE)
    assert whole == again and again.on_break and again.break_number == 1


def test_no_breaks_by_default_and_bad_rules_refused() -> None:
    assert not BreakRule().enabled
    assert read_clock(BreakRule(), 5000).next_break_at is None
    for minutes, every in ((0, 60), (10, 0), (61, 60), (-1, 60), (10, 601)):
        with pytest.raises(RulesError):
            BreakRule(minutes, every)
