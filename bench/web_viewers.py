"""Web viewers: ``python -m bench.web_viewers [--tables 200] [--viewers 6] [--seconds 20]``.

What watching the tables in browsers costs the bot, beside ``bench.load``.
One bot process (``python -m bench.web_viewers_bot``: the real registry,
runners and SQLite ledger, and the real web room on 127.0.0.1) plays
``--tables`` tables, each with ``--members`` members (default 6, played by the
bench's autopilot through the runner like clicks: mostly check or call) and
``--computers`` computer players (default 0: their decisions' CPU swamps the
rest), with no pause between actions or hands (``--pace`` sets one). This
process is the viewers: aiohttp websocket clients, ``--viewers`` per table,
``--seated`` of them the table's seated players (members first: each sees
their seat view) and the rest spectators (every ``--german``-th of them in
German), asking
for permessage-deflate as a browser does (``--no-deflate``: not). Clients in
their own process, so their CPU is not counted as the bot's.

In one run, for ``--rounds`` rounds, the same tables are measured for
``--seconds`` without any viewer (no room: nobody watches), then for
``--seconds`` with every viewer connected. It prints one JSON object per
window, then a summary with:

- ``action_to_every_viewer_ms``: for each action taken in a viewed window,
  from the moment the runner told its watchers (stamped by the bot, before the
  room built a frame) to the moment the last of the table's viewers had read
  a frame showing it or a later moment (p50, p99, max, how many actions
  timed); ``action_to_a_viewer_ms`` the same for each (action, viewer) pair.
  Both clocks are the machine's monotonic clock (one clock for all processes);
- ``bot_cpu_ms_per_action`` without and with viewers (the bot's user + system
  CPU from /proc over the actions all its tables took), and ``viewers_add``
  (with ÷ without − 1; the goal is at most 0.20);
- per window, ``bot_loop_lag_ms`` (how late a 10 ms ticker in the bot woke:
  what a frame waits for besides its own work) and ``bot_gc_max_ms`` (the
  longest garbage collection);
- ``bytes_per_frame``: the JSON text of a table frame as the page receives
  it, a spectator's (``public``) and a seated player's (``seat``), and every
  table frame as permessage-deflate puts it on the wire (``deflated``: each
  viewer's frames deflated in order here, as the bot's zlib does);
- ``page``: in headless Chromium (``/usr/bin/chromium`` via Playwright), a
  spectator's first load of a table page in a fresh browser profile (the
  table held mid-hand at its member's turn, so the page is still): the bytes
  of every response (HTML, CSS, JS, card faces) and the first paint and first
  contentful paint (ms from navigation start); twice, the bot's card faces
  drawn the first time and cached the second. Skipped, saying so, where
  Chromium or Playwright is missing (``--no-page`` skips it too).

``--bot-root DIR`` runs the bot of another checkout (its ``web/``, with this
``bench/web_viewers_bot.py`` copied in): an A/B of the room with the same
benchmark. ``--profile DIR`` keeps a cProfile of the bot during the viewed windows
(``DIR/bot-viewed-N.prof``; profiling slows the bot, so its CPU figures are not
comparable). ``--keep DIR`` keeps the ledger and the bot's log. Linux only.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import contextlib
import json
import os
import resource
import shutil
import sys
import tempfile
import time
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

from bench.process_stats import cpu_seconds, machine_cpu_seconds

#: Connections opened at once while the viewers arrive.
CONNECT_AT_ONCE = 50
#: After a viewed window: how long its last actions' frames may take to arrive.
GRACE_SECONDS = 2.0
#: Headless Chromium from Debian's package (never one Playwright downloads).
CHROMIUM = "/usr/bin/chromium"

Change = tuple[int | None, int, bool, float]


@dataclass
class Watcher:
    """One websocket viewer: the table frames it read, when, and their size."""

    table_id: int
    user_id: int | None
    locale: str
    frames: list[tuple[float, int | None, int, bool]] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    #: Each table frame's size as permessage-deflate sends it (the bot's settings:
    #: zlib level 1, a 32 KB window kept between messages), the same text deflated here.
    deflated: list[int] = field(default_factory=list)
    first: asyncio.Event = field(default_factory=asyncio.Event)
    socket: aiohttp.ClientWebSocketResponse | None = None
    failed: str | None = None

    async def watch(self, session: aiohttp.ClientSession, base: str, deflate: bool) -> None:
        query = f"?lang={self.locale}" + ("" if self.user_id is None else f"&as={self.user_id}")
        url = f"{base.replace('http://', 'ws://')}/table/{self.table_id}/ws{query}"
        try:
            async with session.ws_connect(
                url,
                headers={"Origin": base, "Accept-Language": self.locale},
                compress=15 if deflate else 0,
                max_msg_size=0,
                heartbeat=None,
            ) as socket:
                self.socket = socket
                deflate_like = zlib.compressobj(1, zlib.DEFLATED, -15)
                async for message in socket:
                    now = time.monotonic()
                    if message.type is not aiohttp.WSMsgType.TEXT:
                        break
                    text: str = message.data
                    deflated = deflate_like.compress(text.encode())
                    wire = len(deflated + deflate_like.flush(zlib.Z_SYNC_FLUSH)) - 4
                    if not text.startswith('{"type": "table"'):
                        continue
                    table = json.loads(text)["table"]
                    self.frames.append((now, table["hand_no"], table["seq"], table["hand_over"]))
                    self.sizes.append(len(text))  # ASCII: json.dumps escapes the rest
                    self.deflated.append(wire)
                    self.first.set()
        except (aiohttp.ClientError, OSError) as error:
            self.failed = repr(error)
            self.first.set()


@dataclass(frozen=True)
class Spread:
    count: int
    p50: float
    p99: float
    max: float

    @classmethod
    def of(cls, values: Sequence[float], scale: float = 1.0, digits: int = 2) -> Spread:
        ordered = sorted(values)
        if not ordered:
            return cls(0, float("nan"), float("nan"), float("nan"))

        def at(share: float) -> float:
            return round(scale * ordered[min(len(ordered) - 1, int(share * len(ordered)))], digits)

        return cls(len(ordered), at(0.50), at(0.99), at(1.0))

    def as_dict(self) -> dict[str, float]:
        return {"count": self.count, "p50": self.p50, "p99": self.p99, "max": self.max}


class BotProcess:
    """``python -m bench.web_viewers_bot``, spoken to one line at a time."""

    def __init__(self, process: asyncio.subprocess.Process, ready: dict[str, Any]) -> None:
        self.process = process
        self.url: str = ready["url"]
        self.tables: list[dict[str, Any]] = ready["tables"]
        self.pid = process.pid

    @classmethod
    async def start(cls, workdir: Path, arguments: argparse.Namespace) -> BotProcess:
        log = (workdir / "bot.log").open("wb")
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bench.web_viewers_bot",
            str(workdir / "web-viewers.db"),
            "--tables",
            str(arguments.tables),
            "--members",
            str(arguments.members),
            "--computers",
            str(arguments.computers),
            "--pace",
            str(arguments.pace),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=log,
            limit=2**20,
            cwd=arguments.bot_root or None,
        )
        assert process.stdout is not None
        line = await asyncio.wait_for(process.stdout.readline(), 900)
        if not line:
            raise RuntimeError(f"the bot ended before it was ready: see {workdir / 'bot.log'}")
        return cls(process, json.loads(line))

    async def ask(self, command: str) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(command.encode() + b"\n")
        await self.process.stdin.drain()
        answer: dict[str, Any] = json.loads(await self.process.stdout.readline())
        return answer

    async def stop(self) -> None:
        with contextlib.suppress(ConnectionError, json.JSONDecodeError):
            await asyncio.wait_for(self.ask("stop"), 60)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.process.wait(), 60)
        if self.process.returncode is None:
            self.process.kill()
            await self.process.wait()


async def window(bot: BotProcess, seconds: float, viewers: int, workdir: Path) -> dict[str, Any]:
    """The bot's actions and CPU over ``seconds``; this process's CPU meanwhile; how
    late the bot's event loop woke and its longest garbage collection then."""
    await bot.ask(f"loop {workdir / 'loop.json'}")  # forget what came before
    started = await bot.ask("mark")
    cpu, mine, machine = cpu_seconds(bot.pid), time.process_time(), machine_cpu_seconds()[0]
    await asyncio.sleep(seconds)
    ended = await bot.ask("mark")
    await bot.ask(f"loop {workdir / 'loop.json'}")
    watched = json.loads((workdir / "loop.json").read_text())
    lags = [lag for at, lag in watched["lags"] if started["at"] <= at <= ended["at"]]
    pauses = [row[2] for row in watched["collections"] if started["at"] <= row[0] <= ended["at"]]
    spent = cpu_seconds(bot.pid) - cpu
    mine_spent = time.process_time() - mine
    machine_spent = machine_cpu_seconds()[0] - machine
    elapsed = ended["at"] - started["at"]
    actions = ended["actions"] - started["actions"]
    changes = ended["changes"] - started["changes"]
    repeated = ended["repeated"] - started["repeated"]
    return {
        "viewers_per_table": viewers,
        "seconds": round(elapsed, 2),
        "actions": actions,
        "actions_per_second": round(actions / elapsed, 1),
        "changes_per_action": round(changes / max(actions, 1), 2),
        "repeated_views": round(repeated / max(changes, 1), 3),
        "bot_cpu_busy": round(spent / elapsed, 3),
        "bot_cpu_ms_per_action": round(1000 * spent / max(actions, 1), 3),
        "bot_loop_lag_ms": Spread.of(lags, 1000).as_dict(),
        "bot_gc_max_ms": round(1000 * max(pauses, default=0.0), 1),
        "viewers_cpu_busy": round(mine_spent / elapsed, 3),
        "machine_cpu_busy": round(machine_spent / elapsed, 3),
        "loadavg": round(os.getloadavg()[0], 2),
        "window": (started["at"], ended["at"]),
    }


def action_latencies(
    changes: dict[int, list[Change]], watchers: list[Watcher], start: float, end: float
) -> tuple[list[float], list[float], int]:
    """For each action stamped between ``start`` and ``end``: the seconds until every
    viewer of its table had a frame of it (or later), and for each (action, viewer);
    and how many (action, viewer) pairs never got one."""
    by_table: dict[int, list[Watcher]] = {}
    for watcher in watchers:
        by_table.setdefault(watcher.table_id, []).append(watcher)
    every: list[float] = []
    each: list[float] = []
    unseen = 0
    for table_id, table_changes in changes.items():
        where: dict[tuple[int | None, int, bool], list[int]] = {}
        for index, (hand_no, seq, over, _) in enumerate(table_changes):
            where.setdefault((hand_no, seq, over), []).append(index)
        # Each frame read stands for the earliest change it can be, after the one before it.
        shown: list[tuple[list[int], list[float]]] = []
        for watcher in by_table.get(table_id, []):
            indices: list[int] = []
            times: list[float] = []
            after = 0
            for received, hand_no, seq, over in watcher.frames:
                candidates = where.get((hand_no, seq, over))
                if not candidates:
                    continue
                found = bisect.bisect_left(candidates, after)
                if found == len(candidates):
                    continue
                indices.append(candidates[found])
                times.append(received)
                after = candidates[found] + 1
            shown.append((indices, times))
        last_hand, last_seq = None, 0
        for index, (hand_no, seq, _, stamped) in enumerate(table_changes):
            acted = seq > (last_seq if hand_no == last_hand else 0)
            last_hand, last_seq = hand_no, seq
            if not acted or not start <= stamped <= end:
                continue
            slowest = 0.0
            for indices, times in shown:
                found = bisect.bisect_left(indices, index)
                if found == len(indices):
                    unseen += 1
                    continue
                waited = times[found] - stamped
                each.append(waited)
                slowest = max(slowest, waited)
            if shown:
                every.append(slowest)
    return every, each, unseen


async def connect(
    bot: BotProcess, session: aiohttp.ClientSession, arguments: argparse.Namespace
) -> tuple[list[Watcher], list[asyncio.Task[None]]]:
    watchers: list[Watcher] = []
    for table in bot.tables:
        seated: list[int] = table["seated"][: arguments.seated]
        for n in range(arguments.viewers):
            if n < len(seated):
                watchers.append(Watcher(table["table_id"], seated[n], "en"))
            else:
                spectator = n - len(seated) + 1
                german = arguments.german and spectator % arguments.german == 0
                watchers.append(Watcher(table["table_id"], None, "de" if german else "en"))
    gate = asyncio.Semaphore(CONNECT_AT_ONCE)
    tasks: list[asyncio.Task[None]] = []

    async def arrive(watcher: Watcher) -> None:
        async with gate:
            tasks.append(asyncio.create_task(watcher.watch(session, bot.url, arguments.deflate)))
            await asyncio.wait_for(watcher.first.wait(), 120)

    await asyncio.gather(*(arrive(watcher) for watcher in watchers))
    failed = [watcher.failed for watcher in watchers if watcher.failed]
    if failed:
        raise RuntimeError(f"{len(failed)} viewers could not connect: {failed[0]}")
    return watchers, tasks


async def leave(watchers: list[Watcher], tasks: list[asyncio.Task[None]]) -> None:
    for watcher in watchers:
        if watcher.socket is not None:
            await watcher.socket.close()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 60)


def chromium_missing() -> str | None:
    """Why the page cannot be measured here, or ``None``."""
    if not (shutil.which("chromium") or Path(CHROMIUM).exists()):
        return "no chromium here (apt-get install chromium): page weight and first paint skipped"
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed: page weight and first paint skipped"
    return None


async def first_load(browser: Any, url: str) -> dict[str, Any]:
    """One spectator's first load of ``url`` in a fresh browser profile."""
    context = await browser.new_context()
    page = await context.new_page()
    sizes: dict[str, int] = {}
    bodies: list[asyncio.Future[None]] = []

    async def weigh(response: Any) -> None:
        with contextlib.suppress(Exception):
            body = await response.body()
            kind = response.headers.get("content-type", "?").split(";")[0]
            sizes[kind] = sizes.get(kind, 0) + len(body)

    page.on("response", lambda response: bodies.append(asyncio.ensure_future(weigh(response))))
    await page.goto(url, wait_until="load")
    await page.wait_for_selector("img", timeout=20_000)
    await page.wait_for_load_state("networkidle")
    await asyncio.gather(*bodies)
    paints = await page.evaluate(
        "Object.fromEntries(performance.getEntriesByType('paint')"
        ".map(e => [e.name, Math.round(e.startTime)]))"
    )
    await context.close()
    return {
        "bytes": sum(sizes.values()),
        "bytes_by_type": sizes,
        "requests": len(bodies),
        "first_paint_ms": paints.get("first-paint"),
        "first_contentful_paint_ms": paints.get("first-contentful-paint"),
    }


async def page_figures(url: str, loads: int = 2) -> dict[str, Any]:
    """A spectator's first load of the table page, ``loads`` times, in headless Chromium."""
    from playwright.async_api import async_playwright

    from tests.web.harness import CHROMIUM_ARGS, chromium_path

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=chromium_path(), args=CHROMIUM_ARGS
        )
        try:
            found = [await first_load(browser, url) for _ in range(loads)]
        finally:
            await browser.close()
    return {"url": url, "loads": found}


async def run(arguments: argparse.Namespace) -> dict[str, Any]:
    kept = arguments.keep is not None
    workdir = Path(arguments.keep or tempfile.mkdtemp(prefix="web-viewers-"))
    workdir.mkdir(parents=True, exist_ok=True)
    for stale in workdir.glob("web-viewers.db*"):
        stale.unlink()
    profile_dir = Path(arguments.profile) if arguments.profile else None
    if profile_dir is not None:
        profile_dir.mkdir(parents=True, exist_ok=True)
    bot = await BotProcess.start(workdir, arguments)
    windows: list[dict[str, Any]] = []
    every: list[float] = []
    each: list[float] = []
    unseen = 0
    public_sizes: list[int] = []
    seat_sizes: list[int] = []
    deflated_sizes: list[int] = []
    page: dict[str, Any]
    try:
        await asyncio.sleep(arguments.warmup)
        connector = aiohttp.TCPConnector(limit=0)
        async with aiohttp.ClientSession(connector=connector) as session:
            for round_no in range(1, arguments.rounds + 1):
                bare = await window(bot, arguments.seconds, 0, workdir)
                bare.pop("window")
                windows.append(bare)
                print(json.dumps({"round": round_no, **bare}), flush=True)
                watchers, tasks = await connect(bot, session, arguments)
                await asyncio.sleep(arguments.warmup)
                await bot.ask("record on")
                if profile_dir is not None:
                    await bot.ask("profile on")
                viewed = await window(bot, arguments.seconds, arguments.viewers, workdir)
                if profile_dir is not None:
                    await bot.ask(f"profile off {profile_dir / f'bot-viewed-{round_no}.prof'}")
                await bot.ask("record off")
                await asyncio.sleep(arguments.grace)
                changes_path = workdir / f"changes-{round_no}.json"
                await bot.ask(f"changes {changes_path}")
                changes = {int(k): v for k, v in json.loads(changes_path.read_text()).items()}
                if not kept:
                    changes_path.unlink()
                start, end = viewed.pop("window")
                # Actions of the window's end may be read after it: the grace covers them.
                found_every, found_each, found_unseen = action_latencies(
                    changes, watchers, start, end
                )
                every += found_every
                each += found_each
                unseen += found_unseen
                viewed["actions_timed"] = len(found_every)
                for watcher in watchers:
                    (public_sizes if watcher.user_id is None else seat_sizes).extend(watcher.sizes)
                    deflated_sizes.extend(watcher.deflated)
                viewed["frames_read"] = sum(
                    1
                    for watcher in watchers
                    for frame in watcher.frames
                    if start <= frame[0] <= end
                )
                viewed["frames_per_action"] = round(
                    viewed["frames_read"] / max(viewed["actions"], 1), 2
                )
                windows.append(viewed)
                print(json.dumps({"round": round_no, **viewed}), flush=True)
                await leave(watchers, tasks)
                await asyncio.sleep(1.0)
        missing = None if arguments.page else "--no-page given: page weight skipped"
        missing = missing or chromium_missing()
        if missing is None:
            table_id = bot.tables[0]["table_id"]
            await bot.ask(f"hold {table_id}")  # mid-hand, at its member's turn: a still page
            await asyncio.sleep(2.0)
            page = await page_figures(f"{bot.url}/table/{table_id}")
        else:
            page = {"skipped": missing}
    finally:
        await bot.stop()
        if not kept:
            shutil.rmtree(workdir, ignore_errors=True)
    without = [w for w in windows if w["viewers_per_table"] == 0]
    with_viewers = [w for w in windows if w["viewers_per_table"] > 0]

    def per_action(found: list[dict[str, Any]]) -> float:
        spent = sum(float(w["bot_cpu_ms_per_action"]) * int(w["actions"]) for w in found)
        return round(
            spent / max(sum(int(w["actions"]) for w in found), 1),
            3,
        )

    cpu_without, cpu_with = per_action(without), per_action(with_viewers)
    return {
        "summary": True,
        "tables": arguments.tables,
        "viewers_per_table": arguments.viewers,
        "seated_viewers_per_table": min(arguments.seated, arguments.viewers),
        "members_per_table": arguments.members,
        "computers_per_table": arguments.computers,
        "deflate": arguments.deflate,
        "pace_seconds": arguments.pace,
        "rounds": arguments.rounds,
        "seconds_per_window": arguments.seconds,
        "action_to_every_viewer_ms": Spread.of(every, 1000).as_dict(),
        "action_to_a_viewer_ms": Spread.of(each, 1000).as_dict(),
        "unseen": unseen,
        "actions_per_second": {
            "without": round(sum(w["actions_per_second"] for w in without) / len(without), 1),
            "with": round(
                sum(w["actions_per_second"] for w in with_viewers) / len(with_viewers), 1
            ),
        },
        "bot_cpu_ms_per_action": {"without": cpu_without, "with": cpu_with},
        "viewers_add": round(cpu_with / cpu_without - 1, 3) if cpu_without else None,
        "bytes_per_frame": {
            "public": Spread.of(public_sizes, digits=0).as_dict(),
            "seat": Spread.of(seat_sizes, digits=0).as_dict(),
            # Every table frame deflated as the bot's permessage-deflate does (asked or not).
            "deflated": Spread.of(deflated_sizes, digits=0).as_dict(),
        },
        "page": page,
    }


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.web_viewers", description=__doc__)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--viewers", type=int, default=6, help="viewers per table")
    parser.add_argument("--seated", type=int, default=2, help="of them, seated players")
    parser.add_argument(
        "--german", type=int, default=4, help="every Nth spectator German (0: none)"
    )
    parser.add_argument("--members", type=int, default=6, help="scripted members per table")
    parser.add_argument("--computers", type=int, default=0, help="computer players per table")
    parser.add_argument("--pace", type=float, default=0.0, help="seconds before each action")
    parser.add_argument("--seconds", type=float, default=20.0, help="each window")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument(
        "--grace", type=float, default=GRACE_SECONDS, help="for the last frames of a window"
    )
    parser.add_argument("--no-deflate", dest="deflate", action="store_false")
    parser.add_argument("--no-page", dest="page", action="store_false")
    parser.add_argument("--profile", metavar="DIR")
    parser.add_argument(
        "--bot-root", metavar="DIR", help="run another checkout's bot (its web room) against this"
    )
    parser.add_argument("--keep", metavar="DIR")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> None:
    arguments = parse(argv)
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    print(json.dumps(asyncio.run(run(arguments))), flush=True)


if __name__ == "__main__":
    main()
