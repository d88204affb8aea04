"""The strength scales of low hands: ace-to-five, eight-or-better, deuce-to-seven and badugi.

Every scale here follows the package rule that a *higher* strength is a
better hand, so a low's strength is :data:`LOW_TOP` minus the code of the
hand read as if it were a high hand (see :mod:`.five_card`): the lower the
cards, the smaller the code, the greater the strength.

* Ace-to-five (razz) reads aces as the lowest rank, ignores straights and
  flushes, and counts pairs against the hand.
* Eight-or-better is ace-to-five restricted to five different ranks, eight or
  lower; anything else does not qualify (``None``).
* Deuce-to-seven reads aces high only and counts straights and flushes against
  the hand: it is the standard high code turned around, without the wheel.
* Badugi plays the largest set of cards of different ranks and suits, aces
  low; more cards beat fewer, then the lower highest card, and so on down.

>>> from engine.cards import parse_cards
>>> ace_to_five(parse_cards("5h4d3c2sAh")) > ace_to_five(parse_cards("6h4d3c2sAh"))
True
>>> eight_or_better(parse_cards("9h4d3c2sAh")) is None
True
>>> deuce_to_seven(parse_cards("7h5d4c3s2h")) > deuce_to_seven(parse_cards("7h6d4c3s2h"))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.cards import Card
from engine.evaluation.five_card import (
    ACE_HIGH_ONLY_STRAIGHTS,
    HIGH_ORDER,
    PAIRING_ORDER,
    grouped,
    high_code,
    made_hand,
    pack,
)
from engine.evaluation.kinds import Category

#: Above every code, so that ``LOW_TOP - code`` is positive.
LOW_TOP: Final = 1 << 24
#: Eight, counted with the ace as the lowest rank (ace 0, deuce 1, …, eight 7).
EIGHT: Final = 7


def ace_low(rank: int) -> int:
    """A rank counted with the ace lowest: ace 0, deuce 1, … king 12."""
    return (rank + 1) % 13


def ace_to_five(cards: Sequence[Card]) -> int:
    """Strength of five cards as an ace-to-five low."""
    category, reading = grouped(ace_low(card.rank) for card in cards)
    return LOW_TOP - pack(PAIRING_ORDER.index(category), reading)


def ace_to_five_category(cards: Sequence[Card]) -> Category:
    return grouped(ace_low(card.rank) for card in cards)[0]


def eight_or_better(cards: Sequence[Card]) -> int | None:
    """Strength of five cards as an eight-or-better low, or ``None`` when they do not qualify."""
    lows = sorted({ace_low(card.rank) for card in cards}, reverse=True)
    if len(lows) != len(cards) or lows[0] > EIGHT:
        return None
    return LOW_TOP - pack(0, lows)  # same scale as ace_to_five's unpaired hands


def deuce_to_seven(cards: Sequence[Card]) -> int:
    """Strength of five cards as a deuce-to-seven low."""
    return LOW_TOP - high_code(
        [card.rank for card in cards], _suited(cards), ACE_HIGH_ONLY_STRAIGHTS, HIGH_ORDER
    )


def deuce_to_seven_category(cards: Sequence[Card]) -> Category:
    return made_hand([card.rank for card in cards], _suited(cards), ACE_HIGH_ONLY_STRAIGHTS)[0]


def _suited(cards: Sequence[Card]) -> bool:
    return len({card.suit for card in cards}) == 1


def badugi(cards: Sequence[Card]) -> int | None:
    """Strength of cards as a badugi, or ``None`` if two share a rank or a suit."""
    if len({card.rank for card in cards}) != len(cards):
        return None
    if len({card.suit for card in cards}) != len(cards):
        return None
    lows = sorted((ace_low(card.rank) for card in cards), reverse=True)
    code = 0
    for position in range(4):
        code = code << 4 | (lows[position] if position < len(lows) else 0)
    return len(cards) << 16 | (0xFFFF - code)


BADUGI_CATEGORIES: Final = (
    Category.ONE_CARD_BADUGI,
    Category.TWO_CARD_BADUGI,
    Category.THREE_CARD_BADUGI,
    Category.FOUR_CARD_BADUGI,
)
