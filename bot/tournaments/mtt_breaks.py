"""Rest breaks at a multi-table tournament's tables (issue 28).

The rule is the engine's (:mod:`engine.rest_breaks`): the tournament's one
clock runs play and breaks in a fixed cycle, read from its seconds alone. This
part carries it out at the tables:

- every table stops dealing when the break begins (a hand in progress is
  played out first: :meth:`~bot.tournaments.floor_runner.MultiTableTournament.may_deal`
  refuses the next deal);
- each table is told once per break, when it is between hands ("Break: 10
  minutes, play resumes <t:…:R>"): at the break's start if it is, else when its
  hand ends; which break each table was told of is saved with the tournament;
- at the break's end, by the one clock, every table waiting is woken.

:class:`BreakBook` keeps which break each table was told of.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import t
from bot.render.message import OutgoingMessage
from bot.tables.runner import TableRunner
from engine import BreakRule, ClockReading


@dataclass(slots=True)
class BreakBook:
    """Which break (1 for the first) each table, by number, was told of."""

    told: dict[int, int] = field(default_factory=dict)

    def tell(
        self,
        rule: BreakRule,
        reading: ClockReading,
        wall_ends_at: int,
        runners: Iterable[tuple[int, TableRunner]],
    ) -> None:
        """Tell every open table between hands, not told yet, of the break on now."""
        if not reading.on_break:
            return
        for number, runner in runners:
            if runner.closed or runner.live is not None:
                continue
            if self.told.get(number, 0) >= reading.break_number:
                continue
            self.told[number] = reading.break_number
            text = t(
                "tournament.break_started",
                runner.state.locale,
                minutes=rule.minutes,
                at=f"<t:{wall_ends_at}:R>",
            )
            runner.publisher.post(OutgoingMessage(content=text))

    def to_data(self) -> dict[str, int]:
        return {str(number): told for number, told in self.told.items()}

    @classmethod
    def from_data(cls, data: Any) -> BreakBook:
        return cls({int(number): int(told) for number, told in (data or {}).items()})
