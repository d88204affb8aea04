"""Every open table of the running bot, by channel.

One table per channel: the database's unique index on open tables' channels
is the final word, the registry's map the fast one. A process keeps only the
tables of the servers its shards hold (``owns``, :mod:`bot.shards`): another
process's table is never restored, dealt, timed or closed here. At start-up
:meth:`TableRegistry.restore_all` rebuilds each of its open tables from the database,
replays its unfinished hand, posts its table message again and restarts its
clock. A table whose restore fails is restored again afresh from its seats,
its unfinished hand voided unplayed (:func:`~bot.tables.restore.restore_runner`
with ``as_saved=False``), so its players can play on, leave and close it; only
a table that cannot be rebuilt even so is logged and left for an operator,
rather than stopping the others. A running table whose memory is found behind
the database is rebuilt the same way, by itself (:meth:`TableRegistry.reload`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Final

from bot.cashier import SeatMovement
from bot.database import LeaseLost
from bot.i18n import t
from bot.tables.closing import Closed
from bot.tables.errors import NoTableHere, TableExists
from bot.tables.hand_faults import log_fault
from bot.tables.outlet import Outlet
from bot.tables.restore import restore_runner
from bot.tables.retry import Backoff
from bot.tables.runner import DeskFactory, TableRunner
from bot.tables.services import TableServices
from bot.tables.table_settings import TableSettings
from bot.tables.table_store import StoredTable, TableStore

log = logging.getLogger(__name__)

#: Builds the outlet of the table in a channel.
OutletFactory = Callable[[int], Outlet]
#: A table reloaded again within this many seconds waits a growing pause first,
#: so a write refused for another reason than a memory behind cannot spin.
RELOADED_RECENTLY_SECONDS: Final = 60.0


class ForeignServer(RuntimeError):
    """A server of another process's shards reached this one: Discord routes each
    server's events to its own shard, so this is a defect, not a user's mistake."""


class TableRegistry:
    def __init__(
        self,
        services: TableServices,
        outlet_for: OutletFactory,
        *,
        owns: Callable[[int], bool] = lambda guild_id: True,
    ) -> None:
        self.services = services
        self.outlet_for = outlet_for
        #: Whether a server's tables live in this process (:meth:`bot.shards.ShardPlan.owns`).
        self.owns = owns
        self.store = TableStore(services.database)
        self._runners: dict[int, TableRunner] = {}
        self._creating: set[int] = set()
        #: Told of each table that closed (a scheduled tournament's Discord event ends).
        self.closed_listeners: list[Callable[[TableRunner], None]] = []
        #: Tables another part restores itself (a multi-table tournament's, whose
        #: tables are rebuilt together: bot/tournaments/floor_runner.py).
        self.restored_elsewhere: Callable[[StoredTable], bool] = lambda stored: False
        #: The money desk of such a table when it is reloaded by itself.
        self.desk_for: Callable[[StoredTable], DeskFactory | None] = lambda stored: None
        #: Per channel: when its table was last reloaded, and the pause before the next.
        self._reloaded: dict[int, tuple[float, Backoff]] = {}

    def get(self, channel_id: int) -> TableRunner | None:
        return self._runners.get(channel_id)

    def require(self, channel_id: int | None) -> TableRunner:
        """The table in ``channel_id``, or :class:`NoTableHere`."""
        runner = self._runners.get(channel_id) if channel_id is not None else None
        if runner is None or runner.closed:
            raise NoTableHere()
        return runner

    @property
    def runners(self) -> list[TableRunner]:
        return list(self._runners.values())

    async def create(
        self, guild_id: int, channel_id: int, creator_id: int, config: TableSettings
    ) -> TableRunner:
        """Open a table in ``channel_id`` and show it; :class:`TableExists` if there is one."""
        if not self.owns(guild_id):
            raise ForeignServer(f"server {guild_id} belongs to another process's shards")
        existing = self._runners.get(channel_id)
        if (existing is not None and not existing.closed) or channel_id in self._creating:
            raise TableExists()
        self._creating.add(channel_id)
        try:
            record = await self.store.create(guild_id, channel_id, creator_id, config)
            runner = TableRunner(record, config, self.services, self.outlet_for(channel_id))
            self._keep(runner)
        finally:
            self._creating.discard(channel_id)
        await runner.start()
        return runner

    def adopt(self, runner: TableRunner) -> None:
        """Hold a table opened elsewhere (a multi-table tournament's, whose runner
        is built with its own money desk: bot/tournaments/floor_runner.py)."""
        self._keep(runner)

    def _keep(self, runner: TableRunner) -> None:
        """Hold a running table until it closes (a finished tournament, a table
        closed after its last hand): then let it go, so memory holds open tables only."""
        self._runners[runner.record.channel_id] = runner
        runner.when_closed = self._let_go
        runner.when_behind = self.reload

    async def reload(self, behind: TableRunner) -> None:
        """Rebuild a table whose memory is behind the database (a write refused as a
        repeat of a row already there) from the database, as a restart would: its
        unfinished hand replayed from the log, its message shown again, its clock
        started. ``behind`` has stopped; the new runner takes its place. A failure
        to read is tried again after a growing pause."""
        channel_id = behind.record.channel_id
        last, backoff = self._reloaded.get(channel_id, (float("-inf"), Backoff()))
        if time.monotonic() - last < RELOADED_RECENTLY_SECONDS:
            await asyncio.sleep(backoff.failed())
        else:
            backoff.succeeded()
        while self._runners.get(channel_id) is behind:
            try:
                stored = await self.store.open_table(behind.table_id)
                if stored is None:  # closed meanwhile
                    self._let_go(behind)
                    return
                runner = await restore_runner(
                    stored,
                    self.services,
                    self.outlet_for(channel_id),
                    desk_for=self.desk_for(stored),
                )
            except LeaseLost:
                return  # the process is stopping
            except Exception:
                log.exception("Could not reload table %s; trying again", behind.table_id)
                await asyncio.sleep(backoff.failed())
                continue
            self._reloaded[channel_id] = (time.monotonic(), backoff)
            if runner.closed:
                self._let_go(behind)
                return
            self._keep(runner)
            await runner.start()
            log.info("Table %s was reloaded from the database", runner.table_id)
            return

    def _let_go(self, runner: TableRunner) -> None:
        channel_id = runner.record.channel_id
        if self._runners.get(channel_id) is runner:
            del self._runners[channel_id]
        for listener in self.closed_listeners:
            listener(runner)

    async def close(
        self, channel_id: int, by: int, *, void_reason: str | None = None, by_name: str = ""
    ) -> Closed:
        """Close the table in ``channel_id``: every stack home now, or once the hand
        in progress ends (:mod:`bot.tables.closing`)."""
        runner = self.require(channel_id)
        closed = await runner.close(by, void_reason=void_reason, by_name=by_name)
        if not closed.after_hand:
            self._let_go(runner)
            await runner.stop()
        return closed

    async def place_gone(self, channel_id: int, why: str) -> list[SeatMovement]:
        """The table's channel or thread was deleted, or the bot can no longer see it:
        close the table (a hand in progress is voided) and send every stack home."""
        runner = self._runners.get(channel_id)
        if runner is None or runner.closed:
            return []
        log.warning("Closing table %s: %s", runner.table_id, why)
        locale = runner.settings.locale
        reason, croupier = t("table.void_reason_gone", locale), t("table.the_croupier", locale)
        closed = await self.close(channel_id, by=0, void_reason=reason, by_name=croupier)
        return list(closed.movements)

    async def server_gone(self, guild_id: int) -> None:
        """The bot left a server, or was removed from it: close each of its tables."""
        for runner in self.runners:
            if runner.record.guild_id == guild_id:
                try:
                    await self.place_gone(runner.record.channel_id, f"left server {guild_id}")
                except Exception:  # one table's failure must not keep the others open
                    log.exception("Table %s could not be closed", runner.table_id)

    async def player_gone(self, guild_id: int, user_id: int) -> None:
        """A player left a server: each of its tables folds and cashes them out."""
        for runner in self.runners:
            if runner.record.guild_id == guild_id:
                try:
                    await runner.player_gone(user_id)
                except Exception:  # one table's refusal must not keep the others waiting
                    log.exception("Table %s could not let %s go", runner.table_id, user_id)

    async def restore_all(self) -> list[TableRunner]:
        """Rebuild every open table of this process's servers after a start; return
        the ones running."""
        restored: list[TableRunner] = []
        try:
            stored_tables = await self.store.open_tables()
        except Exception:
            log.exception("Could not read the open tables")
            return restored
        for stored in stored_tables:
            if not self.owns(stored.record.guild_id) or self.restored_elsewhere(stored):
                continue
            channel_id = stored.record.channel_id
            if channel_id in self._runners:
                continue
            try:
                runner = await self._restore(stored)
            except Exception:
                log.exception("Could not restore table %s", stored.record.table_id)
                continue
            if runner.closed:  # closing, and its hand ended with the restart
                continue
            self._keep(runner)
            restored.append(runner)
        log.info("Restored %d tables", len(restored))
        return restored

    async def _restore(self, stored: StoredTable) -> TableRunner:
        """The running table ``stored``; should restoring it as saved fail, restored
        afresh from its seats with its unfinished hand voided."""
        table_id, channel_id = stored.record.table_id, stored.record.channel_id
        runner: TableRunner | None = None
        try:
            runner = await restore_runner(stored, self.services, self.outlet_for(channel_id))
            await runner.start()
            return runner
        except Exception as error:
            log_fault(
                "Could not restore table %s as saved; restoring it afresh", table_id, error=error
            )
            if runner is not None:
                with contextlib.suppress(Exception):
                    await runner.stop()
        # Read again: the first try may have voided the hand and paid out leavers.
        still_open = [s for s in await self.store.open_tables() if s.record.table_id == table_id]
        if not still_open:
            raise LookupError(f"table {table_id} was closed while it was restored")
        (again,) = still_open
        runner = await restore_runner(
            again, self.services, self.outlet_for(channel_id), as_saved=False
        )
        await runner.start()
        return runner

    async def stop_all(self, timeout: float = 5.0) -> None:
        """Stop every clock and deliver what is queued, for a clean shutdown."""
        stops = [runner.stop() for runner in self.runners]
        if stops:
            try:
                await asyncio.wait_for(asyncio.gather(*stops, return_exceptions=True), timeout)
            except TimeoutError:
                log.warning("Some tables did not stop within %s s", timeout)
