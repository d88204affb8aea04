"""``python -m bot play`` as a newcomer runs it: one command, no token, no
setting, a fresh data folder. It prints where the ledger is and the address
to open, serves the table there, and stops cleanly."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from pathlib import Path

import aiohttp
import pytest

from bot.i18n import t
from bot.local_play import DATABASE_NAME, parse_options

ROOT = Path(__file__).resolve().parents[2]


async def test_python_m_bot_play_opens_a_table_in_the_browser(tmp_path: Path) -> None:
    environment = {
        key: value for key, value in os.environ.items() if not key.startswith("CROUPIER_")
    }
    environment["CROUPIER_PLAY_DATA"] = str(tmp_path)
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "play",
        "--port",
        "0",
        "--bots",
        "2",
        "--game",
        "PO",
        cwd=ROOT,
        env=environment,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        assert process.stdout is not None
        lines: list[str] = []
        while not any("?key=" in line for line in lines):
            line = await asyncio.wait_for(process.stdout.readline(), 60)
            assert line, (lines, await process.stderr.read() if process.stderr else b"")
            lines.append(line.decode())
        assert str(tmp_path / DATABASE_NAME) in "".join(lines)
        address = re.search(r"(http://127\.0\.0\.1:\d+/table/\d+)\?key=\S+", "".join(lines))
        assert address is not None
        # The key becomes a cookie, then the page is served.
        async with aiohttp.ClientSession() as http, http.get(address.group(0)) as page:
            assert page.status == 200
            assert "table.js" in await page.text()
        assert (tmp_path / DATABASE_NAME).exists()
    finally:
        process.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(process.wait(), 20) == 0


def test_play_s_options(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    options, port, name = parse_options(["--game", "F7S", "--bots", "5", "--port", "9000"])
    assert (options.game, options.computers, port, name) == ("F7S", 5, 9000, "Player")
    assert options.seats >= 6


def test_the_seat_is_named_in_the_player_s_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """A German player is seated as "Spieler", not "Player": with ``--language de``
    (or ``--lang de``), or, without the option, when their system speaks German.
    A name they chose is kept."""
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    for argv in (["--language", "de"], ["--lang", "de"]):
        options, _, name = parse_options(argv)
        assert (options.locale, name) == ("de", t("play.default_name", "de")) == ("de", "Spieler")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    options, _, name = parse_options([])
    assert (options.locale, name) == ("de", "Spieler")
    assert parse_options(["--language", "en"])[2] == "Player"
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")  # LC_ALL comes first, as for the C library
    assert parse_options([])[2] == "Player"
    assert parse_options(["--lang", "de", "--name", "Ann"])[2] == "Ann"
