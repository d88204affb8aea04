"""What players type for /discard: cards in any usual spelling, or nothing to
stand pat; anything else is refused with a sentence and nothing else happens."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cogs.typed_cards import BadCards, typed_cards
from engine.cards import parse_cards


@pytest.mark.parametrize(
    ("typed", "cards"),
    [
        ("As Kd", "AsKd"),
        ("askd", "AsKd"),
        ("A♠, K♦", "AsKd"),
        ("10h 9h", "Th9h"),
        ("", ""),
        ("  -  ", ""),
        ("none", ""),
    ],
)
def test_cards_are_read_however_they_are_written(typed: str, cards: str) -> None:
    assert typed_cards(typed) == tuple(parse_cards(cards))


@pytest.mark.parametrize("typed", ["abc", "A", "Ax", "1e9", "🂡", "As Kd Qc" * 10, "ace of spades"])
def test_what_is_not_cards_is_refused_politely(typed: str) -> None:
    with pytest.raises(BadCards) as refusal:
        typed_cards(typed)
    sentence = refusal.value.sentence("en")
    assert "is not a list of cards" in sentence and "stand pat" in sentence
    assert "ist keine Liste von Karten" in refusal.value.sentence("de")


@given(st.text(max_size=60))
def test_any_text_gives_cards_or_a_refusal(typed: str) -> None:
    try:
        cards = typed_cards(typed)
    except BadCards:
        return
    assert all(0 <= card < 52 for card in cards)
