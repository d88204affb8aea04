"""First contact: a bot started with nothing but its token shows up with its
slash commands, says how to invite it, and a second copy on the same database
refuses to start.

The bot runs as its own process (``python -m bot``) against the fake Discord,
configured as an operator following the README would: no development server,
no ``CROUPIER_SYNC_GLOBAL``.
"""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path

from bot.client import invite_permissions
from bot.database import Database
from tests.e2e.bot_process import bot_environment, bot_process
from tests.e2e.fake_discord import FakeDiscord, permissions
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_players import CALLING_STATION, TablePlayers, open_table

#: Only the token (and the fake's endpoints): no development server.
README_SETTINGS = {"CROUPIER_DEV_GUILD": ""}


def global_versions(fake: FakeDiscord) -> dict[str, str]:
    return {c["name"]: c["version"] for c in fake.state.commands.listed(None)}


def log_line(log: str, start: str) -> str:
    lines = [line for line in log.splitlines() if start in line]
    assert len(lines) == 1, log
    return lines[0]


async def test_with_only_the_token_the_commands_are_published_and_a_hand_is_dealt(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    database = tmp_path / "croupier.db"
    async with bot_process(fake, database, README_SETTINGS) as bot:
        published = global_versions(fake)
        assert {"poker", "admin", "history", "balance"} <= set(published), published
        line = log_line(bot.log(), "Slash commands:")
        assert re.search(r"published \d+ to every server \(never published before", line), line
        assert "development server" not in line
        invite = log_line(bot.log(), "Invite the bot to a server with ")
        url = invite.split(" with ", 1)[1]
        assert url.startswith("https://discord.com/oauth2/authorize?")
        assert f"client_id={fake.application_id}" in url
        assert "scope=bot+applications.commands" in url
        assert re.search(r"permissions=\d+", url)

        # From nothing to a dealt hand, as the README's setup walks an admin through.
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        view = await open_table(fake, [ann, ben])
        await TablePlayers(fake, [ann, ben], style=CALLING_STATION, view=view).play_hands(1)
        assert await bot.stop() == 0

        # Started again with the same commands: nothing is published again.
        await bot.restart()
        again = log_line(bot.log(), "Slash commands:")
        assert re.search(r"every server has the current \d+; nothing published", again), again
        assert global_versions(fake) == published
        assert await bot.stop() == 0

        # Commands that changed since (here: a fingerprint that no longer matches).
        async with await Database.open(database) as db, db.transaction() as tx:
            await tx.execute("UPDATE published_commands SET fingerprint = 'old'")
        await bot.restart()
        changed = log_line(bot.log(), "Slash commands:")
        assert re.search(r"published \d+ to every server \(they changed", changed), changed
        assert global_versions(fake) != published


async def test_a_development_server_gets_the_commands_at_once_too(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with bot_process(fake, tmp_path / "croupier.db") as bot:
        line = log_line(bot.log(), "Slash commands:")
        assert f"to the development server {fake.guild_id}" in line, line
        assert "to every server" in line
        assert {c["name"] for c in fake.state.commands.listed(fake.guild_id)} >= {"poker"}
        assert await bot.stop() == 0


async def test_a_second_bot_on_the_same_database_refuses_to_start(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    database = tmp_path / "croupier.db"
    async with bot_process(fake, database) as first:
        identifies = fake.gateway.identifies
        second = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            cwd=tmp_path,
            env=bot_environment(fake, database),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        output, _ = await asyncio.wait_for(second.communicate(), timeout=60)
        text = output.decode()
        assert second.returncode == 1, text
        assert text.splitlines()[-1].startswith(
            "Another Croupier is running on this database (held by "
        ), text
        assert "Traceback" not in text
        assert fake.gateway.identifies == identifies, "the second never logged in"
        # The first still serves.
        ann = fake.add_member("Ann")
        balance = await ann.slash("balance")
        assert "You have" in balance.text
        assert await first.stop() == 0
        # Once the first stopped, the lease is free: a new bot starts at once.
        await first.restart()
        assert await first.stop() == 0


async def test_admin_sync_publishes_everywhere(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", dev_guild_id=None) as croupier:
        before = global_versions(fake)
        assert "admin" in before
        ann = fake.add_member("Ann")
        # Discord offers /admin to the server's administrators only.
        fake.give_role(ann, fake.add_role("Administrators", permissions.ADMINISTRATOR))
        croupier.bot.owner_id = ann.id
        synced = await ann.slash("admin", "sync")
        await synced.settled()
        assert re.fullmatch(r"Published \d+ commands to every server\.", synced.text), synced.text
        after = global_versions(fake)
        assert set(after) == set(before) and after != before


async def test_the_invite_asks_for_what_the_cogs_use(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    async with running_croupier(fake_discord, tmp_path / "croupier.db") as croupier:
        needed = invite_permissions(croupier.bot.cogs.values())
        assert needed.view_channel and needed.send_messages and needed.embed_links
        assert needed.attach_files  # the showdown pictures
        assert needed.create_public_threads and needed.send_messages_in_threads
        assert not needed.administrator and not needed.mention_everyone
