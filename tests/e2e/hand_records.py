"""What the database says each hand dealt: the truth the end-to-end tests check
what members saw against.

Every hand is dealt again from its write-ahead log (``hands.initial`` and
``hand_actions``) with the runner's own :func:`~bot.tables.hand_log.replay`,
which gives each player's hole cards, the board, and whose cards were shown
at the showdown. :func:`replay_finished_hand` is the audit's fourth check:
a finished hand must replay to the finishing stacks its result recorded.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.database import Database
from bot.tables.hand_log import LoggedAction, replay
from engine.cards import Card
from engine.events import HandShown
from engine.hand import Hand
from engine.plain_data import deal_from_data
from engine.table import Deal


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand as dealt and played, by Discord user id."""

    hand_id: int
    table_id: int
    hand_no: int
    status: str
    players: tuple[int, ...]
    hole_cards: dict[int, tuple[Card, ...]]
    board: tuple[Card, ...]
    #: The cards each player showed at the showdown (mucked and folded hands are absent).
    shown: dict[int, tuple[Card, ...]]
    #: The cards drawn for the button when this hand started a game: public.
    button_draw: tuple[Card, ...]


async def _replayed(database: Database, hand_id: int) -> tuple[Deal, Hand]:
    row = await database.fetch_one("SELECT initial FROM hands WHERE id = ?", (hand_id,))
    assert row is not None, f"no hand {hand_id}"
    deal = deal_from_data(json.loads(row["initial"])["deal"])
    actions = await database.fetch_all(
        "SELECT seq, actor, action FROM hand_actions WHERE hand_id = ? ORDER BY seq", (hand_id,)
    )
    logged = [LoggedAction(a["seq"], a["actor"], a["action"]) for a in actions]
    return deal, replay(deal, logged)


async def hand_records(database: Database) -> list[HandRecord]:
    """Every hand in the database, oldest first."""
    records = []
    rows = await database.fetch_all("SELECT id, table_id, hand_no, status FROM hands ORDER BY id")
    for row in rows:
        deal, hand = await _replayed(database, row["id"])
        players = tuple(deal.players)
        records.append(
            HandRecord(
                hand_id=row["id"],
                table_id=row["table_id"],
                hand_no=row["hand_no"],
                status=row["status"],
                players=players,
                hole_cards={
                    user_id: tuple(hand.hole_cards[index]) for index, user_id in enumerate(players)
                },
                board=tuple(hand.board),
                shown={
                    players[event.player]: tuple(event.cards)
                    for event in hand.events
                    if isinstance(event, HandShown)
                },
                button_draw=tuple(card for _, card in deal.button_draw.cards)
                if deal.button_draw is not None
                else (),
            )
        )
    return records


async def replay_finished_hand(database: Database, hand_id: int) -> str | None:
    """``None`` when the hand's log replays to the stacks its result recorded."""
    deal, hand = await _replayed(database, hand_id)
    result = json.loads(
        await database.fetch_value("SELECT result FROM hands WHERE id = ?", (hand_id,))
    )
    if not hand.is_complete:
        return "the log does not finish the hand"
    replayed, recorded = list(hand.finishing_stacks), result["finishing_stacks"]
    if replayed != recorded:
        return f"replayed stacks {replayed}, recorded {recorded}"
    if list(deal.players) != result["players"]:
        return f"replayed players {list(deal.players)}, recorded {result['players']}"
    return None
