"""Omaha and Omaha hi-lo: starting hands, and the hand's worth after the flop
against opponents' estimated ranges, scoop or half.

A starting hand scores for its pairs, its suits (two cards of a suit, best with
the ace), how closely its ranks connect and its high cards; in hi-lo also for
its low cards (an ace with a deuce most of all). Its percentile is its place
among a fixed sample of random hands.

After the flop the player samples hands an opponent could hold, weighs each by
what the opponent's betting says (:mod:`engine.computer.ranges`) and counts the
share of the pot it would win against each now: the whole pot, half of it when
the high or the low is split, and in hi-lo the high half when nobody has a
low. Before the river the engine's equity calculator deals the cards to come
against those weighted samples (:func:`engine.equity.equity_vs_range`); on the
river the share now is the showdown. Strengths come straight from the
evaluator's tables, exactly two hole cards with exactly three from the board.

>>> from engine.cards import parse_cards
>>> omaha_percentile(parse_cards("AsAhKsKh"), split=False) < 0.01
True
>>> omaha_percentile(parse_cards("9c5d2h2s"), split=False) > 0.7
True
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Sequence
from functools import cache
from itertools import combinations
from typing import Final

from engine.cards import ALL_CARDS, Card
from engine.computer.draw_outs import drawing_pairs, outs
from engine.computer.ranges import range_weights, read_opponents
from engine.computer.styles import Style
from engine.computer.worth import Worth
from engine.equity import Range, equity_vs_range
from engine.evaluation import Evaluation
from engine.evaluation.card_keys import RANK_KEYS
from engine.evaluation.high_tables import STANDARD
from engine.seat_view import SeatView
from engine.variants import Variant

__all__ = [
    "is_omaha",
    "omaha_high",
    "omaha_low",
    "omaha_percentile",
    "omaha_worth",
]

_OMAHA: Final = (Evaluation.OMAHA_HIGH, Evaluation.OMAHA_EIGHT_OR_BETTER_LOW)
_BY_RANKS5: Final = STANDARD.by_ranks[5]
_BY_FLUSH: Final = STANDARD.by_flush_mask
#: Opponent hands sampled after the flop.
SAMPLES: Final = 160
#: Run-outs the equity calculator deals per decision before the river.
EQUITY_SAMPLES: Final = 600


def is_omaha(variant: Variant) -> bool:
    return variant.evaluations[0] in _OMAHA


def omaha_high(hole: Sequence[Card], board: Sequence[Card]) -> int:
    """The strength of the best Omaha high hand: exactly two hole cards and three board cards."""
    triples = [
        (
            RANK_KEYS[a >> 2] + RANK_KEYS[b >> 2] + RANK_KEYS[c >> 2],
            (a & 3) if (a & 3) == (b & 3) == (c & 3) else -1,
            (1 << (a >> 2)) | (1 << (b >> 2)) | (1 << (c >> 2)),
        )
        for a, b, c in combinations(board, 3)
    ]
    best = 0
    for x, y in combinations(hole, 2):
        pair_key = RANK_KEYS[x >> 2] + RANK_KEYS[y >> 2]
        pair_suit = (x & 3) if (x & 3) == (y & 3) else -2
        pair_mask = (1 << (x >> 2)) | (1 << (y >> 2))
        for key, suit, mask in triples:
            if suit == pair_suit:
                strength = _BY_FLUSH[mask | pair_mask]
            else:
                strength = _BY_RANKS5[key + pair_key]
            if strength > best:
                best = strength
    return best


def _low_rank(card: Card) -> int:
    """Ace 1, deuce 2, … eight 8; higher cards 0 (no use for an eight-or-better low)."""
    rank = (card.rank + 2) if card.rank != 12 else 1
    return rank if rank <= 8 else 0


def omaha_low(hole: Sequence[Card], board: Sequence[Card]) -> int:
    """The best eight-or-better low of two hole and three board cards as a
    strength (higher is better), or 0 when there is none."""
    board_lows = sorted({r for card in board if (r := _low_rank(card))})
    if len(board_lows) < 3:
        return 0
    hole_lows = sorted({r for card in hole if (r := _low_rank(card))})
    best = 0
    for x, y in combinations(hole_lows, 2):
        rest = [r for r in board_lows if r != x and r != y]
        if len(rest) < 3:
            continue
        five = sorted((x, y, *rest[:3]), reverse=True)
        code = 0
        for rank in five:
            code = code * 16 + rank
        strength = 0x100000 - code
        if strength > best:
            best = strength
    return best


def _starting_score(cards: Sequence[Card], split: bool) -> float:
    ranks = [card.rank for card in cards]
    score = 0.0
    for rank in set(ranks):
        count = ranks.count(rank)
        if count == 2:
            score += 2 + rank / 3
        elif count >= 3:
            score -= 1.5
    for suit in range(4):
        suited = [card for card in cards if card.suit == suit]
        if len(suited) == 2:
            score += 1.5 + (1.0 if any(card.rank == 12 for card in suited) else 0.0)
        elif len(suited) == 3:
            score += 0.5
    distinct = sorted(set(ranks), reverse=True)
    if len(distinct) >= 3:
        span = distinct[0] - distinct[-1]
        if len(distinct) == 4 and span <= 4:
            score += 3
        elif span <= 5:
            score += 2
        elif span <= 7:
            score += 0.5
    score += 0.5 * sum(1 for rank in ranks if rank >= 8)
    if split:
        lows = {_low_rank(card) for card in cards} - {0}
        score += 0.6 * len(lows)
        if 1 in lows and 2 in lows:
            score += 4
        elif 1 in lows and 3 in lows:
            score += 2.5
        score -= 0.5 * sum(1 for rank in ranks if 4 <= rank <= 9)  # middle cards: neither end
    return score


@cache
def _score_sample(size: int, split: bool) -> tuple[float, ...]:
    """Scores of a fixed sample of random starting hands, sorted."""
    rng = random.Random(size * 2 + split)
    deck = list(ALL_CARDS)
    return tuple(sorted(_starting_score(rng.sample(deck, size), split) for _ in range(6000)))


def omaha_percentile(cards: Sequence[Card], split: bool) -> float:
    """The share of random starting hands of the same size that score better (0 best)."""
    sample = _score_sample(len(cards), split)
    score = _starting_score(cards, split)
    return 1 - bisect.bisect_left(sample, score) / len(sample)


def omaha_worth(view: SeatView, style: Style, rng: random.Random) -> Worth:
    """After the flop: the share of the pot won against sampled opponent hands."""
    split = view.variant.is_split
    hole, board = view.hole_cards, view.board
    seen = view.seen_cards()
    unknown = [card for card in view.variant.deck.cards if card not in seen]
    size = len(hole)
    my_high = omaha_high(hole, board)
    my_low = omaha_low(hole, board) if split else 0
    cards_to_come = max(0, 5 - len(board))
    samples = [tuple(rng.sample(unknown, size)) for _ in range(SAMPLES)]
    starting = [omaha_percentile(s, split) for s in samples]
    highs = [omaha_high(s, board) for s in samples]
    lows = [omaha_low(s, board) if split else 0 for s in samples]
    if cards_to_come:
        draws = drawing_pairs(board)
        drawing = [any(draws[a * 52 + b] for a, b in combinations(s, 2)) for s in samples]
    else:
        drawing = [False] * len(samples)
    ordered = sorted(highs)
    draw_level = ordered[int(len(ordered) * 0.65)]
    rank_keys = [max(h, draw_level) if d else h for h, d in zip(highs, drawing, strict=True)]
    by_rank = sorted(range(SAMPLES), key=rank_keys.__getitem__, reverse=True)
    shares = [_share(my_high, my_low, h, lo, split) for h, lo in zip(highs, lows, strict=True)]
    reads = read_opponents(view, style.respect)
    equity_now = 1.0
    ranged: list[tuple[float, Range]] = []
    for read in reads.values():
        weights = range_weights(read, starting, by_rank)
        total = sum(weights)
        equity_now *= sum(w * s for w, s in zip(weights, shares, strict=True)) / total
        ranged.append((read.share, Range(samples, weights)))
    my_outs = max((outs(two, board) for two in combinations(hole, 2)), default=0)
    unseen = len(unknown)
    mine_improves = 0.0
    if cards_to_come and my_outs:
        miss = 1.0
        for k in range(cards_to_come):
            miss *= max(0.0, 1 - my_outs / (unseen - k))
        mine_improves = 1 - miss
    if cards_to_come and ranged:
        # The calculator deals the cards to come against the two opponents
        # read most narrowly, by their weighted samples, and random hands for
        # the others (sampled ranges of several four-card hands collide too often).
        ranged.sort(key=lambda entry: entry[0])
        opponents: list[Range | tuple[Card, ...]] = [r for _, r in ranged[:2]]
        opponents += [()] * (len(ranged) - 2)
        result = equity_vs_range(
            view.variant, hole, opponents, board, rng=rng, max_samples=EQUITY_SAMPLES
        )
        equity = result.hands[0].equity
    else:
        equity = equity_now
    return Worth(equity=equity, draw=mine_improves, nuts=equity_now)


def _share(my_high: int, my_low: int, high: int, low: int, split: bool) -> float:
    """The share of a heads-up pot won by the first hand."""
    high_share = 1.0 if my_high > high else 0.5 if my_high == high else 0.0
    if not split or (not my_low and not low):
        return high_share
    low_share = 1.0 if my_low > low else 0.5 if my_low == low else 0.0
    return (high_share + low_share) / 2
