"""What the channel is told when a hand is over, besides its result (which the
hand's own table message ends with, :mod:`bot.render.table_message`): the
money desk's notices, and for each player who lost their last chip at a cash
table what they can do: top up from their balance, or leave (a tournament
announces their place instead, :mod:`bot.tables.tournament_desk`).

A notice names players (escaped, as everywhere) without pinging anyone.
"""

from __future__ import annotations

from bot.i18n import t
from bot.render.message import OutgoingMessage
from bot.tables.publisher import Publisher
from bot.tables.state import LiveHand, TableState


def post_hand_over(
    publisher: Publisher,
    state: TableState,
    live: LiveHand,
    notices: tuple[OutgoingMessage, ...],
    *,
    cash_table: bool,
) -> None:
    """Post the desk's notices and the busted players' notices."""
    for notice in notices:
        publisher.post(notice)
    if cash_table:
        for notice in bust_notices(state, live):
            publisher.post(notice)


def bust_notices(state: TableState, live: LiveHand) -> list[OutgoingMessage]:
    """One notice per player of the settled hand ``live`` left seated without chips."""
    table = state.table
    busted = [
        user_id
        for user_id in live.deal.players
        if table.is_seated(user_id)
        and table.seat_of(user_id).stack == 0
        and not table.seat_of(user_id).leaving
    ]
    return [
        OutgoingMessage(
            content=t(
                "table.busted",
                state.locale,
                name=state.name(user_id),
                high=state.rules.maximum_buy_in,
            )
        )
        for user_id in busted
    ]
