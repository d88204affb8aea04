"""The room serialises a change's public part once per language and sends each
viewer that text with its own part around it: what a browser receives must be,
character for character, the JSON of the frame built for that viewer (the
frame the privacy checker reads), for a player, an English and a German
spectator, through whole hands."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import aiohttp

from bot.local_play import LOCAL_MEMBER, PlayOptions
from tests.bot.fake_clock import FakeClock
from tests.web.harness import local_room
from tests.web.test_room import Reader, member_acts, settle, until_members_turn
from web.frames import frame_text, numbered, table_frame


class RawReader(Reader):
    """A :class:`Reader` that also keeps every table frame's text exactly as the
    socket delivered it, by the frame's number."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.texts: dict[int, str] = {}
        super().__init__(socket)

    async def _read(self) -> None:
        async for message in self.socket:
            if message.type is aiohttp.WSMsgType.TEXT:
                frame = json.loads(message.data)
                self.frames.append(frame)
                if frame["type"] == "table":
                    self.texts[frame["n"]] = message.data
                if frame["type"] in ("done", "refused"):
                    await self.answers.put(frame)


async def test_every_viewer_receives_the_json_of_its_own_frame(tmp_path: Path) -> None:
    clock = FakeClock()
    async with (
        local_room(
            tmp_path / "play.db", PlayOptions(computers=2), clock=clock, flood_limit=0
        ) as room,
        aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http,
    ):
        url = f"{room.spectator_url}/ws".replace("http://", "ws://")

        async def connect(language: str, key: str | None = None) -> aiohttp.ClientWebSocketResponse:
            headers = {"Accept-Language": language, "Origin": room.server.url}
            return await http.ws_connect(url + (f"?key={key}" if key else ""), headers=headers)

        player = RawReader(await connect("en", room.member.key))
        raw = {
            LOCAL_MEMBER: player,
            "en": RawReader(await connect("en")),
            "de": RawReader(await connect("de")),
        }
        for _ in range(2):  # two hands, the member calling down: deals, turns, a result
            while await until_members_turn(room, clock, hands=1):
                await member_acts(player, room)
        await settle(room)
        await asyncio.sleep(0.2)

        compared = {key: 0 for key in raw}
        for connection, frame, _ in room.frames:
            viewer = connection.viewer
            key: Any = viewer.user_id if viewer.user_id is not None else viewer.locale
            text = raw[key].texts.get(frame["n"])
            if text is None:
                continue  # a newer frame replaced it before it was sent
            assert text == json.dumps(frame)
            compared[key] += 1
        assert all(count >= 5 for count in compared.values()), compared


def test_the_frame_text_is_the_json_of_the_whole_frame() -> None:
    public = {"table_id": 3, "status": "Pik Ass – Bube", "seats": [{"cards": [None, "As"]}]}
    seat = {"user_id": 7, "cards": ["Kd", "Kc"], "choices": None}
    for own in (seat, None):
        frame = table_frame(public, own)
        frame["n"] = 12
        assert numbered(frame_text(json.dumps(public), own), 12) == json.dumps(frame)
