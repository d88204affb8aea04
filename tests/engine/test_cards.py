"""Cards and decks: what a player types is what the engine reads."""

import random

import pytest

from engine.cards import ALL_CARDS, Card, CardError, Deck, DeckError, DeckKind, parse_cards


def test_every_card_round_trips_through_text() -> None:
    assert len({str(card) for card in ALL_CARDS}) == 52
    for card in ALL_CARDS:
        assert Card.parse(str(card)) is card


def test_suits_break_ties_clubs_lowest_spades_highest() -> None:
    assert Card.parse("2c") < Card.parse("2d") < Card.parse("2h") < Card.parse("2s")
    assert Card.parse("As") > Card.parse("Ac") > Card.parse("Ks")


@pytest.mark.parametrize("text", ["", "A", "1s", "Ax", "AsK", "Zz"])
def test_bad_card_text_is_refused_with_a_sentence(text: str) -> None:
    with pytest.raises(CardError) as error:
        parse_cards(text) if text else Card.parse(text)
    assert "card" in str(error.value)


def test_short_and_royal_decks_hold_the_right_cards() -> None:
    assert len(DeckKind.SHORT.cards) == 36
    assert min(card.rank for card in DeckKind.SHORT.cards) == 4  # sixes
    assert len(DeckKind.ROYAL.cards) == 20
    assert {str(card)[0] for card in DeckKind.ROYAL.cards} == set("TJQKA")


def test_a_seeded_shuffle_is_repeatable_and_a_deck_never_repeats_a_card() -> None:
    first = Deck.shuffled(DeckKind.STANDARD, random.Random(3)).order
    second = Deck.shuffled(DeckKind.STANDARD, random.Random(3)).order
    assert first == second
    assert sorted(first) == list(ALL_CARDS)


def test_taking_a_card_already_dealt_is_refused() -> None:
    deck = Deck(ALL_CARDS)
    deck.take(parse_cards("AsKs"))
    with pytest.raises(DeckError):
        deck.take(parse_cards("As"))
    assert len(deck) == 50
