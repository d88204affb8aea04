"""The bot process of ``python -m bench.web_viewers``: many tables and the real web room.

``python -m bench.web_viewers_bot DATABASE --tables N --members M --computers C
--pace S`` opens ``N`` tables of local play's kind (the same registry, services
and :class:`~bot.local_play.QuietOutlet`, a SQLite ledger of its own), each
with ``M`` members and ``C`` computer players, and starts the web room
(:class:`web.server.WebRoomServer`) on 127.0.0.1 with :class:`BenchIdentity`:
a viewer that names a seated player (``?as=USER_ID``) sees that seat's view,
any other watches. The members are played by :class:`Autopilot` (mostly
check or call), through :meth:`~bot.tables.runner.TableRunner.act` like a
click; members and computer players act after ``S`` seconds (``--pace``; 0:
at once) and hands follow each other without a pause, so actions flow as fast
as this process lets them.

Once ready it prints one JSON line (the room's address and each table's
seated players), then answers one command per line on its standard input
with one JSON line:

- ``mark``: the actions taken so far (at every table), the changes the tables
  told their watchers and how many of them showed the same public view as the
  change before, and its monotonic clock;
- ``record on`` / ``record off``: keep, or stop keeping, every change of every
  table (its hand, its action count, whether the hand is over, when);
- ``changes PATH``: write the changes kept to ``PATH`` (JSON) and forget them;
- ``profile on`` / ``profile off PATH``: cProfile the main thread's CPU in between;
- ``loop PATH``: write how late its event loop woke (a 10 ms ticker) and its
  garbage collections since the last ``loop`` (:mod:`bench.loop_watch`) to ``PATH``;
- ``hold TABLE_ID``: the table's member stops acting, so the table waits at
  the member's next turn (for as long as the table's clock allows);
- ``stop``: close every table and exit.

Its garbage collector is set up as ``python -m bot`` sets it (:mod:`bot.heap`:
the start-up's objects set aside, young collections less often). Its CPU is
read from outside (:mod:`bench.process_stats`), so the viewers'
own work (another process) is not counted as the bot's.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import logging
import random
import resource
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from aiohttp import web

from bench.loop_watch import LoopWatch
from bot.database import Database
from bot.heap import collect_young_objects_less_often, set_aside_start_up_objects
from bot.local_play import PlayOptions, QuietOutlet, local_services, table_settings
from bot.render.views import TableSnapshot
from bot.tables.registry import TableRegistry
from bot.tables.requests import ActionRequest, Move
from bot.tables.runner import TableRunner
from bot.tables.state import TableState
from bot.web_surface import WebRoomSetup
from web.server import WebRoomServer
from web.viewers import Viewer, preferred_language

log = logging.getLogger("bench.web_viewers_bot")

GUILD = 1
#: The members' ids: one member per table, ``FIRST_MEMBER + n``.
FIRST_MEMBER = 10_000


class BenchIdentity:
    """``?as=USER_ID`` of a player seated at the table: that player; else a spectator.
    ``?lang=de``: the viewer's language (else the browser's)."""

    def __init__(self, names: dict[int, str]) -> None:
        self.names = names

    def identify(self, request: web.Request) -> Viewer:
        locale = request.query.get("lang") or preferred_language(request)
        asked = request.query.get("as")
        if asked is not None and int(asked) in self.names:
            user_id = int(asked)
            return Viewer(user_id, self.names[user_id], GUILD, locale)
        return Viewer(None, None, None, locale)

    def remember(self, request: web.Request, response: web.StreamResponse) -> None:
        return None


class Autopilot:
    """Plays a table's members and counts and stamps every change of the table.

    Each member checks or calls, but folds one time in ten facing a bet and
    raises the least one time in ten (so hands differ and chips move). It
    watches its table like the room does, added before the room, so a
    change's stamp is taken before any frame of it is built."""

    def __init__(
        self, runner: TableRunner, members: set[int], pace: float, bench: Bench, seed: int
    ) -> None:
        self.runner = runner
        self.members = members
        self.pace = pace
        self.bench = bench
        self.rng = random.Random(seed)
        self._hand: int | None = None
        self._seq = 0
        self._asked: tuple[int | None, int] | None = None
        self._last: TableSnapshot | None = None
        runner.watch(self)

    def table_changed(self, state: TableState, view: TableSnapshot, *, fresh: bool) -> None:
        now = time.monotonic()
        self.bench.changed += 1
        if view == self._last:
            self.bench.repeated += 1
        self._last = view
        if view.hand_no is not None:
            acted = view.seq - self._seq if view.hand_no == self._hand else view.seq
            if acted > 0:
                self.bench.actions += acted
            self._hand, self._seq = view.hand_no, view.seq
        if self.bench.recording:
            self.bench.changes.setdefault(state.table_id, []).append(
                (view.hand_no, view.seq, view.hand_over, now)
            )
        if view.actor_id in self.members and not view.hand_over:
            key = (view.hand_no, view.seq)
            if key != self._asked:
                self._asked = key
                asyncio.get_running_loop().create_task(self._act(view.actor_id, view))

    def _move(self, view: TableSnapshot) -> Move:
        choices = view.choices
        roll = self.rng.random()
        if view.showdown_choice:
            return Move.SHOW
        if choices is None:
            return Move.CHECK_OR_CALL
        if not choices.can_check and choices.can_fold and roll < 0.1:
            return Move.FOLD
        if choices.can_raise and roll > 0.9:
            return Move.MIN
        return Move.CHECK_OR_CALL

    def resume(self) -> None:
        """Held no longer: act now if a member's turn waits."""
        self._asked = None
        view = self.runner.snapshot()
        if view.actor_id in self.members and not view.hand_over:
            self._asked = (view.hand_no, view.seq)
            asyncio.get_running_loop().create_task(self._act(view.actor_id, view))

    async def _act(self, member: int, view: TableSnapshot) -> None:
        if self.pace:
            await asyncio.sleep(self.pace)
        if self.runner.table_id in self.bench.held:
            return  # the table waits for its member (a page's first load is measured)
        move = self._move(view)
        try:
            await self.runner.act(member, ActionRequest(move), hand_no=view.hand_no, seq=view.seq)
        except Exception as error:  # a refusal (the hand moved on): the next change asks again
            log.debug("table %s: %s refused: %r", self.runner.table_id, move, error)


class Bench:
    def __init__(self) -> None:
        self.actions = 0
        #: Changes the tables told, and of them those whose public view equalled the last.
        self.changed = 0
        self.repeated = 0
        self.recording = False
        self.changes: dict[int, list[tuple[int | None, int, bool, float]]] = {}
        self.profile: cProfile.Profile | None = None
        #: Tables whose member stops acting: they wait at the member's turn.
        self.held: set[int] = set()


async def open_tables(
    registry: TableRegistry, arguments: argparse.Namespace, bench: Bench
) -> tuple[list[dict[str, Any]], dict[int, str]]:
    seats = max(6, arguments.members + arguments.computers)
    # The longest clock: no member is timed out while the other tables open.
    options = PlayOptions(computers=arguments.computers, seats=seats, action_seconds=600)
    config = table_settings(options)
    found: list[dict[str, Any]] = []
    names: dict[int, str] = {}
    runners: list[tuple[TableRunner, list[int]]] = []
    pilots: list[Autopilot] = []
    # The tables opened first wait at their members' first turn while the others
    # open (a table deals once two sit), then all play.
    for n in range(arguments.tables):
        members = [FIRST_MEMBER + n * 10 + m for m in range(arguments.members)]
        runner = await registry.create(GUILD, n + 1, members[0], config)
        bench.held.add(runner.table_id)
        pilots.append(Autopilot(runner, set(members), arguments.pace, bench, arguments.seed + n))
        runners.append((runner, members))
    for runner, members in runners:
        for _ in range(arguments.computers):
            await runner.add_computer(None, None)
        for member in members:
            await registry.services.cashier.balance(GUILD, member)
            await runner.join(member, f"Member {member}", buy_in=config.max_buy_in, locale="en")
        seated = [seat.player for seat in runner.table.seats.values()]
        seated.sort(key=lambda user_id: (user_id not in members, user_id))
        for user_id in seated:
            names[user_id] = f"Player {user_id}"
        found.append({"table_id": runner.table_id, "seated": seated})
    bench.held.clear()
    for pilot in pilots:
        pilot.resume()
    return found, names


async def serve(arguments: argparse.Namespace) -> None:
    bench = Bench()
    database = await Database.open(Path(arguments.database))
    services = replace(
        local_services(database),
        rng=random.Random(arguments.seed),
        hand_pause_seconds=0.0,
        runout_pause_seconds=0.0,
        computer_pace_seconds=arguments.pace,
    )
    registry = TableRegistry(services, lambda channel_id: QuietOutlet())
    names: dict[int, str] = {}
    identity = BenchIdentity(names)
    server = WebRoomServer(WebRoomSetup(registry, port=0, flood_limit=0), identity)
    try:
        tables, seated_names = await open_tables(registry, arguments, bench)
        names.update(seated_names)
        await server.start()
        print(json.dumps({"url": server.url, "tables": tables}), flush=True)
        await answer_commands(bench)
    finally:
        await server.stop()
        await registry.stop_all()
        await database.close()


async def answer_commands(bench: Bench) -> None:
    watch = LoopWatch()
    watch.start()
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while line := (await reader.readline()).decode().strip():
        command, _, rest = line.partition(" ")
        answer: dict[str, Any] = {"ok": True}
        if command == "mark":
            answer = {
                "actions": bench.actions,
                "changes": bench.changed,
                "repeated": bench.repeated,
                "at": time.monotonic(),
            }
        elif command == "record":
            bench.recording = rest == "on"
        elif command == "changes":
            Path(rest).write_text(json.dumps({str(k): v for k, v in bench.changes.items()}))
            bench.changes = {}
        elif command == "profile" and rest == "on":
            bench.profile = cProfile.Profile(time.thread_time)  # the main thread's CPU
            bench.profile.enable()
        elif command == "profile" and bench.profile is not None:
            bench.profile.disable()
            bench.profile.dump_stats(rest.split(" ", 1)[1])
            bench.profile = None
        elif command == "loop":
            watch.write(Path(rest))
            watch.lags.clear()
            watch.collections.clear()
        elif command == "hold":
            bench.held.add(int(rest))
        elif command == "stop":
            print(json.dumps(answer), flush=True)
            return
        print(json.dumps(answer), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.web_viewers_bot")
    parser.add_argument("database")
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--members", type=int, default=6)
    parser.add_argument("--computers", type=int, default=0)
    parser.add_argument("--pace", type=float, default=0.0)
    parser.add_argument("--seed", type=int, default=7)
    arguments = parser.parse_args()
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    # As the bot's launcher does (bot.heap), before any table exists.
    set_aside_start_up_objects()
    collect_young_objects_less_often()
    asyncio.run(serve(arguments))


if __name__ == "__main__":
    main()
