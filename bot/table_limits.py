"""How many tables a member, and a server, may have open at once.

Anyone may open a table by default (the server can hide ``/poker create``
from roles in its integration settings); the settings cap the tables one
member has open on a server (``CROUPIER_MAX_TABLES_PER_MEMBER``) and the tables
a server has open in all (``CROUPIER_MAX_TABLES_PER_SERVER``), so one member
cannot fill a server with tables. 0 means no limit.
"""

from __future__ import annotations

from bot.database import Database
from bot.errors import CroupierError
from bot.settings import Settings


class TableLimitReached(CroupierError):
    """A new table would pass one of the limits; the sentence names which."""


async def check_may_open(
    database: Database, settings: Settings, guild_id: int, creator_id: int
) -> None:
    """Raise :class:`TableLimitReached` if ``creator_id`` may not open another table
    on server ``guild_id`` now."""
    row = await database.fetch_one(
        "SELECT COUNT(*) AS server, COUNT(*) FILTER (WHERE creator_id = ?) AS member FROM tables"
        " WHERE guild_id = ? AND status = 'open'",
        (creator_id, guild_id),
    )
    server, member = (0, 0) if row is None else (int(row["server"]), int(row["member"]))
    if settings.max_tables_per_member and member >= settings.max_tables_per_member:
        raise TableLimitReached("tables.limit_member", count=member)
    if settings.max_tables_per_server and server >= settings.max_tables_per_server:
        raise TableLimitReached("tables.limit_server", count=server)
