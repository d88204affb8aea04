"""Each player's deck: the classic two colours or four (a colour per suit),
chosen with ``/poker deck`` and kept in ``player_settings.deck``.

>>> DECK_CHOICES
('two_colour', 'four_colour')
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Final, cast

from bot.card_emojis import CardEmojiBook
from bot.database import Database
from bot.player_settings import set_setting, settings_of
from bot.render.card_faces import DECK_STYLES, DEFAULT_DECK, DeckStyle
from bot.render.card_markup import CardFaces

DECK_CHOICES: Final = DECK_STYLES


async def deck_of(database: Database, user_id: int) -> DeckStyle:
    """The player's deck (the classic one until they choose)."""
    deck = await database.fetch_value(
        "SELECT deck FROM player_settings WHERE user_id = ?", (user_id,)
    )
    return cast(DeckStyle, deck) if deck in DECK_STYLES else DEFAULT_DECK


async def decks_of(database: Database, user_ids: Collection[int]) -> dict[int, DeckStyle]:
    """Each player's deck, read in one query (a new hand's DMs need them all at once)."""
    decks: dict[int, DeckStyle] = dict.fromkeys(user_ids, DEFAULT_DECK)
    for user_id, deck in (await settings_of(database, "deck", user_ids)).items():
        if deck in DECK_STYLES:
            decks[user_id] = deck
    return decks


async def set_deck(database: Database, user_id: int, deck: DeckStyle) -> None:
    if deck not in DECK_STYLES:
        raise ValueError(f"there is no {deck!r} deck")
    await set_setting(database, user_id, "deck", deck)


async def faces_for(database: Database, book: CardEmojiBook, user_id: int) -> CardFaces:
    """How to draw cards for this player: their deck, with the emojis synced so far."""
    return book.faces(await deck_of(database, user_id))
