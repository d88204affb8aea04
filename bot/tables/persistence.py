"""Memory and database agree: every change to a running table is made on the
engine's table first, then written in one transaction with what goes with it
and the table's saved state.

A change is made on the engine's :class:`~engine.Table` first, which checks
the rules (a refusal becomes :class:`~bot.tables.errors.Refused` and nothing
changes; any other error the engine raises puts the table back too). Then one
transaction writes what the change moved (chips, the hand log) and the
table's saved state (``tables.state``: the engine's table, the players, the
money desk's own state). If anything fails, everything the change may have
touched (the engine's table, the players, whether the table is closing, the
result waiting to be posted, a run-out's streets: :class:`~bot.tables.state.Snapshot`)
is put back as it was, so memory never holds what the database does not. The
change makes its own bot-side changes inside ``change``, so that the keeper
puts them back too; nobody puts a field back by hand.

A change that moves nothing but the table's state (a player sitting out, the
DMs delivered, a run-out's street) is saved by :meth:`TableKeeper.save`: its
statements are committed together, in the transaction other tables' writes of
the moment share (group commit, :meth:`~bot.database.Database.commit_grouped`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from bot.database import Database, Statement, Transaction, run_statements
from bot.tables.errors import Refused
from bot.tables.state import Snapshot, TableState
from bot.tables.table_store import state_statements
from engine import IllegalAction

_T = TypeVar("_T")
_W = TypeVar("_W")


class TableKeeper:
    """Changes one table's engine state and writes it, all or nothing."""

    def __init__(self, state: TableState, database: Database) -> None:
        self.state = state
        self.database = database
        #: The money desk's own saved state (a tournament's progress), merged in.
        self.desk_state: Callable[[], dict[str, Any]] = dict

    async def transact(
        self,
        change: Callable[[], _T],
        write: Callable[[Transaction, _T], Awaitable[_W]],
    ) -> _W:
        """Change the engine's table, then write what goes with it and the table's
        state in one transaction; if anything fails, put the table back."""
        before = self.state.snapshot()
        changed = self._change(change, before)
        try:
            async with self.database.transaction() as tx:
                written = await write(tx, changed)
                await run_statements(tx, self._state_statements())
        except BaseException:
            self.state.put_back(before)
            raise
        return written

    async def save(self, change: Callable[[], object] = lambda: None) -> None:
        """Change the table's state (or not), then save it alone, committed with
        other tables' writes of the moment; if that fails, put it all back."""
        before = self.state.snapshot()
        self._change(change, before)
        try:
            await self.database.commit_grouped(*self._state_statements())
        except BaseException:
            self.state.put_back(before)
            raise

    def statements(self) -> list[Statement]:
        """The statements that save the table's state as it is now, for a write
        that saves several tables at once (a player moved between two tables
        of a tournament, bot/tournaments/floor_runner.py)."""
        return self._state_statements()

    def _state_statements(self) -> list[Statement]:
        """The statements that save the table's state as it is now."""
        state = self.state
        return state_statements(
            state.table_id,
            state.saved() | self.desk_state(),
            {n: s.sitting_out for n, s in state.table.seats.items()},
            carried_pot=state.table.carried_pot,
        )

    def _change(self, change: Callable[[], _T], before: Snapshot) -> _T:
        try:
            return change()
        except IllegalAction as error:
            self.state.put_back(before)
            raise Refused.from_engine(error) from None
        except Exception:
            # The engine failed half way (bot.tables.hand_faults): nothing changed.
            self.state.put_back(before)
            raise
