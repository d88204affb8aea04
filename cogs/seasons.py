"""The season commands (/season start, /season standings, /season mark), the
server's /records, the Previous/Next buttons of the standings, and the
background round that posts each season's end in the channel it was started
in, once (bot/seasons.py records the post).

The standings are posted for the channel like a leaderboard; only the person
who asked turns their pages, with dynamic buttons that survive a restart.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from datetime import UTC, date, datetime
from typing import Any, Final, Literal, Self, cast

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.client import CroupierBot
from bot.cooldowns import reads_cooldown
from bot.error_replies import reply_with_error
from bot.i18n import t
from bot.i18n.discord_bridge import catalogue_str, locale_of
from bot.records import server_records
from bot.season_embeds import records_embed, season_end_embed, standings_embed
from bot.seasons import (
    FORMULAS,
    Season,
    SeasonError,
    StandingsPage,
    claim_end,
    current_season,
    mark_table,
    record_end,
    release_end,
    season_by_id,
    seasons_over,
    standings,
    start_season,
)
from bot.table_options import SEASON_OPTIONS
from cogs.page_turns import invoker_turns_page
from cogs.players import guild_id_of

log = logging.getLogger(__name__)

PAGE_SIZE: Final = 10
#: How often the bot looks for seasons that are over.
END_CHECK_MINUTES: Final = 10.0
#: How far back a round looks for a post of a season's end it may have made.
SEARCHED_MESSAGES: Final = 50
#: The one option of /season mark, declared with the table options.
(SEASON_OPTION,) = SEASON_OPTIONS

Interaction = discord.Interaction[CroupierBot]
Direction = Literal["previous", "next"]


def today_utc() -> date:
    return datetime.now(UTC).date()


class StandingsPageButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"croupier:season:(?P<season>\d{1,12}):(?P<offset>\d{1,9}):"
    r"(?P<invoker>\d{1,20}):(?P<direction>previous|next)",
):
    """Turns a season's standings to another page, for their invoker only."""

    def __init__(
        self,
        *,
        season_id: int,
        offset: int,
        invoker_id: int,
        direction: Direction,
        locale: str,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=t(f"leaderboard.{direction}", locale),
                style=discord.ButtonStyle.secondary,
                custom_id=f"croupier:season:{season_id}:{offset}:{invoker_id}:{direction}",
                disabled=disabled,
            )
        )
        self.season_id, self.offset, self.invoker_id = season_id, offset, invoker_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(
            season_id=int(match["season"]),
            offset=int(match["offset"]),
            invoker_id=int(match["invoker"]),
            direction=cast(Direction, match["direction"]),
            locale=locale_of(interaction),
        )

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        return await invoker_turns_page(interaction, self.invoker_id)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            bot = cast(CroupierBot, interaction.client)
            locale, guild_id = locale_of(interaction), guild_id_of(interaction)
            season = await season_by_id(bot.db, guild_id, self.season_id)
            offset = self.offset - self.offset % PAGE_SIZE
            page = await standings(bot.db, season, offset, PAGE_SIZE)
            if not page.entries and page.total:
                page = await standings(bot.db, season, (page.pages - 1) * PAGE_SIZE, PAGE_SIZE)
            await interaction.response.edit_message(
                embed=standings_embed(page, locale),
                view=standings_view(page, self.invoker_id, locale),
            )
        except Exception as error:
            await reply_with_error(interaction, error)


def standings_view(page: StandingsPage, invoker_id: int, locale: str) -> discord.ui.View | None:
    """Previous and Next under a page of standings; none when they fit on one."""
    if page.pages == 1:
        return None
    view = discord.ui.View(timeout=None)
    for direction, offset, disabled in (
        ("previous", max(0, page.offset - page.limit), not page.has_previous),
        ("next", page.offset + page.limit, not page.has_next),
    ):
        view.add_item(
            StandingsPageButton(
                season_id=page.season.id,
                offset=offset,
                invoker_id=invoker_id,
                direction=cast(Direction, direction),
                locale=locale,
                disabled=disabled,
            )
        )
    return view


class NotAManager(SeasonError, app_commands.CheckFailure):
    key = "season.managers_only"


@app_commands.guild_only()
class Seasons(
    commands.GroupCog,
    group_name="season",
    group_description=catalogue_str("command.season.description"),
):
    """A server's seasons: starting one, its standings, marking a tournament, its end."""

    def __init__(self, bot: CroupierBot) -> None:
        self.bot = bot
        #: The day it is (UTC); tests move it on to a season's end.
        self.today: Callable[[], date] = today_utc
        super().__init__()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(StandingsPageButton)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        # Started once connected: its first round runs at once, then every few minutes.
        if not self.end_round.is_running():
            self.end_round.start()

    async def cog_unload(self) -> None:
        self.end_round.cancel()
        self.bot.remove_dynamic_items(StandingsPageButton)

    @app_commands.command(name="start", description=catalogue_str("command.season.start"))
    @app_commands.describe(
        name=catalogue_str("command.season.start.name"),
        period=catalogue_str("command.season.start.period"),
        formula=catalogue_str("command.season.start.formula"),
    )
    @app_commands.choices(
        formula=[
            app_commands.Choice(name=catalogue_str(f"season.formula.{key}"), value=key)
            for key in FORMULAS
        ]
    )
    async def start(
        self,
        interaction: Interaction,
        name: app_commands.Range[str, 1, 60],
        period: app_commands.Range[str, 1, 40],
        formula: app_commands.Choice[str],
    ) -> None:
        guild_id = guild_id_of(interaction)
        if not interaction.permissions.manage_guild:
            raise NotAManager()
        if interaction.channel_id is None:
            raise SeasonError("season.none")
        season = await start_season(
            self.bot.db,
            guild_id=guild_id,
            channel_id=interaction.channel_id,
            started_by=interaction.user.id,
            name=str(name),
            period=str(period),
            formula=formula.value,
            today=self.today(),
        )
        locale = locale_of(interaction)
        await interaction.response.send_message(
            t(
                "season.started",
                locale,
                name=season.name,
                first=season.starts_on.isoformat(),
                last=season.ends_on.isoformat(),
                formula=t(f"season.formula.{season.formula}", locale),
            ),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(name="standings", description=catalogue_str("command.season.standings"))
    @reads_cooldown()
    async def standings(self, interaction: Interaction) -> None:
        season = await current_season(self.bot.db, guild_id_of(interaction), self.today())
        if season is None:
            raise SeasonError("season.none")
        locale = locale_of(interaction)
        page = await standings(self.bot.db, season, 0, PAGE_SIZE)
        view = standings_view(page, interaction.user.id, locale)
        await interaction.response.send_message(
            embed=standings_embed(page, locale),
            view=view if view is not None else discord.utils.MISSING,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(name="mark", description=catalogue_str("command.season.mark"))
    @app_commands.describe(season=catalogue_str(SEASON_OPTION.description))
    async def mark(self, interaction: Interaction, season: bool = True) -> None:
        channel_id = interaction.channel_id or 0
        registration = self._registration_in(channel_id)
        if registration is not None:  # a multi-table tournament not started yet
            if interaction.user.id != registration.opener and not (
                interaction.permissions.manage_guild
            ):
                raise SeasonError("season.mark_not_yours")
            registration.season = season  # marked as it starts (cogs/multi_table.py)
        else:
            table_id, opener = self._tournament_in(channel_id)
            if interaction.user.id != opener and not interaction.permissions.manage_guild:
                raise SeasonError("season.mark_not_yours")
            await mark_table(self.bot.db, table_id, season)
        key = "season.marked_in" if season else "season.marked_out"
        await interaction.response.send_message(t(key, locale_of(interaction)), ephemeral=True)

    def _registration_in(self, channel_id: int) -> Any:
        """The multi-table tournament open for registration in ``channel_id``
        (cogs/multi_table.py's ``Registration``), if one is."""
        multi_table = self.bot.get_cog("MultiTable")
        opened = getattr(multi_table, "open", None)
        return opened.get(channel_id) if isinstance(opened, dict) else None

    def _tournament_in(self, channel_id: int) -> tuple[int, int]:
        """The table a tournament in ``channel_id`` keeps its results on, and its
        opener: a multi-table tournament's (its channel or any table's thread)
        keeps them on its pool table; a sit-and-go on its own."""
        for tournament in self.bot.multi_tables.values():
            if channel_id == tournament.channel_id or channel_id in tournament.channels.values():
                return tournament.pool_table_id, tournament.creator_id
        runner = self.bot.tables.get(channel_id)
        if runner is None or not runner.settings.tournament:
            raise SeasonError("season.not_a_tournament")
        return runner.table_id, runner.record.creator_id

    @tasks.loop(minutes=END_CHECK_MINUTES)
    async def end_round(self) -> None:
        try:
            await self.post_season_ends()
        except Exception:  # the next round tries again; the loop must not stop
            log.exception("Posting the end of a season failed")

    async def post_season_ends(self, today: date | None = None, now: datetime | None = None) -> int:
        """Post the end of every season that is over and not posted yet; return how many."""
        now = now or datetime.now(UTC)
        posted = 0
        for season in await seasons_over(self.bot.db, today or self.today(), now):
            if not await claim_end(self.bot.db, season, now):
                continue  # another round took it
            try:
                channel = self.bot.get_channel(season.channel_id)
                if channel is None:
                    channel = await self.bot.fetch_channel(season.channel_id)
                if not isinstance(channel, discord.abc.Messageable):
                    log.warning("The end of season %s has no channel to be posted in", season.id)
                    await record_end(self.bot.db, season.id, 0)
                    continue
                if season.end_claimed_at is not None:  # a round stopped after claiming it
                    found = await self._posted_end(channel, season)
                    if found is not None:
                        await record_end(self.bot.db, season.id, found)
                        continue
                guild = self.bot.get_guild(season.guild_id)
                locale = str(guild.preferred_locale) if guild is not None else "en"
                page = await standings(self.bot.db, season, 0, PAGE_SIZE)
                message = await channel.send(
                    embed=season_end_embed(page, locale),
                    allowed_mentions=discord.AllowedMentions.none(),
                )
            except discord.NotFound:
                # The channel is gone: there is nowhere to post it, now or later.
                log.warning("The end of season %s has nowhere to be posted", season.id)
                await record_end(self.bot.db, season.id, 0)
                continue
            except discord.Forbidden:
                # Left claimed: once stale, a later round tries again (and may be let in).
                log.warning("Not allowed to post the end of season %s", season.id)
                continue
            except Exception:
                await release_end(self.bot.db, season.id)
                raise
            await record_end(self.bot.db, season.id, message.id)
            posted += 1
        return posted

    async def _posted_end(self, channel: discord.abc.Messageable, season: Season) -> int | None:
        """The post of ``season``'s end in ``channel`` by this bot, if a round that
        stopped before recording it got that far (its footer names the season)."""
        marks = {t("season.end_footer", locale, id=season.id) for locale in ("en", "de")}
        me = self.bot.user
        try:
            async for message in channel.history(limit=SEARCHED_MESSAGES):
                if me is not None and message.author.id != me.id:
                    continue
                if any(embed.footer.text in marks for embed in message.embeds):
                    return message.id
        except discord.Forbidden:  # cannot read the channel's history: post it
            return None
        return None


class Records(commands.Cog):
    """/records: the server's biggest pot, most tournaments won, longest winning streak."""

    def __init__(self, bot: CroupierBot) -> None:
        self.bot = bot

    @app_commands.command(name="records", description=catalogue_str("command.records.description"))
    @app_commands.guild_only()
    @reads_cooldown()
    async def records(self, interaction: Interaction) -> None:
        found = await server_records(self.bot.db, guild_id_of(interaction))
        await interaction.response.send_message(
            embed=records_embed(found, locale_of(interaction)),
            allowed_mentions=discord.AllowedMentions.none(),
        )


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, CroupierBot):
        raise TypeError("the seasons cog needs a CroupierBot (bot.client.create_client)")
    await bot.add_cog(Seasons(bot))
    await bot.add_cog(Records(bot))
