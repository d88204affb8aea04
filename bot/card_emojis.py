"""The bot's application emojis for card faces: keeping them in step with the
faces :mod:`bot.render.card_faces` draws, and the book of their ids.

At start the bot makes sure its application emojis (up to 2,000, shared by
every server) hold exactly the current faces: 52 cards in each of the two
decks and one back. Each emoji's name carries the deck, the card and a
fingerprint of its pixels, ``c4_As_1a2b3c``: an emoji whose name is wanted
is kept, a missing one is created, and one whose picture changed (its
fingerprint is no longer wanted) is deleted once its replacement exists. Two
emojis with one name (a sync cut short) are made one again. Emojis whose
names are not of this form are the owner's own and are left alone.

Where several processes run the bot's shards (:mod:`bot.shards`), only the
one running shard 0 uploads and deletes: two uploading the same face at once
would both be sent and one refused. The others only read what is there
(``uploads=False``), again every :data:`READ_AGAIN_SECONDS` until every face
is there or :data:`READS` reads have been made.

The sync runs in the background (:func:`start_card_emoji_sync`, one line in
the client's ``setup_hook``); until a card's emoji exists, and wherever
Discord refuses one, messages write that card as text. The
:class:`CardEmojiBook` hands renderers a :class:`~bot.render.card_markup.CardFaces`
per deck.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final, Protocol

import discord

from bot.render.card_faces import (
    DECK_STYLES,
    DEFAULT_DECK,
    DeckStyle,
    face_fingerprint,
    face_png,
)
from bot.render.card_markup import BACK, CardFaces
from engine import ALL_CARDS, Card

log = logging.getLogger(__name__)

#: The short code of each deck in an emoji's name; the back is shared.
DECK_CODES: Final[dict[DeckStyle, str]] = {"two_colour": "c2", "four_colour": "c4"}
BACK_CODE: Final = "cb"
#: Names the sync owns: deck code, card or back, fingerprint.
EMOJI_NAME: Final = re.compile(r"(?P<deck>c2|c4|cb)_(?P<key>[2-9TJQKA][cdhs]|back)_[0-9a-f]{6}")


@dataclass(frozen=True, slots=True)
class WantedEmoji:
    """An emoji the bot should hold: its name, and which decks' key it serves."""

    name: str
    key: str
    decks: tuple[DeckStyle, ...]
    card: Card | None
    deck: DeckStyle

    def png(self) -> bytes:
        return face_png(self.card, self.deck)


def wanted_emojis() -> list[WantedEmoji]:
    """Every face as an emoji: each deck's 52 cards, then the back.

    Drawing the faces takes a little CPU (a few ms each): call it off the
    event loop (:func:`sync_card_emojis` does).
    """
    wanted = []
    for deck in DECK_STYLES:
        code = DECK_CODES[deck]
        for card in ALL_CARDS:
            name = f"{code}_{card}_{face_fingerprint(card, deck)}"
            wanted.append(WantedEmoji(name, str(card), (deck,), card, deck))
    back = f"{BACK_CODE}_{BACK}_{face_fingerprint(None, DECK_STYLES[0])}"
    wanted.append(WantedEmoji(back, BACK, DECK_STYLES, None, DECK_STYLES[0]))
    return wanted


class CardEmojiBook:
    """The emoji ids the bot holds for card faces, by deck and card."""

    def __init__(self) -> None:
        self._ids: dict[DeckStyle, dict[str, int]] = {deck: {} for deck in DECK_STYLES}
        self.task: asyncio.Task[SyncReport] | None = None

    def faces(self, deck: DeckStyle) -> CardFaces:
        """What a renderer needs to write cards for a reader of ``deck``."""
        return CardFaces(deck, MappingProxyType(dict(self._ids[deck])))

    def public_faces(self) -> CardFaces:
        """How public messages draw cards (every reader's deck: the classic one)."""
        return self.faces(DEFAULT_DECK)

    def record(self, wanted: WantedEmoji, emoji_id: int) -> None:
        for deck in wanted.decks:
            self._ids[deck][wanted.key] = emoji_id

    @property
    def complete(self) -> bool:
        """Whether every face of every deck has an emoji."""
        return all(len(ids) == len(ALL_CARDS) + 1 for ids in self._ids.values())

    def stop(self) -> None:
        """Cancel a sync still running (the bot is closing)."""
        if self.task is not None and not self.task.done():
            self.task.cancel()


#: The pause between two uploads: a first start uploads over a hundred faces,
#: and a burst of them would pass Discord's global limit of 50 requests a second
#: (every 429 counts towards the ban for invalid requests). 25 a second at most
#: keeps half the limit free for the tables.
CREATE_PAUSE_SECONDS: Final = 0.04


class EmojiClient(Protocol):
    """What the sync needs of discord.py's client."""

    async def fetch_application_emojis(self) -> list[discord.Emoji]: ...

    async def create_application_emoji(self, *, name: str, image: bytes) -> discord.Emoji: ...


@dataclass
class SyncReport:
    kept: int = 0
    created: int = 0
    deleted: int = 0
    refused: int = 0


#: How a process that does not upload waits for the one that does.
READ_AGAIN_SECONDS: Final = 30.0
READS: Final = 10


async def sync_card_emojis(
    client: EmojiClient, book: CardEmojiBook, *, uploads: bool = True
) -> SyncReport:
    """Make the application's emojis hold exactly the current faces, filling ``book``
    (``uploads=False``: only fill ``book`` with the faces already there)."""
    wanted = await asyncio.to_thread(wanted_emojis)
    by_name = {emoji.name: emoji for emoji in wanted}
    report = SyncReport()
    held: dict[str, list[discord.Emoji]] = {}
    for emoji in await client.fetch_application_emojis():
        if EMOJI_NAME.fullmatch(emoji.name):
            held.setdefault(emoji.name, []).append(emoji)
    for name, copies in held.items():
        if name in by_name:
            book.record(by_name[name], copies[0].id)
            report.kept += 1
            if uploads:
                report.deleted += await _delete(copies[1:])  # never two of one face
    if not uploads:
        return report
    for face in wanted:
        if face.name in held:
            continue
        if report.created:
            await asyncio.sleep(CREATE_PAUSE_SECONDS)
        try:
            created = await client.create_application_emoji(
                name=face.name, image=await asyncio.to_thread(face.png)
            )
        except discord.HTTPException as error:
            # Full (2,000 emojis) or refused: the faces not created stay text.
            log.warning("Discord refused the card emoji %s: %s", face.name, error)
            report.refused = sum(1 for f in wanted if f.name not in held) - report.created
            break
        book.record(face, created.id)
        report.created += 1
    stale = [
        emoji
        for name, copies in held.items()
        if name not in by_name and _replaced(name, wanted, book)
        for emoji in copies
    ]
    report.deleted += await _delete(stale)
    log.info(
        "Card emojis: %d kept, %d created, %d deleted, %d refused",
        report.kept,
        report.created,
        report.deleted,
        report.refused,
    )
    return report


def _replaced(name: str, wanted: Iterable[WantedEmoji], book: CardEmojiBook) -> bool:
    """Whether the face an old emoji showed has its new emoji now (else the
    old picture stays in use: an older drawing of the right card beats text)."""
    match = EMOJI_NAME.fullmatch(name)
    assert match is not None
    face = next((w for w in wanted if w.key == match["key"] and name.startswith(_code_of(w))), None)
    if face is None:
        return True  # a face no deck has any more
    return all(book.faces(deck).emoji_ids.get(face.key) is not None for deck in face.decks)


def _code_of(face: WantedEmoji) -> str:
    return BACK_CODE if face.key == BACK else DECK_CODES[face.deck]


async def _delete(emojis: Iterable[discord.Emoji]) -> int:
    deleted = 0
    for emoji in emojis:
        try:
            await emoji.delete()
        except discord.HTTPException as error:
            log.warning("Could not delete the old card emoji %s: %s", emoji.name, error)
            continue
        deleted += 1
    return deleted


def start_card_emoji_sync(
    client: discord.Client, book: CardEmojiBook, *, uploads: bool = True
) -> None:
    """Sync in the background; messages write cards as text until it is done.
    ``uploads=False``: read what the uploading process made, until it is all there."""

    async def sync() -> SyncReport:
        report = SyncReport()
        for attempt in range(1 if uploads else READS):
            if attempt:
                await asyncio.sleep(READ_AGAIN_SECONDS)
            try:
                report = await sync_card_emojis(client, book, uploads=uploads)
            except discord.DiscordException:
                log.warning(
                    "Could not sync the card emojis; cards are written as text", exc_info=True
                )
            if book.complete:
                break
        return report

    book.task = asyncio.create_task(sync(), name="card-emoji-sync")
