"""What the database says each hand dealt: the truth the end-to-end tests check
what members saw against.

Every hand is dealt again from its write-ahead log (``hands.initial`` and
``hand_actions``) with the runner's own :func:`~bot.tables.hand_log.replay`,
which gives every card each player was dealt (their own, and in a draw game
the ones they threw away too), the cards dealt face up, the board, and whose
cards were shown at the showdown.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from bot.database import Database
from bot.tables.hand_log import LoggedAction, replay
from engine.actions import ShowOrMuck
from engine.cards import Card, parse_cards
from engine.events import (
    BoardDealt,
    DrawAceShown,
    HandMucked,
    HandShown,
    HoleCardsDealt,
    StreetStarted,
    UpCardsDealt,
)
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
    #: Every card dealt to each player, face down or up, drawn or thrown away.
    hole_cards: dict[int, tuple[Card, ...]]
    board: tuple[Card, ...]
    #: Cards everybody saw as they were dealt: stud's up cards, an ace shown to draw four.
    face_up: frozenset[Card]
    #: The cards each player showed at the showdown, or chose to show once the
    #: hand was over (mucked and folded hands are otherwise absent).
    shown: dict[int, tuple[Card, ...]]
    #: The cards drawn for the button when this hand started a game: public.
    button_draw: tuple[Card, ...]
    #: All in: the hands turned up once the betting was over, before the rest
    #: was dealt (and run it twice offered), for everybody from then on.
    tabled: frozenset[Card] = frozenset()
    #: The board cards a rabbit hunt showed after the hand: for everybody.
    #: Read from the deck (:func:`rabbit_from_deck`), not from the engine's hunt.
    rabbit: tuple[Card, ...] = ()
    #: At the showdown, each player who chose to show or muck (by user id) and
    #: the cards shown before that choice: public while the player chooses.
    shown_before: dict[int, frozenset[Card]] = field(default_factory=dict)


async def _replayed(database: Database, hand_id: int) -> tuple[Deal, Hand]:
    row = await database.fetch_one("SELECT initial FROM hands WHERE id = ?", (hand_id,))
    assert row is not None, f"no hand {hand_id}"
    deal = deal_from_data(json.loads(row["initial"])["deal"])
    actions = await database.fetch_all(
        "SELECT seq, actor, action FROM hand_actions WHERE hand_id = ? ORDER BY seq", (hand_id,)
    )
    logged = [LoggedAction(a["seq"], a["actor"], a["action"]) for a in actions]
    return deal, replay(deal, logged)


async def shown_after(database: Database, hand_id: int) -> dict[int, tuple[Card, ...]]:
    """The cards players chose to show once hand ``hand_id`` was over."""
    rows = await database.fetch_all(
        "SELECT user_id, cards FROM hand_shows WHERE hand_id = ?", (hand_id,)
    )
    return {row["user_id"]: tuple(parse_cards(row["cards"])) for row in rows}


def dealt_to(hand: Hand, index: int) -> tuple[Card, ...]:
    """Every card hand index ``index`` was dealt, in the order dealt."""
    return tuple(
        card
        for event in hand.events
        if isinstance(event, HoleCardsDealt | UpCardsDealt) and event.player == index
        for card in event.cards
    )


def shown_before_choices(hand: Hand, players: tuple[int, ...]) -> dict[int, frozenset[Card]]:
    """Each player who chose at the showdown, and the cards shown before they did."""
    choosers = {player for player, action in hand.actions if isinstance(action, ShowOrMuck)}
    shown: set[Card] = set()
    before: dict[int, frozenset[Card]] = {}
    for event in hand.events:
        if isinstance(event, HandShown | HandMucked) and event.player in choosers:
            before.setdefault(players[event.player], frozenset(shown))
        if isinstance(event, HandShown):
            shown.update(event.cards)
    return before


def _before_the_run_out(hand: Hand, index: int) -> bool:
    """Whether event ``index`` is a hand turned up before the rest was dealt:
    all in once the betting was over (for the run-out, or when run it twice
    was offered), not at the showdown."""
    return any(isinstance(e, StreetStarted) for e in hand.events[index + 1 :])


def rabbit_from_deck(hand: Hand) -> tuple[Card, ...]:
    """The board cards a rabbit hunt may show, found in the hand's deck (its
    setup's order, the one a provably fair table commits to) without asking
    the engine's hunt: the cards after the last one dealt, street by
    street as a dealer deals them (a burn while a card is spare, then the
    street's cards to board 1, then to board 2), for the board streets the
    hand did not reach."""
    setup = hand.setup
    order = setup.deck
    assert order is not None, "a hunted hand was dealt from a known deck"
    dealt = {
        card
        for event in hand.events
        if isinstance(event, HoleCardsDealt | UpCardsDealt | BoardDealt)
        for card in event.cards
    }
    top = max(position for position, card in enumerate(order) if card in dealt) + 1
    boards = setup.board_count
    reached = len(hand.boards[0])
    cards: list[Card] = []
    board_so_far = 0
    for street in setup.variant.streets:
        if not street.board:
            continue
        board_so_far += street.board
        if board_so_far <= reached:
            continue  # dealt
        if street.burn and len(order) - top > street.board * boards:
            top += 1
        for _ in range(boards):
            count = min(street.board, len(order) - top)
            cards += order[top : top + count]
            top += count
    return tuple(cards)


async def hand_records(database: Database) -> list[HandRecord]:
    """Every hand in the database, oldest first."""
    records = []
    rows = await database.fetch_all(
        "SELECT id, table_id, hand_no, status, result FROM hands ORDER BY id"
    )
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
                    user_id: dealt_to(hand, index) for index, user_id in enumerate(players)
                },
                # Every board: a second run, or a double-board bomb pot.
                board=tuple(card for board in hand.boards for card in board),
                face_up=frozenset(
                    card
                    for event in hand.events
                    if isinstance(event, UpCardsDealt | DrawAceShown)
                    for card in (event.cards if isinstance(event, UpCardsDealt) else (event.card,))
                ),
                shown={
                    **{
                        players[event.player]: tuple(event.cards)
                        for event in hand.events
                        if isinstance(event, HandShown)
                    },
                    **await shown_after(database, row["id"]),
                },
                button_draw=tuple(card for _, card in deal.button_draw.cards)
                if deal.button_draw is not None
                else (),
                tabled=frozenset(
                    card
                    for offered, event in enumerate(hand.events)
                    if isinstance(event, HandShown) and _before_the_run_out(hand, offered)
                    for card in event.cards
                ),
                rabbit=rabbit_from_deck(hand)
                if row["result"] and json.loads(row["result"]).get("rabbit_hunted")
                else (),
                shown_before=shown_before_choices(hand, players),
            )
        )
    return records
