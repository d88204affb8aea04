"""What a season's standings, its end and the server's records look like in
Discord: embeds built from :mod:`bot.seasons` and :mod:`bot.records`, in the
reader's language. Players are mentions, which embeds never ping."""

from __future__ import annotations

from typing import Final

import discord

from bot.i18n import decimal, t
from bot.records import ServerRecords
from bot.seasons import StandingsPage

EMBED_COLOUR: Final = discord.Colour.dark_green()


def standings_lines(page: StandingsPage, locale: str) -> list[str]:
    """One line per player of the page: rank, points, tournaments, wins."""
    return [
        t(
            "season.line",
            locale,
            rank=entry.rank,
            user=f"<@{entry.user_id}>",
            points=decimal(entry.points, locale, places=2),
            tournaments=entry.tournaments,
            wins=entry.wins,
        )
        for entry in page.entries
    ]


def _about(page: StandingsPage, locale: str) -> str:
    season = page.season
    return t(
        "season.about",
        locale,
        first=season.starts_on.isoformat(),
        last=season.ends_on.isoformat(),
        formula=t(f"season.formula.{season.formula}", locale),
        tournaments=page.tournaments,
    )


def standings_embed(page: StandingsPage, locale: str) -> discord.Embed:
    """One page of a season's standings."""
    embed = discord.Embed(
        title=t("season.standings_title", locale, name=page.season.name), colour=EMBED_COLOUR
    )
    lines = standings_lines(page, locale) or [t("season.empty", locale)]
    embed.description = "\n".join([_about(page, locale), "", *lines])
    embed.set_footer(text=t("leaderboard.footer", locale, page=page.page, pages=page.pages))
    return embed


def season_end_embed(page: StandingsPage, locale: str) -> discord.Embed:
    """The post at a season's end: its champion and the first page of its standings."""
    embed = discord.Embed(
        title=t("season.over_title", locale, name=page.season.name), colour=EMBED_COLOUR
    )
    if page.entries:
        first = page.entries[0]
        top = t(
            "season.champion",
            locale,
            user=f"<@{first.user_id}>",
            points=decimal(first.points, locale, places=2),
        )
        lines = standings_lines(page, locale)
    else:
        top, lines = t("season.nobody", locale), []
    embed.description = "\n".join([top, _about(page, locale), "", *lines]).rstrip()
    # How a round that stopped before recording the post finds it (cogs/seasons.py).
    embed.set_footer(text=t("season.end_footer", locale, id=page.season.id))
    return embed


def records_embed(records: ServerRecords, locale: str) -> discord.Embed:
    """The server's records, each with its holder, or that nobody holds it yet."""
    embed = discord.Embed(title=t("records.title", locale), colour=EMBED_COLOUR)
    for key, record in (
        ("biggest_pot", records.biggest_pot),
        ("most_tournaments_won", records.most_tournaments_won),
        ("longest_winning_streak", records.longest_winning_streak),
    ):
        value = (
            t("records.nobody", locale)
            if record is None
            else t(f"records.{key}.value", locale, user=f"<@{record.user_id}>", value=record.value)
        )
        embed.add_field(name=t(f"records.{key}", locale), value=value, inline=False)
    return embed
