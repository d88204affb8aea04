"""The Hold'em family after the flop (Hold'em, short deck, royal, Pineapple):
how the hand stands against each opponent's estimated range, and its chance
to improve.

Every two cards an opponent could hold is ranked on the board; the betting
(:mod:`engine.computer.ranges`) says which of them each opponent is likely to
have: the starting hands their first-round action suggests, then, of those,
the best share by what they make now (draws count as fair hands, since people
bet them too). The hand's strength against one opponent is the weighted share
of those hands it beats now (ties half); against several, the product.
Before the river its equity against those weighted ranges comes from the
engine's equity calculator (:func:`engine.equity.equity_vs_range`), which
deals the cards to come; on the river the strength now is the showdown.
Holding three cards before Crazy Pineapple's discard, the outs to a flush or
straight, or to pair an overcard, stand in for the cards to come, and the
opponents' draws take some away.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Final

from engine.cards import Card
from engine.computer.draw_outs import drawing_pairs, outs
from engine.computer.ranges import range_weights, read_opponents
from engine.computer.starting_hands import by_cards
from engine.computer.styles import Style
from engine.computer.worth import Worth
from engine.equity import Range, equity_vs_range
from engine.evaluation import Evaluation, evaluate, high_strength, short_deck_high_strength
from engine.evaluation.fast_high import table_strength
from engine.evaluation.high_tables import short_deck_straight_over_trips
from engine.seat_view import SeatView

__all__ = ["HOLDEM_EVALUATIONS", "SAMPLES", "board_worth", "high_judge"]

#: Run-outs the equity calculator deals per decision before the river
#: (half as many against three or more opponents).
SAMPLES: Final = 600
#: An opponent read this widely is dealt a random hand.
_UNREAD: Final = 0.9
#: Hands this unlikely are left out of a range.
_NEGLIGIBLE: Final = 0.01


#: The high evaluations that judge any five of the hole cards and the board.
HOLDEM_EVALUATIONS: Final = (
    Evaluation.STANDARD_HIGH,
    Evaluation.SHORT_DECK_HIGH,
    Evaluation.SHORT_DECK_STRAIGHT_OVER_TRIPS,
)


def high_judge(evaluation: Evaluation) -> Callable[[Sequence[Card]], int]:
    """The strength of the best high hand in five to seven cards, by one of
    :data:`HOLDEM_EVALUATIONS`."""
    if evaluation is Evaluation.SHORT_DECK_HIGH:
        return short_deck_high_strength
    if evaluation is Evaluation.SHORT_DECK_STRAIGHT_OVER_TRIPS:
        tables = short_deck_straight_over_trips()
        return lambda cards: table_strength(cards, tables)
    return high_strength


def _improve_chance(hand_outs: int, unseen: int, cards_to_come: int) -> float:
    if hand_outs <= 0 or cards_to_come <= 0 or unseen <= 0:
        return 0.0
    miss = 1.0
    for k in range(cards_to_come):
        miss *= max(0.0, 1 - hand_outs / (unseen - k))
    return 1 - miss


def board_worth(
    view: SeatView, style: Style, rng: random.Random, board: Sequence[Card] | None = None
) -> Worth:
    """The worth of a Hold'em-family hand once the board has cards; with
    ``board``, on that one of several boards (the calculator, which deals one
    board, is not asked then)."""
    variant = view.variant
    judge = high_judge(variant.evaluations[0])
    one_board = board is None
    board = view.board if board is None else tuple(board)
    hole = view.hole_cards
    mine = judge((*hole, *board))
    seen = view.seen_cards()
    unknown = [card for card in variant.deck.cards if card not in seen]
    kind = variant.deck
    cards_to_come = max(0, 5 - len(board))
    combos = list(combinations(unknown, 2))
    strengths = [judge((a, b, *board)) for a, b in combos]
    percentiles = by_cards(kind)
    starting = [percentiles[a * 52 + b] for a, b in combos]
    if cards_to_come:
        draws = drawing_pairs(board)
        drawing = [draws[a * 52 + b] for a, b in combos]
    else:
        drawing = [False] * len(combos)
    # Rank for the reads: a draw counts like a hand at the 65th percentile of strength.
    ordered = sorted(strengths)
    draw_level = ordered[int(len(ordered) * 0.65)] if ordered else 0
    rank_keys = [max(s, draw_level) if d else s for s, d in zip(strengths, drawing, strict=True)]
    by_rank = sorted(range(len(combos)), key=rank_keys.__getitem__, reverse=True)
    reads = read_opponents(view, style.respect)
    strength_now = 1.0
    their_draws = 0.0
    ranges: list[Range | tuple[Card, ...]] = []
    for read in reads.values():
        weights = range_weights(read, starting, by_rank)
        if read.share >= _UNREAD:
            ranges.append(())  # nothing read: a random hand
        else:
            likely = [i for i, w in enumerate(weights) if w >= _NEGLIGIBLE]
            ranges.append(Range([combos[i] for i in likely], [weights[i] for i in likely]))
        total = sum(weights)
        beaten = tied = draws_behind = 0.0
        for w, s, d in zip(weights, strengths, drawing, strict=True):
            if s < mine:
                beaten += w
                if d:
                    draws_behind += w
            elif s == mine:
                tied += w
        strength_now *= (beaten + tied / 2) / total
        their_draws = max(their_draws, draws_behind / total)
    unseen = len(unknown)
    mine_improves = _improve_chance(outs(hole, board), unseen, cards_to_come)
    calculated = None
    if cards_to_come and ranges and one_board and len(hole) == variant.hole_card_count:
        samples = SAMPLES if len(ranges) <= 2 else SAMPLES // 2
        try:
            result = equity_vs_range(
                variant, hole, ranges, board, view.discarded, rng=rng, max_samples=samples
            )
            calculated = result.hands[0].equity
        except ValueError:  # a game the calculator does not judge
            calculated = None
    if calculated is not None:
        equity = calculated
    else:
        # The river (where the strength now is the showdown), or three cards
        # held before Crazy Pineapple's discard: strength now and the outs.
        they_improve = their_draws * _improve_chance(9, unseen, cards_to_come)
        equity = strength_now * (1 - they_improve) + (1 - strength_now) * mine_improves * 0.8
        if variant.is_split:
            equity = _with_low_half(view, equity)
    return Worth(equity=equity, draw=mine_improves, nuts=strength_now)


def _with_low_half(view: SeatView, high_equity: float) -> float:
    """A high/low split game: half the pot for the low when a low is made.
    The low half is judged by the hand's own low alone: a made low with a
    five or six on top wins it most of the time, an eight seldom."""
    low_evaluation = view.variant.evaluations[1]
    hole, board = view.hole_cards, view.board
    low_cards = {card.rank for card in board if card.rank <= 6 or card.rank == 12}
    if len(board) == 5 and len(low_cards) < 3:
        return high_equity  # nobody can make a low: the high takes all
    value = evaluate(low_evaluation, hole, board) if len(hole) + len(board) >= 5 else None
    if value is None:
        return high_equity * 0.5 if len(board) == 5 else high_equity * 0.6
    top = max((card.rank + 1) % 13 for card in value.cards)
    low_share = {4: 0.9, 5: 0.8, 6: 0.6, 7: 0.4}.get(top, 0.9)
    return 0.5 * high_equity + 0.5 * low_share
