"""Showing a cash table's session ledger: posted in the channel when the table
closes, and to whoever asks (``/poker ledger``), in the reader's language.

The figures are read from the database (:mod:`bot.session_ledger`); only the
computer players' names come from the table's memory, taken before closing
forgets them. A ledger that cannot be read when the table closes is logged and
not posted: the table is closed and every stack home by then.
"""

from __future__ import annotations

import logging

from bot.database import Reader, is_database_failure
from bot.house_bank import is_computer
from bot.render.message import OutgoingMessage
from bot.render.session_ledger import session_ledger_embed
from bot.session_ledger import session_ledger
from bot.tables.publisher import Publisher
from bot.tables.state import TableState

log = logging.getLogger(__name__)


def computer_names(state: TableState) -> dict[int, str]:
    """The names of the computer players the table knows now."""
    return {uid: player.name for uid, player in state.players.items() if is_computer(uid)}


async def ledger_message(
    state: TableState, database: Reader, locale: str, names: dict[int, str] | None = None
) -> OutgoingMessage:
    """The table's session ledger as a message in ``locale``."""
    ledger = await session_ledger(database, state.table_id)
    known = computer_names(state) if names is None else names
    return OutgoingMessage(embed=session_ledger_embed(ledger, locale, known))


async def post_closing_ledger(
    state: TableState, database: Reader, publisher: Publisher, names: dict[int, str]
) -> None:
    """Post the ledger of a cash table that has just closed, in the table's language."""
    try:
        message = await ledger_message(state, database, state.locale, names)
    except Exception as error:
        if not is_database_failure(error):
            raise
        log.warning("Table %s: its session ledger could not be read", state.table_id)
        return
    publisher.post(message)
