"""The web room with two processes on one PostgreSQL database (issue 26): a
viewer who asks either process for a table reaches the one that runs it.

Two ``python -m bot`` processes run a shard each, each with its web room
(``CROUPIER_WEB_PORT``; the address it publishes with its lease is derived
from it). A table opens in a server of shard 1, so it lives in process B; a
spectator asks process A for it: the page comes, and A's websocket carries
B's frames as the hand is played by clicks in Discord. B is killed: the
spectator's socket is closed with 1012 (come back). A new process takes shard
1 over (``Taking over the shard:1 lease``, on its own port) and restores the
table; the spectator, reconnecting to A as the page does, gets frames again,
now the new process's. Every frame the spectator got is checked against what
the database says every hand showed everybody: no hole card. A foreign
origin is refused by A before anything is forwarded, a table that is not
open is 404 from either, and the audit is clean to the chip. And the
operators' guide's nginx example, as written, in front of both processes.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.database import Database
from tests.audited import assert_audit_clean_at
from tests.blocking_reader import BlockingReader
from tests.conftest import SessionServer
from tests.e2e.bot_process import BotProcess, bot_process
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.hand_records import hand_records
from tests.e2e.nginx_front import nginx_front, nginx_path
from tests.e2e.table_players import CALLING_STATION, TablePlayers, open_table
from tests.e2e.test_web_room_e2e import free_port
from tests.web.frame_privacy import spectator_leaks
from web.routing import SERVICE_RESTART


class Spectator:
    """A page's websocket: every frame it got, and how it was closed."""

    def __init__(self, http: aiohttp.ClientSession, origin: str, table_id: int) -> None:
        self.http, self.origin, self.table_id = http, origin, table_id
        self.frames: list[dict[str, Any]] = []
        self.socket: aiohttp.ClientWebSocketResponse | None = None
        self.reading: asyncio.Task[None] | None = None

    async def connect(self) -> None:
        self.socket = await self.http.ws_connect(
            f"ws{self.origin.removeprefix('http')}/table/{self.table_id}/ws",
            headers={"Origin": self.origin},
        )
        self.reading = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.socket is not None
        async for message in self.socket:
            self.frames.append(json.loads(message.data))

    def tables(self) -> list[dict[str, Any]]:
        return [frame["table"] for frame in self.frames if frame["type"] == "table"]

    async def closed(self, timeout: float) -> int | None:
        assert self.reading is not None and self.socket is not None
        await asyncio.wait_for(self.reading, timeout)
        return self.socket.close_code


async def test_a_viewer_asking_either_process_reaches_the_one_that_runs_the_table(
    fake_discord: FakeDiscord, tmp_path: Path, postgresql_server: SessionServer
) -> None:
    url = await postgresql_server.migrated()
    try:
        frames = await _watch_across_processes(fake_discord, tmp_path, url)
        database = await Database.open(url, migrate=False)
        try:
            records = await hand_records(database)
        finally:
            await database.close()
        assert len(records) >= 3
        for frame in frames:
            assert not spectator_leaks(frame, records), frame
        await assert_audit_clean_at(url)
    finally:
        await postgresql_server.drop(url)


async def _watch_across_processes(
    fake: FakeDiscord, tmp_path: Path, url: str
) -> list[dict[str, Any]]:
    server = fake.add_guild("Shard 1", shard=(1, 2))
    channel = fake.default_channel_of(server).id
    ports = {name: free_port() for name in ("a", "b", "c")}
    shared = {
        "CROUPIER_DATABASE": url,
        "CROUPIER_SHARD_COUNT": "2",
        "CROUPIER_STARTING_CHIPS": "3000",
        # A pause between hands, so that B is killed between two.
        "CROUPIER_HAND_PAUSE_SECONDS": "3",
    }
    for name in ports:
        (tmp_path / name).mkdir()
    a_settings = shared | {"CROUPIER_SHARD_IDS": "0", "CROUPIER_WEB_PORT": str(ports["a"])}
    b_settings = shared | {"CROUPIER_SHARD_IDS": "1", "CROUPIER_WEB_PORT": str(ports["b"])}
    c_settings = b_settings | {"CROUPIER_WEB_PORT": str(ports["c"])}
    a_room = f"http://127.0.0.1:{ports['a']}"
    async with (
        bot_process(fake, tmp_path / "a" / "bot.db", a_settings) as a,
        bot_process(fake, tmp_path / "b" / "bot.db", b_settings) as b,
        aiohttp.ClientSession() as http,
    ):
        cat, dan = (fake.add_member(name, guild=server) for name in ("Cat", "Dan"))
        view = await open_table(fake, [cat, dan], channel_id=channel)
        with BlockingReader(url) as reader:
            found = reader.one(
                "SELECT id FROM tables WHERE channel_id = ? AND status = 'open'", (channel,)
            )
            assert found is not None
            (table_id,) = found
            # Each process published its web room with its shard's lease.
            published = dict(reader.rows("SELECT name, web_address FROM leases"))
        assert published == {
            "shard:0": a_room,
            "shard:1": f"http://127.0.0.1:{ports['b']}",
        }

        # A does not run the table, B does: A serves its page all the same ...
        async with http.get(f"{a_room}/table/{table_id}") as page:
            assert page.status == 200
            assert "<html" in (await page.text()).lower()
            assert "Content-Security-Policy" in page.headers
        for room in (a_room, f"http://127.0.0.1:{ports['b']}"):
            async with http.get(f"{room}/table/{table_id + 1000}") as missing:
                assert missing.status == 404
        # ... refuses a websocket from another site before forwarding anything ...
        try:
            await http.ws_connect(
                f"ws://127.0.0.1:{ports['a']}/table/{table_id}/ws",
                headers={"Origin": "https://elsewhere.example"},
            )
            raise AssertionError("a foreign origin was let in")
        except aiohttp.WSServerHandshakeError as refused:
            assert refused.status == 403
        # ... and its websocket carries B's frames as the hand is played in Discord.
        first = Spectator(http, a_room, table_id)
        await first.connect()
        players = TablePlayers(fake, [cat, dan], seed=5, view=view, style=CALLING_STATION)
        assert await players.play_hands(2) >= 2
        await asyncio.sleep(0.5)
        seen = first.tables()
        assert seen and {seat["name"] for seat in seen[-1]["seats"]} == {"Cat", "Dan"}
        assert all(table["table_id"] == table_id for table in seen)
        hands_seen = {table["hand_no"] for table in seen}
        assert len(hands_seen) >= 2, hands_seen
        assert any(seat["backs"] for table in seen for seat in table["seats"])

        # B is killed: A tells the page to come back (1012).
        assert await b.kill() < 0
        assert await first.closed(timeout=10.0) == SERVICE_RESTART
        # A new process takes shard 1 over on its own port and restores the table.
        c = BotProcess(fake, tmp_path / "c" / "bot.db", c_settings)
        await c.start()
        try:
            assert "Taking over the shard:1 lease" in c.log(), c.log()
            # The page reconnects to A, which now reaches C.
            again = Spectator(http, a_room, table_id)
            await again.connect()
            before = max(hand for hand in hands_seen if hand is not None)
            assert await players.play_hands(1) >= 1
            await asyncio.sleep(0.5)
            later = again.tables()
            assert later, "no frame after the takeover"
            assert max(table["hand_no"] or 0 for table in later) > before
            assert again.socket is not None
            await again.socket.close()
            assert await c.stop() == 0
            assert not c.troubles(), c.log()
        finally:
            if c.running:
                await c.kill()
        assert await a.stop() == 0
        assert not a.troubles(), a.log()
        return first.frames + again.frames


@pytest.mark.skipif(nginx_path() is None, reason="nginx is not installed (Debian's nginx)")
async def test_the_guides_nginx_in_front_of_two_processes_reaches_every_table(
    fake_discord: FakeDiscord, tmp_path: Path, postgresql_server: SessionServer
) -> None:
    """docs/OPERATORS.md's nginx example, as written, in front of both rooms: whichever
    process nginx picks for a viewer, the viewer gets the table's frames."""
    fake = fake_discord
    url = await postgresql_server.migrated()
    try:
        server = fake.add_guild("Shard 1", shard=(1, 2))
        channel = fake.default_channel_of(server).id
        ports = [free_port(), free_port()]
        shared = {"CROUPIER_DATABASE": url, "CROUPIER_SHARD_COUNT": "2"}
        for name in ("a", "b"):
            (tmp_path / name).mkdir()
        async with (
            bot_process(
                fake,
                tmp_path / "a" / "bot.db",
                shared | {"CROUPIER_SHARD_IDS": "0", "CROUPIER_WEB_PORT": str(ports[0])},
            ) as a,
            bot_process(
                fake,
                tmp_path / "b" / "bot.db",
                shared | {"CROUPIER_SHARD_IDS": "1", "CROUPIER_WEB_PORT": str(ports[1])},
            ) as b,
            nginx_front(tmp_path / "nginx", [f"127.0.0.1:{port}" for port in ports]) as front,
            aiohttp.ClientSession() as http,
        ):
            cat, dan = (fake.add_member(name, guild=server) for name in ("Cat", "Dan"))
            await open_table(fake, [cat, dan], channel_id=channel)
            with BlockingReader(url) as reader:
                found = reader.one("SELECT id FROM tables WHERE channel_id = ?", (channel,))
            assert found is not None
            (table_id,) = found
            # nginx takes turns: of four viewers, two enter through each process.
            for _ in range(2):  # the page, from each process
                async with http.get(f"{front}/table/{table_id}") as page:
                    assert page.status == 200
            viewers = [Spectator(http, front, table_id) for _ in range(4)]
            for viewer in viewers:
                await viewer.connect()
            await asyncio.sleep(1.0)
            for viewer in viewers:
                tables = viewer.tables()
                assert tables, viewer.frames
                assert {seat["name"] for seat in tables[-1]["seats"]} == {"Cat", "Dan"}
                assert viewer.socket is not None
                await viewer.socket.close()
            assert await a.stop() == 0 and await b.stop() == 0
            assert not a.troubles() and not b.troubles()
        # Both processes were asked: A forwarded its viewers to B, B served its own.
        await asyncio.sleep(0.2)
        log = (tmp_path / "nginx" / "access.log").read_text()
        lines = log.splitlines()
        pages = [line for line in lines if line.startswith(f"GET /table/{table_id} ")]
        assert len(pages) == 2 and all(" 200 " in line for line in pages), log
        assert {line.rsplit(":", 1)[1] for line in pages} == {str(port) for port in ports}, log
        sockets = [line for line in lines if "/ws " in line]
        assert len(sockets) == 4, log
        assert all(" 101 " in line for line in sockets), log
        assert {line.rsplit(":", 1)[1] for line in sockets} == {str(port) for port in ports}, log
    finally:
        await postgresql_server.drop(url)
