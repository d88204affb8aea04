"""Small builders for rule tests: hands with named cards and readable stakes."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import ALL_CARDS, Card, parse_cards
from engine.hand import Hand, HandSetup, Rake
from engine.variants import VARIANTS


def stacked_deck(*dealt: str, kind_cards: Sequence[Card] = ALL_CARDS) -> tuple[Card, ...]:
    """A deck whose first cards are ``dealt`` (in dealing order), the rest in order."""
    front = [card for text in dealt for card in parse_cards(text)]
    rest = [card for card in kind_cards if card not in front]
    return tuple(front + rest)


def holdem(
    stacks: Sequence[int],
    *,
    blinds: Sequence[int] = (),
    antes: Sequence[int] = (),
    code: str = "NT",
    min_bet: int | None = None,
    small_bet: int = 0,
    big_bet: int = 0,
    deck: Sequence[Card] | None = None,
    rake: Rake | None = None,
    ante_trimming: bool = True,
) -> Hand:
    """A hand of ``code`` with players in hand order (index 0 left of the button)."""
    variant = VARIANTS[code]
    if min_bet is None:
        min_bet = max(blinds, default=0) or small_bet
    return Hand(
        HandSetup(
            variant,
            tuple(stacks),
            antes=tuple(antes),
            blinds=tuple(blinds),
            min_bet=min_bet,
            small_bet=small_bet,
            big_bet=big_bet,
            rake=rake,
            ante_trimming=ante_trimming,
            deck=tuple(deck) if deck is not None else tuple(variant.deck.cards),
        )
    )
