"""Fixtures for every test: which database a test runs on.

A test (or a whole module, with ``pytestmark``) marked ``both_databases`` runs
twice, on SQLite and on PostgreSQL (``[sqlite]`` and ``[postgresql]`` in its
name); every other test runs on SQLite. The fixtures that follow the
``backend`` parameter:

- ``new_database``: where an empty database of that kind can be made (a file
  path, or the URL of a new database on the session's server);
- ``database_target``: the same, already migrated (PostgreSQL's is copied from
  a template migrated once per session);
- ``database`` (in ``tests/bot/conftest.py``): that database opened.

The PostgreSQL server is started once per session, the first time a test
needs it (:mod:`tests.postgresql_server`), and stopped at the end. Where it
cannot start (no server programs), the PostgreSQL variants skip and say why.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.postgresql_server import PostgresServer, unavailable

BACKENDS = ("sqlite", "postgresql")
#: The migrated database that each PostgreSQL test's database is copied from.
TEMPLATE = "croupier_template"


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames and metafunc.definition.get_closest_marker(
        "both_databases"
    ):
        metafunc.parametrize("backend", BACKENDS)


@pytest.fixture
def backend() -> str:
    """The database a test runs on; ``both_databases`` tests get each in turn."""
    return "sqlite"


class SessionServer:
    """The session's PostgreSQL server with its migrated template."""

    def __init__(self, server: PostgresServer) -> None:
        self.server = server
        self.template_ready = False

    async def empty(self) -> str:
        return await self.server.new_database()

    async def migrated(self) -> str:
        if not self.template_ready:
            from bot.database import Database

            url = await self.server.new_database(name=TEMPLATE)
            await (await Database.open(url)).close()
            self.template_ready = True
        return await self.server.new_database(template=TEMPLATE)

    async def drop(self, url: str) -> None:
        await self.server.drop_database(url)


@pytest.fixture(scope="session")
def postgresql_server() -> Iterator[SessionServer]:
    reason = unavailable()
    if reason is not None:
        pytest.skip(f"no PostgreSQL for this test: {reason}")
    server = PostgresServer()
    server.start()
    try:
        yield SessionServer(server)
    finally:
        server.stop()


@pytest.fixture
async def new_database(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[str]:
    """Where a new, empty database of the test's kind can be made."""
    if backend == "sqlite":
        yield str(tmp_path / "croupier.db")
        return
    server: SessionServer = request.getfixturevalue("postgresql_server")
    url = await server.empty()
    yield url
    await server.drop(url)


@pytest.fixture
async def database_target(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[str]:
    """A migrated database of the test's kind: a SQLite file's path or a URL."""
    if backend == "sqlite":
        yield str(tmp_path / "croupier.db")  # Database.open migrates it
        return
    server: SessionServer = request.getfixturevalue("postgresql_server")
    url = await server.migrated()
    yield url
    await server.drop(url)
