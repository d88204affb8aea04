"""Which process runs a table, and where its web room is: the question the web
room asks, with several processes, of a table it does not run itself.

A table lives in the process that holds the lease of its server's shard
(:mod:`bot.shards`; ``bot`` when one process runs every shard), and that
process wrote, with the lease, the address at which the other processes
reach its web room (``leases.web_address``, migration 0019,
``CROUPIER_WEB_ADDRESS``). So the answer is one read of the table's server
and one of the lease: :class:`TableOwner` with that address while the lease
is live, without one while nobody holds it (the process died and no other has
taken over yet: the table is moving), and ``None`` when no such table is open.
A takeover (:meth:`bot.database.lease.Lease.take`) writes the new holder's
address, so the next question after it is answered with the new process.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.database import Database
from bot.shards import SHARD_LEASE_PREFIX, WHOLE_BOT_LEASE, ShardPlan


@dataclass(frozen=True, slots=True)
class TableOwner:
    """Where an open table's viewers are sent: the web room of the process that
    runs it (``None``: no live process holds its lease, or it has no web room)."""

    address: str | None


#: ``locate(table_id)``: the owner of an open table, ``None`` if none is open.
Locate = Callable[[int], Awaitable[TableOwner | None]]


def lease_of(guild_id: int, shards: ShardPlan) -> str:
    """The name of the lease whose holder runs the tables of server ``guild_id``."""
    if shards.count is None:
        return WHOLE_BOT_LEASE
    return f"{SHARD_LEASE_PREFIX}{shards.shard_of(guild_id)}"


async def table_owner(
    database: Database,
    table_id: int,
    shards: ShardPlan,
    *,
    clock: Callable[[], float] = time.time,
) -> TableOwner | None:
    """The process that runs open table ``table_id`` now, as the database says."""
    guild_id = await database.fetch_value(
        "SELECT guild_id FROM tables WHERE id = ? AND status = 'open'", (table_id,)
    )
    if guild_id is None:
        return None
    row = await database.fetch_one(
        "SELECT web_address, expires_at FROM leases WHERE name = ?",
        (lease_of(int(guild_id), shards),),
    )
    if row is None or row["expires_at"] <= clock():
        return TableOwner(None)
    return TableOwner(row["web_address"])


def locator(database: Database, shards: ShardPlan) -> Locate:
    """:func:`table_owner` on ``database``, for the web room's setup."""

    async def locate(table_id: int) -> TableOwner | None:
        return await table_owner(database, table_id, shards)

    return locate
