"""How a sit-and-go's prize pool is shared out.

The payout table by number of entrants (a rebuy or re-entry is not an
entrant): 2 to 4 entrants, the winner takes all; 5 to 7, 65 % and 35 %; 8 to
13, 50 %, 30 % and 20 %; larger fields pay about 15 % of the entrants (4 places
to 20 entrants, 5 to 27, 6 to 40, 9 to 60, then 15 to 100 and beyond). An
organiser may give their own percentages instead (:func:`check_percentages`). Each prize is
rounded down and the odd chips go to the better place (first place), so the
prizes always add up to the pool.

Players busting in the same hand with the same stack share a place (the
table gives them all the better one); they share the prizes of the places
they cover equally, the odd chips one each in the order given.

A tournament stopped before its end (its table closed) pays what is left of
the pool in proportion to the chips each remaining player holds, the odd
chips one each to the biggest stacks.

>>> prizes(600, 6)
(390, 210)
>>> prizes(21, 6)
(14, 7)
>>> shared_prizes(prizes(1000, 8), place=2, players=2)
(250, 250)
>>> chip_chop(100, (500, 250, 250))
(50, 25, 25)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final

from engine.errors import RulesError

#: (most entrants, percentage of the pool for each paid place from first).
PAYOUT_TABLE: Final[tuple[tuple[int, tuple[int, ...]], ...]] = (
    (4, (100,)),
    (7, (65, 35)),
    (13, (50, 30, 20)),
    (20, (40, 27, 19, 14)),
    (27, (35, 24, 17, 13, 11)),
    (40, (31, 21, 15, 12, 11, 10)),
    (60, (27, 17, 12, 9, 8, 7, 7, 7, 6)),
    (100, (24, 15, 10, 8, 6, 6, 5, 4, 4, 3, 3, 3, 3, 3, 3)),
)
#: An organiser's own payout table pays at most this many places.
MAX_PAID_PLACES: Final = 20


def payout_percentages(entrants: int) -> tuple[int, ...]:
    """The percentage of the pool each paid place takes, first place first.

    >>> payout_percentages(3), payout_percentages(5), payout_percentages(9)
    ((100,), (65, 35), (50, 30, 20))
    """
    if entrants < 1:
        raise ValueError("A tournament has at least one entrant.")
    for most, percentages in PAYOUT_TABLE:
        if entrants <= most:
            return percentages
    return PAYOUT_TABLE[-1][1]


def check_percentages(percentages: Sequence[int]) -> None:
    """An organiser's payout table: 1 to 20 places, each 1 % or more, no place
    above a better one, adding up to 100 %.

    >>> check_percentages((60, 40))
    >>> check_percentages((40, 60))
    Traceback (most recent call last):
    engine.errors.RulesError: A payout table gives each place 1 % or more, ...
    """
    if not (
        1 <= len(percentages) <= MAX_PAID_PLACES
        and all(p >= 1 for p in percentages)
        and all(a >= b for a, b in itertools.pairwise(percentages))
        and sum(percentages) == 100
    ):
        raise RulesError("payout_percentages", high=MAX_PAID_PLACES)


def prizes(pool: int, entrants: int, percentages: Sequence[int] | None = None) -> tuple[int, ...]:
    """The prize of each paid place, first place first; they add up to ``pool``.
    ``percentages``: the organiser's table (checked), else the one for the field.

    >>> prizes(1000, 20), prizes(1000, 3, (70, 30))
    ((400, 270, 190, 140), (700, 300))
    """
    if pool < 0:
        raise ValueError("A prize pool cannot be negative.")
    if percentages is not None:
        check_percentages(percentages)
    table = payout_percentages(entrants) if percentages is None else tuple(percentages)
    paid = [pool * percentage // 100 for percentage in table]
    paid[0] += pool - sum(paid)
    return tuple(paid)


def prize_of(place_prizes: Sequence[int], place: int) -> int:
    """The prize of ``place`` (from 1); nothing for a place out of the money."""
    return place_prizes[place - 1] if 1 <= place <= len(place_prizes) else 0


def shared_prizes(place_prizes: Sequence[int], *, place: int, players: int) -> tuple[int, ...]:
    """What each of ``players`` sharing ``place`` gets: the prizes of the
    places they cover, shared equally, the odd chips to the first ones.

    >>> shared_prizes((70, 30), place=1, players=1)
    (70,)
    >>> shared_prizes((65, 35), place=2, players=3)
    (12, 12, 11)
    """
    if players < 1:
        raise ValueError("A place is shared by at least one player.")
    total = sum(prize_of(place_prizes, place + k) for k in range(players))
    share, odd = divmod(total, players)
    return tuple(share + (1 if k < odd else 0) for k in range(players))


def chip_chop(pool: int, stacks: Sequence[int]) -> tuple[int, ...]:
    """``pool`` shared in proportion to ``stacks``; the odd chips go one each
    to the biggest stacks (the first of equal ones first).

    >>> chip_chop(10, (1, 1, 1))
    (4, 3, 3)
    """
    total = sum(stacks)
    if total <= 0 or any(stack < 0 for stack in stacks):
        raise ValueError("Chips to share by need a positive total.")
    shares = [pool * stack // total for stack in stacks]
    by_size = sorted(range(len(stacks)), key=lambda i: -stacks[i])
    for k in range(pool - sum(shares)):
        shares[by_size[k % len(stacks)]] += 1
    return tuple(shares)
