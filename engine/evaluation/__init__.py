# TEMPORARY STAND-IN, NOT TO BE COMMITTED: replaced by the evaluator branch.
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

import pokerkit as pk


class Evaluation(Enum):
    STANDARD_HIGH = "standard-high"
    SHORT_DECK_HIGH = "short-deck-high"
    OMAHA_HIGH = "omaha-high"
    EIGHT_OR_BETTER_LOW = "eight-or-better-low"
    OMAHA_EIGHT_OR_BETTER_LOW = "omaha-eight-or-better-low"
    ACE_TO_FIVE_LOW = "ace-to-five-low"
    DEUCE_TO_SEVEN_LOW = "deuce-to-seven-low"
    BADUGI = "badugi"


_KIND = {
    Evaluation.STANDARD_HIGH: pk.StandardHighHand,
    Evaluation.SHORT_DECK_HIGH: pk.ShortDeckHoldemHand,
    Evaluation.OMAHA_HIGH: pk.OmahaHoldemHand,
    Evaluation.EIGHT_OR_BETTER_LOW: pk.EightOrBetterLowHand,
    Evaluation.OMAHA_EIGHT_OR_BETTER_LOW: pk.OmahaEightOrBetterLowHand,
    Evaluation.ACE_TO_FIVE_LOW: pk.RegularLowHand,
    Evaluation.DEUCE_TO_SEVEN_LOW: pk.StandardLowHand,
    Evaluation.BADUGI: pk.BadugiHand,
}


@dataclass(frozen=True)
class HandValue:
    evaluation: Evaluation
    hand: Any

    def __lt__(self, other: HandValue) -> bool:
        return bool(self.hand < other.hand)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HandValue) and self.hand == other.hand

    def __ge__(self, other: HandValue) -> bool:
        return not self.hand < other.hand

    def __gt__(self, other: HandValue) -> bool:
        return bool(other.hand < self.hand)

    def __hash__(self) -> int:
        return hash(self.hand)

    def describe(self) -> str:
        return str(self.hand)


def evaluate(evaluation: Evaluation, hole: Sequence[int], board: Sequence[int]) -> HandValue | None:
    from engine.cards import Card

    h = pk.Card.parse("".join(str(Card(c)) for c in hole))
    b = pk.Card.parse("".join(str(Card(c)) for c in board)) if board else ()
    v = _KIND[evaluation].from_game_or_none(list(h), list(b))
    return None if v is None else HandValue(evaluation, v)
