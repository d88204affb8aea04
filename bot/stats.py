"""Statistics and leaderboards of one server, read from balances, seats,
``hand_players`` and ``tournament_entries``.

The table runner writes one ``hand_players`` row per player when a hand
finishes (never for a voided hand). A hand counts as won by a player when a
pot awarded them chips (``won_chips > 0``), so both winners of a split pot have
won it. "Chips" means everything a player owns here: their balance plus the
stacks they have in front of them at cash tables.

Computer players (negative ids, :mod:`bot.house_bank`) have no balance and
are never ranked; a member's record against them is :class:`AgainstComputers`.

Tournament chips are not chips: net winnings, the biggest pot and the chips
leaderboard count cash tables only, while hands played and won count every
hand. A tournament's result is its place and prize (:class:`TournamentStats`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, get_args

from bot.database import Database
from bot.member_records import FORGOTTEN_BASE

LeaderboardBy = Literal["chips", "net", "hands_won"]
LEADERBOARDS: Final[tuple[LeaderboardBy, ...]] = get_args(LeaderboardBy)
MAX_PAGE_SIZE: Final = 100

_CHIPS_BY_PLAYER: Final = """
    SELECT balances.user_id AS user_id,
           balances.chips + COALESCE((
               SELECT SUM(seats.stack) FROM seats JOIN tables ON tables.id = seats.table_id
               WHERE tables.guild_id = balances.guild_id AND seats.user_id = balances.user_id
                 AND tables.tournament = 0 AND tables.session_chips = 0
           ), 0) AS value
    FROM balances WHERE balances.guild_id = :guild AND balances.user_id < :forgotten
"""
_NET_BY_PLAYER: Final = """
    SELECT user_id, SUM(net) AS value FROM hand_players
    WHERE guild_id = :guild AND tournament = 0 AND user_id > 0 AND user_id < :forgotten
    GROUP BY user_id
"""
_HANDS_WON_BY_PLAYER: Final = """
    SELECT user_id, COUNT(*) AS value FROM hand_players
    WHERE guild_id = :guild AND won_chips > 0 AND user_id > 0 AND user_id < :forgotten
    GROUP BY user_id
"""
_BY_PLAYER: Final[dict[LeaderboardBy, str]] = {
    "chips": _CHIPS_BY_PLAYER,
    "net": _NET_BY_PLAYER,
    "hands_won": _HANDS_WON_BY_PLAYER,
}


@dataclass(frozen=True, slots=True)
class LeaderboardEntry:
    rank: int
    user_id: int
    value: int


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    """One page of a leaderboard, with what is needed to offer the next."""

    by: LeaderboardBy
    offset: int
    limit: int
    #: How many players the whole leaderboard has.
    total: int
    entries: tuple[LeaderboardEntry, ...]

    @property
    def page(self) -> int:
        """This page's number, from 1."""
        return self.offset // self.limit + 1

    @property
    def pages(self) -> int:
        """How many pages there are; at least 1, even when the board is empty."""
        return max(1, -(-self.total // self.limit))

    @property
    def has_previous(self) -> bool:
        return self.offset > 0

    @property
    def has_next(self) -> bool:
        return self.offset + self.limit < self.total


@dataclass(frozen=True, slots=True)
class PlayerStats:
    hands_played: int
    hands_won: int
    net: int
    biggest_pot_won: int
    showdowns_seen: int
    showdowns_won: int


@dataclass(frozen=True, slots=True)
class TournamentStats:
    """A player's finished tournaments: how many, wins, places paid, chips paid
    in buy-ins and won in prizes."""

    played: int
    won: int
    in_the_money: int
    buy_ins: int
    prizes: int

    @property
    def net(self) -> int:
        return self.prizes - self.buy_ins


@dataclass(frozen=True, slots=True)
class AgainstComputers:
    """A member's finished hands with a computer player dealt in, and their net
    result in those hands at cash tables."""

    hands: int
    net: int


@dataclass(frozen=True, slots=True)
class RecentHand:
    hand_id: int
    table_id: int
    channel_id: int
    hand_no: int
    variant: str
    ended_at: str
    net: int
    won_chips: int
    went_to_showdown: bool
    #: A tournament hand: ``net`` and ``won_chips`` are tournament chips, not a
    #: balance's (what the tournament paid is its prize, in /stats' tournaments).
    tournament: bool = False


async def leaderboard(
    database: Database, guild_id: int, by: LeaderboardBy, offset: int = 0, limit: int = 10
) -> LeaderboardPage:
    """Players of a server ranked by ``by``, best first; ties go to the lower user id."""
    if by not in _BY_PLAYER:
        raise ValueError(f"no leaderboard by {by!r}; there are {LEADERBOARDS}")
    if offset < 0 or not 1 <= limit <= MAX_PAGE_SIZE:
        raise ValueError(f"offset {offset} and limit {limit} make no page")
    by_player = _BY_PLAYER[by]
    parameters = {
        "guild": guild_id,
        "limit": limit,
        "offset": offset,
        # Forgotten members (bot.member_records) keep their rows but leave the boards.
        "forgotten": FORGOTTEN_BASE,
    }
    total: int = await database.fetch_value(
        f"SELECT COUNT(*) FROM ({by_player}) AS board", parameters
    )
    rows = await database.fetch_all(
        f"SELECT user_id, value FROM ({by_player}) AS board"
        " ORDER BY value DESC, user_id LIMIT :limit OFFSET :offset",
        parameters,
    )
    entries = tuple(
        LeaderboardEntry(offset + index + 1, row["user_id"], row["value"])
        for index, row in enumerate(rows)
    )
    return LeaderboardPage(by, offset, limit, total, entries)


async def player_stats(database: Database, guild_id: int, user_id: int) -> PlayerStats:
    """One player's totals over every finished hand they played on a server
    (chips won and lost at cash tables only)."""
    row = await database.fetch_one(
        "SELECT COUNT(*) AS hands_played,"
        " COUNT(*) FILTER (WHERE won_chips > 0) AS hands_won,"
        " COALESCE(SUM(CASE WHEN tournament = 0 THEN net END), 0) AS net,"
        " COALESCE(MAX(CASE WHEN tournament = 0 THEN won_chips END), 0) AS biggest_pot_won,"
        " COALESCE(SUM(went_to_showdown), 0) AS showdowns_seen,"
        " COALESCE(SUM(won_at_showdown), 0) AS showdowns_won"
        " FROM hand_players WHERE guild_id = ? AND user_id = ?",
        (guild_id, user_id),
    )
    assert row is not None, "an aggregate always has a row"
    return PlayerStats(**dict(row))


async def against_computers(database: Database, guild_id: int, user_id: int) -> AgainstComputers:
    """How the player did in the hands they played with computer players."""
    row = await database.fetch_one(
        "SELECT COUNT(*) AS hands,"
        " COALESCE(SUM(CASE WHEN me.tournament = 0 THEN me.net END), 0) AS net"
        " FROM hand_players me WHERE me.guild_id = ? AND me.user_id = ?"
        " AND EXISTS (SELECT 1 FROM hand_players them"
        " WHERE them.hand_id = me.hand_id AND them.user_id < 0)",
        (guild_id, user_id),
    )
    assert row is not None, "an aggregate always has a row"
    return AgainstComputers(**dict(row))


async def tournament_stats(database: Database, guild_id: int, user_id: int) -> TournamentStats:
    """The player's tournaments on a server that are over (their table closed)."""
    row = await database.fetch_one(
        "SELECT COUNT(*) AS played,"
        " COUNT(*) FILTER (WHERE e.place = 1) AS won,"
        " COUNT(*) FILTER (WHERE e.prize > 0) AS in_the_money,"
        " COALESCE(SUM(e.buy_in), 0) AS buy_ins,"
        " COALESCE(SUM(e.prize), 0) AS prizes"
        " FROM tournament_entries e JOIN tables t ON t.id = e.table_id"
        " WHERE e.guild_id = ? AND e.user_id = ? AND t.status = 'closed'",
        (guild_id, user_id),
    )
    assert row is not None, "an aggregate always has a row"
    return TournamentStats(**dict(row))


async def recent_hands(
    database: Database, guild_id: int, user_id: int, limit: int = 5
) -> list[RecentHand]:
    """The player's last finished hands on a server, newest first."""
    if not 1 <= limit <= MAX_PAGE_SIZE:
        raise ValueError(f"limit {limit} is not from 1 to {MAX_PAGE_SIZE}")
    rows = await database.fetch_all(
        "SELECT hands.id AS hand_id, hands.table_id, tables.channel_id, hands.hand_no,"
        " hands.variant, hands.ended_at, hand_players.net, hand_players.won_chips,"
        " hand_players.went_to_showdown, hand_players.tournament"
        " FROM hand_players"
        " JOIN hands ON hands.id = hand_players.hand_id"
        " JOIN tables ON tables.id = hands.table_id"
        " WHERE hand_players.guild_id = ? AND hand_players.user_id = ?"
        " ORDER BY hands.ended_at DESC, hands.id DESC LIMIT ?",
        (guild_id, user_id, limit),
    )
    return [
        RecentHand(
            **{
                **dict(row),
                "went_to_showdown": bool(row["went_to_showdown"]),
                "tournament": bool(row["tournament"]),
            }
        )
        for row in rows
    ]


async def games_played(database: Database, guild_id: int) -> dict[str, int]:
    """How many hands of each game (by code) were finished on a server."""
    rows = await database.fetch_all(
        "SELECT hands.variant AS variant, COUNT(*) AS hands FROM hands"
        " JOIN tables ON tables.id = hands.table_id"
        " WHERE tables.guild_id = ? AND hands.status = 'finished' GROUP BY hands.variant",
        (guild_id,),
    )
    return {row["variant"]: row["hands"] for row in rows}
