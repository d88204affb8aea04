"""Deals of the unseen cards: every one listed once, or sampled fairly."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from engine.runouts import combinations_of, deal_count, enumerate_deals, sample_cards


@pytest.mark.parametrize(("pool", "size"), [(5, 0), (5, 1), (7, 3), (12, 5), (45, 2), (9, 9)])
def test_combinations_are_itertools_combinations(pool: int, size: int) -> None:
    table = combinations_of(pool, size)
    assert [tuple(column) for column in table.T.tolist()] == list(combinations(range(pool), size))


def test_every_deal_of_several_groups_appears_exactly_once() -> None:
    groups = [2, 1, 2]
    deals = enumerate_deals(9, groups)
    assert deals.shape == (5, deal_count(9, groups)) == (5, 36 * 7 * 15)
    seen = set()
    for deal in deals.T.tolist():
        assert len(set(deal)) == 5 and all(0 <= card < 9 for card in deal)
        seen.add((frozenset(deal[:2]), deal[2], frozenset(deal[3:])))
    assert len(seen) == deals.shape[1]


def test_sampled_cards_differ_and_avoid_the_cards_a_row_holds() -> None:
    generator = np.random.default_rng(3)
    pool = np.arange(10, 30, dtype=np.intp)
    held = np.zeros(50_000, dtype=np.uint64)
    held[::2] = (1 << 10) | (1 << 11) | (1 << 29)  # even rows already hold three cards
    columns = np.stack(sample_cards(pool, 5, held, generator))
    ordered = np.sort(columns, axis=0)
    assert (ordered[1:] != ordered[:-1]).all()
    assert np.isin(columns, pool).all()
    assert not np.isin(columns[:, ::2], [10, 11, 29]).any()
    # Each card equally likely: in the odd rows, 5 of 20 cards each, 25,000 rows.
    counts = np.bincount(columns[:, 1::2].ravel(), minlength=30)[10:30]
    expected, spread = 25_000 * 5 / 20, (25_000 * 5 / 20 * (1 - 5 / 20)) ** 0.5
    assert (abs(counts - expected) < 6 * spread).all()
    # In the even rows the 17 cards left share the draws evenly.
    counts = np.bincount(columns[:, ::2].ravel(), minlength=30)[12:29]
    expected, spread = 25_000 * 5 / 17, (25_000 * 5 / 17 * (1 - 5 / 17)) ** 0.5
    assert (abs(counts - expected) < 6 * spread).all()
