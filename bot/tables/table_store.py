"""The rows of a table in the database, apart from its hands and its chips.

Creating and closing a table, its runner's saved state (``tables.state``) and
who is sitting out. Chips in seats are the cashier's and the hand log's; a
tournament's seats leave the table here, with the tournament chips that are
worth nothing outside it (an eliminated player's none, the winner's all).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.database import Database, Row, Statement, Transaction, UniqueViolation
from bot.player_settings import set_setting, settings_of
from bot.tables.errors import TableExists
from bot.tables.table_settings import TableSettings


@dataclass(frozen=True, slots=True)
class TableRecord:
    table_id: int
    guild_id: int
    channel_id: int
    creator_id: int


@dataclass(frozen=True, slots=True)
class StoredSeat:
    """A seat as the ``seats`` table has it: the chips are the cashier's truth."""

    seat: int
    user_id: int
    stack: int
    sitting_out: bool


@dataclass(frozen=True, slots=True)
class StoredTable:
    record: TableRecord
    config: TableSettings
    state: dict[str, Any]
    seats: tuple[StoredSeat, ...]
    #: Jackpots: chips in the pot waiting for the next deal.
    carried_pot: int = 0
    #: A tournament's buy-ins not yet paid out.
    prize_pool: int = 0
    #: The table message last shown, to edit again after a restart.
    message_id: int | None = None


class TableStore:
    def __init__(self, database: Database) -> None:
        self.database = database

    async def create(
        self, guild_id: int, channel_id: int, creator_id: int, config: TableSettings
    ) -> TableRecord:
        """A new open table; :class:`TableExists` when the channel has one already."""
        try:
            async with self.database.transaction() as tx:
                table_id = await tx.insert(
                    "INSERT INTO tables (guild_id, channel_id, creator_id, config, state,"
                    " tournament, session_chips) VALUES (?, ?, ?, ?, '{}', ?, ?)",
                    (
                        guild_id,
                        channel_id,
                        creator_id,
                        config.to_json(),
                        config.tournament,
                        config.session_chips,
                    ),
                )
        except UniqueViolation:  # the channel's one open table (the only unique key here)
            raise TableExists() from None
        return TableRecord(table_id, guild_id, channel_id, creator_id)

    async def open_tables(self) -> list[StoredTable]:
        """Every open table with its configuration, saved state and seats."""
        tables = await self.database.fetch_all(
            "SELECT id, guild_id, channel_id, creator_id, config, state, carried_pot, prize_pool,"
            " message_id FROM tables"
            " WHERE status = 'open' ORDER BY id"
        )
        return await self._stored(tables)

    async def open_table(self, table_id: int) -> StoredTable | None:
        """One open table as :meth:`open_tables` reads it; ``None`` once it is closed."""
        tables = await self.database.fetch_all(
            "SELECT id, guild_id, channel_id, creator_id, config, state, carried_pot, prize_pool,"
            " message_id FROM tables"
            " WHERE status = 'open' AND id = ?",
            (table_id,),
        )
        found = await self._stored(tables)
        return found[0] if found else None

    async def _stored(self, tables: list[Row]) -> list[StoredTable]:
        found: list[StoredTable] = []
        for row in tables:
            seats = await self.database.fetch_all(
                "SELECT seat_no, user_id, stack, sitting_out FROM seats"
                " WHERE table_id = ? ORDER BY seat_no",
                (row["id"],),
            )
            found.append(
                StoredTable(
                    TableRecord(row["id"], row["guild_id"], row["channel_id"], row["creator_id"]),
                    TableSettings.from_json(row["config"]),
                    json.loads(row["state"] or "{}"),
                    tuple(
                        StoredSeat(s["seat_no"], s["user_id"], s["stack"], bool(s["sitting_out"]))
                        for s in seats
                    ),
                    int(row["carried_pot"]),
                    int(row["prize_pool"]),
                    row["message_id"],
                )
            )
        return found

    async def last_table_in(self, channel_id: int) -> int | None:
        """The id of the newest table a channel had, open or closed."""
        value: int | None = await self.database.fetch_value(
            "SELECT MAX(id) FROM tables WHERE channel_id = ?", (channel_id,)
        )
        return value


async def save_message_id(database: Database, table_id: int, message_id: int) -> None:
    """Remember the table message now shown (edited again after a restart), with
    whatever other tables write at the moment (group commit)."""
    await database.commit_grouped(
        ("UPDATE tables SET message_id = ? WHERE id = ?", (message_id, table_id))
    )


async def forget_message_id(tx: Transaction, table_id: int) -> None:
    """A new hand is dealt: its table message is posted afresh, and its id is
    saved only once Discord gives it back. Until then a restart must post anew,
    not edit the last hand's message: the new one may have gone out unsaved, and
    a click on it (newer, so taken for current) would act while every edit went
    to the old one."""
    await tx.execute("UPDATE tables SET message_id = NULL WHERE id = ?", (table_id,))


def state_statements(
    table_id: int,
    state: Mapping[str, Any],
    sitting_out: Mapping[int, bool],
    *,
    carried_pot: int = 0,
) -> list[Statement]:
    """The statements that save the runner's state of a table, which seats sit
    out, and the chips of a jackpot carried to the next deal."""
    return [
        (
            "UPDATE tables SET state = ?, carried_pot = ? WHERE id = ?",
            (json.dumps(state), carried_pot, table_id),
        ),
        *(
            (
                "UPDATE seats SET sitting_out = ? WHERE table_id = ? AND seat_no = ?",
                (int(out), table_id, seat),
            )
            for seat, out in sitting_out.items()
        ),
    ]


async def add_to_seats(tx: Transaction, table_id: int, shares: Sequence[tuple[int, int]]) -> None:
    """Chips of a carried jackpot handed back to seats: (seat, chips) each."""
    for seat, chips in shares:
        changed = await tx.execute(
            "UPDATE seats SET stack = stack + ? WHERE table_id = ? AND seat_no = ?",
            (chips, table_id, seat),
        )
        if changed != 1:
            raise RuntimeError(f"table {table_id} has nobody in seat {seat} to take {chips}")


async def remove_tournament_seats(tx: Transaction, table_id: int, seats: Sequence[int]) -> None:
    """Tournament players leaving the table for good: eliminated (no chips
    left) or the tournament over. Their tournament chips end with them."""
    for seat in seats:
        changed = await tx.execute(
            "DELETE FROM seats WHERE table_id = ? AND seat_no = ?"
            " AND EXISTS (SELECT 1 FROM tables WHERE id = ? AND tournament = 1)",
            (table_id, seat, table_id),
        )
        if changed != 1:
            raise RuntimeError(f"table {table_id} has no tournament seat {seat}")


async def prize_pool_of(tx: Transaction, table_id: int) -> int:
    row = await tx.fetch_one("SELECT prize_pool FROM tables WHERE id = ?", (table_id,))
    return 0 if row is None else int(row["prize_pool"])


async def close_table(tx: Transaction, table_id: int) -> None:
    await tx.execute(
        f"UPDATE tables SET status = 'closed', closed_at = {tx.sql_now}"
        " WHERE id = ? AND status = 'open'",
        (table_id,),
    )


async def dm_cards_wanted(database: Database, user_ids: list[int]) -> set[int]:
    """Which of these players want their hole cards by DM (everyone, unless they said no)."""
    chosen = await settings_of(database, "dm_cards", user_ids)
    return {user_id for user_id in user_ids if chosen.get(user_id) != 0}


async def set_dm_cards(database: Database, user_id: int, wanted: bool) -> None:
    await set_setting(database, user_id, "dm_cards", int(wanted))
