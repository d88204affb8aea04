"""Auditing the database of a running bot, without stopping its tables.

:func:`bot.audit.audit` reads the database in several queries; tables that
settle a hand between two of them would make it report a difference that is
not there. So the audit reads one snapshot (:meth:`Database.snapshot`: a read
transaction of its own on SQLite's write-ahead log, a ``REPEATABLE READ``
transaction on PostgreSQL), which sees every transaction committed before it
began and none after, while the tables carry on writing. Every finished hand
is replayed (:func:`bot.tables.hand_log.replay_finished_hand`).
"""

from __future__ import annotations

from bot.audit import AuditReport, audit
from bot.database import Database
from bot.tables.hand_log import replay_finished_hand


async def audit_running(database: Database) -> AuditReport:
    """The audit of ``database`` as it is now."""
    async with database.snapshot() as snapshot:
        return await audit(snapshot, replay_finished_hand)
