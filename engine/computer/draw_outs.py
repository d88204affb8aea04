"""Draws on a board, read off suits and rank masks: whether some cards make a
flush or straight draw, and how many outs a hand has to improve.

Cheap bit arithmetic, run for every possible opponent hand, so no evaluation.

>>> from engine.cards import parse_cards
>>> outs(parse_cards("6h5h"), parse_cards("2h7hKc"))
9
>>> outs(parse_cards("9c8d"), parse_cards("7h6sQc"))
8
>>> outs(parse_cards("9c8d"), parse_cards("Th6s2c"))
4
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.cards import Card

__all__ = ["STRAIGHT_WINDOWS", "drawing_pairs", "is_drawing", "outs", "rank_mask", "suit_counts"]

#: Five-rank windows of straights, as rank masks (ace also low).
STRAIGHT_WINDOWS: Final = (*(0b11111 << low for low in range(9)), 0b1000000001111)


def rank_mask(cards: Sequence[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << (card >> 2)
    return mask


def suit_counts(cards: Sequence[Card]) -> list[int]:
    counts = [0, 0, 0, 0]
    for card in cards:
        counts[card & 3] += 1
    return counts


def _straight_outs(hole_mask: int, all_mask: int) -> int:
    """Outs to a straight (by rank, four cards each) that use a hole card and are not made yet."""
    missing: set[int] = set()
    for window in STRAIGHT_WINDOWS:
        have = all_mask & window
        if have == window:
            return 0  # a straight already
        if bin(have).count("1") == 4 and hole_mask & window:
            missing.add((window & ~have).bit_length() - 1)
    return 4 * len(missing)


def outs(hole: Sequence[Card], board: Sequence[Card]) -> int:
    """Outs to a flush or a straight that the hole cards help make (a flush
    draw's nine, an open-ended straight's eight, a gutshot's four; both
    together are counted once per card), and to a pair of the hole cards
    above the board when the hand has no pair yet (three each, counted half)."""
    cards = [*hole, *board]
    counts = suit_counts(cards)
    board_counts = suit_counts(board)
    flush = 0
    for suit in range(4):
        if counts[suit] == 4 and board_counts[suit] < 4:
            flush = 9
        if counts[suit] >= 5:
            return 0
    straight = _straight_outs(rank_mask(hole), rank_mask(cards))
    total = flush + straight - (2 if flush and straight else 0)
    ranks = [card >> 2 for card in cards]
    if len(set(ranks)) == len(ranks) and board:
        top = max(card >> 2 for card in board)
        overs = sum(1 for card in hole if card >> 2 > top)
        total += overs * 3 // 2
    return total


def is_drawing(
    hole_mask: int, hole_suits: Sequence[int], board_mask: int, board_suits: Sequence[int]
) -> bool:
    """Whether two hole cards make a flush draw or a straight draw with the board
    (for ranking opponents' possible hands; masks and suit counts precomputed)."""
    for suit in range(4):
        if hole_suits[suit] and hole_suits[suit] + board_suits[suit] == 4:
            return True
    all_mask = hole_mask | board_mask
    return any(
        hole_mask & window and bin(all_mask & window).count("1") == 4 for window in STRAIGHT_WINDOWS
    )


def drawing_pairs(board: Sequence[Card]) -> list[bool]:
    """For a board, whether each two hole cards (at index ``a * 52 + b``) make a
    flush draw or a straight draw with it: :func:`is_drawing` for every pair
    at once, worked out by rank pair and suit so each lookup is one index."""
    board_mask = rank_mask(board)
    board_suits = suit_counts(board)
    straight = [False] * 169
    for high in range(13):
        for low in range(high + 1):
            hole_mask = (1 << high) | (1 << low)
            all_mask = hole_mask | board_mask
            straight[high * 13 + low] = any(
                hole_mask & window and bin(all_mask & window).count("1") == 4
                for window in STRAIGHT_WINDOWS
            )
    table = [False] * (52 * 52)
    for a in range(52):
        for b in range(a + 1, 52):
            ra, rb = a >> 2, b >> 2
            draw = straight[max(ra, rb) * 13 + min(ra, rb)]
            if not draw:
                sa, sb = a & 3, b & 3
                if sa == sb:
                    draw = board_suits[sa] == 2
                else:
                    draw = board_suits[sa] == 3 or board_suits[sb] == 3
            table[a * 52 + b] = table[b * 52 + a] = draw
    return table
