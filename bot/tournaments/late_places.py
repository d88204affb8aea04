"""The places of busts during late registration at a multi-table tournament,
as the table and the lobby tell them: a bust while players still enter is
out without a place yet, and the places are given when late registration
closes (the rule is the engine's: :class:`engine.TournamentFloor`, rule 8).
This module closes late registration once its last level has passed (at the
end of a hand: the floor is told between hands) and says who is out and who
finished where.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bot.i18n import ordinal, t
from bot.render.message import OutgoingMessage
from bot.tables.runner import TableRunner
from bot.tournaments.late_rule import LateRule
from engine import FloorEvent, LateClosed, LevelClock, Out, TournamentFloor


class LateTournament(Protocol):
    """What this module asks of a multi-table tournament
    (:class:`bot.tournaments.floor_runner.MultiTableTournament`, which imports
    this module: a protocol, not that class, so the two do not import each other)."""

    runners: dict[int, TableRunner]
    floor: TournamentFloor
    late: LateRule

    def elapsed(self) -> float: ...

    def name(self, player: int) -> str: ...


__all__ = ["close_if_due", "late_notices", "level_now"]


def level_now(tournament: LateTournament) -> int:
    """The tournament's level now (from 1), by its clock's seconds: the level a
    table dealing now would play (a table moves to it before it deals)."""
    schedule = next(
        (r.table.clock.schedule for r in tournament.runners.values() if r.table.clock),
        None,
    )
    if schedule is None:
        return 1
    clock = LevelClock(schedule)
    clock.advance_if_due(0, tournament.elapsed())
    return clock.index + 1


def close_if_due(tournament: LateTournament, floor: TournamentFloor) -> tuple[FloorEvent, ...]:
    """Close late registration on ``floor`` (the tournament's, or the copy a
    hand's end is worked out on) once the organiser's last level has passed:
    the busts held take their places (nothing if none were held, or it is
    closed already)."""
    if not floor.late_open or level_now(tournament) <= tournament.late.last_level:
        return ()
    closed = floor.close_late_registration()
    return () if closed is None else (closed,)


def late_notices(
    tournament: LateTournament, locale: str, events: Sequence[object]
) -> list[OutgoingMessage]:
    """A bust held (out, no place yet) and the places given at the close."""
    notices: list[OutgoingMessage] = []
    for event in events:
        if isinstance(event, Out):
            text = t(
                "late.out",
                locale,
                name=tournament.name(event.player),
                entries=tournament.floor.entries,
            )
            notices.append(OutgoingMessage(content=text))
        elif isinstance(event, LateClosed) and event.finishes:
            places = ", ".join(
                t(
                    "late.place",
                    locale,
                    name=tournament.name(f.player),
                    place=ordinal(f.place, locale),
                )
                for f in event.finishes
            )
            text = t("late.closed_places", locale, entries=event.entries, places=places)
            notices.append(OutgoingMessage(content=text))
    return notices
