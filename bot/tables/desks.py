"""Which money desk a table has: a sit-and-go's, a cash table's, or a night of
session chips' (a cash table whose chips touch no balance).

This is the one place that tells the two kinds of table apart; everything
after it asks the :class:`~bot.tables.money_desk.MoneyDesk` it was given.
"""

from __future__ import annotations

from bot.cashier import Cashier
from bot.tables.cash_desk import CashDesk
from bot.tables.clock import Clock
from bot.tables.hand_log import HandLog
from bot.tables.money_desk import MoneyDesk
from bot.tables.persistence import TableKeeper
from bot.tables.publisher import Publisher
from bot.tables.session_desk import SessionChipCashier, SessionDesk
from bot.tables.state import TableState
from bot.tables.tournament import TournamentProgress
from bot.tables.tournament_desk import TournamentDesk


def money_desk_for(
    state: TableState,
    keeper: TableKeeper,
    cashier: Cashier,
    hand_log: HandLog,
    publisher: Publisher,
    clock: Clock,
    progress: TournamentProgress | None = None,
) -> MoneyDesk:
    """The desk for ``state``'s table (``progress``: a tournament's, as restored),
    its state saved with the table's."""
    settings = state.settings
    desk: MoneyDesk
    if settings.tournament:
        progress = progress or TournamentProgress(
            settings.tournament_buy_in,
            extras=settings.extras,
            payouts=settings.payout_percentages,
        )
        desk = TournamentDesk(state, keeper, cashier, hand_log, publisher, clock, progress)
    elif settings.session_chips:
        desk = SessionDesk(state, keeper, SessionChipCashier.beside(cashier), hand_log)
    else:
        desk = CashDesk(state, keeper, cashier, hand_log)
    keeper.desk_state = desk.saved_state
    return desk
