"""The launcher: a bad setting is one line on stderr and exit status 2."""

from __future__ import annotations

import asyncio
import os
import shlex
import shutil
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import discord.gateway
import discord.http
import pytest
from aiohttp import web

from bot.__main__ import point_discord_py_at
from bot.database import bundled_migrations
from bot.settings import Settings
from tests.blocking_reader import BlockingReader

ROOT = Path(__file__).resolve().parents[2]


def _launch(tmp_path: Path, **environment: str) -> subprocess.CompletedProcess[str]:
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("DISCORD_", "CROUPIER_"))
    }
    env.update(environment, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,  # no .env here
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_without_a_token_it_exits_2_printing_one_line(tmp_path: Path) -> None:
    finished = _launch(tmp_path)
    assert finished.returncode == 2
    assert finished.stdout == ""
    lines = finished.stderr.splitlines()
    assert len(lines) == 1, finished.stderr
    assert lines[0].startswith("DISCORD_TOKEN is missing")
    assert not (tmp_path / "croupier.db").exists(), "nothing is created before settings are read"


def test_a_malformed_number_exits_2_naming_it(tmp_path: Path) -> None:
    finished = _launch(tmp_path, DISCORD_TOKEN="x", CROUPIER_DEFAULT_SEATS="abc")
    assert finished.returncode == 2
    assert finished.stderr == (
        "CROUPIER_DEFAULT_SEATS must be a whole number from 2 to 10, not 'abc'.\n"
    )


def test_the_token_can_come_from_a_dot_env_file(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=x\nCROUPIER_HAND_PAUSE_SECONDS=soon\n")
    finished = _launch(tmp_path)
    assert finished.returncode == 2
    assert finished.stderr.startswith("CROUPIER_HAND_PAUSE_SECONDS must be a whole number")


@pytest.fixture
def discord_endpoints() -> Iterator[None]:
    base, gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    try:
        yield
    finally:
        discord.http.Route.BASE = base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway


@pytest.mark.usefixtures("discord_endpoints")
def test_a_fake_discord_replaces_both_endpoints() -> None:
    point_discord_py_at(
        Settings(
            discord_token="x",
            discord_api_base="http://127.0.0.1:8080/api/v10",
            discord_gateway_url="ws://127.0.0.1:8080/gateway",
        )
    )
    assert discord.http.Route("GET", "/users/@me").url == "http://127.0.0.1:8080/api/v10/users/@me"
    assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == "ws://127.0.0.1:8080/gateway"


@pytest.mark.usefixtures("discord_endpoints")
def test_without_a_fake_discord_the_endpoints_stay_discords() -> None:
    point_discord_py_at(Settings(discord_token="x"))
    assert discord.http.Route.BASE == "https://discord.com/api/v10"
    assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == "wss://gateway.discord.gg/"


@pytest.mark.both_databases
async def test_a_refused_token_exits_1_after_building_the_database(
    tmp_path: Path, new_database: str
) -> None:
    """Pointed at a stand-in Discord that refuses every token, through DISCORD_API_BASE.
    On PostgreSQL the URL carries a password (which the test server does not ask
    for), and it appears nowhere in what the bot writes."""
    database = new_database.replace("://croupier@", "://croupier:pa55word@")
    requests: list[str] = []

    async def refuse(request: web.Request) -> web.Response:
        requests.append(request.path)
        return web.Response(
            status=401,
            body=b'{"message": "401: Unauthorized", "code": 0}',
            headers={"Content-Type": "application/json"},
        )

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", refuse)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    try:
        env = {
            name: value
            for name, value in os.environ.items()
            if not name.startswith(("DISCORD_", "CROUPIER_"))
        }
        env.update(
            PYTHONPATH=str(ROOT),
            DISCORD_TOKEN="not-a-token",
            DISCORD_API_BASE=f"http://127.0.0.1:{port}/api/v10",
            DISCORD_GATEWAY_URL=f"ws://127.0.0.1:{port}/gateway",
            CROUPIER_ALLOW_TEST_ENDPOINTS="true",
            CROUPIER_DATABASE=database,
        )
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            cwd=tmp_path,
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        _, stderr = await asyncio.wait_for(process.communicate(), timeout=60)
    finally:
        await runner.cleanup()
    assert process.returncode == 1, stderr.decode()
    assert stderr.decode().splitlines()[-1] == (
        "Discord refused DISCORD_TOKEN: copy the bot token again from the Discord developer portal."
    )
    assert "Traceback" not in stderr.decode()
    assert requests == ["/api/v10/users/@me"]
    assert "pa55word" not in stderr.decode()
    kind = "PostgreSQL" if database.startswith("postgresql") else "SQLite"
    assert f"Database {kind} {new_database} is ready" in stderr.decode()
    # The database was built before the client started, and the lease given back.
    with BlockingReader(new_database) as built:  # reads without migrating anything
        assert built.rows("SELECT COUNT(*) FROM schema_migrations") == [
            (len(bundled_migrations()),)
        ]
        assert built.rows("SELECT COUNT(*) FROM leases") == [(0,)]


def _unused_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_without_a_network_it_tries_again_one_line_each_time_until_stopped(
    tmp_path: Path,
) -> None:
    """Discord cannot be reached: each attempt to log in is one line saying so, with
    a growing pause, and no traceback; SIGTERM still stops it cleanly."""
    port = _unused_port()  # nothing listens there: every connection is refused
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("DISCORD_", "CROUPIER_"))
    }
    env.update(
        PYTHONPATH=str(ROOT),
        DISCORD_TOKEN="a-token",
        DISCORD_API_BASE=f"http://127.0.0.1:{port}/api/v10",
        DISCORD_GATEWAY_URL=f"ws://127.0.0.1:{port}/gateway",
        CROUPIER_ALLOW_TEST_ENDPOINTS="true",
    )
    log = tmp_path / "bot.log"
    with log.open("wb") as output:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=tmp_path, env=env, stderr=output, stdout=output
        )
    try:
        for _ in range(600):  # two attempts: 1 s apart, then 2 s
            if log.read_text().count("Cannot reach Discord") >= 2:
                break
            await asyncio.sleep(0.05)
        process.send_signal(signal.SIGTERM)
        status = await asyncio.wait_for(process.wait(), timeout=30)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    text = log.read_text()
    attempts = [line for line in text.splitlines() if "Cannot reach Discord" in line]
    assert len(attempts) >= 2, text
    assert "trying again in 1 s (attempt 1)." in attempts[0]
    assert "trying again in 2 s (attempt 2)." in attempts[1]
    assert "Traceback" not in text and "ClientConnectorError" not in text.split("(", 1)[0]
    assert status == 0, text


def _launch_as(
    tmp_path: Path, database: str, *, read_only: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """The launcher with ``CROUPIER_DATABASE=database``, pointed at a port where
    nothing listens (so reaching for Discord would show as retries).

    ``read_only`` is made read-only first: as root (who may write whatever the
    permissions say) by mounting it read-only in a mount namespace of the
    launcher's own, otherwise by its permissions."""
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("DISCORD_", "CROUPIER_"))
    }
    port = _unused_port()
    env.update(
        PYTHONPATH=str(ROOT),
        DISCORD_TOKEN="a-token",
        CROUPIER_DATABASE=database,
        DISCORD_API_BASE=f"http://127.0.0.1:{port}/api/v10",
        DISCORD_GATEWAY_URL=f"ws://127.0.0.1:{port}/gateway",
        CROUPIER_ALLOW_TEST_ENDPOINTS="true",
    )
    command = [sys.executable, "-m", "bot"]
    if read_only is not None and os.geteuid() == 0:
        if shutil.which("unshare") is None:
            pytest.skip("running as root without unshare: cannot make a read-only mount")
        target = shlex.quote(str(read_only))
        command = [
            "unshare",
            "--mount",
            "sh",
            "-c",
            f"mount --bind {target} {target} && mount -o remount,bind,ro {target}"
            f" && exec {shlex.join(command)}",
        ]
    elif read_only is not None:
        read_only.chmod(0o555 if read_only.is_dir() else 0o444)
    finished = subprocess.run(
        command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    if "mount:" in finished.stderr or "unshare:" in finished.stderr:
        pytest.skip(f"cannot make a read-only mount here: {finished.stderr.strip()}")
    return finished


def _one_sentence(finished: subprocess.CompletedProcess[str]) -> str:
    assert finished.returncode == 1, finished.stderr
    assert "Traceback" not in finished.stderr, finished.stderr
    assert "Cannot reach Discord" not in finished.stderr, "checked before connecting"
    lines = [line for line in finished.stderr.splitlines() if "WARNING" not in line]
    assert len(lines) == 1, finished.stderr
    return lines[0]


def test_a_database_in_a_missing_folder_is_one_sentence(tmp_path: Path) -> None:
    line = _one_sentence(_launch_as(tmp_path, str(tmp_path / "nowhere" / "croupier.db")))
    assert line == (
        f"CROUPIER_DATABASE is {tmp_path}/nowhere/croupier.db, but the folder "
        f"{tmp_path}/nowhere does not exist: create it or choose another path."
    )
    assert not (tmp_path / "nowhere").exists()


def test_a_database_path_that_is_a_folder_is_one_sentence(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    line = _one_sentence(_launch_as(tmp_path, str(tmp_path / "data")))
    assert line == (
        f"CROUPIER_DATABASE is {tmp_path}/data, which is a folder: set it to a file in it, "
        f"such as {tmp_path}/data/croupier.db."
    )


def test_a_read_only_database_file_is_one_sentence(tmp_path: Path) -> None:
    database = tmp_path / "croupier.db"
    database.write_bytes(b"")
    line = _one_sentence(_launch_as(tmp_path, str(database), read_only=database))
    reason = "read-only file system" if os.geteuid() == 0 else "Permission denied"
    assert line == (
        f"CROUPIER_DATABASE is {database}, which cannot be written ({reason}): "
        "make it writable or choose another file."
    )


def test_a_database_on_a_read_only_mount_is_one_sentence(tmp_path: Path) -> None:
    """SQLite could not write its journal beside the file."""
    folder = tmp_path / "data"
    folder.mkdir()
    try:
        line = _one_sentence(_launch_as(tmp_path, str(folder / "croupier.db"), read_only=folder))
    finally:
        folder.chmod(0o755)
    reason = "read-only file system" if os.geteuid() == 0 else "Permission denied"
    assert line == (
        f"CROUPIER_DATABASE is {folder}/croupier.db, but its folder {folder} cannot be written "
        f"({reason}), and SQLite keeps its journal beside the database: choose a "
        "writable folder."
    )
