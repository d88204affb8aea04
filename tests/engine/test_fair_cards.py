"""Fair cards: the shuffle is uniform and a committed deck cannot be swapped.

The chi-square test counts, over many shuffles, how often each card lands in
each position. A fair shuffle gives 52 * 52 cells of equal expectation; the
naive "swap every position with any position" shuffle is biased, and the same
statistic must reject it, or the test proves nothing.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable

from engine.cards import ALL_CARDS, Card, Deck, DeckKind
from engine.fairness import commit, verify

SHUFFLES = 20_000
CELLS = 52 * 52
# Degrees of freedom for a 52x52 table with fixed margins: 51 * 51 = 2601.
# Mean 2601, standard deviation sqrt(2 * 2601) ~ 72. A bound of mean + 6 sd
# leaves a fair shuffle a negligible chance of failing.
DEGREES = 51 * 51
BOUND = DEGREES + 6 * (2 * DEGREES) ** 0.5


def _chi_square(shuffle: Callable[[list[Card]], None]) -> float:
    counts = [[0] * 52 for _ in range(52)]
    for _ in range(SHUFFLES):
        order = list(ALL_CARDS)
        shuffle(order)
        for position, card in enumerate(order):
            counts[card][position] += 1
    expected = SHUFFLES / 52
    return sum((c - expected) ** 2 / expected for row in counts for c in row)


def _naive_swap(rng: random.Random) -> Callable[[list[Card]], None]:
    def shuffle(order: list[Card]) -> None:
        for i in range(len(order)):
            j = rng.randrange(len(order))  # any position: biased
            order[i], order[j] = order[j], order[i]

    return shuffle


def test_the_deck_is_shuffled_with_the_operating_systems_randomness() -> None:
    # Without a seeded generator the deck uses secrets.SystemRandom; two decks
    # differ (the chance of equal orders is 1 in 52!).
    assert Deck.shuffled().order != Deck.shuffled().order
    assert isinstance(secrets.SystemRandom(), random.Random)


def test_every_card_lands_in_every_position_with_the_expected_frequency() -> None:
    def system_shuffle(order: list[Card]) -> None:
        order[:] = Deck.shuffled(DeckKind.STANDARD).order

    assert _chi_square(system_shuffle) < BOUND


def test_the_same_statistic_rejects_a_biased_shuffle() -> None:
    assert _chi_square(_naive_swap(random.Random(11))) > BOUND


def test_a_committed_deck_verifies_and_a_swapped_card_does_not() -> None:
    deck = Deck.shuffled().order
    proof = commit(deck)
    assert verify(deck, proof.secret_hex, proof.commitment)
    swapped = list(deck)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    assert not verify(swapped, proof.secret_hex, proof.commitment)
    assert not verify(deck, "00" * 32, proof.commitment)
