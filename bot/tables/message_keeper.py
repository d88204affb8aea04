"""The table message's id, kept in the database across restarts.

Each table has one message that shows it, with the buttons of the turn being
played. If a restart posted a new one, the old one's buttons would still act on
the same hand and turn. So the id of every table message posted is saved
(``tables.message_id``, made for it by the first migration), and after a
restart the runner edits that message again (if it was deleted meanwhile, a new
one is posted); a click on any message but the table's current one is refused
(:meth:`bot.tables.runner.TableRunner.is_current_message`). A new hand's
message is posted afresh, and the deal forgets the old id in its own
transaction (:func:`bot.tables.table_store.forget_message_id`): a process that
dies before the new id is saved posts anew after a restart rather than edit an
older message above the one players look at.
"""

from __future__ import annotations

import asyncio
import logging

from bot.database import Database
from bot.tables.outlet import DiscordOutlet, Outlet
from bot.tables.table_store import save_message_id

log = logging.getLogger(__name__)


class MessageKeeper:
    """Saves the id of each table message an outlet posts, and gives it back."""

    def __init__(
        self, database: Database, table_id: int, outlet: Outlet, stored_id: int | None = None
    ) -> None:
        self.database = database
        self.table_id = table_id
        self._outlet = outlet if isinstance(outlet, DiscordOutlet) else None
        self._saving: set[asyncio.Task[None]] = set()
        if self._outlet is not None:
            if stored_id is not None:
                self._outlet.message_id = stored_id
            self._outlet.on_message = self._remember

    @property
    def message_id(self) -> int | None:
        """The table message shown now, when the outlet knows it."""
        return None if self._outlet is None else self._outlet.message_id

    def _remember(self, message_id: int) -> None:
        task = asyncio.create_task(self._save(message_id), name=f"table-{self.table_id}-message")
        self._saving.add(task)
        task.add_done_callback(self._saving.discard)

    async def _save(self, message_id: int) -> None:
        try:
            await save_message_id(self.database, self.table_id, message_id)
        except Exception:  # the next message's id is saved; a restart then posts anew
            log.warning("Table %s: its message id was not saved", self.table_id, exc_info=True)
