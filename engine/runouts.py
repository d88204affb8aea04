"""The unseen cards of an equity question, every way they can fall or a random sample of them.

A *deal* fills some slots (the board still to come, each player's cards
still to come) with different cards from a pool of unseen cards. Slots come
in groups whose order inside does not matter (the turn and river are one
group of two), so every deal is one choice of cards for each group.

* :func:`deal_count` says how many deals there are, so a caller can decide
  whether to enumerate them;
* :func:`enumerate_deals` lists all of them, as an array of pool positions
  (one row per slot, one column per deal), every deal exactly once;
* :func:`sample_cards` draws random deals: each row a uniformly random choice
  of different cards, also different from cards a row already holds.

All arrays are NumPy arrays; randomness comes only from the
:class:`numpy.random.Generator` passed in.

>>> deal_count(45, [2])  # turn and river after the flop, heads-up
990
>>> enumerate_deals(4, [2]).T.tolist()
[[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import comb

import numpy as np
import numpy.typing as npt

#: Positions in the pool of unseen cards (small: kept as bytes, a deck has 52 cards).
Positions = npt.NDArray[np.integer]


def deal_count(pool_size: int, groups: Sequence[int]) -> int:
    """How many deals fill groups of these sizes from ``pool_size`` cards."""
    count, left = 1, pool_size
    for size in groups:
        count *= comb(left, size)
        left -= size
    return count


@lru_cache(maxsize=4)
def _combinations(pool_size: int, size: int) -> Positions:
    """All ``size``-subsets of ``range(pool_size)`` in lexicographic order,
    shape (size, C(pool_size, size)), as bytes; the last few shapes asked for
    are kept (at most a few megabytes each)."""
    table = np.arange(pool_size - size + 1, dtype=np.intp)[None, :]
    for depth in range(1, size):
        last = table[-1]
        # The next element runs from last + 1 to the largest that leaves room for the rest.
        top = pool_size - size + depth
        counts = top - last
        parent = np.repeat(np.arange(table.shape[1]), counts)
        starts = np.cumsum(counts) - counts
        following = np.arange(parent.size) - starts.repeat(counts) + last.repeat(counts) + 1
        table = np.vstack([table[:, parent], following[None, :]])
    small = table.astype(np.int8)
    small.setflags(write=False)
    return small


def combinations_of(pool_size: int, size: int) -> Positions:
    """All ways to choose ``size`` of ``pool_size`` positions, one column each.

    >>> combinations_of(4, 3).T.tolist()
    [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]]
    """
    if size == 0:
        return np.zeros((0, 1), dtype=np.int8)
    return _combinations(pool_size, size)


def skip_taken(relative: Positions, taken: Positions) -> Positions:
    """Positions among the cards left once ``taken`` (sorted, one column per deal)
    are out, as positions in the whole pool: each taken position at or below a
    position pushes it one further."""
    positions = relative.copy()
    for row in taken:
        positions += positions >= row
    return positions


def enumerate_deals(pool_size: int, groups: Sequence[int]) -> Positions:
    """Every deal filling the groups from the pool, as pool positions: one row
    per slot (groups one after another), one column per deal."""
    deals: Positions = np.zeros((0, 1), dtype=np.int8)
    taken_before = 0
    for size in groups:
        if size == 0:
            continue
        choices = combinations_of(pool_size - taken_before, size)
        count = deals.shape[1]
        repeated = np.repeat(deals, choices.shape[1], axis=1)
        relative = np.tile(choices, (1, count))
        taken = np.sort(repeated, axis=0)
        deals = np.vstack([repeated, skip_taken(relative, taken)])
        taken_before += size
    return deals


def sample_cards(
    pool: npt.NDArray[np.intp],
    count: int,
    held: npt.NDArray[np.uint64],
    generator: np.random.Generator,
) -> list[npt.NDArray[np.intp]]:
    """``count`` random different cards of ``pool`` for each row, none of them
    among the row's ``held`` cards (a bit mask of card codes), as ``count``
    columns of card codes.

    Each card is drawn uniformly from the pool and drawn again while it is
    one the row already has, which is the same as drawing uniformly among the
    cards it does not have.
    """
    rows = held.size
    held = held.copy()
    bits = np.left_shift(np.uint64(1), pool.astype(np.uint64))
    positions = np.empty((count, rows), dtype=np.intp)
    for slot in range(count):
        drawn = generator.integers(0, pool.size, size=rows)
        drawn_bits = bits.take(drawn)
        clash = np.flatnonzero(held & drawn_bits)
        while clash.size:
            redrawn = generator.integers(0, pool.size, size=clash.size)
            redrawn_bits = bits.take(redrawn)
            drawn[clash] = redrawn
            drawn_bits[clash] = redrawn_bits
            clash = clash[(held.take(clash) & redrawn_bits) != 0]
        held |= drawn_bits
        positions[slot] = drawn
    return list(pool.take(positions))
