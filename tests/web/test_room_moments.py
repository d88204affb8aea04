"""What a viewer receives, moment by moment, now that the room leaves out a
frame the viewer already has and keeps a seat's own hand between changes of
its cards (issue 26, docs/WEB.md "What watching costs"): when the table moves
slowly enough for the browser to read everything, every distinct moment of
the hands arrives, in order, never the same frame twice in a row; every frame
received is the one built for that viewer, shows no card the viewer may not
see, and a player's cards and best hand are those of that moment."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.local_play import LOCAL_MEMBER, PlayOptions
from bot.render.views import TableSnapshot
from bot.tables.state import TableState
from bot.tables.view import private_view
from tests.bot.fake_clock import FakeClock
from tests.web.frame_privacy import allowed_cards, leaked
from tests.web.harness import LocalRoom, local_room
from tests.web.test_room import Reader, member_acts, settle
from web import room as web_room
from web.room import Connection
from web.viewers import Viewer

Moment = tuple[Any, ...]


def _boards(boards: Any) -> list[list[str | None]]:
    return [[None if card is None else str(card) for card in board] for board in boards]


def moment_of_view(view: TableSnapshot) -> Moment:
    """What anyone sees change at the table: the hand, whose turn, stacks, bets, boards."""
    return (
        view.hand_no,
        view.seq,
        view.hand_over,
        view.actor_id,
        tuple((line.seat, line.stack, line.bet, line.folded) for line in view.seats),
        json.dumps(_boards(view.boards or (view.board,))),
    )


def moment_of_frame(frame: dict[str, Any]) -> Moment:
    table = frame["table"]
    return (
        table["hand_no"],
        table["seq"],
        table["hand_over"],
        table["actor_id"],
        tuple((s["seat"], s["stack"], s["bet"], s["folded"]) for s in table["seats"]),
        json.dumps(table["boards"]),
    )


def distinct(moments: list[Moment]) -> list[Moment]:
    """The moments without one repeated right after itself."""
    return [m for i, m in enumerate(moments) if i == 0 or moments[i - 1] != m]


class Recorder:
    """A watcher of the table beside the room: every view the runner hands out."""

    def __init__(self) -> None:
        self.moments: list[Moment] = []

    def table_changed(self, state: TableState, view: TableSnapshot, *, fresh: bool) -> None:
        self.moments.append(moment_of_view(view))


def _witness(connection: Connection, frame: dict[str, Any], state: TableState) -> Any:
    """The viewer's allowed cards then, and their own cards and best hand then."""
    user_id = connection.viewer.user_id
    own = None
    shown_from = state.live if state.live is not None else state.last_hand
    if user_id is not None and shown_from is not None:
        index = shown_from.index_of(user_id)
        if index is not None:
            fresh = private_view(state, shown_from, index)
            own = ([str(card) for card in fresh.cards], list(fresh.best))
    return allowed_cards(state, user_id), own


def table_frames(reader: Reader) -> list[dict[str, Any]]:
    return [f for f in reader.frames if f["type"] == "table"]


async def caught_up(room: LocalRoom, readers: dict[Connection, Reader]) -> None:
    """Wait (real time) until every viewer has read the newest frame built for it."""
    for _ in range(500):
        await settle(room)
        if all(
            (frames := table_frames(reader)) and frames[-1]["n"] == connection.frames_built
            for connection, reader in readers.items()
        ):
            return
        await asyncio.sleep(0.005)
    raise AssertionError("a viewer never got its newest frame")


async def test_a_slow_table_shows_every_moment_once_in_order(tmp_path: Path) -> None:
    clock = FakeClock()
    async with (
        local_room(
            tmp_path / "play.db",
            PlayOptions(computers=2),
            clock=clock,
            witness=_witness,
            flood_limit=0,
        ) as room,
        aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http,
    ):
        url = f"{room.spectator_url}/ws".replace("http://", "ws://")

        async def connect(language: str, key: str | None = None) -> Reader:
            headers = {"Accept-Language": language, "Origin": room.server.url}
            socket = await http.ws_connect(url + (f"?key={key}" if key else ""), headers=headers)
            return Reader(socket)

        player = await connect("en", room.member.key)
        english = await connect("en")
        german = await connect("de")
        for _ in range(100):
            await settle(room)
            if len(room.server.rooms[room.runner.table_id].connections) == 3:
                break
            await asyncio.sleep(0.01)
        table_room = room.server.rooms[room.runner.table_id]
        by_user = {c.viewer.user_id or c.viewer.locale: c for c in table_room.connections}
        readers = {
            by_user[LOCAL_MEMBER]: player,
            by_user["en"]: english,
            by_user["de"]: german,
        }
        await caught_up(room, readers)
        recorder = Recorder()
        room.runner.watch(recorder)
        start = room.runner.table.hands_played
        # Three hands, one step of the clock (or one click) at a time, each read
        # by every browser before the next: a table slower than its viewers.
        for _ in range(600):
            if room.runner.table.hands_played >= start + 3:
                break
            live = room.runner.live
            actor = None if live is None or live.hand.is_complete else live.hand.to_act
            if live is not None and actor is not None and live.deal.players[actor] == LOCAL_MEMBER:
                await member_acts(player, room)
            else:
                wake = clock.next_wake
                assert wake is not None, "nothing is due at the table"
                clock.advance(max(0.0, wake - clock.now()))
            await caught_up(room, readers)
        else:
            raise AssertionError("three hands never ended")
        room.runner.unwatch(recorder)
        assert len(distinct(recorder.moments)) > 20

        built = {(c, f["n"]): (f, a) for c, f, a in room.frames}
        for connection, reader in readers.items():
            frames = table_frames(reader)
            # Never the same frame twice in a row (its number aside).
            texts = [json.dumps({k: v for k, v in f.items() if k != "n"}) for f in frames]
            repeated = [i for i in range(1, len(texts)) if texts[i] == texts[i - 1]]
            assert not repeated, (connection.viewer, len(repeated), len(texts))
            # Every distinct moment the table went through, in order.
            received = distinct([moment_of_frame(f) for f in frames])
            assert received == distinct(received[:1] + recorder.moments), connection.viewer
            for frame in frames:
                # The frame built for this viewer, no card it may not see ...
                sent, (allowed, own) = built[(connection, frame["n"])]
                assert frame == json.loads(json.dumps(sent))
                assert not leaked(frame, allowed), (frame, allowed)
                # ... and a player's own cards and best hand of that very moment.
                if own is not None:
                    assert (frame["me"]["cards"], frame["me"]["best"]) == own
        assert any(f["me"] and f["me"]["best"] for f in table_frames(player))
        # Browsers that keep up are written each frame from the table's own
        # notification (no task woken per frame): the path checked above.
        for connection in readers:
            assert connection.frames_direct >= connection.frames_built - 3, (
                connection.viewer,
                connection.frames_direct,
                connection.frames_built,
            )


class _StuckSocket:
    """A browser that stopped reading: a send never finishes until let go."""

    def __init__(self) -> None:
        self.closed = False
        self.sent: list[str] = []

    async def send_str(self, text: str) -> None:
        self.sent.append(text)
        if len(self.sent) > 1:
            await asyncio.Event().wait()

    async def send_json(self, frame: dict[str, Any]) -> None:
        await self.send_str(json.dumps(frame))

    async def close(self) -> None:
        self.closed = True


async def test_a_viewer_that_stops_reading_is_let_go_after_the_patience(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(web_room, "SEND_PATIENCE_SECONDS", 0.2)
    socket = _StuckSocket()
    connection = Connection(socket, Viewer(None, None, None, "en"))  # type: ignore[arg-type]
    pump = asyncio.create_task(connection.pump())
    connection.offer({"type": "table"}, '{"type": "table"')
    await asyncio.sleep(0.3)  # sent at once: not let go for a quiet table
    assert not socket.closed and not pump.done()
    connection.offer({"type": "table"}, '{"type": "table", "x": 1')
    await asyncio.sleep(0.1)
    assert not socket.closed  # still within the patience
    await asyncio.wait_for(pump, 1.0)  # the pump ends, not cancelled from outside
    assert socket.closed and len(socket.sent) == 2


class _Transport(asyncio.WriteTransport):
    """The connection's transport as the room reads it: how much it still holds."""

    def __init__(self) -> None:
        super().__init__()
        self.buffered = 0

    def get_write_buffer_size(self) -> int:
        return self.buffered

    def is_closing(self) -> bool:
        return False


class _Browser:
    """A websocket as aiohttp's: a send writes its frame at once, then waits while
    the socket's buffer is over its limit (``full``), as flow control does."""

    def __init__(self) -> None:
        self.closed = False
        self.sent: list[int] = []
        self.full = False
        self.drained = asyncio.Event()

    async def send_str(self, text: str) -> None:
        self.sent.append(json.loads(text)["n"])
        if self.full:
            await self.drained.wait()

    async def close(self) -> None:
        self.closed = True


def _offer(connection: Connection) -> None:
    connection.offer({"type": "table"}, f'{{"type": "table", "x": {connection.frames_built}')


async def test_a_frame_is_written_at_once_and_a_send_that_waits_keeps_the_order() -> None:
    socket, transport = _Browser(), _Transport()
    connection = Connection(socket, Viewer(None, None, None, "en"), transport)  # type: ignore[arg-type]
    _offer(connection)
    assert socket.sent == [1]  # written from the notification itself: no task ran
    socket.full = True
    _offer(connection)  # written, then it waits for the buffer to drain
    _offer(connection)
    _offer(connection)  # replaces frame 3, not sent yet
    assert socket.sent == [1, 2]
    pump = asyncio.create_task(connection.pump())
    await asyncio.sleep(0.01)
    assert socket.sent == [1, 2]  # nothing overtakes the waiting send
    socket.full = False
    socket.drained.set()
    for _ in range(100):
        await asyncio.sleep(0)
    assert socket.sent == [1, 2, 4]  # the waiting send finished, then the newest
    _offer(connection)
    assert socket.sent == [1, 2, 4, 5]  # at once again
    transport.buffered = 4096  # the browser reads slowly: the pump sends the newest
    _offer(connection)
    _offer(connection)
    assert socket.sent == [1, 2, 4, 5]
    await asyncio.sleep(0)
    assert socket.sent == [1, 2, 4, 5, 7]
    assert connection.frames_direct == 2  # 1 and 5 (2 began at once, then waited)
    pump.cancel()
    with pytest.raises(asyncio.CancelledError):
        await pump


@pytest.mark.parametrize("backed_up", [False, True], ids=["send-waits", "buffer-full"])
async def test_a_stuck_viewer_written_at_once_holds_nobody_back_and_is_let_go(
    monkeypatch: pytest.MonkeyPatch, backed_up: bool
) -> None:
    """A browser that stopped reading, whether its send began at once and then
    waited or its buffer was already full: the others get every frame at once,
    in order, and it is let go after the patience."""
    monkeypatch.setattr(web_room, "SEND_PATIENCE_SECONDS", 0.2)
    stuck_socket, stuck_transport = _Browser(), _Transport()
    stuck = Connection(stuck_socket, Viewer(None, None, None, "en"), stuck_transport)  # type: ignore[arg-type]
    reading_socket = _Browser()
    reading = Connection(reading_socket, Viewer(None, None, None, "de"), _Transport())  # type: ignore[arg-type]
    pumps = [asyncio.create_task(c.pump()) for c in (stuck, reading)]
    _offer(stuck)
    _offer(reading)
    stuck_socket.full = True  # never drains
    stuck_transport.buffered = 65536 if backed_up else 0
    for _ in range(30):
        _offer(stuck)
        _offer(reading)
        await asyncio.sleep(0.01)
    assert reading_socket.sent == list(range(1, 32))  # every frame, in order, at once
    assert reading.frames_direct == 31
    await asyncio.wait_for(pumps[0], 1.0)  # let go, not cancelled from outside
    assert stuck_socket.closed and not reading_socket.closed
    assert stuck_socket.sent == sorted(stuck_socket.sent) and len(stuck_socket.sent) == 2
    pumps[1].cancel()
    with pytest.raises(asyncio.CancelledError):
        await pumps[1]
