"""How a judged hand is said in English: "Full house, kings full of fours", "8-6-4-2-A low",
in the English catalogue's words (engine/sentences.py's ``HAND_WORDS``, generated from
bot/i18n/en.py), so the engine as a library and the bot name a hand alike.

High hands are named by category and the ranks a player would call out.
Low hands without a pair (nor, in deuce-to-seven, a straight or flush) are
read as their five ranks, highest first, then "low": "7-5-4-3-2 low",
"8-6-4-2-A low". A low that is paired (or, in deuce-to-seven, a straight or
flush) is named like a high hand, "Pair of sevens", because that is what it
is. Badugi hands say how many cards play and their ranks: "3-card badugi,
7-4-2".
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import ACE, RANK_CHARS, RANK_NAMES, RANK_PLURALS, Card
from engine.evaluation.kinds import Category, Evaluation
from engine.sentences import HAND_WORDS


def describe(evaluation: Evaluation, category: Category, cards: Sequence[Card]) -> str:
    """The English name of ``cards`` (in reading order) judged by ``evaluation``."""
    if evaluation is Evaluation.BADUGI:
        return HAND_WORDS["hand.badugi"].format(count=len(cards), run=_rank_run(cards))
    if evaluation.is_low and category is Category.HIGH_CARD:
        return HAND_WORDS["hand.low"].format(run=_rank_run(cards))
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
    if category is Category.STRAIGHT_FLUSH and top == ACE:
        return HAND_WORDS["hand.royal_flush"]
    if category not in _HIGH_KEYS:
        raise ValueError(f"A {category.value} is not a high hand.")
    second = ranks[1] if len(ranks) > 1 else top
    return HAND_WORDS[_HIGH_KEYS[category]].format(
        rank=RANK_NAMES[top], ranks=RANK_PLURALS[top], low=RANK_PLURALS[second]
    )


#: The catalogue's key naming each high category.
_HIGH_KEYS: dict[Category, str] = {
    Category.HIGH_CARD: "hand.high_card",
    Category.PAIR: "hand.pair",
    Category.TWO_PAIR: "hand.two_pair",
    Category.THREE_OF_A_KIND: "hand.three_of_a_kind",
    Category.STRAIGHT: "hand.straight",
    Category.FLUSH: "hand.flush",
    Category.FULL_HOUSE: "hand.full_house",
    Category.FOUR_OF_A_KIND: "hand.four_of_a_kind",
    Category.STRAIGHT_FLUSH: "hand.straight_flush",
}
