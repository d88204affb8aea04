"""The launcher: a bad setting is one line on stderr and exit status 2."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import discord.gateway
import discord.http
import pytest
from aiohttp import web

from bot.__main__ import point_discord_py_at
from bot.settings import Settings

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


async def test_a_refused_token_exits_1_after_building_the_database(tmp_path: Path) -> None:
    """Pointed at a stand-in Discord that refuses every token, through DISCORD_API_BASE."""
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
    assert (tmp_path / "croupier.db").exists(), "the database is built before the client starts"
