"""The card faces and how messages write cards: 52 distinct faces and a back
in each deck, the four-colour deck's suits in their own colours, emojis named
for screen readers, the text form where there is no emoji."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from bot.card_emojis import CardEmojiBook, WantedEmoji, wanted_emojis
from bot.database import Database
from bot.i18n import CATALOGUES
from bot.player_decks import deck_of, faces_for, set_deck
from bot.render.card_faces import DECK_STYLES, EMOJI_SIZE, face, face_fingerprint, face_png
from bot.render.card_markup import TEXT_FACES, CardFaces, card_speech_name, cards_markup
from engine.cards import ALL_CARDS, Card, parse_cards


def ink_colour(card: Card, deck: str) -> tuple[int, int, int]:
    """The most common strongly coloured (or black) pixel of the face: its ink."""
    image = face(card, deck, 64).convert("RGB")  # type: ignore[arg-type]
    raw = image.tobytes()
    counts: dict[tuple[int, int, int], int] = {}
    for i in range(0, len(raw), 3):
        pixel = r, g, b = raw[i], raw[i + 1], raw[i + 2]
        is_ink = max(r, g, b) - min(r, g, b) > 100 or max(r, g, b) < 60
        if is_ink:
            counts[pixel] = counts.get(pixel, 0) + 1
    return max(counts, key=lambda colour: counts[colour])


def hue(colour: tuple[int, int, int]) -> str:
    if max(colour) < 60:
        return "black"
    return {0: "red", 1: "green", 2: "blue"}[max(range(3), key=lambda i: colour[i])]


@pytest.mark.parametrize("deck", DECK_STYLES)
def test_each_deck_has_52_distinct_faces_and_a_back(deck: str) -> None:
    pictures = {face(card, deck, EMOJI_SIZE).tobytes() for card in ALL_CARDS}  # type: ignore[arg-type]
    pictures.add(face(None, deck, EMOJI_SIZE).tobytes())  # type: ignore[arg-type]
    assert len(pictures) == 53


def test_an_emoji_face_is_a_small_square_png() -> None:
    data = face_png(Card.parse("Td"), "four_colour")
    with Image.open(io.BytesIO(data)) as image:
        assert image.size == (EMOJI_SIZE, EMOJI_SIZE) and image.mode == "RGBA"
    assert len(data) < 256 * 1024  # Discord's limit for an emoji


@pytest.mark.parametrize(
    ("card", "two_colour", "four_colour"),
    [
        ("As", "black", "black"),
        ("Kh", "red", "red"),
        ("Qd", "red", "blue"),
        ("Jc", "black", "green"),
    ],
)
def test_suits_wear_their_decks_colours(card: str, two_colour: str, four_colour: str) -> None:
    assert hue(ink_colour(Card.parse(card), "two_colour")) == two_colour
    assert hue(ink_colour(Card.parse(card), "four_colour")) == four_colour


def test_a_fingerprint_follows_the_pixels() -> None:
    ace = Card.parse("As")
    assert face_fingerprint(ace, "two_colour") == face_fingerprint(ace, "two_colour")
    assert face_fingerprint(ace, "two_colour") == face_fingerprint(ace, "four_colour")  # black
    assert face_fingerprint(Card.parse("Ad"), "two_colour") != face_fingerprint(
        Card.parse("Ad"), "four_colour"
    )
    names = [wanted.name for wanted in wanted_emojis()]
    assert len(names) == len(set(names)) == 105


@pytest.mark.parametrize("locale", sorted(CATALOGUES))
def test_emoji_names_say_each_card_in_letters_discord_allows(locale: str) -> None:
    names = [card_speech_name(card, locale) for card in ALL_CARDS]
    assert len(set(names)) == 52
    assert all(re.fullmatch(r"[A-Za-z0-9_]{2,32}", name) for name in names)


def test_cards_are_emojis_where_the_bot_has_them_else_text() -> None:
    cards = parse_cards("AsKh")
    assert cards_markup(cards, TEXT_FACES) == "A♠ K♥"
    faces = CardFaces("four_colour", {"As": 10})
    assert cards_markup(cards, faces, "en") == "<:ace_of_spades:10> K♥"
    assert cards_markup(cards, faces, "de") == "<:Pik_Ass:10> K♥"


def test_the_book_gives_each_deck_its_own_faces_and_shares_the_back() -> None:
    book = CardEmojiBook()
    ace, back = Card.parse("Ad"), None
    book.record(WantedEmoji("c4_Ad_aaaaaa", "Ad", ("four_colour",), ace, "four_colour"), 1)
    book.record(WantedEmoji("cb_back_bbbbbb", "back", DECK_STYLES, back, "two_colour"), 2)
    assert book.faces("four_colour").emoji_ids == {"Ad": 1, "back": 2}
    assert book.faces("two_colour").emoji_ids == {"back": 2}
    assert not book.complete


async def test_a_player_keeps_the_deck_they_chose(database: Database) -> None:
    assert await deck_of(database, 11) == "two_colour"
    await set_deck(database, 11, "four_colour")
    assert await deck_of(database, 11) == "four_colour"
    assert await deck_of(database, 12) == "two_colour"
    book = CardEmojiBook()
    assert (await faces_for(database, book, 11)).deck == "four_colour"
    with pytest.raises(ValueError):
        await set_deck(database, 11, "three_colour")  # type: ignore[arg-type]
