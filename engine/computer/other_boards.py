"""Board games the Hold'em and Omaha readings do not cover (Manila, Double
Hold'em, a new variant): the hand's share of the pot now against sampled
opponent hands, judged by the variant's own evaluation, weighed by what the
betting says (:mod:`engine.computer.ranges`), with the outs to a flush or
straight for the cards to come; with too few board cards to judge a hand
(Manila's second street), the starting hand against the ranges. Slower than
the dedicated readings (each sample is judged by
:func:`engine.evaluation.strength_of`), so fewer samples.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from engine.cards import Card
from engine.computer.draw_outs import outs
from engine.computer.first_round import multiway_equity, preflop_equity
from engine.computer.ranges import range_weights, read_opponents
from engine.computer.starting_hands import percentile
from engine.computer.styles import Style
from engine.computer.worth import Worth
from engine.evaluation import strength_of
from engine.seat_view import SeatView

__all__ = ["sampled_worth"]

#: Opponent hands sampled per decision.
SAMPLES: Final = 80


def _strengths(view: SeatView, cards: Sequence[Card]) -> tuple[int, ...]:
    """Strength by each evaluation on each board (0: no hand, such as no low)."""
    values = []
    for board in view.boards:
        for evaluation in view.variant.evaluations:
            value = strength_of(evaluation, cards, board)
            values.append(0 if value is None else value)
    return tuple(values)


def _share(mine: tuple[int, ...], theirs: tuple[int, ...]) -> float:
    """The share of a heads-up pot split evenly between the boards and evaluations."""
    won = 0.0
    for a, b in zip(mine, theirs, strict=True):
        won += 1.0 if a > b else 0.5 if a == b else 0.0
    return won / len(mine)


def sampled_worth(view: SeatView, style: Style, rng: random.Random) -> Worth:
    """The worth of a hand in any board game once the board has cards."""
    hole = view.hole_cards
    seen = view.seen_cards()
    unknown = [card for card in view.variant.deck.cards if card not in seen]
    size = len(hole)
    if size > len(unknown):
        return Worth(equity=1 / (len(view.opponents) + 1))
    kind = view.variant.deck
    reads = read_opponents(view, style.respect)
    try:
        mine = _strengths(view, hole)
    except ValueError:
        # Too few board cards to judge a hand yet (Manila's second card):
        # the starting hand against the ranges, as in the first round.
        hand = percentile(hole, kind)
        equities = [preflop_equity(hand, read.first) for read in reads.values()]
        return Worth(equity=multiway_equity(equities))
    samples = [tuple(rng.sample(unknown, size)) for _ in range(SAMPLES)]
    starting = [percentile(sample, kind) for sample in samples]
    values = [_strengths(view, sample) for sample in samples]
    by_rank = sorted(range(SAMPLES), key=lambda i: values[i], reverse=True)
    shares = [_share(mine, value) for value in values]
    equities = []
    for read in reads.values():
        weights = range_weights(read, starting, by_rank)
        equities.append(sum(w * s for w, s in zip(weights, shares, strict=True)) / sum(weights))
    cards_to_come = max(0, 5 - len(view.board))
    improves = 0.0
    if cards_to_come:
        hand_outs = max(outs(hole, board) for board in view.boards)
        miss = 1.0
        for k in range(cards_to_come):
            miss *= max(0.0, 1 - hand_outs / max(1, len(unknown) - k))
        improves = 1 - miss
    blur = (0.0, 0.15, 0.25, 0.35, 0.4, 0.45)[min(cards_to_come, 5)]
    equities = [(e + (1 - e) * improves * 0.6) * (1 - blur) + 0.5 * blur for e in equities]
    return Worth(equity=multiway_equity(equities), draw=improves, nuts=min(equities, default=1.0))
