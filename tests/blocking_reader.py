"""Reading a database the bot is writing, from code that cannot wait (a check
run inside a callback), through a connection of its own, SQLite or PostgreSQL.

A reader sees only committed transactions and never waits for the bot's. On
SQLite it is a plain :mod:`sqlite3` connection; on PostgreSQL an asyncpg
connection served by an event loop in a thread of its own, so that a blocking
call works even while the test's own loop is running (the call blocks that loop
for the few milliseconds of the read, which the bot under test, in the same
loop or another process, does not mind). Statements are written as the bot
writes them, with ``?`` parameters.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import asyncpg

from bot.database.location import is_postgresql_url
from bot.database.placeholders import numbered, ordered_values
from bot.database.postgresql import prepare_connection


class BlockingReader:
    def __init__(self, target: str | Path) -> None:
        self.target = str(target)
        self._postgresql = is_postgresql_url(self.target)
        if self._postgresql:
            self._loop = asyncio.new_event_loop()
            self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
            self._thread.start()
            self._connection = self._wait(asyncpg.connect(self.target))
            self._wait(prepare_connection(self._connection))
        else:
            self._sqlite = sqlite3.connect(
                self.target, isolation_level=None, check_same_thread=False
            )

    def _wait(self, work: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(work, self._loop).result(30)

    def rows(self, sql: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        if not self._postgresql:
            return list(self._sqlite.execute(sql, parameters).fetchall())
        text, names = numbered(sql)
        found = self._wait(self._connection.fetch(text, *ordered_values(names, parameters)))
        return [tuple(row) for row in found]

    def one(self, sql: str, parameters: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        found = self.rows(sql, parameters)
        return found[0] if found else None

    def close(self) -> None:
        if not self._postgresql:
            self._sqlite.close()
            return
        self._wait(self._connection.close())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()

    def __enter__(self) -> BlockingReader:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()
