"""A multi-table tournament's prize pool: how many places are paid, what
each place wins, and what a deal at the final table gives each player.

**Places paid** (:func:`places_paid`). Up to 10 entrants the sit-and-go's
table of :mod:`engine.payouts` applies (1, 2 or 3 places). From 11 entrants
about 15 % of the field is paid, rounded up (27 entrants pay 5, 90 pay 14):
the share Poker Stars, PokerNow and most home-game payout charts use.

**The curve** (:func:`mtt_prizes`). Place *k* weighs ``1/k`` (a harmonic,
top-heavy curve: with 14 places paid first place takes about 31 % and the
last paid place about 2 %, two buy-ins in a field of 90). The organiser may
give weights of their own (:func:`prizes_by_weights`, e.g. percentages).

**The organiser's percentages** (``mtt_prizes(pool, entrants, (70, 30))``)
replace the curve: checked and shared out as at a sit-and-go
(:func:`engine.payouts.prizes`, the odd chips to first place), of the pool as
it grows. Places paid never exceed the field: a place no entrant can reach
goes to the winner, as at a sit-and-go (whose winner takes what is left).

**Whole chips.** Each prize is its exact share rounded down; the chips left
over by the rounding go one each to the best places, first place first. The
prizes therefore add up to the pool, and a better place never wins less.

**A deal** among the players left. A *chip chop* shares what is left of the
pool in proportion to the chips (:func:`engine.payouts.chip_chop`). *ICM*
(:func:`icm_equities`, the Malmuth-Harville model, exact for the players
left): the chance that a player finishes first is their share of the chips;
given who finished first, the chance of finishing second is the share of the
chips the others hold, and so on. A player's equity is their prize expected
over every finishing order. :func:`icm_deal` rounds the equities to whole
chips: each rounded down, the chips left over one each to the largest
fractions (the bigger stack first among equal fractions), so the deal adds up
to the prizes still to be won.

>>> mtt_prizes(1000, 30)
(438, 219, 146, 110, 87)
>>> sum(mtt_prizes(90 * 100, 90)), len(mtt_prizes(9000, 90))
(9000, 14)
>>> mtt_prizes(1001, 12, (70, 30)), mtt_prizes(100, 2, (50, 30, 20))
((701, 300), (70, 30))
>>> icm_deal((5000, 3000, 2000), (50, 30, 20))
(38, 33, 29)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import pairwise
from math import ceil

from engine.payouts import payout_percentages, prizes

__all__ = [
    "PAID_SHARE_PERCENT",
    "icm_deal",
    "icm_equities",
    "mtt_prizes",
    "places_paid",
    "prizes_by_weights",
]

#: The share of the field paid from 11 entrants on.
PAID_SHARE_PERCENT = 15
#: ICM is exact over every finishing order (in fractions); a deal is made
#: at the final table, and ten players take under half a second where 12
#: take seconds (``python -m bench.tournament_tables`` does not time it).
MOST_ICM_PLAYERS = 10


def places_paid(entrants: int) -> int:
    """How many places are paid in a field of ``entrants``.

    >>> [places_paid(n) for n in (3, 6, 9, 11, 27, 90, 200)]
    [1, 2, 3, 2, 5, 14, 30]
    """
    if entrants < 1:
        raise ValueError("A tournament has at least one entrant.")
    if entrants <= 10:
        return len(payout_percentages(entrants))
    return ceil(entrants * PAID_SHARE_PERCENT / 100)


def prizes_by_weights(pool: int, weights: Sequence[int | Fraction]) -> tuple[int, ...]:
    """``pool`` shared by ``weights`` (first place first, never rising) in
    whole chips; the odd chips one each to the best places.

    >>> prizes_by_weights(101, (50, 30, 20))
    (51, 30, 20)
    """
    if pool < 0:
        raise ValueError("A prize pool cannot be negative.")
    if not weights or any(w <= 0 for w in weights):
        raise ValueError("Every paid place needs a positive weight.")
    if any(later > earlier for earlier, later in pairwise(weights)):
        raise ValueError("A better place cannot weigh less than a worse one.")
    total = sum(Fraction(w) for w in weights)
    paid = [int(pool * Fraction(w) / total) for w in weights]
    for k in range(pool - sum(paid)):
        paid[k % len(paid)] += 1
    return tuple(paid)


def mtt_prizes(
    pool: int, entrants: int, percentages: Sequence[int] | None = None
) -> tuple[int, ...]:
    """The prize of each paid place, first first, by the harmonic curve (the
    sit-and-go table up to 10 entrants), or by the organiser's ``percentages``
    (checked; at most one place per entrant, see the module)."""
    if percentages is not None:
        paid = list(prizes(pool, entrants, percentages))
        if len(paid) > max(1, entrants):
            paid[0] += sum(paid[max(1, entrants) :])
            del paid[max(1, entrants) :]
        return tuple(paid)
    if entrants <= 10:
        return prizes_by_weights(pool, payout_percentages(entrants))
    return prizes_by_weights(pool, [Fraction(1, k) for k in range(1, places_paid(entrants) + 1)])


def icm_equities(stacks: Sequence[int], prizes: Sequence[int]) -> tuple[Fraction, ...]:
    """Each player's exact Malmuth-Harville equity in the prizes left.

    ``prizes`` are the prizes of the places still to be decided, best first;
    places beyond the players left are ignored and missing ones pay nothing.
    The equities add up to the prizes the players left can win.

    >>> icm_equities((1, 1), (70, 30))
    (Fraction(50, 1), Fraction(50, 1))
    """
    if not stacks or any(stack <= 0 for stack in stacks):
        raise ValueError("ICM shares between players who all hold chips.")
    if len(stacks) > MOST_ICM_PLAYERS:
        raise ValueError(f"ICM is worked out for at most {MOST_ICM_PLAYERS} players.")
    count = len(stacks)
    paid = [*prizes[:count], *([0] * (count - len(prizes[:count])))]
    paying = max((place + 1 for place, prize in enumerate(paid) if prize), default=0)
    total = sum(stacks)
    # reach[mask]: the chance that the players in ``mask`` (a bit each) take
    # the best places, in some order. The next place goes to each other
    # player in proportion to their share of the chips the others hold.
    reach = [Fraction(0)] * (1 << count)
    reach[0] = Fraction(1)
    chips_in = [0] * (1 << count)
    equities = [Fraction(0)] * count
    for mask in range(1 << count):
        chance_so_far = reach[mask]
        place = mask.bit_count()
        if not chance_so_far or place >= paying:
            continue
        chips_left = total - chips_in[mask]
        for player in range(count):
            bit = 1 << player
            if mask & bit:
                continue
            chance = chance_so_far * Fraction(stacks[player], chips_left)
            equities[player] += chance * paid[place]
            reach[mask | bit] += chance
            chips_in[mask | bit] = chips_in[mask] + stacks[player]
    return tuple(equities)


def icm_deal(stacks: Sequence[int], prizes: Sequence[int]) -> tuple[int, ...]:
    """The ICM equities in whole chips, adding up to the prizes left (see
    the module's words on rounding)."""
    equities = icm_equities(stacks, prizes)
    deal = [int(equity) for equity in equities]
    left_over = sum(prizes[: len(stacks)]) - sum(deal)
    by_fraction = sorted(
        range(len(stacks)), key=lambda i: (-(equities[i] - deal[i]), -stacks[i], i)
    )
    for i in by_fraction[:left_over]:
        deal[i] += 1
    return tuple(deal)
