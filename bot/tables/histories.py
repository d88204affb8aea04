"""Hand histories in PHH: the house's full record, and the copy a player gets.

When a hand finishes the house keeps its whole history (``hands.phh``), every
card dealt included, written by :mod:`engine.phh` with the table's metadata
and the players' names as they typed them. A player who downloads a hand
with /history gets the same history with every card they did not see written
as ``??`` (:func:`engine.phh.history_seen_by` says which, and hides the order
of an opponent's cards in a draw game), as they saw the hand at the table
(cards shown by choice once the hand was over included:
:mod:`bot.tables.show_or_muck`).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.database import Database
from bot.render.names import plain_name
from bot.tables.hand_log import replay_logged_hand
from bot.tables.show_or_muck import cards_shown_after
from engine import Hand, cards_seen_by, players_who_drew
from engine.phh import HandHistory, dumps, history_seen_by, loads


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
        # Names are kept escaped for Discord's markdown; a file has them as typed.
        players=[plain_name(name) for name in names],
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
    text = await database.fetch_value("SELECT phh FROM hands WHERE id = ?", (hand_id,))
    if not text:
        return None
    deal, hand = await replay_logged_hand(database, hand_id)
    if user_id not in deal.players:
        return None
    player = deal.players.index(user_id)
    seen = cards_seen_by(hand.events, player) | await cards_shown_after(database, hand_id)
    copy = history_seen_by(loads(str(text)), player, seen, drew=players_who_drew(hand.events))
    return dumps(copy)
