"""The real Croupier bot, in the test's event loop, pointed at the fake Discord.

:func:`croupier_settings` builds the bot's settings for a test (the fake's
token and guild, a database in the test's folder, short clocks);
:func:`running_croupier` opens and migrates that database the way the
launcher does, builds the bot with :func:`bot.client.create_client` and its
real cogs, starts it against the fake and, once the test is done with it,
stops it and runs the audit, so every end-to-end test ends by proving that no
chip was created or lost. Errors the bot logs while it runs (a failed clock, a
delivery that raised, an exception in a cog) fail the test as well, unless
the test expects them.
"""

from __future__ import annotations

import contextlib
import logging
import random
from collections.abc import AsyncIterator, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from bot.client import CroupierBot, create_client
from bot.database import Database
from bot.settings import Settings
from bot.tables.clock import Clock
from tests.audited import assert_audit_clean
from tests.e2e.fake_discord import FakeDiscord, pointed_at, running_client

#: The loggers whose errors fail a test: the bot's, its cogs' and discord.py's.
WATCHED_LOGGERS = ("bot", "cogs", "discord")

#: How long discord.py waits for more guilds before it calls itself ready;
#: the fake has one guild, which arrives at once.
GUILD_READY_TIMEOUT = 0.05


def croupier_settings(fake: FakeDiscord, database_path: Path, **changes: Any) -> Settings:
    """Settings for a bot talking to ``fake``: commands published to its guild,
    the next hand and an all-in's streets dealt without a pause, everything
    else the documented default unless ``changes`` says otherwise."""
    settings = Settings(
        discord_token=fake.token,
        database_path=database_path,
        dev_guild_id=fake.guild_id,
        hand_pause_seconds=0,
        # An all-in run out at once; tests/e2e/test_runout_e2e.py paces it on a fake clock.
        runout_pause_seconds=0,
        # Test players act at machine speed; tests/e2e/test_flood_e2e.py turns the limits on.
        flood_limit=0,
        discord_api_base=fake.api_base,
        discord_gateway_url=fake.gateway_url,
    )
    return replace(settings, **changes)


class ErrorLog(logging.Handler):
    """Keeps every record of level ERROR or worse."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def unexpected(self, expected: Sequence[str]) -> list[str]:
        """The errors whose message contains none of ``expected``."""
        lines = []
        for record in self.records:
            text = record.getMessage()
            if record.exc_info and record.exc_info[1] is not None:
                text += f" ({record.exc_info[1]!r})"
            if not any(part in text for part in expected):
                lines.append(f"{record.name}: {text}")
        return lines


@contextlib.contextmanager
def errors_logged() -> Iterator[ErrorLog]:
    handler = ErrorLog()
    loggers = [logging.getLogger(name) for name in WATCHED_LOGGERS]
    for logger in loggers:
        logger.addHandler(handler)
    try:
        yield handler
    finally:
        for logger in loggers:
            logger.removeHandler(handler)


@dataclass
class Croupier:
    """A running product bot and the database it keeps its chips in."""

    bot: CroupierBot
    database: Database
    fake: FakeDiscord
    errors: ErrorLog

    async def settled(self, timeout: float = 10.0) -> None:
        """Until every table is idle: no action half-taken, every message delivered."""
        for runner in self.bot.tables.runners:
            await runner.settled(timeout)


@contextlib.asynccontextmanager
async def running_croupier(
    fake: FakeDiscord,
    database_path: Path,
    *,
    clock: Clock | None = None,
    audit_at_end: bool = True,
    expected_errors: Sequence[str] = (),
    deck_seed: int | None = None,
    **settings_changes: Any,
) -> AsyncIterator[Croupier]:
    """The product bot, ready, against ``fake``; audited once it has stopped.

    An error logged while it ran fails the test unless its message contains
    one of ``expected_errors``. ``deck_seed`` makes the shuffles repeatable.
    """
    settings = croupier_settings(fake, database_path, **settings_changes)
    async with await Database.open(settings.database) as database:  # a URL: PostgreSQL
        bot = create_client(
            settings, database, clock=clock, guild_ready_timeout=GUILD_READY_TIMEOUT
        )
        if deck_seed is not None:
            bot.tables.services = replace(bot.tables.services, rng=random.Random(deck_seed))
        with errors_logged() as errors, pointed_at(fake.api_base, fake.gateway_url):
            async with running_client(bot, fake.token) as ready:
                yield Croupier(ready, database, fake, errors)
        if audit_at_end:
            await assert_audit_clean(database)
        unexpected = errors.unexpected(expected_errors)
        assert not unexpected, "the bot logged errors:\n" + "\n".join(unexpected)
