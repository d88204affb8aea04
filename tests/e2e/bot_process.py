"""Croupier as its own process (``python -m bot``) against the fake Discord.

The harness for tests that need a real process: it can be stopped politely
(SIGTERM, as a service manager would), killed outright (SIGKILL, as a crash
or the OOM killer would) and started again on the same database.

The process gets only what an operator would give it: environment variables
(the fake's ``bot_environment()``, ``CROUPIER_DATABASE``, ``CROUPIER_DEV_GUILD``
and whatever the test adds). It runs in the database's folder, so no ``.env``
of the developer's is read, with this checkout on ``PYTHONPATH``. Its log
(stderr and stdout) goes to a file beside the database; :meth:`BotProcess.log`
reads it, and a process that dies before it is ready fails with its log.

In a test, with the ``fake_discord`` fixture and pytest's ``tmp_path``::

    async with bot_process(fake_discord, tmp_path / "croupier.db") as bot:
        ...  # members play through the fake as usual
        await bot.kill()
        await bot.restart()
        ...
        assert await bot.stop() == 0
    await assert_audit_clean(tmp_path / "croupier.db")
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from tests.e2e.fake_discord import FakeDiscord

REPO_ROOT = Path(__file__).resolve().parents[2]
#: What the bot logs once it is connected and its commands are published.
READY_LINE = "Connected as"
#: Words in a log that mean something went wrong, whatever the test expected.
TROUBLE = ("Traceback", " ERROR ", " CRITICAL ")


def bot_environment(
    fake: FakeDiscord, database_path: Path, extra: Mapping[str, str] | None = None
) -> dict[str, str]:
    """The environment of a bot process pointed at ``fake``, keeping its chips in
    ``database_path``; ``extra`` settings win over the defaults here."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("CROUPIER_", "DISCORD_"))
    }
    paths = [str(REPO_ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
    environment |= fake.bot_environment() | {
        "PYTHONPATH": os.pathsep.join(paths),
        "CROUPIER_DATABASE": str(database_path),
        "CROUPIER_DEV_GUILD": str(fake.guild_id),
        "CROUPIER_LOG_LEVEL": "INFO",
        "CROUPIER_HAND_PAUSE_SECONDS": "0",
        "CROUPIER_RUNOUT_PAUSE_SECONDS": "0",
        # The fake's endpoints count only with this switch, and only from the environment.
        "CROUPIER_ALLOW_TEST_ENDPOINTS": "true",
        # Test players act at machine speed; tests/e2e/test_flood_e2e.py turns the limits on.
        "CROUPIER_FLOOD_LIMIT": "0",
    }
    return environment | dict(extra or {})


@dataclass
class BotProcess:
    """One run of ``python -m bot``: start it, then stop, kill or restart it."""

    fake: FakeDiscord
    database_path: Path
    extra_environment: dict[str, str] = field(default_factory=dict)
    #: The module run with ``python -m``: the product's launcher unless a
    #: benchmark brings its own.
    module: str = "bot"
    process: asyncio.subprocess.Process | None = None
    #: How many times a process was started; each run logs to its own file.
    runs: int = 0
    #: The gateway sessions the running process opened (one per shard it runs).
    sessions: int = 0

    @property
    def pid(self) -> int:
        assert self.process is not None, "not started"
        return self.process.pid

    @property
    def log_path(self) -> Path:
        return self.database_path.with_name(f"bot-run-{self.runs}.log")

    def log(self) -> str:
        """What the current (or last) run has logged so far."""
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def troubles(self) -> list[str]:
        """Log lines of the current run with errors or tracebacks."""
        return [line for line in self.log().splitlines() if any(t in line for t in TROUBLE)]

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.returncode is None

    async def start(self, timeout: float = 30.0) -> BotProcess:
        """Start the bot and wait until it has connected to the fake and is ready."""
        assert not self.running, "the bot is already running"
        self.runs += 1
        identifies = self.fake.gateway.identifies
        connected = len(self.fake.gateway.connected)
        with self.log_path.open("wb") as log:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                self.module,
                cwd=self.database_path.parent,
                env=bot_environment(self.fake, self.database_path, self.extra_environment),
                stdout=log,
                stderr=asyncio.subprocess.STDOUT,
            )
        loop = asyncio.get_running_loop()
        give_up = loop.time() + timeout
        while not (
            READY_LINE in self.log()
            and self.fake.gateway.identifies > identifies
            and self.fake.gateway.connected
        ):
            if self.process.returncode is not None:
                raise RuntimeError(
                    f"the bot exited with {self.process.returncode} before it was ready:\n"
                    + self.log()
                )
            if loop.time() > give_up:
                raise TimeoutError(f"the bot was not ready within {timeout} s:\n{self.log()}")
            await asyncio.sleep(0.05)
        self.sessions = len(self.fake.gateway.connected) - connected
        return self

    async def stop(self, timeout: float = 15.0) -> int:
        """SIGTERM, as a service manager stops it; its exit status."""
        return await self._end(signal.SIGTERM, timeout)

    async def kill(self) -> int:
        """SIGKILL: no goodbye, no flushing; its exit status (negative: the signal)."""
        return await self._end(signal.SIGKILL, 10.0)

    async def restart(self, timeout: float = 30.0) -> BotProcess:
        """Start a new process on the same database (after :meth:`stop` or :meth:`kill`)."""
        return await self.start(timeout)

    async def _end(self, how: signal.Signals, timeout: float) -> int:
        process = self.process
        assert process is not None, "not started"
        # Other processes (other shards) may stay connected: wait for this one's sessions.
        connected = len(self.fake.gateway.connected) - self.sessions
        if process.returncode is None:
            process.send_signal(how)
            try:
                await asyncio.wait_for(process.wait(), timeout)
            except TimeoutError:
                process.kill()
                await process.wait()
                raise
        await self.fake.wait_for(lambda: len(self.fake.gateway.connected) <= connected, timeout=10)
        assert process.returncode is not None
        return process.returncode


@contextlib.asynccontextmanager
async def bot_process(
    fake: FakeDiscord,
    database_path: Path,
    extra_environment: Mapping[str, str] | None = None,
    *,
    timeout: float = 30.0,
) -> AsyncIterator[BotProcess]:
    """A started bot process; killed on the way out if the test left it running."""
    bot = BotProcess(fake, database_path, dict(extra_environment or {}))
    try:
        yield await bot.start(timeout)
    finally:
        if bot.running:
            await bot.kill()
