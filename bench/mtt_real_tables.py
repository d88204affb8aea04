"""A multi-table tournament of computer players at real tables, to a winner.

The bot's own parts, without Discord: a :class:`~bot.tables.registry.TableRegistry`
on a SQLite file, :func:`~bot.tournaments.floor_runner.start_multi_table_tournament`
seating the field over tables of nine (each a real
:class:`~bot.tables.runner.TableRunner`: hands dealt, written ahead, settled,
saved), the floor's moves, hand for hand and the final table carried out as
in the bot. Messages go to an outlet that keeps them in memory
(``tools.readme_pictures.Channel``). The clock is a fast one: it runs
``--speed`` times real time, so a level of one minute lasts ``60 / speed``
seconds; the computer players think for no time and the pause between hands
is a tenth of a second of the fast clock.

    python -m bench.mtt_real_tables [--players 90] [--speed 60] [--seed 1]

Prints one JSON line: the wall seconds to a winner, the hands dealt (over all
tables), the process's CPU seconds per hand, the tables used, the levels
reached, and the peak memory (the process's peak resident set, and the peak
traced by tracemalloc with ``--trace``, which slows the run).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from bot.cashier import Cashier
from bot.daily import DailyReward
from bot.database import Database
from bot.tables.registry import TableRegistry
from bot.tables.services import TableServices
from bot.tables.table_settings import TableSettings
from bot.tournaments.floor_runner import Entrant, start_multi_table_tournament
from tools.readme_pictures import Channel


class FastClock:
    """Real time, ``speed`` times faster (a monotonic clock and its wall time)."""

    def __init__(self, speed: float) -> None:
        self.speed = speed
        self._start = time.monotonic()
        self._wall = time.time()

    def now(self) -> float:
        return (time.monotonic() - self._start) * self.speed

    def wall_now(self) -> float:
        return self._wall + self.now()

    async def sleep_until(self, when: float) -> None:
        delay = (when - self.now()) / self.speed
        if delay > 0:
            await asyncio.sleep(delay)

    def call_at(self, when: float, callback: Callable[[], object]) -> asyncio.TimerHandle:
        loop = asyncio.get_running_loop()
        return loop.call_later(max(0.0, (when - self.now()) / self.speed), callback)


async def play(players: int, speed: float, seed: int) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as scratch:
        async with await Database.open(Path(scratch) / "bench.db") as database:
            cashier = Cashier(database, starting_chips=100_000, daily=DailyReward(100, 10, 7))
            services = TableServices(
                database,
                cashier,
                FastClock(speed),
                hand_pause_seconds=0.1,
                computer_pace_seconds=0,
                rng=random.Random(seed),
            )
            registry = TableRegistry(services, lambda channel_id: Channel())
            config = TableSettings.checked(
                variant="NT",
                small_blind=10,
                big_blind=20,
                min_buy_in=0,
                max_buy_in=0,
                seats=9,
                action_seconds=30,
                tournament=True,
                tournament_buy_in=100,
                starting_stack=2000,
                level_minutes=1,
            )
            threads = iter(range(1000, 2000))

            async def open_thread(number: int, name: str) -> int:
                return next(threads)

            field = [Entrant(-k, f"Bot {k}") for k in range(1, players + 1)]
            cpu, wall = time.process_time(), time.perf_counter()
            tournament = await start_multi_table_tournament(
                registry,
                guild_id=1,
                channel_id=1,
                creator_id=1,
                config=config,
                players=field,
                open_thread=open_thread,
                lobby_outlet=Channel(),
                rng=random.Random(seed),
            )
            tables = len(tournament.runners)
            while not any(f.place == 1 for f in tournament.floor.finishes):
                await asyncio.sleep(0.05)
            await tournament.settled()
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            hands = sum(runner.table.hand_number for runner in tournament.runners.values())
            levels = max(
                runner.table.clock.index + 1
                for runner in tournament.runners.values()
                if runner.table.clock is not None
            )
            places = sorted(f.place for f in tournament.floor.finishes)
            pool = await cashier.prize_pool(tournament.pool_table_id)
            await registry.stop_all()
    return {
        "players": players,
        "tables": tables,
        "wall_seconds": round(wall, 1),
        "hands": hands,
        "cpu_ms_per_hand": round(1000 * cpu / max(hands, 1), 2),
        "levels": levels,
        # Every player placed once (places shared by busts in one hand repeat),
        # and the prize pool paid out to the chip.
        "placed": len(places),
        "pool_left": pool,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=90)
    parser.add_argument("--speed", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--trace", action="store_true", help="trace memory (slower)")
    options = parser.parse_args()
    if options.trace:
        tracemalloc.start()
    result = asyncio.run(play(options.players, options.speed, options.seed))
    result["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    if options.trace:
        result["peak_traced_mb"] = round(tracemalloc.get_traced_memory()[1] / 2**20, 1)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
