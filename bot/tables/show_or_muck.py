"""Showing cards by choice once a hand is over, until the next is dealt.

At the showdown a player whose hand cannot win shows or mucks it on their
turn, an action like a bet (:meth:`bot.tables.runner.TableRunner.show_cards`
and ``muck_cards``); a mucked hand stays mucked. Once the hand is over, who
may show what is the engine's rule (:mod:`engine.show_choices`): an
uncontested winner's whole hand or, in Hold'em, one card and later the
other, until the next deal. This part takes
the player's request for the hand that ended last, writes the cards to
``hand_shows`` in one transaction, and announces them in the channel; the
table message shows them at the player's seat (:mod:`bot.tables.view`). From
then on they are public like cards shown at the showdown:
:func:`cards_shown_after` adds them to what ``/poker verify`` opens and what
each player's ``/history`` copy shows. Nothing else of the hand becomes
public.
"""

from __future__ import annotations

from bot.database import Database, Transaction
from bot.i18n import t
from bot.render.cards import cards_text
from bot.render.message import OutgoingMessage
from bot.tables.errors import NoHandNow, NotInHand, Refused, StaleHand
from bot.tables.publisher import Publisher
from bot.tables.state import LiveHand, TableState
from engine import Card, HandShown, IllegalAction, cards_to_show, parse_cards


class ShowOrMuck:
    """Takes the players' requests to show, for one table."""

    def __init__(self, state: TableState, database: Database, publisher: Publisher) -> None:
        self.state = state
        self.database = database
        self.publisher = publisher

    def shown_at_showdown(self, user_id: int) -> tuple[Card, ...]:
        """The cards the player showed at the showdown of the hand being played
        or, if that showing ended it, of the hand that ended last."""
        for live in (self.state.live, self.state.last_hand):
            index = None if live is None else live.index_of(user_id)
            if live is not None and index is not None:
                return tuple(
                    card
                    for event in live.hand.events
                    if isinstance(event, HandShown) and event.player == index
                    for card in event.cards
                )
        return ()

    async def show(
        self, user_id: int, card_index: int | None, hand_no: int | None
    ) -> tuple[Card, ...]:
        """Show the player's cards of the last hand not shown yet, or the one at
        ``card_index``; written, then announced (with those shown before).
        Called under the table's lock."""
        last, index = hand_to_show(self.state, user_id, hand_no)
        cards = cards_for(last, index, card_index)
        shown = shown_together(last, index, cards)
        await record_show(self.database, last.hand_id, user_id, shown)
        last.shown_after[user_id] = shown
        self.publisher.post(show_notice(self.state, last, user_id))
        return cards


def hand_to_show(state: TableState, user_id: int, hand_no: int | None) -> tuple[LiveHand, int]:
    """The hand that ended last (``hand_no``, if given, must be it) and the
    player's index in it; refused while a hand is played or after the next deal."""
    last = state.last_hand
    if state.live is not None or last is None:
        raise NoHandNow()
    if hand_no is not None and hand_no != last.hand_no:
        raise StaleHand()
    index = last.index_of(user_id)
    if index is None:
        raise NotInHand()
    return last, index


def cards_for(last: LiveHand, index: int, card_index: int | None) -> tuple[Card, ...]:
    """The cards the player shows now: the engine's answer, given what they showed before."""
    before = last.shown_after.get(last.deal.players[index], ())
    try:
        return cards_to_show(last.hand, index, card_index, shown=before)
    except IllegalAction as error:
        raise Refused.from_engine(error) from None


def shown_together(last: LiveHand, index: int, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """Every card the player has shown of the last hand with ``cards``, in the
    order they hold them."""
    shown = {*last.shown_after.get(last.deal.players[index], ()), *cards}
    return tuple(card for card in last.hand.hole_cards[index] if card in shown)


async def record_show(
    database: Database, hand_id: int, user_id: int, cards: tuple[Card, ...]
) -> None:
    """Write every card the player has shown of the hand (a second show adds to the first)."""
    async with database.transaction() as tx:
        await write_show(tx, hand_id, user_id, cards)


async def write_show(tx: Transaction, hand_id: int, user_id: int, cards: tuple[Card, ...]) -> None:
    await tx.execute(
        "INSERT INTO hand_shows (hand_id, user_id, cards) VALUES (?, ?, ?)"
        " ON CONFLICT (hand_id, user_id) DO UPDATE SET cards = excluded.cards",
        (hand_id, user_id, " ".join(str(card) for card in cards)),
    )


def show_notice(state: TableState, last: LiveHand, user_id: int) -> OutgoingMessage:
    cards = last.shown_after[user_id]
    text = t(
        "table.shows_after",
        state.locale,
        name=state.name(user_id),
        hand_no=last.hand_no,
        cards=cards_text(cards),
    )
    return OutgoingMessage(content=text)


async def cards_shown_after(database: Database, hand_id: int) -> set[Card]:
    """Every card players chose to show after hand ``hand_id`` was over."""
    rows = await database.fetch_all("SELECT cards FROM hand_shows WHERE hand_id = ?", (hand_id,))
    return {card for row in rows for card in parse_cards(str(row["cards"]))}
