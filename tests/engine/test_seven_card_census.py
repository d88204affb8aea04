"""Seed 000's table of 7-card hand frequencies, reproduced by judging every one
of the 133,784,560 hands (engine/evaluation/census.py; its time is printed by
``python -m bench.census``)."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations

import pytest

from engine.cards import ALL_CARDS
from engine.evaluation import Evaluation, evaluate
from engine.evaluation.census import (
    DECK_SIZE,
    ROYAL_FLUSH,
    SEED_000_FREQUENCIES,
    census,
    census_part,
    census_tasks,
)


@pytest.mark.slow
def test_every_seven_card_hand_reproduces_seed_000s_table() -> None:
    """Royal flush 4,324 … high card 23,294,460, 133,784,560 in all."""
    workers = max(2, min(4, os.cpu_count() or 2))
    with ProcessPoolExecutor(workers) as pool:
        parts = list(pool.map(census_part, census_tasks(workers)))
    counts = census(parts)
    assert counts == SEED_000_FREQUENCIES
    assert sum(counts.values()) == 133_784_560


@pytest.mark.parametrize("lowest", [(32, 36), (28, 32), (45, 46)])
def test_the_census_judges_each_hand_as_the_evaluator_does(lowest: tuple[int, int]) -> None:
    """A slice of the hands counted by the census and one by one with
    ``evaluate``: the same categories (from 9c-Tc and Tc-Jc, straight and
    royal flushes among them)."""
    first, second = lowest
    expected: dict[str, int] = {}
    for rest in combinations(range(second + 1, DECK_SIZE), 5):
        cards = [ALL_CARDS[n] for n in (first, second, *rest)]
        value = evaluate(Evaluation.STANDARD_HIGH, cards)
        assert value is not None
        name = value.category.value
        if value.describe() == "Royal flush":
            name = ROYAL_FLUSH
        expected[name] = expected.get(name, 0) + 1
    assert dict(census_part([lowest])) == expected


def test_the_tasks_cover_every_hand_once() -> None:
    tasks = census_tasks(3)
    pairs = [pair for part in tasks for pair in part]
    assert sorted(pairs) == list(combinations(range(DECK_SIZE), 2))
