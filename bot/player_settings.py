"""A player's own choices, one row each in ``player_settings``, read and written here.

Each choice is a column: the card deck (``/poker deck``, :mod:`bot.player_decks`),
the turn notice (``/poker notify``, :mod:`bot.tables.turn_notices`) and whether
hole cards come by DM (``/poker dm``, :mod:`bot.tables.table_store`). Those
modules say what a value means and what it is when a player never chose; this
one only moves the values, many players' in one query.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Literal

from bot.database import Database

#: The columns of ``player_settings`` that hold a choice.
Setting = Literal["deck", "turn_notice", "dm_cards"]


async def settings_of(
    database: Database, setting: Setting, user_ids: Collection[int]
) -> dict[int, object]:
    """``setting`` of each of ``user_ids`` who has a row (others are left out)."""
    if not user_ids:
        return {}
    marks = ", ".join("?" for _ in user_ids)
    rows = await database.fetch_all(
        f"SELECT user_id, {setting} FROM player_settings WHERE user_id IN ({marks})",
        tuple(user_ids),
    )
    return {int(row["user_id"]): row[setting] for row in rows}


async def set_setting(database: Database, user_id: int, setting: Setting, value: object) -> None:
    """Keep ``value`` as the player's ``setting`` (their row made if they have none)."""
    async with database.transaction() as tx:
        await tx.execute(
            f"INSERT INTO player_settings (user_id, {setting}) VALUES (?, ?)"
            f" ON CONFLICT (user_id) DO UPDATE SET {setting} = excluded.{setting},"
            f" updated_at = {tx.sql_now}",
            (user_id, value),
        )
