"""Cards as a message writes them: the deck's emoji where the bot has one,
else the text form (``A♠``).

This is the one place a card becomes message text. It is a pure function of
the card, a :class:`CardFaces` (the reader's deck and the emoji ids the bot
holds for it, from :mod:`bot.card_emojis`) and the reader's language, so a
renderer that is handed a :class:`CardFaces` needs nothing else; without one
(:data:`TEXT_FACES`: the emojis are not synced yet, or Discord refused them)
cards are written as text.

An emoji is written ``<:ace_of_spades:123…>``: Discord draws it by its id
alone, and the name in the markup is what a screen reader reads aloud and
what hovering shows, so it is the card's name in the reader's language
("ace_of_spades", "Pik_Ass"), never the stored emoji's technical name.

>>> from engine import parse_cards
>>> cards_markup(parse_cards("AsTd"), TEXT_FACES)
'A♠ T♦'
>>> faces = CardFaces("four_colour", {"As": 1234})
>>> cards_markup(parse_cards("AsTd"), faces)
'<:ace_of_spades:1234> T♦'
>>> card_markup(parse_cards("As")[0], faces, "de")
'<:Pik_Ass:1234>'
>>> cards_markup([], faces)
'—'
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final

from bot.i18n import t
from bot.render.card_faces import DEFAULT_DECK, DeckStyle
from engine import Card

NO_CARDS: Final = "—"
#: The key of the back's emoji (a face-down card).
BACK: Final = "back"
#: What Discord accepts as a name in emoji markup.
_NAME_CHARACTERS: Final = re.compile(r"[^A-Za-z0-9_]+")
_GERMAN_LETTERS: Final = str.maketrans(
    {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"}
)


@dataclass(frozen=True, slots=True)
class CardFaces:
    """A reader's deck and the emoji ids the bot holds for it.

    ``emoji_ids`` is keyed by the card as the engine writes it (``"As"``) and
    :data:`BACK`; a card without an id is written as text.
    """

    deck: DeckStyle = DEFAULT_DECK
    emoji_ids: Mapping[str, int] = field(default_factory=dict)


#: Cards as text: what every message uses until the emojis are there.
TEXT_FACES: Final = CardFaces()


def card_markup(card: Card, faces: CardFaces = TEXT_FACES, locale: str = "en") -> str:
    """One card: its emoji, named for the reader, or its text form."""
    emoji_id = faces.emoji_ids.get(str(card))
    if emoji_id is None:
        return card.symbol
    return f"<:{card_speech_name(card, locale)}:{emoji_id}>"


def cards_markup(
    cards: Iterable[Card], faces: CardFaces = TEXT_FACES, locale: str = "en", separator: str = " "
) -> str:
    """Several cards in a row; ``—`` for none."""
    text = separator.join(card_markup(card, faces, locale) for card in cards)
    return text or NO_CARDS


def back_markup(faces: CardFaces = TEXT_FACES, locale: str = "en") -> str:
    """A face-down card: the back's emoji, or a text stand-in."""
    emoji_id = faces.emoji_ids.get(BACK)
    if emoji_id is None:
        return t("card.back_text", locale)
    return f"<:{_markup_name(t('card.back', locale))}:{emoji_id}>"


#: Every table message names each card shown to each reader (three catalogue
#: look-ups and an ASCII folding per card, ~8 % of a table message's rendering at
#: 300 tables); the answer depends on the card and the language alone, and the
#: catalogues do not change while the bot runs. 52 cards in each of Discord's ~30
#: languages fit.
_SPEECH_NAMES_KEPT: Final = 2048


@functools.lru_cache(maxsize=_SPEECH_NAMES_KEPT)
def card_speech_name(card: Card, locale: str = "en") -> str:
    """The card's name as an emoji markup name: ``ace_of_spades``, ``Pik_Ass``.

    >>> from engine import Card
    >>> card_speech_name(Card.parse("Kh"), "de"), card_speech_name(Card.parse("Tc"))
    ('Herz_Koenig', 'ten_of_clubs')
    """
    name = t(
        "card.name",
        locale,
        rank=t(f"card.rank.{card.rank}", locale),
        suit=t(f"card.suit.{card.suit}", locale),
    )
    return _markup_name(name)


def _markup_name(text: str) -> str:
    """``text`` in the letters Discord allows in emoji markup (2 to 32 of them)."""
    ascii_text = unicodedata.normalize("NFKD", text.translate(_GERMAN_LETTERS))
    ascii_text = ascii_text.encode("ascii", "ignore").decode()
    name = _NAME_CHARACTERS.sub("_", ascii_text).strip("_")[:32]
    return name if len(name) >= 2 else "card"
