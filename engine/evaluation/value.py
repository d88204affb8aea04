"""What a judged hand is worth: :class:`HandValue`, comparable within one way of judging.

``a < b`` means ``a`` loses to ``b`` and ``a == b`` means they split the pot,
for every :class:`~engine.evaluation.kinds.Evaluation`, lows included: the
strength scale of each evaluation is arranged so that higher is better. Values
of different evaluations (a high and a low, say) cannot be compared; trying
raises ``TypeError``, because it is always a bug.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.evaluation.kinds import Category, Evaluation
from engine.evaluation.wording import describe


@dataclass(frozen=True, slots=True, eq=False)
class HandValue:
    """One hand as judged: how strong, which cards make it, and what it is called."""

    evaluation: Evaluation
    #: Higher is better; equal is a tie. Only meaningful within one evaluation.
    strength: int
    #: The cards that make the hand, in the order a player reads them.
    cards: tuple[Card, ...]
    category: Category

    def describe(self) -> str:
        """The hand in English, e.g. "Full house, kings full of fours"."""
        return describe(self.evaluation, self.category, self.cards)

    def __str__(self) -> str:
        return self.describe()

    def _strength_against(self, other: object) -> int | None:
        if not isinstance(other, HandValue):
            return None
        if other.evaluation is not self.evaluation:
            mine, theirs = self.evaluation.value, other.evaluation.value
            raise TypeError(f"Cannot compare a {mine} hand with a {theirs} hand.")
        return other.strength

    def __eq__(self, other: object) -> bool:
        theirs = self._strength_against(other)
        return NotImplemented if theirs is None else self.strength == theirs

    def __hash__(self) -> int:
        return hash((self.evaluation, self.strength))

    def __lt__(self, other: object) -> bool:
        theirs = self._strength_against(other)
        return NotImplemented if theirs is None else self.strength < theirs

    def __le__(self, other: object) -> bool:
        theirs = self._strength_against(other)
        return NotImplemented if theirs is None else self.strength <= theirs

    def __gt__(self, other: object) -> bool:
        theirs = self._strength_against(other)
        return NotImplemented if theirs is None else self.strength > theirs

    def __ge__(self, other: object) -> bool:
        theirs = self._strength_against(other)
        return NotImplemented if theirs is None else self.strength >= theirs
