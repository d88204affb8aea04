"""The web room's pictures for the docs, from a real headless Chromium:
``python -m tests.web.pictures [folder]`` (default ``docs/pictures``).

A local table of ``python -m bot play`` (three computer players, a fixed
shuffle) is opened in this process; the player's page calls until the flop is
out and it is their turn again, then the page is photographed at a desktop
size (``web-table-desktop.png``, 1280x800) and a phone's (``web-table-phone.png``,
390x844, portrait).
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.local_play import PlayOptions
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
        options = PlayOptions(computers=3)
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
            finally:
                await browser.close()
    return taken


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else Path("docs/pictures")
    taken: Any = asyncio.run(take(folder))
    for path in taken:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
