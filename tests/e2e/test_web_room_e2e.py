"""The web room beside a Discord table, end to end: the product bot against the
fake Discord with ``CROUPIER_WEB_PORT`` set, members playing by buttons, and a
spectator's page (a websocket from the room's own origin) following the table.
Every frame the spectator was built is checked for hole cards, and once the
table is still the page shows the same seats and stacks as the Discord table
message."""

from __future__ import annotations

import asyncio
import json
import socket
from pathlib import Path
from typing import Any

import aiohttp

from bot.tables.state import TableState
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_players import CALLING_STATION, TablePlayers, open_table
from tests.e2e.table_view import is_table_message, seats_of
from tests.web.frame_privacy import allowed_cards, leaked
from web.room import Connection
from web.server import WebRoomServer


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def test_a_spectator_page_follows_a_discord_table_and_sees_no_hole_card(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    port = free_port()
    built: list[tuple[dict[str, Any], frozenset[str]]] = []

    def witness(connection: Connection, frame: dict[str, Any], state: TableState) -> None:
        built.append((frame, allowed_cards(state, connection.viewer.user_id)))

    async with running_croupier(
        fake, tmp_path / "croupier.db", deck_seed=4, web_port=port
    ) as croupier:
        room = croupier.bot.web_room
        assert isinstance(room, WebRoomServer)
        room.witnesses.append(witness)
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        view = await open_table(fake, [ann, ben])
        (runner,) = croupier.bot.tables.runners
        received: list[dict[str, Any]] = []
        async with aiohttp.ClientSession() as http:
            page = await http.ws_connect(
                f"ws://127.0.0.1:{port}/table/{runner.table_id}/ws",
                headers={"Origin": room.url},
            )

            async def read() -> None:
                async for message in page:
                    received.append(json.loads(message.data))

            reading = asyncio.create_task(read())
            await TablePlayers(fake, [ann, ben], style=CALLING_STATION, view=view).play_hands(2)
            await croupier.settled()
            await asyncio.sleep(0.2)
            # Discord and the page show the same table at the same moment.
            message = [m for m in fake.messages() if is_table_message(m)][-1]
            on_discord = {name: line.stack for name, line in seats_of(message).items()}
            latest = [f for f in received if f["type"] == "table"][-1]["table"]
            on_the_page = {seat["name"]: seat["stack"] for seat in latest["seats"]}
            assert on_the_page == on_discord and set(on_discord) == {"Ann", "Ben"}
            assert sorted(on_discord.values()) != [1000, 1000]  # chips moved: a real comparison
            # A spectator may not act.
            await page.send_str(json.dumps({"type": "sit_out"}))
            await asyncio.sleep(0.2)
            assert received[-1]["type"] == "refused"
            await page.close()
            reading.cancel()
    spectated = [(frame, allowed) for frame, allowed in built if frame["me"] is None]
    assert len(spectated) > 4
    assert any(seat["backs"] for frame, _ in spectated for seat in frame["table"]["seats"])
    for frame, allowed in spectated:
        assert not leaked(frame, allowed), frame
