"""Automatic top-ups, as online rooms have them: a player who chose one
(``/poker autotopup``) has their stack at a server's cash tables brought back
up to ``up_to`` from their balance whenever it is below ``below`` between
hands, never above the table's maximum buy-in, and a busted stack only when
the balance reaches the table's minimum. Each is an ordinary top-up (the
money desk's, one transaction with its ledger row); one that cannot be paid
waits for the next hand.

The choice is kept per player and server in ``auto_top_ups``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from bot.cashier import Cashier
from bot.database import Database, Reader
from bot.errors import CroupierError
from bot.tables.money_desk import MoneyDesk
from bot.tables.state import TableState

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class AutoTopUp:
    """Back up to ``up_to`` whenever the stack is below ``below``."""

    below: int
    up_to: int


async def set_auto_top_up(
    database: Database, guild_id: int, user_id: int, choice: AutoTopUp | None
) -> None:
    """Keep the player's choice on the server (``None``: no automatic top-ups)."""
    async with database.transaction() as tx:
        if choice is None:
            await tx.execute(
                "DELETE FROM auto_top_ups WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
            )
            return
        await tx.execute(
            "INSERT INTO auto_top_ups (guild_id, user_id, below, up_to) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (guild_id, user_id) DO UPDATE SET"
            " below = excluded.below, up_to = excluded.up_to",
            (guild_id, user_id, choice.below, choice.up_to),
        )


async def auto_top_ups_of(
    database: Reader, guild_id: int, user_ids: list[int]
) -> dict[int, AutoTopUp]:
    """The choices of these players on the server, by player."""
    if not user_ids:
        return {}
    marks = ",".join("?" * len(user_ids))
    rows = await database.fetch_all(
        "SELECT user_id, below, up_to FROM auto_top_ups"
        f" WHERE guild_id = ? AND user_id IN ({marks})",
        (guild_id, *user_ids),
    )
    return {row["user_id"]: AutoTopUp(row["below"], row["up_to"]) for row in rows}


async def top_up_automatically(
    state: TableState, desk: MoneyDesk, cashier: Cashier, database: Reader
) -> int:
    """Between hands, under the runner's lock: every seated player whose choice
    says so is topped up; how many were."""
    if desk.tournament or state.settings.session_chips:
        # A rebuy in session chips is settled in money among friends: their own call.
        return 0
    table, rules = state.table, state.rules
    seated = [
        seat
        for seat in table.seats.values()
        if seat.player > 0 and not seat.leaving and not table.in_current_hand(seat.player)
    ]
    choices = await auto_top_ups_of(database, state.record.guild_id, [s.player for s in seated])
    done = 0
    for seat in seated:
        choice = choices.get(seat.player)
        if choice is None or seat.stack >= choice.below:
            continue
        wanted = min(choice.up_to, rules.maximum_buy_in) - seat.stack
        balance = await cashier.balance(state.record.guild_id, seat.player) or 0
        amount = min(wanted, balance)
        if amount < 1 or (seat.stack == 0 and amount < rules.minimum_buy_in):
            continue
        try:
            await desk.top_up(seat.player, amount)
        except CroupierError as refused:  # the next hand tries again
            log.debug("No automatic top-up for %s: %s", seat.player, refused.message_key)
            continue
        done += 1
    return done
