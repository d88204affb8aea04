"""How a judged hand is said in English: "Full house, kings full of fours", "8-6-4-2-A low".

High hands are named by category and the ranks a player would call out.
Low hands without a pair (nor, in deuce-to-seven, a straight or flush) are
read as their five ranks, highest first, then "low": "7-5-4-3-2 low",
"8-6-4-2-A low". A low that is paired (or, in deuce-to-seven, a straight or
flush) is named like a high hand, "Pair of sevens", because that is what it
is. Badugi hands say how many cards play and their ranks: "Three-card badugi,
7-4-2".
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import ACE, RANK_CHARS, RANK_NAMES, RANK_PLURALS, Card
from engine.evaluation.kinds import Category, Evaluation

_COUNT_WORDS = ("One", "Two", "Three", "Four")


def describe(evaluation: Evaluation, category: Category, cards: Sequence[Card]) -> str:
    """The English name of ``cards`` (in reading order) judged by ``evaluation``."""
    if evaluation is Evaluation.BADUGI:
        return f"{_COUNT_WORDS[len(cards) - 1]}-card badugi, {_rank_run(cards)}"
    if evaluation.is_low and category is Category.HIGH_CARD:
        return f"{_rank_run(cards)} low"
    return high_phrase(category, _distinct_ranks(cards))


def _rank_run(cards: Sequence[Card]) -> str:
    return "-".join(RANK_CHARS[card.rank] for card in cards)


def _distinct_ranks(cards: Sequence[Card]) -> list[int]:
    ranks: list[int] = []
    for card in cards:
        if card.rank not in ranks:
            ranks.append(card.rank)
    return ranks


def high_phrase(category: Category, ranks: Sequence[int]) -> str:
    """A high hand of ``category`` whose distinct ranks read ``ranks`` (at
    least the first two where the category names two)."""
    top = ranks[0]
    if category is Category.HIGH_CARD:
        return f"High card, {RANK_NAMES[top]}"
    if category is Category.PAIR:
        return f"Pair of {RANK_PLURALS[top]}"
    if category is Category.TWO_PAIR:
        return f"Two pair, {RANK_PLURALS[top]} and {RANK_PLURALS[ranks[1]]}"
    if category is Category.THREE_OF_A_KIND:
        return f"Three of a kind, {RANK_PLURALS[top]}"
    if category is Category.STRAIGHT:
        return f"Straight, {RANK_NAMES[top]} high"
    if category is Category.FLUSH:
        return f"Flush, {RANK_NAMES[top]} high"
    if category is Category.FULL_HOUSE:
        return f"Full house, {RANK_PLURALS[top]} full of {RANK_PLURALS[ranks[1]]}"
    if category is Category.FOUR_OF_A_KIND:
        return f"Four of a kind, {RANK_PLURALS[top]}"
    if category is Category.STRAIGHT_FLUSH:
        return "Royal flush" if top == ACE else f"Straight flush, {RANK_NAMES[top]} high"
    raise ValueError(f"A {category.value} is not a high hand.")
