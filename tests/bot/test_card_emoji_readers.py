"""A process without shard 0 reads the card emojis and never uploads or deletes
one: the process with shard 0 does, and two uploading the same face at once
would both send it and one be refused (issue 16)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

import discord

from bot.card_emojis import CardEmojiBook, sync_card_emojis, wanted_emojis
from bot.render.card_faces import DEFAULT_DECK


@dataclass
class HeldEmoji:
    name: str
    id: int
    deleted: list[str] = field(default_factory=list)

    async def delete(self) -> None:
        self.deleted.append(self.name)


class Application:
    """The application's emojis, as the sync sees them through discord.py."""

    def __init__(self, held: list[HeldEmoji]) -> None:
        self.held = held
        self.created: list[str] = []

    async def fetch_application_emojis(self) -> list[discord.Emoji]:
        return cast(list[discord.Emoji], list(self.held))

    async def create_application_emoji(self, *, name: str, image: bytes) -> discord.Emoji:
        self.created.append(name)
        return cast(Any, HeldEmoji(name, 10_000 + len(self.created)))


async def test_a_reader_records_the_faces_there_and_uploads_nothing() -> None:
    wanted = wanted_emojis()
    ace = next(face for face in wanted if face.name.startswith("c2_As_"))
    copies = [HeldEmoji(ace.name, 1), HeldEmoji(ace.name, 2)]
    application = Application(copies)
    book = CardEmojiBook()

    report = await sync_card_emojis(application, book, uploads=False)

    assert application.created == [] and copies[1].deleted == []
    assert (report.kept, report.created, report.deleted) == (1, 0, 0)
    assert book.faces(DEFAULT_DECK).emoji_ids == {"As": 1}
    assert not book.complete
