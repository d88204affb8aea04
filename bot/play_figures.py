"""The figures players compare, and the chips behind a player's chart, from
the hand logs the bot already keeps.

* **VPIP**: the share of hands in which the player put chips in voluntarily
  in the first betting round; **PFR**: in which they bet or raised there.
* **Aggression**: bets and raises per call, over every round.
* **Went to showdown**: the share of hands that saw a second round which the
  player took to the showdown; **won at showdown**: the share of those won.
* **bb/100**: big blinds won per 100 hands, at cash tables.

What a hand says about each player (:func:`engine.tendencies.habits`) is
worked out once, by dealing the hand again from its log, the first time
someone's figures need it, and kept in ``hand_habits`` (migration 0006); a
finished hand never changes. The chart's points are each cash hand's net
result, in order, split into sessions: a new table, or a pause of more than
:data:`SESSION_GAP`.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from bot.database import Database
from bot.render.views import ChipPoint
from bot.tables.hand_log import replay_logged_hand
from engine import big_blind_of, habits

log = logging.getLogger(__name__)

#: A pause this long between two hands starts a new session.
SESSION_GAP: Final = timedelta(minutes=30)
#: Hands the chart shows at most.
CHART_HANDS: Final = 500
#: Hands dealt again per transaction while filling ``hand_habits``.
_BATCH: Final = 50


@dataclass(frozen=True, slots=True)
class PlayFigures:
    """A player's figures, in percent where they are shares; ``None`` where
    there is nothing to divide by yet."""

    hands: int
    vpip: float | None
    pfr: float | None
    aggression: float | None
    went_to_showdown: float | None
    won_at_showdown: float | None
    bb_per_100: float | None


async def play_figures(database: Database, guild_id: int, user_id: int) -> PlayFigures:
    """The player's figures over every hand they finished on the server."""
    await record_habits(database, guild_id, user_id)
    row = await database.fetch_one(
        "SELECT COUNT(*) AS hands,"
        " COALESCE(SUM(h.voluntarily_put_in), 0) AS vpip,"
        " COALESCE(SUM(h.raised_first), 0) AS pfr,"
        " COALESCE(SUM(h.aggressive_actions), 0) AS aggressive,"
        " COALESCE(SUM(h.calls), 0) AS calls,"
        " COALESCE(SUM(h.saw_second_round), 0) AS saw_second,"
        " COUNT(*) FILTER (WHERE h.saw_second_round = 1 AND p.went_to_showdown = 1)"
        "   AS showdowns,"
        " COALESCE(SUM(p.went_to_showdown), 0) AS all_showdowns,"
        " COALESCE(SUM(p.won_at_showdown), 0) AS won_showdowns,"
        " COUNT(*) FILTER (WHERE p.tournament = 0) AS cash_hands,"
        " COALESCE(SUM(CASE WHEN p.tournament = 0"
        "   THEN CAST(p.net AS DOUBLE PRECISION) / h.big_blind END), 0) AS big_blinds"
        " FROM hand_players p JOIN hand_habits h"
        "   ON h.hand_id = p.hand_id AND h.user_id = p.user_id"
        " WHERE p.guild_id = ? AND p.user_id = ?",
        (guild_id, user_id),
    )
    assert row is not None, "an aggregate always has a row"
    hands = int(row["hands"])
    return PlayFigures(
        hands=hands,
        vpip=_percent(row["vpip"], hands),
        pfr=_percent(row["pfr"], hands),
        aggression=row["aggressive"] / row["calls"] if row["calls"] else None,
        went_to_showdown=_percent(row["showdowns"], row["saw_second"]),
        won_at_showdown=_percent(row["won_showdowns"], row["all_showdowns"]),
        bb_per_100=100 * row["big_blinds"] / row["cash_hands"] if row["cash_hands"] else None,
    )


def _percent(part: int, whole: int) -> float | None:
    return 100 * part / whole if whole else None


async def record_habits(database: Database, guild_id: int, user_id: int) -> int:
    """Work out and keep the habits of the player's finished hands not yet
    recorded (for every player of those hands); return how many hands."""
    rows = await database.fetch_all(
        "SELECT p.hand_id FROM hand_players p"
        " LEFT JOIN hand_habits h ON h.hand_id = p.hand_id AND h.user_id = p.user_id"
        " WHERE p.guild_id = ? AND p.user_id = ? AND h.hand_id IS NULL ORDER BY p.hand_id",
        (guild_id, user_id),
    )
    hand_ids = [row["hand_id"] for row in rows]
    for start in range(0, len(hand_ids), _BATCH):
        found = []
        for hand_id in hand_ids[start : start + _BATCH]:
            try:
                deal, hand = await replay_logged_hand(database, hand_id)
            except Exception:  # a log that no longer replays is the audit's finding
                log.warning("Hand %s does not replay; left out of the figures", hand_id)
                continue
            big_blind = big_blind_of(deal.setup)
            for player, habit in zip(deal.players, habits(hand), strict=True):
                found.append((hand_id, player, habit, big_blind))
            await asyncio.sleep(0)  # dealing hands again is CPU work: let others run
        async with database.transaction() as tx:
            for hand_id, player, habit, big_blind in found:
                await tx.execute(
                    "INSERT INTO hand_habits (hand_id, user_id, voluntarily_put_in,"
                    " raised_first, aggressive_actions, calls, saw_second_round, big_blind)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (hand_id, user_id) DO NOTHING",
                    (
                        hand_id,
                        player,
                        habit.voluntarily_put_in,
                        habit.raised_first,
                        habit.aggressive_actions,
                        habit.calls,
                        habit.saw_second_round,
                        big_blind,
                    ),
                )
    return len(hand_ids)


async def chip_points(
    database: Database, guild_id: int, user_id: int, limit: int = CHART_HANDS
) -> list[ChipPoint]:
    """The player's last ``limit`` cash hands on the server, oldest first, by session."""
    rows = await database.fetch_all(
        "SELECT * FROM (SELECT p.net, hands.table_id, hands.ended_at, hands.id"
        " FROM hand_players p JOIN hands ON hands.id = p.hand_id"
        " WHERE p.guild_id = ? AND p.user_id = ? AND p.tournament = 0"
        " ORDER BY hands.ended_at DESC, hands.id DESC LIMIT ?) AS recent"
        " ORDER BY ended_at, id",
        (guild_id, user_id, limit),
    )
    points: list[ChipPoint] = []
    session, last_table, last_time = 0, None, None
    for row in rows:
        ended = datetime.fromisoformat(str(row["ended_at"]).replace("Z", "+00:00"))
        if last_table is not None and (
            row["table_id"] != last_table or last_time is None or ended - last_time > SESSION_GAP
        ):
            session += 1
        points.append(ChipPoint(int(row["net"]), session))
        last_table, last_time = row["table_id"], ended
    return points
