"""The 7-card census: how long judging every 7-card hand (133,784,560) takes.

Seed 000's table of Hold'em hand frequencies is reproduced by
:mod:`engine.evaluation.census`, which walks every hand with running sums of
card keys, split across worker processes. This prints, as JSON lines:

* ``census``: the whole census, its wall time with ``--workers`` processes,
  hands per second, and whether it matched seed 000's table;
* ``slice``: one slice of the hands (the two lowest cards fixed, ``--slice``)
  judged three ways in one process, so the census's per-hand cost can be set
  beside the plain ways to do it: the census itself, a loop calling Croupier's
  ``high_strength`` on each hand, and the same loop with eval7 (the fastest
  compiled peer of ``bench.evaluators``), best of ``--repeats``.

::

    python -m bench.census [--workers 2] [--slice 6 9] [--repeats 3]

Needs the peers for the slice comparison: ``pip install -e ".[bench]"``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations

from engine.cards import ALL_CARDS
from engine.evaluation import high_strength
from engine.evaluation.census import (
    DECK_SIZE,
    SEED_000_FREQUENCIES,
    census,
    census_part,
    census_tasks,
)


def whole_census(workers: int) -> tuple[float, dict[str, int]]:
    """Wall seconds for the whole census with ``workers`` processes, and its counts."""
    start = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        parts = list(pool.map(census_part, census_tasks(workers)))
    counts = census(parts)
    return time.perf_counter() - start, counts


def slice_hands(first: int, second: int) -> list[tuple[int, ...]]:
    """Every 7-card hand (as card numbers) whose two lowest cards are these."""
    return [(first, second, *rest) for rest in combinations(range(second + 1, DECK_SIZE), 5)]


def best_time(run: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--slice", type=int, nargs=2, default=(6, 9), metavar=("FIRST", "SECOND"))
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()

    seconds, counts = whole_census(args.workers)
    hands = sum(counts.values())
    print(
        json.dumps(
            {
                "bench": "census",
                "workers": args.workers,
                "hands": hands,
                "seconds": round(seconds, 2),
                "hands_per_second": round(hands / seconds),
                "matches_seed_000": counts == SEED_000_FREQUENCIES,
                "python": platform.python_version(),
            }
        ),
        flush=True,
    )

    first, second = args.slice
    numbers = slice_hands(first, second)
    cards = [tuple(ALL_CARDS[n] for n in hand) for hand in numbers]
    runs: dict[str, Callable[[], object]] = {
        "croupier census": lambda: census_part([(first, second)]),
        "croupier high_strength loop": lambda: [high_strength(hand) for hand in cards],
    }
    try:
        import eval7

        theirs = [[eval7.Card(str(card)) for card in hand] for hand in cards]
        runs["eval7 evaluate loop"] = lambda: [eval7.evaluate(hand) for hand in theirs]
    except ImportError:  # the peer is optional
        pass
    for name, run in runs.items():
        seconds = best_time(run, args.repeats)
        print(
            json.dumps(
                {
                    "bench": "census slice",
                    "slice": [str(ALL_CARDS[first]), str(ALL_CARDS[second])],
                    "how": name,
                    "hands": len(numbers),
                    "ns_per_hand": round(seconds / len(numbers) * 1e9, 1),
                }
            ),
            flush=True,
        )


if __name__ == "__main__":
    main()
