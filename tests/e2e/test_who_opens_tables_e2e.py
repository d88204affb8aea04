"""Who may open and close tables, through the fake Discord.

Anyone may open a table, up to the settings' limits per member and per server;
``thread:true`` only for a member who may create threads in the channel; the
bot asks in its invite for exactly the permissions its commands check for;
and ``/poker close`` closes only the table whose permission it checked.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest

from bot.client import invite_permissions
from bot.i18n import t
from tests.e2e.fake_discord import FakeDiscord, permissions
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_players import CALLING_STATION, TablePlayers, open_table


async def test_tables_are_limited_per_member_and_per_server(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(
        fake, tmp_path / "croupier.db", max_tables_per_member=1, max_tables_per_server=2
    ):
        ann, ben, cat = (fake.add_member(name) for name in ("Ann", "Ben", "Cat"))
        second, third = fake.add_channel("second"), fake.add_channel("third")
        opened = await ann.slash("poker", "create")
        await opened.settled()
        assert "is open in" in opened.text
        refused = await ann.slash("poker", "create", channel=second)
        await refused.settled()
        assert refused.text == (
            "You already have 1 open tables on this server, the most one member may have: "
            "close one with /poker close first."
        )
        by_ben = await ben.slash("poker", "create", channel=second)
        await by_ben.settled()
        assert "is open in" in by_ben.text
        full = await cat.slash("poker", "create", channel=third)
        await full.settled()
        assert full.text == (
            "This server already has 2 open tables, the most it allows: close one first."
        )
        closed = await ann.slash("poker", "close")
        await closed.settled()
        again = await ann.slash("poker", "create", channel=third)
        await again.settled()
        assert "is open in" in again.text


async def test_a_table_in_a_thread_needs_the_member_to_be_allowed_threads(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db"):
        ann = fake.add_member("Ann")
        fake.set_permissions(fake.channel, ann, deny=permissions.CREATE_PUBLIC_THREADS)
        refused = await ann.slash("poker", "create", thread=True)
        assert refused.ephemeral
        assert refused.text == (
            "You may not create threads here, so the table cannot open in a new thread: leave "
            "out the thread option, or ask a moderator."
        )
        assert not [m for m in fake.messages() if not m.ephemeral], "nothing was posted"


def only(fake: FakeDiscord, granted: discord.Permissions) -> None:
    """The bot may do exactly ``granted`` in the fake's channel, whatever @everyone may."""
    fake.set_bot_permissions(granted.value)
    fake.set_permissions(
        fake.channel, fake.state.bot_role(fake.guild), deny=permissions.ALL & ~granted.value
    )


async def test_the_invite_asks_for_exactly_what_the_commands_check(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """With the invite's permissions a table opens and deals; without any one of
    them, the command that needs it says which is missing and opens nothing."""
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db") as croupier:
        invite = invite_permissions(croupier.bot.cogs.values())
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        for name, granted in invite:
            if not granted or name == "view_channel":  # unseen channels send no commands
                continue
            only(fake, invite & ~discord.Permissions(**{name: True}))
            thread = name in ("create_public_threads", "send_messages_in_threads")
            refused = await ann.slash("poker", "create", thread=thread)
            assert refused.text == t(
                "tables.missing_permissions", permissions=t(f"permission.{name}")
            ), (name, refused.text)
            assert f"({t(f'permission.{name}')})" in refused.text  # as Discord names it
        assert croupier.bot.tables.runners == []
        only(fake, invite)
        view = await open_table(fake, [ann, ben])
        await TablePlayers(fake, [ann, ben], style=CALLING_STATION, view=view).play_hands(1)


async def test_close_closes_only_the_table_whose_permission_it_checked(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ann opened the table; while her /poker close is on its way the table is
    closed by someone else and Cat opens a new one in the channel. Ann may not
    close Cat's table, and does not."""
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db") as croupier:
        ann, cat = fake.add_member("Ann"), fake.add_member("Cat")  # neither manages the channel
        opened = await ann.slash("poker", "create")
        await opened.settled()
        first = croupier.bot.tables.require(fake.channel.id)
        defer = discord.InteractionResponse.defer

        async def slow_defer(self: discord.InteractionResponse[Any], **kwargs: Any) -> Any:
            monkeypatch.setattr(discord.InteractionResponse, "defer", defer)
            answer = await defer(self, **kwargs)
            await croupier.bot.tables.close(fake.channel.id, by=0)
            await croupier.bot.tables.create(fake.guild_id, fake.channel.id, cat.id, first.settings)
            return answer

        monkeypatch.setattr(discord.InteractionResponse, "defer", slow_defer)
        refused = await ann.slash("poker", "close")
        await refused.settled()
        assert refused.text == (
            "The table in this channel changed while your command was on its way; nothing was "
            "closed. Try again if you still want to close it."
        )
        cats = croupier.bot.tables.require(fake.channel.id)
        assert cats is not first and not cats.closed and cats.record.creator_id == cat.id
        not_hers = await ann.slash("poker", "close")
        assert not_hers.text == (
            "Only the player who opened this table, or someone who can manage this channel, "
            "can close it."
        )
        assert not cats.closed
