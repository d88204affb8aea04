"""Closing a table without letting anyone take back a bet.

Closing a table between hands sends every chip home at once. Closing it
during a hand must not void that hand: whoever closes would escape a lost
all-in (any member may open a table, and so close it). So a table closed
during a hand is marked *closing* (saved with the table, so a restart keeps
it): nothing new is dealt, nobody joins, the hand is played out (the clock
acting for whoever does not), and once it is settled every stack goes home.
The table message says the table closes after this hand.

Voiding the hand in progress (every stack back to where it was when the hand
began) stays possible for a member who can manage the channel, with a reason
the table is told (the cog checks the permission); a table whose channel is
gone is voided the same way, since nobody can play its hand any more.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from bot.cashier import SeatMovement
from bot.i18n import t
from bot.render.message import OutgoingMessage
from bot.tables.money_desk import MoneyDesk
from bot.tables.persistence import TableKeeper
from bot.tables.publisher import Publisher
from bot.tables.state import TableState

log = logging.getLogger(__name__)

#: The longest reason for voiding a hand that the table is told.
MAX_VOID_REASON = 200


@dataclass(frozen=True, slots=True)
class Closed:
    """What closing did: the stacks sent home, or (``after_hand``) nothing yet,
    since the hand in progress is played out first."""

    movements: tuple[SeatMovement, ...] = ()
    after_hand: bool = False


async def mark_closing(state: TableState, keeper: TableKeeper) -> None:
    """Deal nothing new and close when the hand in progress ends (saved, so it
    survives a restart)."""
    await keeper.save(state.close_after_hand)  # put back should the write fail


async def close_now(
    state: TableState,
    desk: MoneyDesk,
    publisher: Publisher,
    *,
    void_reason: str | None = None,
    voided_by: str = "",
) -> list[SeatMovement]:
    """Send every chip home now, voiding the hand in progress (the table is told
    who voided it and why); the table is then closed."""
    live = state.live
    after_hand = state.closing and live is None
    movements = await desk.close()
    if live is not None:
        text = t(
            "table.hand_voided_by",
            state.locale,
            hand_no=live.hand_no,
            name=voided_by,
            reason=void_reason or "",
        )
        publisher.post(OutgoingMessage(content=text))
    elif after_hand:
        publisher.post(OutgoingMessage(content=t("table.closed_after_hand", state.locale)))
    state.close()
    log.info("Table %s is closed (%d stacks sent home)", state.table_id, len(movements))
    return movements
