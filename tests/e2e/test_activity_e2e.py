"""The table as a Discord Activity, end to end: the product bot against the fake
Discord (Activities enabled, so Discord made the app's entry point command),
with ``CROUPIER_ACTIVITY`` on, the web room and the client secret; headless
Chromium as the member's Discord client (tests/web/discord_frame.py: Discord's
page framing the Activity through its ``discordsays.com`` proxy and speaking the
Embedded App SDK's messages).

A member clicks "Open the table in Discord" on the table message, the bot
answers with LAUNCH_ACTIVITY, the fake records the launch; the page loads in
the frame, signs in (authorize, the backend's code exchange and instance
check, authenticate), sits down and plays a hand against a member playing by
Discord's buttons, and the table message shows the hand the page showed. A
member of another channel's instance, a member not in the instance and a
forged instance id are refused and never reach the table.
"""

from __future__ import annotations

import asyncio
import os
import socket
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import aiohttp
import pytest

from bot.cooldowns import MemberCooldown
from bot.i18n import t
from bot.tables.state import TableState
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_view import TableView, is_table_message, seats_of
from tests.web.discord_frame import DiscordFrame
from tests.web.frame_privacy import allowed_cards, leaked
from tests.web.harness import CHROMIUM_ARGS, chromium_path
from web.room import Connection
from web.server import WebRoomServer
from web.session_sockets import SIGNED_OUT

playwright_api = pytest.importorskip(
    "playwright.async_api", reason="Playwright is not installed: the browser tests skip"
)
if chromium_path() is None:
    pytest.skip(
        "No chromium here (apt-get install chromium): the browser tests skip",
        allow_module_level=True,
    )

TIMEOUT_MS = 20_000
BUTTON = "Open the table in Discord"
#: Where the pictures of the Activity go when CROUPIER_PICTURES is set.
PICTURES = Path(__file__).resolve().parents[2] / "docs" / "pictures"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture
async def browser() -> AsyncIterator[Any]:
    async with playwright_api.async_playwright() as playwright:
        launched = await playwright.chromium.launch(
            executable_path=chromium_path(), args=CHROMIUM_ARGS
        )
        try:
            yield launched
        finally:
            await launched.close()


def activity_settings(fake: FakeDiscord, port: int) -> dict[str, Any]:
    """The Activity beside the web room's own sign-in, as an operator sets both up."""
    return {
        "web_port": port,
        "activity": True,
        "client_secret": fake.oauth.client_secret,
        "public_url": f"http://127.0.0.1:{port}",
    }


async def test_a_member_opens_the_table_in_discord_signs_in_sits_and_plays_a_hand(
    fake_discord: FakeDiscord, tmp_path: Path, browser: Any
) -> None:
    fake = fake_discord
    fake.activities.enable()  # the portal's "Enable Activities": Discord adds the entry point
    port = free_port()
    async with running_croupier(
        fake, tmp_path / "croupier.db", deck_seed=4, **activity_settings(fake, port)
    ) as croupier:
        # Publishing the global commands kept Discord's entry point command.
        assert fake.activities.entry_point() is not None
        assert "poker" in [c["name"] for c in fake.state.commands.listed(None)]
        room = croupier.bot.web_room
        assert isinstance(room, WebRoomServer)
        built: list[tuple[dict[str, Any], frozenset[str]]] = []

        def witness(connection: Connection, frame: dict[str, Any], state: TableState) -> None:
            built.append((frame, allowed_cards(state, connection.viewer.user_id)))

        room.witnesses.append(witness)
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        created = await ben.slash("poker", "create")
        await created.settled()
        joined = await ben.slash("poker", "join", buy_in=1000)
        await joined.settled()
        (runner,) = croupier.bot.tables.runners

        # Ann clicks the button on the table message: Discord launches the Activity.
        launched = await ann.click(BUTTON)
        assert launched.type == 12
        (launch,) = fake.activities.launches
        assert (launch.user_id, launch.channel_id, launch.how) == (
            ann.id,
            fake.channel.id,
            "callback",
        )

        context = await browser.new_context(viewport={"width": 1280, "height": 800})
        frame = DiscordFrame(fake, port, ann, launch.instance_id, fake.channel.id, fake.guild_id)
        await frame.install(context)
        page = await context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        activity = await frame.open(page)

        # Signed in, she sits down from the page (the empty seat's button, the buy-in form).
        await activity.locator(".seat.empty button.sit").first.click(timeout=TIMEOUT_MS)
        await activity.locator(".amount-form button[type=submit]").click(timeout=TIMEOUT_MS)
        await fake.wait_for(lambda: runner.table.is_seated(ann.id), 10)
        assert await page.evaluate("window.sdkMessages.map(m => m[1])") == [
            frame_id_of(await page.evaluate("document.getElementById('activity').src")),
            "AUTHORIZE",
            "AUTHENTICATE",
        ]

        # One hand: Ann from the page, Ben by Discord's buttons.
        view = TableView(fake)
        start = runner.table.hands_played
        # Her cards are at her seat alone (Discord's ids are beyond JavaScript's exact
        # integers: two members' ids once rounded to one and her cards showed at Ben's).
        await activity.locator(".seat.mine img.card[data-card]").first.wait_for(timeout=TIMEOUT_MS)
        assert await activity.locator(".seat.mine").count() == 1
        assert await activity.locator(".seat:not(.mine) img.card[data-card]").count() == 0
        for _ in range(40):
            if runner.table.hands_played > start:
                break
            turn = await view.next_turn(timeout=10)
            if turn is None:
                continue
            if turn.actor == "Ann":
                await activity.locator("#actions button[data-key='c']").click(timeout=TIMEOUT_MS)
            else:
                await ben.click(turn.buttons["call"])
            await fake.wait_for(
                lambda t=turn: runner.table.hands_played > start or view.turn() != t, 10
            )
        assert runner.table.hands_played > start
        await croupier.settled()
        await asyncio.sleep(0.3)

        # The channel's table message and the Activity show the same hand.
        message = [m for m in fake.messages() if is_table_message(m)][-1]
        on_discord = {name: line.stack for name, line in seats_of(message).items()}
        names = await activity.locator(".seat:not(.empty) .name").all_text_contents()
        stacks = await activity.locator(".seat:not(.empty) .stack").all_text_contents()
        on_the_page = {
            name.strip(): int("".join(ch for ch in stack if ch.isdigit()))
            for name, stack in zip(names, stacks, strict=True)
        }
        assert on_the_page == on_discord and set(on_discord) == {"Ann", "Ben"}
        assert sorted(on_discord.values()) != [1000, 1000]
        assert frame.sockets and all(path.endswith("/activity/ws") for path in frame.sockets)
        assert not errors, errors
        # Every frame built for her page held only the cards she could see then.
        assert len(built) > 4
        for built_frame, allowed in built:
            assert not leaked(built_frame, allowed), built_frame

        if os.environ.get("CROUPIER_PICTURES"):
            await page.screenshot(path=str(PICTURES / "activity-desktop.png"))
            await page.set_viewport_size({"width": 390, "height": 844})
            await page.wait_for_timeout(400)
            await page.screenshot(path=str(PICTURES / "activity-phone.png"))
        await context.close()


async def test_a_member_signs_out_of_the_activity_and_her_session_opens_nothing_again(
    fake_discord: FakeDiscord, tmp_path: Path, browser: Any
) -> None:
    """The Activity's "Sign out", as the browser's: the session ends at the
    backend (its row deleted), her socket is closed and not opened again, the
    page says so in her language, and the session opens nothing later."""
    fake = fake_discord
    fake.activities.enable()
    port = free_port()
    async with running_croupier(
        fake, tmp_path / "croupier.db", **activity_settings(fake, port)
    ) as croupier:
        ann = fake.add_member("Ann", locale="de")
        created = await ann.slash("poker", "create")
        await created.settled()
        instance = fake.activities.run_entry_point(ann)
        room = croupier.bot.web_room
        assert isinstance(room, WebRoomServer) and room.activity is not None

        def anns_sockets() -> int:
            return sum(
                connection.viewer.user_id == ann.id
                for table in room.rooms.values()
                for connection in table.connections
            )

        async def until_she_has(count: int) -> None:  # the room's sockets, not the fake's
            for _ in range(200):
                if anns_sockets() == count:
                    return
                await asyncio.sleep(0.05)
            assert anns_sockets() == count

        context = await browser.new_context(locale="de-DE")
        frame = DiscordFrame(fake, port, ann, instance.instance_id, fake.channel.id, fake.guild_id)
        await frame.install(context)
        page = await context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        activity = await frame.open(page)
        await activity.locator("html[data-signed-in='yes']").wait_for(
            state="attached", timeout=TIMEOUT_MS
        )
        await until_she_has(1)
        address = await activity.locator("html").get_attribute("data-socket")
        session = unquote((address or "").removeprefix("ws?session="))
        assert await room.activity.sessions.get(session, "activity") is not None

        button = activity.locator("#sign-out")
        assert (await button.text_content()) == t("activity.sign_out", "de")
        await button.click(timeout=TIMEOUT_MS)
        await activity.locator("html[data-signed-in='out']").wait_for(
            state="attached", timeout=TIMEOUT_MS
        )
        banner = activity.locator("#banner")
        for _ in range(100):
            if (await banner.text_content() or "").strip() == t("activity.signed_out", "de"):
                break
            await asyncio.sleep(0.05)
        assert (await banner.text_content() or "").strip() == t("activity.signed_out", "de")
        assert await activity.locator("#account").is_hidden()
        # Ended at the backend, her socket closed, and the page does not come back.
        assert await room.activity.sessions.get(session, "activity") is None
        await until_she_has(0)
        opened = len(frame.sockets)
        await page.wait_for_timeout(1500)  # the table's script reconnects after 1 s
        assert len(frame.sockets) == opened == 1
        assert anns_sockets() == 0
        assert not errors, errors

        # Later, her session opens nothing; a sign-out from another site is refused.
        origin = f"https://{fake.application_id}.discordsays.com"
        async with aiohttp.ClientSession() as http:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(
                    f"ws://127.0.0.1:{port}/activity/ws?session={session}",
                    headers={"Origin": origin},
                )
            assert refused.value.status == 403
            logout = f"http://127.0.0.1:{port}/activity/logout"
            async with http.post(
                logout, json={"session": session}, headers={"Origin": "https://evil.example"}
            ) as answer:
                assert answer.status == 403
                assert (await answer.json())["text"] == t("signin.foreign_origin", "en")
            async with http.post(logout, data="{", headers={"Origin": origin}) as answer:
                assert answer.status == 400
            # The Activity's refusals are in the reader's words too.
            async with http.get(
                f"http://127.0.0.1:{port}/activity/ws?session={session}",
                headers={"Origin": "https://evil.example", "Accept-Language": "de"},
            ) as answer:
                assert answer.status == 403
                assert (await answer.json())["text"] == t("activity.foreign_socket", "de")

            # Signed in again, then signed out at another process (its row deleted
            # there): her idle socket here is closed at its next check.
            room.activity.sockets.check_seconds = 0.1
            body = {"code": fake.activities.authorize(ann), "instance_id": instance.instance_id}
            token = f"http://127.0.0.1:{port}/activity/token"
            async with http.post(token, json=body, headers={"Origin": origin}) as answer:
                assert answer.status == 200
                again = (await answer.json())["session"]
            idle = await http.ws_connect(
                f"ws://127.0.0.1:{port}/activity/ws?session={again}", headers={"Origin": origin}
            )
            assert (await idle.receive_json(timeout=5))["type"] == "hello"
            assert await room.activity.sessions.close(again)
            async with asyncio.timeout(5):
                async for _ in idle:
                    pass
            assert idle.close_code == SIGNED_OUT
        await context.close()


def frame_id_of(src: str) -> str:
    return parse_qs(urlsplit(src).query)["frame_id"][0]


async def test_only_the_members_of_this_channels_instance_reach_its_table(
    fake_discord: FakeDiscord, tmp_path: Path, browser: Any
) -> None:
    fake = fake_discord
    fake.activities.enable()
    port = free_port()
    async with running_croupier(
        fake, tmp_path / "croupier.db", **activity_settings(fake, port)
    ) as croupier:
        ann, cleo = fake.add_member("Ann"), fake.add_member("Cleo")
        created = await ann.slash("poker", "create")
        await created.settled()
        (runner,) = croupier.bot.tables.runners
        here = fake.activities.run_entry_point(ann)  # the app launcher works too
        other = fake.add_channel("lounge")
        there = fake.activities.run_entry_point(cleo, other.id)
        sockets: list[str] = []  # the websocket address each page signed in was given

        async def sign_in(
            member: Any, instance_id: str, channel_id: int, platform: str = "desktop"
        ) -> tuple[str, Any]:
            size = {"width": 390, "height": 844} if platform == "mobile" else None
            context = await browser.new_context(viewport=size or {"width": 800, "height": 600})
            frame = DiscordFrame(fake, port, member, instance_id, channel_id, fake.guild_id)
            frame.platform = platform
            await frame.install(context)
            page = await context.new_page()
            activity = await frame.open(page)
            await (
                page.frame_locator("#activity")
                .locator("html[data-signed-in]")
                .wait_for(state="attached", timeout=TIMEOUT_MS)
            )
            signed = await activity.locator("html").get_attribute("data-signed-in")
            text = await activity.locator("#banner").text_content()
            socket = await activity.locator("html").get_attribute("data-socket")
            if socket:
                sockets.append(socket)
            await context.close()
            return str(signed), (text or "").strip()

        # Cleo, in the lounge's instance: there is no table in her channel.
        assert await sign_in(cleo, there.instance_id, other.id) == (
            "no",
            t("activity.no_table", "en"),
        )
        # Cleo naming the #poker instance she is not in, and a forged instance id.
        refused = t("activity.not_in_instance", "en")
        assert await sign_in(cleo, here.instance_id, fake.channel.id) == ("no", refused)
        assert await sign_in(cleo, "i-1234-gc-forged", fake.channel.id) == ("no", refused)
        assert not runner.table.is_seated(cleo.id)
        # Ann, in the #poker instance, is let in (from her phone).
        assert (await sign_in(ann, here.instance_id, fake.channel.id, "mobile"))[0] == "yes"
        room = croupier.bot.web_room
        assert isinstance(room, WebRoomServer) and room.activity is not None
        (address,) = sockets  # only Ann was given a session
        session = unquote(address.removeprefix("ws?session="))
        found = await room.activity.sessions.get(session, "activity")
        assert found is not None and found.user.id == ann.id
        assert await room.activity.sessions.count() == 1

        # The websocket takes no session it did not hand out, from any origin.
        origin = f"https://{fake.application_id}.discordsays.com"
        async with aiohttp.ClientSession() as http:
            url = f"ws://127.0.0.1:{port}/activity/ws?session={session}"
            socket = await http.ws_connect(url, headers={"Origin": origin})
            hello = await socket.receive_json(timeout=5)
            assert (
                hello["viewer"]["user_id"] == str(ann.id) and hello["table_id"] == runner.table_id
            )
            await socket.close()
            # From another origin (a page that stole the session), refused.
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await http.ws_connect(url, headers={"Origin": "https://evil.example"})
            # Each connection spends one of her clicks: a flood is told to slow down.
            room.activity.cooldown = MemberCooldown(2)
            for _ in range(2):
                await (await http.ws_connect(url, headers={"Origin": origin})).close()
            with pytest.raises(aiohttp.WSServerHandshakeError) as flooded:
                await http.ws_connect(url, headers={"Origin": origin})
            assert flooded.value.status == 429
            room.activity.cooldown = MemberCooldown(0)
            # Bound to the instance: once she has left it (Cleo has joined it meanwhile,
            # so it still runs), her session opens nothing.
            assert fake.activities.run_entry_point(cleo).instance_id == here.instance_id
            fake.activities.leave(ann.id, here.instance_id)
            with pytest.raises(aiohttp.WSServerHandshakeError) as gone:
                await http.ws_connect(url, headers={"Origin": origin})
            assert gone.value.status == 403
            # The code exchange answers the Activity's own page only, and not in a flood.
            token = f"http://127.0.0.1:{port}/activity/token"
            body = {"code": "made-up", "instance_id": here.instance_id}
            async with http.post(token, json=body, headers={"Origin": "https://evil.example"}) as r:
                assert r.status == 403
            async with http.post(token, json=body, headers={"Origin": origin}) as r:
                assert r.status == 401  # Discord refused the made-up code
            room.activity.sign_ins_per_minute = 1
            async with http.post(token, json=body, headers={"Origin": origin}) as r:
                assert r.status == 429
            for query in ("", "?session=forged", "?session="):
                with pytest.raises(aiohttp.WSServerHandshakeError) as refusal:
                    await http.ws_connect(
                        f"ws://127.0.0.1:{port}/activity/ws{query}", headers={"Origin": origin}
                    )
                assert refusal.value.status == 403
            # Only the Activity's page may be framed, and only by Discord.
            async with http.get(f"http://127.0.0.1:{port}/activity/") as answer:
                policy = answer.headers["Content-Security-Policy"]
                assert "frame-ancestors https://discord.com" in policy
                assert "X-Frame-Options" not in answer.headers
            async with http.get(f"http://127.0.0.1:{port}/table/{runner.table_id}") as answer:
                assert answer.headers["X-Frame-Options"] == "DENY"
                assert "frame-ancestors 'none'" in answer.headers["Content-Security-Policy"]
