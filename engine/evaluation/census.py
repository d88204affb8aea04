"""Every 7-card hand of the 52-card deck, counted by category: the census behind
seed 000's table of Hold'em hand frequencies (133,784,560 hands, from 4,324
royal flushes to 23,294,460 high cards).

The census judges each hand with the evaluator's own tables
(:mod:`.high_tables`, the ones :func:`~engine.evaluation.high_strength` reads),
one hand at a time, and is fast enough to run in a test by walking the hands
in sorted order and keeping the sums of card keys as it goes:

* for each five lowest cards, the rank keys of the two cards above them are
  added to the five's running sum for every pair at once (``map`` over a
  precomputed list of pair sums, counted by :class:`collections.Counter`'s C
  loop), and each sum indexes a ``bytes`` table giving the category of the
  7-card rank table's strength, as a hand without a flush;
* the hands whose five or more cards of one suit make a flush (a suit holds
  three or more of the five lowest cards) are then judged again one by one with
  the flush table, and moved from the category they were counted in to theirs.

The work is split by the two lowest cards (:func:`census_tasks`) so that several
processes can share it; :func:`census` adds their counts. Everything here is
pure and deterministic; running the parts in parallel is the caller's business.

>>> part = census_part([(44, 45)])  # the hands whose lowest cards are Kc and Kd
>>> dict(part)  # the other five from the two kings and four aces above them
{'four of a kind': 6}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations
from math import comb
from typing import Final

from engine.cards import ALL_CARDS
from engine.evaluation.card_keys import RANK_KEYS
from engine.evaluation.high_tables import STANDARD
from engine.evaluation.kinds import Category

#: The census's categories, worst first; a royal flush is counted on its own.
ROYAL_FLUSH: Final = "royal flush"
CENSUS_ORDER: Final[tuple[str, ...]] = (
    *(category.value for category in STANDARD.order),
    ROYAL_FLUSH,
)
#: Seed 000's table: how many 7-card hands of the 52-card deck make each category.
SEED_000_FREQUENCIES: Final = {
    ROYAL_FLUSH: 4_324,
    Category.STRAIGHT_FLUSH.value: 37_260,
    Category.FOUR_OF_A_KIND.value: 224_848,
    Category.FULL_HOUSE.value: 3_473_184,
    Category.FLUSH.value: 4_047_644,
    Category.STRAIGHT.value: 6_180_020,
    Category.THREE_OF_A_KIND.value: 6_461_620,
    Category.TWO_PAIR.value: 31_433_400,
    Category.PAIR.value: 58_627_800,
    Category.HIGH_CARD.value: 23_294_460,
}
DECK_SIZE: Final = 52
_ROYAL_STRENGTH: Final = len(STANDARD.codes) - 1  # the best hand of the deck
_RANK_KEY: Final = tuple(RANK_KEYS[card.rank] for card in ALL_CARDS)
_SUIT: Final = tuple(card.suit for card in ALL_CARDS)
_RANK_BIT: Final = tuple(1 << card.rank for card in ALL_CARDS)


@cache
def _tables() -> tuple[bytes, bytes, tuple[tuple[int, ...], ...]]:
    """The category index of every strength, of every 7-card rank sum (as a
    hand without a flush), and each card's list of the rank sums of the pairs
    of cards above it."""
    by_strength = bytes(
        [0]
        + [
            CENSUS_ORDER.index(STANDARD.category(strength).value)
            for strength in range(1, len(STANDARD.codes))
        ]
    )
    by_rank_sum = bytes(map(by_strength.__getitem__, STANDARD.by_ranks7))
    pairs = tuple(
        tuple(_RANK_KEY[a] + _RANK_KEY[b] for a, b in combinations(range(low + 1, DECK_SIZE), 2))
        for low in range(DECK_SIZE)
    )
    return by_strength, by_rank_sum, pairs


def census_tasks(parts: int) -> list[list[tuple[int, int]]]:
    """The hands split into ``parts`` lists of (lowest, second lowest card)
    pairs of about equal work, largest first to the least loaded part."""
    work = sorted(
        ((comb(DECK_SIZE - 1 - second, 5), (first, second))
         for first, second in combinations(range(DECK_SIZE), 2)),
        reverse=True,
    )  # fmt: skip
    loads = [0] * parts
    tasks: list[list[tuple[int, int]]] = [[] for _ in range(parts)]
    for weight, pair in work:
        least = loads.index(min(loads))
        loads[least] += weight
        tasks[least].append(pair)
    return tasks


def census_part(lowest_pairs: Iterable[tuple[int, int]]) -> Counter[str]:
    """The categories of every 7-card hand whose two lowest cards (by card
    number, deuces first) are one of ``lowest_pairs``."""
    by_strength, by_rank_sum, pair_sums = _tables()
    counts: Counter[int] = Counter()
    flushes: list[tuple[int, int, int, int]] = []
    rank_key, suit_of = _RANK_KEY, _SUIT
    category_of = by_rank_sum.__getitem__
    categories = range(len(CENSUS_ORDER))
    for first, second in lowest_pairs:
        sum2 = rank_key[first] + rank_key[second]
        suits2 = (1 << 3 * suit_of[first]) + (1 << 3 * suit_of[second])
        for third in range(second + 1, DECK_SIZE - 4):
            sum3 = sum2 + rank_key[third]
            suits3 = suits2 + (1 << 3 * suit_of[third])
            for fourth in range(third + 1, DECK_SIZE - 3):
                sum4 = sum3 + rank_key[fourth]
                suits4 = suits3 + (1 << 3 * suit_of[fourth])
                # The category of every hand of these four lowest cards, one byte
                # each, made in C: the fifth card's key added to the running sum,
                # then each pair above it.
                judged = []
                for fifth in range(fourth + 1, DECK_SIZE - 2):
                    sum5 = sum4 + rank_key[fifth]
                    judged.append(bytes(map(category_of, map(sum5.__add__, pair_sums[fifth]))))
                    suits5 = suits4 + (1 << 3 * suit_of[fifth])
                    if _FLUSH_SUIT[suits5] >= 0:
                        flushes.append((first << 6 | second, third << 6 | fourth, fifth, suits5))
                hands = b"".join(judged)
                for category in categories:
                    counts[category] += hands.count(category)
    for low_pair, mid_pair, fifth, suits5 in flushes:
        _recount_flushes(counts, by_strength, by_rank_sum, low_pair, mid_pair, fifth, suits5)
    return Counter({CENSUS_ORDER[index]: number for index, number in counts.items() if number})


def _suit_with_three(suits: int) -> int:
    """The suit holding three or more of five cards whose suit counts are packed
    three bits each in ``suits``, or -1."""
    for suit in range(4):
        if suits >> 3 * suit & 7 >= 3:
            return suit
    return -1


#: For each packing of five cards' suit counts, the suit that might flush, or -1.
_FLUSH_SUIT: Final = tuple(_suit_with_three(suits) for suits in range(1 << 12))


def _recount_flushes(
    counts: Counter[int],
    by_strength: bytes,
    by_rank_sum: bytes,
    low_pair: int,
    mid_pair: int,
    fifth: int,
    suits5: int,
) -> None:
    """Move the flushes among the hands of these five lowest cards from the
    category their ranks alone gave to the one the flush table gives."""
    five = (low_pair >> 6, low_pair & 63, mid_pair >> 6, mid_pair & 63, fifth)
    suit = _FLUSH_SUIT[suits5]
    held = sum(1 for card in five if _SUIT[card] == suit)
    need = 5 - held  # cards of the suit the two higher cards must add
    rank_key, suit_of, rank_bit = _RANK_KEY, _SUIT, _RANK_BIT
    sum5 = sum(rank_key[card] for card in five)
    mask5 = sum(rank_bit[card] for card in five if suit_of[card] == suit)
    flush_table = STANDARD.by_flush_mask
    for sixth, seventh in combinations(range(fifth + 1, DECK_SIZE), 2):
        in_suit = (suit_of[sixth] == suit) + (suit_of[seventh] == suit)
        if in_suit < need:
            continue
        mask = mask5
        if suit_of[sixth] == suit:
            mask |= rank_bit[sixth]
        if suit_of[seventh] == suit:
            mask |= rank_bit[seventh]
        strength = flush_table[mask]
        counts[by_rank_sum[sum5 + rank_key[sixth] + rank_key[seventh]]] -= 1
        counts[_ROYAL_INDEX if strength == _ROYAL_STRENGTH else by_strength[strength]] += 1


_ROYAL_INDEX: Final = CENSUS_ORDER.index(ROYAL_FLUSH)


def census(parts: Sequence[Counter[str]]) -> dict[str, int]:
    """The counts of every category, best first, from the parts' counts."""
    total: Counter[str] = Counter()
    for part in parts:
        total += part
    return {name: total[name] for name in reversed(CENSUS_ORDER)}
