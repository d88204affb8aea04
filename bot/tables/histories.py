"""Hand histories in PHH: the house's full record, and the copy a player gets.

When a hand finishes the house keeps its whole history (``hands.phh``), every
card dealt included, written by :mod:`engine.phh`. A player who downloads a
hand with /history gets the same history with every card they did not see
written as ``??``: they see their own cards, the board, up cards and the
hands shown at the showdown, as they did at the table. A card someone threw
away unseen (a draw, Pineapple's discard) stays hidden even when that player
showed down later, and so does everything a folded player held.

In a draw game the order of an opponent's cards would tell which were dealt
first and which were drawn (``d dh p1 ????2d7c4h`` kept three), so for an
opponent who drew every dealing line is hidden whole and their shown hand is
written in rank order: the copy still replays (the shown cards stand for the
hidden ones, see :mod:`engine.phh.hidden_cards`) to the same stacks.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import replace

from bot.database import Database
from bot.render.names import plain_name
from bot.tables.hand_log import replay_logged_hand
from engine.cards import Card
from engine.events import CardsDiscarded, cards_seen_by
from engine.hand import Hand
from engine.phh import HandHistory, dumps, loads
from engine.phh.notation import Dealing, Discarding, Line, Showdown, parse_line


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
    return history_seen_by(
        str(text), player, cards_seen_by(hand.events, player), drew=drawing_players(hand.events)
    )


def drawing_players(events: Iterable[object]) -> set[int]:
    """The hand indices of the players who drew at least one card."""
    return {
        event.player
        for event in events
        if isinstance(event, CardsDiscarded) and event.replaced and event.count > 0
    }


def history_seen_by(
    text: str, player: int, seen: Collection[Card], *, drew: Collection[int] = ()
) -> str:
    """The history ``text`` as the player at hand index ``player`` saw the hand:
    every card dealt to or thrown away by another player that is not in
    ``seen`` is written ``??``; every card dealt to another player who ``drew``
    too, and that player's shown hand is in rank order."""
    history = loads(text)
    hidden = {other for other in drew if other != player}
    lines = [_masked(parse_line(raw), player, seen, hidden) or raw for raw in history.actions]
    return dumps(replace(history, actions=tuple(lines)))


def _in_rank_order(cards: Iterable[Card | None]) -> list[Card | None]:
    known = sorted((card for card in cards if card is not None), key=lambda c: (-c.rank, c.suit))
    return [*known, *(None for card in cards if card is None)]


def _masked(line: Line, player: int, seen: Collection[Card], hidden: Collection[int]) -> str | None:
    """The line with the cards ``player`` did not see hidden, or None if it shows nothing hidden."""
    if isinstance(line, Showdown) and line.player in hidden and line.show and line.cards:
        shown = "".join("??" if c is None else str(c) for c in _in_rank_order(line.cards))
        return f"p{line.player + 1} sm {shown}"
    if isinstance(line, Dealing) and line.player is not None and line.player in hidden:
        return f"d dh p{line.player + 1} " + "??" * len(line.cards)
    if not isinstance(line, Dealing | Discarding) or line.player in (None, player):
        return None
    # Cards thrown away are never shown, even if the stub brings one back to a
    # hand that shows down later: hiding them all tells nobody who discarded what.
    visible = seen if isinstance(line, Dealing) else ()
    if all(card is None or card in visible for card in line.cards):
        return None
    cards = "".join(
        "??" if card is None or card not in visible else str(card) for card in line.cards
    )
    if isinstance(line, Dealing):
        return f"d dh p{line.player + 1} {cards}"
    return f"p{line.player + 1} sd {cards}"
