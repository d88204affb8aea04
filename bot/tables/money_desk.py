"""The money desk: what the runner asks of whoever keeps a table's money.

A cash table's desk (:mod:`bot.tables.cash_desk`) takes buy-ins from balances
and pays stacks back; a tournament's (:mod:`bot.tables.tournament_desk`) takes
buy-ins into a prize pool and pays places. The runner holds one of the two
and never asks which: the differences between a cash table and a tournament
are in the desks, not in branches of the runner.

Every method that moves chips runs under the runner's lock and writes through
its :class:`~bot.tables.persistence.TableKeeper`, in the transaction that also
saves the table.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from bot.cashier import SeatMovement
from bot.database import Transaction
from bot.render.message import OutgoingMessage
from bot.render.views import TournamentView
from bot.tables.clock import Moment
from engine import CashOut, Deal, HandResult


@dataclass(frozen=True, slots=True)
class Left:
    """A leave: cashed out (``movement``), or leaving when the hand ends (``None``)."""

    movement: SeatMovement | None


@dataclass(frozen=True, slots=True)
class Settled:
    """What the desk says once a hand's settlement is committed: its notices
    ("Cat finishes 4th of 6"), and whether the table's game is over."""

    notices: tuple[OutgoingMessage, ...] = ()
    table_over: bool = False


class MoneyDesk(Protocol):
    #: Whether the table's chips are a tournament's (not cash): its hands are marked so.
    tournament: bool

    @property
    def may_deal(self) -> bool:
        """Whether a hand may be dealt now (two players can be, and the game has begun)."""
        ...

    @property
    def chips_stay_in_play(self) -> bool:
        """Whether a player who leaves the server only sits out (a tournament
        under way) rather than being cashed out."""
        ...

    async def join(
        self, user_id: int, name: str, *, buy_in: int | None, seat: int | None, locale: str
    ) -> SeatMovement:
        """Seat a player with chips from their balance."""
        ...

    async def leave(self, user_id: int) -> bool:
        """Let a player go; ``True`` when they leave at the end of the hand they are in."""
        ...

    def paid_out(self, user_id: int) -> SeatMovement | None:
        """What the player took from the table on leaving just now, if anything."""
        ...

    async def top_up(self, user_id: int, amount: int) -> SeatMovement:
        """Add chips from the player's balance to their stack."""
        ...

    async def begin(self) -> None:
        """Start the game now (a tournament with the players registered)."""
        ...

    async def close(self) -> list[SeatMovement]:
        """Void a hand in progress and send every chip home; the table is then over."""
        ...

    def before_deal(self) -> OutgoingMessage | None:
        """Prepare the engine's table for the next deal (a tournament's blinds go
        up when due); a notice to post once the deal is committed."""
        ...

    async def settle(self, tx: Transaction, deal: Deal, settled: HandResult) -> None:
        """Move the chips a finished hand moved beyond its stacks (cash-outs of
        players who left, prizes of places decided), in the hand's transaction."""
        ...

    def after_settle(self) -> Settled:
        """Once the hand's settlement is committed: its notices, and whether the
        table is over."""
        ...

    async def cash_out(self, tx: Transaction, cash_outs: Iterable[CashOut]) -> None:
        """Pay out stacks the engine's table let go (a hand voided with players leaving)."""
        ...

    def saved_state(self) -> dict[str, Any]:
        """The desk's part of the table's saved state."""
        ...

    def tournament_view(self, moment: Moment) -> TournamentView | None:
        """The tournament as its table message shows it; ``None`` at a cash table."""
        ...
