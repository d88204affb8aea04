"""What ``/poker verify`` opens of a provably fair hand, for the person asking.

While a hand is played only its commitment is known. Once it is over, the
hand is dealt again from its log and each card someone saw is opened
(:mod:`engine.fairness`): to everybody the board, cards dealt face up, aces
shown to draw four and hands shown at showdown; to a player dealt in, their
own hole cards as well. Cards a player chose to show once the hand was over
(:mod:`bot.tables.show_or_muck`) and the board cards a rabbit hunt showed are
opened to everybody too. A folded hand stays closed for everyone else.

In a draw game the deck's positions would tell which of an opponent's shown
cards were dealt first and which were drawn (the first deal takes the top of
the deck), so every card of an opponent who drew stays closed, shown or not:
the table saw the hand, not the order it came in. The asker's own cards are
opened whatever they drew.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from bot.database import Database
from bot.tables.hand_log import replay_logged_hand
from bot.tables.show_or_muck import cards_shown_after
from engine import (
    Card,
    Event,
    HoleCardsDealt,
    Opening,
    cards_seen_by,
    deal_from_data,
    open_cards,
    players_who_drew,
)


@dataclass(frozen=True, slots=True)
class HandOpening:
    """A hand's commitment and, once it is over, the opening the asker may see.

    ``opening`` is ``None`` while the hand is played, and when a voided hand's
    log cannot be dealt again (then nothing is opened).
    """

    commitment: str | None
    over: bool
    opening: Opening | None
    #: The hand was voided (not played to its end), rather than over.
    voided: bool = False


async def hand_opening(
    database: Database, table_id: int, hand_no: int, user_id: int
) -> HandOpening | None:
    """The opening of hand ``hand_no`` for ``user_id``; ``None`` if there is no such hand."""
    row = await database.fetch_one(
        "SELECT id, status, initial, commitment, secret, result FROM hands"
        " WHERE table_id = ? AND hand_no = ?",
        (table_id, hand_no),
    )
    if row is None:
        return None
    commitment = row["commitment"]
    over = row["status"] != "in_progress"
    voided = row["status"] == "voided"
    if not over or commitment is None or row["secret"] is None:
        return HandOpening(commitment, over, None, voided)
    try:
        deal, hand = await replay_logged_hand(database, row["id"])
    except Exception:  # a voided hand whose log does not replay: open nothing
        deal = deal_from_data(json.loads(row["initial"])["deal"])
        nothing = open_cards(deal.setup.deck or (), row["secret"], ())
        return HandOpening(commitment, over, nothing, voided)
    deck = deal.setup.deck or ()
    player = deal.players.index(user_id) if user_id in deal.players else None
    seen = cards_seen_by(hand.events, player) - cards_of_drawing_opponents(hand.events, player)
    seen |= await cards_shown_after(database, row["id"])
    if row["result"] and json.loads(row["result"]).get("rabbit_hunted"):
        seen |= set(hand.rabbit_cards())  # shown to the table by the rabbit hunt
    positions = [position for position, card in enumerate(deck) if card in seen]
    return HandOpening(commitment, over, open_cards(deck, row["secret"], positions), voided)


def cards_of_drawing_opponents(events: Sequence[Event], player: int | None) -> set[Card]:
    """Every card dealt to a player other than ``player`` who drew in a draw game."""
    drew = {other for other in players_who_drew(events) if other != player}
    return {
        card
        for event in events
        if isinstance(event, HoleCardsDealt) and event.player in drew
        for card in event.cards
    }
