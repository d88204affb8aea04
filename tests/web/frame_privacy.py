"""Did a browser get a card it should not have? The web room's privacy check.

The Discord side's checker (:mod:`tests.e2e.privacy`) reads every message a
member saw; this one reads every websocket frame the room built for a viewer,
every field of it (the page shows some; the check reads them all), against
what that viewer may know at the moment the frame was built, worked out here
from the full hand, independently of the room's own code:

- every board card of the hand shown (the one being played, else the one
  that ended last), and the cards dealt face up in it (stud's up cards, an ace
  shown to draw four);
- a hand shown at the showdown (or turned up all in), and cards shown by
  choice after the hand;
- the draw for the first button;
- once the last hand's rabbit was hunted (posted to the channel), the board
  cards it would have dealt, found in the hand's deck, not asked of the engine;
- for a viewer seated in the hand, their own cards, those thrown away included.

A card is read wherever it is written: a string that is a card's name (``"As"``,
the frames' own form, or several run together) and a card written with its
suit's symbol (``A♠``) inside any sentence. The hello frame's names of all 52
cards (for screen readers) are a dictionary, not cards dealt, and are skipped
(so are a replay's, :func:`allowed_in_replay` says what a replay may show).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from bot.tables.state import TableState
from engine import Hand
from engine.events import DrawAceShown, HandShown, HoleCardsDealt, UpCardsDealt
from tests.e2e.hand_records import HandRecord, rabbit_from_deck

_SUITS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
_NAMES = re.compile(r"^(?:[2-9TJQKA][cdhs])+$")
_NAME = re.compile(r"[2-9TJQKA][cdhs]")
_SYMBOL = re.compile(r"(?<![0-9A-Za-z])(10|[2-9TJQKA])([♠♥♦♣])")


def allowed_cards(state: TableState, user_id: int | None) -> frozenset[str]:
    """What a viewer (``None``: a spectator) may know of the table now."""
    shown_from = state.live if state.live is not None else state.last_hand
    if shown_from is None:
        return frozenset()
    hand = shown_from.hand
    allowed: set[str] = {str(card) for board in hand.boards for card in board}
    index = None if user_id is None else shown_from.index_of(user_id)
    for event in hand.events:
        if isinstance(event, UpCardsDealt | HandShown):
            allowed.update(str(card) for card in event.cards)
        elif isinstance(event, DrawAceShown):
            allowed.add(str(event.card))
        elif isinstance(event, HoleCardsDealt) and index is not None and event.player == index:
            allowed.update(str(card) for card in event.cards)
    for cards in shown_from.shown_after.values():
        allowed.update(str(card) for card in cards)
    draw = shown_from.deal.button_draw
    if draw is not None:
        allowed.update(str(card) for _, card in draw.cards)
    if index is not None:
        allowed.update(str(card) for card in hand.hole_cards[index])
    if state.live is None and shown_from.rabbit_hunted:
        allowed.update(str(card) for card in rabbit_from_deck(hand))
    return frozenset(allowed)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def cards_in(frame: dict[str, Any]) -> set[str]:
    """Every card written anywhere in ``frame``."""
    if frame.get("type") in ("hello", "replay"):
        frame = {key: value for key, value in frame.items() if key != "card_names"}
    found: set[str] = set()
    for text in _strings(frame):
        if _NAMES.match(text):
            found.update(_NAME.findall(text))
        for rank, suit in _SYMBOL.findall(text):
            found.add(("T" if rank == "10" else rank) + _SUITS[suit])
    return found


def leaked(frame: dict[str, Any], allowed: frozenset[str]) -> set[str]:
    """The cards of ``frame`` its viewer may not see (empty: none)."""
    return cards_in(frame) - allowed


# ------------------------------------------------- frames from another process

# A viewer sent on to another process (web/routing.py) gets frames that process
# built: their table state is not in the test's hands, so what they may know is
# read from the database instead (tests/e2e/hand_records.py, every hand dealt
# again from its write-ahead log). A spectator's frame about hand N may show
# what hand N showed everybody by its end (board, up cards, hands shown or
# turned up, a rabbit hunt) and the draw for the button, never a card that
# stayed face down.


def public_cards(record: HandRecord) -> frozenset[str]:
    """Every card of a hand that everybody saw by the hand's end."""
    cards = {*record.board, *record.face_up, *record.tabled, *record.rabbit}
    cards.update(card for shown in record.shown.values() for card in shown)
    cards.update(card for before in record.shown_before.values() for card in before)
    cards.update(record.button_draw)
    return frozenset(str(card) for card in cards)


def spectator_leaks(frame: dict[str, Any], records: list[HandRecord]) -> set[str]:
    """The cards of a spectator's ``frame`` that nobody but their owner saw."""
    table = frame.get("table") or {}
    hand_no = table.get("hand_no")
    allowed: set[str] = set()
    for record in records:
        if record.table_id != table.get("table_id"):
            continue
        allowed.update(str(card) for card in record.button_draw)
        if record.hand_no == hand_no:
            allowed |= public_cards(record)
    return leaked(frame, frozenset(allowed))


# ----------------------------------------------------------- replays (issue 26)


def allowed_in_replay(
    hand: Hand, players: tuple[int, ...], shown_after: set[str], user_id: int | None, *, house: bool
) -> frozenset[str]:
    """What a viewer of a finished hand's replay may know, worked out here from
    the full hand dealt again: the house every card; anyone else the board,
    the up cards, hands shown, an ace shown to draw, cards shown after the
    hand; a player of the hand their own cards, those thrown away included."""
    if house:
        every = {str(card) for cards in hand.hole_cards for card in cards}
        every.update(
            str(card)
            for event in hand.events
            if isinstance(event, HoleCardsDealt)
            for card in event.cards
        )
        every.update(str(card) for board in hand.boards for card in board)
        return frozenset(every)
    allowed: set[str] = {str(card) for board in hand.boards for card in board}
    allowed.update(shown_after)
    index = players.index(user_id) if user_id in players else None
    for event in hand.events:
        if isinstance(event, UpCardsDealt | HandShown):
            allowed.update(str(card) for card in event.cards)
        elif isinstance(event, DrawAceShown):
            allowed.add(str(event.card))
        elif isinstance(event, HoleCardsDealt) and index is not None and event.player == index:
            allowed.update(str(card) for card in event.cards)
    return frozenset(allowed)
