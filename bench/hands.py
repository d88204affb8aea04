"""Whole hands per second: Croupier's ``Hand`` against PokerKit's ``State``, same hands.

Seeded random 6-max no-limit hold'em hands (blinds 1/2, stacks of 50 to 150 big
blinds), each with its deck order and a stream of random numbers fixed before
the clock starts. Both engines play every hand with one policy read from that
stream: at each decision, min-raise with probability ``--raise``, check or call
with ``--call``, otherwise fold (check when there is nothing to call). Where the
engines offer the same choices they play the same hand card for card; the run
counts how many finish with the same stacks in both.

PokerKit runs as its documentation shows it: every automation on (antes,
blinds, bet collection, showdown, killing, pushing and pulling chips) except the
dealing, which is done with the same cards our hand dealt (``burn_card``,
``deal_hole``, ``deal_board``). For reference it is also timed with its own
dealing automated and its own shuffle: different cards, the same policy.

The deals are cut into chunks of 50; each repeat times every contender on every
chunk, contenders taking turns chunk by chunk, so load that comes and goes on a
shared machine falls on all of them alike. An engine's time is the sum over
chunks of its best time for that chunk, by the wall clock and by the process's
CPU time. Prints one JSON object per contender, then a summary line::

    python -m bench.hands [--hands 2000] [--repeats 3] [--seed 2024]

Needs PokerKit: ``pip install -e ".[bench]"``.
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

from engine.actions import BetOrRaise, CheckOrCall, Fold
from engine.cards import Card, Deck, DeckKind
from engine.hand import VARIANTS, Hand, HandSetup
from engine.progress import Progress

OURS = "croupier"
PLAYERS = 6
SMALL_BLIND, BIG_BLIND = 1, 2


@dataclass(frozen=True)
class Deal:
    """One hand to play: stacks, deck order and the policy's random numbers."""

    stacks: tuple[int, ...]
    deck: tuple[Card, ...]
    draws: tuple[float, ...]


@dataclass(frozen=True)
class Policy:
    """Min-raise with ``raise_share``, check or call with ``call_share``, else fold."""

    raise_share: float
    call_share: float


def make_deals(count: int, seed: int) -> list[Deal]:
    rng = random.Random(seed)
    return [
        Deal(
            tuple(rng.randint(50 * BIG_BLIND, 150 * BIG_BLIND) for _ in range(PLAYERS)),
            Deck.shuffled(DeckKind.STANDARD, rng).order,
            tuple(rng.random() for _ in range(200)),
        )
        for _ in range(count)
    ]


@dataclass
class Contender:
    """One engine: its name, how it plays one deal, and what it made of each."""

    engine: str
    play: Callable[[Any], tuple[int, ...]]
    deals: list[Any]
    #: Best wall-clock and CPU seconds so far for each chunk of deals.
    best_chunks: list[float] = field(default_factory=list)
    best_cpu_chunks: list[float] = field(default_factory=list)
    results: dict[int, tuple[int, ...]] = field(default_factory=dict)

    @property
    def best_seconds(self) -> float:
        return sum(self.best_chunks)

    @property
    def best_cpu_seconds(self) -> float:
        return sum(self.best_cpu_chunks)


def _ours(deals: Sequence[Deal], policy: Policy) -> Contender:
    variant = VARIANTS["NT"]
    blinds = (SMALL_BLIND, BIG_BLIND) + (0,) * (PLAYERS - 2)
    fold, check_or_call = Fold(), CheckOrCall()
    to_raise, to_call = policy.raise_share, policy.raise_share + policy.call_share

    def play(deal: Deal) -> tuple[int, ...]:
        hand = Hand(
            HandSetup(variant, deal.stacks, blinds=blinds, min_bet=BIG_BLIND, deck=deal.deck)
        )
        draws = iter(deal.draws)
        while not hand.is_complete:
            legal = hand.legal_actions()
            draw = next(draws)
            if draw < to_raise and legal.can_raise:
                hand.act(legal.player, BetOrRaise(legal.min_raise_to))
            elif draw < to_call or not legal.can_fold:
                hand.act(legal.player, check_or_call)
            else:
                hand.act(legal.player, fold)
        return hand.finishing_stacks

    return Contender(OURS, play, list(deals))


def _pokerkit_automations(pk: Any, dealing: bool) -> tuple[Any, ...]:
    automations = [
        pk.Automation.ANTE_POSTING,
        pk.Automation.BET_COLLECTION,
        pk.Automation.BLIND_OR_STRADDLE_POSTING,
        pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        pk.Automation.HAND_KILLING,
        pk.Automation.CHIPS_PUSHING,
        pk.Automation.CHIPS_PULLING,
    ]
    if dealing:
        automations += [
            pk.Automation.CARD_BURNING,
            pk.Automation.HOLE_DEALING,
            pk.Automation.BOARD_DEALING,
        ]
    return tuple(automations)


def _pokerkit(deals: Sequence[Deal], policy: Policy, *, own_dealing: bool) -> Contender:
    import pokerkit as pk

    game = pk.NoLimitTexasHoldem(
        _pokerkit_automations(pk, own_dealing),
        True,
        0,
        (SMALL_BLIND, BIG_BLIND),
        BIG_BLIND,
    )
    to_raise, to_call = policy.raise_share, policy.raise_share + policy.call_share
    pk_cards = {card: next(iter(pk.Card.parse(str(card)))) for card in deals[0].deck}

    def play(deal: tuple[Deal, tuple[Any, ...]]) -> tuple[int, ...]:
        spec, cards = deal
        state = game(spec.stacks, PLAYERS)
        draws = iter(spec.draws)
        position = 0
        while state.status:
            if state.actor_index is not None:
                draw = next(draws)
                if draw < to_raise and state.can_complete_bet_or_raise_to():
                    state.complete_bet_or_raise_to(
                        state.min_completion_betting_or_raising_to_amount
                    )
                elif draw < to_call or not state.can_fold():
                    state.check_or_call()
                else:
                    state.fold()
            elif state.can_burn_card():
                state.burn_card(cards[position])
                position += 1
            elif state.can_deal_hole():
                state.deal_hole(cards[position])
                position += 1
            elif state.can_deal_board():
                count = state.board_dealing_count
                state.deal_board(cards[position : position + count])
                position += count
        return tuple(state.stacks)

    name = "pokerkit_own_dealing" if own_dealing else "pokerkit"
    prepared = [(deal, tuple(pk_cards[card] for card in deal.deck)) for deal in deals]
    return Contender(name, play, prepared)


CHUNK = 50


def _time_chunk(contender: Contender, chunk: int) -> None:
    play = contender.play
    first = chunk * CHUNK
    deals = contender.deals[first : first + CHUNK]
    gc.disable()
    try:
        start, start_cpu = time.perf_counter(), time.process_time()
        results = [play(deal) for deal in deals]
        seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - start_cpu
    finally:
        gc.enable()
    contender.results.update(enumerate(results, first))
    contender.best_chunks[chunk] = min(contender.best_chunks[chunk], seconds)
    contender.best_cpu_chunks[chunk] = min(contender.best_cpu_chunks[chunk], cpu_seconds)


def run(hand_count: int, repeats: int, seed: int, policy: Policy) -> list[dict[str, object]]:
    deals = make_deals(hand_count, seed)
    contenders = [_ours(deals, policy)]
    lines: list[dict[str, object]] = []
    if importlib.util.find_spec("pokerkit") is None:
        lines.append({"engine": "pokerkit", "skipped": "not installed"})
    else:
        contenders.append(_pokerkit(deals, policy, own_dealing=False))
        contenders.append(_pokerkit(deals, policy, own_dealing=True))
    for contender in contenders:  # warm up: imports, lookup tables, caches
        for deal in contender.deals[:50]:
            contender.play(deal)
    chunks = -(-hand_count // CHUNK)
    for contender in contenders:
        contender.best_chunks = [float("inf")] * chunks
        contender.best_cpu_chunks = [float("inf")] * chunks
    with Progress(repeats * chunks, "chunks timed") as progress:
        for repeat in range(repeats):
            for chunk in range(chunks):
                turn = (repeat + chunk) % len(contenders)  # who goes first rotates
                for contender in contenders[turn:] + contenders[:turn]:
                    _time_chunk(contender, chunk)
                progress.advance()

    ours = contenders[0]
    ours_rate = hand_count / ours.best_seconds
    for contender in contenders:
        rate = hand_count / contender.best_seconds
        line: dict[str, object] = {
            "engine": contender.engine,
            "hands_per_second": round(rate, 1),
            "microseconds_per_hand": round(1e6 / rate),
            "ratio_ours_to_engine": round(ours_rate / rate, 2),
            "hands_per_cpu_second": round(hand_count / contender.best_cpu_seconds, 1),
            "cpu_ratio_ours_to_engine": round(
                contender.best_cpu_seconds / ours.best_cpu_seconds, 2
            ),
        }
        if contender is not ours and contender.engine == "pokerkit":
            same = sum(ours.results[i] == contender.results[i] for i in range(hand_count))
            line["hands_with_same_finishing_stacks"] = same
        lines.append(line)
    summary: dict[str, object] = {
        "summary": "6-max no-limit hold'em hands per second (sum over chunks of the best repeat)",
        "hands": hand_count,
        "repeats": repeats,
        "seed": seed,
        "raise_share": policy.raise_share,
        "call_share": policy.call_share,
        "python": platform.python_version(),
        "ours_hands_per_second": round(ours_rate, 1),
    }
    same_cards = [c for c in contenders if c.engine == "pokerkit"]
    if same_cards:
        ratio = same_cards[0].best_seconds / ours.best_seconds
        cpu_ratio = same_cards[0].best_cpu_seconds / ours.best_cpu_seconds
        summary |= {
            "ratio_ours_to_pokerkit": round(ratio, 2),
            "cpu_ratio_ours_to_pokerkit": round(cpu_ratio, 2),
            "goal_20x_met": min(ratio, cpu_ratio) >= 20,
        }
    lines.append(summary)
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=2000, help="random 6-max hands")
    parser.add_argument("--repeats", type=int, default=3, help="timed passes; the best counts")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--raise", dest="raise_share", type=float, default=0.15)
    parser.add_argument("--call", dest="call_share", type=float, default=0.5)
    arguments = parser.parse_args(argv)
    policy = Policy(arguments.raise_share, arguments.call_share)
    for line in run(arguments.hands, arguments.repeats, arguments.seed, policy):
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
