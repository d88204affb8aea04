"""A table in its own thread, through Discord's thread routes as the fake enforces them.

``/poker create thread:true`` opens a public thread in the channel (the bot
needs Create Public Threads and Send Messages in Threads there) and the table
lives in it: members join and play in the thread, and the channel itself stays
quiet. Where the bot may not open threads, the creator is told so and no table
is opened.
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.fake_discord import FakeDiscord, permissions
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_players import CALLING_STATION, TablePlayers
from tests.e2e.table_view import TableView


async def test_a_table_opened_in_a_thread_is_played_there(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=8) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")

        created = await (await ann.slash("poker", "create", thread=True)).settled()
        [thread] = fake.threads(fake.channel)
        for member in (ann, ben):
            joined = await (
                await member.slash("poker", "join", buy_in=500, channel=thread)
            ).settled()
            assert "You sit in seat" in joined.text, joined.text
        view = TableView(fake, thread.id)
        played = await TablePlayers(fake, [ann, ben], style=CALLING_STATION, view=view).play_hands(
            2
        )

        assert f"<#{thread.id}>" in created.text and thread.name.startswith("Poker:")
        assert thread.type == 11 and thread.parent_id == fake.channel.id
        assert played >= 2
        assert [m for m in fake.messages(fake.channel) if not m.ephemeral] == []
        assert ben.visible_messages(thread), "a public thread is open to the channel's members"
        await croupier.settled()


async def test_where_the_bot_may_not_open_threads_no_table_is_opened(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db") as croupier:
        ann = fake.add_member("Ann")
        fake.set_permissions(
            fake.channel, fake.state.bot_role(fake.guild), deny=permissions.CREATE_PUBLIC_THREADS
        )

        answer = await (await ann.slash("poker", "create", thread=True)).settled()

        assert answer.text == (
            "I cannot deal a table here because I am missing permissions in this channel "
            "(Create Public Threads); a server admin can give them to my role, or add me again "
            "with the invite link from my log."
        )
        assert fake.threads() == []
        assert await croupier.database.fetch_all("SELECT id FROM tables") == []
