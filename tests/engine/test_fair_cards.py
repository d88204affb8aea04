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
from pathlib import Path

import pytest

from engine.cards import ALL_CARDS, Card, Deck, DeckKind
from engine.fairness import check_opening, commit, open_cards, parse_opening
from engine.fairness import main as fairness_main

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


def test_an_opened_card_checks_and_a_swapped_deck_does_not() -> None:
    deck = Deck.shuffled().order
    proof = commit(deck)
    opening = open_cards(deck, proof.secret_hex, [0, 5, 51])
    assert check_opening(opening, proof.commitment)
    assert check_opening(parse_opening(opening.to_text()), proof.commitment)
    swapped = list(deck)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    assert not check_opening(open_cards(swapped, proof.secret_hex, [0]), proof.commitment)
    assert not check_opening(open_cards(deck, "00" * 32, [0]), proof.commitment)


def test_a_card_opened_as_another_card_is_caught() -> None:
    deck = Deck.shuffled().order
    proof = commit(deck)
    text = open_cards(deck, proof.secret_hex, [7]).to_text().splitlines()
    position, _, salt = text[7].split()
    other = next(c for c in deck if c != deck[7])
    text[7] = f"{position} {other} {salt}"
    assert not check_opening(parse_opening("\n".join(text)), proof.commitment)


def test_closed_positions_show_neither_card_nor_secret() -> None:
    deck = Deck.shuffled().order
    proof = commit(deck)
    text = open_cards(deck, proof.secret_hex, [3]).to_text()
    lines = text.splitlines()
    assert len(lines) == 52 and lines[3].split()[1] == str(deck[3])
    assert all(line.split()[1] == "-" for i, line in enumerate(lines) if i != 3)
    assert proof.secret_hex not in text


def test_the_offline_check_reads_the_file_the_bot_attaches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = Deck.shuffled().order
    proof = commit(deck)
    path = tmp_path / "opening.txt"
    path.write_text(open_cards(deck, proof.secret_hex, [0, 1]).to_text())
    assert fairness_main([str(path), proof.commitment]) == 0
    assert capsys.readouterr().out.startswith(f"ok: 52 positions, opened 0:{deck[0]} 1:{deck[1]}")
    assert fairness_main([str(path), "0" * 64]) == 1
    assert "DOES NOT MATCH" in capsys.readouterr().out
