"""Table rules of draw games: how many cards a player may draw, and jackpots.

Five card draw is dealt with a limit on the draw, a table setting: three cards
by default, four for a player who shows the ace he keeps where the table
allows it. With jackpots a player needs jacks or better to open the betting
(the engine checks it when he bets and shows the proof when the hand ends); if
nobody opens, the hand ends, everyone antes again for a new deal and the pot
carries over.

>>> from engine.cards import parse_cards
>>> [str(card) for card in openers(parse_cards("JhJs7c4d2s"))]
['Jh', 'Js']
>>> openers(parse_cards("ThTs7c4d2s")) is None
True
>>> DrawRules(max_draw_with_ace=4).limit(3, parse_cards("As7c4d2s9h"))
4
>>> DrawRules(max_draw_with_ace=4).limit(3, parse_cards("Ks7c4d2s9h"))
3
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine.cards import ACE, Card

#: Jacks: the lowest pair that opens a jackpot.
JACKS = 9


@dataclass(frozen=True, slots=True)
class DrawRules:
    """A table's draw settings. ``max_draw`` is how many cards a player may
    draw (``None``: the variant's own limit, three in five card draw);
    ``max_draw_with_ace`` is the limit for a player who keeps an ace and shows
    it; ``jackpots`` requires jacks or better to open the first betting round."""

    max_draw: int | None = None
    max_draw_with_ace: int | None = None
    jackpots: bool = False

    def limit(self, street_max: int, held: Sequence[Card]) -> int:
        """The most cards a player holding ``held`` may draw where the variant
        allows ``street_max``: with an ace to keep, the ace limit applies."""
        base = self.base_limit(street_max, len(held))
        if self.max_draw_with_ace is not None and any(card.rank == ACE for card in held):
            return max(base, min(self.max_draw_with_ace, len(held) - 1))
        return base

    def base_limit(self, street_max: int, held: int) -> int:
        """The limit for a player holding ``held`` cards who shows no ace: the
        table's setting where it has one, else the variant's."""
        return min(held, street_max if self.max_draw is None else self.max_draw)


#: No draw limit beyond the variant's, no jackpots.
DEFAULT_DRAW_RULES: Final = DrawRules()


def _is_straight(ranks: set[int]) -> bool:
    if len(ranks) != 5:
        return False
    if max(ranks) - min(ranks) == 4:
        return True
    return ranks == {ACE, 0, 1, 2, 3}  # the wheel, ace low


def openers(cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """The cards that prove jacks or better in a five-card hand, or ``None``.

    A pair of jacks or better shows the pair; two pair, trips, a full house
    and quads show the cards that make them; a straight or flush shows all five.
    """
    flush = len({card.suit for card in cards}) == 1
    if len(cards) == 5 and (flush or _is_straight({card.rank for card in cards})):
        return tuple(cards)
    groups: dict[int, list[Card]] = {}
    for card in cards:
        groups.setdefault(card.rank, []).append(card)
    made = [group for group in groups.values() if len(group) >= 2]
    if not made:
        return None
    if len(made) == 1 and len(made[0]) == 2 and made[0][0].rank < JACKS:
        return None
    return tuple(card for group in made for card in group)
