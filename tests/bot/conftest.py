"""Fixtures for the bot's tests: a migrated database in a temporary file."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.database import Database


@pytest.fixture
async def database(tmp_path: Path) -> AsyncIterator[Database]:
    db = await Database.open(tmp_path / "croupier.db")
    try:
        yield db
    finally:
        await db.close()
