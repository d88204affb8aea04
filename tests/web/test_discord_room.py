"""The Discord bot starts the web room itself when ``CROUPIER_WEB_PORT`` asks,
through the interface ``bot`` owns (``bot/web_surface.py``, the room loaded by
name), shares the members' click budget with it, and stops it on closing.
Without the setting there is no room."""

from __future__ import annotations

import socket
from dataclasses import replace

import aiohttp
import pytest

from bot.client import create_client
from bot.database import Database
from bot.settings import Settings, load_settings
from web.server import WebRoomServer


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def test_the_bot_serves_the_web_room_while_it_runs(database: Database) -> None:
    port = free_port()
    bot = create_client(Settings(discord_token="x", web_port=port), database)
    try:
        await bot.setup_hook()
        room = bot.web_room
        assert isinstance(room, WebRoomServer)
        assert room.url == f"http://127.0.0.1:{port}"
        assert room.cooldown is bot.clicks  # one budget for a member's clicks and the page's
        async with aiohttp.ClientSession() as http:
            async with http.get(room.url + "/") as front:
                assert front.status == 200 and "No table is open" in await front.text()
                assert "frame-ancestors 'none'" in front.headers["Content-Security-Policy"]
            async with http.get(room.url + "/table/1") as missing:
                assert missing.status == 404
    finally:
        await bot.close()
    assert bot.web_room is None
    async with aiohttp.ClientSession() as http:
        with pytest.raises(aiohttp.ClientConnectionError):
            await http.get(f"http://127.0.0.1:{port}/")


async def test_no_web_room_unless_asked(database: Database) -> None:
    bot = create_client(Settings(discord_token="x"), database)
    try:
        await bot.setup_hook()
        assert bot.web_room is None
    finally:
        await bot.close()


def test_the_port_is_a_setting() -> None:
    settings = load_settings({"DISCORD_TOKEN": "x", "CROUPIER_WEB_PORT": "8080"}, env_file=None)
    assert settings.web_port == 8080
    assert replace(settings, web_port=0).web_port == 0
