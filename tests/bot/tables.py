"""Test helpers: tables and finished hands written straight into the database,
standing in for the table runner."""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.database import Database


async def open_table(db: Database, guild_id: int, channel_id: int, creator_id: int = 1) -> int:
    async with db.transaction() as tx:
        return await tx.insert(
            "INSERT INTO tables (guild_id, channel_id, creator_id, config) VALUES (?, ?, ?, ?)",
            (guild_id, channel_id, creator_id, json.dumps({"seats": 9})),
        )


async def close_table(db: Database, table_id: int) -> None:
    async with db.transaction() as tx:
        await tx.execute(
            "UPDATE tables SET status = 'closed', closed_at = '2024-01-01T00:00:00Z' WHERE id = ?",
            (table_id,),
        )


@dataclass(frozen=True)
class Result:
    """One player's line of a finished hand."""

    user_id: int
    starting_stack: int
    finishing_stack: int
    won_chips: int = 0
    went_to_showdown: bool = False
    won_at_showdown: bool = False


async def finished_hand(
    db: Database, table_id: int, hand_no: int, results: list[Result], ended_at: str
) -> int:
    async with db.transaction() as tx:
        row = await tx.fetch_one("SELECT guild_id FROM tables WHERE id = ?", (table_id,))
        assert row is not None
        hand_id = await tx.insert(
            "INSERT INTO hands (table_id, hand_no, variant, initial, status, ended_at)"
            " VALUES (?, ?, 'NT', '{}', 'finished', ?)",
            (table_id, hand_no, ended_at),
        )
        for seat_no, r in enumerate(results):
            await tx.execute(
                "INSERT INTO hand_players (hand_id, guild_id, user_id, seat_no, starting_stack,"
                " finishing_stack, net, won_chips, went_to_showdown, won_at_showdown)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    hand_id,
                    row["guild_id"],
                    r.user_id,
                    seat_no,
                    r.starting_stack,
                    r.finishing_stack,
                    r.finishing_stack - r.starting_stack,
                    r.won_chips,
                    r.went_to_showdown,
                    r.won_at_showdown,
                ),
            )
    return hand_id
