"""A member signs in from Discord and plays in headless Chromium, end to end:
the product bot with its web room published and Discord sign-in set up,
against the fake Discord (its OAuth2 authorize page, token exchange and
``/users/@me``). Ann follows the table's "Open the table" link, signs in
through the whole redirect dance, sits down from the page, and raises with
the slider while Ben plays from Discord; the Discord table message shows her
bet. A spectator's browser, open meanwhile, is checked frame by frame as it
received them (tests/web/frame_privacy.py): no hole card. Neither browser nor
any log line ever holds the client secret or an access token.

Skipped, saying so, where Chromium or Playwright is not installed.
"""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Any

import pytest

from bot.tables.state import TableState
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.table_view import TableView
from tests.e2e.test_web_signin_e2e import links_of, signed_in_room
from tests.web.frame_privacy import allowed_cards, leaked
from tests.web.harness import CHROMIUM_ARGS, chromium_path
from web.frames import Frame
from web.room import Connection
from web.server import WebRoomServer

playwright_api = pytest.importorskip(
    "playwright.async_api", reason="Playwright is not installed: the browser tests skip"
)
if chromium_path() is None:
    pytest.skip(
        "No chromium here (apt-get install chromium): the browser tests skip",
        allow_module_level=True,
    )

TIMEOUT_MS = 20_000


async def wait_until(check: Any, seconds: float = 15.0) -> None:
    for _ in range(int(seconds * 20)):
        if check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("waited in vain")


async def test_a_member_signs_in_sits_down_and_raises_from_the_page_beside_discord(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    fake = fake_discord
    # Every spectator's frame as built (numbered once offered), with what it may show.
    built: list[tuple[int, Frame, frozenset[str]]] = []

    def witness(connection: Connection, frame: Frame, state: TableState) -> None:
        if connection.viewer.watching:
            built.append((connection.number, frame, allowed_cards(state, None)))

    async with signed_in_room(fake, tmp_path, deck_seed=7) as (croupier, public):
        room = croupier.bot.web_room
        assert isinstance(room, WebRoomServer)
        room.witnesses.append(witness)
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        await (await ben.slash("poker", "create")).settled()
        await (await ben.slash("poker", "join", buy_in=1000)).settled()
        (runner,) = croupier.bot.tables.runners
        view = TableView(fake)
        message = view.table_message()
        assert message is not None
        ((_, link),) = links_of(message)
        assert link == f"{public}/table/{runner.table_id}"

        async with playwright_api.async_playwright() as playwright:
            browser = await playwright.chromium.launch(
                executable_path=chromium_path(), args=CHROMIUM_ARGS
            )
            try:
                # A spectator's browser, not signed in, follows the table.
                watcher_context = await browser.new_context()
                watcher = await watcher_context.new_page()
                received: list[dict[str, Any]] = []
                watcher.on(
                    "websocket",
                    lambda socket: socket.on(
                        "framereceived", lambda payload: received.append(json.loads(payload))
                    ),
                )
                await watcher.goto(link)
                await watcher.wait_for_selector("#sign-in", timeout=TIMEOUT_MS)

                # Ann's browser is logged in to Discord; she follows the link and signs in.
                context = await browser.new_context(viewport={"width": 1280, "height": 800})
                page = await context.new_page()
                errors: list[str] = []
                page.on("pageerror", lambda error: errors.append(str(error)))
                bodies: list[str] = []

                async def keep(response: Any) -> None:
                    with_body = "text" in (response.headers.get("content-type") or "")
                    body = await response.text() if with_body and response.status < 300 else ""
                    bodies.append(f"{response.url} {response.headers} {body}")

                page.on("response", lambda response: asyncio.ensure_future(keep(response)))
                await page.goto(fake.url + fake.oauth.login_path(ann))
                await page.goto(link)
                await page.click("#sign-in")
                await page.wait_for_selector("#signed-in", timeout=TIMEOUT_MS)
                assert page.url == link
                assert "Ann" in (await page.text_content("#signed-in") or "")
                assert "croupier_session" not in await page.evaluate("document.cookie")

                # She sits down from the page; the hand is dealt.
                await page.click(".seat.empty button.sit")
                await page.wait_for_selector(".seat.mine", timeout=TIMEOUT_MS)
                await wait_until(lambda: runner.table.is_seated(ann.id))
                await wait_until(lambda: runner.live is not None)

                # Ben plays from Discord until Ann may size a raise on the page.
                raised_to = None
                for _ in range(12):
                    turn = view.turn()
                    if turn is not None and turn.actor == "Ben":
                        await ben.click(turn.buttons["call"])
                        await view.next_turn(turn.key)
                        continue
                    if await page.is_visible("#sizing") and await page.is_visible(
                        "#actions button[data-key='r']"
                    ):
                        slider = page.locator("#slider")
                        await slider.focus()
                        for _ in range(3):
                            await page.keyboard.press("ArrowRight")
                        raised_to = int(await page.input_value("#amount"))
                        await page.click("#actions button[data-key='r']")
                        break
                    await asyncio.sleep(0.2)
                assert raised_to is not None, "Ann could never size a raise"

                # The Discord table message shows the bet she made in the browser.
                def shows_bet() -> bool:
                    seats = view.seats()
                    return "Ann" in seats and f"bet {raised_to}" in seats["Ann"].status

                await wait_until(shows_bet)
                hand = runner.live or runner.state.last_hand
                assert hand is not None
                assert any(
                    action.name == "Ann" and action.kind in ("bet", "raise")
                    for action in hand.actions
                )
                await page.wait_for_timeout(300)
                assert not errors, errors
                cookies = await context.cookies()
                session = [c for c in cookies if c["name"] == "croupier_session"]
                assert session and session[0]["httpOnly"] and session[0]["sameSite"] == "Lax"
                await watcher.wait_for_timeout(300)
                await context.close()
                await watcher_context.close()
            finally:
                await browser.close()

    # The spectator's browser got no hole card it could not see when the frame was built.
    # The watcher's page connected first of all the spectators' (Ann's page watched
    # too, before she signed in): its frames, by number, as the room built them.
    first = min(number for number, _, _ in built)
    watched = {frame["n"]: allowed for number, frame, allowed in built if number == first}
    tables = [frame for frame in received if frame.get("type") == "table"]
    assert len(tables) > 2
    assert any(seat["backs"] for frame in tables for seat in frame["table"]["seats"])
    for frame in tables:
        assert frame["me"] is None
        assert not leaked(frame, watched[frame["n"]]), frame
    # No browser and no log line ever held the client secret or an access token.
    secrets = [fake.oauth.client_secret, *fake.oauth.tokens]
    assert len(secrets) == 2
    for secret in secrets:
        assert all(secret not in body for body in bodies)
        assert secret not in caplog.text
