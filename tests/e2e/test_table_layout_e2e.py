"""The table message as Discord receives it: a Components V2 layout.

A table message posted as an embed (by a version of the bot from before the
layout, still in the channel after an upgrade) is edited into the layout in
place: the flag set, the embed and the content gone, the buttons under it.
The fake Discord refuses any such payload Discord's rules refuse.
"""

from __future__ import annotations

from pathlib import Path

from bot.render.message import ButtonSpec, Divider, OutgoingMessage, TextBlock
from bot.tables.outlet import DiscordOutlet
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_discord.components import ACTION_ROW, CONTAINER, SEPARATOR, TEXT_DISPLAY
from tests.e2e.fake_discord.message_rules import IS_COMPONENTS_V2
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_view import layout_text

LAYOUT = OutgoingMessage(
    layout=(TextBlock("-# Hold'em · 5/10 · **Hand 2**\n## Pot: **15**"), Divider(), TextBlock("x")),
    buttons=(
        ButtonSpec("croupier:table:1:2:0:fold", "Fold", "danger", 0),
        ButtonSpec("croupier:table:1:2:0:call", "Call 5", "primary", 0),
        ButtonSpec("croupier:table:1:2:0:cards", "My cards", "secondary", 2),
    ),
)


async def test_an_embed_table_message_is_edited_into_the_layout(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db") as croupier:
        older = fake.state.post_message(
            fake.channel.id, {"content": "", "embeds": [{"title": "Hold'em · 5/10"}]}, []
        )
        outlet = DiscordOutlet(croupier.bot, fake.channel.id)
        outlet.message_id = older.id
        await outlet.show_table(LAYOUT, fresh=False)

        edited = fake.state.messages[older.id]
        assert edited.flags & IS_COMPONENTS_V2
        assert not edited.embeds and not edited.content
        container, *rows = edited.components
        assert container["type"] == CONTAINER
        assert [c["type"] for c in container["components"]] == [
            TEXT_DISPLAY,
            SEPARATOR,
            TEXT_DISPLAY,
        ]
        assert [row["type"] for row in rows] == [ACTION_ROW, ACTION_ROW]
        assert [len(row["components"]) for row in rows] == [2, 1]
        assert "## Pot: **15**" in layout_text(edited)

        # A new hand's message is posted as a layout from the start.
        await outlet.show_table(LAYOUT, fresh=True)
        assert outlet.message_id != older.id
        posted = fake.state.messages[outlet.message_id or 0]
        assert posted.flags & IS_COMPONENTS_V2 and not posted.embeds
