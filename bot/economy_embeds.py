"""How balances, leaderboards and player statistics look in Discord: the embeds
the economy commands answer with, every word from the catalogue.
"""

from __future__ import annotations

import discord

from bot.i18n import decimal, number, t
from bot.play_figures import PlayFigures
from bot.render.message import EMBED_COLOUR
from bot.stats import (
    AgainstComputers,
    LeaderboardPage,
    PlayerStats,
    RecentHand,
    TournamentStats,
)

#: The felt green of the croupier's embeds.


def leaderboard_embed(page: LeaderboardPage, locale: str) -> discord.Embed:
    """One page of a leaderboard; players are mentions, which embeds never ping."""
    embed = discord.Embed(title=t(f"leaderboard.title.{page.by}", locale), colour=EMBED_COLOUR)
    if page.entries:
        embed.description = "\n".join(
            t(
                f"leaderboard.line.{page.by}",
                locale,
                rank=entry.rank,
                user=f"<@{entry.user_id}>",
                value=entry.value,
            )
            for entry in page.entries
        )
    else:
        embed.description = t("leaderboard.empty", locale)
    embed.set_footer(text=t("leaderboard.footer", locale, page=page.page, pages=page.pages))
    return embed


def stats_embed(
    *,
    name: str,
    mention: str,
    chips: int,
    stats: PlayerStats,
    recent: list[RecentHand],
    locale: str,
    tournaments: TournamentStats | None = None,
    figures: PlayFigures | None = None,
    computers: AgainstComputers | None = None,
) -> discord.Embed:
    """A player's record on this server: chips, hands, winnings, showdowns, the
    figures players compare, last hands."""
    embed = discord.Embed(title=t("stats.title", locale, name=name), colour=EMBED_COLOUR)
    embed.add_field(name=t("stats.chips", locale), value=number(chips, locale))
    if stats.hands_played == 0:
        embed.description = t("stats.none", locale, user=mention)
        return embed
    fields = (
        ("stats.hands_played", number(stats.hands_played, locale)),
        ("stats.hands_won", number(stats.hands_won, locale)),
        ("stats.net", number(stats.net, locale, signed=True)),
        ("stats.biggest_pot", number(stats.biggest_pot_won, locale)),
        (
            "stats.showdowns",
            t("stats.showdowns_value", locale, won=stats.showdowns_won, seen=stats.showdowns_seen),
        ),
    )
    for key, value in fields:
        embed.add_field(name=t(key, locale), value=value)
    if figures is not None and figures.hands:
        embed.add_field(
            name=t("stats.figures", locale, hands=figures.hands),
            value=figures_text(figures, locale),
            inline=False,
        )
    if tournaments is not None and tournaments.played:
        embed.add_field(
            name=t("stats.tournaments", locale),
            value=t(
                "stats.tournaments_value",
                locale,
                played=tournaments.played,
                won=tournaments.won,
                cashed=tournaments.in_the_money,
                prizes=tournaments.prizes,
                buy_ins=tournaments.buy_ins,
            ),
            inline=False,
        )
    if computers is not None and computers.hands:
        embed.add_field(
            name=t("stats.against_computers", locale),
            value=t(
                "stats.against_computers_value", locale, hands=computers.hands, net=computers.net
            ),
            inline=False,
        )
    if recent:
        embed.add_field(
            name=t("stats.recent", locale),
            value="\n".join(
                t(
                    "stats.recent_line_tournament" if hand.tournament else "stats.recent_line",
                    locale,
                    hand_no=hand.hand_no,
                    channel_id=hand.channel_id,
                    net=hand.net,
                )
                for hand in recent
            ),
            inline=False,
        )
    return embed


def figures_text(figures: PlayFigures, locale: str) -> str:
    """VPIP, PFR, aggression, showdowns and bb/100 as the reader writes numbers.

    >>> figures = PlayFigures(40, 25.0, 12.5, 2.25, None, 50.0, -3.5)
    >>> print(figures_text(figures, "de"))
    VPIP **25 %** · PFR **12,5 %** · Aggression **2,2**
    zum Showdown **—** · Showdown gewonnen **50 %**
    **-3,5** Big Blinds pro 100 Hände (Cash-Tische)
    """

    def figure(value: float | None, *, percent: bool = False, signed: bool = False) -> str:
        if value is None:
            return t("stats.nothing_yet", locale)
        text = decimal(value, locale, signed=signed)
        return t("stats.percent", locale, value=text) if percent else text

    return t(
        "stats.figures_value",
        locale,
        vpip=figure(figures.vpip, percent=True),
        pfr=figure(figures.pfr, percent=True),
        aggression=figure(figures.aggression),
        went=figure(figures.went_to_showdown, percent=True),
        won=figure(figures.won_at_showdown, percent=True),
        bb=figure(figures.bb_per_100, signed=True),
    )
