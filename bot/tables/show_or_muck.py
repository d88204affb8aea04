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

At a table with the 7-2 bounty, an uncontested winner who shows both cards
of a seven-deuce collects it then, in the same transaction as the show: the
engine's table moves the chips from seat to seat
(:meth:`engine.Table.pay_seven_deuce_bounty`), the seats, the players'
results of the hand and the bounty are written with it
(:func:`bot.tables.hand_log.record_bounty`), and the notice and the table
message say so. The hand itself, its log and its history stay as they were
played: the bounty is a movement after it.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.database import Database, Transaction
from bot.i18n import t
from bot.render.cards import cards_text
from bot.render.message import OutgoingMessage
from bot.tables.errors import NoHandNow, NotInHand, Refused, StaleHand
from bot.tables.hand_log import record_bounty
from bot.tables.persistence import TableKeeper
from bot.tables.publisher import Publisher
from bot.tables.state import LiveHand, TableState
from engine import BountyPaid, Card, HandShown, IllegalAction, cards_to_show, parse_cards


@dataclass(frozen=True, slots=True)
class Shown:
    """Cards a player just showed, and the hand they are of."""

    hand_no: int
    cards: tuple[Card, ...]


class ShowOrMuck:
    """Takes the players' requests to show, for one table."""

    def __init__(
        self, state: TableState, database: Database, keeper: TableKeeper, publisher: Publisher
    ) -> None:
        self.state = state
        self.database = database
        self.keeper = keeper
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

    async def show(self, user_id: int, card_index: int | None, hand_no: int | None) -> Shown:
        """Show the player's cards of the last hand not shown yet, or the one at
        ``card_index``; written, then announced (with those shown before).
        Called under the table's lock."""
        state = self.state
        last, index = hand_to_show(state, user_id, hand_no)
        cards = cards_for(last, index, card_index)
        shown = shown_together(last, index, cards)

        def collect() -> BountyPaid | None:
            return state.table.pay_seven_deuce_bounty(last.deal, last.hand, user_id, shown)

        async def write(tx: Transaction, paid: BountyPaid | None) -> BountyPaid | None:
            await write_show(tx, last.hand_id, user_id, shown)
            if paid is not None:
                await write_bounty(tx, state, last, paid)
            return paid

        paid = await self.keeper.transact(collect, write)
        last.shown_after[user_id] = shown
        if paid is not None:
            last.bounty_after = paid
        self.publisher.post(show_notice(state, last, user_id))
        return Shown(last.hand_no, cards)


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


async def write_show(tx: Transaction, hand_id: int, user_id: int, cards: tuple[Card, ...]) -> None:
    """Write every card the player has shown of the hand (a second show adds to the first)."""
    await tx.execute(
        "INSERT INTO hand_shows (hand_id, user_id, cards) VALUES (?, ?, ?)"
        " ON CONFLICT (hand_id, user_id) DO UPDATE SET cards = excluded.cards",
        (hand_id, user_id, " ".join(str(card) for card in cards)),
    )


async def write_bounty(
    tx: Transaction, state: TableState, last: LiveHand, paid: BountyPaid
) -> None:
    """The bounty the engine's table just paid, and the seats it moved as they are now."""
    players = last.deal.players
    moved = [players[paid.winner], *(players[index] for index, _ in paid.payments)]
    seats = {user_id: state.table.seat_of(user_id) for user_id in moved}
    await record_bounty(
        tx,
        hand_id=last.hand_id,
        table_id=state.table_id,
        deal=last.deal,
        paid=paid,
        stacks={user_id: (seat.number, seat.stack) for user_id, seat in seats.items()},
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
    paid = last.bounty_after
    if paid is not None and last.deal.players[paid.winner] == user_id:
        name = state.name(user_id)
        text += "\n" + t("home.bounty", state.locale, name=name, amount=paid.total)
    return OutgoingMessage(content=text)


async def cards_shown_after(database: Database, hand_id: int) -> set[Card]:
    """Every card players chose to show after hand ``hand_id`` was over."""
    rows = await database.fetch_all("SELECT cards FROM hand_shows WHERE hand_id = ?", (hand_id,))
    return {card for row in rows for card in parse_cards(str(row["cards"]))}
