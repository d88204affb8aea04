"""The records of a server players compare (``/records``), read from
``hand_players`` and ``tournament_entries``.

* **Biggest pot**: the most chips one player was awarded in one cash hand
  (``won_chips``; tournament chips are not chips).
* **Most tournaments won**: first places in the server's tournaments (sit-and-gos
  and multi-table ones alike: each keeps its results in ``tournament_entries``).
* **Longest winning streak**: the most cash sessions in a row a player ended
  ahead. A session is what /stats' chart shades (:mod:`bot.play_figures`): a
  player's cash hands at one table without a pause longer than
  :data:`~bot.play_figures.SESSION_GAP`; a new table or a longer pause starts
  the next one. A session with a net of zero or less ends a streak.

Computer players (negative ids) and forgotten members (pseudonyms) hold no
record, as on every leaderboard. A tie goes to whoever set the record first
(the lower hand or table id; for a streak, the one that ended first).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.database import Database
from bot.member_records import FORGOTTEN_BASE
from bot.play_figures import SESSION_GAP


@dataclass(frozen=True, slots=True)
class Record:
    """Who holds a record, and by how much."""

    user_id: int
    value: int


@dataclass(frozen=True, slots=True)
class ServerRecords:
    biggest_pot: Record | None
    most_tournaments_won: Record | None
    longest_winning_streak: Record | None


async def server_records(database: Database, guild_id: int) -> ServerRecords:
    """The server's three records; ``None`` for one nobody holds yet."""
    pot = await database.fetch_one(
        "SELECT user_id, won_chips FROM hand_players"
        " WHERE guild_id = ? AND tournament = 0 AND won_chips > 0"
        " AND user_id > 0 AND user_id < ? ORDER BY won_chips DESC, hand_id LIMIT 1",
        (guild_id, FORGOTTEN_BASE),
    )
    wins = await database.fetch_one(
        "SELECT user_id, COUNT(*) AS won, MIN(table_id) AS first FROM tournament_entries"
        " WHERE guild_id = ? AND place = 1 AND user_id > 0 AND user_id < ?"
        " GROUP BY user_id ORDER BY won DESC, first LIMIT 1",
        (guild_id, FORGOTTEN_BASE),
    )
    return ServerRecords(
        biggest_pot=None if pot is None else Record(int(pot["user_id"]), int(pot["won_chips"])),
        most_tournaments_won=None
        if wins is None
        else Record(int(wins["user_id"]), int(wins["won"])),
        longest_winning_streak=await _longest_streak(database, guild_id),
    )


async def _longest_streak(database: Database, guild_id: int) -> Record | None:
    rows = await database.fetch_all(
        "SELECT p.user_id, p.net, hands.table_id, hands.ended_at FROM hand_players p"
        " JOIN hands ON hands.id = p.hand_id"
        " WHERE p.guild_id = ? AND p.tournament = 0 AND p.user_id > 0 AND p.user_id < ?"
        " ORDER BY p.user_id, hands.ended_at, hands.id",
        (guild_id, FORGOTTEN_BASE),
    )
    # Each player's sessions in order: (user, net of the session, when it ended).
    sessions: list[tuple[int, int, datetime]] = []
    last: tuple[int, int, datetime] | None = None
    for row in rows:
        user_id, table_id, net = int(row["user_id"]), int(row["table_id"]), int(row["net"])
        ended = datetime.fromisoformat(str(row["ended_at"]).replace("Z", "+00:00"))
        if (
            last is None
            or last[0] != user_id
            or last[1] != table_id
            or ended - last[2] > SESSION_GAP
        ):
            sessions.append((user_id, net, ended))
        else:
            sessions[-1] = (user_id, sessions[-1][1] + net, ended)
        last = (user_id, table_id, ended)
    best: tuple[int, datetime, int] | None = None  # (length, when it ended, user)
    run, run_user = 0, None
    for user_id, net, ended in sessions:
        if user_id != run_user:
            run, run_user = 0, user_id
        run = run + 1 if net > 0 else 0
        if run and (best is None or run > best[0] or (run == best[0] and ended < best[1])):
            best = (run, ended, user_id)
    return None if best is None else Record(best[2], best[0])
