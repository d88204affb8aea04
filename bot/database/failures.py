"""Which errors are the database's own: a statement refused, a file locked or
full, a server gone away.

A table tries such a failure again after a pause (:mod:`bot.tables.retry`):
the database comes back and the table goes on by itself. Any other error
raised while a hand is played is the hand's own and is not tried again
(:mod:`bot.tables.hand_faults`).
"""

from __future__ import annotations

import sqlite3
from typing import Final

import asyncpg

from bot.database.connection import IntegrityError
from bot.database.location import DatabaseUnusable

#: What either database, or the disk and network under it, raises.
DATABASE_FAILURES: Final[tuple[type[BaseException], ...]] = (
    sqlite3.Error,
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    IntegrityError,
    DatabaseUnusable,
    OSError,
    TimeoutError,
)


def is_database_failure(error: BaseException) -> bool:
    """Whether ``error`` is the database's (or the disk's, or the network's):
    one of :data:`DATABASE_FAILURES`, or an error this package defines (a
    lease another process holds, a schema too new).

    >>> is_database_failure(sqlite3.OperationalError("database is locked"))
    True
    >>> is_database_failure(IndexError("pop from empty list"))
    False
    """
    own = type(error).__module__.startswith("bot.database.")
    return own or isinstance(error, DATABASE_FAILURES)
