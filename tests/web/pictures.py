"""The web room's pictures for the docs, from a real headless Chromium:
``python -m tests.web.pictures [folder]`` (default ``docs/pictures``).

A local table of ``python -m bot play`` (three computer players, a fixed
shuffle) is opened in this process; the player's page calls until the flop is
out and it is their turn again, then the page is photographed at a desktop
size (``web-table-desktop.png``, 1280x800) and a phone's (``web-table-phone.png``,
390x844, portrait), the player's time bank shown. Then a Seven Card Stud
table on fifth street in the player's four-colour deck
(``web-stud-desktop.png``) and a Hold'em hand called down to its showdown
(``web-showdown-desktop.png``, the winning cards raised, the result's words;
on a phone: ``web-showdown-phone.png``), each at a table of its own.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.local_play import LOCAL_MEMBER, PlayOptions
from bot.player_decks import set_deck
from tests.web.harness import CHROMIUM_ARGS, LocalRoom, chromium_path, local_room

if TYPE_CHECKING:
    from playwright.async_api import Page

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


async def play_to_the_flop(page: Page, room: LocalRoom) -> None:
    """Call (or check) from the page until the board has cards and it is the player's turn."""
    for _ in range(40):
        await page.wait_for_selector("#actions button[data-key='c']", timeout=20_000)
        board = await page.locator("#boards img.card").count()
        if board >= 3:
            return
        await page.click("#actions button[data-key='c']")
        await page.wait_for_timeout(300)
    raise RuntimeError("no flop came")


async def take(folder: Path, seed: int = 11) -> list[Path]:
    # Imported here: the test suite reads this module (doctests) without Playwright too.
    from playwright.async_api import async_playwright

    executable = chromium_path()
    if executable is None:
        raise SystemExit("No chromium here: apt-get install chromium")
    folder.mkdir(parents=True, exist_ok=True)
    taken: list[Path] = []
    with tempfile.TemporaryDirectory() as scratch:
        options = PlayOptions(computers=3, time_bank=30)
        async with (
            local_room(Path(scratch) / "pictures.db", options, seed=seed) as room,
            async_playwright() as playwright,
        ):
            browser = await playwright.chromium.launch(
                executable_path=executable, args=CHROMIUM_ARGS
            )
            try:
                for name, (width, height) in SIZES.items():
                    context = await browser.new_context(
                        viewport={"width": width, "height": height},
                        device_scale_factor=1 if name == "desktop" else 2,
                        locale="en-GB",
                    )
                    page = await context.new_page()
                    await page.goto(room.player_url)
                    await play_to_the_flop(page, room)
                    await page.wait_for_timeout(400)  # the deal's short animation
                    path = folder / f"web-table-{name}.png"
                    await page.screenshot(path=str(path))
                    taken.append(path)
                    await context.close()
                taken += await stud_and_showdown(browser, folder, Path(scratch), seed)
            finally:
                await browser.close()
    return taken


async def _context(browser: Any, name: str) -> Any:
    width, height = SIZES[name]
    return await browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=1 if name == "desktop" else 2,
        locale="en-GB",
    )


async def stud_and_showdown(browser: Any, folder: Path, scratch: Path, seed: int) -> list[Path]:
    """Stud on fifth street, and a showdown (desktop and phone), each at its own table."""
    taken: list[Path] = []
    stud = PlayOptions(game="F7S", computers=3, style="calling-station")
    async with local_room(scratch / "stud.db", stud, seed=seed) as room:
        await set_deck(room.database, LOCAL_MEMBER, "four_colour")  # as /poker deck sets it
        context = await _context(browser, "desktop")
        page = await context.new_page()
        await page.goto(room.player_url)
        for _ in range(60):
            await page.wait_for_selector("#actions button[data-key='c']", timeout=20_000)
            if await page.locator(".seat.mine img.card").count() >= 5:
                break
            await page.click("#actions button[data-key='c']")
            await page.wait_for_timeout(300)
        await page.wait_for_timeout(400)
        path = folder / "web-stud-desktop.png"
        await page.screenshot(path=str(path))
        taken.append(path)
        await context.close()
    for name in SIZES:
        showdown = PlayOptions(computers=2, style="calling-station")
        async with local_room(
            scratch / f"showdown-{name}.db", showdown, seed=seed, hand_pause=6.0
        ) as room:
            context = await _context(browser, name)
            page = await context.new_page()
            await page.goto(room.player_url)
            for _ in range(80):
                if await page.is_visible("#result"):
                    break
                for key in ("c", "s"):
                    button = f"#actions button[data-key='{key}']"
                    if await page.is_visible(button):
                        await page.click(button)
                        break
                await page.wait_for_timeout(250)
            await page.wait_for_selector("#result", timeout=20_000)
            await page.wait_for_timeout(500)
            path = folder / f"web-showdown-{name}.png"
            await page.screenshot(path=str(path), full_page=name == "phone")
            taken.append(path)
            await context.close()
    return taken


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else Path("docs/pictures")
    taken: Any = asyncio.run(take(folder))
    for path in taken:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
