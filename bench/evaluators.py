"""Seven-card hand evaluation speed: Croupier's ``high_strength`` against eval7, phevaluator, treys.

Every library judges the same seeded random 7-card hands, each from its own
card objects built before the clock starts, through its ordinary public call.
The hands are cut into chunks; each repeat times every library on every chunk,
libraries taking turns chunk by chunk, so a machine whose load comes and goes
during the run treats them all alike. A library's time is the sum over chunks
of its best time for that chunk. Prints one JSON object per library, then a
summary line::

    python -m bench.evaluators [--hands 50000] [--repeats 7] [--seed 2024]

Needs the peers: ``pip install -e ".[bench]"``.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import json
import platform
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.cards import ALL_CARDS, Card
from engine.evaluation import high_strength
from engine.progress import Progress

OURS = "croupier"


CHUNK = 5_000


@dataclass
class Contender:
    """One library: its name, its hands in its own card objects, and how it judges one."""

    library: str
    hands: list[Any]
    judge: Callable[[Any], object]
    #: Best time so far for each chunk of hands.
    best_chunks: list[float] = field(default_factory=list)

    @property
    def best_seconds(self) -> float:
        return sum(self.best_chunks)


def _ours(hands: Sequence[list[Card]]) -> Contender:
    return Contender(OURS, [list(hand) for hand in hands], high_strength)


def _eval7(hands: Sequence[list[Card]]) -> Contender:
    import eval7  # type: ignore[import-untyped]

    return Contender(
        "eval7", [[eval7.Card(str(card)) for card in hand] for hand in hands], eval7.evaluate
    )


def _phevaluator(hands: Sequence[list[Card]]) -> Contender:
    import phevaluator  # type: ignore[import-untyped]

    evaluate_cards = phevaluator.evaluate_cards

    def judge(cards: list[Any]) -> object:
        return evaluate_cards(*cards)

    converted = [[phevaluator.Card(str(card)) for card in hand] for hand in hands]
    return Contender("phevaluator", converted, judge)


def _treys(hands: Sequence[list[Card]]) -> Contender:
    import treys  # type: ignore[import-untyped]

    evaluator = treys.Evaluator()

    def judge(hand_and_board: tuple[list[int], list[int]]) -> object:
        return evaluator.evaluate(*hand_and_board)

    converted = []
    for hand in hands:
        cards = [treys.Card.new(str(card)) for card in hand]
        converted.append((cards[:2], cards[2:]))  # its call takes hole and board apart
    return Contender("treys", converted, judge)


PEERS: dict[str, Callable[[Sequence[list[Card]]], Contender]] = {
    "eval7": _eval7,
    "phevaluator": _phevaluator,
    "treys": _treys,
}


def _time_chunk(contender: Contender, start: int) -> float:
    judge, hands = contender.judge, contender.hands[start : start + CHUNK]
    gc.disable()
    try:
        start = time.perf_counter()
        for hand in hands:
            judge(hand)
        return time.perf_counter() - start
    finally:
        gc.enable()


def run(hand_count: int, repeats: int, seed: int) -> list[dict[str, object]]:
    rng = random.Random(seed)
    hands = [rng.sample(ALL_CARDS, 7) for _ in range(hand_count)]
    contenders = [_ours(hands)]
    lines: list[dict[str, object]] = []
    for library, build in PEERS.items():
        if importlib.util.find_spec(library) is None:
            lines.append({"library": library, "skipped": "not installed"})
        else:
            contenders.append(build(hands))
    for contender in contenders:  # warm up: first calls, caches, lazy tables
        for hand in contender.hands[:1000]:
            contender.judge(hand)
    starts = range(0, hand_count, CHUNK)
    for contender in contenders:
        contender.best_chunks = [float("inf")] * len(starts)
    with Progress(repeats * len(starts), "chunks timed") as progress:
        for repeat in range(repeats):
            for chunk, start in enumerate(starts):
                turn = (repeat + chunk) % len(contenders)  # who goes first rotates
                for contender in contenders[turn:] + contenders[:turn]:
                    seconds = _time_chunk(contender, start)
                    contender.best_chunks[chunk] = min(contender.best_chunks[chunk], seconds)
                progress.advance()

    ours_rate = hand_count / contenders[0].best_seconds
    for contender in contenders:
        rate = hand_count / contender.best_seconds
        lines.append(
            {
                "library": contender.library,
                "evaluations_per_second": round(rate),
                "nanoseconds_per_evaluation": round(1e9 / rate),
                "ratio_ours_to_peer": round(ours_rate / rate, 3),
            }
        )
    peers = [c for c in contenders if c.library != OURS]
    fastest = min(peers, key=lambda c: c.best_seconds) if peers else None
    summary: dict[str, object] = {
        "summary": "7-card evaluations per second (sum over chunks of the best repeat)",
        "hands": hand_count,
        "repeats": repeats,
        "seed": seed,
        "python": platform.python_version(),
        "ours_evaluations_per_second": round(ours_rate),
    }
    if fastest is not None:
        ratio = fastest.best_seconds / contenders[0].best_seconds
        summary |= {
            "fastest_peer": fastest.library,
            "ratio_ours_to_fastest_peer": round(ratio, 3),
            "at_least_as_fast_as_fastest_peer": ratio >= 1.0,
        }
    lines.append(summary)
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=50_000, help="random 7-card hands")
    parser.add_argument("--repeats", type=int, default=7, help="timed passes; the best counts")
    parser.add_argument("--seed", type=int, default=2024)
    arguments = parser.parse_args(argv)
    for line in run(arguments.hands, arguments.repeats, arguments.seed):
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
