"""The money of a night of session chips: a cash table whose chips are worth
nothing away from it (the table option ``session_chips``).

Everyone sits with the same stack, and a top-up (a rebuy) takes session
chips too; none of it comes from a balance or goes back to one. Each buy-in,
top-up and cash-out is a row of ``session_chip_moves`` instead of the ledger,
written in the same transaction as the seat it goes with, so the session
ledger (:mod:`bot.session_ledger`) can tell the host who is up and who is
down, to settle outside Discord. The seats' chips are not counted by the audit
(``tables.session_chips``), as a tournament's are not.

Everything else is a cash table's (:class:`~bot.tables.cash_desk.CashDesk`):
the desk is one with a :class:`SessionChipCashier` in place of the cashier.
"""

from __future__ import annotations

from typing import Literal

from bot.cashier import Cashier, SeatChanged, SeatMovement, TableClosed, _check_amount
from bot.database import Transaction
from bot.tables.cash_desk import CashDesk

MoveKind = Literal["buy_in", "top_up", "cash_out"]


class SessionChipCashier(Cashier):
    """Fills and empties the seats of a table of session chips; no balance is touched.

    A movement's ``balance`` is the player's balance as it stays (0 if they have none).
    """

    @classmethod
    def beside(cls, cashier: Cashier) -> SessionChipCashier:
        return cls(cashier.database, starting_chips=cashier.starting_chips, daily=cashier.daily)

    async def buy_in(
        self,
        guild_id: int,
        user_id: int,
        table_id: int,
        seat_no: int,
        amount: int,
        *,
        tx: Transaction | None = None,
    ) -> SeatMovement:
        _check_amount(amount)
        if seat_no < 0:
            raise ValueError(f"seat numbers start at 0, not {seat_no}")
        async with self._within(tx) as tx:
            await self._open_table(tx, table_id, guild_id)
            await self._free_seat(tx, table_id, seat_no, user_id)
            await tx.execute(
                "INSERT INTO seats (table_id, seat_no, user_id, stack, total_bought_in)"
                " VALUES (?, ?, ?, ?, ?)",
                (table_id, seat_no, user_id, amount, amount),
            )
            await _record(tx, guild_id, table_id, user_id, "buy_in", amount)
            balance = await _balance(tx, guild_id, user_id)
        return SeatMovement(user_id, table_id, seat_no, amount, balance, amount)

    async def top_up(
        self,
        table_id: int,
        seat_no: int,
        amount: int,
        *,
        tx: Transaction | None = None,
        stack_before: int | None = None,
    ) -> SeatMovement:
        _check_amount(amount)
        async with self._within(tx) as tx:
            seat = await self._seat(tx, table_id, seat_no)
            if not seat.table_open:
                raise TableClosed(table_id=table_id)
            expected = seat.stack if stack_before is None else stack_before
            changed = await tx.execute(
                "UPDATE seats SET stack = stack + ?, total_bought_in = total_bought_in + ?"
                " WHERE table_id = ? AND seat_no = ? AND user_id = ? AND stack = ?",
                (amount, amount, table_id, seat_no, seat.user_id, expected),
            )
            if changed != 1:
                raise SeatChanged(seat_no=seat_no)
            await _record(tx, seat.guild_id, table_id, seat.user_id, "top_up", amount)
            balance = await _balance(tx, seat.guild_id, seat.user_id)
        return SeatMovement(seat.user_id, table_id, seat_no, amount, balance, seat.stack + amount)

    async def cash_out(
        self, table_id: int, seat_no: int, *, tx: Transaction | None = None
    ) -> SeatMovement:
        async with self._within(tx) as tx:
            seat = await self._seat(tx, table_id, seat_no)
            changed = await tx.execute(
                "DELETE FROM seats WHERE table_id = ? AND seat_no = ? AND user_id = ?"
                " AND stack = ?",
                (table_id, seat_no, seat.user_id, seat.stack),
            )
            if changed != 1:
                raise SeatChanged(seat_no=seat_no)
            await _record(tx, seat.guild_id, table_id, seat.user_id, "cash_out", seat.stack)
            balance = await _balance(tx, seat.guild_id, seat.user_id)
        return SeatMovement(seat.user_id, table_id, seat_no, seat.stack, balance, 0)


class SessionDesk(CashDesk):
    """A cash table's desk whose chips are session chips."""

    async def join(
        self, user_id: int, name: str, *, buy_in: int | None, seat: int | None, locale: str
    ) -> SeatMovement:
        """Seat a player with the night's stack (the one buy-in the table takes)."""
        chips = self.state.rules.maximum_buy_in if buy_in is None else buy_in
        return await super().join(user_id, name, buy_in=chips, seat=seat, locale=locale)


async def _record(
    tx: Transaction, guild_id: int, table_id: int, user_id: int, kind: MoveKind, chips: int
) -> None:
    await tx.execute(
        "INSERT INTO session_chip_moves (table_id, guild_id, user_id, kind, chips)"
        " VALUES (?, ?, ?, ?, ?)",
        (table_id, guild_id, user_id, kind, chips),
    )


async def _balance(tx: Transaction, guild_id: int, user_id: int) -> int:
    row = await tx.fetch_one(
        "SELECT chips FROM balances WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
    )
    return 0 if row is None else int(row["chips"])
