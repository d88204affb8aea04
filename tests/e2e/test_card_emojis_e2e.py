"""The card faces as the bot's application emojis, end to end: synced at start
by name and picture, never duplicated, replaced only when a picture changed,
the owner's own emojis left alone; cards in messages are those emojis, and
text where Discord refused them."""

from __future__ import annotations

import re
from pathlib import Path

from bot.card_emojis import EMOJI_NAME, wanted_emojis
from bot.render.card_faces import face_png
from engine.cards import ALL_CARDS, Card
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_discord.emojis import AppEmoji as StoredEmoji
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_players import TablePlayers
from tests.e2e.table_view import is_table_message

FACES = 2 * len(ALL_CARDS) + 1  # two decks and one back
EMOJI = re.compile(r"<:(\w+):(\d+)>")


async def synced(croupier_bot: object) -> None:
    task = croupier_bot.card_emojis.task  # type: ignore[attr-defined]
    assert task is not None
    await task


async def test_a_first_start_uploads_every_face_once(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    async with running_croupier(fake_discord, tmp_path / "c.db") as croupier:
        await synced(croupier.bot)
        assert croupier.bot.card_emojis.complete
    held = fake_discord.application_emojis.emojis.values()
    assert len(held) == FACES
    # Uploaded at a pace Discord takes: no upload met a 429.
    assert not [refused for refused in fake_discord.rate_limits.refused if "emojis" in refused]
    assert all(EMOJI_NAME.fullmatch(emoji.name) for emoji in held)
    by_name = {emoji.name: emoji for emoji in held}
    for wanted in wanted_emojis():
        assert by_name[wanted.name].image == face_png(wanted.card, wanted.deck)

    # A restart keeps them all: nothing is uploaded or deleted again.
    changes = list(fake_discord.application_emojis.changes)
    async with running_croupier(fake_discord, tmp_path / "c.db") as croupier:
        await synced(croupier.bot)
        assert croupier.bot.card_emojis.complete
    assert fake_discord.application_emojis.changes == changes


async def test_an_old_picture_is_replaced_a_duplicate_removed_the_owners_kept(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    emojis = fake_discord.application_emojis.emojis
    current = {w.name: w for w in wanted_emojis()}
    ace = next(name for name in current if name.startswith("c2_As_"))
    kept = next(name for name in current if name.startswith("c4_Kh_"))
    old_picture = face_png(Card.parse("As"), "four_colour")
    seeded = [
        StoredEmoji(1, "c2_As_0dd0dd", old_picture),  # an older drawing of the ace
        StoredEmoji(2, kept, face_png(Card.parse("Kh"), "four_colour")),
        StoredEmoji(3, kept, face_png(Card.parse("Kh"), "four_colour")),  # twice
        StoredEmoji(4, "party_parrot", b"not ours"),
    ]
    emojis.update({emoji.id: emoji for emoji in seeded})
    async with running_croupier(fake_discord, tmp_path / "c.db") as croupier:
        await synced(croupier.bot)
        book = croupier.bot.card_emojis
        assert book.faces("four_colour").emoji_ids["Kh"] == 2  # the one kept
        assert book.faces("two_colour").emoji_ids["As"] not in (1, 2, 3, 4)
    names = sorted(emoji.name for emoji in emojis.values())
    assert len(names) == FACES + 1 and "party_parrot" in names
    assert names.count(kept) == 1 and ace in names and "c2_As_0dd0dd" not in names
    creations = [c for c in fake_discord.application_emojis.changes if c.startswith("POST")]
    assert len(creations) == FACES - 1  # every face but the king already held


async def test_cards_are_emojis_and_text_where_discord_refused_them(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake_discord.fail_next("POST /api/v10/applications/*/emojis", status=400, count=10_000)
    async with running_croupier(fake_discord, tmp_path / "c.db", deck_seed=5) as croupier:
        await synced(croupier.bot)
        assert not croupier.bot.card_emojis.faces("two_colour").emoji_ids
        ann, ben = fake_discord.add_member("Ann"), fake_discord.add_member("Ben")
        await (await ann.slash("poker", "create", small_blind=5, big_blind=10)).settled()
        for member in (ann, ben):
            await member.slash("poker", "join", buy_in=1000)
        table = TablePlayers(fake_discord, [ann, ben], seed=5)
        await table.play_hands(12)
        await croupier.settled()
    results = [
        m
        for m in fake_discord.messages(fake_discord.channel)
        if is_table_message(m) and m.attachments
    ]
    assert results, "no showdown in twelve hands"
    text = results[-1].text()
    assert not EMOJI.search(text)
    assert re.search(r"shows [2-9TJQKA][♠♥♦♣] [2-9TJQKA][♠♥♦♣]", text)
    assert results[-1].attachments[0].filename == "showdown.png"
