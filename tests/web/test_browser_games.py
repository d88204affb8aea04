"""Stud and draw played from the page in headless Chromium (Debian's package,
driven by Playwright), against the local table of ``python -m bot play`` in
this process: a pre-action chosen ahead of the turn acts when the turn comes,
the show-or-muck choice at the showdown is answered with its key, the draw's
discards are chosen by clicking the player's own cards; and every frame each
browser received (the player's and a spectator's) holds no card its viewer
may not see then (:mod:`tests.web.frame_privacy`). Skipped, saying so, where
Chromium or Playwright is not installed.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.local_play import LOCAL_MEMBER, PlayOptions
from bot.player_decks import deck_of
from engine.events import CardsDiscarded, HandMucked
from tests.web.frame_privacy import leaked
from tests.web.harness import CHROMIUM_ARGS, LocalRoom, chromium_path, local_room
from tests.web.test_browser import _allowed, wait_for
from web.avatars import AVATAR_SIZE
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


class Watched:
    """A page and every websocket frame its browser received."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.received: list[dict[str, Any]] = []
        self.errors: list[str] = []
        page.on("websocket", lambda socket: socket.on("framereceived", self._keep))
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _keep(self, payload: str) -> None:
        self.received.append(json.loads(payload))


async def open_pages(room: LocalRoom, browser: Any) -> tuple[Watched, Watched]:
    spectator_context = await browser.new_context(viewport={"width": 1280, "height": 800})
    spectator = Watched(await spectator_context.new_page())
    await spectator.page.goto(room.spectator_url)
    player_context = await browser.new_context(viewport={"width": 1280, "height": 800})
    player = Watched(await player_context.new_page())
    await player.page.goto(room.player_url)
    await player.page.wait_for_selector(".seat.mine img.card[data-card]", timeout=TIMEOUT_MS)
    return player, spectator


def check_privacy(room: LocalRoom, *pages: Watched) -> None:
    """Every table frame each browser received against what its viewer could see
    when the frame was built (frames are numbered per connection)."""
    built: dict[Connection, dict[int, frozenset[str]]] = {}
    for connection, frame, seen in room.frames:
        built.setdefault(connection, {})[frame["n"]] = seen
    for watched in pages:
        tables = [frame for frame in watched.received if frame.get("type") == "table"]
        assert tables, "a page received no table"
        user_id = None if tables[0]["me"] is None else LOCAL_MEMBER
        mine = [numbered for c, numbered in built.items() if c.viewer.user_id == user_id]
        for frame in tables:
            seen_then = [numbered[frame["n"]] for numbered in mine if frame["n"] in numbered]
            assert seen_then
            assert any(not leaked(frame, seen) for seen in seen_then), frame
            if user_id is None:
                assert frame["me"] is None
        assert not watched.errors, watched.errors


CHOOSE_CALL_ANY = """() => {
    const call_any = document.querySelector(".pre button[data-kind='call_any']");
    if (!call_any || call_any.offsetParent === null) return false;
    call_any.click();
    return true;
}"""
CALL_ANY_TAKEN = """() => {
    const call_any = document.querySelector(".pre button[data-kind='call_any']");
    return !call_any || call_any.getAttribute("aria-pressed") === "true";
}"""


async def test_a_stud_hand_played_from_the_page_with_a_pre_action_and_a_muck(
    tmp_path: Path, browser: Any
) -> None:
    async with local_room(
        tmp_path / "stud.db",
        PlayOptions(game="F7S", computers=2, style="calling-station"),
        witness=_allowed,
        seed=3,
        computer_pace=0.6,
    ) as room:
        player, spectator = await open_pages(room, browser)
        page = player.page
        # Stud: the player's down cards are at their seat, set apart from the up cards.
        await page.wait_for_selector(".seat.mine img.card.own", timeout=TIMEOUT_MS)
        pre_chosen = mucked = False
        for _ in range(400):
            if room.runner.table.hands_played >= 1:
                break
            # Chosen in one step of the page's script: a computer player acting
            # between "is it there?" and the click would take the button away.
            if not pre_chosen and await page.evaluate(CHOOSE_CALL_ANY):
                # Pressed, or already acted on (the turn came at once): gone.
                await page.wait_for_function(CALL_ANY_TAKEN, timeout=TIMEOUT_MS)
                pre_chosen = True
                continue
            if await page.is_visible("#actions button[data-key='m']"):
                await page.keyboard.press("m")  # muck, from the keyboard
                mucked = True
                await page.wait_for_timeout(300)
                continue
            if await page.is_visible("#actions button[data-key='c']"):
                await page.click("#actions button[data-key='c']")
            await page.wait_for_timeout(100)
        assert room.runner.table.hands_played >= 1
        assert pre_chosen, "no pre-action was offered while another player acted"
        last = room.runner.state.last_hand
        assert last is not None
        index = last.index_of(LOCAL_MEMBER)
        assert mucked and any(
            isinstance(event, HandMucked) and event.player == index for event in last.hand.events
        )
        await page.wait_for_timeout(300)
        check_privacy(room, player, spectator)


CALL_UNLESS_DRAWING = """() => {
    if (document.querySelector("#my-hand.picking")) return;
    const call = document.querySelector("#actions button[data-key='c']");
    if (call && call.offsetParent !== null) call.click();
}"""


async def test_a_draw_hand_played_from_the_page_discards_chosen_by_clicking_cards(
    tmp_path: Path, browser: Any
) -> None:
    async with local_room(
        tmp_path / "draw.db",
        PlayOptions(game="F5D", computers=2, style="calling-station"),
        witness=_allowed,
        seed=3,
    ) as room:
        player, spectator = await open_pages(room, browser)
        page = player.page
        thrown: list[str] = []
        for _ in range(400):
            live = room.runner.live
            if thrown or room.runner.table.hands_played >= 1:
                break
            if await page.is_visible("#my-hand.picking"):
                picks = page.locator("#my-cards button.pick")
                for i in (0, 1):
                    code = await picks.nth(i).locator("img").get_attribute("data-card")
                    assert code is not None
                    await picks.nth(i).click()
                    thrown.append(code)
                assert await page.locator("#my-cards button.pick[aria-pressed='true']").count() == 2
                await page.click("#actions button[data-key='c']")  # "Draw the chosen cards"
                break
            # Call while betting; checked and clicked in one step of the page's own
            # script, so a frame that opens the draw in between cannot turn this
            # click into "Stand pat".
            await page.evaluate(CALL_UNLESS_DRAWING)
            await page.wait_for_timeout(100)
        assert thrown, "the player was never asked to draw"
        assert live is not None
        index = live.index_of(LOCAL_MEMBER)
        assert index is not None

        def drew() -> bool:
            return any(
                isinstance(event, CardsDiscarded) and event.player == index and event.count == 2
                for event in live.hand.events
            )

        await wait_for(drew)
        held = {str(card) for card in live.hand.hole_cards[index]}
        assert not held & set(thrown)  # the two clicked cards, and only those, are gone
        start = room.runner.table.hands_played
        for _ in range(400):  # call down to the end of the hand, standing pat from now on
            if room.runner.table.hands_played > start:
                break
            for key in ("c", "s"):
                if await page.is_visible(f"#actions button[data-key='{key}']"):
                    await page.click(f"#actions button[data-key='{key}']")
                    break
            await page.wait_for_timeout(100)
        assert room.runner.table.hands_played > start
        final = {str(card) for card in live.hand.hole_cards[index]}
        assert len(final) == 5 and not final & set(thrown)  # drawn to five again
        await page.wait_for_timeout(300)
        check_privacy(room, player, spectator)


async def test_the_page_s_deck_sound_title_avatar_and_buy_in_form(
    tmp_path: Path, browser: Any
) -> None:
    async with local_room(
        tmp_path / "form.db", PlayOptions(computers=2), witness=_allowed, seed=3
    ) as room:
        player, _ = await open_pages(room, browser)
        page = player.page
        # The deck: the player's choice is /poker deck's, and every card is drawn in it.
        await page.select_option("#deck", "four_colour")
        await page.wait_for_selector(
            ".seat.mine img.card[src*='/four_colour/']", timeout=TIMEOUT_MS
        )
        assert await page.locator("img.card[src*='/two_colour/']").count() == 0
        assert await deck_of(room.database, LOCAL_MEMBER) == "four_colour"
        # The avatar is the room's picture, loaded from its own origin.
        loaded = await page.eval_on_selector(
            ".seat.mine img.avatar", "img => img.complete && img.naturalWidth"
        )
        assert loaded == AVATAR_SIZE
        # The sound is off until turned on, and the choice is remembered.
        assert not await page.is_checked("#sound")
        await page.check("#sound")
        await page.reload()
        await page.wait_for_selector(".seat.mine img.card[data-card]", timeout=TIMEOUT_MS)
        assert await page.is_checked("#sound")
        # The tab title says when it is the player's turn.
        await page.wait_for_selector("#actions button[data-key='c']", timeout=TIMEOUT_MS)
        assert (await page.title()).startswith("●")
        # Leave, then sit down again at a seat chosen on the felt, with a buy-in typed.
        await page.click("#seat-actions button:has-text('Leave')")
        await wait_for(lambda: not room.runner.table.is_seated(LOCAL_MEMBER))
        free = next(n for n in range(1, 7) if n not in room.runner.table.seats)
        await page.click(f".seat.empty button.sit[aria-label$=' {free}']")
        field = page.locator("#buy-in")
        assert await field.get_attribute("max") == str(room.runner.settings.max_buy_in)
        await field.fill(str(room.runner.settings.max_buy_in + 1))
        await page.click(".amount-form button[type=submit]")
        # Above the table's most: the browser's own check holds it back (the room
        # refuses such a buy-in too: test_room_controls), and nothing moved.
        assert await field.evaluate("field => field.validity.rangeOverflow")
        assert not room.runner.table.is_seated(LOCAL_MEMBER)
        low = room.runner.settings.min_buy_in
        await field.fill(str(low))
        await page.click(".amount-form button[type=submit]")
        await wait_for(lambda: room.runner.table.is_seated(LOCAL_MEMBER))
        seat = room.runner.table.seat_of(LOCAL_MEMBER)
        assert (seat.number, seat.stack) == (free, low)
        assert not player.errors, player.errors
