"""Auditing the database of a running bot, without stopping its tables.

:func:`bot.audit.audit` reads the database in several queries; tables that
settle a hand between two of them would make it report a difference that is
not there. So the audit runs on a copy taken with SQLite's backup API in one
step, which is a consistent snapshot of every committed transaction, while the
tables carry on writing to the original. Every finished hand is replayed
(:func:`bot.tables.hand_log.replay_finished_hand`).
"""

from __future__ import annotations

import asyncio
import sqlite3
import tempfile
from pathlib import Path

from bot.audit import AuditReport, audit
from bot.database import Database
from bot.tables.hand_log import replay_finished_hand


def _copy(source: Path, target: Path) -> None:
    with sqlite3.connect(source) as reading, sqlite3.connect(target) as writing:
        reading.backup(writing)  # all pages in one step: one snapshot
    # sqlite3's context manager commits but does not close.
    reading.close()
    writing.close()


async def audit_running(database: Database) -> AuditReport:
    """The audit of a consistent copy of ``database``, taken now."""
    with tempfile.TemporaryDirectory(prefix="croupier-audit-") as folder:
        copy = Path(folder) / "snapshot.db"
        await asyncio.to_thread(_copy, database.path, copy)
        async with await Database.open(copy) as snapshot:
            return await audit(snapshot, replay_finished_hand)
