"""Batch strengths equal the showdown's: each batch judge against :func:`evaluate`, hand by hand."""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine.cards import ALL_CARDS, DeckKind
from engine.evaluation import Evaluation, evaluate
from engine.evaluation.batch import Dealt, judge_for

CASES = [
    # evaluation, hole cards, board cards, deck
    (Evaluation.STANDARD_HIGH, 2, 5, DeckKind.STANDARD),
    (Evaluation.STANDARD_HIGH, 7, 0, DeckKind.STANDARD),
    (Evaluation.STANDARD_HIGH, 2, 5, DeckKind.ROYAL),
    (Evaluation.SHORT_DECK_HIGH, 2, 5, DeckKind.SHORT),
    (Evaluation.EIGHT_OR_BETTER_LOW, 7, 0, DeckKind.STANDARD),
    (Evaluation.EIGHT_OR_BETTER_LOW, 2, 5, DeckKind.STANDARD),
    (Evaluation.ACE_TO_FIVE_LOW, 7, 0, DeckKind.STANDARD),
    (Evaluation.OMAHA_HIGH, 4, 5, DeckKind.STANDARD),
    (Evaluation.OMAHA_EIGHT_OR_BETTER_LOW, 4, 5, DeckKind.STANDARD),
]


def _reference(evaluation: Evaluation, hole: list[int], board: list[int]) -> int:
    value = evaluate(evaluation, [ALL_CARDS[c] for c in hole], [ALL_CARDS[c] for c in board])
    return 0 if value is None else value.strength


@pytest.mark.parametrize(("evaluation", "hole", "board", "deck"), CASES)
@pytest.mark.parametrize("known", [0, 1, 3], ids=["all-dealt", "one-known", "three-known"])
def test_batch_strengths_equal_evaluate(
    evaluation: Evaluation, hole: int, board: int, deck: DeckKind, known: int
) -> None:
    """Random deals for two players; the first ``known`` board cards (or, in
    stud, hole cards of the first player) are the same in every deal."""
    rng = random.Random(f"{evaluation.value}/{hole}/{board}/{deck.value}/{known}")
    cards = list(deck.cards)
    fixed = rng.sample(cards, known)
    rest = [card for card in cards if card not in fixed]
    size = 400
    deals = [rng.sample(rest, 2 * hole + board - known) for _ in range(size)]
    columns = [np.array(column, dtype=np.intp) for column in zip(*deals, strict=True)]
    # The known cards go to the board where there is one, else to the first hand.
    board_known = tuple(fixed) if board else ()
    hole_known = () if board else tuple(fixed)
    board_columns = columns[: board - len(board_known)]
    first_columns = columns[len(board_columns) : len(board_columns) + hole - len(hole_known)]
    second_columns = columns[len(board_columns) + len(first_columns) :]
    strengths = judge_for(evaluation).strengths(
        Dealt(board_known, tuple(board_columns)),
        [Dealt(hole_known, tuple(first_columns)), Dealt((), tuple(second_columns))],
        size,
    )
    for row in range(size):
        dealt_board = [*board_known, *(int(c[row]) for c in board_columns)]
        first = [*hole_known, *(int(c[row]) for c in first_columns)]
        second = [int(c[row]) for c in second_columns]
        assert strengths[0][row] == _reference(evaluation, first, dealt_board)
        assert strengths[1][row] == _reference(evaluation, second, dealt_board)


def test_fully_known_cards_give_one_strength_per_deal() -> None:
    judge = judge_for(Evaluation.OMAHA_HIGH)
    hole = Dealt(tuple(ALL_CARDS[c] for c in (48, 49, 50, 51)))
    board = Dealt(tuple(ALL_CARDS[c] for c in (0, 5, 10, 15, 20)))
    (strengths,) = judge.strengths(board, [hole], 3)
    assert strengths.shape == (3,)
    assert len(set(strengths.tolist())) == 1


def test_draw_games_have_no_batch_judge() -> None:
    with pytest.raises(ValueError, match="not judged in batches"):
        judge_for(Evaluation.BADUGI)


@pytest.mark.parametrize(("evaluation", "hole", "board", "deck"), CASES)
def test_a_known_hand_on_dealt_boards_equals_evaluate(
    evaluation: Evaluation, hole: int, board: int, deck: DeckKind
) -> None:
    """The first player's hole cards are known (an all-in hand), the rest dealt."""
    rng = random.Random(f"known-hand/{evaluation.value}/{hole}/{board}/{deck.value}")
    cards = list(deck.cards)
    size = 300
    for _ in range(3):  # a few known hands, each on its own random deals
        fixed = rng.sample(cards, hole)
        rest = [card for card in cards if card not in fixed]
        deals = [rng.sample(rest, board + hole) for _ in range(size)]
        columns = [np.array(column, dtype=np.intp) for column in zip(*deals, strict=True)]
        board_columns, second_columns = columns[:board], columns[board:]
        strengths = judge_for(evaluation).strengths(
            Dealt((), tuple(board_columns)),
            [Dealt(tuple(fixed), ()), Dealt((), tuple(second_columns))],
            size,
        )
        for row in range(size):
            dealt_board = [int(c[row]) for c in board_columns]
            second = [int(c[row]) for c in second_columns]
            assert strengths[0][row] == _reference(evaluation, list(fixed), dealt_board)
            assert strengths[1][row] == _reference(evaluation, second, dealt_board)
