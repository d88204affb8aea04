"""Computer players against baselines: big blinds won per 100 hands, with 95 %
confidence intervals from duplicate dealing, VPIP/PFR and decision times.

For each style, baseline (``bench/bot_baselines.py``: a random legal player, a
calling station, an always-raise maniac), game family (no-limit Hold'em,
pot-limit Omaha, fixed-limit stud, 2-7 triple draw) and table size (heads-up,
six-handed), one copy of the style plays against baselines in every other
seat. Every deck is dealt once per seat with the style in that seat (heads-up:
both sides of the same cards), and the style's results over those hands make
one sample, which cancels most of the luck of the cards. Every hand starts
from 100 big blinds each. A pairing is first judged after 100 deal sets
(200 hands heads-up, 600 six-handed), then after every ``--batch`` sets, and
stops as soon as its interval excludes zero, or at ``--max-hands``.

The unit is the big blind (stud: the small bet). VPIP is the share of hands
the style put chips in by choice on the first betting round, PFR the share
it raised (or completed) there. Decision times count building the seat's
view and deciding, per action, over the whole run.

Prints one JSON object per pairing as it ends, then a table::

    python -m bench.bots                               # everything
    python -m bench.bots --styles balanced --families nlhe --sizes 2 --max-hands 2000
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bench.bot_baselines import BASELINES, Decider
from engine.cards import Card, Deck
from engine.computer import STYLES, ComputerPlayer
from engine.events import PlayerActed, StreetStarted
from engine.hand import Hand, HandSetup
from engine.seat_view import seat_view
from engine.variants import VARIANTS

#: Deal sets played before a pairing is first judged: an interval from fewer
#: samples of such heavy-tailed results is not worth its 95 %.
MIN_SETS = 100
#: Blinds (or bring-in and bets) of every family: 5/10, stacks of 100 big blinds.
SMALL, BIG = 5, 10
STACK = 100 * BIG


@dataclass(frozen=True)
class Family:
    name: str
    code: str

    def setup(self, players: int, deck: tuple[Card, ...]) -> HandSetup:
        variant = VARIANTS[self.code]
        stacks = (STACK,) * players
        if variant.uses_bring_in:
            return HandSetup(
                variant,
                stacks,
                antes=(1,) * players,
                bring_in=SMALL,
                small_bet=BIG,
                big_bet=2 * BIG,
                deck=deck,
            )
        blinds = (BIG, SMALL) if players == 2 else (SMALL, BIG) + (0,) * (players - 2)
        return HandSetup(
            variant, stacks, blinds=blinds, min_bet=BIG, small_bet=BIG, big_bet=2 * BIG, deck=deck
        )


FAMILIES = {
    family.name: family
    for family in (
        Family("nlhe", "NT"),
        Family("plo", "PO"),
        Family("stud", "F7S"),
        Family("27td", "F2L3D"),
    )
}


@dataclass
class Pairing:
    style: str
    baseline: str
    family: str
    players: int
    samples: list[float] = field(default_factory=list)  # big blinds per deal set
    hands: int = 0
    vpip: int = 0
    pfr: int = 0
    seconds: float = 0.0

    @property
    def per_100(self) -> float:
        return 100 * statistics.fmean(self.samples) / self.players if self.samples else 0.0

    @property
    def half_width(self) -> float:
        if len(self.samples) < 2:
            return math.inf
        sd = statistics.stdev(self.samples)
        return 100 * 1.96 * sd / math.sqrt(len(self.samples)) / self.players

    @property
    def verdict(self) -> str:
        if self.per_100 - self.half_width > 0:
            return "wins"
        if self.per_100 + self.half_width < 0:
            return "LOSES"
        return "unclear"


def _voluntary(hand: Hand, player: int) -> tuple[bool, bool]:
    """Whether ``player`` put chips in by choice, and raised, on the first betting round."""
    started = 0
    put_in = raised = False
    for event in hand.events:
        if isinstance(event, StreetStarted):
            started += 1
        elif isinstance(event, PlayerActed) and event.player == player:
            betting_rounds = [s for s in hand.variant.streets[: max(started, 1)] if s.betting]
            if len(betting_rounds) > 1:
                break
            if event.kind in ("call", "bet", "raise", "complete"):
                put_in = True
            if event.kind in ("bet", "raise", "complete"):
                raised = True
    return put_in, raised


def play_hand(
    setup: HandSetup,
    players: Sequence[Decider],
    rng: random.Random,
    timed: int,
    times: list[float],
) -> Hand:
    hand = Hand(setup)
    clock = time.perf_counter
    while not hand.is_complete:
        player = hand.legal_actions().player
        if player == timed:
            start = clock()
            action = players[player].decide(seat_view(hand, player), rng)
            times.append(clock() - start)
        else:
            action = players[player].decide(seat_view(hand, player), rng)
        hand.act(player, action)
    return hand


def run_pairing(
    style: str,
    baseline: str,
    family: Family,
    players: int,
    *,
    max_hands: int,
    batch: int,
    seed: int,
    times: list[float],
) -> Pairing:
    result = Pairing(style, baseline, family.name, players)
    deck_rng = random.Random(f"{seed}/{family.name}/{players}")
    bot = ComputerPlayer(STYLES[style])
    other = BASELINES[baseline]
    kind = VARIANTS[family.code].deck
    start = time.perf_counter()
    while result.hands < max_hands:
        for _ in range(batch):
            deck = Deck.shuffled(kind, deck_rng).order
            deal_seed = deck_rng.getrandbits(32)
            total = 0
            for seat in range(players):
                seats: list[Decider] = [other] * players
                seats[seat] = bot
                rng = random.Random(deal_seed * 16 + seat)
                hand = play_hand(family.setup(players, deck), seats, rng, seat, times)
                total += hand.stacks[seat] - STACK
                put_in, raised = _voluntary(hand, seat)
                result.vpip += put_in
                result.pfr += raised
                result.hands += 1
            result.samples.append(total / BIG)
        if len(result.samples) >= MIN_SETS and result.verdict != "unclear":
            break
    result.seconds = time.perf_counter() - start
    return result


def table_figures(family: Family, hands: int, seed: int) -> dict[str, tuple[float, float]]:
    """VPIP and PFR (in %) of each style at a six-handed table of computer
    players: one of each style and a second balanced one, every seat in turn."""
    lineup = [*STYLES, "balanced"][:6]
    counts = {style: [0, 0, 0] for style in STYLES}
    rng = random.Random(f"{seed}/table/{family.name}")
    kind = VARIANTS[family.code].deck
    for k in range(hands):
        seated = lineup[k % 6 :] + lineup[: k % 6]
        players: list[Decider] = [ComputerPlayer(STYLES[name]) for name in seated]
        hand = play_hand(family.setup(6, Deck.shuffled(kind, rng).order), players, rng, -1, [])
        for index, name in enumerate(seated):
            put_in, raised = _voluntary(hand, index)
            counts[name][0] += put_in
            counts[name][1] += raised
            counts[name][2] += 1
    return {name: (100 * c[0] / c[2], 100 * c[1] / c[2]) for name, c in counts.items() if c[2]}


def _markdown(results: list[Pairing]) -> str:
    """Styles and baselines down, families and table sizes across: bb/100 ± 95 %."""
    columns = sorted(
        {(r.family, r.players) for r in results}, key=lambda c: (list(FAMILIES).index(c[0]), c[1])
    )
    rows = sorted(
        {(r.style, r.baseline) for r in results},
        key=lambda r: (list(STYLES).index(r[0]), list(BASELINES).index(r[1])),
    )
    cell = {(r.style, r.baseline, r.family, r.players): r for r in results}
    head = "| style | vs | " + " | ".join(
        f"{f} {'HU' if n == 2 else f'{n}-max'}" for f, n in columns
    )
    lines = [head + " |", "| --- | --- |" + " ---: |" * len(columns)]
    for style, baseline in rows:
        values = []
        for family, players in columns:
            r = cell.get((style, baseline, family, players))
            mark = "" if r is None or r.verdict == "wins" else " (" + r.verdict + ")"
            values.append("" if r is None else f"{r.per_100:.0f} ± {r.half_width:.0f}{mark}")
        lines.append(f"| {style} | {baseline} | " + " | ".join(values) + " |")
    return "\n".join(lines)


def _percentile(values: list[float], share: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--styles", default=",".join(STYLES))
    parser.add_argument("--baselines", default=",".join(BASELINES))
    parser.add_argument("--families", default=",".join(FAMILIES))
    parser.add_argument("--sizes", default="2,6")
    parser.add_argument("--max-hands", type=int, default=20_000)
    parser.add_argument("--batch", type=int, default=20, help="deal sets between stopping checks")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--markdown", action="store_true", help="also print the results as a Markdown table"
    )
    parser.add_argument(
        "--table-hands",
        type=int,
        default=1200,
        help="hands of a six-handed table of computer players, for typical VPIP/PFR (0: skip)",
    )
    args = parser.parse_args(argv)
    styles = args.styles.split(",")
    baselines = args.baselines.split(",")
    families = [FAMILIES[name] for name in args.families.split(",")]
    sizes = [int(size) for size in args.sizes.split(",")]
    started = time.perf_counter()
    results: list[Pairing] = []
    times: dict[str, list[float]] = {style: [] for style in styles}
    for family in families:
        for players in sizes:
            for style in styles:
                for baseline in baselines:
                    pairing = run_pairing(
                        style,
                        baseline,
                        family,
                        players,
                        max_hands=args.max_hands,
                        batch=args.batch,
                        seed=args.seed,
                        times=times[style],
                    )
                    results.append(pairing)
                    record: dict[str, Any] = {
                        "style": style,
                        "baseline": baseline,
                        "family": family.name,
                        "players": players,
                        "hands": pairing.hands,
                        "bb_per_100": round(pairing.per_100, 1),
                        "ci95": round(pairing.half_width, 1),
                        "verdict": pairing.verdict,
                        "vpip": round(100 * pairing.vpip / pairing.hands, 1),
                        "pfr": round(100 * pairing.pfr / pairing.hands, 1),
                        "seconds": round(pairing.seconds, 1),
                    }
                    print(json.dumps(record), flush=True)
    elapsed = time.perf_counter() - started
    print()
    print(
        f"{'family':6} {'n':>2} {'style':17} {'baseline':8} {'hands':>6} "
        f"{'bb/100':>9} {'± 95 %':>8} {'verdict':8} {'VPIP':>5} {'PFR':>5}"
    )
    for r in results:
        print(
            f"{r.family:6} {r.players:>2} {r.style:17} {r.baseline:8} {r.hands:>6} "
            f"{r.per_100:>9.1f} {r.half_width:>8.1f} {r.verdict:8} "
            f"{100 * r.vpip / r.hands:>5.1f} {100 * r.pfr / r.hands:>5.1f}"
        )
    if args.markdown:
        print()
        print(_markdown(results))
    print()
    every = [t for style_times in times.values() for t in style_times]
    for style, style_times in [*times.items(), ("all", every)]:
        print(
            f"decision time {style:17} p50 {1e3 * _percentile(style_times, 0.5):6.2f} ms"
            f"  p99 {1e3 * _percentile(style_times, 0.99):6.2f} ms  ({len(style_times)} actions)"
        )
    if args.table_hands:
        print(f"\nVPIP / PFR at a six-handed table of computer players ({args.table_hands} hands)")
        for family in families:
            figures = table_figures(family, args.table_hands, args.seed)
            line = "  ".join(
                f"{name} {vpip:.0f}/{pfr:.0f}" for name, (vpip, pfr) in figures.items()
            )
            print(f"{family.name:6} {line}")
    met = sum(1 for r in results if r.verdict == "wins")
    print(f"\n{met} of {len(results)} pairings won with 95 % confidence; run time {elapsed:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
