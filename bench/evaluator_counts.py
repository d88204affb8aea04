"""Why the seven-card evaluator's lead over eval7 depends on the machine: instructions
and cache misses per hand, counted by valgrind's callgrind instead of timed.

Each library judges the same 20,000 seeded random 7-card hands in a process of
its own under ``valgrind --tool=callgrind --cache-sim=yes``; the same process
run again without judging (imports, tables, hands and card objects built alike)
is subtracted, so what is left is the judging alone. Counts do not depend on
what else the machine is doing (``PYTHONHASHSEED`` is fixed so both runs lay
out memory alike). The cache simulated is the machine's own first level and a
last level of ``--ll-mib`` (default 8 MiB: a VM's share of a large shared cache;
the default of callgrind is the host's whole last-level cache)::

    python -m bench.evaluator_counts [--ll-mib 8] [--hands 20000]

Prints one JSON line per library: instructions, first-level data read misses
and last-level data read misses per hand. Needs valgrind and eval7
(``pip install -e ".[bench]"``); takes a few minutes.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

#: callgrind's totals with --cache-sim=yes, in this order.
EVENTS = ("Ir", "Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw")
LIBRARIES = ("croupier", "eval7")


def drive(library: str, judging: bool, hands: int) -> None:
    """Build the hands (and judge them, if ``judging``): what callgrind counts."""
    from engine import ALL_CARDS

    rng = random.Random(2024)
    dealt = [rng.sample(ALL_CARDS, 7) for _ in range(hands)]
    if library == "croupier":
        from engine.evaluation import high_strength as judge

        own: list[list[object]] = [list(hand) for hand in dealt]
    else:
        import eval7  # type: ignore[import-untyped]

        judge = eval7.evaluate
        own = [[eval7.Card(str(card)) for card in hand] for hand in dealt]
    if judging:
        for hand in own:
            judge(hand)


def counted(library: str, judging: bool, hands: int, ll_mib: int) -> dict[str, int]:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        command = [
            "valgrind",
            "--tool=callgrind",
            "--cache-sim=yes",
            f"--LL={ll_mib * 1024 * 1024},16,64",
            f"--callgrind-out-file={out}",
            sys.executable,
            "-m",
            "bench.evaluator_counts",
            "--drive",
            library,
            "judge" if judging else "build",
            "--hands",
            str(hands),
        ]
        done = subprocess.run(
            command,
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
    match = re.search(r"Collected : ([\d ]+)", done.stderr)
    if match is None:
        raise RuntimeError(f"callgrind printed no totals: {done.stderr[-500:]}")
    return dict(zip(EVENTS, map(int, match.group(1).split()), strict=True))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.evaluator_counts")
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--ll-mib", type=int, default=8, help="last-level cache simulated")
    parser.add_argument("--drive", nargs=2, metavar=("LIBRARY", "MODE"), help=argparse.SUPPRESS)
    arguments = parser.parse_args(argv)
    if arguments.drive:
        library, mode = arguments.drive
        drive(library, mode == "judge", arguments.hands)
        return
    for library in LIBRARIES:
        built = counted(library, False, arguments.hands, arguments.ll_mib)
        judged = counted(library, True, arguments.hands, arguments.ll_mib)
        per_hand = {
            event: round((judged[event] - built[event]) / arguments.hands, 2)
            for event in ("Ir", "D1mr", "DLmr")
        }
        line = {"library": library, "hands": arguments.hands, "ll_mib": arguments.ll_mib}
        print(json.dumps(line | {"per_hand": per_hand}), flush=True)


if __name__ == "__main__":
    main()
