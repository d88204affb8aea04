"""The whole page in German, in a real browser (headless Chromium through
Playwright, a German browser): a hand walked to the showdown and its replay,
every word the page shows or names for a screen reader collected, and none of
them an English word of the catalogue that German does not share. Skipped,
saying so, where Chromium or Playwright is missing."""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import de, en
from bot.local_play import PlayOptions
from tests.web.harness import CHROMIUM_ARGS, LocalRoom, chromium_path, local_room

playwright_api = pytest.importorskip(
    "playwright.async_api", reason="Playwright is not installed: the browser tests skip"
)
if chromium_path() is None:
    pytest.skip(
        "No chromium here (apt-get install chromium): the browser tests skip",
        allow_module_level=True,
    )

_WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{3,}")
_PLACEHOLDER = re.compile(r"\{[^}]*\}")

#: Everything a page says, seen or read aloud: its text, the names it gives
#: its regions, buttons and cards, the titles and the tab's title.
_SAID = """() => [document.title, document.body.innerText,
  ...[...document.querySelectorAll('[aria-label],[title],[alt],[placeholder]')].flatMap(
    (e) => ['aria-label', 'title', 'alt', 'placeholder'].map((a) => e.getAttribute(a) || ''))
].join(' ')"""


def _words(text: str) -> set[str]:
    return {word.lower() for word in _WORD.findall(_PLACEHOLDER.sub(" ", text))}


def english_only() -> set[str]:
    """The catalogue's English words that its German never uses."""
    english = set().union(*(_words(text) for text in en.MESSAGES.values()))
    german = set().union(*(_words(text) for text in de.MESSAGES.values()))
    return english - german


@pytest.fixture
async def room(tmp_path: Path) -> AsyncIterator[LocalRoom]:
    async with local_room(
        tmp_path / "play.db",
        PlayOptions(computers=2, style="calling-station", locale="de"),
        seed=3,
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


async def test_a_german_page_says_nothing_in_english_to_the_showdown_and_in_the_replay(
    room: LocalRoom, browser: Any
) -> None:
    context = await browser.new_context(
        locale="de-DE", extra_http_headers={"Accept-Language": "de-DE,de;q=0.9"}
    )
    page = await context.new_page()
    await page.goto(room.player_url)
    await page.wait_for_selector(".seat.mine img.card[data-card]", timeout=20_000)
    said: list[str] = []
    start = room.runner.table.hands_played
    for _ in range(200):  # check or call to the showdown (the others call everything)
        said.append(await page.evaluate(_SAID))
        if room.runner.table.hands_played > start and await page.is_visible("#result"):
            break
        if await page.is_visible("#actions button[data-key='c']"):
            # The buttons may change under the click: then look again.
            with contextlib.suppress(playwright_api.Error):
                await page.click("#actions button[data-key='c']", timeout=2_000)
        await page.wait_for_timeout(200)
    said.append(await page.evaluate(_SAID))
    assert room.runner.table.hands_played > start, "the hand did not end"
    last = room.runner.state.last_hand
    assert last is not None and last.result is not None and last.result.shown, (
        "no showdown: the check proves less"
    )
    # The replay of that hand, from its first step to its result.
    replay = await context.new_page()
    await replay.goto(f"{room.server.url}/hand/{last.hand_id}")
    await replay.wait_for_selector("#seats .seat", timeout=20_000)
    said.append(await replay.evaluate(_SAID))
    await replay.click("#end")
    await replay.wait_for_selector("#result:not([hidden])", timeout=20_000)
    said.append(await replay.evaluate(_SAID))
    await context.close()

    # Names are names (the players', the game's): not the page's words.
    names = {seat.name for seat in room.runner.state.players.values()}
    names.add(room.runner.snapshot().variant_name)
    shown = set().union(*(_words(text) for text in said))
    named = set().union(*(_words(name) for name in names))
    english = sorted((shown - named) & english_only())
    assert "beste" in shown and "hand" in shown, "the seat's best hand was not on the page"
    assert english == [], english


async def test_the_opener_saves_the_home_rules_from_the_page(room: LocalRoom, browser: Any) -> None:
    context = await browser.new_context(locale="de-DE")
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    await page.goto(room.player_url)
    await page.wait_for_selector("#home-rules summary", timeout=20_000)
    await page.click("#home-rules summary")
    await page.check("#home-rules input[name='rabbit_hunt']")
    await page.fill("#home-rules input[name='seven_deuce_bounty']", "50")
    await page.click("#home-rules button[type='submit']")
    for _ in range(100):
        if room.runner.state.settings.rabbit_hunt:
            break
        await page.wait_for_timeout(50)
    settings = room.runner.state.settings
    assert settings.rabbit_hunt and settings.seven_deuce_bounty == 50
    assert not settings.run_it_twice and settings.bomb_pot == 0  # only what was changed
    # A function, not an expression: Playwright evals a bare expression in the
    # page when it has to poll, and the page's CSP (script-src 'self') refuses eval.
    await page.wait_for_function(
        "() => document.querySelector('#notice').textContent.includes('Hasenjagd')",
        timeout=5_000,
    )
    assert not errors, errors
    await context.close()
