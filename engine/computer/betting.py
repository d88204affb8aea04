"""The betting policy every game shares: from the hand's :class:`Worth`, the
price and the style, whether to fold, check, call, bet or raise, and how much.

The hand's equity is compared with its fair share of the pot (a half heads-up,
a third three-way): the further above, the readier the player is to bet and to
raise; below the price of a call it folds, less readily the more a style likes
to call. Bets are sized in proportion to the pot where the structure lets a
player choose, bigger with a stronger hand or a more aggressive style; a bet
that would leave little behind goes all in. Bluffs are rare, likelier against
one opponent and on the last round, and sized like value bets so they cannot be
told apart. A player never folds when it can check.
"""

from __future__ import annotations

import random

from engine.actions import Action, BetOrRaise, CheckOrCall, Fold, PostBringIn
from engine.computer.styles import Style
from engine.computer.worth import Worth
from engine.hand import LegalActions
from engine.seat_view import SeatView
from engine.variants import BettingStructure

__all__ = ["bet_size", "betting_action", "betting_rounds_left"]


def betting_rounds_left(view: SeatView) -> int:
    """Betting rounds after this one."""
    return sum(1 for street in view.variant.streets[view.street_index + 1 :] if street.betting)


def bet_size(view: SeatView, legal: LegalActions, fraction: float) -> int:
    """A bet or raise to about ``fraction`` of the pot on top of a call, within
    what is allowed; all in when that would leave less than a third behind."""
    if legal.raise_choices:
        return legal.raise_choices[-1] if fraction >= 0.5 else legal.raise_choices[0]
    low, high = legal.min_raise_to, legal.max_raise_to
    if low >= high:
        return low
    if view.variant.betting is BettingStructure.SPREAD_LIMIT:
        return high if fraction >= 0.5 else low
    current = legal.bet + legal.call_amount
    target = current + int(fraction * (legal.pot + legal.call_amount))
    reach = legal.bet + legal.stack
    if target >= reach * 2 // 3:
        target = reach
    return max(low, min(high, target))


def betting_action(view: SeatView, style: Style, worth: Worth, rng: random.Random) -> Action:
    """The action to take in a betting round with a hand worth ``worth``."""
    legal = view.legal
    assert legal is not None
    opponents = max(1, len(view.opponents))
    fair = 1 / (opponents + 1)
    edge = (worth.equity - fair) / (1 - fair)
    last = betting_rounds_left(view) == 0
    aggression = style.aggression
    # How far above its fair share a hand must be to bet for value, and to raise.
    value_line = 0.42 - 0.25 * aggression
    raise_line = value_line + 0.22 - 0.1 * aggression
    if legal.can_post_bring_in:
        if legal.can_raise and edge > value_line + 0.1 and rng.random() < 0.5 + aggression / 2:
            return BetOrRaise(legal.min_raise_to)
        return PostBringIn()
    size = _fraction(style, edge, rng)
    if legal.call_amount == 0:
        if legal.can_raise:
            if edge > value_line and rng.random() < 0.55 + 0.45 * aggression:
                return BetOrRaise(bet_size(view, legal, size))
            if not last and worth.draw > 0.25 and rng.random() < aggression * 0.6:
                return BetOrRaise(bet_size(view, legal, size))
            bluff = style.bluffing * (1.6 if last else 1.0) / opponents
            if edge < 0.1 and rng.random() < bluff:
                return BetOrRaise(bet_size(view, legal, size))
        return CheckOrCall()
    price = legal.call_amount / (legal.pot + legal.call_amount)
    # Calling now in a big-bet game invites bigger bets later.
    big_bet = view.variant.betting in (BettingStructure.NO_LIMIT, BettingStructure.POT_LIMIT)
    all_in = legal.call_amount >= legal.stack
    later_risk = 0.03 * betting_rounds_left(view) if big_bet and not all_in else 0.0
    need = price - style.call_slack + later_risk * (1 - worth.draw)
    if legal.can_raise:
        raises = view.raises_this_street()
        line = raise_line + 0.08 * max(0, raises - 1)
        # Past three raises only a hand that can hardly be beaten raises again.
        war_over = raises >= 4 and worth.nuts < 0.95
        if edge > line and not war_over and rng.random() < 0.4 + 0.6 * aggression:
            return BetOrRaise(bet_size(view, legal, size + 0.3))
        if (
            not last
            and worth.draw > 0.3
            and worth.equity >= need
            and rng.random() < aggression * 0.3
        ):
            return BetOrRaise(bet_size(view, legal, size + 0.3))
    if worth.equity >= need:
        return CheckOrCall()
    return Fold()


def _fraction(style: Style, edge: float, rng: random.Random) -> float:
    """The share of the pot to bet: half to a full pot, more with a stronger
    hand and a more aggressive style, never quite the same twice."""
    base = 0.45 + 0.35 * style.aggression + 0.2 * max(0.0, edge)
    return max(0.33, base + rng.uniform(-0.1, 0.1))
