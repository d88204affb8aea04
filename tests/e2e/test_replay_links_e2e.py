"""Links to hands' replays from Discord, end to end: the product bot against
the fake Discord with the web room's public address set
(``CROUPIER_PUBLIC_URL``, ``Settings.public_url``). A hand's
result on the table message ends with its shared link (public cards only),
which the room answers with the public view; ``/history`` links each of the
member's hands to their own replay page; ``/poker verify`` links the hand.
Without the address, nothing links anywhere."""

from __future__ import annotations

import re
import socket
from pathlib import Path

import aiohttp

from bot.tables.hand_log import replay_logged_hand
from bot.tables.show_or_muck import cards_shown_after
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_players import CALLING_STATION, TablePlayers, open_table
from tests.web.frame_privacy import allowed_in_replay, leaked

ADDRESS = "https://poker.example.org"
SHARED = re.compile(re.escape(ADDRESS) + r"/replay/(?P<token>(?P<hand>\d+)-[0-9a-f]{32})")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def test_the_result_history_and_verify_link_to_the_replay(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    port = free_port()
    async with running_croupier(
        fake, tmp_path / "croupier.db", deck_seed=4, web_port=port, public_url=ADDRESS
    ) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        view = await open_table(fake, [ann, ben])
        await TablePlayers(fake, [ann, ben], style=CALLING_STATION, view=view).play_hands(2)
        await croupier.settled()

        # The table message's result ends with the hand's shared link.
        texts = "\n".join(message.text() for message in fake.messages())
        links = {match["token"]: int(match["hand"]) for match in SHARED.finditer(texts)}
        assert links, "no result linked to its replay"
        async with aiohttp.ClientSession() as http:
            for token, hand_id in links.items():
                url = f"http://127.0.0.1:{port}/replay/{token}/steps"
                async with http.get(url) as response:
                    assert response.status == 200
                    answer = await response.json()
                assert answer["viewer"] == "public" and answer["hand_id"] == hand_id
                deal, hand = await replay_logged_hand(croupier.database, hand_id)
                after = {str(c) for c in await cards_shown_after(croupier.database, hand_id)}
                public = allowed_in_replay(hand, deal.players, after, None, house=False)
                assert leaked(answer, public) == set()
            # The bare number is no link.
            async with http.get(f"http://127.0.0.1:{port}/replay/{hand_id}/steps") as response:
                assert response.status == 404

        # /history: each of Ann's hands, linked to her own replay page.
        history = await (await ann.slash("history")).settled()
        hand_ids = [
            int(row["id"])
            for row in await croupier.database.fetch_all(
                "SELECT id FROM hands WHERE status = 'finished' ORDER BY id"
            )
        ]
        assert hand_ids
        for hand_id in hand_ids:
            assert f"{ADDRESS}/hand/{hand_id})" in history.text, history.text

        # /poker verify: the hand's replay (Ann played it: her own page).
        verified = await (await ann.slash("poker", "verify", hand=1)).settled()
        assert f"{ADDRESS}/hand/{hand_ids[0]}" in verified.text, verified.text
        # Someone who did not play it is given the shared link (public cards only).
        eve = fake.add_member("Eve")
        seen = await (await eve.slash("poker", "verify", hand=1)).settled()
        found = SHARED.search(seen.text)
        assert found is not None and int(found["hand"]) == hand_ids[0], seen.text
        assert f"/hand/{hand_ids[0]}" not in seen.text


async def test_without_an_address_nothing_links_to_a_replay(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=4) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        view = await open_table(fake, [ann, ben])
        await TablePlayers(fake, [ann, ben], style=CALLING_STATION, view=view).play_hands(1)
        await croupier.settled()
        history = await (await ann.slash("history")).settled()
        verified = await (await ann.slash("poker", "verify", hand=1)).settled()
        texts = [message.text() for message in fake.messages()] + [history.text, verified.text]
        assert not any("/replay/" in text or "/hand/" in text for text in texts)
