"""The economy commands: /balance, /daily, /refill, /leaderboard and /stats, and the
Previous/Next buttons of a leaderboard.

Answers about one's own chips are ephemeral; a leaderboard is posted for the
channel, and only the person who asked for it can turn its pages. The page
buttons are dynamic items whose custom id carries the board, the page and the
invoker, so they keep working after a restart.
"""

from __future__ import annotations

import asyncio
import io
import re
from datetime import UTC, datetime
from typing import Any, Literal, Self, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import CroupierBot
from bot.cooldowns import reads_cooldown
from bot.daily import next_claim_opens
from bot.economy_embeds import leaderboard_embed, stats_embed
from bot.error_replies import reply_with_error
from bot.errors import BadOption
from bot.i18n import t
from bot.i18n.discord_bridge import catalogue_str, locale_of
from bot.play_figures import chip_points, play_figures
from bot.refills import refill_rule, smallest_buy_in
from bot.render.names import clean_name, shown_name
from bot.render.stats_chart import FILENAME as CHART_FILENAME
from bot.render.stats_chart import chips_chart
from bot.stats import (
    LEADERBOARDS,
    LeaderboardBy,
    LeaderboardPage,
    against_computers,
    leaderboard,
    player_stats,
    recent_hands,
    tournament_stats,
)
from cogs.page_turns import invoker_turns_page
from cogs.players import guild_id_of, player

PAGE_SIZE = 10
RECENT_HANDS = 5

Interaction = discord.Interaction[CroupierBot]
Direction = Literal["previous", "next"]


class LeaderboardPageButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    # Bounded numbers: a forged id with a huge offset matches nothing (and never reaches
    # SQLite, whose integers it would overflow); the safety net answers it.
    template=r"croupier:leaderboard:(?P<by>[a-z_]{1,20}):(?P<offset>\d{1,9}):"
    r"(?P<invoker>\d{1,20}):(?P<direction>previous|next)",
):
    """Turns a leaderboard message to another page, for its invoker only."""

    def __init__(
        self,
        *,
        by: LeaderboardBy,
        offset: int,
        invoker_id: int,
        direction: Direction,
        locale: str = "en",
        disabled: bool = False,
    ) -> None:
        self.by, self.offset, self.invoker_id = by, offset, invoker_id
        super().__init__(
            discord.ui.Button(
                label=t(f"leaderboard.{direction}", locale),
                style=discord.ButtonStyle.secondary,
                custom_id=f"croupier:leaderboard:{by}:{offset}:{invoker_id}:{direction}",
                disabled=disabled,
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        by = match["by"]
        if by not in LEADERBOARDS:
            raise ValueError(f"no leaderboard by {by!r}")
        return cls(
            by=cast(LeaderboardBy, by),
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
            offset = self.offset - self.offset % PAGE_SIZE
            page = await leaderboard(bot.db, guild_id, self.by, offset, PAGE_SIZE)
            if not page.entries and page.total:  # the board shrank since it was posted
                last = (page.pages - 1) * PAGE_SIZE
                page = await leaderboard(bot.db, guild_id, self.by, last, PAGE_SIZE)
            await interaction.response.edit_message(
                embed=leaderboard_embed(page, locale),
                view=leaderboard_view(page, self.invoker_id, locale),
            )
        except Exception as error:
            await reply_with_error(interaction, error)


def leaderboard_view(page: LeaderboardPage, invoker_id: int, locale: str) -> discord.ui.View | None:
    """The Previous and Next buttons under a leaderboard page; none for a
    leaderboard that fits on one page."""
    if page.pages == 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(
        LeaderboardPageButton(
            by=page.by,
            offset=max(0, page.offset - page.limit),
            invoker_id=invoker_id,
            direction="previous",
            locale=locale,
            disabled=not page.has_previous,
        )
    )
    view.add_item(
        LeaderboardPageButton(
            by=page.by,
            offset=page.offset + page.limit,
            invoker_id=invoker_id,
            direction="next",
            locale=locale,
            disabled=not page.has_next,
        )
    )
    return view


class Economy(commands.Cog):
    """Chips and records: balances, the daily claim, leaderboards, statistics."""

    def __init__(self, bot: CroupierBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(LeaderboardPageButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(LeaderboardPageButton)

    @app_commands.command(name="balance", description=catalogue_str("command.balance.description"))
    @app_commands.describe(user=catalogue_str("command.balance.user"))
    @app_commands.guild_only()
    async def balance(self, interaction: Interaction, user: discord.User | None = None) -> None:
        guild_id, locale = guild_id_of(interaction), locale_of(interaction)
        target = player(interaction, user)
        cashier = self.bot.cashier
        own = target.id == interaction.user.id
        chips = (
            await cashier.ensure_balance(guild_id, target.id)
            if own
            else await cashier.balance(guild_id, target.id)
        )
        if chips is None:
            text = t("balance.other_none", locale, user=target.mention)
        else:
            at_tables = await cashier.chips_at_tables(guild_id, target.id)
            key = "balance.own" if own else "balance.other"
            key += "_with_tables" if at_tables else ""
            text = t(key, locale, user=target.mention, chips=chips, at_tables=at_tables)
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="daily", description=catalogue_str("command.daily.description"))
    @app_commands.guild_only()
    async def daily(self, interaction: Interaction) -> None:
        today = datetime.now(UTC).date()
        claim = await self.bot.cashier.claim_daily(
            guild_id_of(interaction), interaction.user.id, today
        )
        locale = locale_of(interaction)
        # A Discord timestamp: the reader's client counts down to the next claim live.
        opens = f"<t:{int(next_claim_opens(today).timestamp())}:R>"
        claimed = t(
            "daily.claimed", locale, amount=claim.amount, streak=claim.streak, balance=claim.balance
        )
        await interaction.response.send_message(
            claimed + " " + t("daily.next", locale, opens=opens), ephemeral=True
        )

    @app_commands.command(name="refill", description=catalogue_str("command.refill.description"))
    @app_commands.guild_only()
    async def refill(self, interaction: Interaction) -> None:
        """A broke player's balance back up to the server's refill (bot/refills.py)."""
        guild_id, locale = guild_id_of(interaction), locale_of(interaction)
        player(interaction, None)
        cashier, database = self.bot.cashier, self.bot.db
        rule = await refill_rule(database, guild_id, cashier.starting_chips)
        smallest = await smallest_buy_in(database, guild_id, self.bot.settings.default_min_buy_in)
        now = datetime.now(UTC)
        paid = await cashier.refill(
            guild_id, interaction.user.id, rule=rule, smallest_buy_in=smallest, now=now
        )
        opens = rule.opens_after(now)
        assert opens is not None
        text = t(
            "refill.paid",
            locale,
            amount=paid.amount,
            balance=paid.balance,
            when=f"<t:{int(opens.timestamp())}:R>",
        )
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(
        name="leaderboard", description=catalogue_str("command.leaderboard.description")
    )
    @app_commands.describe(by=catalogue_str("command.leaderboard.by"))
    @app_commands.choices(
        by=[
            app_commands.Choice(name=catalogue_str(f"leaderboard.by.{board}"), value=board)
            for board in LEADERBOARDS
        ]
    )
    @app_commands.guild_only()
    @reads_cooldown()
    async def leaderboard(
        self, interaction: Interaction, by: app_commands.Choice[str] | None = None
    ) -> None:
        board = "chips" if by is None else by.value
        if board not in LEADERBOARDS:  # Discord offers only the choices; check anyway.
            raise BadOption(value=board)
        locale = locale_of(interaction)
        page = await leaderboard(self.bot.db, guild_id_of(interaction), board, 0, PAGE_SIZE)
        view = leaderboard_view(page, interaction.user.id, locale)
        await interaction.response.send_message(
            embed=leaderboard_embed(page, locale),
            view=view if view is not None else discord.utils.MISSING,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(name="stats", description=catalogue_str("command.stats.description"))
    @app_commands.describe(user=catalogue_str("command.stats.user"))
    @app_commands.guild_only()
    @reads_cooldown()
    async def stats(self, interaction: Interaction, user: discord.User | None = None) -> None:
        guild_id, locale = guild_id_of(interaction), locale_of(interaction)
        target = player(interaction, user)
        # Figures may first deal new hands again from their logs, and the chart
        # takes a moment to draw: answer Discord at once, then fill it in.
        await interaction.response.defer(ephemeral=True, thinking=True)
        chips = await self.bot.cashier.balance(guild_id, target.id) or 0
        chips += await self.bot.cashier.chips_at_tables(guild_id, target.id)
        embed = stats_embed(
            name=shown_name(target.display_name),
            mention=target.mention,
            chips=chips,
            stats=await player_stats(self.bot.db, guild_id, target.id),
            recent=await recent_hands(self.bot.db, guild_id, target.id, RECENT_HANDS),
            locale=locale,
            tournaments=await tournament_stats(self.bot.db, guild_id, target.id),
            figures=await play_figures(self.bot.db, guild_id, target.id),
            computers=await against_computers(self.bot.db, guild_id, target.id),
        )
        points = await chip_points(self.bot.db, guild_id, target.id)
        if not points:
            await interaction.followup.send(embed=embed, ephemeral=True)
            return
        name = clean_name(target.display_name)  # a picture and its alt text are not markdown
        picture = await asyncio.to_thread(chips_chart, points, name, locale)
        alt = t(
            "stats.chart.alt",
            locale,
            name=name,
            count=len(points),
            net=sum(point.net for point in points),
        )
        embed.set_image(url=f"attachment://{CHART_FILENAME}")
        chart = discord.File(io.BytesIO(picture), CHART_FILENAME, description=alt)
        await interaction.followup.send(embed=embed, file=chart, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, CroupierBot):
        raise TypeError("the economy cog needs a CroupierBot (bot.client.create_client)")
    await bot.add_cog(Economy(bot))
