"""The web room in a real browser: headless Chromium from Debian's package,
driven by Playwright, against the local table of ``python -m bot play`` run in
this process (its own ledger on a temporary database, real time, computer
players acting after a short pause).

The person plays from the page (check or call with the button, a bet sized
with the slider), and a spectator's page, open at the same time, is checked
frame by frame as its browser received them: no hole card it may not see.
Skipped, saying so, where Chromium or Playwright is not installed.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.local_play import LOCAL_MEMBER, PlayOptions
from bot.tables.state import TableState
from tests.web.frame_privacy import allowed_cards, leaked
from tests.web.harness import CHROMIUM_ARGS, LocalRoom, chromium_path, local_room
from web.frames import Frame
from web.room import Connection

playwright_api = pytest.importorskip(
    "playwright.async_api", reason="Playwright is not installed: the browser tests skip"
)
if chromium_path() is None:
    pytest.skip(
        "No chromium here (apt-get install chromium): the browser tests skip",
        allow_module_level=True,
    )

TIMEOUT_MS = 20_000


def _allowed(connection: Connection, frame: Frame, state: TableState) -> frozenset[str]:
    return allowed_cards(state, connection.viewer.user_id)


@pytest.fixture
async def room(tmp_path: Path) -> AsyncIterator[LocalRoom]:
    async with local_room(
        tmp_path / "play.db", PlayOptions(computers=2), witness=_allowed, seed=3
    ) as room:
        yield room


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


def member_raised(room: LocalRoom) -> bool:
    for hand in (room.runner.live, room.runner.state.last_hand):
        if hand is not None and any(
            action.name == room.member.name and action.kind in ("bet", "raise")
            for action in hand.actions
        ):
            return True
    return False


async def wait_for(check: Any, seconds: float = 20.0) -> None:
    for _ in range(int(seconds * 20)):
        if check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("waited in vain")


async def test_the_person_plays_a_hand_from_the_page_and_a_spectator_sees_no_hole_card(
    room: LocalRoom, browser: Any
) -> None:
    watcher_context = await browser.new_context(viewport={"width": 1280, "height": 800})
    watcher = await watcher_context.new_page()
    received: list[dict[str, Any]] = []

    def keep(payload: str) -> None:
        received.append(json.loads(payload))

    watcher.on("websocket", lambda socket: socket.on("framereceived", keep))
    await watcher.goto(room.spectator_url)

    player_context = await browser.new_context(viewport={"width": 1280, "height": 800})
    page = await player_context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "console",
        lambda message: errors.append(message.text) if message.type == "error" else None,
    )
    await page.goto(room.player_url)

    # The player's own cards are at their seat, named for screen readers.
    await page.wait_for_selector(".seat.mine img.card[data-card]", timeout=TIMEOUT_MS)
    names = await page.eval_on_selector_all(".seat.mine img.card", "cards => cards.map(c => c.alt)")
    assert names and all(" " in name for name in names), names

    # Check or call from the page until a bet or raise can be sized, then size it
    # with the slider (the keyboard's End key: all the way) and make it.
    for _ in range(30):
        await page.wait_for_selector("#actions button[data-key='c']", timeout=TIMEOUT_MS)
        if await page.is_visible("#sizing"):
            break
        await page.click("#actions button[data-key='c']")
        await page.wait_for_timeout(200)
    else:
        raise AssertionError("no bet could be sized")
    slider = page.locator("#slider")
    await slider.focus()
    await page.keyboard.press("End")
    top = await slider.get_attribute("max")
    assert await page.input_value("#amount") == top
    label = await page.text_content("#actions button[data-key='r']")
    assert label is not None and label.replace(",", "").endswith(str(top))
    await page.click("#actions button[data-key='r']")
    await wait_for(lambda: member_raised(room))
    assert room.runner.table.is_seated(LOCAL_MEMBER)

    # Let the hand end (the computer players answer), then check every frame
    # the spectator's browser received against what it could see when built.
    start = room.runner.table.hands_played
    await wait_for(lambda: room.runner.table.hands_played > start)
    await page.wait_for_timeout(300)
    spectator = {
        frame["n"]: allowed
        for connection, frame, allowed in room.frames
        if connection.viewer.user_id is None
    }
    tables = [frame for frame in received if frame.get("type") == "table"]
    assert tables, "the spectator's page received no table"
    assert any(seat["backs"] for frame in tables for seat in frame["table"]["seats"])
    for frame in tables:
        assert frame["me"] is None
        assert not leaked(frame, spectator[frame["n"]]), frame
    assert not errors, errors
    await watcher_context.close()
    await player_context.close()


async def test_the_page_reads_german_and_is_usable_by_keyboard(
    room: LocalRoom, browser: Any
) -> None:
    context = await browser.new_context(locale="de-DE", viewport={"width": 390, "height": 844})
    page = await context.new_page()
    await page.goto(room.player_url)
    await page.wait_for_selector("#actions button[data-key='c']", timeout=TIMEOUT_MS)
    assert await page.get_attribute("html", "lang") == "de"
    board_or_hole = await page.eval_on_selector_all(
        ".seat.mine img.card", "cards => cards.map(c => c.alt)"
    )
    assert any(word in " ".join(board_or_hole) for word in ("Pik", "Herz", "Karo", "Kreuz"))
    label = await page.text_content("#actions button[data-key='c']")
    assert label is not None and (label.startswith("Checken") or label.startswith("Mitgehen"))
    seq = room.runner.live.seq if room.runner.live is not None else -1
    await page.keyboard.press("c")  # check or call, from the keyboard
    await wait_for(lambda: room.runner.live is None or room.runner.live.seq > seq)
    await context.close()
