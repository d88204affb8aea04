"""The table page's further controls over real websockets (the room's own
server in this process, a fake clock): running it twice, the bomb-pot vote,
the player's deck, the time bank, showing one card after the hand, choosing a
seat and a buy-in, topping up, and the players' pictures. Each is asked of the
same runner the Discord buttons ask, and each refusal (out of turn, stale,
twice, a bad amount) is the command's polite sentence and changes nothing.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web
from PIL import Image

from bot.i18n import t
from bot.local_play import LOCAL_MEMBER, PlayOptions
from bot.player_decks import deck_of
from engine import Phase
from tests.audited import assert_audit_clean
from tests.bot.fake_clock import FakeClock
from tests.web.frame_privacy import leaked
from tests.web.harness import LocalRoom, local_room
from tests.web.test_room import (
    Reader,
    _allowed,
    finish_the_hand,
    open_socket,
    settle,
    until_members_turn,
)
from web.avatars import AVATAR_SIZE, drawn_avatar


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
        yield session


@pytest.fixture
async def room(tmp_path: Path, clock: FakeClock) -> AsyncIterator[LocalRoom]:
    async with local_room(
        tmp_path / "play.db",
        PlayOptions(computers=2, time_bank=30),
        clock=clock,
        witness=_allowed,
        flood_limit=0,
    ) as room:
        yield room


def assert_no_frame_leaked(room: LocalRoom) -> None:
    """Every frame built for every viewer, against what that viewer could see then."""
    assert room.frames
    for connection, frame, allowed in room.frames:
        assert not leaked(frame, allowed), (connection.viewer.user_id, frame)


async def fresh(player: Reader) -> dict[str, object]:
    await asyncio.sleep(0.05)
    return player.table


async def test_the_player_runs_it_twice_from_the_page(
    tmp_path: Path, clock: FakeClock, http: aiohttp.ClientSession
) -> None:
    async with local_room(
        tmp_path / "twice.db",
        PlayOptions(computers=1, style="calling-station"),
        clock=clock,
        witness=_allowed,
        flood_limit=0,
    ) as room:
        await room.runner.change_home_options(LOCAL_MEMBER, run_it_twice=True)
        player = Reader(await open_socket(http, room, key=room.member.key))
        spectator = Reader(await open_socket(http, room))
        asked = None
        for _ in range(40):  # the member shoves until the board is to be run
            if not await until_members_turn(room, clock, hands=1):
                continue
            live = room.runner.live
            assert live is not None
            me = (await fresh(player))["me"]
            assert isinstance(me, dict)
            if me["runout_choice"]:
                asked = live
                break
            choices = me["choices"]
            move = "allin" if choices and choices["can_raise"] else "call_or_check"
            if live.hand.phase is Phase.SHOWDOWN:
                move = "show"
            await player.ask({"type": "act", "move": move, "hand_no": live.hand_no})
            await settle(room)
            now = room.runner.live
            if now is not None and LOCAL_MEMBER in [
                now.deal.players[i] for i in now.hand.runout_choosers
            ]:
                asked = now
                break
            if room.runner.table.seat_of(LOCAL_MEMBER).busted:
                await finish_the_hand(room, clock)
                assert await player.ask({"type": "top_up", "amount": 1000}) == {"type": "done"}
        assert asked is not None, "no all-in was called"
        me = (await fresh(player))["me"]
        assert isinstance(me, dict) and me["runout_choice"]
        public = spectator.table["table"]
        assert isinstance(public, dict) and room.member.name in public["runout_choosers"]
        seq = asked.seq
        # A stale answer and a move that is no answer change nothing.
        stale = await player.ask(
            {"type": "act", "move": "twice", "hand_no": asked.hand_no, "seq": seq + 5}
        )
        assert stale["type"] == "refused" and stale["text"]
        bad = await player.ask({"type": "act", "move": "thrice", "hand_no": asked.hand_no})
        assert bad == {"type": "refused", "text": t("web.malformed")}
        assert asked.seq == seq
        answer = await player.ask(
            {"type": "act", "move": "twice", "hand_no": asked.hand_no, "seq": seq}
        )
        assert answer == {"type": "done"}
        assert LOCAL_MEMBER not in [asked.deal.players[i] for i in asked.hand.runout_choosers]
        again = await player.ask({"type": "act", "move": "twice", "hand_no": asked.hand_no})
        assert again["type"] == "refused" and again["text"]
        await finish_the_hand(room, clock)
        await settle(room)
        await assert_audit_clean(room.database)
        assert_no_frame_leaked(room)  # the run-out dealt after the answer too


async def test_the_player_votes_for_a_bomb_pot_from_the_page(
    room: LocalRoom, clock: FakeClock, http: aiohttp.ClientSession
) -> None:
    player = Reader(await open_socket(http, room, key=room.member.key))
    spectator = Reader(await open_socket(http, room))
    # No bomb pots at this table yet: the vote is refused with the command's sentence.
    me = (await fresh(player))["me"]
    assert isinstance(me, dict) and not me["bomb_vote"]
    refused = await player.ask({"type": "vote_bomb"})
    assert refused == {"type": "refused", "text": t("engine.no_bomb_pots")}
    await room.runner.change_home_options(LOCAL_MEMBER, bomb_pot=20)
    for _ in range(20):  # a raise of what players can lose waits a full hand (the engine's rule)
        if room.runner.table.rules.home.bomb_pot is not None:
            break
        if await until_members_turn(room, clock, hands=1):
            await player.ask({"type": "act", "move": "fold"})
    await settle(room)
    me = (await fresh(player))["me"]
    assert isinstance(me, dict) and me["bomb_vote"]
    assert await spectator.ask({"type": "vote_bomb"}) == {
        "type": "refused",
        "text": t("web.watching_only"),
    }
    # The member is the only voter (computer players do not vote): called at once.
    answer = await player.ask({"type": "vote_bomb"})
    assert answer == {"type": "done", "text": t("home.bomb_voted")}
    assert room.runner.table.bomb_pot_voted
    me = (await fresh(player))["me"]
    assert isinstance(me, dict) and not me["bomb_vote"]
    again = await player.ask({"type": "vote_bomb"})
    assert again == {"type": "refused", "text": t("engine.bomb_already")}


async def test_the_player_chooses_their_deck_on_the_page_as_with_poker_deck(
    room: LocalRoom, http: aiohttp.ClientSession
) -> None:
    player = Reader(await open_socket(http, room, key=room.member.key))
    await fresh(player)
    assert player.frames[0]["deck"] == "two_colour"
    bad = await player.ask({"type": "deck", "deck": "rainbow"})
    assert bad == {"type": "refused", "text": t("web.malformed")}
    assert await deck_of(room.database, LOCAL_MEMBER) == "two_colour"
    answer = await player.ask({"type": "deck", "deck": "four_colour"})
    assert answer == {"type": "done", "deck": "four_colour"}
    assert await deck_of(room.database, LOCAL_MEMBER) == "four_colour"  # /poker deck's setting
    again = Reader(await open_socket(http, room, key=room.member.key))
    await fresh(again)
    assert again.frames[0]["deck"] == "four_colour"  # the next visit's hello says so
    spectator = Reader(await open_socket(http, room))
    await fresh(spectator)
    assert spectator.frames[0]["deck"] == "two_colour"
    assert (await spectator.ask({"type": "deck", "deck": "four_colour"}))["type"] == "refused"


async def test_the_time_bank_is_shown_and_runs_when_the_clock_runs_out(
    room: LocalRoom, clock: FakeClock, http: aiohttp.ClientSession
) -> None:
    player = Reader(await open_socket(http, room, key=room.member.key))
    spectator = Reader(await open_socket(http, room))
    assert await until_members_turn(room, clock)
    me = (await fresh(player))["me"]
    assert isinstance(me, dict) and me["time_bank"] == 30
    public = spectator.table["table"]
    assert public["time_banks"] and not public["time_bank_running"]
    assert spectator.table["me"] is None
    live = room.runner.live
    assert live is not None and live.deadline is not None
    # The ordinary clock runs out: the bank runs (everyone sees it), the deadline moves on.
    clock.advance(live.deadline - clock.now() + 0.5)
    await settle(room)
    await asyncio.sleep(0.05)
    assert room.runner.live is live
    assert spectator.table["table"]["time_bank_running"]
    clock.advance(10)
    answer = await player.ask(
        {"type": "act", "move": "call_or_check", "hand_no": live.hand_no, "seq": live.seq}
    )
    assert answer == {"type": "done"}
    me = (await fresh(player))["me"]
    assert isinstance(me, dict) and 0 < me["time_bank"] < 30


async def until_over_or_my_turn(room: LocalRoom, clock: FakeClock, live: object) -> None:
    """Run the clock until the hand ``live`` is over or it is the member's turn in it."""
    for _ in range(100):
        await settle(room)
        now = room.runner.live
        if now is not live or now is None:
            return
        actor = None if now.hand.is_complete else now.hand.to_act
        if actor is not None and now.deal.players[actor] == LOCAL_MEMBER:
            return
        wake = clock.next_wake
        assert wake is not None
        clock.advance(max(0.0, wake - clock.now()))


async def test_the_player_shows_one_card_after_the_hand(
    room: LocalRoom, clock: FakeClock, http: aiohttp.ClientSession
) -> None:
    player = Reader(await open_socket(http, room, key=room.member.key))
    spectator = Reader(await open_socket(http, room))
    for _ in range(30):  # raise until a hand is won without a showdown
        if not await until_members_turn(room, clock, hands=1):
            continue
        live = room.runner.live
        assert live is not None
        me = (await fresh(player))["me"]
        assert isinstance(me, dict)
        choices = me["choices"]
        move = "pot" if choices and choices["can_raise"] else "call_or_check"
        if live.hand.phase is Phase.SHOWDOWN:
            move = "show"
        await player.ask({"type": "act", "move": move, "hand_no": live.hand_no})
        await until_over_or_my_turn(room, clock, live)
        if room.runner.live is not live:
            await asyncio.sleep(0.05)
            if player.table["me"]["show_single"]:
                break
        if room.runner.table.seat_of(LOCAL_MEMBER).busted:
            await finish_the_hand(room, clock)
            await player.ask({"type": "top_up", "amount": 1000})
    else:
        pytest.fail("no hand was won without a showdown")
    me = player.table["me"]
    assert me["show_single"] == [0, 1]
    bad = await player.ask({"type": "show", "card": 7})
    assert bad["type"] == "refused"
    assert await player.ask({"type": "show", "card": 1}) == {"type": "done"}
    await settle(room)
    await asyncio.sleep(0.05)
    seat = next(s for s in spectator.table["table"]["seats"] if s["user_id"] == LOCAL_MEMBER)
    assert seat["cards"] == [me["cards"][1]]  # that card alone, and public now
    assert player.table["me"]["show_single"] == []
    assert player.table["me"]["can_show"]  # the other card may still be shown
    assert_no_frame_leaked(room)


async def test_the_player_chooses_a_seat_and_buy_in_and_tops_up_within_the_limits(
    room: LocalRoom, clock: FakeClock, http: aiohttp.ClientSession
) -> None:
    player = Reader(await open_socket(http, room, key=room.member.key))
    assert await player.ask({"type": "leave"}) == {"type": "done"}
    for _ in range(50):
        if not room.runner.table.is_seated(LOCAL_MEMBER):
            break
        if await until_members_turn(room, clock, hands=1):
            await player.ask({"type": "act", "move": "fold"})
    assert not room.runner.table.is_seated(LOCAL_MEMBER)
    public = (await fresh(player))["table"]
    assert isinstance(public, dict)
    low, high = public["min_buy_in"], public["max_buy_in"]
    free = next(n for n in range(1, 7) if n not in room.runner.table.seats)
    taken = next(iter(room.runner.table.seats))
    for wrong in (
        {"seat": free, "buy_in": high + 1},
        {"seat": free, "buy_in": low - 1},
        {"seat": taken, "buy_in": low},
        {"seat": 99, "buy_in": low},
    ):
        answer = await player.ask({"type": "join", **wrong})
        assert answer["type"] == "refused" and answer["text"], wrong
        assert not room.runner.table.is_seated(LOCAL_MEMBER)
    bad = await player.ask({"type": "join", "seat": free, "buy_in": -5})
    assert bad == {"type": "refused", "text": t("web.malformed")}
    assert await player.ask({"type": "join", "seat": free, "buy_in": low}) == {"type": "done"}
    seat = room.runner.table.seat_of(LOCAL_MEMBER)
    assert (seat.number, seat.stack) == (free, low)
    # Top up: more than the table's most is refused, nothing moves; within it, done.
    await finish_the_hand(room, clock)
    too_much = await player.ask({"type": "top_up", "amount": high})
    assert too_much["type"] == "refused" and too_much["text"]
    assert room.runner.table.seat_of(LOCAL_MEMBER).stack == low
    if room.runner.live is None or room.runner.live.index_of(LOCAL_MEMBER) is None:
        answer = await player.ask({"type": "top_up", "amount": high - low})
        if answer["type"] == "done":
            assert room.runner.table.seat_of(LOCAL_MEMBER).stack == high
    await settle(room)
    await assert_audit_clean(room.database)


def _png(colour: str) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (128, 128), colour).save(out, format="PNG")
    return out.getvalue()


async def test_avatars_are_served_by_the_room_drawn_or_fetched_and_only_for_players(
    tmp_path: Path, clock: FakeClock, http: aiohttp.ClientSession
) -> None:
    # A stand-in for Discord's CDN: the member's avatar is a red square; another address fails.
    async def red(request: web.Request) -> web.Response:
        return web.Response(body=_png("red"))

    async def broken(request: web.Request) -> web.Response:
        return web.Response(body=b"not a picture")

    cdn = web.Application()
    cdn.router.add_get("/avatars/red.png", red)
    cdn.router.add_get("/avatars/broken.png", broken)
    runner = web.AppRunner(cdn)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    addresses: dict[int, str] = {LOCAL_MEMBER: f"http://127.0.0.1:{port}/avatars/red.png"}
    try:
        async with local_room(
            tmp_path / "avatars.db",
            PlayOptions(computers=2),
            clock=clock,
            avatar_url=addresses.get,
        ) as room:
            base = room.server.url
            async with http.get(f"{base}/avatars/{LOCAL_MEMBER}.png") as response:
                assert response.status == 200 and response.content_type == "image/png"
                picture = Image.open(io.BytesIO(await response.read()))
                assert picture.size == (AVATAR_SIZE, AVATAR_SIZE)
                assert picture.convert("RGB").getpixel((32, 32)) == (255, 0, 0)
                assert "img-src 'self'" in response.headers["Content-Security-Policy"]
            computer = next(s.player for s in room.runner.table.seats.values() if s.player < 0)
            async with http.get(f"{base}/avatars/{computer}.png") as response:
                assert response.status == 200
                name = room.runner.state.name(computer)
                assert await response.read() == drawn_avatar(computer, name)
            async with http.get(f"{base}/avatars/424242.png") as response:
                assert response.status == 404  # nobody seated: no picture, no fetch
            addresses[LOCAL_MEMBER] = f"http://127.0.0.1:{port}/avatars/broken.png"
            room.server.avatars._kept.clear()
            async with http.get(f"{base}/avatars/{LOCAL_MEMBER}.png") as response:
                assert await response.read() == drawn_avatar(LOCAL_MEMBER, room.member.name)
    finally:
        await runner.cleanup()
