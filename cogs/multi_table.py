"""Multi-table tournaments opened in a channel: members registering, and the
start over several tables, each in a thread of the channel
(bot/tournaments/floor_runner.py runs it); the final-table deal's buttons.

The slash commands are in the ``/tournament`` group (cogs/tournaments.py):
``/tournament open`` (buy-in, starting stack, seats per table, minutes per
level, computer players to fill the field) opens registration in the channel;
``/tournament join`` registers a member (their buy-in is taken at the start);
``/tournament start``, by the opener, starts it; ``/tournament cancel`` calls off
one open or running here (:meth:`MultiTable.cancel`). Registration lives in memory until
the start (nothing is taken before it); scheduled tournaments with their own
registration call :func:`~bot.tournaments.floor_runner.start_multi_table_tournament`
directly.
"""

from __future__ import annotations

import logging
import random
import re
from dataclasses import dataclass, field
from typing import Any, Self

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import CroupierBot
from bot.error_replies import reply_with_error
from bot.i18n import t
from bot.i18n.discord_bridge import locale_of
from bot.render.names import seat_name
from bot.seasons import mark_table
from bot.tables.errors import Refused
from bot.tables.outlet import DiscordOutlet
from bot.tables.runner import DeskFactory
from bot.tables.table_settings import TableSettings, new_table_config
from bot.tables.table_store import StoredTable
from bot.tables.tournament_desk import rebuy_options_text
from bot.tournaments.final_deal import DEAL_BUTTON_PATTERN, DealKind, deal_button_id
from bot.tournaments.floor_runner import (
    Entrant,
    MultiTableTournament,
    computer_entrants,
    is_multi_table,
    keep_running,
    restore_multi_table_tournaments,
    start_multi_table_tournament,
)
from bot.tournaments.late_entries import register_late
from bot.tournaments.late_rule import LateRule
from bot.tournaments.threads import thread_opener
from cogs.in_time import answer_in_time
from cogs.players import guild_id_of
from cogs.unanswered import take

Interaction = discord.Interaction[CroupierBot]
log = logging.getLogger(__name__)


class DealButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=DEAL_BUTTON_PATTERN,
):
    """A player left at the final table accepts or declines the deal offered."""

    def __init__(self, tournament_id: int, offer: int, answer: str) -> None:
        self.tournament_id, self.offer, self.answer = tournament_id, offer, answer
        super().__init__(
            discord.ui.Button(label=answer, custom_id=deal_button_id(tournament_id, offer, answer))
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(int(match["tournament"]), int(match["offer"]), match["answer"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        take(interaction)
        locale = locale_of(interaction)
        try:
            cog = interaction.client.get_cog("MultiTable")
            tournament = next(
                (t for t in cog.running.values() if t.tournament_id == self.tournament_id),
                None,
            )
            if tournament is None:
                raise Refused("mtt.deal.gone")
            made = await tournament.answer_deal(
                interaction.user.id, self.offer, self.answer == "accept"
            )
            key = (
                "mtt.deal.you_declined"
                if self.answer != "accept"
                else ("mtt.deal.made" if made else "mtt.deal.you_accepted")
            )
            await interaction.response.send_message(t(key, locale), ephemeral=True)
        except Exception as error:
            await reply_with_error(interaction, error)


@dataclass
class Registration:
    """A multi-table tournament open for registration in a channel."""

    opener: int
    config: TableSettings
    computers: int
    members: dict[int, Entrant] = field(default_factory=dict)
    #: Late registration and re-entries once it runs (bot/tournaments/late_entries.py).
    late: LateRule = field(default_factory=LateRule)
    #: Marked for the season (or out of it) before the start with /season mark
    #: (cogs/seasons.py): its pool table is marked as it starts; ``None``: unmarked.
    season: bool | None = None


class MultiTable(commands.Cog):
    """Multi-table tournaments: open, join, start, deal. The slash commands are
    ``/tournament open|join|start|deal`` (cogs/tournaments.py, one group for
    organisers), which call these methods."""

    bot_permissions = discord.Permissions(
        send_messages=True, create_public_threads=True, send_messages_in_threads=True
    )

    def __init__(self, bot: CroupierBot) -> None:
        self.bot = bot
        self.open: dict[int, Registration] = {}
        #: Channels whose tournament is being started (no longer open, not yet running).
        self.starting: set[int] = set()
        bot.add_dynamic_items(DealButton)
        #: The seats' randomness (tests make it repeatable).
        self.rng: random.Random | None = None
        super().__init__()

    @property
    def running(self) -> dict[int, MultiTableTournament]:
        """The tournaments running, by channel: the bot's, so that those a scheduled
        tournament starts (bot/tournament_scheduler.py) are found here too."""
        return self.bot.multi_tables

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(DealButton)

    async def cog_load(self) -> None:
        """The tournaments running when the bot stopped play on: restored before
        the other tables (which leave theirs to this), each table with its desk."""
        registry = self.bot.tables
        registry.restored_elsewhere = is_multi_table
        registry.desk_for = self._desk_for
        restored = await restore_multi_table_tournaments(
            registry, lobby_outlet_for=lambda channel_id: DiscordOutlet(self.bot, channel_id)
        )
        for tournament in restored:
            keep_running(self.running, tournament)

    def _desk_for(self, stored: StoredTable) -> DeskFactory | None:
        """The desk of a multi-table tournament's table reloaded by itself."""
        saved = stored.state.get("multi_table")
        if not isinstance(saved, dict):
            return None
        for tournament in self.running.values():
            if tournament.tournament_id == saved.get("tournament"):
                return tournament.desk_for(int(saved["number"]))
        return None

    async def open_(
        self,
        interaction: Interaction,
        buy_in: int,
        starting_stack: int = 1000,
        seats: int = 9,
        level_minutes: int = 10,
        computers: int = 0,
        late_levels: int = 0,
        reentries: int = 0,
        *,
        extras: dict[str, Any] | None = None,
    ) -> None:
        guild_id_of(interaction)
        locale = locale_of(interaction)
        channel_id = interaction.channel_id
        busy = channel_id in self.open or channel_id in self.running or channel_id in self.starting
        if channel_id is None or busy:
            raise Refused("mtt.already_open")
        config = new_table_config(
            self.bot.settings,
            variant=None,
            tournament=True,
            buy_in=int(buy_in),
            starting_stack=int(starting_stack),
            level_minutes=int(level_minutes),
            small_blind=None,
            big_blind=None,
            min_buy_in=None,
            max_buy_in=None,
            seats=int(seats),
            action_seconds=None,
            provably_fair=False,
            locale=locale,
            **(extras or {}),
        )
        await self.check_table_limit(guild_id_of(interaction), int(computers) + 1, config.seats)
        if channel_id in self.open or channel_id in self.running or channel_id in self.starting:
            raise Refused("mtt.already_open")  # opened by a second click meanwhile
        self.open[channel_id] = Registration(
            interaction.user.id,
            config,
            int(computers),
            late=LateRule(int(late_levels), int(reentries) if late_levels else 0),
        )
        text = t(
            "mtt.opened",
            locale,
            buy_in=config.tournament_buy_in,
            stack=config.starting_stack,
            seats=config.seats,
            minutes=int(level_minutes),
            computers=int(computers),
        )
        # The rebuys, add-on, bounties and payouts, as /poker rebuys says them.
        if config.extras.any or config.payout_percentages is not None:
            text += "\n" + rebuy_options_text(config, locale)
        await interaction.response.send_message(text)

    async def join(self, interaction: Interaction) -> None:
        guild_id = guild_id_of(interaction)
        locale = locale_of(interaction)
        running = self.late_in(interaction.channel_id)
        if running is not None and interaction.channel_id not in self.open:
            await answer_in_time(interaction, self.register_late(interaction, running))
            return
        registration = self._registration(interaction)
        user = interaction.user
        if user.id in registration.members:
            raise Refused("mtt.already_registered")
        balance = await self.bot.cashier.ensure_balance(guild_id, user.id)
        if balance < registration.config.tournament_buy_in:
            raise Refused(
                "mtt.short", buy_in=registration.config.tournament_buy_in, balance=balance
            )
        # Asked again after the wait: a second click, a start or a cancel meanwhile.
        if self._registration(interaction) is not registration:
            raise Refused("mtt.registration_closed")
        if user.id in registration.members:
            raise Refused("mtt.already_registered")
        registration.members[user.id] = Entrant(user.id, seat_name(user), locale)
        text = t(
            "mtt.registered",
            locale,
            buy_in=registration.config.tournament_buy_in,
            players=len(registration.members) + registration.computers,
        )
        await interaction.response.send_message(text, ephemeral=True)

    async def start(self, interaction: Interaction) -> None:
        guild_id = guild_id_of(interaction)
        locale = locale_of(interaction)
        registration = self._registration(interaction)
        if interaction.user.id != registration.opener:
            raise Refused("mtt.opener_only")
        if not registration.members:
            raise Refused("table.tournament_no_member")
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise Refused("mtt.text_channel_only")
        assert interaction.channel_id is not None
        # Taken from the open ones before the first wait: a second click on start,
        # a join or a cancel meanwhile finds registration closed.
        del self.open[interaction.channel_id]
        self.starting.add(interaction.channel_id)
        try:
            players_count = len(registration.members) + registration.computers
            await self.check_table_limit(guild_id, players_count, registration.config.seats)
            for member in list(registration.members.values()):  # all or nothing: nobody short
                balance = await self.bot.cashier.ensure_balance(guild_id, member.user_id)
                if balance < registration.config.tournament_buy_in:
                    raise Refused("mtt.member_short", name=member.name)
            await interaction.response.defer(ephemeral=True, thinking=True)
            players = list(registration.members.values()) + computer_entrants(
                registration.computers, registration.config.locale
            )
            tournament = await start_multi_table_tournament(
                self.bot.tables,
                guild_id=guild_id,
                channel_id=interaction.channel_id,
                creator_id=registration.opener,
                config=registration.config,
                players=players,
                open_thread=thread_opener(channel),
                lobby_outlet=DiscordOutlet(self.bot, interaction.channel_id),
                rng=self.rng,
                late=registration.late,
            )
        except BaseException:
            # Nothing was taken (or all of it went back): registration stays open.
            self.open[interaction.channel_id] = registration
            raise
        finally:
            self.starting.discard(interaction.channel_id)
        keep_running(self.running, tournament)
        if registration.season is not None:
            await mark_table(self.bot.db, tournament.pool_table_id, registration.season)
        text = t("mtt.started", locale, players=len(players), tables=len(tournament.runners))
        await interaction.followup.send(text, ephemeral=True)

    async def deal(self, interaction: Interaction, kind: app_commands.Choice[str]) -> None:
        """A player at the final table offers a chip chop or an ICM deal."""
        guild_id_of(interaction)
        tournament = self.tournament_in(interaction.channel_id)
        chosen: DealKind = "icm" if kind.value == "icm" else "chop"
        await tournament.propose_deal(interaction.user.id, chosen)
        text = t("mtt.deal.proposed", locale_of(interaction))
        await interaction.response.send_message(text, ephemeral=True)

    async def cancel(self, interaction: Interaction) -> bool:
        """``/tournament cancel`` where a multi-table tournament is open or runs
        (its channel or a table's thread); ``False`` when none is (the command
        then cancels a scheduled tournament). Registration open: its opener or a
        member who can manage the channel calls it off (nothing was taken).
        Running: a member who can manage the channel ends it early, as at a
        sit-and-go (:meth:`MultiTableTournament.cancel`)."""
        locale = locale_of(interaction)
        channel_id = interaction.channel_id
        manager = interaction.permissions.manage_channels
        registration = None if channel_id is None else self.open.get(channel_id)
        if registration is not None and channel_id is not None:
            if interaction.user.id != registration.opener and not manager:
                raise Refused("mtt.cancel_opener_only")
            del self.open[channel_id]
            text = t("mtt.registration_cancelled", locale)
            await interaction.response.send_message(text)
            return True
        tournament = next(
            (
                one
                for one in self.running.values()
                if channel_id == one.channel_id or channel_id in one.channels.values()
            ),
            None,
        )
        if tournament is None:
            return False
        members_in = any(runner.members_seated for runner in tournament.runners.values())
        if not manager and (interaction.user.id != tournament.creator_id or members_in):
            # With no member left in it, its opener may end it too (as at a sit-and-go).
            raise Refused("mtt.cancel_managers_only")
        await interaction.response.defer(ephemeral=True, thinking=True)
        ended = await tournament.cancel()
        key = "mtt.cancelled_you" if ended else "mtt.cancelling_you"
        await interaction.followup.send(t(key, locale), ephemeral=True)
        return True

    async def check_table_limit(self, guild_id: int, players: int, seats: int) -> None:
        """Refused when the tables ``players`` need at ``seats`` a table would
        pass the server's limit of open tables (``CROUPIER_MAX_TABLES_PER_SERVER``,
        bot/table_limits.py): a tournament's tables count as any others."""
        limit = self.bot.settings.max_tables_per_server
        if not limit:
            return
        needed = -(-players // seats)
        open_now = int(
            await self.bot.db.fetch_value(
                "SELECT COUNT(*) FROM tables WHERE guild_id = ? AND status = 'open'", (guild_id,)
            )
        )
        if open_now + needed > limit:
            raise Refused("mtt.too_many_tables", tables=needed, limit=limit, open=open_now)

    async def table_place_gone(self, channel_id: int) -> bool:
        """Whether ``channel_id`` (deleted, or no longer seen) is a table's thread of
        a tournament running here; if so the tournament is cancelled, as
        ``/tournament cancel`` does (its hands played out, the pool shared by the
        chips): a table's players can no longer see it, and its chips are the
        tournament's, not balances to send home as at a table of its own."""
        for tournament in list(self.running.values()):
            if channel_id not in tournament.channels.values():
                continue
            log.warning(
                "Tournament %s: the thread of a table is gone; cancelling it",
                tournament.tournament_id,
            )
            if not (tournament.over or tournament.cancelling or tournament.agreed):
                await tournament.cancel()
            return True
        return False

    def tournament_in(self, channel_id: int | None) -> MultiTableTournament:
        """The tournament played in ``channel_id`` (its channel, or a table's thread)."""
        for tournament in self.running.values():
            if channel_id == tournament.channel_id or channel_id in tournament.channels.values():
                return tournament
        raise Refused("mtt.deal.final_table_only")

    def late_in(self, channel_id: int | None) -> MultiTableTournament | None:
        """The tournament running in ``channel_id`` that took late registration
        (whether it still does, :func:`register_late` says), or ``None``."""
        tournament = self.running.get(channel_id or 0)
        if tournament is None or tournament.over or not tournament.late.last_level:
            return None
        return tournament

    async def register_late(
        self, interaction: discord.Interaction[Any], tournament: MultiTableTournament
    ) -> str:
        """Enter the member in ``tournament`` under way, or re-enter them; the
        answer's sentence (bot/tournaments/late_entries.py)."""
        locale, member = locale_of(interaction), interaction.user
        # Cleaned as every seat's name is: no markdown, no mention, not too long.
        seated = await register_late(tournament, Entrant(member.id, seat_name(member), locale))
        return t(
            "late.you_reentered" if seated.reentry else "late.you",
            locale,
            buy_in=tournament.config.tournament_buy_in,
            balance=seated.balance,
            table=seated.table,
            seat=seated.seat,
            channel=f"<#{seated.channel_id}>",
            stack=seated.stack,
        )

    def _registration(self, interaction: Interaction) -> Registration:
        channel_id = interaction.channel_id
        registration = None if channel_id is None else self.open.get(channel_id)
        if registration is None:
            running = any(
                channel_id == one.channel_id or channel_id in one.channels.values()
                for one in self.running.values()
            )
            if running or channel_id in self.starting:
                raise Refused("mtt.registration_closed")
            raise Refused("mtt.none_open")
        return registration


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, CroupierBot):
        raise TypeError("the multi-table cog needs a CroupierBot (bot.client.create_client)")
    await bot.add_cog(MultiTable(bot))
