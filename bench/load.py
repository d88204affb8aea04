"""Many tables at once: ``python -m bench.load [--tables 50,200,500] [--seconds 20]``.

For each number of tables, a fresh fake Discord (in this process) and a fresh
product bot (its own process, ``python -m bench.load_bot``: the real client,
cogs and runners, plus the ``/noop`` floor command) are started; six players
sit at every table and act the moment it is their turn, as fast as the bot
lets them (no pause between hands, no Discord rate limits). After a warm-up,
for ``--seconds`` the benchmark measures:

- hands finished and actions taken per second, over all tables;
- for every button click, the time from the fake creating the interaction
  and sending INTERACTION_CREATE to the bot's acknowledgement arriving at the
  fake (``action_ms``), at the median and the 99th percentile;
- the same for ``/noop``, sent ten times a second in the same run: the floor
  (``floor_ms``), and the ratio of the two 99th percentiles;
- from a click to the table message showing the next turn
  (``click_to_next_turn_ms``): what a player waits for;
- the bot process's resident memory before the tables opened and under load,
  and so the memory per table;
- inside the bot: its event loop's lag and the garbage collector's pauses;
- how busy each process was (CPU seconds per second) and the bot's CPU time
  per action, to show what the run was limited by, with the machine's load;
- the bot's HTTP requests to Discord per action, by route (the fake counts each
  request as it arrives), and how the clicks were answered (the table's update,
  an acknowledgement, a sentence);
- the floor's CPU: once every table is seated and before play starts, the
  bot's CPU per ``/noop`` sent back to back (its idle CPU over as long a
  quiet spell subtracted), so the CPU per poker action of the same run and
  the same bot process can be set against what any interaction costs.

Prints one JSON object per line: one per table count, then a summary. The
default (``--tables 10 --seconds 10``) is a quick check; see bench/LOAD.md.
Hands take a while at hundreds of tables: measure 60 s or more there.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import signal
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.load_players import Crowd, TableDriver
from bench.process_stats import cpu_seconds, resident_kib
from bot.audit import audit
from bot.database import Database
from tests.e2e.bot_process import REPO_ROOT, BotProcess
from tests.e2e.fake_discord import FakeDiscord, Member, NoResponse
from tests.e2e.fake_discord.interactions import APPLICATION_COMMAND, MESSAGE_COMPONENT

PLAYERS = 6
BUY_IN = 10_000
#: How often the floor command is sent, and how many table commands run at once at set-up.
FLOOR_INTERVAL = 0.1
SETUP_CONCURRENCY = 25
#: The floor's CPU: how long the bot is watched idle and then answering /noop back to back,
#: and how many /noop are in flight at once then.
FLOOR_CPU_SECONDS = 3.0
FLOOR_CPU_SENDERS = 8
#: The interaction response that answers with a message (a refusal, for a table button).
CHANNEL_MESSAGE = 4
#: The route of an interaction's first answer (a deferral, an update, a message).
CALLBACK_ROUTE = "POST /interactions/{interaction}/{token}/callback"
#: An interaction not acknowledged this long after the window closed is counted as lost.
GRACE_SECONDS = 3.5


@dataclass(frozen=True)
class Latencies:
    count: int
    p50_ms: float
    p99_ms: float
    max_ms: float
    unanswered: int

    @classmethod
    def of(cls, seconds: Sequence[float], unanswered: int) -> Latencies:
        ordered = sorted(seconds)
        if not ordered:
            return cls(0, float("nan"), float("nan"), float("nan"), unanswered)

        def at(share: float) -> float:
            return round(1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))], 2)

        return cls(len(ordered), at(0.50), at(0.99), at(1.0), unanswered)


async def seat_table(
    driver: TableDriver, creator: Member, members: list[Member], gate: asyncio.Semaphore
) -> int:
    """Open the table and seat its players; how many answers came too late."""
    late = 0
    async with gate:
        created = await creator.slash(
            "poker",
            "create",
            channel=driver.channel_id,
            small_blind=1,
            big_blind=2,
            min_buy_in=100,
            max_buy_in=BUY_IN,
            seats=PLAYERS,
            timeout=30,
        )
        await created.settled(timeout=30)
        for member in members:
            try:
                await member.slash(
                    "poker", "join", channel=driver.channel_id, buy_in=BUY_IN, timeout=30
                )
            except NoResponse:  # answered after Discord's 3 s: seated all the same
                late += 1
    return late


async def send_floor(member: Member, channel_id: int, stop: asyncio.Event) -> None:
    while not stop.is_set():
        await member.slash("noop", channel=channel_id, wait=False)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), FLOOR_INTERVAL)


async def floor_cpu(bot: BotProcess, member: Member, channel_id: int) -> dict[str, float]:
    """The bot's CPU per /noop, its idle CPU over an equal quiet spell subtracted."""
    idle_cpu, idle_started = cpu_seconds(bot.pid), time.monotonic()
    await asyncio.sleep(FLOOR_CPU_SECONDS)
    idle_rate = (cpu_seconds(bot.pid) - idle_cpu) / (time.monotonic() - idle_started)
    answered = 0
    deadline = time.monotonic() + FLOOR_CPU_SECONDS

    async def sender() -> None:
        nonlocal answered
        while time.monotonic() < deadline:
            await member.slash("noop", channel=channel_id, timeout=30)
            answered += 1

    busy_cpu, busy_started = cpu_seconds(bot.pid), time.monotonic()
    await asyncio.gather(*(sender() for _ in range(FLOOR_CPU_SENDERS)))
    elapsed = time.monotonic() - busy_started
    spent = cpu_seconds(bot.pid) - busy_cpu - idle_rate * elapsed
    return {
        "noops": answered,
        "noops_per_second": round(answered / elapsed, 1),
        "idle_cpu_busy": round(idle_rate, 3),
        "cpu_ms_per_noop": round(1000 * spent / max(answered, 1), 2),
    }


async def heap_census(bot: BotProcess, path: Path) -> dict[str, Any]:
    """Ask the bot (SIGUSR1) what its garbage collector tracks; wait for the answer."""
    path.unlink(missing_ok=True)
    os.kill(bot.pid, signal.SIGUSR1)
    for _ in range(300):
        await asyncio.sleep(0.1)
        with contextlib.suppress(FileNotFoundError, json.JSONDecodeError):
            found: dict[str, Any] = json.loads(path.read_text())
            return found
    return {"tracked": None, "frozen": None, "top": []}


def refused_clicks(fake: FakeDiscord, start: float, end: float, channels: set[int]) -> int:
    """Clicks in the window the bot answered with a sentence (a refusal: the turn had
    moved on, not this player's turn) instead of acting on them."""
    return sum(
        1
        for record in fake.state.interactions.values()
        if record.type == MESSAGE_COMPONENT
        and record.channel_id in channels
        and start <= record.created_at <= end
        and (record.response_type == CHANNEL_MESSAGE or record.followup_ids)
    )


def click_answers(
    fake: FakeDiscord, start: float, end: float, channels: set[int]
) -> dict[str, int]:
    """How the window's clicks were answered: by the table's edit itself (7), acknowledged
    and the table edited on its own (6), with a sentence (4), not at all (None)."""
    kinds = Counter(
        str(record.response_type)
        for record in fake.state.interactions.values()
        if record.type == MESSAGE_COMPONENT
        and record.channel_id in channels
        and start <= record.created_at <= end
    )
    return dict(kinds.most_common())


def latencies(
    fake: FakeDiscord, start: float, end: float, kind: int, channels: set[int]
) -> Latencies:
    answered, lost = [], 0
    for record in fake.state.interactions.values():
        if record.type != kind or record.channel_id not in channels:
            continue
        if not start <= record.created_at <= end:
            continue
        if record.responded_at is None:
            lost += 1
        else:
            answered.append(record.responded_at - record.created_at)
    return Latencies.of(answered, lost)


async def run_tables(
    tables: int, seconds: float, warmup: float, workdir: Path, database_url: str | None = None
) -> dict[str, Any]:
    """One measured run with ``tables`` tables; its figures. The bot keeps its chips in
    a fresh SQLite file in ``workdir``, or in the (empty) PostgreSQL ``database_url``."""
    fake = await FakeDiscord().start()
    fake.state.record_sightings = False
    bot: BotProcess | None = None
    try:
        channels = [fake.add_channel(f"table-{n}") for n in range(tables)]
        seated = {
            channel.id: [fake.add_member(f"T{n}P{p}") for p in range(PLAYERS)]
            for n, channel in enumerate(channels)
        }
        floor_channel = fake.add_channel("floor")
        floor_member = fake.add_member("Floor")
        database = workdir / f"load-{tables}.db"
        for stale in workdir.glob(f"{database.name}*"):  # a kept folder's last run
            stale.unlink()
        bot = BotProcess(
            fake,
            database,
            {
                "CROUPIER_STARTING_CHIPS": str(BUY_IN * 10),
                # Every table is on the fake's one server: lift the per-server limit (25).
                "CROUPIER_MAX_TABLES_PER_SERVER": "0",
                "CROUPIER_LOG_LEVEL": "INFO",
                "CROUPIER_BENCH_LOOP": str(workdir / f"loop-{tables}.json"),
                "CROUPIER_BENCH_HEAP": str(workdir / f"heap-{tables}.json"),
                **_profile_environment(workdir, tables),
                **({"CROUPIER_DATABASE": database_url} if database_url else {}),
            },
            module="bench.load_bot",
        )
        await bot.start(timeout=120)
        await asyncio.sleep(1.0)
        rss_idle = resident_kib(bot.pid)

        crowd = Crowd(fake)
        for n, channel in enumerate(channels):
            crowd.add(TableDriver(channel.id, seated[channel.id], seed=n))
        gate = asyncio.Semaphore(SETUP_CONCURRENCY)
        setup_started = time.monotonic()
        late = await asyncio.gather(
            *(
                seat_table(crowd.tables[channel.id], members[0], members, gate)
                for channel in channels
                for members in [seated[channel.id]]
            )
        )
        setup_seconds = time.monotonic() - setup_started
        unopened = [n for n, driver in crowd.tables.items() if driver.latest is None]
        if unopened:  # a limit or a refusal: the run would measure fewer tables than it says
            raise RuntimeError(f"{len(unopened)} of {tables} tables showed no table message")
        floor_cost = await floor_cpu(bot, floor_member, floor_channel.id)
        crowd.start_playing()
        await asyncio.sleep(warmup)

        load_before = os.getloadavg()[0]
        stop_floor = asyncio.Event()
        floor = asyncio.create_task(send_floor(floor_member, floor_channel.id, stop_floor))
        profiling = bool(os.environ.get("CROUPIER_BENCH_PROFILE"))
        if profiling:  # the bot profiles the window only (bench.load_bot.Window)
            os.kill(bot.pid, signal.SIGUSR2)
        bot_cpu, own_cpu = cpu_seconds(bot.pid), time.process_time()
        requests_before = (Counter(fake.rest.route_counts), Counter(fake.rest.limited_counts))
        start = fake.clock.now()
        hands_before = sum(len(d.results) for d in crowd.tables.values())
        await asyncio.sleep(seconds)
        end = fake.clock.now()
        requests = fake.rest.route_counts - requests_before[0]
        limited = fake.rest.limited_counts - requests_before[1]
        hands = sum(len(d.results) for d in crowd.tables.values()) - hands_before
        bot_busy = (cpu_seconds(bot.pid) - bot_cpu) / (end - start)
        if profiling:
            os.kill(bot.pid, signal.SIGUSR2)
        # What the 10-per-second floor commands of the window cost, at the floor's price.
        floor_share = floor_cost["cpu_ms_per_noop"] / 1000 / FLOOR_INTERVAL
        own_busy = (time.process_time() - own_cpu) / (end - start)
        rss_loaded = resident_kib(bot.pid)
        stop_floor.set()
        await floor
        await asyncio.sleep(GRACE_SECONDS)
        # While the tables still play, but after the window's interactions had their
        # time: the census holds the bot's loop up, which would make them late.
        heap = await heap_census(bot, workdir / f"heap-{tables}.json")
        crowd.stop()

        actions = latencies(fake, start, end, MESSAGE_COMPONENT, set(seated))
        refused = refused_clicks(fake, start, end, set(seated))
        answered_by = click_answers(fake, start, end, set(seated))
        stalled = sum(  # tables at which nothing was done in the whole window
            1
            for driver in crowd.tables.values()
            if not any(start <= when <= end for when, _ in driver.turnarounds)
        )
        shown = Latencies.of(
            [
                took
                for driver in crowd.tables.values()
                for when, took in driver.turnarounds
                if start <= when <= end
            ],
            0,
        )
        noop = latencies(fake, start, end, APPLICATION_COMMAND, {floor_channel.id})
        http = http_figures(requests, limited, actions.count, noop.count + noop.unanswered)
        await bot.stop(timeout=60)
        async with await Database.open(database_url or database) as db:
            clean = (await audit(db)).clean
        lag, pauses = loop_figures(workdir / f"loop-{tables}.json", start, end)
        walked = max(
            (
                census
                for when, census in json.loads((workdir / f"loop-{tables}.json").read_text()).get(
                    "walked_census", []
                )
                if start <= when <= end
            ),
            key=lambda census: int(census["walked"]),
            default=None,
        )
        return {
            "tables": tables,
            "database": "postgresql" if database_url else "sqlite",
            "bot_root": os.environ.get("CROUPIER_BENCH_BOT_ROOT") or str(REPO_ROOT),
            "players": tables * PLAYERS,
            "seconds": round(end - start, 2),
            "setup_seconds": round(setup_seconds, 1),
            "setup_answers_too_late": sum(late),
            "hands": hands,
            "hands_per_second": round(hands / (end - start), 2),
            "actions_per_second": round(actions.count / (end - start), 1),
            "action_ms": _figures(actions),
            "refused_clicks": refused,
            "click_answers": answered_by,
            "floor_ms": _figures(noop),
            "click_to_next_turn_ms": _figures(shown, unanswered=False),
            "p99_over_floor": round(actions.p99_ms / noop.p99_ms, 2) if noop.count else None,
            "stalled_tables": stalled,
            "rss_idle_mib": round(rss_idle / 1024, 1),
            "rss_loaded_mib": round(rss_loaded / 1024, 1),
            "rss_kib_per_table": round((rss_loaded - rss_idle) / tables, 1),
            "bot_gc_tracked_objects": heap["tracked"],
            "bot_gc_frozen_objects": heap["frozen"],
            "bot_gc_tracked_top": heap["top"][:8],
            "bot_gc_owners": heap.get("owners", {}),
            "bot_gc_coroutines": heap.get("coroutines", []),
            "bot_gc_generations": heap.get("generations"),
            "bot_gc_younger_top": heap.get("younger_top", [])[:12],
            "bot_gc_longest_walk": walked,
            "bot_gc_younger_garbage": heap.get("younger_garbage"),
            "bot_gc_younger_owners": heap.get("younger_owners"),
            "bot_gc_younger_coroutines": heap.get("younger_coroutines"),
            "bot_group_commit": heap.get("group_commit"),
            "bot_loop_lag_ms": lag,
            "bot_gc_pauses_ms": pauses,
            "bot_cpu_busy": round(bot_busy, 2),
            "bot_cpu_ms_per_action": round(
                1000 * bot_busy / max(actions.count, 1) * (end - start), 2
            ),
            "bot_cpu_ms_per_noop": floor_cost["cpu_ms_per_noop"],
            "action_cpu_over_floor": round(
                1000
                * (bot_busy - floor_share - floor_cost["idle_cpu_busy"])
                * (end - start)
                / max(actions.count, 1)
                / max(floor_cost["cpu_ms_per_noop"], 0.01),
                2,
            ),
            "floor_cpu": floor_cost,
            "bot_http_per_action": http["per_action"],
            "bot_http_by_route": http["by_route"],
            "bot_http_429": http["limited"],
            "driver_cpu_busy": round(own_busy, 2),
            "audit_clean": clean,
            # Other work on the machine skews every figure: its 1-minute load average.
            "loadavg": [round(load_before, 2), round(os.getloadavg()[0], 2)],
        }
    finally:
        if bot is not None and bot.running:
            await bot.kill()
        await fake.stop()


def http_figures(
    requests: Counter[str], limited: Counter[str], actions: int, noops: int
) -> dict[str, Any]:
    """The bot's HTTP requests to Discord in the window, per poker action: in all and
    by route (the route's template, e.g. ``PATCH /channels/{channel}/messages/{message}``),
    answers to the window's ``/noop`` taken out of the callback route; and how many
    of them a rate limit answered 429 (counted in the totals too, as Discord counts them)."""
    by_action = Counter(requests)
    by_action[CALLBACK_ROUTE] = max(0, by_action[CALLBACK_ROUTE] - noops)
    per = max(actions, 1)
    return {
        "per_action": round(sum(by_action.values()) / per, 2),
        "by_route": {
            route: round(count / per, 3) for route, count in by_action.most_common() if count
        },
        "limited": dict(limited.most_common()),
    }


def loop_figures(
    path: Path, start: float, end: float
) -> tuple[dict[str, float], dict[str, float | int]]:
    """The bot's event-loop lag and its collector's pauses within the window."""
    watched = json.loads(path.read_text())
    lags = sorted(lag for when, lag in watched["lags"] if start <= when <= end)
    pauses = [
        (gen, took, cpu, walked, freed)
        for when, gen, took, cpu, walked, freed in watched["collections"]
        if start <= when <= end
    ]
    older = [(took, cpu, walked, freed) for gen, took, cpu, walked, freed in pauses if gen > 0]
    longest = max(older, default=(0.0, 0.0, 0, 0))

    def at(share: float) -> float:
        return round(1000 * lags[min(len(lags) - 1, int(share * len(lags)))], 2) if lags else 0.0

    return (
        {"p50": at(0.5), "p99": at(0.99), "max": at(1.0)},
        {
            "count": len(pauses),
            "full_collections": sum(1 for gen, *_ in pauses if gen == 2),
            "max": round(1000 * max((took for _, took, *_ in pauses), default=0.0), 2),
            "total": round(1000 * sum(took for _, took, *_ in pauses), 1),
            "max_cpu": round(1000 * max((cpu for _, _, cpu, *_ in pauses), default=0.0), 2),
            "total_cpu": round(1000 * sum(cpu for _, _, cpu, *_ in pauses), 1),
            # Middle and full collections: how many; the longest one's objects walked
            # and garbage freed (reference cycles only a collection frees).
            "older_collections": len(older),
            "longest_older_walked": longest[2],
            "longest_older_freed": longest[3],
        },
    )


def _figures(found: Latencies, *, unanswered: bool = True) -> dict[str, float | int]:
    figures: dict[str, float | int] = {
        "count": found.count,
        "p50": found.p50_ms,
        "p99": found.p99_ms,
        "max": found.max_ms,
    }
    if unanswered:
        figures["unanswered"] = found.unanswered
    return figures


def _profile_environment(workdir: Path, tables: int) -> dict[str, str]:
    # CROUPIER_BENCH_NO_FREEZE=1 runs the bot without bot.heap's gc.freeze, and
    # CROUPIER_BENCH_GC_DEFAULTS=1 with CPython's collector thresholds, to compare.
    passed = {
        key: "1"
        for key in (
            "CROUPIER_BENCH_NO_FREEZE",
            "CROUPIER_BENCH_GC_DEFAULTS",
            "CROUPIER_BENCH_WALKED_CENSUS",
        )
        if os.environ.get(key)
    }
    # The bot's environment keeps none of ours starting CROUPIER_: pass the thresholds on.
    if thresholds := os.environ.get("CROUPIER_BENCH_GC_THRESHOLDS"):
        passed["CROUPIER_BENCH_GC_THRESHOLDS"] = thresholds
    # CROUPIER_BENCH_BOT_ROOT=DIR runs the bot (bot/, cogs/, engine/, bench.load_bot)
    # of another checkout against this benchmark's fake and players: an A/B of two
    # versions of the bot measured by the same benchmark code.
    if bot_root := os.environ.get("CROUPIER_BENCH_BOT_ROOT"):
        passed["PYTHONPATH"] = os.pathsep.join([str(Path(bot_root).resolve()), str(REPO_ROOT)])
    if not os.environ.get("CROUPIER_BENCH_PROFILE"):
        return passed
    return passed | {"CROUPIER_BENCH_PROFILE": str(workdir / f"bot-{tables}.prof")}


async def main_async(arguments: argparse.Namespace) -> None:
    counts = [int(n) for n in arguments.tables.split(",") if n.strip()]
    runs = []
    with tempfile.TemporaryDirectory(prefix="croupier-load-") as scratch:
        workdir = Path(arguments.keep) if arguments.keep else Path(scratch)
        workdir.mkdir(parents=True, exist_ok=True)
        for tables in counts:
            figures = await run_tables(tables, arguments.seconds, arguments.warmup, workdir)
            runs.append(figures)
            print(json.dumps(figures), flush=True)
    per_table = [run["rss_kib_per_table"] for run in runs]
    print(
        json.dumps(
            {
                "summary": True,
                "python": platform.python_version(),
                "cpus": os.cpu_count(),
                "machine": platform.machine(),
                "p99_over_floor": {run["tables"]: run["p99_over_floor"] for run in runs},
                "rss_kib_per_table": dict(zip(counts, per_table, strict=True)),
                "action_cpu_over_floor": {
                    run["tables"]: run["action_cpu_over_floor"] for run in runs
                },
                "bot_http_per_action": {run["tables"]: run["bot_http_per_action"] for run in runs},
            }
        ),
        flush=True,
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__)
    parser.add_argument("--tables", default="10", help="table counts, e.g. 50,200,500")
    parser.add_argument("--seconds", type=float, default=10.0, help="measured seconds per run")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds before measuring")
    parser.add_argument("--keep", help="keep databases, logs and profiles in this folder")
    asyncio.run(main_async(parser.parse_args(argv)))


if __name__ == "__main__":
    main()
