"""Replays of finished hands (``/hand/<id>``, ``/replay/<token>``), asked over
HTTP with aiohttp's client against the local room in this process: the steps
of a hand played at the table, who sees which card (a player, a spectator, a
shared link, an admin of the guild), bad addresses answered politely, and
every response read by the privacy checker."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.i18n import t
from bot.local_play import LOCAL_MEMBER, PlayOptions
from bot.replay_links import replay_key, share_token
from bot.tables.hand_log import replay_logged_hand
from bot.tables.show_or_muck import cards_shown_after
from bot.web_surface import WebRoomSetup
from tests.bot.fake_clock import FakeClock
from tests.web.frame_privacy import allowed_in_replay, cards_in, leaked
from tests.web.harness import LocalRoom, local_room
from tests.web.pictures import play_hands
from web.server import WebRoomServer


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def room(tmp_path: Path, clock: FakeClock) -> AsyncIterator[LocalRoom]:
    async with local_room(
        tmp_path / "play.db", PlayOptions(computers=2), clock=clock, flood_limit=0
    ) as room:
        yield room


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
        yield session


async def finished_hands(room: LocalRoom) -> list[int]:
    rows = await room.database.fetch_all(
        "SELECT id FROM hands WHERE status = 'finished' ORDER BY id"
    )
    return [int(row["id"]) for row in rows]


async def get_json(
    http: aiohttp.ClientSession, url: str, *, key: str | None = None
) -> tuple[int, Any]:
    cookies = {"croupier_key": key} if key else None
    async with http.get(url, headers={"Accept-Language": "en"}, cookies=cookies) as response:
        if response.content_type == "application/json":
            return response.status, await response.json()
        return response.status, await response.text()


async def allowed(
    room: LocalRoom, hand_id: int, user_id: int | None, *, house: bool = False
) -> frozenset[str]:
    deal, hand = await replay_logged_hand(room.database, hand_id)
    after = {str(card) for card in await cards_shown_after(room.database, hand_id)}
    return allowed_in_replay(hand, deal.players, after, user_id, house=house)


def seat_cards(answer: dict[str, Any], index: int) -> set[str]:
    return {card for step in answer["steps"] for card in step["seats"][index]["cards"] if card}


async def test_a_player_steps_through_their_hand_with_their_own_cards(
    room: LocalRoom, clock: FakeClock, http: aiohttp.ClientSession
) -> None:
    await play_hands(room, clock, 2)
    hand_id = (await finished_hands(room))[0]
    status, answer = await get_json(
        http, f"{room.server.url}/hand/{hand_id}/steps", key=room.member.key
    )
    assert status == 200, answer
    deal, hand = await replay_logged_hand(room.database, hand_id)
    me = deal.players.index(LOCAL_MEMBER)
    assert answer["viewer"] == "player" and answer["me"] == me
    # One step for the deal and one for each action (and run-out street), the last the result.
    assert len(answer["steps"]) >= len(hand.actions) + 1
    first, last = answer["steps"][0], answer["steps"][-1]
    assert first["seats"][me]["cards"] == [str(card) for card in hand.hole_cards[me]]
    assert not first["over"] and last["over"]
    assert answer["result"]["title"] == t("result.title", "en", hand_no=answer["hand_no"])
    assert answer["result"]["lines"]
    # Each action is told, in the catalogue's words, the blinds first.
    told = [text for step in answer["steps"] for text in step["told"]]
    assert any(
        t("replay.posts", "en", name=answer["players"][0]["name"], amount=5) == text
        or "posts" in text
        for text in told
    )
    assert len(told) >= len(hand.actions)
    # The pot grows and the board never shrinks.
    totals = [step["pot_total"] for step in answer["steps"][:-1]]
    assert totals == sorted(totals) and totals[-1] > 0
    boards = [len(step["boards"][0]) for step in answer["steps"]]
    assert boards == sorted(boards) and boards[-1] == len(hand.board)
    # Streets to jump to, each starting at its first step.
    streets = answer["streets"]
    assert streets[0] == {"street": "preflop", "name": "preflop", "step": 0}
    assert [s["step"] for s in streets] == sorted(s["step"] for s in streets)
    # The player may share it: a signed link, not the bare number.
    key = await replay_key(room.database)
    assert answer["share"] == f"/replay/{share_token(key, hand_id)}"
    assert leaked(answer, await allowed(room, hand_id, LOCAL_MEMBER)) == set()


async def test_a_spectator_and_a_guessed_number_see_nothing(
    room: LocalRoom, clock: FakeClock, http: aiohttp.ClientSession
) -> None:
    await play_hands(room, clock, 1)
    hand_id = (await finished_hands(room))[0]
    for url in (
        f"/hand/{hand_id}/steps",  # a spectator: not their hand
        "/hand/999999/steps",  # no such hand
        f"/replay/{hand_id}-{'0' * 32}/steps",  # a forged signature
        f"/replay/{hand_id}/steps",  # the bare number
        "/replay/zz/steps",
    ):
        status, text = await get_json(http, room.server.url + url)
        assert status == 404, url
        assert isinstance(text, str) and cards_in({"text": text}) == set()
        if url.startswith("/hand/") or "-" in url:
            assert text == t("replay.not_found", "en"), url
    # The page of a number that is not the viewer's still says nothing but that.
    status, _ = await get_json(http, f"{room.server.url}/hand/999999/steps", key=room.member.key)
    assert status == 404


async def test_a_shared_link_shows_public_cards_only_to_anyone(
    room: LocalRoom, clock: FakeClock, http: aiohttp.ClientSession
) -> None:
    await play_hands(room, clock, 3)
    for hand_id in await finished_hands(room):
        token = share_token(await replay_key(room.database), hand_id)
        deal, hand = await replay_logged_hand(room.database, hand_id)
        public = await allowed(room, hand_id, None)
        for key in (None, room.member.key):  # a stranger, and the player themself
            status, answer = await get_json(
                http, f"{room.server.url}/replay/{token}/steps", key=key
            )
            assert status == 200 and answer["viewer"] == "public" and answer["me"] is None
            # Nobody's Discord id goes out with a hand, only the names the table showed.
            assert '"user_id"' not in json.dumps(answer)
            assert answer["share"] is None
            assert leaked(answer, public) == set(), hand_id
            for index in range(len(deal.players)):
                hidden = {str(c) for c in hand.hole_cards[index]} - public
                assert not hidden & seat_cards(answer, index)


async def test_an_admin_of_the_guild_sees_the_house_s_record(
    room: LocalRoom, clock: FakeClock, http: aiohttp.ClientSession
) -> None:
    await play_hands(room, clock, 3)
    asked: list[tuple[int, int]] = []

    async def is_admin(guild_id: int, user_id: int) -> bool:
        asked.append((guild_id, user_id))
        return True

    server = WebRoomServer(
        WebRoomSetup(room.registry, port=0, local_member=room.member, is_guild_admin=is_admin)
    )
    await server.start()
    try:
        folded_somewhere = False
        for hand_id in await finished_hands(room):
            deal, hand = await replay_logged_hand(room.database, hand_id)
            status, answer = await get_json(
                http, f"{server.url}/hand/{hand_id}/steps", key=room.member.key
            )
            assert status == 200 and answer["viewer"] == "house"
            for index in range(len(deal.players)):
                assert seat_cards(answer, index) >= {str(c) for c in hand.hole_cards[index]}
            public = await allowed(room, hand_id, None)
            every = {str(c) for cards in hand.hole_cards for c in cards}
            folded_somewhere |= bool(every - public)
            # The same hand on the public link still hides what the house sees.
            token = share_token(await replay_key(room.database), hand_id)
            _, shared = await get_json(http, f"{server.url}/replay/{token}/steps")
            assert leaked(shared, public) == set()
            # The checker catches the house's record shown to the public.
            assert leaked(answer, public) == every - public
        assert folded_somewhere, "no hand hid a card: the test proves nothing"
        assert asked and all(user_id == LOCAL_MEMBER for _, user_id in asked)
    finally:
        await server.stop()


async def test_the_replay_page_carries_careful_headers_and_the_last_hands_link_to_it(
    room: LocalRoom, clock: FakeClock, http: aiohttp.ClientSession
) -> None:
    await play_hands(room, clock, 2)
    hand_id = (await finished_hands(room))[0]
    async with http.get(f"{room.server.url}/hand/{hand_id}") as response:
        assert response.status == 200
        assert "default-src 'none'" in response.headers["Content-Security-Policy"]
        assert response.headers["X-Frame-Options"] == "DENY"
        page = await response.text()
        assert "/static/replay.js" in page
    for name in ("replay.js", "replay.css"):
        async with http.get(f"{room.server.url}/static/{name}") as response:
            assert response.status == 200
    # The member's last hands, each linked to its replay; a spectator has none.
    async with http.get(
        f"{room.server.url}/hands", cookies={"croupier_key": room.member.key}
    ) as response:
        listed = await response.text()
    for found in await finished_hands(room):
        assert f'href="/hand/{found}"' in listed
    async with http.get(f"{room.server.url}/hands") as response:
        assert t("replay.no_hands", "en") in await response.text()


async def test_the_replay_speaks_german_to_a_german_browser(
    room: LocalRoom, clock: FakeClock, http: aiohttp.ClientSession
) -> None:
    await play_hands(room, clock, 1)
    hand_id = (await finished_hands(room))[0]
    token = share_token(await replay_key(room.database), hand_id)
    async with http.get(
        f"{room.server.url}/replay/{token}/steps", headers={"Accept-Language": "de"}
    ) as response:
        answer = await response.json()
    assert answer["result"]["title"] == t("result.title", "de", hand_no=answer["hand_no"])
    assert answer["words"]["forward"] == t("replay.forward", "de")
    assert answer["steps"][0]["street_name"] == t("replay.street.preflop", "de")


async def test_local_play_s_table_page_links_to_the_last_hands(
    room: LocalRoom, http: aiohttp.ClientSession
) -> None:
    async with http.get(room.player_url) as response:  # the key becomes the cookie
        page = await response.text()
    assert 'href="/hands"' in page and t("replay.last_hands", "en") in page
    async with aiohttp.ClientSession() as stranger, stranger.get(room.spectator_url) as response:
        assert 'href="/hands"' not in await response.text()


@pytest.mark.parametrize("game", ["F7S", "F2L3D", "NCP", "NDBA"])
async def test_every_game_s_replay_shows_each_viewer_only_their_cards(
    tmp_path: Path, clock: FakeClock, http: aiohttp.ClientSession, game: str
) -> None:
    """Stud's up and down cards, a triple draw's changing hands, Crazy Pineapple's
    discards, two boards: each viewer's replay holds only what they may see."""
    options = PlayOptions(game=game, computers=2)
    async with local_room(tmp_path / "play.db", options, clock=clock, flood_limit=0) as room:
        await play_hands(room, clock, 4)
        key = await replay_key(room.database)
        for hand_id in await finished_hands(room):
            deal, hand = await replay_logged_hand(room.database, hand_id)
            shared = f"{room.server.url}/replay/{share_token(key, hand_id)}/steps"
            status, public = await get_json(http, shared)
            assert status == 200
            assert leaked(public, await allowed(room, hand_id, None)) == set(), hand_id
            assert len(public["steps"]) >= len(hand.actions) + 1
            if len(hand.boards) > 1:
                assert len(public["steps"][-1]["boards"]) == len(hand.boards)
            if LOCAL_MEMBER in deal.players:
                own = f"{room.server.url}/hand/{hand_id}/steps"
                status, mine = await get_json(http, own, key=room.member.key)
                assert status == 200 and mine["viewer"] == "player"
                assert leaked(mine, await allowed(room, hand_id, LOCAL_MEMBER)) == set()
                index = deal.players.index(LOCAL_MEMBER)
                assert mine["steps"][-1]["seats"][index]["cards"] == [
                    str(card) for card in hand.hole_cards[index]
                ]


async def test_a_replay_asked_again_is_not_dealt_again(
    room: LocalRoom, clock: FakeClock, http: aiohttp.ClientSession
) -> None:
    await play_hands(room, clock, 1)
    hand_id = (await finished_hands(room))[0]
    token = share_token(await replay_key(room.database), hand_id)
    url = f"{room.server.url}/replay/{token}/steps"
    _, first = await get_json(http, url)
    pages = room.server.replays
    kept = len(pages._answers)
    _, again = await get_json(http, url)
    assert again == first and len(pages._answers) == kept == 1
    # The player's own view is another answer, kept apart from the public one.
    _, own = await get_json(http, f"{room.server.url}/hand/{hand_id}/steps", key=room.member.key)
    assert own["viewer"] == "player" and len(pages._answers) == 2
    _, again = await get_json(http, url)
    assert again == first and again["share"] is None
