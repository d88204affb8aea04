"""A player who loses their last chip at a cash table is told what they can do:
top up from their balance, or leave (a tournament announces their place instead,
:mod:`bot.tables.tournament_desk`).

The notice names them (escaped, as everywhere) without pinging anyone.
"""

from __future__ import annotations

from bot.i18n import t
from bot.render.message import OutgoingMessage
from bot.tables.state import LiveHand, TableState


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
