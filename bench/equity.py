"""Equity speed and accuracy: Croupier's ``engine.equity`` against PokerKit's
``calculate_equities`` and eval7, on the same questions.

Each kind of question is asked on a few seeded random spots (hands, and the
board so far). For every spot:

* Croupier answers as the table would (``equities`` with its defaults: exact
  where that fits, else sampled until the 99.9 % margin is at most 0.5 %),
  and its error is measured against the exact answer, worked out by full
  enumeration outside the clock.
* PokerKit's ``calculate_equities`` (Monte Carlo only) is given the same
  number of samples Croupier counted (run-outs enumerated or sampled). Its
  cost is linear in the sample count, so where that number is large it is
  timed on ``--pokerkit-samples`` of them and scaled up (the line says so).
* eval7's ``py_hand_vs_range_monte_carlo`` is given the same number of
  iterations where it can answer the question at all: one hand against
  another (or a range) in Hold'em. It cannot do three-way, Omaha or stud.

Timings are the best of ``--repeats`` (contenders taking turns spot by spot,
so load that comes and goes falls on all alike; PokerKit, hundreds of times
slower, is timed once). Prints one JSON object per question kind and
library, then a summary with the issue's goals::

    python -m bench.equity [--repeats 5] [--seed 2024] [--pokerkit-samples 1000]

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
from engine.equity import EquityResult, Range, equities, equity_vs_range

OURS = "croupier"
#: Croupier told to sample (``exact=False``) where it would answer exactly.
OURS_SAMPLED = "croupier-sampled"


@dataclass
class Spot:
    """One question: a game, the hands (or hero and villain range), the board so far."""

    code: str
    hands: list[list[Card]]
    board: list[Card]
    #: For the range questions: the villain's combinations (uniform weights).
    villain_range: list[list[Card]] | None = None


@dataclass
class Kind:
    """A kind of question and how each library answers it."""

    name: str
    spots: list[Spot]
    #: PokerKit's hand type name, hole cards dealt at showdown, board cards at showdown.
    pokerkit_game: tuple[str, int, int]
    #: eval7 can answer (heads-up Hold'em only).
    eval7: bool
    #: Also time Croupier told to sample (where its default answer is exact
    #: by classes of boards, to show what sampling would cost).
    sampled_too: bool = False
    sampled: list[EquityResult] = field(default_factory=list)
    ours: list[EquityResult] = field(default_factory=list)
    exact: list[EquityResult] = field(default_factory=list)
    seconds: dict[str, list[float]] = field(default_factory=dict)
    cpu_seconds: dict[str, list[float]] = field(default_factory=dict)
    errors: dict[str, list[float]] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)


def _deal(rng: random.Random, counts: Sequence[int], board: int, deck: Sequence[Card]) -> Spot:
    cards = rng.sample(list(deck), sum(counts) + board)
    hands, position = [], 0
    for count in counts:
        hands.append(cards[position : position + count])
        position += count
    return Spot("", hands, cards[position:])


def _kinds(seed: int) -> list[Kind]:
    rng = random.Random(seed)
    deck = list(ALL_CARDS)

    def spots(code: str, counts: Sequence[int], board: int, how_many: int) -> list[Spot]:
        result = []
        for _ in range(how_many):
            spot = _deal(rng, counts, board, deck)
            spot.code = code
            result.append(spot)
        return result

    ranges = []
    for _ in range(4):
        spot = _deal(rng, [2], 3, deck)
        seen = {*spot.hands[0], *spot.board}
        pool = [card for card in deck if card not in seen]
        villain = [rng.sample(pool, 2) for _ in range(40)]
        ranges.append(Spot("NT", spot.hands, spot.board, villain))
    return [
        Kind("holdem-flop-heads-up", spots("NT", [2, 2], 3, 6), ("StandardHighHand", 2, 5), True),
        Kind(
            "holdem-preflop-3-way",
            spots("NT", [2, 2, 2], 0, 4),
            ("StandardHighHand", 2, 5),
            False,
            sampled_too=True,
        ),
        Kind(
            "holdem-preflop-heads-up",
            spots("NT", [2, 2], 0, 4),
            ("StandardHighHand", 2, 5),
            True,
            sampled_too=True,
        ),
        Kind("omaha-flop-heads-up", spots("PO", [4, 4], 3, 4), ("OmahaHoldemHand", 4, 5), False),
        Kind(
            "omaha-hi-lo-turn-3-way",
            spots("PO/8", [4, 4, 4], 4, 3),
            ("OmahaEightOrBetterLowHand", 4, 5),
            False,
        ),
        Kind("stud-sixth-heads-up", spots("F7S", [6, 6], 0, 3), ("StandardHighHand", 7, 0), False),
        Kind("holdem-flop-vs-range-40", ranges, ("StandardHighHand", 2, 5), True),
    ]


def _ask_ours_sampled(spot: Spot) -> EquityResult:
    return equities(spot.code, spot.hands, spot.board, exact=False)


def _ask_ours(spot: Spot, *, exact: bool | None = None) -> EquityResult:
    if spot.villain_range is not None:
        villain = Range(spot.villain_range)
        return equity_vs_range(
            spot.code,
            spot.hands[0],
            [villain],
            spot.board,
            exact=exact,
            max_samples=300_000,
            target_margin=0.005,
        )
    return equities(spot.code, spot.hands, spot.board, exact=exact)


def _pokerkit_call(kind: Kind, spot: Spot, samples: int) -> Callable[[], list[float]]:
    import pokerkit

    hand_type_names = {
        "StandardHighHand": (pokerkit.StandardHighHand,),
        "OmahaHoldemHand": (pokerkit.OmahaHoldemHand,),
        "OmahaEightOrBetterLowHand": (pokerkit.OmahaHoldemHand, pokerkit.OmahaEightOrBetterLowHand),
    }
    name, hole, board = kind.pokerkit_game
    types = hand_type_names[name]

    def convert(cards: Sequence[Card]) -> list[Any]:
        return list(pokerkit.Card.parse("".join(str(card) for card in cards)))

    if spot.villain_range is not None:
        ranges = [[convert(spot.hands[0])], [convert(combo) for combo in spot.villain_range]]
    else:
        ranges = [[convert(hand)] for hand in spot.hands]
    board_cards = convert(spot.board)

    def call() -> list[float]:
        return list(
            pokerkit.calculate_equities(
                ranges,
                board_cards,
                hole,
                board,
                pokerkit.Deck.STANDARD,
                types,
                sample_count=samples,
            )
        )

    return call


def _eval7_call(spot: Spot, iterations: int) -> Callable[[], list[float]]:
    import eval7  # type: ignore[import-untyped]

    def convert(cards: Sequence[Card]) -> list[Any]:
        return [eval7.Card(str(card)) for card in cards]

    hero = convert(spot.hands[0])
    if spot.villain_range is not None:
        villain = [(tuple(convert(combo)), 1.0) for combo in spot.villain_range]
    else:
        villain = [(tuple(convert(spot.hands[1])), 1.0)]
    board = convert(spot.board)

    def call() -> list[float]:
        equity = eval7.py_hand_vs_range_monte_carlo(hero, villain, board, iterations)
        return [equity, 1 - equity]

    return call


def _timed(call: Callable[[], Any]) -> tuple[float, Any]:
    seconds, _, answer = _timed_both(call)
    return seconds, answer


def _timed_both(call: Callable[[], Any]) -> tuple[float, float, Any]:
    """Wall-clock and CPU seconds of one call (the CPU time does not count the
    time other jobs on a shared machine hold the cores)."""
    gc.disable()
    try:
        cpu, start = time.process_time(), time.perf_counter()
        answer = call()
        return time.perf_counter() - start, time.process_time() - cpu, answer
    finally:
        gc.enable()


def run(repeats: int, seed: int, pokerkit_samples: int) -> list[dict[str, object]]:
    have_pokerkit = importlib.util.find_spec("pokerkit") is not None
    have_eval7 = importlib.util.find_spec("eval7") is not None
    kinds = _kinds(seed)
    lines: list[dict[str, object]] = []
    for kind in kinds:
        # Warm up (lazy tables) and work out the exact answers, outside the clock.
        for spot in kind.spots:
            kind.ours.append(_ask_ours(spot))
            kind.exact.append(_ask_ours(spot, exact=True))
        kind.seconds[OURS] = [float("inf")] * len(kind.spots)
        if kind.sampled_too:
            kind.sampled = [_ask_ours_sampled(spot) for spot in kind.spots]
            kind.seconds[OURS_SAMPLED] = [float("inf")] * len(kind.spots)
            kind.errors[OURS_SAMPLED] = [
                _error(r, e) for r, e in zip(kind.sampled, kind.exact, strict=True)
            ]
        eval7_calls = []
        if kind.eval7 and have_eval7:
            kind.seconds["eval7"] = [float("inf")] * len(kind.spots)
            kind.errors["eval7"] = []
            eval7_calls = [
                _eval7_call(spot, deals)
                for spot, deals in zip(kind.spots, _peer_deals(kind), strict=True)
            ]
        for repeat in range(repeats):
            for index, spot in enumerate(kind.spots):
                contenders: list[tuple[str, Callable[[], Any]]] = [
                    (OURS, lambda spot=spot: _ask_ours(spot))
                ]
                if kind.sampled_too:
                    contenders.append((OURS_SAMPLED, lambda spot=spot: _ask_ours_sampled(spot)))
                if eval7_calls:
                    contenders.append(("eval7", eval7_calls[index]))
                if (repeat + index) % 2:
                    contenders.reverse()
                for library, call in contenders:
                    seconds, cpu, answer = _timed_both(call)
                    kind.seconds[library][index] = min(kind.seconds[library][index], seconds)
                    best_cpu = kind.cpu_seconds.setdefault(
                        library, [float("inf")] * len(kind.spots)
                    )
                    best_cpu[index] = min(best_cpu[index], cpu)
                    if library == "eval7" and repeat == 0:
                        kind.errors["eval7"].append(_error(answer, kind.exact[index]))
        kind.errors[OURS] = [_error(r, e) for r, e in zip(kind.ours, kind.exact, strict=True)]
        if have_pokerkit:
            kind.seconds["pokerkit"], kind.errors["pokerkit"] = [], []
            scaled = False
            for spot, deals, exact in zip(kind.spots, _peer_deals(kind), kind.exact, strict=True):
                samples = min(deals, pokerkit_samples)
                scaled |= samples < deals
                seconds, answer = _timed(_pokerkit_call(kind, spot, samples))
                kind.seconds["pokerkit"].append(seconds * deals / samples)
                kind.errors["pokerkit"].append(_error(answer, exact))
            if scaled:
                kind.notes["pokerkit"] = (
                    f"timed on at most {pokerkit_samples} samples per spot, scaled linearly to "
                    "Croupier's sample count; its error is that of the smaller sample"
                )
        lines.extend(_kind_lines(kind))
    lines.append(_bot_questions(seed))
    lines.append(_summary(kinds, repeats, seed))
    return lines


def _peer_deals(kind: Kind) -> list[int]:
    """The samples a peer gets: as many deals as Croupier counted, or where
    Croupier answers exactly by classes of boards, as many as it samples."""
    return [result.deals for result in (kind.sampled if kind.sampled_too else kind.ours)]


BOT_SAMPLES = 2_000


def _bot_questions(seed: int, count: int = 300) -> dict[str, object]:
    """What a computer player asks: its hand against one to three opponents
    (random hands, or in stud the up cards they show) on a random street of
    Hold'em, Omaha or stud, with a budget of ``BOT_SAMPLES`` deals. Prints the
    time per question at p50 and p99 (each question once, as a bot asks it)."""
    rng = random.Random(seed)
    deck = list(ALL_CARDS)
    games = [("NT", 2, (0, 3, 4, 5)), ("PO", 4, (0, 3, 4, 5)), ("F7S", 7, (3, 4, 5, 6, 7))]
    for code, _, _ in games:  # warm up: lazy tables are built once per process
        equity_vs_range(code, [], 1, max_samples=10)
    times, cpu_times = [], []
    for _ in range(count):
        code, hole, streets = rng.choice(games)
        opponents = rng.randint(1, 3)
        shown = rng.choice(streets)
        if code == "F7S":
            cards = rng.sample(deck, shown + opponents * (shown - 2))
            hero = cards[:shown]
            up = [
                cards[shown + i * (shown - 2) : shown + (i + 1) * (shown - 2)]
                for i in range(opponents)
            ]
            question = (code, hero, up, [])
        else:
            cards = rng.sample(deck, hole + shown)
            question = (code, cards[:hole], opponents, cards[hole:])
        cpu_before = time.process_time()
        seconds, _ = _timed(
            lambda question=question: equity_vs_range(
                question[0],
                question[1],
                question[2],
                question[3],
                max_samples=BOT_SAMPLES,
                rng=random.Random(1),
            )
        )
        cpu_times.append(time.process_time() - cpu_before)
        times.append(seconds)
    times.sort()
    cpu_times.sort()
    return {
        "question": "computer player: own hand vs 1-3 unknown hands (Hold'em, Omaha, stud)",
        "library": OURS,
        "questions": count,
        "deals_at_most": BOT_SAMPLES,
        "ms_p50": round(times[len(times) // 2] * 1e3, 3),
        "ms_p99": round(times[int(len(times) * 0.99)] * 1e3, 3),
        "ms_max": round(times[-1] * 1e3, 3),
        "cpu_ms_p50": round(cpu_times[len(cpu_times) // 2] * 1e3, 3),
        "cpu_ms_p99": round(cpu_times[int(len(cpu_times) * 0.99)] * 1e3, 3),
    }


def _error(answer: EquityResult | Sequence[float], exact: EquityResult) -> float:
    shares = [hand.equity for hand in answer.hands] if isinstance(answer, EquityResult) else answer
    return max(abs(a - b.equity) for a, b in zip(shares, exact.hands, strict=True))


def _kind_lines(kind: Kind) -> list[dict[str, object]]:
    lines: list[dict[str, object]] = []
    ours = kind.seconds[OURS]
    for library, seconds in kind.seconds.items():
        line: dict[str, object] = {
            "question": kind.name,
            "library": library,
            "spots": len(kind.spots),
            "ms_per_question_max": round(max(seconds) * 1e3, 3),
            "ms_per_question_mean": round(sum(seconds) / len(seconds) * 1e3, 3),
            "equity_error_max": round(max(kind.errors[library]), 5),
        }
        if library in kind.cpu_seconds:
            line["cpu_ms_per_question_max"] = round(max(kind.cpu_seconds[library]) * 1e3, 3)
        if library in (OURS, OURS_SAMPLED):
            results = kind.ours if library == OURS else kind.sampled
            line |= {
                "exact": all(result.exact for result in results),
                "deals_per_question": [result.deals for result in results],
                "margin_max": round(max(result.margin for result in results), 5),
            }
        else:
            line["ours_faster_by_min"] = round(
                min(theirs / mine for theirs, mine in zip(seconds, ours, strict=True)), 1
            )
            if kind.sampled_too:
                line["ours_sampled_faster_by_min"] = round(
                    min(
                        theirs / mine
                        for theirs, mine in zip(seconds, kind.seconds[OURS_SAMPLED], strict=True)
                    ),
                    2,
                )
        if library in kind.notes:
            line["note"] = kind.notes[library]
        lines.append(line)
    return lines


def _summary(kinds: list[Kind], repeats: int, seed: int) -> dict[str, object]:
    by_name = {kind.name: kind for kind in kinds}
    flop, three_way = by_name["holdem-flop-heads-up"], by_name["holdem-preflop-3-way"]
    summary: dict[str, object] = {
        "summary": "equity: best of repeats per question; errors against full enumeration",
        "repeats": repeats,
        "seed": seed,
        "python": platform.python_version(),
        "exact_heads_up_flop_ms_max": round(max(flop.seconds[OURS]) * 1e3, 3),
        "exact_heads_up_flop_cpu_ms_max": round(max(flop.cpu_seconds[OURS]) * 1e3, 3),
        "exact_heads_up_flop_goal_ms": 5,
        "preflop_3_way_ms_max": round(max(three_way.seconds[OURS]) * 1e3, 2),
        "preflop_3_way_cpu_ms_max": round(max(three_way.cpu_seconds[OURS]) * 1e3, 2),
        "preflop_3_way_goal_ms": 50,
        "preflop_3_way_exact": all(result.exact for result in three_way.ours),
        "preflop_3_way_error_max": round(max(three_way.errors[OURS]), 5),
        "preflop_3_way_goal_error": 0.005,
        "preflop_3_way_sampled_ms_max": round(max(three_way.seconds[OURS_SAMPLED]) * 1e3, 2),
        "preflop_3_way_sampled_error_max": round(max(three_way.errors[OURS_SAMPLED]), 5),
    }
    ratios = [
        theirs / mine
        for kind in kinds
        if "pokerkit" in kind.seconds
        for theirs, mine in zip(kind.seconds["pokerkit"], kind.seconds[OURS], strict=True)
    ]
    if ratios:
        summary |= {"pokerkit_ratio_min": round(min(ratios), 1), "pokerkit_goal_ratio": 100}
    return summary


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeats", type=int, default=5, help="timed passes; the best counts")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--pokerkit-samples", type=int, default=1000, help="most samples PokerKit is timed on"
    )
    arguments = parser.parse_args(argv)
    for line in run(arguments.repeats, arguments.seed, arguments.pokerkit_samples):
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
