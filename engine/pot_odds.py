"""Pot odds: what a call costs against what it may win.

The pot a caller may win is everything in the middle (this round's bets
included) plus their own call; the odds are the pot against the call, and
the equity needed to break even is the call's share of that total.

>>> odds = pot_odds(price=20, pot=60)
>>> odds.ratio, odds.break_even_percent
(3.0, 25.0)
>>> pot_odds(price=0, pot=60) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PotOdds:
    price: int
    pot: int

    @property
    def ratio(self) -> float:
        """The pot against the call (3.0 is "3 to 1")."""
        return self.pot / self.price

    @property
    def break_even_percent(self) -> float:
        """How often the call must win to break even, in percent."""
        return 100 * self.price / (self.pot + self.price)


def pot_odds(*, price: int, pot: int) -> PotOdds | None:
    """The odds of calling ``price`` into ``pot``; ``None`` when nothing is to be called."""
    if price <= 0 or pot < 0:
        return None
    return PotOdds(price, pot)
