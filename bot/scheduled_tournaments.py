"""Tournaments announced ahead: their records, registrations and held buy-ins.

A scheduled tournament (migration 0015) is a sit-and-go's settings with a
start time, the moment registration opens, an optional weekly repeat and the
fewest players it runs with. A member registers by paying the buy-in, which
the tournament holds (``scheduled_buy_in``, :meth:`bot.cashier.Cashier.
hold_scheduled_buy_in`) until the start: unregistering before it gives it
back (``scheduled_refund``), as does a cancellation, or not checking in. At
the start each player's held buy-in goes back to their balance and on, in the
next transaction, into the table's prize pool as a ``tournament_buy_in``, the
way any registration at a table is paid (:mod:`bot.scheduled_start`).

Computer players (migration 0021, ``computers``: the organiser's number, 0
by default) hold no registration: they are entered at the start, their
buy-ins staked by the house bank (:mod:`bot.house_bank`), as
``/tournament open``'s are. They count toward ``min_players`` (they fill the
field), but a tournament starts only with at least one member checked in
(:func:`may_start`): computer players alone never play one.

Check-in opens :data:`CHECK_IN_MINUTES` before the start, when the registered
players are reminded; registering from then on checks you in too. The timers
that do these things at their times are :mod:`bot.tournament_scheduler`'s;
this module only changes records, each change in one transaction with the
chips it moves, and refuses what may not be done with a sentence
(:class:`ScheduleError`), changing nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from bot.cashier import Cashier
from bot.database import Database, Row, Transaction, UniqueViolation
from bot.errors import CroupierError
from bot.tables.table_settings import TableSettings

#: Check-in opens, and the registered players are reminded, this long before the start.
CHECK_IN_MINUTES: Final = 15
#: A start missed while the bot was down still happens this long after its time;
#: later, the tournament is cancelled and every buy-in refunded.
START_GRACE_MINUTES: Final = 10
#: How long Discord's event says the evening lasts (an external event needs an end).
EVENT_HOURS: Final = 4
WEEK_SECONDS: Final = 7 * 24 * 3600


class ScheduleError(CroupierError):
    """A registration, check-in or change refused; nothing changed."""


@dataclass(frozen=True, slots=True)
class ScheduledTournament:
    id: int
    guild_id: int
    channel_id: int
    creator_id: int
    config: TableSettings
    starts_at: int
    registration_opens_at: int
    repeat_weekly: bool
    min_players: int
    late_levels: int
    event_id: int | None
    message_id: int | None
    reminded: bool
    status: str
    table_id: int | None
    held: int
    computers: int = 0
    #: Re-entries a busted player may buy during late registration (migration 0020).
    reentries: int = 0

    @property
    def buy_in(self) -> int:
        return self.config.tournament_buy_in

    @property
    def check_in_opens_at(self) -> int:
        return max(self.registration_opens_at, self.starts_at - CHECK_IN_MINUTES * 60)

    @property
    def name(self) -> str:
        return self.config.display_name

    @classmethod
    def of_row(cls, row: Row) -> ScheduledTournament:
        return cls(
            id=int(row["id"]),
            guild_id=int(row["guild_id"]),
            channel_id=int(row["channel_id"]),
            creator_id=int(row["creator_id"]),
            config=TableSettings.from_json(str(row["config"])),
            starts_at=int(row["starts_at"]),
            registration_opens_at=int(row["registration_opens_at"]),
            repeat_weekly=bool(row["repeat_weekly"]),
            min_players=int(row["min_players"]),
            late_levels=int(row["late_levels"]),
            event_id=None if row["event_id"] is None else int(row["event_id"]),
            message_id=None if row["message_id"] is None else int(row["message_id"]),
            reminded=bool(row["reminded"]),
            status=str(row["status"]),
            table_id=None if row["table_id"] is None else int(row["table_id"]),
            held=int(row["held"]),
            computers=int(row["computers"]),
            reentries=int(row["reentries"]),
        )


@dataclass(frozen=True, slots=True)
class Entry:
    user_id: int
    buy_in: int
    checked_in: bool


COLUMNS: Final = (
    "id, guild_id, channel_id, creator_id, config, starts_at, registration_opens_at,"
    " repeat_weekly, min_players, late_levels, event_id, message_id, reminded, status,"
    " table_id, held, computers, reentries"
)


def may_start(tournament: ScheduledTournament, members: int) -> bool:
    """Whether ``members`` checked in are enough: at least ``min_players`` with
    the computer players, and at least one member (computers alone never play)."""
    return members >= 1 and members + tournament.computers >= tournament.min_players


async def schedule(
    database: Database,
    *,
    guild_id: int,
    channel_id: int,
    creator_id: int,
    config: TableSettings,
    starts_at: int,
    registration_opens_at: int,
    repeat_weekly: bool,
    min_players: int,
    late_levels: int,
    computers: int = 0,
    reentries: int = 0,
) -> ScheduledTournament:
    """Record a new scheduled tournament (``computers``: computer players entered at the start)."""
    async with database.transaction() as tx:
        new_id = await tx.insert(
            "INSERT INTO scheduled_tournaments (guild_id, channel_id, creator_id, config,"
            " starts_at, registration_opens_at, repeat_weekly, min_players, late_levels,"
            " computers, reentries) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                guild_id,
                channel_id,
                creator_id,
                config.to_json(),
                starts_at,
                min(registration_opens_at, starts_at),
                int(repeat_weekly),
                min_players,
                late_levels,
                computers,
                reentries if late_levels else 0,
            ),
        )
    found = await scheduled(database, new_id)
    assert found is not None
    return found


async def scheduled(database: Database, schedule_id: int) -> ScheduledTournament | None:
    row = await database.fetch_one(
        f"SELECT {COLUMNS} FROM scheduled_tournaments WHERE id = ?", (schedule_id,)
    )
    return None if row is None else ScheduledTournament.of_row(row)


async def upcoming(database: Database, guild_id: int | None = None) -> list[ScheduledTournament]:
    """The tournaments not yet started nor cancelled (of one server), soonest first."""
    where, parameters = "status = 'scheduled'", ()
    if guild_id is not None:
        where, parameters = "status = 'scheduled' AND guild_id = ?", (guild_id,)  # type: ignore[assignment]
    rows = await database.fetch_all(
        f"SELECT {COLUMNS} FROM scheduled_tournaments WHERE {where} ORDER BY starts_at, id",
        parameters,
    )
    return [ScheduledTournament.of_row(row) for row in rows]


async def late_registration(database: Database, guild_id: int) -> list[ScheduledTournament]:
    """The server's started tournaments that take late registrations, newest first
    (whether their level still allows it, their table says)."""
    rows = await database.fetch_all(
        f"SELECT {COLUMNS} FROM scheduled_tournaments WHERE status = 'started'"
        " AND guild_id = ? AND late_levels > 0 AND table_id IS NOT NULL ORDER BY starts_at DESC",
        (guild_id,),
    )
    return [ScheduledTournament.of_row(row) for row in rows]


async def started_with_tables(database: Database) -> list[ScheduledTournament]:
    """Tournaments that started at a table still open (their Discord event is active)."""
    rows = await database.fetch_all(
        f"SELECT {COLUMNS} FROM scheduled_tournaments WHERE status = 'started'"
        " AND table_id IS NOT NULL AND event_id IS NOT NULL ORDER BY id"
    )
    return [ScheduledTournament.of_row(row) for row in rows]


async def entries(database: Database, schedule_id: int) -> list[Entry]:
    rows = await database.fetch_all(
        "SELECT user_id, buy_in, checked_in FROM scheduled_entries WHERE schedule_id = ?"
        " ORDER BY registered_at, user_id",
        (schedule_id,),
    )
    return [Entry(int(r["user_id"]), int(r["buy_in"]), bool(r["checked_in"])) for r in rows]


async def set_discord_ids(
    database: Database,
    schedule_id: int,
    *,
    event_id: int | None = None,
    message_id: int | None = None,
) -> None:
    async with database.transaction() as tx:
        if event_id is not None:
            await tx.execute(
                "UPDATE scheduled_tournaments SET event_id = ? WHERE id = ?",
                (event_id, schedule_id),
            )
        if message_id is not None:
            await tx.execute(
                "UPDATE scheduled_tournaments SET message_id = ? WHERE id = ?",
                (message_id, schedule_id),
            )


async def mark_reminded(database: Database, schedule_id: int) -> None:
    async with database.transaction() as tx:
        await tx.execute(
            "UPDATE scheduled_tournaments SET reminded = 1 WHERE id = ?", (schedule_id,)
        )


async def _locked(tx: Transaction, schedule_id: int) -> ScheduledTournament:
    row = await tx.lock_one(
        f"SELECT {COLUMNS} FROM scheduled_tournaments WHERE id = ?", (schedule_id,)
    )
    if row is None:
        raise ScheduleError("schedule.unknown")
    return ScheduledTournament.of_row(row)


def _check_open(tournament: ScheduledTournament, now: float) -> None:
    if tournament.status != "scheduled" or now >= tournament.starts_at:
        raise ScheduleError("schedule.closed")
    if now < tournament.registration_opens_at:
        raise ScheduleError("schedule.not_open_yet", when=tournament.registration_opens_at)


async def register(
    database: Database,
    cashier: Cashier,
    schedule_id: int,
    user_id: int,
    *,
    now: float,
) -> int:
    """Register ``user_id``, holding the buy-in from their balance; their balance
    after it. From the reminder on, registering checks the player in as well."""
    async with database.transaction() as tx:
        tournament = await _locked(tx, schedule_id)
        _check_open(tournament, now)
        checked_in = int(tournament.reminded or now >= tournament.check_in_opens_at)
        try:
            await tx.execute(
                "INSERT INTO scheduled_entries (schedule_id, user_id, guild_id, buy_in, checked_in)"
                " VALUES (?, ?, ?, ?, ?)",
                (schedule_id, user_id, tournament.guild_id, tournament.buy_in, checked_in),
            )
        except UniqueViolation:
            raise ScheduleError("schedule.already_registered") from None
        return await cashier.hold_scheduled_buy_in(
            tx, tournament.guild_id, user_id, schedule_id, tournament.buy_in
        )


async def unregister(
    database: Database, cashier: Cashier, schedule_id: int, user_id: int, *, now: float
) -> int:
    """Take ``user_id`` out before the start, their buy-in back; their balance."""
    async with database.transaction() as tx:
        tournament = await _locked(tx, schedule_id)
        if tournament.status != "scheduled" or now >= tournament.starts_at:
            raise ScheduleError("schedule.closed")
        entry = await _entry(tx, schedule_id, user_id)
        await tx.execute(
            "DELETE FROM scheduled_entries WHERE schedule_id = ? AND user_id = ?",
            (schedule_id, user_id),
        )
        return await cashier.return_scheduled_buy_in(
            tx, tournament.guild_id, user_id, schedule_id, entry.buy_in, note="unregistered"
        )


async def check_in(database: Database, schedule_id: int, user_id: int, *, now: float) -> None:
    """Check ``user_id`` in, between the reminder and the start."""
    async with database.transaction() as tx:
        tournament = await _locked(tx, schedule_id)
        if tournament.status != "scheduled" or now >= tournament.starts_at:
            raise ScheduleError("schedule.closed")
        if not tournament.reminded and now < tournament.check_in_opens_at:
            raise ScheduleError("schedule.check_in_later", when=tournament.check_in_opens_at)
        entry = await _entry(tx, schedule_id, user_id)
        if entry.checked_in:
            raise ScheduleError("schedule.already_checked_in")
        await tx.execute(
            "UPDATE scheduled_entries SET checked_in = 1 WHERE schedule_id = ? AND user_id = ?",
            (schedule_id, user_id),
        )


async def _entry(tx: Transaction, schedule_id: int, user_id: int) -> Entry:
    row = await tx.fetch_one(
        "SELECT user_id, buy_in, checked_in FROM scheduled_entries"
        " WHERE schedule_id = ? AND user_id = ?",
        (schedule_id, user_id),
    )
    if row is None:
        raise ScheduleError("schedule.not_registered")
    return Entry(int(row["user_id"]), int(row["buy_in"]), bool(row["checked_in"]))


@dataclass(frozen=True, slots=True)
class Released:
    """How registration ended: the status set, who goes to the table (their
    buy-ins back on their balances, to be paid in there), who was refunded."""

    tournament: ScheduledTournament
    status: str
    to_table: tuple[Entry, ...] = ()
    refunded: tuple[Entry, ...] = ()


async def release(
    database: Database, cashier: Cashier, schedule_id: int, *, cancel: bool
) -> Released | None:
    """End the schedule's registration in one transaction: every held buy-in back
    to its player; ``started`` when enough checked in (``cancel`` says it may
    not start at all), else ``cancelled``. ``None`` when it had ended already."""
    async with database.transaction() as tx:
        tournament = await _locked(tx, schedule_id)
        if tournament.status != "scheduled":
            return None
        rows = await tx.fetch_all(
            "SELECT user_id, buy_in, checked_in FROM scheduled_entries WHERE schedule_id = ?"
            " ORDER BY registered_at, user_id",
            (schedule_id,),
        )
        everyone = [Entry(int(r["user_id"]), int(r["buy_in"]), bool(r["checked_in"])) for r in rows]
        # Check-in never opened (the bot was down over it): every registration counts.
        checked = [entry for entry in everyone if entry.checked_in or not tournament.reminded]
        starts = not cancel and may_start(tournament, len(checked))
        for entry in everyone:
            if starts and entry in checked:
                note = "to the tournament's table"
            elif starts:
                note = "did not check in"
            else:
                note = "the tournament was cancelled"
            await cashier.return_scheduled_buy_in(
                tx, tournament.guild_id, entry.user_id, schedule_id, entry.buy_in, note=note
            )
        await tx.execute("DELETE FROM scheduled_entries WHERE schedule_id = ?", (schedule_id,))
        status = "started" if starts else "cancelled"
        await tx.execute(
            "UPDATE scheduled_tournaments SET status = ? WHERE id = ?", (status, schedule_id)
        )
    if starts:
        refunded = tuple(entry for entry in everyone if entry not in checked)
        return Released(tournament, status, tuple(checked), refunded)
    return Released(tournament, status, (), tuple(everyone))


async def mark_cancelled(database: Database, schedule_id: int) -> None:
    """A start that could not seat anyone (the buy-ins had gone back already)."""
    async with database.transaction() as tx:
        await tx.execute(
            "UPDATE scheduled_tournaments SET status = 'cancelled' WHERE id = ? AND held = 0",
            (schedule_id,),
        )


async def record_table(database: Database, schedule_id: int, table_id: int) -> None:
    async with database.transaction() as tx:
        await tx.execute(
            "UPDATE scheduled_tournaments SET table_id = ? WHERE id = ?", (table_id, schedule_id)
        )


async def forget_event(database: Database, schedule_id: int) -> None:
    """The Discord event is done with (completed or cancelled): nothing more to change."""
    async with database.transaction() as tx:
        await tx.execute(
            "UPDATE scheduled_tournaments SET event_id = NULL WHERE id = ?", (schedule_id,)
        )


async def schedule_next_week(
    database: Database, tournament: ScheduledTournament
) -> ScheduledTournament:
    """The same tournament a week later (its registration opening as far ahead)."""
    ahead = tournament.starts_at - tournament.registration_opens_at
    starts_at = tournament.starts_at + WEEK_SECONDS
    return await schedule(
        database,
        guild_id=tournament.guild_id,
        channel_id=tournament.channel_id,
        creator_id=tournament.creator_id,
        config=tournament.config,
        starts_at=starts_at,
        registration_opens_at=starts_at - ahead,
        repeat_weekly=True,
        min_players=tournament.min_players,
        late_levels=tournament.late_levels,
        computers=tournament.computers,
        reentries=tournament.reentries,
    )
