"""A judged hand as data, and which kicker decided between two hands.

:class:`HandDescription` says what a hand is without saying it in any
language: its category, the ranks its name calls out (a full house's trips
and pair, a straight's top card, every rank of a low), the kickers behind
them, and the cards that make it. The bot words it in the reader's language.

:func:`deciding_kicker` compares two hands of one evaluation the way a dealer
explains a showdown: when both have the same named hand (a pair of threes
against a pair of threes), the first kicker where they differ decided it; when
the names already differ, no kicker did.

>>> from engine.cards import parse_cards as cards
>>> from engine.evaluation.showdown import evaluate
>>> ann = evaluate(Evaluation.STANDARD_HIGH, cards("3s3hKd"), cards("9c7d5s2h"))
>>> ben = evaluate(Evaluation.STANDARD_HIGH, cards("3c3dQd"), cards("9c7d5s2h"))
>>> described(ann)
HandDescription(evaluation=<Evaluation.STANDARD_HIGH: 'standard high'>, \
category=<Category.PAIR: 'pair'>, ranks=(1,), kickers=(11, 7, 5))
>>> deciding_kicker(ann, ben)  # the king
11
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from engine.cards import Card
from engine.evaluation.kinds import Category, Evaluation
from engine.evaluation.value import HandValue

#: How many distinct ranks each high category names ("two pair, aces and
#: fives" names two); the distinct ranks after them are kickers.
_NAMED_RANKS: Final = {
    Category.HIGH_CARD: 1,
    Category.PAIR: 1,
    Category.TWO_PAIR: 2,
    Category.THREE_OF_A_KIND: 1,
    Category.STRAIGHT: 1,
    Category.FLUSH: 1,
    Category.FULL_HOUSE: 2,
    Category.FOUR_OF_A_KIND: 1,
    Category.STRAIGHT_FLUSH: 1,
}
#: Categories that are never told apart by kickers: every card counts in the name.
_NO_KICKERS: Final = frozenset({Category.STRAIGHT, Category.FULL_HOUSE, Category.STRAIGHT_FLUSH})


@dataclass(frozen=True, slots=True)
class HandDescription:
    """What a hand is, as data (no words).

    ``ranks`` are what the hand's name calls out, in the order it says them:
    the pair's rank; two pair's higher and lower pair; a full house's trips
    and pair; a straight's or flush's top card (five for the wheel). A low
    without a pair (and a badugi) is named by all its ranks, highest first.
    ``kickers`` are the distinct ranks after those, in reading order.
    """

    evaluation: Evaluation
    category: Category
    ranks: tuple[int, ...]
    kickers: tuple[int, ...] = ()
    #: The cards that make the hand, in reading order.
    cards: tuple[Card, ...] = field(default=(), compare=False, repr=False)

    @property
    def is_low_run(self) -> bool:
        """Named by all its ranks ("8-6-4-2-A low", a badugi), not by a category."""
        return self.evaluation is Evaluation.BADUGI or (
            self.evaluation.is_low and self.category is Category.HIGH_CARD
        )


def described(value: HandValue) -> HandDescription:
    """``value`` as a :class:`HandDescription`."""
    distinct = _distinct_ranks(value.cards)
    if value.evaluation is Evaluation.BADUGI or (
        value.evaluation.is_low and value.category is Category.HIGH_CARD
    ):
        return HandDescription(value.evaluation, value.category, distinct, (), value.cards)
    named = _NAMED_RANKS[value.category]
    kickers = () if value.category in _NO_KICKERS else distinct[named:]
    return HandDescription(value.evaluation, value.category, distinct[:named], kickers, value.cards)


def deciding_kicker(winner: HandValue, loser: HandValue) -> int | None:
    """The rank of ``winner``'s kicker that beat ``loser``, or ``None`` when
    no kicker decided: the named hands differ, or the hands tie.

    Both hands must be judged by the same evaluation (else ``TypeError``);
    ``winner`` must not be the worse hand (else ``ValueError``).
    """
    if winner < loser:
        raise ValueError(f"{winner} does not beat {loser}")
    if winner == loser:
        return None
    mine, theirs = described(winner), described(loser)
    if mine.category is not theirs.category or mine.ranks != theirs.ranks:
        return None
    for kicker, other in zip(mine.kickers, theirs.kickers, strict=False):
        if kicker != other:
            return kicker
    return None


def best_of(values: Iterable[HandValue]) -> HandValue | None:
    """The best of ``values`` (the first of equals), or ``None`` when there are none."""
    best: HandValue | None = None
    for value in values:
        if best is None or value > best:
            best = value
    return best


def _distinct_ranks(cards: Iterable[Card]) -> tuple[int, ...]:
    ranks: list[int] = []
    for card in cards:
        if card.rank not in ranks:
            ranks.append(card.rank)
    return tuple(ranks)
