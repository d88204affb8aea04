"""The cashier: the only code that moves chips into, out of and between balances
and table seats.

Every movement happens in one database transaction together with the ledger
row that records it, so for every player the sum of their ledger deltas is
their balance, and a refused movement changes nothing. A balance never goes
negative: the cashier checks before it moves and the schema's ``CHECK`` backs
it up. Chips enter the game only through the named sources (the starting grant,
the daily claim, an admin grant, a refill of a broke player); a buy-in, a
top-up and a cash-out only move them between a balance and a stack.

A tournament's buy-in goes from the balance into the table's prize pool
(``tables.prize_pool``), not into the seat: the seat holds tournament chips,
which are worth nothing away from that tournament. The pool goes back out as
refunds and prizes, each with its ledger row.

Settling a hand (stacks after the pots, rake, ``hand_players``) belongs to the
table runner; it uses the same database and the same ledger kinds.

Two processes may share one PostgreSQL database, so every row the cashier
reads in order to change it (a balance, a seat, a table, a daily streak) is
read with :meth:`~bot.database.Transaction.lock_one`: a second movement of the
same chips waits for the first and then sees what it did. A balance is created
with ``INSERT ... ON CONFLICT DO NOTHING``, so two first movements at once
grant the starting chips once. And each write still names the value it read
(``WHERE chips = ?``), so a write made on a stale reading moves nothing.

A computer player (a negative id) has no balance: every movement of its chips
goes to and from its server's house bank instead (:mod:`bot.house_bank`).
"""

from __future__ import annotations

import math
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Final, Literal

from bot.daily import DailyReward, next_claim_opens
from bot.database import Database, Transaction
from bot.errors import CroupierError
from bot.house_bank import bank_chips, is_computer, move_bank_chips
from bot.refills import RefillRule, read_moment
from bot.settings import Settings
from engine import MAX_CHIPS

#: The most chips one movement may carry; keeps sums far from the databases' 64-bit limit.
MAX_AMOUNT: Final = MAX_CHIPS

LedgerKind = Literal[
    "starting_grant",
    "daily",
    "admin_grant",
    "buy_in",
    "top_up",
    "cash_out",
    "rake",
    "void_refund",
    "tournament_buy_in",
    "tournament_refund",
    "tournament_prize",
    "refill",
    "tournament_rebuy",
    "tournament_add_on",
    "tournament_bounty",
    "scheduled_buy_in",
    "scheduled_refund",
]


class CashierError(CroupierError):
    """A chip movement was refused; nothing changed."""


class InvalidAmount(CashierError):
    key = "cashier.invalid_amount"

    def __init__(self, *, amount: object) -> None:
        super().__init__(amount=amount, maximum=MAX_AMOUNT)
        self.amount = amount


class InsufficientChips(CashierError):
    key = "cashier.insufficient_chips"

    def __init__(self, *, needed: int, available: int) -> None:
        super().__init__(needed=needed, available=available)
        self.needed = needed
        self.available = available


class SeatChanged(CashierError):
    """The seat is not as the table saw it: another process moved its chips first."""

    key = "cashier.seat_changed"

    def __init__(self, *, seat_no: int) -> None:
        super().__init__(seat_no=seat_no)
        self.seat_no = seat_no


class DailyAlreadyClaimed(CashierError):
    key = "cashier.daily_already_claimed"

    def __init__(self, *, wait: timedelta, opens: datetime | None = None) -> None:
        minutes = max(1, math.ceil(wait.total_seconds() / 60))
        # A Discord timestamp: every reader's client counts down to it live.
        when = "" if opens is None else f"<t:{int(opens.timestamp())}:R>"
        super().__init__(hours=minutes // 60, minutes=minutes % 60, opens=when)
        #: How long until the next claim opens.
        self.wait = wait


class TableNotFound(CashierError):
    key = "cashier.table_not_found"

    def __init__(self, *, table_id: int) -> None:
        super().__init__(table_id=table_id)
        self.table_id = table_id


class TableClosed(CashierError):
    key = "cashier.table_closed"

    def __init__(self, *, table_id: int) -> None:
        super().__init__(table_id=table_id)
        self.table_id = table_id


class SeatTaken(CashierError):
    key = "cashier.seat_taken"

    def __init__(self, *, seat_no: int) -> None:
        super().__init__(seat_no=seat_no)
        self.seat_no = seat_no


class AlreadySeated(CashierError):
    key = "cashier.already_seated"

    def __init__(self, *, seat_no: int) -> None:
        super().__init__(seat_no=seat_no)
        #: The seat the player already has.
        self.seat_no = seat_no


class SeatEmpty(CashierError):
    key = "cashier.seat_empty"

    def __init__(self, *, seat_no: int) -> None:
        super().__init__(seat_no=seat_no)
        self.seat_no = seat_no


class RefillsOff(CashierError):
    key = "refill.off"


class NotBroke(CashierError):
    """A refill asked for by a player who still has chips enough for a table."""

    key = "refill.not_broke"

    def __init__(self, *, chips: int, smallest: int) -> None:
        super().__init__(chips=chips, smallest=smallest)
        self.chips = chips
        self.smallest = smallest


class RefillNotYet(CashierError):
    key = "refill.not_yet"

    def __init__(self, *, opens: datetime) -> None:
        # A Discord timestamp: every reader's client shows it in their own time.
        super().__init__(
            opens=f"<t:{int(opens.timestamp())}:t>", when=f"<t:{int(opens.timestamp())}:R>"
        )
        #: When the player's next refill opens.
        self.opens = opens


@dataclass(frozen=True, slots=True)
class Standing:
    """What a player has on a server, and when their next free chips come."""

    balance: int
    #: Chips in front of them at the server's cash tables.
    at_tables: int
    last_refill: datetime | None
    daily_streak: int
    last_daily: date | None


@dataclass(frozen=True, slots=True)
class Refill:
    """A paid refill: the chips added and the balance after."""

    amount: int
    balance: int


@dataclass(frozen=True, slots=True)
class DailyClaim:
    """A paid daily claim."""

    amount: int
    streak: int
    balance: int


@dataclass(frozen=True, slots=True)
class SeatMovement:
    """Chips that moved between a player's balance and their seat."""

    user_id: int
    table_id: int
    seat_no: int
    #: Chips moved: to the seat for a buy-in or top-up, to the balance for a cash-out.
    amount: int
    balance: int
    #: The stack after the movement; 0 after a cash-out, when the seat is gone.
    stack: int


class Cashier:
    """Moves chips for one database. One per running bot (``bot.cashier``)."""

    def __init__(self, database: Database, *, starting_chips: int, daily: DailyReward) -> None:
        self.database = database
        self.starting_chips = starting_chips
        self.daily = daily

    @classmethod
    def from_settings(cls, database: Database, settings: Settings) -> Cashier:
        return cls(
            database,
            starting_chips=settings.starting_chips,
            daily=DailyReward(
                base=settings.daily_chips,
                streak_bonus=settings.daily_streak_bonus,
                streak_cap=settings.daily_streak_cap,
            ),
        )

    # Reading.

    async def balance(self, guild_id: int, user_id: int) -> int | None:
        """The player's chips away from tables, or ``None`` if they have no balance yet."""
        value: int | None = await self.database.fetch_value(
            "SELECT chips FROM balances WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
        )
        return value

    async def chips_at_tables(self, guild_id: int, user_id: int) -> int:
        """The chips the player has in front of them at this server's cash tables
        (tournament chips and session chips are not theirs to take away)."""
        value: int = await self.database.fetch_value(
            "SELECT COALESCE(SUM(seats.stack), 0) FROM seats"
            " JOIN tables ON tables.id = seats.table_id"
            " WHERE tables.guild_id = ? AND seats.user_id = ? AND tables.tournament = 0"
            " AND tables.session_chips = 0",
            (guild_id, user_id),
        )
        return value

    async def standing(self, guild_id: int, user_id: int) -> Standing:
        """The player's balance (0 before their first), chips at tables and free-chip dates."""
        row = await self.database.fetch_one(
            "SELECT chips, last_refill_at, daily_streak, last_daily_date FROM balances"
            " WHERE guild_id = ? AND user_id = ?",
            (guild_id, user_id),
        )
        at_tables = await self.chips_at_tables(guild_id, user_id)
        if row is None:
            return Standing(0, at_tables, None, 0, None)
        last_daily = row["last_daily_date"]
        return Standing(
            balance=row["chips"],
            at_tables=at_tables,
            last_refill=read_moment(row["last_refill_at"]),
            daily_streak=row["daily_streak"],
            last_daily=None if last_daily is None else date.fromisoformat(last_daily),
        )

    # Sources of chips.

    async def ensure_balance(self, guild_id: int, user_id: int) -> int:
        """The player's balance, created with the starting grant if they have none."""
        async with self.database.transaction() as tx:
            return await self._ensure(tx, guild_id, user_id)

    async def claim_daily(
        self, guild_id: int, user_id: int, today: date, *, now: datetime | None = None
    ) -> DailyClaim:
        """Pay today's daily chips, extending or restarting the streak.

        ``today`` is the UTC date of the claim; ``now`` (default: the clock) only
        serves to say how long a refused claim must wait. Raises
        :class:`DailyAlreadyClaimed` when today's chips were already claimed.
        """
        async with self.database.transaction() as tx:
            await self._ensure(tx, guild_id, user_id)
            row = await tx.lock_one(
                "SELECT daily_streak, last_daily_date FROM balances"
                " WHERE guild_id = ? AND user_id = ?",
                (guild_id, user_id),
            )
            assert row is not None
            last = (
                None
                if row["last_daily_date"] is None
                else date.fromisoformat(row["last_daily_date"])
            )
            if not self.daily.can_claim(last, today):
                assert last is not None
                opens = next_claim_opens(max(last, today))
                wait = opens - (datetime.now(UTC) if now is None else now)
                raise DailyAlreadyClaimed(wait=max(wait, timedelta()), opens=opens)
            streak = self.daily.next_streak(last, row["daily_streak"], today)
            amount = self.daily.amount(streak)
            balance = await self._move(tx, guild_id, user_id, amount, "daily")
            await tx.execute(
                "UPDATE balances SET daily_streak = ?, last_daily_date = ?"
                " WHERE guild_id = ? AND user_id = ?",
                (streak, today.isoformat(), guild_id, user_id),
            )
        return DailyClaim(amount=amount, streak=streak, balance=balance)

    async def admin_grant(
        self, guild_id: int, user_id: int, amount: int, *, granted_by: int, note: str | None = None
    ) -> int:
        """Give the player ``amount`` chips from the house; return their new balance.
        ``note``: the reason, kept in the ledger row with who granted them."""
        _check_amount(amount)
        audit = _grant_note(granted_by, note)
        async with self.database.transaction() as tx:
            await self._ensure(tx, guild_id, user_id)
            return await self._move(tx, guild_id, user_id, amount, "admin_grant", note=audit)

    async def grant_everyone(
        self, guild_id: int, amount: int, *, granted_by: int, note: str | None = None
    ) -> int:
        """Give ``amount`` chips to every player with a balance on the server, a ledger
        row each, in one transaction; return how many players received them."""
        _check_amount(amount)
        audit = _grant_note(granted_by, note)
        async with self.database.transaction() as tx:
            players = [
                row["user_id"]
                for row in await tx.fetch_all(
                    "SELECT user_id FROM balances WHERE guild_id = ? ORDER BY user_id", (guild_id,)
                )
            ]
            for user_id in players:
                await self._move(tx, guild_id, user_id, amount, "admin_grant", note=audit)
        return len(players)

    async def refill(
        self,
        guild_id: int,
        user_id: int,
        *,
        rule: RefillRule,
        smallest_buy_in: int,
        now: datetime | None = None,
    ) -> Refill:
        """Bring a broke player's balance back up to the rule's chips (:mod:`bot.refills`).

        Refused, changing nothing, when the server's refills are off
        (:class:`RefillsOff`), when the player's balance and stacks reach
        ``smallest_buy_in`` (:class:`NotBroke`) or when their last refill was
        less than the rule's hours ago (:class:`RefillNotYet`).
        """
        moment = datetime.now(UTC) if now is None else now
        if not rule.on:
            raise RefillsOff()
        async with self.database.transaction() as tx:
            await self._ensure(tx, guild_id, user_id)
            row = await tx.lock_one(
                "SELECT chips, last_refill_at FROM balances WHERE guild_id = ? AND user_id = ?",
                (guild_id, user_id),
            )
            assert row is not None
            at_tables = await tx.fetch_one(
                "SELECT COALESCE(SUM(seats.stack), 0) AS chips FROM seats"
                " JOIN tables ON tables.id = seats.table_id"
                " WHERE tables.guild_id = ? AND seats.user_id = ? AND tables.tournament = 0"
                " AND tables.session_chips = 0 AND tables.status = 'open'",
                (guild_id, user_id),
            )
            assert at_tables is not None
            chips = int(row["chips"]) + int(at_tables["chips"])
            amount = rule.chips - int(row["chips"])
            if chips >= smallest_buy_in or amount <= 0:
                raise NotBroke(chips=chips, smallest=smallest_buy_in)
            last = read_moment(row["last_refill_at"])
            opens = rule.opens_after(last)
            if opens is not None and opens > moment:
                raise RefillNotYet(opens=opens)
            balance = await self._move(tx, guild_id, user_id, amount, "refill")
            await tx.execute(
                "UPDATE balances SET last_refill_at = ? WHERE guild_id = ? AND user_id = ?",
                (moment.astimezone(UTC).isoformat(), guild_id, user_id),
            )
        return Refill(amount=amount, balance=balance)

    # Between balances and seats.

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
        """Seat the player at ``seat_no`` with ``amount`` chips from their balance.

        Whether ``amount`` suits the table's buy-in range is the runner's call;
        the cashier refuses what no table could allow: a closed or unknown table,
        a taken seat, a player already seated, more chips than the balance holds.
        Given ``tx``, the movement is part of that transaction (see :meth:`_within`).
        """
        _check_amount(amount)
        if seat_no < 0:
            raise ValueError(f"seat numbers start at 0, not {seat_no}")
        async with self._within(tx) as tx:
            await self._open_table(tx, table_id, guild_id)
            await self._free_seat(tx, table_id, seat_no, user_id)
            await self._ensure(tx, guild_id, user_id)
            balance = await self._move(tx, guild_id, user_id, -amount, "buy_in", table_id=table_id)
            await tx.execute(
                "INSERT INTO seats (table_id, seat_no, user_id, stack, total_bought_in)"
                " VALUES (?, ?, ?, ?, ?)",
                (table_id, seat_no, user_id, amount, amount),
            )
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
        """Add ``amount`` chips from the seated player's balance to their stack.

        ``stack_before`` is the stack the table saw; when the seat holds another
        (a second process topped it up first) nothing moves: :class:`SeatChanged`.
        """
        _check_amount(amount)
        async with self._within(tx) as tx:
            seat = await self._seat(tx, table_id, seat_no)
            if not seat.table_open:
                raise TableClosed(table_id=table_id)
            expected = seat.stack if stack_before is None else stack_before
            await self._ensure(tx, seat.guild_id, seat.user_id)
            balance = await self._move(
                tx, seat.guild_id, seat.user_id, -amount, "top_up", table_id=table_id
            )
            changed = await tx.execute(
                "UPDATE seats SET stack = stack + ?, total_bought_in = total_bought_in + ?"
                " WHERE table_id = ? AND seat_no = ? AND user_id = ? AND stack = ?",
                (amount, amount, table_id, seat_no, seat.user_id, expected),
            )
            if changed != 1:
                raise SeatChanged(seat_no=seat_no)
        return SeatMovement(seat.user_id, table_id, seat_no, amount, balance, seat.stack + amount)

    async def cash_out(
        self, table_id: int, seat_no: int, *, tx: Transaction | None = None
    ) -> SeatMovement:
        """Return the seat's whole stack to its player's balance and free the seat.

        Works on a closed table too, so closing one can empty its seats. The
        runner calls it between hands, never with chips still in a pot.
        """
        async with self._within(tx) as tx:
            seat = await self._seat(tx, table_id, seat_no)
            await self._ensure(tx, seat.guild_id, seat.user_id)
            balance = await self._move(
                tx, seat.guild_id, seat.user_id, seat.stack, "cash_out", table_id=table_id
            )
            changed = await tx.execute(
                "DELETE FROM seats WHERE table_id = ? AND seat_no = ? AND user_id = ?"
                " AND stack = ?",
                (table_id, seat_no, seat.user_id, seat.stack),
            )
            if changed != 1:
                raise SeatChanged(seat_no=seat_no)
        return SeatMovement(seat.user_id, table_id, seat_no, seat.stack, balance, 0)

    # Tournaments: between balances and prize pools.

    async def register(
        self,
        guild_id: int,
        user_id: int,
        table_id: int,
        seat_no: int,
        buy_in: int,
        starting_stack: int,
        *,
        tx: Transaction | None = None,
        reentry: bool = False,
    ) -> SeatMovement:
        """Enter the player in a tournament: ``buy_in`` chips from their balance
        into the prize pool, ``starting_stack`` tournament chips in ``seat_no``
        (``reentry``: again, after busting, see :meth:`register_at`)."""
        async with self._within(tx) as tx:
            # One table: its own prize pool (register_at, below, for several).
            balance = await self.register_at(
                tx,
                guild_id,
                user_id,
                pool_table_id=table_id,
                table_id=table_id,
                seat_no=seat_no,
                buy_in=buy_in,
                starting_stack=starting_stack,
                reentry=reentry,
            )
        return SeatMovement(user_id, table_id, seat_no, buy_in, balance, starting_stack)

    async def unregister(
        self, table_id: int, seat_no: int, *, tx: Transaction | None = None
    ) -> SeatMovement:
        """Take the player out of a tournament that has not begun: their whole
        buy-in back from the prize pool, their seat and entry gone."""
        async with self._within(tx) as tx:
            seat = await self._seat(tx, table_id, seat_no)
            buy_in = await self._entry_buy_in(tx, table_id, seat.user_id)
            await self._ensure(tx, seat.guild_id, seat.user_id)
            await self._take_from_pool(tx, table_id, buy_in)
            balance = await self._move(
                tx, seat.guild_id, seat.user_id, buy_in, "tournament_refund", table_id=table_id
            )
            await tx.execute(
                "DELETE FROM seats WHERE table_id = ? AND seat_no = ?", (table_id, seat_no)
            )
            await tx.execute(
                "DELETE FROM tournament_entries WHERE table_id = ? AND user_id = ?",
                (table_id, seat.user_id),
            )
        return SeatMovement(seat.user_id, table_id, seat_no, buy_in, balance, 0)

    async def pay_prize(
        self,
        tx: Transaction,
        guild_id: int,
        table_id: int,
        user_id: int,
        amount: int,
        *,
        place: int | None,
        note: str | None = None,
    ) -> int | None:
        """Record where the player finished and pay ``amount`` from the prize
        pool (nothing moves for 0); return the new balance, ``None`` if unpaid."""
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise InvalidAmount(amount=amount)
        # A player who re-entered finishes more than once: their row keeps the
        # best place (one result per player and tournament, bot/seasons.py).
        before = await tx.fetch_one(
            "SELECT place FROM tournament_entries WHERE table_id = ? AND user_id = ?",
            (table_id, user_id),
        )
        if before is None:
            raise RuntimeError(f"user {user_id} did not enter the tournament at table {table_id}")
        if place is not None and before["place"] is not None:
            place = min(place, int(before["place"]))
        await tx.execute(
            "UPDATE tournament_entries SET place = ?, prize = prize + ?"
            " WHERE table_id = ? AND user_id = ?",
            (place, amount, table_id, user_id),
        )
        if not amount:
            return None
        await self._take_from_pool(tx, table_id, amount)
        await self._ensure(tx, guild_id, user_id)
        return await self._move(
            tx, guild_id, user_id, amount, "tournament_prize", table_id=table_id, note=note
        )

    async def buy_tournament_chips(
        self,
        tx: Transaction,
        guild_id: int,
        table_id: int,
        seat_no: int,
        user_id: int,
        price: int,
        chips: int,
        kind: Literal["tournament_rebuy", "tournament_add_on"],
        *,
        pool_table_id: int | None = None,
    ) -> int:
        """A rebuy or an add-on: ``price`` from the player's balance into the
        prize pool (of ``pool_table_id``, a multi-table tournament's table
        holding it, else the seat's table), ``chips`` tournament chips onto
        their seat; the new balance."""
        _check_amount(price)
        _check_amount(chips)
        pool = table_id if pool_table_id is None else pool_table_id
        await self._ensure(tx, guild_id, user_id)
        balance = await self._move(tx, guild_id, user_id, -price, kind, table_id=pool)
        changed = await tx.execute(
            "UPDATE tables SET prize_pool = prize_pool + ? WHERE id = ? AND tournament = 1",
            (price, pool),
        )
        if changed != 1:
            raise RuntimeError(f"table {pool} is not a tournament")
        changed = await tx.execute(
            "UPDATE seats SET stack = stack + ? WHERE table_id = ? AND seat_no = ? AND user_id = ?",
            (chips, table_id, seat_no, user_id),
        )
        if changed != 1:
            raise RuntimeError(f"user {user_id} does not sit in seat {seat_no} of {table_id}")
        return balance

    async def pay_bounty(
        self,
        tx: Transaction,
        guild_id: int,
        table_id: int,
        user_id: int,
        amount: int,
        *,
        note: str | None = None,
    ) -> int | None:
        """A knockout bounty from the prize pool to the player who won it
        (nothing moves for 0); the new balance, ``None`` if unpaid."""
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise InvalidAmount(amount=amount)
        if not amount:
            return None
        await self._take_from_pool(tx, table_id, amount)
        await self._ensure(tx, guild_id, user_id)
        return await self._move(
            tx, guild_id, user_id, amount, "tournament_bounty", table_id=table_id, note=note
        )

    # Tournaments announced ahead (bot/scheduled_tournaments.py): between
    # balances and the buy-ins a scheduled tournament holds until it starts.

    async def hold_scheduled_buy_in(
        self, tx: Transaction, guild_id: int, user_id: int, schedule_id: int, amount: int
    ) -> int:
        """A registration's buy-in from the member's balance into the scheduled
        tournament's held pool (``scheduled_buy_in``); the new balance."""
        _check_amount(amount)
        if is_computer(user_id):
            raise RuntimeError("computer players do not register for scheduled tournaments")
        await self._ensure(tx, guild_id, user_id)
        balance = await self._move(
            tx, guild_id, user_id, -amount, "scheduled_buy_in", schedule_id=schedule_id
        )
        changed = await tx.execute(
            "UPDATE scheduled_tournaments SET held = held + ?"
            " WHERE id = ? AND status = 'scheduled'",
            (amount, schedule_id),
        )
        if changed != 1:
            raise RuntimeError(f"scheduled tournament {schedule_id} takes no registrations")
        return balance

    async def return_scheduled_buy_in(
        self,
        tx: Transaction,
        guild_id: int,
        user_id: int,
        schedule_id: int,
        amount: int,
        *,
        note: str,
    ) -> int:
        """A held buy-in back to the member's balance (``scheduled_refund``): a
        refund, or the first half of its move to the table's prize pool."""
        _check_amount(amount)
        changed = await tx.execute(
            "UPDATE scheduled_tournaments SET held = held - ? WHERE id = ? AND held >= ?",
            (amount, schedule_id, amount),
        )
        if changed != 1:
            raise RuntimeError(f"scheduled tournament {schedule_id} holds less than {amount}")
        await self._ensure(tx, guild_id, user_id)
        return await self._move(
            tx, guild_id, user_id, amount, "scheduled_refund", note=note, schedule_id=schedule_id
        )

    # Multi-table tournaments (bot/tournaments): the prize pool and every entry
    # are kept on one table of the tournament (the one that breaks last), the
    # seats at the table each player was drawn to.

    async def register_at(
        self,
        tx: Transaction,
        guild_id: int,
        user_id: int,
        *,
        pool_table_id: int,
        table_id: int,
        seat_no: int,
        buy_in: int,
        starting_stack: int,
        reentry: bool = False,
    ) -> int:
        """Enter the player in a multi-table tournament: ``buy_in`` from their
        balance into the prize pool of ``pool_table_id`` (a ledger row there,
        their entry there), ``starting_stack`` tournament chips in ``seat_no``
        of ``table_id``; the balance after it. ``reentry``: a player who busted
        enters again; their one entry row adds the buy-in (it keeps their best
        place)."""
        _check_amount(buy_in)
        _check_amount(starting_stack)
        await self._open_table(tx, table_id, guild_id)
        await self._free_seat(tx, table_id, seat_no, user_id)
        await self._ensure(tx, guild_id, user_id)
        balance = await self._move(
            tx, guild_id, user_id, -buy_in, "tournament_buy_in", table_id=pool_table_id
        )
        changed = await tx.execute(
            "UPDATE tables SET prize_pool = prize_pool + ? WHERE id = ? AND tournament = 1",
            (buy_in, pool_table_id),
        )
        if changed != 1:
            raise RuntimeError(f"table {pool_table_id} is not a tournament")
        await tx.execute(
            "INSERT INTO seats (table_id, seat_no, user_id, stack, total_bought_in)"
            " VALUES (?, ?, ?, ?, 0)",
            (table_id, seat_no, user_id, starting_stack),
        )
        if reentry:
            # Whether they busted is the floor's (a bust during late registration
            # has no place yet: engine.TournamentFloor, rule 8).
            changed = await tx.execute(
                "UPDATE tournament_entries SET buy_in = buy_in + ?"
                " WHERE table_id = ? AND user_id = ?",
                (buy_in, pool_table_id, user_id),
            )
            if changed != 1:
                raise RuntimeError(f"user {user_id} has no entry at {pool_table_id}")
            return balance
        await tx.execute(
            "INSERT INTO tournament_entries (table_id, guild_id, user_id, buy_in)"
            " VALUES (?, ?, ?, ?)",
            (pool_table_id, guild_id, user_id, buy_in),
        )
        return balance

    async def refund_entry_at(
        self,
        tx: Transaction,
        guild_id: int,
        user_id: int,
        *,
        pool_table_id: int,
        table_id: int,
        seat_no: int,
    ) -> int:
        """Undo :meth:`register_at` for a multi-table tournament that could not
        start: the buy-in back from the prize pool (``tournament_refund``), the
        seat and the entry gone; the balance after it."""
        buy_in = await self._entry_buy_in(tx, pool_table_id, user_id)
        await self._take_from_pool(tx, pool_table_id, buy_in)
        balance = await self._move(
            tx, guild_id, user_id, buy_in, "tournament_refund", table_id=pool_table_id
        )
        await tx.execute(
            "DELETE FROM seats WHERE table_id = ? AND seat_no = ? AND user_id = ?",
            (table_id, seat_no, user_id),
        )
        await tx.execute(
            "DELETE FROM tournament_entries WHERE table_id = ? AND user_id = ?",
            (pool_table_id, user_id),
        )
        return balance

    async def prize_pool(self, table_id: int) -> int:
        value: int = await self.database.fetch_value(
            "SELECT prize_pool FROM tables WHERE id = ?", (table_id,)
        )
        return value

    @staticmethod
    async def _take_from_pool(tx: Transaction, table_id: int, amount: int) -> None:
        changed = await tx.execute(
            "UPDATE tables SET prize_pool = prize_pool - ? WHERE id = ? AND prize_pool >= ?",
            (amount, table_id, amount),
        )
        if changed != 1:
            raise RuntimeError(f"the prize pool of table {table_id} holds less than {amount}")

    @staticmethod
    async def _entry_buy_in(tx: Transaction, table_id: int, user_id: int) -> int:
        row = await tx.fetch_one(
            "SELECT buy_in FROM tournament_entries WHERE table_id = ? AND user_id = ?",
            (table_id, user_id),
        )
        if row is None:
            raise RuntimeError(f"user {user_id} did not enter the tournament at table {table_id}")
        buy_in: int = row["buy_in"]
        return buy_in

    @staticmethod
    async def _free_seat(tx: Transaction, table_id: int, seat_no: int, user_id: int) -> None:
        for row in await tx.fetch_all(
            "SELECT seat_no, user_id FROM seats"
            " WHERE table_id = ? AND (seat_no = ? OR user_id = ?)",
            (table_id, seat_no, user_id),
        ):
            if row["user_id"] == user_id:
                raise AlreadySeated(seat_no=row["seat_no"])
            raise SeatTaken(seat_no=seat_no)

    @asynccontextmanager
    async def _within(self, tx: Transaction | None) -> AsyncIterator[Transaction]:
        """The caller's transaction, or a new one.

        The table runner moves chips in the same transaction as the table state
        that goes with them (a seat taken, a hand settled), so both commit or
        neither does; a refused movement then rolls back the caller's work too.
        """
        if tx is not None:
            yield tx
        else:
            async with self.database.transaction() as own:
                yield own

    # The ledger's two writers.

    async def _ensure(self, tx: Transaction, guild_id: int, user_id: int) -> int:
        if is_computer(user_id):  # no balance, no grant: the house bank stakes it
            return await bank_chips(tx, guild_id)
        # Another process may be creating the same balance: the primary key lets
        # one insert through, and the other finds the row made (after waiting
        # for its transaction on PostgreSQL) and grants nothing.
        created = await tx.execute(
            "INSERT INTO balances (guild_id, user_id, chips) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id, user_id) DO NOTHING",
            (guild_id, user_id, self.starting_chips),
        )
        if created:
            await tx.execute(
                "INSERT INTO ledger (guild_id, user_id, delta, balance_after, kind)"
                " VALUES (?, ?, ?, ?, 'starting_grant')",
                (guild_id, user_id, self.starting_chips, self.starting_chips),
            )
            return self.starting_chips
        row = await tx.fetch_one(
            "SELECT chips FROM balances WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
        )
        assert row is not None, "the balance exists"
        chips: int = row["chips"]
        return chips

    async def _move(
        self,
        tx: Transaction,
        guild_id: int,
        user_id: int,
        delta: int,
        kind: LedgerKind,
        *,
        table_id: int | None = None,
        hand_id: int | None = None,
        note: str | None = None,
        schedule_id: int | None = None,
    ) -> int:
        """Change an existing balance by ``delta`` and write its ledger row."""
        if is_computer(user_id):
            return await move_bank_chips(
                tx, guild_id, user_id, delta, table_id=table_id, hand_id=hand_id, what=kind
            )
        row = await tx.lock_one(
            "SELECT chips FROM balances WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
        )
        assert row is not None, "the balance is ensured first"
        chips: int = row["chips"]
        if chips + delta < 0:
            raise InsufficientChips(needed=-delta, available=chips)
        changed = await tx.execute(
            "UPDATE balances SET chips = ? WHERE guild_id = ? AND user_id = ? AND chips = ?",
            (chips + delta, guild_id, user_id, chips),
        )
        if changed != 1:  # the balance is not what this transaction just read
            raise RuntimeError(f"the balance of {user_id} on {guild_id} changed under a write")
        await tx.execute(
            "INSERT INTO ledger (guild_id, user_id, delta, balance_after, kind, table_id,"
            " hand_id, note, schedule_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (guild_id, user_id, delta, chips + delta, kind, table_id, hand_id, note, schedule_id),
        )
        return chips + delta

    @staticmethod
    async def _open_table(tx: Transaction, table_id: int, guild_id: int) -> None:
        # Locked: seats are taken one at a time, and a closing table waits.
        row = await tx.lock_one("SELECT guild_id, status FROM tables WHERE id = ?", (table_id,))
        if row is None or row["guild_id"] != guild_id:
            raise TableNotFound(table_id=table_id)
        if row["status"] != "open":
            raise TableClosed(table_id=table_id)

    @staticmethod
    async def _seat(tx: Transaction, table_id: int, seat_no: int) -> _Seat:
        # Locks the seat and its table: nobody else moves this seat's chips meanwhile.
        row = await tx.lock_one(
            "SELECT seats.user_id, seats.stack, tables.guild_id, tables.status FROM seats"
            " JOIN tables ON tables.id = seats.table_id"
            " WHERE seats.table_id = ? AND seats.seat_no = ?",
            (table_id, seat_no),
        )
        if row is None:
            raise SeatEmpty(seat_no=seat_no)
        return _Seat(row["guild_id"], row["user_id"], row["stack"], row["status"] == "open")


@dataclass(frozen=True, slots=True)
class _Seat:
    guild_id: int
    user_id: int
    stack: int
    table_open: bool


def _grant_note(granted_by: int, reason: str | None) -> str:
    return f"granted by {granted_by}" + (f": {reason}" if reason else "")


def _check_amount(amount: object) -> None:
    if isinstance(amount, bool) or not isinstance(amount, int) or not 1 <= amount <= MAX_AMOUNT:
        raise InvalidAmount(amount=amount)
