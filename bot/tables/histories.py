"""Hand histories in PHH: the house's full record, and the copy a player gets.

When a hand finishes the house keeps its whole history (``hands.phh``), every
card dealt included, written by :mod:`engine.phh`. A player who downloads a
hand with /history gets the same history with every face-down card they did
not see written as ``??``: they see their own cards, the board, and the hands
shown at the showdown, as they did at the table. (Tables deal no face-up hole
cards yet; a stud table would need those kept visible.)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace

from bot.database import Database
from engine.hand import Hand
from engine.phh import HandHistory, dumps, loads
from engine.phh.notation import Dealing, Discarding, Line, Showdown, parse_line
from engine.plain_data import deal_from_data


def full_history(
    hand: Hand,
    *,
    names: Sequence[str],
    table_id: int,
    hand_no: int,
    seats: Sequence[int],
    seat_count: int,
) -> str:
    """The whole history of a finished hand as ``.phh`` text."""
    history = HandHistory.from_hand(
        hand,
        players=names,
        extra={
            "table": table_id,
            "hand": hand_no,
            "seats": list(seats),
            "seat_count": seat_count,
        },
    )
    return dumps(history)


async def history_for_player(database: Database, hand_id: int, user_id: int) -> str | None:
    """A finished hand's history as the player saw it; None if they did not play it
    or it has no history."""
    row = await database.fetch_one("SELECT phh, initial FROM hands WHERE id = ?", (hand_id,))
    if row is None or not row["phh"]:
        return None
    players = deal_from_data(json.loads(row["initial"])["deal"]).players
    if user_id not in players:
        return None
    return history_seen_by(row["phh"], players.index(user_id))


def history_seen_by(text: str, player: int) -> str:
    """The history ``text`` as the player at hand index ``player`` saw the hand."""
    history = loads(text)
    lines = [parse_line(line) for line in history.actions]
    shown = {line.player for line in lines if isinstance(line, Showdown) and line.cards}
    seen = [
        _hidden(line) if _private_to_another(line, player, shown) else raw
        for raw, line in zip(history.actions, lines, strict=True)
    ]
    return dumps(replace(history, actions=tuple(seen)))


def _private_to_another(line: Line, player: int, shown: set[int]) -> bool:
    if isinstance(line, Dealing | Discarding):
        owner = line.player
        return owner is not None and owner != player and owner not in shown and bool(line.cards)
    return False


def _hidden(line: Line) -> str:
    assert isinstance(line, Dealing | Discarding) and line.player is not None
    unknown = "??" * len(line.cards)
    if isinstance(line, Dealing):
        return f"d dh p{line.player + 1} {unknown}"
    return f"p{line.player + 1} sd {unknown}"
