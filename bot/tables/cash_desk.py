"""The money of a cash table: buy-ins from balances, top-ups between hands,
cash-outs when players leave, and every stack home when the table closes.

Each movement is one transaction with one ledger row (the cashier's), written
with the table's saved state; the engine's table says first whether it may
happen and how many chips. A player dealt into the hand in progress leaves
when it ends, and is paid out in the transaction that settles it. A jackpot
still carried when the last player leaves, or the table closes, is shared out
to the players seated (the engine says how).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from bot.buy_ins import default_buy_in
from bot.cashier import Cashier, InsufficientChips, SeatMovement
from bot.database import Transaction
from bot.render.message import OutgoingMessage
from bot.render.views import TournamentView
from bot.tables.clock import Moment
from bot.tables.errors import NotATournament
from bot.tables.hand_log import HandLog
from bot.tables.money_desk import Settled
from bot.tables.persistence import TableKeeper
from bot.tables.state import Player, TableState
from bot.tables.table_store import add_to_seats, close_table
from engine import CashOut, Deal, Departure, HandResult, Seat

log = logging.getLogger(__name__)


class CashDesk:
    """A :class:`~bot.tables.money_desk.MoneyDesk` for a cash table."""

    tournament = False

    def __init__(
        self, state: TableState, keeper: TableKeeper, cashier: Cashier, hand_log: HandLog
    ) -> None:
        self.state = state
        self.keeper = keeper
        self.cashier = cashier
        self.hand_log = hand_log
        #: Cash-outs of this moment, for telling a leaving player what they took.
        self._cash_outs: dict[int, SeatMovement] = {}

    @property
    def may_deal(self) -> bool:
        return self.state.table.can_deal

    @property
    def chips_stay_in_play(self) -> bool:
        return False

    async def join(
        self, user_id: int, name: str, *, buy_in: int | None, seat: int | None, locale: str
    ) -> SeatMovement:
        """Seat a player with chips from their balance: the buy-in they chose, or
        the default (:func:`bot.buy_ins.default_buy_in`: half the balance, within
        the table's range)."""
        state = self.state
        if buy_in is None:
            balance = await self.cashier.ensure_balance(state.record.guild_id, user_id)
            low, high = state.rules.minimum_buy_in, state.rules.maximum_buy_in
            offered = default_buy_in(balance, low=low, high=high)
            if offered is None:
                raise InsufficientChips(needed=low, available=balance)
            buy_in = offered
        amount = buy_in

        def sit() -> Seat:
            state.add_player(Player(user_id, name, locale))  # saved with the seat
            return state.table.sit(user_id, seat, buy_in=amount)

        async def pay(tx: Transaction, taken: Seat) -> SeatMovement:
            return await self.cashier.buy_in(
                state.record.guild_id, user_id, state.table_id, taken.number, amount, tx=tx
            )

        return await self.keeper.transact(sit, pay)  # all put back should it fail

    async def leave(self, user_id: int) -> bool:
        """Cash the player out now, or say they leave when the hand they are in ends."""
        self._cash_outs.pop(user_id, None)
        state = self.state

        async def pay(tx: Transaction, departure: Departure) -> Departure:
            if departure.carried_share:
                await add_to_seats(tx, state.table_id, [(departure.seat, departure.carried_share)])
            await self._pay_out(tx, departure.seat, departure.cash_out)
            return departure

        departure = await self.keeper.transact(lambda: state.table.leave(user_id), pay)
        return departure.at_end_of_hand

    def paid_out(self, user_id: int) -> SeatMovement | None:
        return self._cash_outs.pop(user_id, None)

    async def top_up(self, user_id: int, amount: int) -> SeatMovement:
        """Add chips from the balance: the engine's table says when and how many."""
        state = self.state
        seat = state.table.seat_of(user_id)

        async def pay(tx: Transaction, stack: int) -> SeatMovement:
            # The stack the table saw must be the seat's: else another process moved it.
            return await self.cashier.top_up(
                state.table_id, seat.number, amount, tx=tx, stack_before=stack - amount
            )

        return await self.keeper.transact(lambda: state.table.top_up(user_id, amount), pay)

    async def begin(self) -> None:
        raise NotATournament()

    async def close(self) -> list[SeatMovement]:
        """Void a hand in progress (every stack back to where it was when it began),
        share out a carried jackpot, and cash every player out."""
        state = self.state
        live = state.live

        def empty_the_table() -> tuple[list[CashOut], tuple[tuple[int, int], ...]]:
            cash_outs = list(state.table.void_hand()) if live is not None else []
            # A jackpot still carried goes back to the players at the table.
            shares = state.table.share_out_carried_pot()
            for seat in list(state.table.seats.values()):
                departure = state.table.leave(seat.player)
                assert departure.cash_out is not None
                cash_outs.append(CashOut(seat.player, seat.number, departure.cash_out))
            return cash_outs, shares

        async def write(
            tx: Transaction, emptied: tuple[list[CashOut], tuple[tuple[int, int], ...]]
        ) -> list[SeatMovement]:
            cash_outs, shares = emptied
            if live is not None:
                await self.hand_log.void(
                    tx,
                    hand_id=live.hand_id,
                    table_id=state.table_id,
                    deal=live.deal,
                    reason="the table was closed",
                )
            await add_to_seats(tx, state.table_id, shares)
            movements = [await self._pay_out(tx, c.seat, c.amount) for c in cash_outs]
            await close_table(tx, state.table_id)
            return [m for m in movements if m is not None]

        return await self.keeper.transact(empty_the_table, write)

    def before_deal(self) -> OutgoingMessage | None:
        return None

    async def settle(self, tx: Transaction, deal: Deal, settled: HandResult) -> None:
        """A jackpot shared out when everyone left with the hand, and the stacks of
        players who were leaving."""
        await add_to_seats(tx, self.state.table_id, settled.shared_pot)
        await self.cash_out(tx, settled.cash_outs)

    def after_settle(self) -> Settled:
        return Settled()

    async def cash_out(self, tx: Transaction, cash_outs: Iterable[CashOut]) -> None:
        for cash_out in cash_outs:
            await self._pay_out(tx, cash_out.seat, cash_out.amount)

    def saved_state(self) -> dict[str, Any]:
        return {}

    def tournament_view(self, moment: Moment) -> TournamentView | None:
        return None

    async def _pay_out(self, tx: Transaction, seat: int, amount: int | None) -> SeatMovement | None:
        """Move a leaving player's stack to their balance (``None``: nothing to do yet)."""
        if amount is None:
            return None
        table_id = self.state.table_id
        movement = await self.cashier.cash_out(table_id, seat, tx=tx)
        if movement.amount != amount:
            raise RuntimeError(
                f"table {table_id} seat {seat}: the table says {amount},"
                f" the database {movement.amount}"
            )
        self._cash_outs[movement.user_id] = movement
        return movement
