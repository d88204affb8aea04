"""The table logistics of a 90-player tournament, played to a winner with
random busts: how long the floor (engine.tournament_tables) takes and what
memory it holds. No cards are dealt: each hand is a start and an end told to
the floor, with up to three busts, so this measures the floor alone (the
benchmark with real tables is ``bench/mtt_real_tables.py``).

Tables start and finish hands in a random interleaving (several in progress
at once, as in a live room), moves are carried out a step late, and the
floor is saved as JSON and read back after every call, as the bot will do.

    python -m bench.tournament_tables [--players 90] [--runs 20] [--seed 1]

Prints one JSON line per run and a summary line: wall seconds per
tournament, floor calls, hands, hand-for-hand rounds, tables broken, the
size of the saved floor; then the peak memory traced (tracemalloc) over one
more tournament and the process's peak resident set.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import time
import tracemalloc
from collections.abc import Sequence

from engine import (
    FinalTableFormed,
    HandForHand,
    TableBroken,
    TournamentFloor,
)
from engine.button import clockwise_after


def play(players: int, seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    floor = TournamentFloor.seat_field(
        range(1, players + 1), seat_count=9, paid_places=max(1, players * 15 // 100), rng=rng
    )
    calls = hands = broken = rounds = 0
    saved_bytes = 0
    final = False
    started = time.perf_counter()
    while not any(finish.place == 1 for finish in floor.finishes):
        for move in list(floor.pending):
            if rng.random() < 0.7:
                floor.move_done(move.player)
                calls += 1
        dealable = [t for t in floor.running_tables if floor.may_deal(t)]
        if dealable and (not floor.dealing or rng.random() < 0.5):
            table = rng.choice(dealable)
            seats = floor.seats(table)
            last = floor.big_blinds[table]
            big_blind = (
                min(seats)
                if last is None
                else next(s for s in clockwise_after(last, 9) if s in seats)
            )
            floor.hand_started(table, big_blind)
            hands += 1
        elif floor.dealing:
            table = rng.choice(sorted(floor.dealing))
            at_table = list(floor.seats(table).values())
            count = min(rng.choice([0, 0, 0, 0, 1, 1, 2, 3]), len(at_table) - 1)
            busted = {p: rng.randrange(100, 20_000) for p in rng.sample(at_table, count)}
            for event in floor.hand_finished(table, busted, rng):
                broken += isinstance(event, TableBroken)
                rounds += isinstance(event, HandForHand) and event.on
                final |= isinstance(event, FinalTableFormed)
        else:
            for move in list(floor.pending):
                floor.move_done(move.player)
        calls += 1
        text = json.dumps(floor.to_data())
        saved_bytes = max(saved_bytes, len(text))
        floor = TournamentFloor.from_data(json.loads(text))
    return {
        "players": players,
        "seed": seed,
        "wall_s": round(time.perf_counter() - started, 4),
        "floor_calls": calls,
        "hands": hands,
        "tables_broken": broken,
        "hand_for_hand_started": rounds,
        "final_table": final,
        "largest_saved_floor_bytes": saved_bytes,
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=90)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    walls = []
    for run in range(args.runs):
        line = play(args.players, args.seed + run)
        walls.append(float(line["wall_s"]))  # type: ignore[arg-type]
        print(json.dumps(line), flush=True)
    # Memory: one more tournament under tracemalloc (which slows Python
    # down, so it is not timed), and the process's peak resident set.
    tracemalloc.start()
    play(args.players, args.seed)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        json.dumps(
            {
                "summary": "tournament_tables",
                "players": args.players,
                "runs": args.runs,
                "wall_s_median": round(statistics.median(walls), 4),
                "wall_s_max": round(max(walls), 4),
                "peak_traced_kib": peak // 1024,
                "max_rss_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                "note": "wall includes saving and reading the floor as JSON after every call",
            }
        ),
        flush=True,
    )


if __name__ == "__main__":
    main()
