"""The SQLite database: one connection, its transactions and its migrations.

Used like this::

    db = await Database.open("croupier.db")  # migrations applied
    async with db.transaction() as tx:  # BEGIN IMMEDIATE ... COMMIT
        await tx.execute("UPDATE seats SET sitting_out = 1 WHERE table_id = ?", (7,))
    await db.close()
"""

from bot.database.connection import BUSY_TIMEOUT_MS, Database, Row, Transaction
from bot.database.migrator import Migration, SchemaTooNew, bundled_migrations

__all__ = [
    "BUSY_TIMEOUT_MS",
    "Database",
    "Migration",
    "Row",
    "SchemaTooNew",
    "Transaction",
    "bundled_migrations",
]
