"""The money desk of one table of a multi-table tournament.

It asks the tournament (:class:`~bot.tournaments.floor_runner.MultiTableTournament`)
everything a sit-and-go's desk decides alone: whether the table may deal now
(the floor's moves, hand for hand, the final table: :mod:`engine.tournament_tables`),
the blind level (one clock for every table), and who finished where when the
hand busted players. The places are paid from the tournament's one prize pool
in the transaction that settles the hand; nobody joins, leaves or tops up at
the table itself (players are seated and moved by the tournament).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from bot.cashier import SeatMovement
from bot.database import Transaction
from bot.render.message import OutgoingMessage
from bot.render.views import TournamentView
from bot.tables.clock import Moment
from bot.tables.errors import Refused
from bot.tables.money_desk import Settled
from bot.tables.persistence import TableKeeper
from bot.tables.state import TableState
from bot.tables.table_store import close_table
from bot.tournaments.mtt_rebuys import ChipsKind
from engine import CashOut, Deal, HandResult


class FloorOwner(Protocol):
    """What a table asks of its tournament
    (:class:`~bot.tournaments.floor_runner.MultiTableTournament`)."""

    #: Its row in ``multi_table_tournaments``.
    tournament_id: int
    #: Cancelled by an organiser; ``over``: its tables closed in the database.
    cancelling: bool
    over: bool

    @property
    def agreed(self) -> object | None:
        """A deal every player at the final table agreed to."""

    @property
    def final_table(self) -> int | None: ...

    async def pay_deal(self, tx: Transaction, state: TableState) -> None: ...

    def may_deal(self, number: int) -> bool: ...

    def no_hand_at(self, number: int) -> None: ...

    def hand_starts(self, number: int, state: TableState) -> OutgoingMessage | None: ...

    async def hand_ends(
        self, tx: Transaction, number: int, state: TableState, deal: Deal, settled: HandResult
    ) -> tuple[list[OutgoingMessage], bool]: ...

    def after_hand(self, number: int) -> None: ...

    async def buy_chips(
        self, state: TableState, keeper: TableKeeper, user_id: int, kind: ChipsKind
    ) -> int: ...

    def table_view(self, state: TableState) -> TournamentView | None: ...


class MultiTableDesk:
    """A :class:`~bot.tables.money_desk.MoneyDesk` for table ``number`` of ``tournament``."""

    tournament = True

    def __init__(
        self,
        state: TableState,
        keeper: TableKeeper,
        tournament: FloorOwner,
        number: int,
    ) -> None:
        self.state = state
        self.keeper = keeper
        self.owner = tournament
        self.number = number
        #: The table was broken (its players moved): it may close.
        self.broken = False
        self._notices: list[OutgoingMessage] = []
        self._over = False

    @property
    def may_deal(self) -> bool:
        # Asked by the table itself, under its lock: with no hand in memory, a deal
        # the floor was told of failed to be written (the table was put back).
        if self.state.live is None:
            self.owner.no_hand_at(self.number)
        return self.state.table.can_deal and self.owner.may_deal(self.number)

    @property
    def chips_stay_in_play(self) -> bool:
        return True

    async def join(
        self, user_id: int, name: str, *, buy_in: int | None, seat: int | None, locale: str
    ) -> SeatMovement:
        raise Refused("mtt.no_join")

    async def leave(self, user_id: int) -> bool:
        raise Refused("engine.tournament_no_leave")

    def paid_out(self, user_id: int) -> SeatMovement | None:
        return None

    async def top_up(self, user_id: int, amount: int) -> SeatMovement:
        raise Refused("engine.tournament_no_top_up")

    async def begin(self) -> None:
        raise Refused("mtt.no_join")

    async def close(self) -> list[SeatMovement]:
        """Only a table the floor broke closes, once its players are gone; or
        the final table, with the deal every player left agreed to; or every
        table of a tournament cancelled, which the tournament closed already
        in the database (in one transaction for all its tables)."""
        state = self.state
        if state.live is not None:
            raise Refused("mtt.no_close")
        if self.owner.cancelling and self.owner.over:
            return []
        dealt = self.owner.agreed is not None and self.number == self.owner.final_table
        if not dealt and (not self.broken or state.table.seats):
            raise Refused("mtt.no_close")

        async def write(tx: Transaction, _: None) -> None:
            if dealt:
                await self.owner.pay_deal(tx, state)
            else:
                await close_table(tx, state.table_id)

        await self.keeper.transact(lambda: None, write)
        return []

    def before_deal(self) -> OutgoingMessage | None:
        """The floor is told of the hand (it may no longer allow it: refused, the
        clock tries again), and the blinds move to the tournament's level."""
        return self.owner.hand_starts(self.number, self.state)

    async def settle(self, tx: Transaction, deal: Deal, settled: HandResult) -> None:
        """The floor is told who busted with how many chips; the places it
        decided are paid in this transaction, the busted players' seats go."""
        if settled.cash_outs or settled.shared_pot:
            raise RuntimeError("a tournament hand paid chips out of play")
        self._notices, self._over = await self.owner.hand_ends(
            tx, self.number, self.state, deal, settled
        )

    def after_settle(self) -> Settled:
        notices, self._notices = self._notices, []
        self.owner.after_hand(self.number)
        return Settled(tuple(notices), table_over=self._over)

    async def cash_out(self, tx: Transaction, cash_outs: Iterable[CashOut]) -> None:
        if list(cash_outs):
            raise RuntimeError("a tournament's player left with chips")

    def saved_state(self) -> dict[str, Any]:
        return {"multi_table": {"tournament": self.owner.tournament_id, "number": self.number}}

    async def rebuy(self, user_id: int) -> int:
        """A rebuy into the tournament's one pool (bot/tournaments/mtt_rebuys.py)."""
        return await self.owner.buy_chips(self.state, self.keeper, user_id, "rebuy")

    async def add_on(self, user_id: int) -> int:
        """The add-on, once, into the tournament's one pool."""
        return await self.owner.buy_chips(self.state, self.keeper, user_id, "add_on")

    def tournament_view(self, moment: Moment) -> TournamentView | None:
        """With rebuys or bounties: the tournament's lines and the Rebuy and
        Add-on buttons; otherwise none."""
        return self.owner.table_view(self.state)
