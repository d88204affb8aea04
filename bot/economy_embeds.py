"""How balances, leaderboards and player statistics look in Discord: the embeds
the economy commands answer with, every word from the catalogue.
"""

from __future__ import annotations

from typing import Final

import discord

from bot.i18n import number, t
from bot.stats import LeaderboardPage, PlayerStats, RecentHand, TournamentStats

#: The felt green of the croupier's embeds.
EMBED_COLOUR: Final = discord.Colour.from_rgb(0x2E, 0x7D, 0x32)


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
) -> discord.Embed:
    """A player's record on this server: chips, hands, winnings, showdowns, last hands."""
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
    if recent:
        embed.add_field(
            name=t("stats.recent", locale),
            value="\n".join(
                t(
                    "stats.recent_line",
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
