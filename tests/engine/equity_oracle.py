"""A slow, obvious equity calculator: every deal listed in Python, every hand judged by
:func:`engine.evaluation.evaluate`, every share an exact fraction.

It knows nothing of NumPy, lookup tables or sampling, so the fast calculator
in :mod:`engine.equity` is checked against it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from engine.cards import Card
from engine.evaluation import evaluate
from engine.variants import VARIANTS


@dataclass(frozen=True)
class OracleHand:
    equity: Fraction
    win: Fraction
    tie: Fraction
    half: Fraction


def _deals(pool: Sequence[Card], groups: Sequence[int]) -> Iterator[tuple[tuple[Card, ...], ...]]:
    if not groups:
        yield ()
        return
    for chosen in combinations(pool, groups[0]):
        rest = [card for card in pool if card not in chosen]
        for tail in _deals(rest, groups[1:]):
            yield (chosen, *tail)


def shares(code: str, hands: Sequence[Sequence[Card]], board: Sequence[Card]) -> list[Fraction]:
    """Each complete hand's share of the pot on a complete board, by the rules:
    the best high hand takes the pot (or half of it in a split game, when a
    low qualifies, the best low taking the other half); equal hands split."""
    variant = VARIANTS[code]
    high = [evaluate(variant.evaluations[0], hand, board) for hand in hands]
    best = max(value.strength for value in high if value is not None)
    high_winners = [
        i for i, value in enumerate(high) if value is not None and value.strength == best
    ]
    result = [Fraction(0)] * len(hands)
    lows = (
        [evaluate(variant.evaluations[1], hand, board) for hand in hands]
        if len(variant.evaluations) > 1
        else []
    )
    qualified = [value.strength for value in lows if value is not None]
    if not qualified:
        for i in high_winners:
            result[i] += Fraction(1, len(high_winners))
        return result
    best_low = max(qualified)
    low_winners = [
        i for i, value in enumerate(lows) if value is not None and value.strength == best_low
    ]
    for i in high_winners:
        result[i] += Fraction(1, 2 * len(high_winners))
    for i in low_winners:
        result[i] += Fraction(1, 2 * len(low_winners))
    return result


def oracle_equities(
    code: str,
    hands: Sequence[Sequence[Card]],
    board: Sequence[Card] = (),
    dead: Sequence[Card] = (),
    *,
    hole: int | None = None,
    board_size: int | None = None,
) -> list[OracleHand]:
    """Every deal of the unseen cards, counted: each hand gets its missing cards
    (``hole`` at showdown, the variant's by default) and the board its missing
    cards (``board_size``: 5 in board games, 0 in stud)."""
    variant = VARIANTS[code]
    hole = variant.hole_card_count if hole is None else hole
    if board_size is None:
        board_size = sum(street.board for street in variant.streets)
    seen = {*board, *dead, *(card for hand in hands for card in hand)}
    pool = [card for card in variant.deck.cards if card not in seen]
    groups = [board_size - len(board), *(hole - len(hand) for hand in hands)]
    deals = (
        ([[*hand, *deal[i + 1]] for i, hand in enumerate(hands)], [*board, *deal[0]])
        for deal in _deals(pool, groups)
    )
    return _tally(code, deals, len(hands))


def oracle_vs_range(
    code: str,
    hand: Sequence[Card],
    combos: Sequence[tuple[Sequence[Card], float]],
    board: Sequence[Card],
) -> list[OracleHand]:
    """``hand`` against one opponent holding one of ``combos`` (with weights),
    every combination that no seen card rules out, with every run-out."""
    variant = VARIANTS[code]
    board_size = sum(street.board for street in variant.streets)
    seen = {*board, *hand}
    equity = [Fraction(0)] * 2
    win = [Fraction(0)] * 2
    tie = [Fraction(0)] * 2
    half = [Fraction(0)] * 2
    total = Fraction(0)
    for combo, weight in combos:
        if seen.intersection(combo) or weight == 0:
            continue
        pool = [card for card in variant.deck.cards if card not in seen and card not in combo]
        runouts = list(combinations(pool, board_size - len(board)))
        each = Fraction(weight) / len(runouts)
        for runout in runouts:
            full = [*board, *runout]
            for i, share in enumerate(shares(code, [hand, combo], full)):
                equity[i] += each * share
                win[i] += each * (share == 1)
                tie[i] += each * (0 < share < 1)
            total += each
    return [
        OracleHand(equity[i] / total, win[i] / total, tie[i] / total, half[i] / total)
        for i in range(2)
    ]


def _tally(
    code: str, deals: Iterator[tuple[list[list[Card]], list[Card]]], players: int
) -> list[OracleHand]:
    variant = VARIANTS[code]
    split = len(variant.evaluations) > 1
    equity = [Fraction(0)] * players
    win = [Fraction(0)] * players
    tie = [Fraction(0)] * players
    half = [Fraction(0)] * players
    count = 0
    for hands, board in deals:
        result = shares(code, hands, board)
        for i, share in enumerate(result):
            equity[i] += share
            win[i] += share == 1
            tie[i] += 0 < share < 1
            if split and share == Fraction(1, 2):
                half[i] += _takes_one_half_alone(code, hands, board, i)
        count += 1
    return [
        OracleHand(equity[i] / count, win[i] / count, tie[i] / count, half[i] / count)
        for i in range(players)
    ]


def _alone(strengths: Sequence[int | None], player: int) -> bool:
    """Whether ``player`` alone has the best of these strengths (``None``: no hand)."""
    present = [strength for strength in strengths if strength is not None]
    if not present or strengths[player] is None:
        return False
    best = max(present)
    return strengths[player] == best and present.count(best) == 1


def _takes_one_half_alone(
    code: str, hands: Sequence[Sequence[Card]], board: Sequence[Card], player: int
) -> bool:
    """A player whose share is one half: one half alone and nothing of the other
    (not two quarters)."""
    high, low = VARIANTS[code].evaluations
    high_values = [evaluate(high, hand, board) for hand in hands]
    low_values = [evaluate(low, hand, board) for hand in hands]
    high_alone = _alone([v.strength if v else None for v in high_values], player)
    low_alone = _alone([v.strength if v else None for v in low_values], player)
    return high_alone != low_alone
