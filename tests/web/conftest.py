"""Fixtures for the web room's tests: a migrated database, as the bot's tests have."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.database import Database


@pytest.fixture
async def database(database_target: str) -> AsyncIterator[Database]:
    db = await Database.open(database_target)
    try:
        yield db
    finally:
        await db.close()
