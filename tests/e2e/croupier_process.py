"""Croupier as a child process against the fake Discord, to kill and restart.

:class:`CroupierProcess` runs the real launcher with the fake's settings and a
database (a SQLite file, or a PostgreSQL URL) that outlives every process.
Each bot is forked from a fork server (:mod:`tests.e2e.warm_croupier`) that
imported the bot once, so a restart costs the bot's start-up, not Python's
imports.

    async with CroupierProcess(fake, tmp_path / "croupier.db") as croupier:
        await croupier.start()           # connected to the fake's gateway on return
        await croupier.kill()            # SIGKILL, whatever it was doing
        await croupier.start(die_at=12)  # dies by itself in its 12th statement
        await croupier.start(die_at=2, in_group_commit=True)  # ... in its 2nd group commit
        await croupier.start(die_at=2, die_in="break")  # ... in a table break's moves

Each bot's stderr goes to ``logs/bot-N.log`` beside the database file (or in
the folder ``logs`` names), for reading after a failure
(:meth:`CroupierProcess.log_text`).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Self, TypeVar

from tests.e2e.fake_discord import FakeDiscord

#: The bot's settings for these tests, on top of the fake's.
TEST_SETTINGS = {
    # The fake's endpoints count only with this switch, and only from the environment.
    "CROUPIER_ALLOW_TEST_ENDPOINTS": "true",
    # Impatient players act at machine speed, far past what the flood limit allows a person.
    "CROUPIER_FLOOD_LIMIT": "0",
    "CROUPIER_LOG_LEVEL": "WARNING",
    "CROUPIER_HAND_PAUSE_SECONDS": "0",
    "CROUPIER_RUNOUT_PAUSE_SECONDS": "0",
    "CROUPIER_STARTING_CHIPS": "100000",
}

ROOT = Path(__file__).resolve().parents[2]

T = TypeVar("T")


class CroupierProcess:
    def __init__(
        self,
        fake: FakeDiscord,
        database: Path | str,
        *,
        logs: Path | None = None,
        settings: dict[str, str] | None = None,
        start_timeout: float = 30.0,
    ) -> None:
        self.fake = fake
        self.database = database
        if logs is None:
            assert isinstance(database, Path), "a PostgreSQL database needs a folder for logs"
            logs = database.parent / "logs"
        self.logs = logs
        self.logs.mkdir(parents=True, exist_ok=True)
        self.environment = (
            os.environ
            | fake.bot_environment()
            | {"CROUPIER_DATABASE": str(database), "CROUPIER_DEV_GUILD": str(fake.guild_id)}
            | TEST_SETTINGS
            | (settings or {})
        )
        self.start_timeout = start_timeout
        #: The process id of the bot started last.
        self.pid: int | None = None
        self.started = 0
        self._server: asyncio.subprocess.Process | None = None
        self._reader: asyncio.Task[None] | None = None
        self._started: asyncio.Queue[int] = asyncio.Queue()
        self._exits: dict[int, asyncio.Future[int]] = {}

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    async def _fork_server(self) -> asyncio.subprocess.Process:
        if self._server is not None:
            return self._server
        server = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.e2e.warm_croupier",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=(self.logs / "fork-server.log").open("wb"),
            env=self.environment,
            cwd=ROOT,
        )
        assert server.stdout is not None
        warm = await asyncio.wait_for(server.stdout.readline(), self.start_timeout)
        if warm.strip() != b"warm":
            raise RuntimeError(f"the fork server did not start: {warm!r}")
        self._server = server
        self._reader = asyncio.create_task(self._read_reports(server))
        return server

    async def _read_reports(self, server: asyncio.subprocess.Process) -> None:
        assert server.stdout is not None
        async for line in server.stdout:
            words = line.decode().split()
            if words[:1] == ["started"]:
                self._started.put_nowait(int(words[1]))
            elif words[:1] == ["exited"]:
                exited = self._exit_of(int(words[1]))
                if not exited.done():
                    exited.set_result(int(words[2]))

    def _exit_of(self, pid: int) -> asyncio.Future[int]:
        if pid not in self._exits:
            self._exits[pid] = asyncio.get_running_loop().create_future()
        return self._exits[pid]

    async def start(
        self,
        *,
        die_at: int | None = None,
        in_group_commit: bool = False,
        die_in: str | None = None,
    ) -> int:
        """Start the next bot (optionally doomed to die in its ``die_at``-th
        statement, or with ``in_group_commit`` in its ``die_at``-th group commit
        of several tables' actions, or with ``die_in`` ``"break"`` in the
        ``die_at``-th statement of a multi-table tournament's table break, or
        ``"round"`` after the ``die_at``-th hand leaving a hand-for-hand round
        half played: :mod:`tests.e2e.warm_croupier`) and wait until it has logged
        in to the gateway, or died."""
        if self.alive:
            raise RuntimeError("a bot is already running")
        server = await self._fork_server()
        assert server.stdin is not None
        self.started += 1
        log = self.logs / f"bot-{self.started}.log"
        identified = self.fake.gateway.identifies
        command = f"go {log}" + ("" if die_at is None else f" {die_at}")
        if die_at is not None and in_group_commit:
            command += " group"
        elif die_at is not None and die_in is not None:
            command += f" {die_in}"
        server.stdin.write(command.encode() + b"\n")
        await server.stdin.drain()
        self.pid = await asyncio.wait_for(self._started.get(), self.start_timeout)
        exited = self._exit_of(self.pid)

        def connected() -> bool:
            return self.fake.gateway.identifies > identified and bool(self.fake.gateway.connected)

        # The fake wakes its waiters on its own changes only: race it with the exit.
        login = asyncio.ensure_future(self.fake.wait_for(connected, self.start_timeout))
        done, _ = await asyncio.wait({login, exited}, return_when=asyncio.FIRST_COMPLETED)
        if login not in done:
            login.cancel()
            with contextlib.suppress(asyncio.CancelledError, TimeoutError):
                await login
        else:
            login.result()  # a bot that neither logs in nor dies is a failure
        return self.pid

    @property
    def alive(self) -> bool:
        return self.pid is not None and not self._exit_of(self.pid).done()

    @property
    def exit_status(self) -> int | None:
        """How the bot started last ended (``-9``: SIGKILL), or ``None`` while it runs."""
        if self.pid is None or not self._exit_of(self.pid).done():
            return None
        return self._exit_of(self.pid).result()

    async def kill(self) -> int | None:
        """SIGKILL the running bot, and wait for it to be gone."""
        return await self._signal(signal.SIGKILL, timeout=10.0)

    async def stop(self, timeout: float = 15.0) -> int | None:
        """SIGTERM the running bot, as an operator would, and wait for it (SIGKILL after
        ``timeout``)."""
        try:
            return await self._signal(signal.SIGTERM, timeout=timeout)
        except TimeoutError:
            return await self.kill()

    async def wait_unless_it_dies(self, condition: Callable[[], T], timeout: float) -> T | None:
        """The fake's ``wait_for(condition)``, or ``None`` as soon as the bot dies."""
        if self.pid is None:
            raise RuntimeError("no bot was started")
        exited = self._exit_of(self.pid)
        waiting = asyncio.ensure_future(self.fake.wait_for(condition, timeout))
        await asyncio.wait({waiting, exited}, return_when=asyncio.FIRST_COMPLETED)
        if waiting.done():
            return waiting.result()
        waiting.cancel()
        with contextlib.suppress(asyncio.CancelledError, TimeoutError):
            await waiting
        return None

    async def wait_for_exit(self, timeout: float) -> int | None:
        """The running bot's exit status once it ended, or ``None`` if it still runs."""
        if self.pid is None:
            return None
        try:
            return await asyncio.wait_for(asyncio.shield(self._exit_of(self.pid)), timeout)
        except TimeoutError:
            return None

    async def _signal(self, signal_number: int, *, timeout: float) -> int | None:
        if self.pid is None:
            return None
        exited = self._exit_of(self.pid)
        if not exited.done():
            with contextlib.suppress(ProcessLookupError):  # it ended a moment ago
                os.kill(self.pid, signal_number)
        return await asyncio.wait_for(asyncio.shield(exited), timeout)

    async def close(self) -> None:
        """Stop the running bot, then the fork server."""
        await self.stop()
        server, self._server = self._server, None
        if server is None:
            return
        if server.stdin is not None and not server.stdin.is_closing():
            server.stdin.write(b"quit\n")
            server.stdin.close()
        try:
            await asyncio.wait_for(server.wait(), 10)
        except TimeoutError:
            server.kill()
            await server.wait()
        if self._reader is not None:
            await asyncio.wait_for(self._reader, 5)

    def log_text(self, number: int | None = None) -> str:
        """The stderr of the ``number``-th bot (default: the latest)."""
        path = self.logs / f"bot-{number or self.started}.log"
        return path.read_text(errors="replace") if path.exists() else ""
