"""How good a stud hand's face-up cards look, to decide who acts first: :func:`showing_strength`.

Partial hands of one to four cards are ranked by pairing alone, since straights
and flushes only count in five cards: four of a kind, then three of a kind,
two pair, one pair, then the highest cards. For the ace-to-five low of razz the
order is turned around: the lowest showing hand is best, aces low, pairs bad.
Suits are not used; the caller breaks remaining ties by seat. As everywhere in
:mod:`engine.evaluation`, higher is better.

>>> from engine.cards import parse_cards as cards
>>> showing_strength(Evaluation.STANDARD_HIGH, cards("7s7d")) > showing_strength(
...     Evaluation.STANDARD_HIGH, cards("AsKd"))
True
>>> showing_strength(Evaluation.ACE_TO_FIVE_LOW, cards("As3d")) > showing_strength(
...     Evaluation.ACE_TO_FIVE_LOW, cards("4s2d"))
True
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card
from engine.evaluation.five_card import HIGH_ORDER, PAIRING_ORDER, grouped, pack
from engine.evaluation.kinds import Evaluation
from engine.evaluation.lows import LOW_TOP, ace_low


def showing_strength(evaluation: Evaluation, up_cards: Sequence[Card]) -> int:
    """The strength of 1 to 4 face-up cards; higher is better (``STANDARD_HIGH`` or razz's low)."""
    if not 1 <= len(up_cards) <= 4:
        raise ValueError(f"Showing hands have one to four cards, not {len(up_cards)}.")
    if evaluation is Evaluation.STANDARD_HIGH:
        category, reading = grouped(card.rank for card in up_cards)
        return pack(HIGH_ORDER.index(category), reading)
    if evaluation is Evaluation.ACE_TO_FIVE_LOW:
        category, reading = grouped(ace_low(card.rank) for card in up_cards)
        return LOW_TOP - pack(PAIRING_ORDER.index(category), reading)
    raise ValueError(f"Showing cards are not ranked for {evaluation.value}.")
