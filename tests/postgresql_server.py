"""A throwaway PostgreSQL server for the test session, from the server programs on
the machine (``initdb``, ``pg_ctl``), in a temporary folder, on a free port of
127.0.0.1, stopped and deleted at the end.

The programs are looked for on ``PATH`` and then in Debian's and other usual
places (``/usr/lib/postgresql/*/bin``); ``CROUPIER_TEST_POSTGRESQL=off`` skips
them. PostgreSQL refuses to run as root, so
a test session running as root runs the server as the ``postgres`` user (which
Debian's server package creates), or ``nobody``, through ``runuser``; the folder
belongs to that user. Where none of this is possible, :func:`unavailable` says
why and the PostgreSQL variants of the tests skip with that sentence.

The server is tuned for tests (no fsync, no full page writes): the tests kill
the bot, never the server or the machine, so what the bot committed is still
there. A benchmark asks for a ``durable`` one, which syncs as in production.
Each test gets a database of its own (:meth:`PostgresServer.new_database`),
copied from a template so that it costs a few milliseconds, not a migration.

Run ``python -m tests.postgresql_server`` to start one by hand; it prints its
URL and runs until Ctrl-C.
"""

from __future__ import annotations

import asyncio
import contextlib
import glob
import json
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Final

import asyncpg

#: The user that runs the server when the tests run as root, in order of preference.
SERVER_USERS: Final = ("postgres", "nobody")
#: The superuser the server is created with; it trusts connections from this machine.
SUPERUSER: Final = "croupier"
PROGRAMS: Final = ("initdb", "pg_ctl")
#: ``CROUPIER_TEST_POSTGRESQL=off`` skips the PostgreSQL variants (a quicker run).
SWITCH: Final = "CROUPIER_TEST_POSTGRESQL"


def _programs_folder() -> Path | None:
    found = shutil.which("pg_ctl")
    if found is not None and shutil.which("initdb") is not None:
        return Path(found).resolve().parent
    candidates = sorted(
        glob.glob("/usr/lib/postgresql/*/bin") + glob.glob("/usr/pgsql-*/bin"),
        key=lambda path: [int(part) for part in path.split("/") if part.isdigit()] or [0],
        reverse=True,
    )
    for folder in [*candidates, "/usr/local/pgsql/bin", "/opt/homebrew/bin", "/usr/local/bin"]:
        if all(os.access(Path(folder) / name, os.X_OK) for name in PROGRAMS):
            return Path(folder)
    return None


def _server_user() -> str | None:
    """Who runs the server: this user, or (as root) a user that is not root."""
    if os.geteuid() != 0:
        return None
    for name in SERVER_USERS:
        with contextlib.suppress(KeyError):
            pwd.getpwnam(name)
            return name
    raise LookupError(f"running as root, and none of the users {SERVER_USERS} exists")


def unavailable() -> str | None:
    """Why no test server can be started here, or ``None`` when one can."""
    if os.environ.get(SWITCH, "").strip().lower() in ("0", "off", "no", "false"):
        return f"{SWITCH} is off"
    if _programs_folder() is None:
        return (
            "PostgreSQL's server programs (initdb, pg_ctl) are not installed"
            " (Debian: apt-get install postgresql)"
        )
    try:
        user = _server_user()
    except LookupError as error:
        return str(error)
    if user is not None and shutil.which("runuser") is None:
        return "running as root without runuser to start PostgreSQL as another user"
    return None


#: How the server is stopped: at once (its data is thrown away anyway).
STOP: Final = ("--mode", "immediate", "--wait")
_WATCHDOG: Final = """
import json, shutil, subprocess, sys
sys.stdin.read()
subprocess.run(json.loads(sys.argv[1]), capture_output=True)
shutil.rmtree(sys.argv[2], ignore_errors=True)
"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class PostgresServer:
    """One running server. :meth:`start` it, :meth:`stop` it; databases come from
    :meth:`new_database`."""

    def __init__(self, *, durable: bool = False) -> None:
        folder = _programs_folder()
        if folder is None:
            raise RuntimeError(unavailable())
        self.programs = folder
        self.user = _server_user()
        # The server's own user must reach the folder: /tmp, whatever TMPDIR says.
        shared = "/tmp" if self.user is not None and os.path.isdir("/tmp") else None
        self.folder = Path(tempfile.mkdtemp(prefix="croupier-postgresql-", dir=shared))
        self.data = self.folder / "data"
        self.port = _free_port()
        self._databases = 0
        #: Commits reach the disk as in production (``fsync``, ``synchronous_commit``
        #: on): for a benchmark set beside SQLite's ``synchronous=FULL``.
        self.durable = durable

    def _argv(self, *command: str) -> list[str]:
        argv = [str(self.programs / command[0]), *command[1:]]
        return argv if self.user is None else ["runuser", "-u", self.user, "--", *argv]

    def _run(self, *command: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            self._argv(*command),
            capture_output=True,
            text=True,
            check=check,
            stdin=subprocess.DEVNULL,
        )

    def start(self) -> None:
        if self.user is not None:
            shutil.chown(self.folder, self.user)
        self._run(
            "initdb",
            "--pgdata",
            str(self.data),
            "--username",
            SUPERUSER,
            "--auth",
            "trust",
            "--encoding",
            "UTF8",
            "--locale",
            "C",
            "--no-sync",
        )
        for attempt in range(3):  # a free port may be taken before the server binds it
            if attempt:
                self.port = _free_port()
            started = self._run(
                "pg_ctl",
                "start",
                "--pgdata",
                str(self.data),
                "--log",
                str(self.folder / "server.log"),
                "--wait",
                "--timeout",
                "60",
                "-o",
                self._options(),
                check=False,
            )
            if started.returncode == 0:
                break
        else:
            log = (self.folder / "server.log").read_text(errors="replace")
            raise RuntimeError(f"PostgreSQL did not start: {started.stderr}\n{log}")
        # Stops the server and deletes its folder when this process ends, however
        # it ends (its end closes the pipe): no server outlives a killed test run.
        self._watchdog = subprocess.Popen(
            [
                sys.executable,
                "-c",
                _WATCHDOG,
                json.dumps(self._argv("pg_ctl", "stop", "--pgdata", str(self.data), *STOP)),
                str(self.folder),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )

    def _options(self) -> str:
        unsafe = ["-c fsync=off", "-c full_page_writes=off", "-c synchronous_commit=off"]
        return " ".join(
            [
                "-c listen_addresses=127.0.0.1",
                f"-c port={self.port}",
                f"-c unix_socket_directories={self.folder}",
                *([] if self.durable else unsafe),
                "-c max_connections=200",
                "-c shared_buffers=32MB",
            ]
        )

    def stop(self) -> None:
        """Stop the server and delete its folder (the watchdog does both)."""
        watchdog = getattr(self, "_watchdog", None)
        if watchdog is None:
            shutil.rmtree(self.folder, ignore_errors=True)
            return
        assert watchdog.stdin is not None
        watchdog.stdin.close()
        watchdog.wait(60)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    async def admin(self, sql: str) -> None:
        """Run one statement as the superuser on the ``postgres`` database."""
        connection = await asyncpg.connect(self.url())
        try:
            await connection.execute(sql)
        finally:
            await connection.close()

    async def new_database(self, template: str | None = None, *, name: str | None = None) -> str:
        """A new empty database (or a copy of the database ``template``, which
        nobody may be connected to); return its URL."""
        if name is None:
            self._databases += 1
            name = f"test_{self._databases}"
        await self.admin(f"CREATE DATABASE {name} TEMPLATE {template or 'template0'}")
        return self.url(name)

    async def drop_database(self, url: str) -> None:
        await self.admin(f"DROP DATABASE IF EXISTS {url.rsplit('/', 1)[1]} WITH (FORCE)")


def main() -> None:
    reason = unavailable()
    if reason is not None:
        raise SystemExit(reason)
    server = PostgresServer()
    server.start()
    try:
        print(asyncio.run(server.new_database(name="croupier")), flush=True)
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()


if __name__ == "__main__":
    main()
