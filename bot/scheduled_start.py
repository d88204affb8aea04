"""Starting a scheduled tournament at its time: the one function the scheduler
calls, :func:`start_scheduled_tournament`, and the hook for a field larger
than one table, :func:`start_multi_table_tournament`.

By the time either is called every player's held buy-in is back on their
balance (``scheduled_refund``, :func:`bot.scheduled_tournaments.release`);
each is then registered the way any tournament registration is paid, balance
to prize pool (``tournament_buy_in``), so the audit sees every chip move
through the ledger and a failure between the two leaves the chips with their
owner, never nowhere.

A field that fits one table (the schedule's ``seats``) plays the existing
single-table sit-and-go in the schedule's channel (a new thread of it when
the channel already has a table). A larger one is for multi-table
tournaments, built elsewhere: :func:`start_multi_table_tournament` is the
hook they are wired to; until then it answers ``None`` and the scheduler
cancels the tournament (every buy-in is already back), saying why.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import asdict, dataclass

from bot.errors import CroupierError
from bot.scheduled_tournaments import ScheduledTournament
from bot.tables.registry import TableRegistry
from bot.tables.runner import TableRunner
from bot.tables.table_settings import TableSettings

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player who checked in: who, the name the table shows, their language."""

    user_id: int
    name: str
    locale: str


def fits_one_table(tournament: ScheduledTournament, players: int) -> bool:
    return players <= tournament.config.seats


async def start_scheduled_tournament(
    tables: TableRegistry,
    tournament: ScheduledTournament,
    players: Sequence[Entrant],
    *,
    channel_id: int,
) -> TableRunner:
    """Open the sit-and-go in ``channel_id``, register ``players`` (each paying
    the buy-in from their balance into the prize pool) and begin it.

    A player whose registration fails (a balance spent meanwhile) keeps their
    chips and is left out; with fewer than two left the table is closed, which
    refunds whoever did register, and :class:`TooFewCheckedIn` is raised.
    """
    config = TableSettings.checked(**asdict(tournament.config))
    runner = await tables.create(tournament.guild_id, channel_id, tournament.creator_id, config)
    for player in players:
        try:
            await runner.join(player.user_id, player.name, locale=player.locale)
        except CroupierError as error:
            log.warning(
                "Scheduled tournament %s: %s could not be registered at its table: %s",
                tournament.id,
                player.user_id,
                error,
            )
    if not runner.tournament_under_way:
        if len(runner.table.seats) >= 2:
            await runner.begin_tournament()
        else:
            await runner.close(tournament.creator_id)
            raise TooFewCheckedIn()
    return runner


class TooFewCheckedIn(CroupierError):
    key = "schedule.too_few"


#: The multi-table start: (registry, tournament, players) -> the id of the
#: tournament it began, or ``None`` when it cannot run one.
MultiTableStart = Callable[
    [TableRegistry, ScheduledTournament, Sequence[Entrant]], Awaitable[int | None]
]


async def start_multi_table_tournament(
    tables: TableRegistry, tournament: ScheduledTournament, players: Sequence[Entrant]
) -> int | None:
    """HOOK for multi-table tournaments (issue 28, "More than one table"): the
    lead wires this to the multi-table start at merge. It receives the players
    who checked in, each with their buy-in back on their balance, and seats them
    at several tables, taking each buy-in through its own registration; it
    returns an id for the log, or ``None`` if it cannot start (the scheduler
    then cancels the tournament, the buy-ins having gone back already)."""
    return None
