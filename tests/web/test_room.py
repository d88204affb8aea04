"""The web room over real websockets (aiohttp's client against the room's own
server, in this process, on a fake clock): what each viewer is sent, a hand
played from the page through the table runner, and every refusal."""

from __future__ import annotations

import asyncio
import html
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.i18n import t
from bot.local_play import LOCAL_MEMBER, PlayOptions
from bot.tables.state import TableState
from engine import Phase
from tests.audited import assert_audit_clean
from tests.bot.fake_clock import FakeClock
from tests.web.frame_privacy import allowed_cards, cards_in, leaked
from tests.web.harness import LocalRoom, local_room
from web.frames import PAGE_WORDS
from web.room import Connection


def _allowed(connection: Connection, frame: dict[str, Any], state: TableState) -> frozenset[str]:
    return allowed_cards(state, connection.viewer.user_id)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def room(tmp_path: Path, clock: FakeClock) -> AsyncIterator[LocalRoom]:
    async with local_room(
        tmp_path / "play.db",
        PlayOptions(computers=2),
        clock=clock,
        witness=_allowed,
        flood_limit=0,
    ) as room:
        yield room


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
        yield session


def socket_url(room: LocalRoom) -> str:
    return f"{room.spectator_url}/ws".replace("http://", "ws://")


async def open_socket(
    http: aiohttp.ClientSession, room: LocalRoom, *, key: str | None = None, origin: str | None = ""
) -> aiohttp.ClientWebSocketResponse:
    headers = {"Accept-Language": "en"}
    if origin is not None:
        headers["Origin"] = origin or room.server.url
    url = socket_url(room) + (f"?key={key}" if key else "")
    return await http.ws_connect(url, headers=headers)


class Reader:
    """Reads a socket's frames as they come, keeping the latest table frame."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.frames: list[dict[str, Any]] = []
        self.answers: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for message in self.socket:
            if message.type is aiohttp.WSMsgType.TEXT:
                frame = json.loads(message.data)
                self.frames.append(frame)
                if frame["type"] in ("done", "refused"):
                    await self.answers.put(frame)

    async def ask(self, request: dict[str, Any] | str) -> dict[str, Any]:
        text = request if isinstance(request, str) else json.dumps(request)
        await self.socket.send_str(text)
        return await asyncio.wait_for(self.answers.get(), 5)

    @property
    def table(self) -> dict[str, Any]:
        return [f for f in self.frames if f["type"] == "table"][-1]


async def settle(room: LocalRoom) -> None:
    await room.runner.settled()
    for _ in range(5):
        await asyncio.sleep(0)


async def until_members_turn(room: LocalRoom, clock: FakeClock, hands: int = 5) -> bool:
    """Move the clock until it is the member's turn; ``False`` if ``hands`` hands end first."""
    start = room.runner.table.hands_played
    for _ in range(400):
        await settle(room)
        live = room.runner.live
        actor = None if live is None or live.hand.is_complete else live.hand.to_act
        if live is not None and actor is not None and live.deal.players[actor] == LOCAL_MEMBER:
            return True
        if room.runner.table.hands_played >= start + hands:
            return False
        wake = clock.next_wake
        assert wake is not None, "nothing is due at the table"
        clock.advance(max(0.0, wake - clock.now()))
    raise AssertionError("the table stopped")


async def test_a_hand_played_from_the_page_through_the_runner(
    room: LocalRoom, clock: FakeClock, http: aiohttp.ClientSession
) -> None:
    player = Reader(await open_socket(http, room, key=room.member.key))
    spectator = Reader(await open_socket(http, room))
    assert await until_members_turn(room, clock)
    await settle(room)
    await asyncio.sleep(0.05)
    mine = player.table["me"]
    live = room.runner.live
    assert live is not None
    index = live.index_of(LOCAL_MEMBER)
    assert index is not None
    # The player sees their own cards and their options; the spectator neither.
    assert mine["cards"] == [str(card) for card in live.hand.hole_cards[index]]
    assert mine["choices"] is not None
    assert spectator.table["me"] is None
    seats = {seat["user_id"]: seat for seat in spectator.table["table"]["seats"]}
    assert seats[LOCAL_MEMBER]["cards"] == [] and seats[LOCAL_MEMBER]["backs"] == 2
    seq = live.seq
    answer = await player.ask(
        {"type": "act", "move": "call_or_check", "hand_no": live.hand_no, "seq": seq}
    )
    assert answer == {"type": "done"}
    assert live.seq > seq  # the runner took it, logged
    # The same click again (the page's stale buttons) is refused as a stale button is.
    again = await player.ask(
        {"type": "act", "move": "call_or_check", "hand_no": live.hand_no, "seq": seq}
    )
    assert again["type"] == "refused" and again["text"]


async def member_acts(player: Reader, room: LocalRoom) -> None:
    """The member calls down: checks or calls, posts a bring-in, stands pat, shows."""
    live = room.runner.live
    assert live is not None
    phase = live.hand.phase
    if phase is Phase.SHOWDOWN:
        moves = ["show"]
    elif phase is Phase.DISCARDING:
        moves = ["discard"]
    else:
        moves = ["call_or_check", "bringin"]
    for move in moves:
        answer = await player.ask({"type": "act", "move": move, "hand_no": live.hand_no})
        if answer == {"type": "done"}:
            return
    raise AssertionError(answer)


@pytest.mark.parametrize("game", ["NT", "F7S", "F5D"])
async def test_no_viewer_is_ever_built_a_frame_with_a_card_it_may_not_see(
    tmp_path: Path, clock: FakeClock, http: aiohttp.ClientSession, game: str
) -> None:
    async with local_room(
        tmp_path / "play.db",
        PlayOptions(game=game, computers=2),
        clock=clock,
        witness=_allowed,
        flood_limit=0,
    ) as room:
        await play_and_check(room, clock, http)
        await room.runner.settled()
        await assert_audit_clean(room.database)  # no chip made or lost from the page
        if game == "F7S":  # stud: the spectator saw down cards as backs, up cards as faces
            seats = [
                seat
                for connection, frame, _ in room.frames
                if connection.viewer.user_id is None
                for seat in frame["table"]["seats"]
            ]
            assert any(None in seat["cards"] for seat in seats)
            assert any(card for seat in seats for card in seat["cards"])


async def play_and_check(room: LocalRoom, clock: FakeClock, http: aiohttp.ClientSession) -> None:
    player = Reader(await open_socket(http, room, key=room.member.key))
    Reader(await open_socket(http, room))
    for _ in range(4):  # four hands, the member calling down, so hands reach showdowns
        while await until_members_turn(room, clock, hands=1):
            await member_acts(player, room)
    spectated = [(c, f, a) for c, f, a in room.frames if c.viewer.user_id is None]
    played = [(c, f, a) for c, f, a in room.frames if c.viewer.user_id == LOCAL_MEMBER]
    assert spectated and played
    for _, frame, allowed in room.frames:
        assert not leaked(frame, allowed), (frame, allowed)
    # The check can see cards at all: the player's own, and the boards.
    assert any(cards_in(frame) for _, frame, _ in spectated)
    assert any(frame["me"] and frame["me"]["cards"] for _, frame, _ in played)
    # And showdowns were shown to the spectator with the result message's words.
    results = [f["table"]["result"] for _, f, _ in spectated if f["table"]["result"]]
    assert results and all(result["lines"] for result in results)


async def test_a_leak_is_caught_by_the_check(room: LocalRoom, clock: FakeClock) -> None:
    """The checker itself: a spectator frame carrying a hole card fails it."""
    await until_members_turn(room, clock)
    live = room.runner.live
    assert live is not None
    hole = str(live.hand.hole_cards[0][0])
    allowed = allowed_cards(room.runner.state, None)
    assert leaked({"type": "table", "table": {"x": [hole]}}, allowed) == {hole}
    assert leaked({"type": "table", "table": {"x": f"…{hole[0]}♠"}}, frozenset()) != set()


async def test_the_member_leaves_and_sits_down_again_from_the_page(
    room: LocalRoom, clock: FakeClock, http: aiohttp.ClientSession
) -> None:
    player = Reader(await open_socket(http, room, key=room.member.key))
    assert await player.ask({"type": "leave"}) == {"type": "done"}
    while room.runner.table.is_seated(LOCAL_MEMBER):  # in a hand: gone when it ends
        await until_members_turn(room, clock, hands=1)
        if room.runner.live is not None and room.runner.table.is_seated(LOCAL_MEMBER):
            await member_acts(player, room)
    free = next(
        n for n in range(1, room.runner.settings.seats + 1) if n not in room.runner.table.seats
    )
    answer = await player.ask({"type": "join", "seat": free, "buy_in": 500})
    assert answer == {"type": "done"}
    seat = room.runner.table.seat_of(LOCAL_MEMBER)
    assert (seat.number, seat.stack) == (free, 500)
    # Sitting down twice is refused with the slash command's sentence.
    again = await player.ask({"type": "join", "buy_in": 500})
    assert again["type"] == "refused" and again["text"]
    await settle(room)
    await assert_audit_clean(room.database)


async def finish_the_hand(room: LocalRoom, clock: FakeClock) -> None:
    live = room.runner.live
    while live is not None and room.runner.live is live:  # the others finish the hand
        wake = clock.next_wake
        assert wake is not None
        clock.advance(max(0.0, wake - clock.now()))
        await settle(room)
    await asyncio.sleep(0.05)


async def test_the_player_shows_their_cards_after_the_hand_from_the_page(
    room: LocalRoom, clock: FakeClock, http: aiohttp.ClientSession
) -> None:
    player = Reader(await open_socket(http, room, key=room.member.key))
    spectator = Reader(await open_socket(http, room))
    # A folded hand is still the player's to see after the hand, not to show.
    assert await until_members_turn(room, clock)
    assert await player.ask({"type": "act", "move": "fold"}) == {"type": "done"}
    await finish_the_hand(room, clock)
    assert player.table["me"]["cards"] and not player.table["me"]["can_show"]
    refused = await player.ask({"type": "show"})
    assert refused == {"type": "refused", "text": t("engine.nothing_to_show")}
    # The player shoves until a hand is won without a showdown, then shows it.
    for _ in range(12):
        assert await until_members_turn(room, clock)
        live = room.runner.live
        assert live is not None
        held = sorted(str(card) for card in live.hand.hole_cards[live.index_of(LOCAL_MEMBER) or 0])
        await member_shoves(player, room, clock)
        await finish_the_hand(room, clock)
        if player.table["me"]["can_show"]:
            break
        if room.runner.table.seat_of(LOCAL_MEMBER).busted:  # buys back in from the page
            assert await player.ask({"type": "top_up", "amount": 1000}) == {"type": "done"}
    else:
        pytest.fail("no hand was won without a showdown")
    seat = next(s for s in spectator.table["table"]["seats"] if s["user_id"] == LOCAL_MEMBER)
    assert seat["cards"] == []
    assert await player.ask({"type": "show"}) == {"type": "done"}
    await settle(room)
    await asyncio.sleep(0.05)
    seat = next(s for s in spectator.table["table"]["seats"] if s["user_id"] == LOCAL_MEMBER)
    assert sorted(seat["cards"]) == held
    assert not player.table["me"]["can_show"]


async def member_shoves(player: Reader, room: LocalRoom, clock: FakeClock) -> None:
    """All in whenever the member may raise, else check or call, until the hand ends."""
    live = room.runner.live
    while room.runner.live is live:
        mine = player.table["me"]
        turn = await until_members_turn(room, clock, hands=1)
        if not turn or room.runner.live is not live:
            return
        await asyncio.sleep(0.02)
        choices = player.table["me"]["choices"] if mine else None
        move = "allin" if choices and choices["can_raise"] else "call_or_check"
        if live is not None and live.hand.phase is Phase.SHOWDOWN:
            move = "show"
        answer = await player.ask({"type": "act", "move": move})
        assert answer == {"type": "done"}, answer


async def step(room: LocalRoom, clock: FakeClock) -> None:
    """Let the clock run to whatever is due next at the table."""
    await settle(room)
    wake = clock.next_wake
    if wake is None:  # the table's clock is being armed
        await asyncio.sleep(0.01)
        return
    clock.advance(max(0.0, wake - clock.now()))
    await settle(room)


async def test_a_pre_action_chosen_on_the_page_acts_when_the_turn_comes(
    room: LocalRoom, clock: FakeClock, http: aiohttp.ClientSession
) -> None:
    player = Reader(await open_socket(http, room, key=room.member.key))
    for _ in range(300):
        await step(room, clock)
        await asyncio.sleep(0.01)
        live = room.runner.live
        me = player.table["me"]
        if live is None or not (me and me["pre_actions"] and me["pre_actions"]["offered"]):
            continue
        # The member is in the hand and another player is to act: choose ahead.
        assert "call_any" in [offer["kind"] for offer in me["pre_actions"]["offered"]]
        answer = await player.ask(
            {"type": "pre_action", "kind": "call_any", "hand_no": live.hand_no}
        )
        assert answer == {"type": "done"}
        await asyncio.sleep(0.05)
        assert player.table["me"]["pre_actions"]["chosen"] == "call_any"  # to its owner
        bad = await player.ask({"type": "pre_action", "kind": "win", "hand_no": live.hand_no})
        assert bad == {"type": "refused", "text": t("web.malformed")}
        before = [a for a in live.actions if a.name == room.member.name]
        while room.runner.live is live and not live.hand.is_complete:
            if [a for a in live.actions if a.name == room.member.name] != before:
                break
            await step(room, clock)
        acted = [a for a in live.actions if a.name == room.member.name]
        if acted != before:  # the turn came: the choice acted, without a click
            assert acted[-1].kind in ("call", "check") and not acted[-1].by_clock
            return
    raise AssertionError("a pre-action never came to act")


async def test_a_spectator_may_ask_nothing(room: LocalRoom, http: aiohttp.ClientSession) -> None:
    spectator = Reader(await open_socket(http, room, key="not-the-key"))
    answer = await spectator.ask({"type": "leave"})
    assert answer == {"type": "refused", "text": t("web.watching_only")}
    assert room.runner.table.is_seated(LOCAL_MEMBER)


@pytest.mark.parametrize(
    "message",
    [
        "not json",
        "[1, 2]",
        '{"type": 5}',
        '{"type": "steal"}',
        '{"type": "act", "move": "win"}',
        '{"type": "top_up", "amount": "all"}',
        '{"type": "top_up", "amount": true}',
        '{"type": "top_up", "amount": -5}',
        '{"type": "act", "move": "discard", "cards": ["Zz"]}',
        '{"type": "act", "move": "discard", "cards": [7, "As"]}',
        '{"type": "act", "move": "discard", "cards": "As"}',
    ],
)
async def test_a_malformed_message_is_refused_politely_and_changes_nothing(
    room: LocalRoom, http: aiohttp.ClientSession, message: str
) -> None:
    player = Reader(await open_socket(http, room, key=room.member.key))
    stack = room.runner.table.seat_of(LOCAL_MEMBER).stack
    answer = await player.ask(message)
    assert answer == {"type": "refused", "text": t("web.malformed")}
    assert room.runner.table.seat_of(LOCAL_MEMBER).stack == stack
    assert not player.socket.closed


async def test_an_oversized_frame_closes_the_socket(
    room: LocalRoom, http: aiohttp.ClientSession
) -> None:
    socket = await open_socket(http, room, key=room.member.key)
    await socket.send_str(json.dumps({"type": "leave", "padding": "x" * 5000}))
    async for _ in socket:
        pass
    assert socket.close_code == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
    assert room.runner.table.is_seated(LOCAL_MEMBER)


@pytest.mark.parametrize("origin", ["http://evil.example", None])
async def test_a_websocket_from_another_origin_is_refused(
    room: LocalRoom, http: aiohttp.ClientSession, origin: str | None
) -> None:
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await open_socket(http, room, key=room.member.key, origin=origin)
    assert refused.value.status == 403


async def test_a_table_takes_a_bounded_number_of_viewers_and_lets_them_go(
    room: LocalRoom, http: aiohttp.ClientSession
) -> None:
    room.server.max_viewers = 2
    first, second = await open_socket(http, room), await open_socket(http, room)
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await open_socket(http, room)
    assert refused.value.status == 503
    watchers = len(room.runner.watchers)
    await first.close()
    await second.close()
    for _ in range(100):  # the server notices the sockets closing
        if len(room.runner.watchers) < watchers:
            break
        await asyncio.sleep(0.01)
    assert len(room.runner.watchers) == watchers - 1  # the room no longer watches the table
    assert room.server.rooms == {}
    third = Reader(await open_socket(http, room))  # and a newcomer is shown the table again
    await asyncio.sleep(0.05)
    assert third.table["table"]["seats"]


async def test_the_member_s_flood_limit_applies(
    tmp_path: Path, clock: FakeClock, http: aiohttp.ClientSession
) -> None:
    async with local_room(tmp_path / "flood.db", clock=clock, flood_limit=3) as room:
        player = Reader(await open_socket(http, room, key=room.member.key))
        answers = [await player.ask({"type": "sit_in"}) for _ in range(4)]
        assert [a["type"] for a in answers[:3]] == ["done"] * 3
        assert answers[3]["type"] == "refused"
        assert answers[3]["text"].startswith("Slow down a little")


async def test_pages_carry_careful_headers(room: LocalRoom, http: aiohttp.ClientSession) -> None:
    for path in ("", "/static/table.js", "/cards/two_colour/As.png"):
        url = room.spectator_url + path if path == "" else room.server.url + path
        async with http.get(url) as response:
            assert response.status == 200
            policy = response.headers["Content-Security-Policy"]
            assert "default-src 'none'" in policy and "frame-ancestors 'none'" in policy
            assert "script-src 'self'" in policy and "unsafe-inline" not in policy
            assert response.headers["X-Content-Type-Options"] == "nosniff"
            assert response.headers["Referrer-Policy"] == "no-referrer"
    async with http.get(room.server.url + "/cards/two_colour/As.png") as response:
        assert response.content_type == "image/png"
        assert (await response.read()).startswith(b"\x89PNG")
    for missing in ("/cards/two_colour/Zz.png", "/cards/gold/As.png", "/static/../x.py"):
        async with http.get(room.server.url + missing) as response:
            assert response.status == 404


async def test_the_key_becomes_a_strict_cookie_and_leaves_the_address(
    room: LocalRoom, http: aiohttp.ClientSession
) -> None:
    async with http.get(room.player_url, allow_redirects=False) as response:
        assert response.status == 302
        assert response.headers["Location"] == f"/table/{room.runner.table_id}"
        cookie = response.headers["Set-Cookie"]
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    # With the cookie, the websocket is the member's.
    player = Reader(await open_socket(http, room))
    await asyncio.sleep(0.05)
    hello = player.frames[0]
    assert hello["type"] == "hello" and hello["viewer"]["user_id"] == LOCAL_MEMBER


async def test_the_page_speaks_german_to_a_german_browser(
    room: LocalRoom, http: aiohttp.ClientSession
) -> None:
    socket = await http.ws_connect(
        socket_url(room), headers={"Origin": room.server.url, "Accept-Language": "de-DE,de;q=0.9"}
    )
    hello = json.loads((await socket.receive()).data)
    assert hello["locale"] == "de"
    assert hello["words"]["fold"] == t("button.fold", "de")
    assert hello["card_names"]["As"] == "Pik Ass"


def test_every_word_of_the_page_is_in_both_catalogues() -> None:
    for locale in ("en", "de"):
        for key in PAGE_WORDS:
            assert t(key, locale), key


@pytest.mark.parametrize("language", ["en", "de"])
async def test_the_room_s_refusals_speak_the_reader_s_language(
    room: LocalRoom, http: aiohttp.ClientSession, language: str
) -> None:
    """An unknown table, a websocket from another page, a full table, an address
    that is nothing: each answered with the catalogue's sentence in the language
    the page would speak, escaped into a page."""
    room.server.max_viewers = 0
    table = f"{room.server.url}/table/{room.runner.table_id}"
    cases = (
        (f"{room.server.url}/table/999999", {}, 404, "web.no_such_table"),
        (f"{room.server.url}/table/999999/ws", {}, 404, "web.no_such_table"),
        (f"{table}/ws", {"Origin": "http://evil.example"}, 403, "web.foreign_socket"),
        (f"{table}/ws", {"Origin": room.server.url}, 503, "web.room_full"),
        (f"{room.server.url}/nowhere", {}, 404, "web.not_found"),
        (f"{room.server.url}/cards/gold/As.png", {}, 404, "web.not_found"),
    )
    for url, extra, status, key in cases:
        headers = {"Accept-Language": f"{language}-CH,{language};q=0.9,fr;q=0.5", **extra}
        async with http.get(url, headers=headers) as answer:
            assert answer.status == status, url
            assert (answer.content_type, answer.charset) == ("text/html", "utf-8")
            page = await answer.text()
        assert f'<html lang="{language}">' in page, page
        assert f"<p>{html.escape(t(key, language))}</p>" in page, page
        assert "default-src 'none'" in answer.headers["Content-Security-Policy"]
    assert "'" not in html.escape(t("web.foreign_socket", "en"))  # "table's" is escaped
