"""Hand evaluation: how every game judges a hand, in pure Python.

* :func:`evaluate` judges hole and board cards by an :class:`Evaluation` and
  returns a :class:`HandValue` (or ``None`` for an eight-or-better low that
  does not qualify);
* :func:`strength_of` is :func:`evaluate`'s strength alone, fast where it can
  be, and :func:`describe_strength` names a high hand from its strength;
* :func:`high_strength` is the fast path for 5-7 cards of the 52-card deck,
  :func:`short_deck_high_strength` its short-deck twin;
* :func:`showing_strength` ranks a stud player's face-up cards.

Within one evaluation a higher strength is always the better hand, lows
included, and equal strengths split the pot.
"""

from engine.evaluation.fast_high import high_strength, short_deck_high_strength
from engine.evaluation.kinds import Category, Evaluation
from engine.evaluation.showdown import describe_strength, evaluate, strength_of
from engine.evaluation.showing import showing_strength
from engine.evaluation.value import HandValue

__all__ = [
    "Category",
    "Evaluation",
    "HandValue",
    "describe_strength",
    "evaluate",
    "high_strength",
    "short_deck_high_strength",
    "showing_strength",
    "strength_of",
]
