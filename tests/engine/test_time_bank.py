"""The time bank's arithmetic: what a player starts with, earns and spends."""

from __future__ import annotations

import pytest

from engine import MAX_TIME_BANK_SECONDS, TimeBankRule, spend


def test_seconds_are_added_every_n_hands_dealt_only() -> None:
    rule = TimeBankRule(start_seconds=20, add_seconds=5, every_hands=3)
    bank = rule.opening()
    banks = []
    for hands_dealt in range(1, 8):
        bank = rule.after_hand(bank, hands_dealt=hands_dealt)
        banks.append(bank)
    assert banks == [20, 20, 25, 25, 25, 30, 30]


def test_a_bank_never_grows_past_the_ceiling() -> None:
    rule = TimeBankRule(start_seconds=MAX_TIME_BANK_SECONDS, add_seconds=60, every_hands=1)
    assert rule.after_hand(rule.opening(), hands_dealt=1) == MAX_TIME_BANK_SECONDS


def test_spending_counts_started_seconds_and_stops_at_zero() -> None:
    assert spend(30, used=0) == 30
    assert spend(30, used=0.1) == 29
    assert spend(30, used=10.0) == 20
    assert spend(30, used=31) == 0


def test_no_bank_unless_asked_for() -> None:
    assert not TimeBankRule().enabled
    assert TimeBankRule(start_seconds=10).enabled


@pytest.mark.parametrize(
    ("start", "add", "every"), [(-1, 0, 0), (0, 10, 0), (MAX_TIME_BANK_SECONDS + 1, 0, 0)]
)
def test_impossible_rules_are_refused(start: int, add: int, every: int) -> None:
    with pytest.raises(ValueError):
        TimeBankRule(start_seconds=start, add_seconds=add, every_hands=every)
