"""The card keys whose sum tells, in one small int, which ranks a hand holds and its flush.

Every card gets one key::

    key = (SUIT_KEYS[suit] - SUIT_BIAS) << RANK_BITS  +  RANK_KEYS[rank - lowest rank]

Adding the keys of 5, 6 or 7 cards gives a number ``k`` with two readings:

* ``k & RANK_MASK`` is the sum of the rank keys. :data:`RANK_KEYS` were chosen
  so that two different hands of the same size (at most four cards of a rank)
  never share a sum, so the sum names the hand's ranks exactly and indexes a
  table of how good they are. The keys were found greedily: each rank's key is
  the smallest number, larger than the one before, that keeps those sums apart
  for every size up to seven. (The search takes minutes, so its answer is
  written here; building the tables checks the property again and refuses to
  run without it.) The largest seven-card sum, 7,825,759, is below ``2**23``.
* ``k >> RANK_BITS`` is the sum of the suit keys less ``n * SUIT_BIAS``. With
  suit keys 0, 1, 25 and 32 (the smallest that work, found by trying them all)
  that sum alone tells whether five of the 5, 6 or 7 cards share a suit, and
  which suit.

The bias keeps every partial sum within ``±2**30``, the range CPython stores in
a single digit, where additions take the fast path; that matters because the
seven additions are most of the work of evaluating a hand.
"""

from __future__ import annotations

from typing import Final

from engine.cards import ALL_CARDS, Card

RANK_KEYS: Final = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
SUIT_KEYS: Final = (0, 1, 25, 32)
SUIT_BIAS: Final = 16
RANK_BITS: Final = 23
RANK_MASK: Final = (1 << RANK_BITS) - 1
#: Sizes of hand the keys are designed for.
HAND_SIZES: Final = (5, 6, 7)


def card_keys(lowest_rank: int) -> dict[Card, int]:
    """The key of every card of the deck whose lowest rank is ``lowest_rank``."""
    return {
        card: ((SUIT_KEYS[card.suit] - SUIT_BIAS) << RANK_BITS) + RANK_KEYS[card.rank - lowest_rank]
        for card in ALL_CARDS
        if card.rank >= lowest_rank
    }


def suit_slot(suit_counts: tuple[int, ...]) -> int:
    """Where a hand with these counts of each suit lands in a flush table.

    This is ``k >> RANK_BITS`` for such a hand; negative values index from the
    end of the 256-entry table, which is how they are stored.
    """
    return sum(count * (key - SUIT_BIAS) for count, key in zip(suit_counts, SUIT_KEYS, strict=True))
