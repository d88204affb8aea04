"""Draw games and Badugi: what a hand is worth in the betting, read from its
cards, the draws to come and how many cards each opponent drew.

Each hand gets a *quality*: about how often it would end better than an
average hand, counting what the draws still to come can make of it. An
opponent's quality comes from the betting before the first draw, then from
the number of cards they last drew (standing pat says a made hand, drawing
three says little), made a little better by every bet or raise since. The
chance to win against each opponent follows from the difference.

A weak hand that stood pat on the last draw is a snow: it bets as if made.

>>> from engine.cards import parse_cards
>>> from engine.evaluation import Evaluation
>>> q = lambda text, left: quality(parse_cards(text), left, Evaluation.DEUCE_TO_SEVEN_LOW)
>>> q("7h5d4c3s2h", 0) > q("9h8d4c3s2h", 0) > q("KhKd4c3s2h", 0)
True
>>> q("7h5d4c3sKh", 2) > q("7h5d4c3sKh", 0)
True
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Final

from engine.cards import ALL_CARDS, Card
from engine.computer.drawing import (
    best_badugi,
    draws_left,
    high_draw_keep,
    low_rank,
    lowball_keep,
    lowball_made,
)
from engine.computer.first_round import multiway_equity
from engine.computer.ranges import read_opponents
from engine.computer.styles import Style
from engine.computer.worth import Worth
from engine.evaluation import Evaluation, high_strength
from engine.seat_view import SeatView

__all__ = ["draw_worth", "quality", "starting_percentile"]

#: Chance to complete a hand needing ``m`` cards with ``d`` draws left: _MAKE[m][d].
_MAKE_LOW: Final = {
    0: (1.0, 1.0, 1.0, 1.0),
    1: (0.0, 0.3, 0.5, 0.65),
    2: (0.0, 0.1, 0.3, 0.45),
    3: (0.0, 0.035, 0.15, 0.3),
    4: (0.0, 0.01, 0.07, 0.15),
    5: (0.0, 0.005, 0.04, 0.1),
}
_MAKE_BADUGI: Final = {
    0: (1.0, 1.0, 1.0, 1.0),
    1: (0.0, 0.22, 0.4, 0.53),
    2: (0.0, 0.05, 0.15, 0.27),
    3: (0.0, 0.01, 0.04, 0.1),
    4: (0.0, 0.0, 0.01, 0.03),
}
#: Quality of a made low by its top card's rank (deuce-to-seven: deuce 0; ace-to-five: ace 0).
_MADE_27: Final = {5: 0.93, 6: 0.82, 7: 0.7, 8: 0.6, 9: 0.5, 10: 0.42, 11: 0.36}
_MADE_A5: Final = {4: 0.95, 5: 0.9, 6: 0.8, 7: 0.7, 8: 0.6, 9: 0.5, 10: 0.42, 11: 0.36}
_MADE_BADUGI: Final = {
    3: 0.94,
    4: 0.92,
    5: 0.88,
    6: 0.83,
    7: 0.77,
    8: 0.7,
    9: 0.63,
    10: 0.56,
    11: 0.5,
}
#: Quality of a hand that comes in on a later draw, and of one that does not.
_COMPLETED: Final = 0.7
_MISSED: Final = 0.12


def _make(table: Mapping[int, tuple[float, ...]], needed: int, left: int) -> float:
    row = table.get(min(needed, max(table)), table[max(table)])
    return row[min(left, 3)]


def _lowball_quality(cards: Sequence[Card], left: int, ace_low: bool) -> float:
    made_table = _MADE_A5 if ace_low else _MADE_27
    made = 0.0
    ordered = sorted(low_rank(card, ace_low) for card in cards)
    if lowball_made(cards, ace_low):
        made = made_table.get(ordered[-1], 0.3)
    if left == 0:
        return made or _MISSED * (0.5 if len(set(ordered)) < 4 else 1.0)
    kept = lowball_keep(cards, left, ace_low)
    chance = _make(_MAKE_LOW, len(cards) - len(kept), left)
    drawing = chance * _COMPLETED + (1 - chance) * _MISSED
    return max(made, drawing)


def _badugi_quality(cards: Sequence[Card], left: int) -> float:
    best = best_badugi(cards)
    top = max(low_rank(card, True) for card in best)
    if len(best) == 4:
        made = _MADE_BADUGI.get(top, 0.92 if top < 3 else 0.45)
    elif len(best) == 3:
        made = max(0.05, 0.3 - 0.015 * top)
    else:
        made = 0.03
    if left == 0:
        return made
    chance = _make(_MAKE_BADUGI, 4 - len(best), left)
    return max(made, chance * _COMPLETED + (1 - chance) * made)


#: Five card draw: the quality of a made hand by the evaluator's strength bands.
_HIGH_BANDS: Final = (
    (7140, 0.97),  # full house or better
    (5863, 0.93),  # flush
    (5853, 0.9),  # straight
    (4995, 0.83),  # three of a kind
    (4137, 0.72),  # two pair
)


def _high_quality(cards: Sequence[Card], left: int) -> float:
    strength = high_strength(cards)
    now = 0.1 + 0.02 * max(0, max(card.rank for card in cards) - 8)
    for floor, value in _HIGH_BANDS:
        if strength > floor:
            now = value
            break
    else:
        if strength > 1277:  # one pair: better the higher it is
            pair = max(
                (c.rank for c in cards if sum(1 for d in cards if d.rank == c.rank) == 2),
                default=0,
            )
            now = 0.3 + 0.025 * pair
    if left == 0:
        return now
    kept = high_draw_keep(cards)
    drawn = len(cards) - len(kept)
    improve, better = {0: (0.0, now), 1: (0.18, 0.9), 2: (0.1, 0.97), 3: (0.29, 0.72)}.get(
        drawn, (0.12, 0.4)
    )
    return now + improve * max(0.0, better - now)


def quality(cards: Sequence[Card], left: int, evaluation: Evaluation) -> float:
    """About how often ``cards`` end better than an average hand, with ``left`` draws to come."""
    if evaluation is Evaluation.DEUCE_TO_SEVEN_LOW:
        return _lowball_quality(cards, left, ace_low=False)
    if evaluation in (Evaluation.ACE_TO_FIVE_LOW, Evaluation.EIGHT_OR_BETTER_LOW):
        return _lowball_quality(cards, left, ace_low=True)
    if evaluation is Evaluation.BADUGI:
        return _badugi_quality(cards, left)
    return _high_quality(cards, left)


def _drew_quality(drawn: int, left: int, evaluation: Evaluation, size: int) -> float:
    """The quality of a typical hand that drew ``drawn`` cards at its last draw."""
    if evaluation is Evaluation.STANDARD_HIGH:
        return {0: 0.85, 1: 0.6, 2: 0.8, 3: 0.42}.get(drawn, 0.2)
    if drawn == 0:
        return 0.68
    table = _MAKE_BADUGI if evaluation is Evaluation.BADUGI else _MAKE_LOW
    # At the last draw they had one draw to come in; before it, the draws left.
    chance = _make(table, drawn, max(left, 1))
    return chance * _COMPLETED + (1 - chance) * _MISSED


def draw_worth(view: SeatView, style: Style) -> Worth:
    """The worth of a draw-game hand in this betting round."""
    evaluation = view.variant.evaluations[0]
    left = draws_left(view)
    cards = view.hole_cards
    mine = quality(cards, left, evaluation)
    my_draws = view.draw_counts(view.seat)
    snowing = (
        left == 0
        and my_draws
        and my_draws[-1] == 0
        and evaluation is not Evaluation.STANDARD_HIGH
        and mine < 0.3
    )
    if snowing:
        mine = 0.75
    reads = read_opponents(view, style.respect)
    equities = []
    for player, read in reads.items():
        drawn = view.draw_counts(player)
        if drawn:
            theirs = _drew_quality(drawn[-1], left, evaluation, len(cards))
        else:
            theirs = 1 - read.first / 2
        theirs = 1 - (1 - theirs) * read.later**0.7
        equities.append(max(0.03, min(0.97, 0.5 + (mine - theirs) * 1.1)))
    equity = multiway_equity(equities)
    now = quality(cards, 0, evaluation)
    return Worth(equity=equity, draw=max(0.0, mine - now) if left else 0.0, nuts=now)


@cache
def _quality_sample(evaluation: Evaluation, size: int, left: int) -> tuple[float, ...]:
    """Qualities of a fixed sample of random hands, sorted."""
    rng = random.Random(f"{evaluation.value}/{size}/{left}")
    deck = list(ALL_CARDS)
    return tuple(sorted(quality(rng.sample(deck, size), left, evaluation) for _ in range(2000)))


def starting_percentile(cards: Sequence[Card], left: int, evaluation: Evaluation) -> float:
    """The share of random hands of the same size better than ``cards`` before
    the draws (0 best), ties counted half."""
    sample = _quality_sample(evaluation, len(cards), left)
    mine = quality(cards, left, evaluation)
    below = bisect.bisect_left(sample, mine)
    above = len(sample) - bisect.bisect_right(sample, mine)
    return (above + (len(sample) - below - above) / 2) / len(sample)
