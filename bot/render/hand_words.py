"""Hands in the reader's language: "Pair of threes", "a straight, nine high",
"a pair of threes, king kicker" — from the engine's
:class:`~engine.evaluation.described.HandDescription`, every word from the
catalogues.

A hand is worded in one of two forms: the *label* ("Pair of threes", what a
line like "Ann shows 3♠ K♣: …" ends with) and the form that follows "with"
("wins the pot with a pair of threes"; German needs its own case there: "mit
einem Paar Dreien").

>>> from engine import parse_cards
>>> from engine import Evaluation, evaluate
>>> from engine import described
>>> value = evaluate(Evaluation.STANDARD_HIGH, parse_cards("3s3h"), parse_cards("Kd9c7d5s2h"))
>>> hand = described(value)
>>> hand_label(hand, "en"), hand_label(hand, "de")
('Pair of threes', 'Paar Dreien')
>>> hand_with(hand, "en", kicker=11), hand_with(hand, "de", kicker=11)
('a pair of threes, king kicker', 'einem Paar Dreien, König als Kicker')
"""

from __future__ import annotations

from typing import Final, Literal

from bot.i18n import t
from bot.render.card_faces import RANK_LABELS
from engine import ACE, Category, HandDescription

Form = Literal["label", "with"]

_KEYS: Final = {
    Category.HIGH_CARD: "high_card",
    Category.PAIR: "pair",
    Category.TWO_PAIR: "two_pair",
    Category.THREE_OF_A_KIND: "three_of_a_kind",
    Category.STRAIGHT: "straight",
    Category.FLUSH: "flush",
    Category.FULL_HOUSE: "full_house",
    Category.FOUR_OF_A_KIND: "four_of_a_kind",
    Category.STRAIGHT_FLUSH: "straight_flush",
}


def hand_label(hand: HandDescription, locale: str, *, kicker: int | None = None) -> str:
    """The hand as a label: "Pair of threes"."""
    return _words(hand, locale, "label", kicker)


def hand_with(hand: HandDescription, locale: str, *, kicker: int | None = None) -> str:
    """The hand as it follows "with": "a pair of threes, king kicker"."""
    return _words(hand, locale, "with", kicker)


def rank_name(rank: int, locale: str) -> str:
    return t(f"rank.name.{rank}", locale)


def rank_plural(rank: int, locale: str, form: Form = "label") -> str:
    """The rank in the plural; after "with" in the case that word asks for
    (German: "mit einem Paar Königen", not "Könige")."""
    family = "plural" if form == "label" else "plural_with"
    return t(f"rank.{family}.{rank}", locale)


def _words(hand: HandDescription, locale: str, form: Form, kicker: int | None) -> str:
    words = _hand(hand, locale, form)
    if kicker is None:
        return words
    return t("hand.kicker", locale, hand=words, rank=rank_name(kicker, locale))


def _hand(hand: HandDescription, locale: str, form: Form) -> str:
    prefix = "hand." if form == "label" else "hand.with."
    run = "-".join(RANK_LABELS[rank] for rank in hand.ranks)
    if hand.category.value.endswith("badugi"):
        return t(prefix + "badugi", locale, run=run, count=len(hand.ranks))
    if hand.is_low_run:
        return t(prefix + "low", locale, run=run)
    ranks = hand.ranks
    if hand.category is Category.STRAIGHT_FLUSH and ranks[0] == ACE:
        return t(prefix + "royal_flush", locale)
    second = ranks[1] if len(ranks) > 1 else ranks[0]
    return t(
        prefix + _KEYS[hand.category],
        locale,
        rank=rank_name(ranks[0], locale),
        ranks=rank_plural(ranks[0], locale, form),
        low=rank_plural(second, locale, form),
    )
