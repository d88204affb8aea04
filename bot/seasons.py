"""Seasons of a server: the days one runs, the points a finish earns, the
standings, and the post at its end.

A member who can manage the server starts a season (``/season start``) for
this month, this quarter, or the days they name, with one of
:data:`FORMULAS`. A tournament of the server counts for the season its end
falls in (the day its table closed, UTC) when it was played to a winner and
was not marked out of it (``/season mark season:false``, the ``season``
option of :data:`bot.table_options.SEASON_OPTIONS`): unmarked, it counts. A
multi-table tournament (bot/tournaments/floor_runner.py) keeps its results,
one row a player (a re-entry's best place), on its pool table, which is
marked and counted as a sit-and-go's table is.
Every entrant makes the field, computer players too; the standings leave out
computer players (negative ids) and forgotten members (their pseudonyms), as
every leaderboard does.

The formulas (what docs/PLAYERS.md calls them, with their sources):

* ``top_ten``: the fixed table 25-18-15-12-10-8-6-4-2-1 for the first ten
  places, whatever the field (Formula One's championship points since 2010).
* ``sqrt``: ``10 × √(entrants ÷ place)``, PokerStars' Tournament Leader Board
  formula ``10 × √n / √k × (1 + log(b + 0.25))`` without its buy-in factor
  (chips here are not dollars); many home leagues use it.
* ``field``: ``entrants − place + 1``, a point for yourself and each player
  you outlasted, the simplest home-league scoring.

The end of a season is posted once. A round first claims it
(:func:`claim_end`: ``end_claimed_at``, taken only where nobody holds it),
then posts, then records the message (:func:`record_end`). A post Discord
refuses for a passing reason gives the claim back (:func:`release_end`). A
round stopped between claiming and recording leaves a claim that goes stale
after :data:`STALE_CLAIM`; the round that takes it over first looks in the
channel for the post, which names the season's id in its footer, and records
it instead of posting again.

>>> points("top_ten", 1, 6), points("field", 2, 6), round(points("sqrt", 1, 4), 2)
(25.0, 5.0, 20.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Final, Literal, get_args

from bot.database import Database, Row
from bot.errors import CroupierError
from bot.member_records import is_forgotten

Formula = Literal["top_ten", "sqrt", "field"]
FORMULAS: Final[tuple[Formula, ...]] = get_args(Formula)
#: ``top_ten``'s points for the first ten places.
TOP_TEN_POINTS: Final = (25, 18, 15, 12, 10, 8, 6, 4, 2, 1)
#: The longest season: a year and a day (a leap year's).
MAX_SEASON_DAYS: Final = 366
MAX_NAME_LENGTH: Final = 60
#: A claim on posting a season's end older than this was left by a round that
#: stopped (a restart between claiming and recording): the next round finishes it.
STALE_CLAIM: Final = timedelta(minutes=10)
#: The words ``/season start`` takes for its period besides ``from..to``.
PERIODS: Final = ("monthly", "quarterly")


class SeasonError(CroupierError):
    """A season that cannot be started, shown or marked as asked."""

    key = "season.none"


def points(formula: Formula, place: int, entrants: int) -> float:
    """The points a finish at ``place`` of ``entrants`` earns by ``formula``."""
    if formula == "top_ten":
        return float(TOP_TEN_POINTS[place - 1]) if place <= len(TOP_TEN_POINTS) else 0.0
    if formula == "sqrt":
        return 10 * math.sqrt(entrants / place)
    return float(max(0, entrants - place + 1))


def season_dates(period: str, today: date) -> tuple[date, date]:
    """The first and last day of ``period``: ``monthly`` (this month),
    ``quarterly`` (this quarter) or ``YYYY-MM-DD..YYYY-MM-DD``.

    >>> season_dates("quarterly", date(2026, 12, 6))
    (datetime.date(2026, 10, 1), datetime.date(2026, 12, 31))
    >>> season_dates("2027-01-01..2027-03-31", date(2026, 12, 6))[1]
    datetime.date(2027, 3, 31)
    """
    text = period.strip().lower()
    if text == "monthly":
        first = today.replace(day=1)
        return first, _month_after(first) - timedelta(days=1)
    if text == "quarterly":
        first = today.replace(month=(today.month - 1) // 3 * 3 + 1, day=1)
        return first, _month_after(_month_after(_month_after(first))) - timedelta(days=1)
    start, dots, end = text.partition("..")
    try:
        if not dots:
            raise ValueError(text)
        first, last = date.fromisoformat(start.strip()), date.fromisoformat(end.strip())
    except ValueError:
        raise SeasonError("season.bad_period", period=period[:40]) from None
    return first, last


def _month_after(first: date) -> date:
    return (
        first.replace(year=first.year + 1, month=1)
        if first.month == 12
        else first.replace(month=first.month + 1)
    )


@dataclass(frozen=True, slots=True)
class Season:
    id: int
    guild_id: int
    channel_id: int
    name: str
    starts_on: date
    ends_on: date
    formula: Formula
    started_by: int
    #: When a round took the posting of its end (:func:`claim_end`), if one has.
    end_claimed_at: str | None = None
    #: The post of its end, once Discord took it.
    end_message_id: int | None = None

    def running_on(self, day: date) -> bool:
        return self.starts_on <= day <= self.ends_on


_COLUMNS: Final = (
    "id, guild_id, channel_id, name, starts_on, ends_on, formula, started_by,"
    " end_claimed_at, end_message_id"
)


def _formula(text: object) -> Formula:
    for formula in FORMULAS:
        if formula == text:
            return formula
    raise SeasonError("season.bad_formula", formula=str(text)[:40])


def _season(row: Row) -> Season:
    return Season(
        id=int(row["id"]),
        guild_id=int(row["guild_id"]),
        channel_id=int(row["channel_id"]),
        name=str(row["name"]),
        starts_on=date.fromisoformat(str(row["starts_on"])),
        ends_on=date.fromisoformat(str(row["ends_on"])),
        formula=_formula(row["formula"]),
        started_by=int(row["started_by"]),
        end_claimed_at=None if row["end_claimed_at"] is None else str(row["end_claimed_at"]),
        end_message_id=None if row["end_message_id"] is None else int(row["end_message_id"]),
    )


async def start_season(
    database: Database,
    *,
    guild_id: int,
    channel_id: int,
    started_by: int,
    name: str,
    period: str,
    formula: str,
    today: date,
) -> Season:
    """A new season of the server, or :class:`SeasonError` with nothing changed:
    a bad period or formula, one that ended already or runs longer than a year,
    or days that overlap another season's."""
    name = " ".join(name.split())
    if not 1 <= len(name) <= MAX_NAME_LENGTH:
        raise SeasonError("season.bad_name", most=MAX_NAME_LENGTH)
    chosen = _formula(formula)
    first, last = season_dates(period, today)
    if last < first or last < today:
        raise SeasonError("season.over_already", first=first.isoformat(), last=last.isoformat())
    if (last - first).days + 1 > MAX_SEASON_DAYS:
        raise SeasonError("season.too_long", days=MAX_SEASON_DAYS)
    async with database.transaction() as tx:
        other = await tx.fetch_one(
            "SELECT name, starts_on, ends_on FROM seasons"
            " WHERE guild_id = ? AND starts_on <= ? AND ends_on >= ? ORDER BY id LIMIT 1",
            (guild_id, last.isoformat(), first.isoformat()),
        )
        if other is not None:
            raise SeasonError(
                "season.overlaps",
                name=other["name"],
                first=other["starts_on"],
                last=other["ends_on"],
            )
        season_id = await tx.insert(
            "INSERT INTO seasons (guild_id, channel_id, name, starts_on, ends_on, formula,"
            " started_by) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (guild_id, channel_id, name, first.isoformat(), last.isoformat(), chosen, started_by),
        )
    return Season(season_id, guild_id, channel_id, name, first, last, chosen, started_by)


async def current_season(database: Database, guild_id: int, today: date) -> Season | None:
    """The season running today, else the one that ended last; ``None`` if none has run."""
    row = await database.fetch_one(
        f"SELECT {_COLUMNS} FROM seasons WHERE guild_id = ? AND starts_on <= ?"
        " ORDER BY ends_on DESC, id DESC LIMIT 1",
        (guild_id, today.isoformat()),
    )
    return None if row is None else _season(row)


async def season_by_id(database: Database, guild_id: int, season_id: int) -> Season:
    """A season of the server by its id (a page button's), or :class:`SeasonError`."""
    row = await database.fetch_one(
        f"SELECT {_COLUMNS} FROM seasons WHERE id = ? AND guild_id = ?", (season_id, guild_id)
    )
    if row is None:
        raise SeasonError("season.none")
    return _season(row)


async def mark_table(database: Database, table_id: int, counts: bool) -> None:
    """Mark a tournament's table in or out of the season its end falls in."""
    async with database.transaction() as tx:
        await tx.execute(
            "INSERT INTO season_tables (table_id, counts) VALUES (?, ?)"
            " ON CONFLICT (table_id) DO UPDATE SET counts = excluded.counts",
            (table_id, int(counts)),
        )


async def table_counts(database: Database, table_id: int) -> bool:
    """Whether a tournament's table counts for its season (unmarked: it does)."""
    value = await database.fetch_value(
        "SELECT counts FROM season_tables WHERE table_id = ?", (table_id,)
    )
    return value is None or bool(value)


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    user_id: int
    points: float
    tournaments: int
    wins: int


@dataclass(frozen=True, slots=True)
class StandingsPage:
    """One page of a season's standings."""

    season: Season
    offset: int
    limit: int
    total: int
    #: Tournaments that counted for the season so far.
    tournaments: int
    entries: tuple[Standing, ...]

    @property
    def page(self) -> int:
        return self.offset // self.limit + 1

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.limit))

    @property
    def has_previous(self) -> bool:
        return self.offset > 0

    @property
    def has_next(self) -> bool:
        return self.offset + self.limit < self.total


async def standings(
    database: Database, season: Season, offset: int = 0, limit: int = 10
) -> StandingsPage:
    """The season's players by points, most first (then wins, then the lower id)."""
    rows = await database.fetch_all(
        "SELECT e.table_id, e.user_id, e.place,"
        " (SELECT COUNT(*) FROM tournament_entries n WHERE n.table_id = e.table_id) AS entrants"
        " FROM tournament_entries e JOIN tables t ON t.id = e.table_id"
        " LEFT JOIN season_tables s ON s.table_id = t.id"
        " WHERE t.guild_id = ? AND t.tournament = 1 AND t.status = 'closed'"
        " AND e.place IS NOT NULL AND COALESCE(s.counts, 1) = 1"
        " AND substr(t.closed_at, 1, 10) BETWEEN ? AND ?"
        " AND EXISTS (SELECT 1 FROM tournament_entries w WHERE w.table_id = t.id AND w.place = 1)",
        (season.guild_id, season.starts_on.isoformat(), season.ends_on.isoformat()),
    )
    totals: dict[int, list[float]] = {}
    for row in rows:
        user_id = int(row["user_id"])
        if user_id < 0 or is_forgotten(user_id):
            continue
        place = int(row["place"])
        total = totals.setdefault(user_id, [0.0, 0, 0])
        total[0] += points(season.formula, place, int(row["entrants"]))
        total[1] += 1
        total[2] += place == 1
    ranked = sorted(totals.items(), key=lambda item: (-round(item[1][0], 2), -item[1][2], item[0]))
    entries = tuple(
        Standing(offset + index + 1, user_id, round(total[0], 2), int(total[1]), int(total[2]))
        for index, (user_id, total) in enumerate(ranked[offset : offset + limit])
    )
    return StandingsPage(
        season=season,
        offset=offset,
        limit=limit,
        total=len(ranked),
        tournaments=len({int(row["table_id"]) for row in rows}),
        entries=entries,
    )


def utc_stamp(moment: datetime) -> str:
    """A UTC time as the schema writes one (``2024-05-06T12:00:00.123Z``)."""
    return (
        moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"
    )


async def seasons_over(database: Database, today: date, now: datetime) -> list[Season]:
    """Seasons whose last day is past and whose end is not posted: never claimed,
    or claimed longer than :data:`STALE_CLAIM` ago by a round that did not finish."""
    rows = await database.fetch_all(
        f"SELECT {_COLUMNS} FROM seasons WHERE ends_on < ? AND end_message_id IS NULL"
        " AND (end_claimed_at IS NULL OR end_claimed_at < ?) ORDER BY id",
        (today.isoformat(), utc_stamp(now - STALE_CLAIM)),
    )
    return [_season(row) for row in rows]


async def claim_end(database: Database, season: Season, now: datetime) -> bool:
    """Take the posting of a season's end; ``False`` when another round has
    since. A claim is taken only from what :func:`seasons_over` read (none, or
    the same stale one), so two rounds never both hold it."""
    async with database.transaction() as tx:
        sql = "UPDATE seasons SET end_claimed_at = ? WHERE id = ? AND end_message_id IS NULL"
        if season.end_claimed_at is None:
            changed = await tx.execute(
                sql + " AND end_claimed_at IS NULL", (utc_stamp(now), season.id)
            )
        else:
            changed = await tx.execute(
                sql + " AND end_claimed_at = ?", (utc_stamp(now), season.id, season.end_claimed_at)
            )
    return changed == 1


async def record_end(database: Database, season_id: int, message_id: int) -> None:
    """The post of a season's end, which Discord took: it is never posted again."""
    async with database.transaction() as tx:
        await tx.execute(
            "UPDATE seasons SET end_message_id = ? WHERE id = ?", (message_id, season_id)
        )


async def release_end(database: Database, season_id: int) -> None:
    """Give back a claim whose post Discord refused, for the next round to try again."""
    async with database.transaction() as tx:
        await tx.execute(
            "UPDATE seasons SET end_claimed_at = NULL WHERE id = ? AND end_message_id IS NULL",
            (season_id,),
        )
