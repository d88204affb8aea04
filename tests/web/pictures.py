"""The web room's pictures for the docs, from a real headless Chromium:
``python -m tests.web.pictures [folder]`` (default ``docs/pictures``).

A local table of ``python -m bot play`` (three computer players, a fixed
shuffle) is opened in this process; the player's page calls until the flop is
out and it is their turn again, then the page is photographed at a desktop
size (``web-table-desktop.png``, 1280x800) and a phone's (``web-table-phone.png``,
390x844, portrait).

Replays (issue 26): a second table, on a fake clock, plays hands until one
reaches the river and a showdown; its replay page, as the player sees it, is
photographed at its last step (``web-replay-desktop.png``,
``web-replay-phone.png``). The table pictures show the player's time bank.
Then a Seven Card Stud
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
from bot.tables.errors import TableRefusal
from bot.tables.hand_log import replay_logged_hand
from bot.tables.requests import ActionRequest, Move
from engine import HandShown
from tests.bot.fake_clock import FakeClock
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
                taken += await replay_pictures(browser, folder, Path(scratch) / "replay.db")
                taken += await stud_and_showdown(browser, folder, Path(scratch), seed)
            finally:
                await browser.close()
    return taken


# ----------------------------------------------------------- replays (issue 26)


async def play_hands(room: LocalRoom, clock: FakeClock, hands: int) -> None:
    """Let the table run on ``clock`` until ``hands`` hands are over, the member
    checking or calling whenever it is their turn (through the table runner)."""
    for _ in range(hands * 200):
        await room.runner.settled()
        for _ in range(5):
            await asyncio.sleep(0)
        if room.runner.table.hands_played >= hands:
            return
        live = room.runner.live
        actor = None if live is None or live.hand.is_complete else live.hand.to_act
        if live is not None and actor is not None and live.deal.players[actor] == LOCAL_MEMBER:
            try:
                await room.runner.act(
                    LOCAL_MEMBER,
                    ActionRequest(Move.CHECK_OR_CALL),
                    hand_no=live.hand_no,
                    seq=live.seq,
                )
                continue
            except TableRefusal:  # not a betting turn (show or muck): the clock decides
                pass
        wake = clock.next_wake
        if wake is None:
            raise RuntimeError("nothing is due at the table")
        clock.advance(max(0.0, wake - clock.now()))
    raise RuntimeError("the hands did not end")


async def river_hand(room: LocalRoom, clock: FakeClock, most: int = 30) -> int:
    """Play hands until one reached the river and a showdown; its id."""
    for played in range(1, most + 1):
        await play_hands(room, clock, played)
        rows = await room.database.fetch_all(
            "SELECT id FROM hands WHERE status = 'finished' ORDER BY id"
        )
        for row in rows:
            deal, hand = await replay_logged_hand(room.database, int(row["id"]))
            shown = any(isinstance(event, HandShown) for event in hand.events)
            if LOCAL_MEMBER in deal.players and len(hand.board) == 5 and shown:
                return int(row["id"])
    raise RuntimeError("no hand reached the river and a showdown")


def replay_url(room: LocalRoom, hand_id: int) -> str:
    return f"{room.server.url}/hand/{hand_id}"


async def open_replay(
    browser: Any,
    room: LocalRoom,
    hand_id: int,
    received: list[Any] | None = None,
    **context: Any,
) -> Any:
    """A page of the player's replay of ``hand_id`` (their key's cookie set), loaded;
    the steps its browser received go into ``received``."""
    opened = await browser.new_context(**context)
    await opened.add_cookies(
        [{"name": "croupier_key", "value": room.member.key, "url": room.server.url}]
    )
    page = await opened.new_page()
    if received is not None:

        async def keep(response: Any) -> None:
            if response.url.endswith("/steps"):
                received.append(await response.json())

        page.on("response", keep)
    await page.goto(replay_url(room, hand_id))
    await page.wait_for_selector("#seats .seat", timeout=20_000)
    return page


async def replay_pictures(browser: Any, folder: Path, database: Path, seed: int = 4) -> list[Path]:
    clock = FakeClock()
    taken: list[Path] = []
    async with local_room(database, PlayOptions(computers=3), clock=clock, seed=seed) as room:
        hand_id = await river_hand(room, clock)
        for name, (width, height) in SIZES.items():
            page = await open_replay(
                browser,
                room,
                hand_id,
                viewport={"width": width, "height": height},
                device_scale_factor=1 if name == "desktop" else 2,
                locale="en-GB",
            )
            await page.click("#end")
            await page.wait_for_selector("#result:not([hidden])")
            path = folder / f"web-replay-{name}.png"
            await page.screenshot(path=str(path), full_page=True)
            taken.append(path)
            await page.context.close()
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
