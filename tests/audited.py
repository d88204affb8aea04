"""Ending a test with the audit: every test that moves chips can call these.

:func:`assert_audit_clean` runs :func:`bot.audit.audit` with the hand log's
replayer (every finished hand is dealt again and must reach its recorded
result) and fails the test with the audit's own report. End-to-end tests whose
bot runs in another process pass the database (a SQLite file or a PostgreSQL
URL) to :func:`assert_audit_clean_at` once the bot has stopped or been killed.
"""

from __future__ import annotations

from pathlib import Path

from bot.audit import AuditReport, audit
from bot.database import Database
from bot.tables.hand_log import replay_finished_hand


async def assert_audit_clean(database: Database) -> AuditReport:
    """Audit ``database``, replaying every finished hand; fail with the report if unclean."""
    report = await audit(database, replay_finished_hand)
    assert report.clean, report.render()
    return report


async def assert_audit_clean_at(path: Path | str) -> AuditReport:
    """Open the database at ``path`` (migrating it as the bot would) and audit it."""
    async with await Database.open(path) as database:
        return await assert_audit_clean(database)
