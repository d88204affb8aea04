"""Cards as players read them: rank and suit symbol.

>>> from engine import parse_cards
>>> cards_text(parse_cards("AsKhTd2c"))
'A♠ K♥ T♦ 2♣'
>>> cards_text([])
'—'
"""

from __future__ import annotations

from collections.abc import Iterable

from engine import Card

NO_CARDS = "—"


def card_text(card: Card) -> str:
    return card.symbol


def cards_text(cards: Iterable[Card]) -> str:
    text = " ".join(card_text(card) for card in cards)
    return text or NO_CARDS
