"""Starting a scheduled tournament at its time: the one function the scheduler
calls, :func:`start_scheduled_tournament`, and the one for a field larger
than one table, :func:`start_multi_table_tournament`.

By the time either is called every player's held buy-in is back on their
balance (``scheduled_refund``, :func:`bot.scheduled_tournaments.release`);
each is then registered the way any tournament registration is paid, balance
to prize pool (``tournament_buy_in``), so the audit sees every chip move
through the ledger and a failure between the two leaves the chips with their
owner, never nowhere.

A field that fits one table (the schedule's ``seats``) plays the existing
single-table sit-and-go in the schedule's channel (a new thread of it when
the channel already has a table). A larger one is a multi-table
tournament (:func:`start_multi_table_tournament`): its tables in threads of
the schedule's channel, its lobby in the channel, its levels by time (levels
by hands become minutes, :func:`multi_table_settings`); when it cannot start
the scheduler cancels it (every buy-in is already back), saying why.

The schedule's computer players (``computers``) are entered at the start with
the members, their buy-ins staked by the house bank (:mod:`bot.house_bank`,
``house_stake`` rows): at a single table each sits down as ``/poker``'s
computer players do (:meth:`~bot.tables.runner.TableRunner.add_computer`),
over several tables they are entrants of the field as ``/tournament open``'s
are. Whether a field fits one table counts them (:func:`field_size`).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace

from bot.errors import CroupierError
from bot.scheduled_tournaments import ScheduledTournament
from bot.tables.outlet import Outlet
from bot.tables.registry import TableRegistry
from bot.tables.runner import TableRunner
from bot.tables.table_settings import TableSettings
from bot.tournaments.floor_runner import Entrant as MultiTableEntrant
from bot.tournaments.floor_runner import MultiTableTournament, OpenThread, computer_entrants
from bot.tournaments.floor_runner import start_multi_table_tournament as start_mtt
from bot.tournaments.late_rule import LateRule

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player who checked in: who, the name the table shows, their language."""

    user_id: int
    name: str
    locale: str


def field_size(tournament: ScheduledTournament, members: int) -> int:
    """The players a start seats: the members who checked in and the computer players."""
    return members + tournament.computers


def fits_one_table(tournament: ScheduledTournament, members: int) -> bool:
    return field_size(tournament, members) <= tournament.config.seats


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
    chips and is left out; then the schedule's computer players sit down, each
    staked by the house bank. With fewer than two seated, or no member, the
    table is closed, which refunds whoever did register, and
    :class:`TooFewCheckedIn` is raised.
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
    for _ in range(tournament.computers if runner.members_seated else 0):
        try:
            await runner.add_computer(None, None)
        except CroupierError as error:
            log.warning(
                "Scheduled tournament %s: a computer player not seated: %s", tournament.id, error
            )
            break
    if not runner.tournament_under_way:
        if len(runner.table.seats) >= 2 and runner.members_seated:
            await runner.begin_tournament()
        else:
            await runner.close(tournament.creator_id)
            raise TooFewCheckedIn()
    return runner


class TooFewCheckedIn(CroupierError):
    key = "schedule.too_few"


#: A hand a minute: how levels of so many hands become levels of so many
#: minutes when a scheduled field needs several tables (one clock for all of
#: them: a multi-table tournament's levels go by time).
MINUTES_PER_HAND = 1


def multi_table_settings(config: TableSettings) -> TableSettings:
    """The schedule's table settings for a field over several tables: levels of
    N hands become levels of N minutes (:data:`MINUTES_PER_HAND`), the rest kept."""
    if config.level_hands is None:
        return config
    return replace(config, level_hands=None, level_minutes=config.level_hands * MINUTES_PER_HAND)


async def start_multi_table_tournament(
    tables: TableRegistry,
    tournament: ScheduledTournament,
    players: Sequence[Entrant],
    *,
    open_thread: OpenThread,
    lobby_outlet: Outlet,
    rng: random.Random | None = None,
) -> MultiTableTournament | None:
    """Seat the players who checked in (each with their held buy-in back on their
    balance) and the schedule's computer players at random over several tables,
    each in a thread ``open_thread`` opens, the lobby posted through
    ``lobby_outlet``: the multi-table start of
    bot/tournaments/floor_runner.py, which takes every buy-in (balance to prize
    pool, ``tournament_buy_in``) as it seats them.

    A player whose balance no longer covers the buy-in (spent meanwhile) keeps
    their chips and is left out. ``None`` when no member, or fewer than two
    players, are left or the
    start is refused (nothing is taken then); the scheduler cancels it."""
    cashier = tables.services.cashier
    config = multi_table_settings(tournament.config)
    paying = []
    for player in players:
        balance = await cashier.ensure_balance(tournament.guild_id, player.user_id)
        if balance >= config.tournament_buy_in:
            paying.append(MultiTableEntrant(player.user_id, player.name, player.locale))
        else:
            log.warning(
                "Scheduled tournament %s: %s cannot pay the buy-in any more (balance %s)",
                tournament.id,
                player.user_id,
                balance,
            )
    if not paying:
        return None
    paying += computer_entrants(tournament.computers, config.locale)
    if len(paying) < 2:
        return None
    if rng is None and tables.services.rng is not None:
        # The tables' own source of chance when it is set (a test's seeded deck):
        # the seats are drawn as repeatably as the cards are dealt.
        rng = random.Random(tables.services.rng.getrandbits(64))
    try:
        return await start_mtt(
            tables,
            guild_id=tournament.guild_id,
            channel_id=tournament.channel_id,
            creator_id=tournament.creator_id,
            config=config,
            players=paying,
            open_thread=open_thread,
            lobby_outlet=lobby_outlet,
            rng=rng,
            late=LateRule(tournament.late_levels, tournament.reentries),
        )
    except CroupierError as error:
        log.warning(
            "Scheduled tournament %s: the multi-table start refused: %s", tournament.id, error
        )
        return None
