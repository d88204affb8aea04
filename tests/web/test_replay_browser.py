"""A hand's replay in a real browser (headless Chromium from Debian's package,
through Playwright): the player steps forward and back, jumps to the river,
plays and pauses; the page names the cards for screen readers and shows no
card the player may not see. Skipped, saying so, where Chromium or Playwright
is missing."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.local_play import LOCAL_MEMBER, PlayOptions
from bot.player_decks import set_deck
from bot.tables.hand_log import replay_logged_hand
from bot.tables.show_or_muck import cards_shown_after
from tests.bot.fake_clock import FakeClock
from tests.web.frame_privacy import allowed_in_replay, leaked
from tests.web.harness import CHROMIUM_ARGS, LocalRoom, chromium_path, local_room
from tests.web.pictures import open_replay, river_hand

playwright_api = pytest.importorskip(
    "playwright.async_api", reason="Playwright is not installed: the browser tests skip"
)
if chromium_path() is None:
    pytest.skip(
        "No chromium here (apt-get install chromium): the browser tests skip",
        allow_module_level=True,
    )


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def room(tmp_path: Path, clock: FakeClock) -> AsyncIterator[LocalRoom]:
    async with local_room(
        tmp_path / "play.db", PlayOptions(computers=3), clock=clock, seed=4
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


async def position(page: Any) -> tuple[int, int]:
    text = await page.text_content("#position")
    found = re.search(r"(\d+) / (\d+)", text or "")
    assert found, text
    return int(found[1]), int(found[2])


async def test_the_player_steps_through_a_replay_in_the_browser(
    room: LocalRoom, clock: FakeClock, browser: Any
) -> None:
    hand_id = await river_hand(room, clock)
    deal, hand = await replay_logged_hand(room.database, hand_id)
    mine = {str(card) for card in hand.hole_cards[deal.players.index(LOCAL_MEMBER)]}
    received: list[Any] = []
    page = await open_replay(
        browser, room, hand_id, received, viewport={"width": 1280, "height": 800}
    )
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    first, total = await position(page)
    assert first == 1
    assert total > 5
    # The player's own cards from the first step, named for screen readers.
    shown = await page.eval_on_selector_all(
        "#seats img.card[data-card]", "cards => cards.map(c => [c.dataset.card, c.alt])"
    )
    assert {code for code, _ in shown} == mine
    assert all(" " in alt for _, alt in shown)
    assert await page.locator("#boards img.card").count() == 0

    await page.click("#forward")
    assert (await position(page))[0] == 2
    await page.click("#back")
    assert (await position(page))[0] == 1
    await page.keyboard.press("ArrowRight")
    assert (await position(page))[0] == 2

    # Jump to the river: five board cards, the step the river starts at.
    await page.click("#streets button[data-street='river']")
    assert await page.locator("#boards img.card").count() == 5
    river_at = (await position(page))[0]
    assert river_at < total
    assert (
        await page.get_attribute("#streets button[data-street='river']", "aria-pressed") == "true"
    )

    # Play: the steps move on by themselves to the end, where the result is shown.
    await page.click("#play")
    await page.wait_for_selector("#result:not([hidden])", timeout=20_000)
    assert await position(page) == (total, total)
    assert await page.get_attribute("#play", "aria-pressed") == "false"
    lines = await page.eval_on_selector_all(
        "#result-lines li", "items => items.map(i => i.textContent)"
    )
    assert any("wins" in line for line in lines), lines
    # Play and pause from the start: it stops where it was paused.
    await page.click("#start")
    await page.click("#play")
    for _ in range(100):
        if (await position(page))[0] >= 2:
            break
        await page.wait_for_timeout(50)
    await page.click("#play")
    paused = (await position(page))[0]
    await page.wait_for_timeout(1500)
    assert (await position(page))[0] == paused
    # The share link is the signed one, and opens the public view.
    share = await page.get_attribute("#share", "href")
    assert share is not None and re.fullmatch(rf"/replay/{hand_id}-[0-9a-f]{{32}}", share)
    # What the browser was sent holds no card the player may not see.
    after = {str(card) for card in await cards_shown_after(room.database, hand_id)}
    allowed = allowed_in_replay(hand, deal.players, after, LOCAL_MEMBER, house=False)
    assert len(received) == 1 and leaked(received[0], allowed) == set()
    assert any(
        card is None
        for step in received[0]["steps"]
        for seat in step["seats"]
        for card in seat["cards"]
    ), "no card was hidden: the check proves nothing"
    assert not errors, errors
    await page.context.close()


async def test_a_replay_draws_the_viewer_s_own_deck(
    room: LocalRoom, clock: FakeClock, browser: Any
) -> None:
    """The member's deck (``/poker deck``'s) for their replay; a stranger's
    shared link in the deck their browser chose at a table page."""
    hand_id = await river_hand(room, clock)
    await set_deck(room.database, LOCAL_MEMBER, "four_colour")
    page = await open_replay(browser, room, hand_id)
    sources = await page.eval_on_selector_all("#seats img.card", "cards => cards.map(c => c.src)")
    assert sources and all("/four_colour/" in src for src in sources), sources
    share = await page.get_attribute("#share", "href")
    await page.context.close()

    stranger = await browser.new_context()
    await stranger.add_init_script("localStorage.setItem('croupier.deck', 'four_colour')")
    shared = await stranger.new_page()
    await shared.goto(room.server.url + share)
    await shared.wait_for_selector("#seats .seat", timeout=20_000)
    await shared.click("#streets button[data-street='river']")
    sources = await shared.eval_on_selector_all(
        "#seats img.card, #boards img.card", "cards => cards.map(c => c.src)"
    )
    assert sources and all("/four_colour/" in src for src in sources), sources
    await stranger.close()
