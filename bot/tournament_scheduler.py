"""The clock of scheduled tournaments: the Discord event, the registration
message, the reminder that opens check-in, the start, the cancellation, the
weekly repeat, and all of it again after a restart.

Each tournament has two alarms on the tables' clock (the fake clock in
tests): the reminder at :attr:`~bot.scheduled_tournaments.ScheduledTournament.
check_in_opens_at` and the start at ``starts_at``. At the start registration
ends (:func:`bot.scheduled_tournaments.release`): with at least
``min_players`` checked in it starts with them (:mod:`bot.scheduled_start`)
and the players who registered but did not check in are refunded; with fewer
it is cancelled with every buy-in refunded. Discord's scheduled event follows:
active when it starts, completed when its table closes, canceled when it is
cancelled. A weekly tournament schedules the next one either way.

After a restart (:meth:`TournamentScheduler.restore`) every alarm is set again
from the database; a reminder due while the bot was down is posted at once
when the start is still ahead. A start that passed while the bot was down is
held now if it is at most :data:`~bot.scheduled_tournaments.START_GRACE_MINUTES`
late (players are likely still there; when check-in never opened, every
registered player counts as checked in), else the tournament is cancelled
and every buy-in refunded: a tournament starting an hour late would deal
most of its registered players out by the blinds.

The buttons of the messages come from the surface (``buttons``), which owns
Discord's components; this module never imports ``cogs``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine, Sequence
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, Final

import discord

from bot.errors import CroupierError
from bot.i18n import t
from bot.render.names import seat_name
from bot.scheduled_posts import (
    cancelled_text,
    registration_text,
    reminder_text,
    started_text,
    structure_text,
)
from bot.scheduled_start import (
    Entrant,
    TooFewCheckedIn,
    fits_one_table,
    start_multi_table_tournament,
    start_scheduled_tournament,
)
from bot.scheduled_tournaments import (
    EVENT_HOURS,
    START_GRACE_MINUTES,
    Released,
    ScheduledTournament,
    entries,
    forget_event,
    mark_cancelled,
    mark_reminded,
    record_table,
    release,
    schedule_next_week,
    scheduled,
    set_discord_ids,
    started_with_tables,
    upcoming,
)
from bot.tables.clock import Alarm, Clock
from bot.tables.outlet import DiscordOutlet
from bot.tables.runner import TableRunner
from bot.tournaments.floor_runner import MultiTableTournament, keep_running
from bot.tournaments.threads import thread_opener

if TYPE_CHECKING:
    from bot.client import CroupierBot

log = logging.getLogger(__name__)

#: Discord's scheduled event statuses.
EVENT_ACTIVE: Final = 2
EVENT_COMPLETED: Final = 3
EVENT_CANCELED: Final = 4

#: The registration message's buttons for one tournament, in a language: the
#: surface's (cogs/tournaments.py); ``None`` for none (a finished tournament).
Buttons = Callable[[int, str], discord.ui.View]


class TournamentScheduler:
    """Every scheduled tournament's alarms, in this process."""

    def __init__(self, bot: CroupierBot, buttons: Buttons) -> None:
        self.bot = bot
        self.buttons = buttons
        self.clock: Clock = bot.tables.services.clock
        self._alarms: dict[int, list[Alarm]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._locks: dict[int, asyncio.Lock] = {}
        self._restored = False
        self._refresh_waiting: set[int] = set()
        bot.tables.closed_listeners.append(self._table_closed)

    @property
    def database(self) -> Any:
        return self.bot.db

    def now(self) -> float:
        return self.clock.wall_now()

    def lock(self, schedule_id: int) -> asyncio.Lock:
        return self._locks.setdefault(schedule_id, asyncio.Lock())

    # ------------------------------------------------------------ alarms

    def _spawn(self, work: Coroutine[Any, Any, object]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("A scheduled tournament's step failed", exc_info=task.exception())

    def _at(self, unix: float, work: Callable[[], Coroutine[Any, Any, object]]) -> Alarm:
        moment = self.clock.now() + (unix - self.now())
        return self.clock.call_at(moment, lambda: self._spawn(work()))

    def arm(self, tournament: ScheduledTournament) -> None:
        """The reminder's and the start's alarms (again, after a restart)."""
        self.disarm(tournament.id)
        alarms = []
        if not tournament.reminded:
            alarms.append(
                self._at(tournament.check_in_opens_at, lambda: self.remind(tournament.id))
            )
        alarms.append(self._at(tournament.starts_at, lambda: self.start(tournament.id)))
        self._alarms[tournament.id] = alarms

    def disarm(self, schedule_id: int) -> None:
        for alarm in self._alarms.pop(schedule_id, []):
            alarm.cancel()

    def stop(self) -> None:
        if self._table_closed in self.bot.tables.closed_listeners:
            self.bot.tables.closed_listeners.remove(self._table_closed)
        for schedule_id in list(self._alarms):
            self.disarm(schedule_id)
        for task in list(self._tasks):
            task.cancel()

    async def restore(self) -> None:
        """Set every alarm again from the database, once per process."""
        if self._restored:
            return
        self._restored = True
        now = self.now()
        for tournament in await upcoming(self.database):
            if not self.bot.tables.owns(tournament.guild_id):
                continue
            if tournament.starts_at <= now:  # passed while the bot was down
                missed = tournament.starts_at + START_GRACE_MINUTES * 60 < now
                self._spawn(self.start(tournament.id, missed=missed))
            else:
                self.arm(tournament)
        for tournament in await started_with_tables(self.database):
            # Its table closed while the bot was down: the event is over.
            if self.bot.tables.owns(tournament.guild_id) and self.table_of(tournament) is None:
                self._spawn(self._completed(tournament))

    # ------------------------------------------------------------ scheduling

    async def announce(self, tournament: ScheduledTournament) -> ScheduledTournament:
        """Discord's event and the registration message, then the alarms."""
        event_id = await self._create_event(tournament)
        message_id = await self._post_registration(tournament)
        await set_discord_ids(
            self.database, tournament.id, event_id=event_id, message_id=message_id
        )
        self.arm(tournament)
        found = await scheduled(self.database, tournament.id)
        assert found is not None
        return found

    async def _create_event(self, tournament: ScheduledTournament) -> int | None:
        guild = self.bot.get_guild(tournament.guild_id)
        if guild is None:
            return None
        channel = guild.get_channel(tournament.channel_id)
        locale = tournament.config.locale
        start = datetime.fromtimestamp(tournament.starts_at, UTC)
        try:
            event = await guild.create_scheduled_event(
                name=t("schedule.event_name", locale, name=tournament.name)[:100],
                description=structure_text(tournament, locale)[:1000],
                start_time=start,
                end_time=start + timedelta(hours=EVENT_HOURS),
                entity_type=discord.EntityType.external,
                privacy_level=discord.PrivacyLevel.guild_only,
                location=(f"#{channel.name}" if channel is not None else tournament.name)[:100],
            )
        except discord.HTTPException as error:
            log.warning("No Discord event for scheduled tournament %s: %s", tournament.id, error)
            return None
        return event.id

    async def _post_registration(self, tournament: ScheduledTournament) -> int | None:
        channel = await self._channel(tournament.channel_id)
        if channel is None:
            return None
        text = await self._registration_text(tournament)
        try:
            message = await channel.send(
                text, view=self.buttons(tournament.id, tournament.config.locale)
            )
        except discord.HTTPException as error:
            log.warning("No registration message for tournament %s: %s", tournament.id, error)
            return None
        return message.id

    async def _registration_text(self, tournament: ScheduledTournament) -> str:
        registered = await entries(self.database, tournament.id)
        # Mentions, which Discord shows as each member's name (nobody is pinged by an edit).
        names = {entry.user_id: f"<@{entry.user_id}>" for entry in registered}
        return registration_text(tournament, registered, names, now=self.now())

    async def _name(self, guild_id: int, user_id: int) -> str:
        """The member's name on the server, for the table and its notices
        (made safe: a name of markdown or mentions reads as a name)."""
        guild = self.bot.get_guild(guild_id)
        if guild is None:
            return str(user_id)
        member = guild.get_member(user_id)
        if member is None:
            try:
                member = await guild.fetch_member(user_id)
            except discord.HTTPException:
                return str(user_id)
        return seat_name(member)

    def request_refresh(self, schedule_id: int) -> None:
        """Edit the registration message soon, in the background: the member's
        answer never waits on Discord's edit limits; a burst of registrations
        makes one edit for all those that came while it waited to start."""
        if schedule_id in self._refresh_waiting:
            return
        self._refresh_waiting.add(schedule_id)

        async def refresh_now() -> None:
            self._refresh_waiting.discard(schedule_id)
            await self.refresh(schedule_id)

        self._spawn(refresh_now())

    async def refresh(self, schedule_id: int) -> None:
        """Edit the registration message to what the record says now."""
        tournament = await scheduled(self.database, schedule_id)
        if tournament is None or tournament.message_id is None:
            return
        channel = await self._channel(tournament.channel_id)
        if channel is None:
            return
        text = await self._registration_text(tournament)
        view = (
            self.buttons(tournament.id, tournament.config.locale)
            if tournament.status == "scheduled"
            else None
        )
        try:
            await channel.get_partial_message(tournament.message_id).edit(content=text, view=view)
        except discord.HTTPException as error:
            log.warning("Could not edit the registration of tournament %s: %s", schedule_id, error)

    async def _channel(self, channel_id: int) -> discord.TextChannel | discord.Thread | None:
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException:
                return None
        return channel if isinstance(channel, discord.TextChannel | discord.Thread) else None

    async def _post(
        self, channel_id: int, text: str, *, mention: Sequence[int] = (), view: Any = None
    ) -> None:
        channel = await self._channel(channel_id)
        if channel is None:
            return
        allowed = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(id=user) for user in mention]
        )
        try:
            if view is None:
                await channel.send(text, allowed_mentions=allowed)
            else:
                await channel.send(text, allowed_mentions=allowed, view=view)
        except discord.HTTPException as error:
            log.warning("Could not post in channel %s: %s", channel_id, error)

    async def _event_status(self, tournament: ScheduledTournament, status: int) -> None:
        if tournament.event_id is None:
            return
        try:
            await self.bot.http.edit_scheduled_event(
                tournament.guild_id, tournament.event_id, status=status
            )
        except discord.HTTPException as error:
            log.warning("Could not update the event of tournament %s: %s", tournament.id, error)

    # ------------------------------------------------------------ the reminder

    async def remind(self, schedule_id: int) -> None:
        """One post mentioning every registered player: check-in is open."""
        async with self.lock(schedule_id):
            tournament = await scheduled(self.database, schedule_id)
            if tournament is None or tournament.status != "scheduled" or tournament.reminded:
                return
            await mark_reminded(self.database, schedule_id)
            registered = await entries(self.database, schedule_id)
            if registered:
                await self._post(
                    tournament.channel_id,
                    reminder_text(tournament, registered),
                    mention=[entry.user_id for entry in registered],
                    view=self.buttons(tournament.id, tournament.config.locale),
                )
        await self.refresh(schedule_id)

    # ------------------------------------------------------------ the start

    async def start(self, schedule_id: int, *, missed: bool = False) -> None:
        """Start it with whoever checked in, or cancel it (``missed``: its time
        passed too long ago while the bot was down)."""
        async with self.lock(schedule_id):
            self.disarm(schedule_id)
            released = await release(self.database, self.bot.cashier, schedule_id, cancel=missed)
            if released is None:
                return
            tournament = released.tournament
            if released.status == "started":
                await self._begin(released)
            elif missed:
                await self._cancelled(tournament, "schedule.cancelled_missed")
            else:
                checked = sum(1 for entry in released.refunded if entry.checked_in)
                key = "schedule.cancelled_too_few"
                if tournament.computers:
                    key = "schedule.cancelled_too_few_computers"
                await self._cancelled(
                    tournament, key, checked=checked, computers=tournament.computers
                )
            if tournament.repeat_weekly:
                following = await schedule_next_week(self.database, tournament)
                await self.announce(following)
        await self.refresh(schedule_id)

    async def cancel(self, schedule_id: int) -> Released | None:
        """The organiser's cancellation: every buy-in refunded."""
        async with self.lock(schedule_id):
            self.disarm(schedule_id)
            released = await release(self.database, self.bot.cashier, schedule_id, cancel=True)
            if released is not None:
                await self._cancelled(released.tournament, "schedule.cancelled_by_organiser")
        await self.refresh(schedule_id)
        return released

    async def _cancelled(self, tournament: ScheduledTournament, key: str, **values: object) -> None:
        await self._event_status(tournament, EVENT_CANCELED)
        await forget_event(self.database, tournament.id)
        await self._post(tournament.channel_id, cancelled_text(tournament, key, **values))

    async def _begin(self, released: Released) -> None:
        tournament = released.tournament
        players = [
            Entrant(
                entry.user_id,
                await self._name(tournament.guild_id, entry.user_id),
                tournament.config.locale,
            )
            for entry in released.to_table
        ]
        no_shows = [f"<@{entry.user_id}>" for entry in released.refunded]
        if not fits_one_table(tournament, len(players)):
            await self._begin_multi_table(tournament, players, no_shows)
            return
        try:
            channel_id = await self._table_channel(tournament)
            runner = await start_scheduled_tournament(
                self.bot.tables, tournament, players, channel_id=channel_id
            )
        except TooFewCheckedIn:
            await mark_cancelled(self.database, tournament.id)
            await self._cancelled(tournament, "schedule.cancelled_too_few", checked=len(players))
            return
        except (CroupierError, discord.HTTPException) as error:
            log.warning("Scheduled tournament %s could not start: %s", tournament.id, error)
            await mark_cancelled(self.database, tournament.id)
            await self._cancelled(tournament, "schedule.cancelled_no_table")
            return
        await record_table(self.database, tournament.id, runner.table_id)
        await self._event_status(tournament, EVENT_ACTIVE)
        await self._post(
            tournament.channel_id,
            started_text(tournament, len(runner.table.seats), no_shows, runner.record.channel_id),
        )

    async def _begin_multi_table(
        self, tournament: ScheduledTournament, players: Sequence[Entrant], no_shows: list[str]
    ) -> None:
        """More players than one table seats: a multi-table tournament, its tables
        in threads of the schedule's channel and its lobby in the channel; the
        event ends when its last table (the final table, holding the prize pool)
        closes."""
        channel = await self._channel(tournament.channel_id)
        started, running = None, self.bot.multi_tables.get(tournament.channel_id)
        if isinstance(channel, discord.TextChannel) and (running is None or running.over):
            try:
                started = await start_multi_table_tournament(
                    self.bot.tables,
                    tournament,
                    players,
                    open_thread=thread_opener(channel),
                    lobby_outlet=DiscordOutlet(self.bot, tournament.channel_id),
                )
            except discord.HTTPException as error:
                log.warning("Scheduled tournament %s could not start: %s", tournament.id, error)
        if started is None:
            await mark_cancelled(self.database, tournament.id)
            await self._cancelled(tournament, "schedule.cancelled_too_many", players=len(players))
            return
        keep_running(self.bot.multi_tables, started)
        await record_table(self.database, tournament.id, started.pool_table_id)
        await self._event_status(tournament, EVENT_ACTIVE)
        await self._post(
            tournament.channel_id,
            started_text(tournament, started.floor.entrants, no_shows, tournament.channel_id),
        )

    async def _table_channel(self, tournament: ScheduledTournament) -> int:
        """The schedule's channel, or a new thread of it when a table sits there."""
        existing = self.bot.tables.get(tournament.channel_id)
        if existing is None or existing.closed:
            return tournament.channel_id
        channel = await self._channel(tournament.channel_id)
        if not isinstance(channel, discord.TextChannel):
            raise CroupierError("schedule.cancelled_no_table")
        name = t("schedule.thread_name", tournament.config.locale, name=tournament.name)
        thread = await channel.create_thread(
            name=name[:100], type=discord.ChannelType.public_thread
        )
        return thread.id

    # ------------------------------------------------------------ late registration

    def table_of(self, tournament: ScheduledTournament) -> TableRunner | None:
        """The single table a started tournament plays at (late registration);
        ``None`` for a field over several tables, whose registration closed at the start."""
        over_several = {
            runner.table_id
            for started in self.bot.multi_tables.values()
            for runner in started.runners.values()
        }
        for runner in self.bot.tables.runners:
            if runner.table_id == tournament.table_id and not runner.closed:
                return None if runner.table_id in over_several else runner
        return None

    def multi_table_of(self, tournament: ScheduledTournament) -> MultiTableTournament | None:
        """The multi-table tournament a started one plays as (its prize pool on
        ``tournament.table_id``), still running; ``None`` otherwise."""
        for started in self.bot.multi_tables.values():
            if started.pool_table_id == tournament.table_id and not started.over:
                return started
        return None

    # ------------------------------------------------------------ the end

    def _table_closed(self, runner: TableRunner) -> None:
        """A table closed: if a scheduled tournament played there, its event is over."""
        self._spawn(self._complete_for_table(runner.table_id))

    async def _complete_for_table(self, table_id: int) -> None:
        for tournament in await started_with_tables(self.database):
            if tournament.table_id == table_id:
                await self._completed(tournament)

    async def _completed(self, tournament: ScheduledTournament) -> None:
        await self._event_status(tournament, EVENT_COMPLETED)
        await forget_event(self.database, tournament.id)
