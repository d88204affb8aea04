"""A table run by another process, in this process: two web rooms, the owner
(local play's table) and a front room that runs no table and is told by its
``locate`` that the owner's address runs it (with several processes the
database answers: tests/e2e/test_web_routing_e2e.py does that with two real
processes on PostgreSQL).

Through the front: the page, a spectator's frames (each checked by the owner's
witness: no card the viewer may not see), the member playing with the key's
cookie carried to the owner, and what the front itself answers: 503 while the
table moves, 502 when the owner does not answer, 1012 when it goes away, 404
rather than a second hop, a foreign origin and an oversized message refused
before anything reaches the owner. And the privacy check of frames built in
another process (from the database's hand records) catches a hole card.
"""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.local_play import LOCAL_MEMBER, PlayOptions, QuietOutlet
from bot.tables.registry import TableRegistry
from bot.tables.state import TableState
from bot.web_routing import TableOwner
from bot.web_surface import WebRoomSetup
from engine.cards import parse_cards
from tests.bot.fake_clock import FakeClock
from tests.e2e.hand_records import HandRecord
from tests.web.frame_privacy import allowed_cards, leaked, spectator_leaks
from tests.web.harness import LocalRoom, local_room
from tests.web.test_room import Reader, until_members_turn
from web.room import Connection
from web.routing import ROUTED_HEADER, SERVICE_RESTART
from web.server import MAX_FRAME_BYTES, WebRoomServer


def _allowed(connection: Connection, frame: dict[str, Any], state: TableState) -> frozenset[str]:
    return allowed_cards(state, connection.viewer.user_id)


class Where:
    """The front's ``locate``: what the database would say of the owner's table."""

    def __init__(self, table_id: int, owner: TableOwner | None) -> None:
        self.table_id, self.owner = table_id, owner
        self.asked = 0

    async def __call__(self, table_id: int) -> TableOwner | None:
        self.asked += 1
        return self.owner if table_id == self.table_id else None


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def owner(tmp_path: Path, clock: FakeClock) -> AsyncIterator[LocalRoom]:
    async with local_room(
        tmp_path / "play.db",
        PlayOptions(computers=2),
        clock=clock,
        witness=_allowed,
        flood_limit=0,
    ) as room:
        yield room


@pytest.fixture
async def where(owner: LocalRoom) -> Where:
    return Where(owner.runner.table_id, TableOwner(owner.server.url))


@pytest.fixture
async def front(owner: LocalRoom, where: Where) -> AsyncIterator[WebRoomServer]:
    """A room in "another process": no table of its own, the owner's table elsewhere."""
    registry = TableRegistry(owner.registry.services, lambda channel_id: QuietOutlet())
    server = WebRoomServer(WebRoomSetup(registry, locate=where, address="http://front.invalid"))
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
        yield session


def ws_url(server: WebRoomServer, table_id: int) -> str:
    return f"{server.url}/table/{table_id}/ws".replace("http://", "ws://")


async def connect(
    http: aiohttp.ClientSession, server: WebRoomServer, table_id: int
) -> aiohttp.ClientWebSocketResponse:
    return await http.ws_connect(
        ws_url(server, table_id), headers={"Origin": server.url, "Accept-Language": "de"}
    )


async def test_a_spectator_through_another_process_gets_the_owners_frames(
    owner: LocalRoom, front: WebRoomServer, http: aiohttp.ClientSession
) -> None:
    table_id = owner.runner.table_id
    async with http.get(f"{front.url}/table/{table_id}") as page:
        assert page.status == 200 and "<html" in (await page.text()).lower()
        assert "Content-Security-Policy" in page.headers
    spectator = Reader(await connect(http, front, table_id))
    await asyncio.sleep(0.2)
    assert spectator.frames[0]["type"] == "hello"
    assert spectator.frames[0]["locale"] == "de"  # the browser's language, carried on
    assert spectator.table["me"] is None
    assert {seat["user_id"] for seat in spectator.table["table"]["seats"]} >= {LOCAL_MEMBER}
    # The owner built the frames; the front only carried them.
    built = [(frame, allowed) for c, frame, allowed in owner.frames if c.viewer.user_id is None]
    assert built and all(not leaked(frame, allowed) for frame, allowed in built)
    assert spectator.table == built[-1][0]
    # A spectator may not act, at the owner either.
    answer = await spectator.ask({"type": "sit_out"})
    assert answer["type"] == "refused"


async def test_the_member_plays_through_another_process(
    owner: LocalRoom, front: WebRoomServer, http: aiohttp.ClientSession, clock: FakeClock
) -> None:
    table_id = owner.runner.table_id
    # The key's cookie is set by the owner's answer, carried back by the front.
    async with http.get(
        f"{front.url}/table/{table_id}?key={owner.member.key}", allow_redirects=False
    ) as keyed:
        assert keyed.status == 302 and keyed.headers["Location"] == f"/table/{table_id}"
        assert "HttpOnly" in keyed.headers["Set-Cookie"]
    player = Reader(await connect(http, front, table_id))
    assert await until_members_turn(owner, clock)
    await asyncio.sleep(0.2)
    assert player.frames[0]["viewer"]["user_id"] == LOCAL_MEMBER
    live = owner.runner.live
    assert live is not None
    seq = live.seq
    answer = await player.ask(
        {"type": "act", "move": "call_or_check", "hand_no": live.hand_no, "seq": seq}
    )
    assert answer == {"type": "done"} and live.seq > seq


async def test_what_the_front_answers_itself(
    owner: LocalRoom, front: WebRoomServer, where: Where, http: aiohttp.ClientSession
) -> None:
    table_id = owner.runner.table_id
    # A foreign origin, before asking anyone.
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await http.ws_connect(ws_url(front, table_id), headers={"Origin": "https://evil.example"})
    assert refused.value.status == 403
    # Already forwarded once: never a second hop.
    async with http.get(f"{front.url}/table/{table_id}", headers={ROUTED_HEADER: "1"}) as again:
        assert again.status == 404
    # No such table anywhere.
    async with http.get(f"{front.url}/table/{table_id + 1}") as missing:
        assert missing.status == 404
    # An oversized message is refused by the front.
    socket_ = await connect(http, front, table_id)
    await socket_.send_str("x" * (MAX_FRAME_BYTES + 1))
    async for _ in socket_:
        pass
    assert socket_.close_code == 1009
    # The table is moving (nobody holds its lease): come back.
    where.owner = TableOwner(None)
    async with http.get(f"{front.url}/table/{table_id}") as moving:
        assert moving.status == 503 and moving.headers["Retry-After"]
    # The owner does not answer.
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed_port = probe.getsockname()[1]
    where.owner = TableOwner(f"http://127.0.0.1:{closed_port}")
    async with http.get(f"{front.url}/table/{table_id}") as silent:
        assert silent.status == 502
    with pytest.raises(aiohttp.WSServerHandshakeError) as unreachable:
        await connect(http, front, table_id)
    assert unreachable.value.status == 502


async def test_a_viewer_is_told_to_come_back_when_the_owner_goes(
    owner: LocalRoom, front: WebRoomServer, http: aiohttp.ClientSession
) -> None:
    spectator = await connect(http, front, owner.runner.table_id)
    first = await spectator.receive(timeout=5)
    assert json.loads(first.data)["type"] == "hello"
    await owner.server.stop()  # the owner's process stops (or is killed)
    async for _ in spectator:
        pass
    assert spectator.close_code == SERVICE_RESTART


def test_the_checker_of_frames_from_another_process_catches_a_hole_card() -> None:
    """tests/web/frame_privacy.py's check from the database's hand records."""
    record = HandRecord(
        hand_id=1,
        table_id=7,
        hand_no=3,
        status="complete",
        players=(10, 20),
        hole_cards={10: tuple(parse_cards("AsKs")), 20: tuple(parse_cards("2c2d"))},
        board=tuple(parse_cards("QhJhTh")),
        face_up=frozenset(),
        shown={10: tuple(parse_cards("AsKs"))},
        button_draw=(),
    )

    def frame(*cards: str, hand_no: int = 3) -> dict[str, Any]:
        seats = [{"name": "Ann", "cards": list(cards)}]
        return {"type": "table", "table": {"table_id": 7, "hand_no": hand_no, "seats": seats}}

    assert not spectator_leaks(frame("As", "Qh"), [record])  # shown, and the board
    assert spectator_leaks(frame("2c"), [record]) == {"2c"}  # mucked: never public
    assert spectator_leaks(frame("Qh", hand_no=4), [record]) == {"Qh"}  # another hand's
    assert spectator_leaks({"type": "refused", "text": "Ann holds 2♦"}, [record]) == {"2d"}
