"""An error inside a hand never leaves chips at a dead table.

Whatever raises while a hand is played or restored (the engine refusing to
deal a card it promised, a defect anywhere between a click and the table
message) is not a player's refusal and not the database's failure: trying
again would raise again, and the hand would never end. Such a hand is voided
at once, as a hand that cannot be replayed after a restart is (the players' guide's
promise): every stack goes back to what it was when the hand began, each
player's ledger says so, players who were leaving are paid out, the channel
is told in a sentence of the catalogue, and the log keeps the traceback
(with every card in it blanked out). The table then deals the next hand.

A refusal (:class:`~bot.errors.CroupierError`) is the player's and changes
nothing; a database failure (:func:`~bot.database.is_database_failure`) is
tried again after a pause and the hand goes on once the database is back.
"""

from __future__ import annotations

import logging
import re
import traceback
from typing import Final

from bot.database import Transaction, is_database_failure
from bot.errors import CroupierError
from bot.tables.errors import TableBehind
from bot.tables.hand_log import HandLog
from bot.tables.money_desk import MoneyDesk
from bot.tables.persistence import TableKeeper
from bot.tables.state import TableState
from engine import CashOut, Deal

log = logging.getLogger(__name__)

#: A card as the engine writes it (``As``, ``Td``), or several run together.
_CARDS: Final = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][cdhs])+(?![A-Za-z0-9])")


def is_hand_fault(error: BaseException) -> bool:
    """Whether ``error``, raised while a hand was played, breaks the hand: not a
    player's refusal, not the database's failure (both leave the hand as it was),
    not the table's memory found behind the database (the table reloads the hand
    from its log instead: :class:`~bot.tables.errors.TableBehind`)."""
    return (
        isinstance(error, Exception)
        and not isinstance(error, (CroupierError, TableBehind))
        and not is_database_failure(error)
    )


def without_cards(text: str) -> str:
    """``text`` with every card blanked out, for the log.

    >>> without_cards("9s was already dealt; AsKd left, Td")
    '?? was already dealt; ?? left, ??'
    >>> without_cards("Table 12: hand 3, p2 cbr 60")
    'Table 12: hand 3, p2 cbr 60'
    """
    return _CARDS.sub("??", text)


def fault_report(error: BaseException) -> str:
    """The traceback of ``error`` (its causes included), with no card in it."""
    return without_cards("".join(traceback.format_exception(error)).rstrip())


def log_fault(
    message: str, *args: object, error: BaseException, level: int = logging.ERROR
) -> None:
    """Log ``message`` at ``level`` with ``error``'s traceback, cards blanked out."""
    log.log(level, message + "\n%s", *args, fault_report(error))


async def void_hand(
    state: TableState,
    keeper: TableKeeper,
    hand_log: HandLog,
    desk: MoneyDesk,
    *,
    hand_id: int,
    deal: Deal | None,
    reason: str,
) -> None:
    """Void hand ``hand_id`` in one transaction: every stack back to what it was
    when the hand began (engine and database), a ``void_refund`` line in each
    player's ledger, players who were leaving paid out."""

    def void() -> tuple[CashOut, ...]:
        return state.table.void_hand() if state.table.deal is not None else ()

    async def write(tx: Transaction, cash_outs: tuple[CashOut, ...]) -> None:
        await hand_log.void(tx, hand_id=hand_id, table_id=state.table_id, deal=deal, reason=reason)
        await desk.cash_out(tx, cash_outs)

    await keeper.transact(void, write)
