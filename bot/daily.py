"""The daily chip reward: how a streak grows or resets, what a claim pays, and
when the next claim opens.

Days are UTC calendar days. A claim on the day after the previous one extends
the streak; a missed day starts it again at one. The first day pays the base
amount, and every consecutive day before today adds the bonus, counting at
most ``streak_cap`` days:

>>> reward = DailyReward(base=100, streak_bonus=10, streak_cap=7)
>>> [reward.amount(streak) for streak in (1, 2, 3, 8, 30)]
[100, 110, 120, 170, 170]
>>> reward.next_streak(date(2024, 5, 1), 4, today=date(2024, 5, 2))
5
>>> reward.next_streak(date(2024, 4, 29), 4, today=date(2024, 5, 2))
1
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta


@dataclass(frozen=True, slots=True)
class DailyReward:
    """The rule a /daily claim is paid by."""

    base: int
    streak_bonus: int
    streak_cap: int

    def amount(self, streak: int) -> int:
        """What the claim on day ``streak`` of a streak pays."""
        if streak < 1:
            raise ValueError(f"a streak starts at day 1, not {streak}")
        return self.base + self.streak_bonus * min(streak - 1, self.streak_cap)

    def can_claim(self, last_claim: date | None, today: date) -> bool:
        """Whether a claim is open: nothing claimed yet on ``today`` (or later)."""
        return last_claim is None or last_claim < today

    def next_streak(self, last_claim: date | None, streak: int, today: date) -> int:
        """The streak a claim on ``today`` makes, after ``streak`` ending on ``last_claim``."""
        if last_claim is not None and last_claim == today - timedelta(days=1):
            return streak + 1
        return 1


def next_claim_opens(last_claim: date) -> datetime:
    """The moment the claim after one made on ``last_claim`` opens: the next UTC midnight.

    >>> next_claim_opens(date(2024, 5, 1))
    datetime.datetime(2024, 5, 2, 0, 0, tzinfo=datetime.timezone.utc)
    """
    return datetime.combine(last_claim + timedelta(days=1), time(), tzinfo=UTC)
