"""The /tournament commands: tournaments announced ahead.

``/tournament schedule`` (members who may manage the server's events) sets
one up with a start time and the sit-and-go options of ``/poker create``
(declared once, :data:`bot.table_options.SCHEDULE_OPTIONS`); the bot creates
Discord's scheduled event for it and posts its registration message with
**Register**, **Unregister** and **Check in** buttons, which do what
``/tournament register``, ``unregister`` and ``checkin`` do. ``/tournament
list`` shows the server's upcoming ones, ``/tournament cancel`` (its
organiser, or a member who can manage events) calls one off with every
buy-in refunded. The timers and the start are :mod:`bot.tournament_scheduler`'s;
every chip movement is :mod:`bot.scheduled_tournaments`'.

The same group holds the multi-table tournament's commands, so organisers
find one group: ``/tournament open``, ``join``, ``start`` and ``deal`` ask
:class:`cogs.multi_table.MultiTable`.
"""

from __future__ import annotations

import re
from typing import Any, Literal, Self, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import CroupierBot
from bot.error_replies import reply_with_error
from bot.errors import BadOption
from bot.i18n import language_of, t
from bot.i18n.discord_bridge import catalogue_str, locale_of
from bot.render.game_picker import chosen_game
from bot.render.names import seat_name
from bot.scheduled_posts import when
from bot.scheduled_start import multi_table_settings
from bot.scheduled_tournaments import (
    ScheduledTournament,
    ScheduleError,
    check_in,
    entries,
    late_registration,
    register,
    schedule,
    scheduled,
    unregister,
    upcoming,
)
from bot.start_times import checked_start
from bot.table_options import (
    MAX_LEVEL_NUMBER,
    MAX_REENTRIES,
    MTT_EXTRAS_OPTIONS,
    OPTIONS,
    SCHEDULE_OPTIONS,
    SCHEDULED_TABLE_OPTIONS,
)
from bot.tables.table_settings import dealt_variants, mixed_games, new_table_config
from bot.tables.time_bank import parse_time_bank
from bot.tournament_scheduler import TournamentScheduler
from cogs.create_options import create_parameters
from cogs.in_time import answer_in_time
from cogs.multi_table import MultiTable
from cogs.players import guild_id_of
from cogs.tables import GAME_CHOICES

Interaction = discord.Interaction[CroupierBot]
Action = Literal["register", "unregister", "checkin"]
ACTIONS: tuple[Action, ...] = ("register", "unregister", "checkin")
#: The button styles: register green, unregister grey, check in blue.
STYLES: dict[str, discord.ButtonStyle] = {
    "register": discord.ButtonStyle.success,
    "unregister": discord.ButtonStyle.secondary,
    "checkin": discord.ButtonStyle.primary,
}


class ScheduleButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"croupier:sched:(?P<schedule>\d{1,12}):(?P<action>register|unregister|checkin)",
):
    """Register, Unregister or Check in, for one scheduled tournament."""

    def __init__(self, *, schedule_id: int, action: Action, locale: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=t(f"schedule.button.{action}", locale),
                style=STYLES[action],
                custom_id=f"croupier:sched:{schedule_id}:{action}",
            )
        )
        self.schedule_id, self.action = schedule_id, action

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(
            schedule_id=int(match["schedule"]),
            action=cast(Action, match["action"]),
            locale=locale_of(interaction),
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            cog = cast(CroupierBot, interaction.client).get_cog("Tournaments")
            assert isinstance(cog, Tournaments)
            # In time however long the tournament's lock is held (a start, a weekly repeat).
            await answer_in_time(interaction, cog.act(interaction, self.action, self.schedule_id))
        except Exception as error:
            await reply_with_error(interaction, error)


def schedule_buttons(schedule_id: int, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in ACTIONS:
        view.add_item(ScheduleButton(schedule_id=schedule_id, action=action, locale=locale))
    return view


def may_manage_events(interaction: discord.Interaction[Any]) -> bool:
    permissions = interaction.permissions
    return permissions.manage_events or permissions.manage_guild


@app_commands.guild_only()
class Tournaments(
    commands.GroupCog,
    group_name="tournament",
    group_description=catalogue_str("command.tournament.description"),
):
    """Tournaments: scheduled ones (scheduling, registering, checking in, listing,
    cancelling) and multi-table ones (open, join, start, deal: cogs/multi_table.py)."""

    def __init__(self, bot: CroupierBot) -> None:
        self.bot = bot
        self.scheduler = TournamentScheduler(bot, schedule_buttons)
        super().__init__()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(ScheduleButton)

    async def cog_unload(self) -> None:
        self.scheduler.stop()
        self.bot.remove_dynamic_items(ScheduleButton)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        # Once the tables are restored (setup_hook), so a start finds its table's channel free.
        await self.scheduler.restore()

    # ------------------------------------------------------------ schedule

    # mypy cannot match the ParamSpec of a callback taking **chosen; discord.py
    # reads its parameters from the signature create_parameters gives it.
    @app_commands.command(  # type: ignore[arg-type]
        name="schedule", description=catalogue_str("command.tournament.schedule")
    )
    @app_commands.describe(start=catalogue_str("command.tournament.schedule.start"))
    @app_commands.choices(game=GAME_CHOICES)
    @create_parameters(SCHEDULE_OPTIONS, head_parameters=3)
    async def schedule(self, interaction: Interaction, start: str, **chosen: Any) -> None:
        """Announce a tournament: its Discord event, its registration message."""
        locale = locale_of(interaction)
        if not may_manage_events(interaction):
            raise ScheduleError("schedule.managers_only")
        now = self.scheduler.now()
        starts_at = checked_start(str(start), now)
        options = {opt.name: chosen.get(opt.name, opt.default) for opt in SCHEDULE_OPTIONS}
        variant, game, time_bank = options["variant"], options["game"], options["time_bank"]
        code = None if variant is None else chosen_game(str(variant), locale, dealt_variants())
        if variant is not None and code is None:
            raise BadOption(value=variant)
        mix = None if game is None else str(getattr(game, "value", game))
        if mix is not None and mix not in mixed_games():
            raise BadOption(value=mix)
        table_options: dict[str, Any] = {
            option.setting: options[option.name]
            for option in SCHEDULED_TABLE_OPTIONS
            if option.setting
        }
        table_options.update(
            {
                opt.name: options[opt.name]
                for opt in MTT_EXTRAS_OPTIONS
                if options[opt.name] is not None
            }
        )
        table_options.update(
            variant=code,
            game=mix,
            time_bank=None if time_bank is None else parse_time_bank(str(time_bank)),
            locale=language_of(str(interaction.guild_locale or interaction.locale)),
            tournament=True,
            min_buy_in=None,
            max_buy_in=None,
            provably_fair=OPTIONS["provably_fair"].default,
        )
        config = new_table_config(self.bot.settings, **table_options)
        computers = int(options["computers"] or 0)
        if computers:  # its computer players alone may need more tables than the server allows
            await self._floor().check_table_limit(
                guild_id_of(interaction), computers + 1, config.seats
            )
        hours = options["registration_hours"]
        if hours is not None and int(hours) <= 0:  # registration would open only at the start
            raise ScheduleError("schedule.registration_at_start")
        opens_at = int(now) if hours is None else max(int(now), starts_at - int(hours) * 3600)
        channel_id = interaction.channel_id
        assert channel_id is not None
        await interaction.response.defer(ephemeral=True, thinking=True)
        tournament = await schedule(
            self.bot.db,
            guild_id=guild_id_of(interaction),
            channel_id=channel_id,
            creator_id=interaction.user.id,
            config=config,
            starts_at=starts_at,
            registration_opens_at=opens_at,
            repeat_weekly=options["repeat_weekly"] is True,
            min_players=int(options["min_players"]),
            late_levels=int(options["late_levels"] or 0),
            computers=computers,
            reentries=int(options["reentries"] or 0),
        )
        tournament = await self.scheduler.announce(tournament)
        key = "schedule.scheduled" if tournament.event_id else "schedule.scheduled_no_event"
        text = t(
            key,
            locale,
            name=tournament.name,
            id=tournament.id,
            start=when(tournament.starts_at),
            relative=when(tournament.starts_at, "R"),
            buy_in=tournament.buy_in,
        )
        if config.level_hands is not None:  # several tables share one clock: levels by time
            minutes = multi_table_settings(config).level_minutes
            text += " " + t(
                "schedule.hands_become_minutes", locale, hands=config.level_hands, minutes=minutes
            )
        if tournament.computers:
            text += " " + t("schedule.scheduled_computers", locale, count=tournament.computers)
        await interaction.followup.send(text, ephemeral=True)

    # ------------------------------------------------------------ registering

    async def _chosen(
        self, interaction: discord.Interaction[Any], number: int | None, *, late: bool = False
    ) -> int:
        """The tournament named, or the server's next one (in this channel first);
        ``late``: else one running whose late registration may still be open."""
        guild_id = guild_id_of(interaction)
        if number is not None:
            found = await scheduled(self.bot.db, number)
            if found is None or found.guild_id != guild_id:
                raise ScheduleError("schedule.unknown")
            return found.id
        coming = await upcoming(self.bot.db, guild_id)
        here = [one for one in coming if one.channel_id == interaction.channel_id]
        if here or coming:
            return (here or coming)[0].id
        running = await late_registration(self.bot.db, guild_id) if late else []
        for one in running:
            if self.scheduler.table_of(one) or self.scheduler.multi_table_of(one):
                return one.id
        raise ScheduleError("schedule.none")

    async def act(self, interaction: discord.Interaction[Any], action: Action, number: int) -> str:
        """Register, unregister or check in; the answer's sentence."""
        locale, user_id = locale_of(interaction), interaction.user.id
        bot, now = self.bot, self.scheduler.now()
        async with self.scheduler.lock(number):
            tournament = await scheduled(bot.db, number)
            if tournament is None or tournament.guild_id != guild_id_of(interaction):
                raise ScheduleError("schedule.unknown")
            if action == "register" and tournament.status == "started":
                return await self._late(interaction, tournament)
            if action == "register":
                balance = await register(bot.db, bot.cashier, number, user_id, now=now)
                text = t(
                    "schedule.registered_you",
                    locale,
                    name=tournament.name,
                    buy_in=tournament.buy_in,
                    balance=balance,
                    start=when(tournament.starts_at),
                )
                if now >= tournament.check_in_opens_at or tournament.reminded:
                    text += " " + t("schedule.checked_in_too", locale)
                else:
                    text += " " + t(
                        "schedule.check_in_when",
                        locale,
                        when=when(tournament.check_in_opens_at, "R"),
                    )
            elif action == "unregister":
                balance = await unregister(bot.db, bot.cashier, number, user_id, now=now)
                text = t(
                    "schedule.unregistered_you",
                    locale,
                    name=tournament.name,
                    buy_in=tournament.buy_in,
                    balance=balance,
                )
            else:
                await check_in(bot.db, number, user_id, now=now)
                text = t(
                    "schedule.checked_in_you",
                    locale,
                    name=tournament.name,
                    start=when(tournament.starts_at, "R"),
                )
        self.scheduler.request_refresh(number)
        return text

    async def _late(
        self, interaction: discord.Interaction[Any], tournament: ScheduledTournament
    ) -> str:
        locale = locale_of(interaction)
        several = self.scheduler.multi_table_of(tournament) if tournament.late_levels else None
        if several is not None:
            return await self._floor().register_late(interaction, several)
        runner = self.scheduler.table_of(tournament) if tournament.late_levels else None
        if runner is None:
            raise ScheduleError("schedule.closed")
        member = interaction.user
        movement = await runner.late_register(
            member.id,
            seat_name(member),
            locale=locale,
            last_level=tournament.late_levels,
            reentries=tournament.reentries,
        )
        return t(
            "schedule.late_you",
            locale,
            name=tournament.name,
            buy_in=tournament.buy_in,
            balance=movement.balance,
            stack=movement.stack,
            channel=f"<#{runner.record.channel_id}>",
        )

    @app_commands.command(name="register", description=catalogue_str("command.tournament.register"))
    @app_commands.describe(tournament=catalogue_str("command.tournament.number"))
    async def register_command(
        self, interaction: Interaction, tournament: app_commands.Range[int, 1, 10**12] | None = None
    ) -> None:
        running = None if tournament is not None else self._floor().late_in(interaction.channel_id)
        if running is not None:  # a tournament under way in this channel takes late entries
            await answer_in_time(interaction, self._floor().register_late(interaction, running))
            return
        number = await self._chosen(interaction, tournament, late=True)
        await answer_in_time(interaction, self.act(interaction, "register", number))

    @app_commands.command(
        name="unregister", description=catalogue_str("command.tournament.unregister")
    )
    @app_commands.describe(tournament=catalogue_str("command.tournament.number"))
    async def unregister_command(
        self, interaction: Interaction, tournament: app_commands.Range[int, 1, 10**12] | None = None
    ) -> None:
        number = await self._chosen(interaction, tournament)
        await answer_in_time(interaction, self.act(interaction, "unregister", number))

    @app_commands.command(name="checkin", description=catalogue_str("command.tournament.checkin"))
    @app_commands.describe(tournament=catalogue_str("command.tournament.number"))
    async def checkin_command(
        self, interaction: Interaction, tournament: app_commands.Range[int, 1, 10**12] | None = None
    ) -> None:
        number = await self._chosen(interaction, tournament)
        await answer_in_time(interaction, self.act(interaction, "checkin", number))

    @app_commands.command(name="list", description=catalogue_str("command.tournament.list"))
    async def list_command(self, interaction: Interaction) -> None:
        locale = locale_of(interaction)
        coming = await upcoming(self.bot.db, guild_id_of(interaction))
        if not coming:
            raise ScheduleError("schedule.none")
        lines = [t("schedule.list_title", locale)]
        for one in coming[:15]:
            registered = await entries(self.bot.db, one.id)
            lines.append(
                t(
                    "schedule.list_line",
                    locale,
                    id=one.id,
                    name=one.name,
                    start=when(one.starts_at),
                    relative=when(one.starts_at, "R"),
                    buy_in=one.buy_in,
                    registered=len(registered),
                    min_players=one.min_players,
                    channel=f"<#{one.channel_id}>",
                )
                + (
                    t("schedule.list_computers", locale, count=one.computers)
                    if one.computers
                    else ""
                )
            )
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    @app_commands.command(name="cancel", description=catalogue_str("command.tournament.cancel"))
    @app_commands.describe(tournament=catalogue_str("command.tournament.number"))
    async def cancel_command(
        self, interaction: Interaction, tournament: app_commands.Range[int, 1, 10**12] | None = None
    ) -> None:
        if tournament is None and await self._floor().cancel(interaction):
            return  # a multi-table tournament open or running here (cogs/multi_table.py)
        number = await self._chosen(interaction, tournament)
        found = await scheduled(self.bot.db, number)
        assert found is not None
        if interaction.user.id != found.creator_id and not may_manage_events(interaction):
            raise ScheduleError("schedule.cancel_not_yours")
        await interaction.response.defer(ephemeral=True, thinking=True)
        released = await self.scheduler.cancel(number)
        if released is None and found.status == "started":  # not its registration: the play
            raise ScheduleError("schedule.cancel_started", channel=f"<#{found.channel_id}>")
        if released is None:
            raise ScheduleError("schedule.closed")
        await interaction.followup.send(
            t(
                "schedule.cancelled_you",
                locale_of(interaction),
                name=found.name,
                refunded=len(released.refunded),
            ),
            ephemeral=True,
        )

    # ------------------------------------------------------------ multi-table (cogs/multi_table.py)

    def _floor(self) -> MultiTable:
        """The multi-table tournaments' cog, which these four commands ask."""
        return cast(MultiTable, self.bot.get_cog("MultiTable"))

    # mypy cannot match the ParamSpec of a callback taking **chosen (as schedule).
    @app_commands.command(  # type: ignore[arg-type]
        name="open", description=catalogue_str("command.mtt.open")
    )
    @app_commands.describe(
        buy_in=catalogue_str("command.mtt.open.buy_in"),
        starting_stack=catalogue_str("command.mtt.open.starting_stack"),
        seats=catalogue_str("command.mtt.open.seats"),
        level_minutes=catalogue_str("command.mtt.open.level_minutes"),
        computers=catalogue_str("command.mtt.open.computers"),
        late_levels=catalogue_str("command.mtt.open.late_levels"),
        reentries=catalogue_str("command.mtt.open.reentries"),
    )
    @create_parameters(MTT_EXTRAS_OPTIONS, head_parameters=9)
    async def open_(
        self,
        interaction: Interaction,
        buy_in: app_commands.Range[int, 1, 1_000_000],
        starting_stack: app_commands.Range[int, 20, 1_000_000] = 1000,
        seats: app_commands.Range[int, 2, 10] = 9,
        level_minutes: app_commands.Range[int, 1, 120] = 10,
        computers: app_commands.Range[int, 0, 200] = 0,
        late_levels: app_commands.Range[int, 0, MAX_LEVEL_NUMBER] = 0,
        reentries: app_commands.Range[int, 0, MAX_REENTRIES] = 0,
        **chosen: Any,
    ) -> None:
        """Open a multi-table tournament; its rebuys, add-on, bounties and payout
        table are ``/poker rebuys``' options (:data:`bot.table_options.MTT_EXTRAS_OPTIONS`)."""
        if not 0 <= int(late_levels) <= MAX_LEVEL_NUMBER:
            raise BadOption(value=late_levels)
        if not 0 <= int(reentries) <= MAX_REENTRIES:
            raise BadOption(value=reentries)
        await self._floor().open_(
            interaction,
            int(buy_in),
            int(starting_stack),
            int(seats),
            int(level_minutes),
            int(computers),
            int(late_levels),
            int(reentries),
            extras={name: value for name, value in chosen.items() if value is not None},
        )

    @app_commands.command(name="join", description=catalogue_str("command.mtt.join"))
    async def join(self, interaction: Interaction) -> None:
        await self._floor().join(interaction)

    @app_commands.command(name="start", description=catalogue_str("command.mtt.start"))
    async def start(self, interaction: Interaction) -> None:
        await self._floor().start(interaction)

    @app_commands.command(name="deal", description=catalogue_str("command.mtt.deal"))
    @app_commands.describe(kind=catalogue_str("command.mtt.deal.kind"))
    @app_commands.choices(
        kind=[
            app_commands.Choice(name=catalogue_str("mtt.deal.kind_chop"), value="chop"),
            app_commands.Choice(name=catalogue_str("mtt.deal.kind_icm"), value="icm"),
        ]
    )
    async def deal(self, interaction: Interaction, kind: app_commands.Choice[str]) -> None:
        await self._floor().deal(interaction, kind)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Tournaments(cast(CroupierBot, bot)))
