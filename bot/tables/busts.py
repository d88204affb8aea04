"""What the channel is told when a hand is over: its result (posted again
after a restart should the process die first, :mod:`bot.tables.restore`), the
money desk's notices, and for each player who lost their last chip at a cash
table the one thing they can do right now to play again (:mod:`bot.way_back`:
top up from their balance, take the server's refill now or at a time named,
claim the daily chips, or ask a member who can manage the server); a
tournament announces their place instead (:mod:`bot.tables.tournament_desk`).

A notice names players (escaped, as everywhere) without pinging anyone.
"""

from __future__ import annotations

from datetime import UTC, datetime

from bot.render.message import OutgoingMessage
from bot.tables.publisher import Publisher
from bot.tables.services import TableServices
from bot.tables.state import LiveHand, TableState
from bot.way_back import next_step_for


async def post_hand_over(
    publisher: Publisher,
    state: TableState,
    live: LiveHand,
    notices: tuple[OutgoingMessage, ...],
    *,
    cash_table: bool,
    services: TableServices,
) -> None:
    """Post the settled hand's result (``notices[0]``), the desk's notices, and
    the busted players' notices; the result, once handed over, is no longer owed."""
    hand_id = live.hand_id

    def result_posted() -> None:
        state.result_posted(hand_id)  # saved with the table's next change

    result, *others = notices
    publisher.post(result, then=result_posted)
    for notice in others:
        publisher.post(notice)
    if cash_table:
        for notice in await bust_notices(state, live, services):
            publisher.post(notice)


async def bust_notices(
    state: TableState, live: LiveHand, services: TableServices
) -> list[OutgoingMessage]:
    """One notice per player of the settled hand ``live`` left seated without
    chips, naming what they can do now."""
    table = state.table
    busted = [
        user_id
        for user_id in live.deal.players
        if table.is_seated(user_id)
        and table.seat_of(user_id).stack == 0
        and not table.seat_of(user_id).leaving
    ]
    minimum = state.rules.minimum_buy_in
    notices = []
    for user_id in busted:
        step = await next_step_for(
            services.cashier,
            services.database,
            state.record.guild_id,
            user_id,
            table_minimum=minimum,
            default_minimum=minimum,
            now=datetime.fromtimestamp(services.clock.wall_now(), UTC),
        )
        notices.append(
            OutgoingMessage(content=step.bust_notice(state.locale, name=state.name(user_id)))
        )
    return notices
