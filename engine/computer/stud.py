"""Stud, stud hi-lo and Razz: the hand's worth read from the up cards.

Every opponent's face-down cards are sampled from the cards nobody has seen
(every up card on the table, folded players' included, is out of the stub),
added to the cards they show, and weighed by what their betting says
(:mod:`engine.computer.ranges`): on third street by how good those three cards
would be to start with, later by what the whole hand makes now. Against each
sample the player counts the share of the pot its own cards win as they stand
(high, ace-to-five low, or half of each in the hi-lo game, where the high takes
all when nobody has a low prospect), adds the chance that its draws come in,
and blurs the result towards even by the cards still to come.

>>> from engine.cards import parse_cards
>>> stud_high(parse_cards("KsKd9c")) > stud_high(parse_cards("QsQd9c"))
True
>>> razz_low(parse_cards("As2d3c")) > razz_low(parse_cards("As2dKc"))
True
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Final

from engine.cards import ALL_CARDS, Card
from engine.computer.draw_outs import outs
from engine.computer.first_round import multiway_equity
from engine.computer.ranges import range_weights, read_opponents
from engine.computer.styles import Style
from engine.computer.worth import Worth
from engine.evaluation import Evaluation, high_strength
from engine.seat_view import SeatView

__all__ = ["eight_low", "razz_low", "starting_percentile", "stud_high", "stud_worth"]

#: Samples of each opponent's face-down cards.
SAMPLES: Final = 90
#: Strengths of five or more cards sit above every partial hand's.
_FULL: Final = 1 << 24


def stud_high(cards: Sequence[Card]) -> int:
    """The high strength of a stud player's cards so far, comparable between
    hands of the same size: the evaluator's for five or more cards, else by
    pairs, trips, two pair and high cards."""
    if len(cards) >= 5:
        return _FULL + high_strength(cards[-7:] if len(cards) > 7 else cards)
    counts: dict[int, int] = {}
    for card in cards:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    groups = sorted(((count, rank) for rank, count in counts.items()), reverse=True)
    category = {4: 5, 3: 3}.get(groups[0][0], 0)
    if groups[0][0] == 2:
        category = 2 if len(groups) > 1 and groups[1][0] == 2 else 1
    code = category
    for _, rank in groups:
        code = code * 16 + rank
    return code << (4 * (5 - len(groups)))


def _ace_low(card: Card) -> int:
    return 0 if card.rank == 12 else card.rank + 1


def razz_low(cards: Sequence[Card]) -> int:
    """The ace-to-five low of a stud player's cards so far (higher is better):
    the five lowest different ranks, with pairs only when there are not five."""
    ranks = sorted(_ace_low(card) for card in cards)
    distinct = sorted(set(ranks))
    chosen = distinct[:5]
    if len(chosen) < min(5, len(ranks)):
        extra = sorted(r for r in ranks if r in chosen)  # pairs fill the gap
        for rank in extra:
            if len(chosen) >= min(5, len(ranks)):
                break
            chosen.append(rank)
    pairs = len(chosen) - len(set(chosen))
    code = pairs
    for rank in sorted(chosen, reverse=True):
        code = code * 16 + rank
    return _FULL - code


def eight_low(cards: Sequence[Card]) -> int:
    """An eight-or-better low so far (higher is better; 0: no low prospect):
    more different low cards first, then the lower top card."""
    lows = sorted({r for card in cards if (r := _ace_low(card)) <= 7})[:5]
    if len(lows) < min(3, len(cards)):
        return 0
    code = 0
    for rank in sorted(lows, reverse=True):
        code = code * 16 + rank
    return (len(lows) << 20) + (0xFFFFF - code)


def _starting_score(cards: Sequence[Card], evaluation: Evaluation, split: bool) -> float:
    """How good three cards are to start with."""
    if evaluation is Evaluation.ACE_TO_FIVE_LOW:
        return razz_low(cards) - _FULL
    ranks = sorted((card.rank for card in cards), reverse=True)
    suits = {card.suit for card in cards}
    if ranks[0] == ranks[2]:
        score = 100.0 + ranks[0]
    elif len(set(ranks)) == 2:
        pair = ranks[1]
        kicker = ranks[0] if ranks[0] != pair else ranks[2]
        score = 50.0 + 3 * pair + kicker / 4
    else:
        score = sum(ranks) / 6
        if len(suits) == 1:
            score += 25
        if ranks[0] - ranks[2] <= 4:
            score += 18
    if split:
        lows = {_ace_low(card) for card in cards if _ace_low(card) <= 7}
        score += 12 * len(lows) + (10 if 0 in lows else 0)
    return score


@cache
def _score_sample(evaluation: Evaluation, split: bool) -> tuple[float, ...]:
    rng = random.Random(f"{evaluation.value}/{split}")
    deck = list(ALL_CARDS)
    return tuple(
        sorted(_starting_score(rng.sample(deck, 3), evaluation, split) for _ in range(4000))
    )


def starting_percentile(cards: Sequence[Card], evaluation: Evaluation, split: bool) -> float:
    sample = _score_sample(evaluation, split)
    return 1 - bisect.bisect_left(sample, _starting_score(cards, evaluation, split)) / len(sample)


def _share_judge(view: SeatView) -> Callable[[Sequence[Card], Sequence[Card]], float]:
    """The share of a heads-up pot the first cards win against the second, as they stand."""
    evaluation = view.variant.evaluations[0]
    if evaluation is Evaluation.ACE_TO_FIVE_LOW:

        def low_only(mine: Sequence[Card], theirs: Sequence[Card]) -> float:
            a, b = razz_low(mine), razz_low(theirs)
            return 1.0 if a > b else 0.5 if a == b else 0.0

        return low_only
    if view.variant.is_split:

        def split(mine: Sequence[Card], theirs: Sequence[Card]) -> float:
            a, b = stud_high(mine), stud_high(theirs)
            high = 1.0 if a > b else 0.5 if a == b else 0.0
            la, lb = eight_low(mine), eight_low(theirs)
            if not la and not lb:
                return high
            return (high + (1.0 if la > lb else 0.5 if la == lb else 0.0)) / 2

        return split

    def high_only(mine: Sequence[Card], theirs: Sequence[Card]) -> float:
        a, b = stud_high(mine), stud_high(theirs)
        return 1.0 if a > b else 0.5 if a == b else 0.0

    return high_only


def stud_worth(view: SeatView, style: Style, rng: random.Random) -> Worth:
    """The worth of a stud, stud hi-lo or Razz hand now."""
    variant = view.variant
    evaluation = variant.evaluations[0]
    split = variant.is_split
    mine = (*view.hole_cards, *view.board)
    seen = view.seen_cards()
    unknown = [card for card in variant.deck.cards if card not in seen]
    judge = _share_judge(view)
    ranker = razz_low if evaluation is Evaluation.ACE_TO_FIVE_LOW else stud_high
    reads = read_opponents(view, style.respect)
    shares: list[float] = []
    for player, read in reads.items():
        shown = view.known_cards[player]
        hidden = max(0, len(view.hole_cards) - len(shown))
        if hidden > len(unknown):
            continue
        downs = [rng.sample(unknown, hidden) for _ in range(SAMPLES)]
        samples = [(*shown, *down, *view.board) for down in downs]
        starting = [
            starting_percentile(
                (*down[:2], *shown[:1]) if len(down) >= 2 and shown else sample[:3],
                evaluation,
                split,
            )
            for down, sample in zip(downs, samples, strict=True)
        ]
        by_rank = sorted(range(len(samples)), key=lambda i: ranker(samples[i]), reverse=True)
        weights = range_weights(read, starting, by_rank)
        total = sum(weights)
        shares.append(
            sum(w * judge(mine, s) for w, s in zip(weights, samples, strict=True)) / total
        )
    cards_to_come = max(0, 7 - len(mine))
    improves = 0.0
    if evaluation is not Evaluation.ACE_TO_FIVE_LOW and cards_to_come:
        draw_outs = outs(mine, ()) + _pair_outs(view.hole_cards)
        miss = 1.0
        for k in range(cards_to_come):
            miss *= max(0.0, 1 - draw_outs / max(1, len(unknown) - k))
        improves = 1 - miss
    # Cards to come blur where the hands stand now, and the player's own draws
    # come in some of the time; against several opponents, see multiway_equity.
    blur = (0.0, 0.15, 0.3, 0.4, 0.5)[min(cards_to_come, 4)]
    equities = [
        (share + (1 - share) * improves * 0.6) * (1 - blur) + 0.5 * blur for share in shares
    ]
    return Worth(equity=multiway_equity(equities), draw=improves, nuts=math.prod(shares))


def _pair_outs(cards: Sequence[Card]) -> int:
    """Outs that turn one pair into trips or two pair (none without a pair,
    none once there are two pairs or better)."""
    ranks = [card.rank for card in cards]
    pairs = [rank for rank in set(ranks) if ranks.count(rank) == 2]
    if len(pairs) != 1 or any(ranks.count(rank) > 2 for rank in ranks):
        return 0
    return 2 + 3 * (len(set(ranks)) - 1) // 2
