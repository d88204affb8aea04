"""The client: extensions by name, a failing one logged, commands localised."""

from __future__ import annotations

import ast
import logging
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
from discord import app_commands

from bot.client import EXTENSIONS, CroupierBot, create_client, invite_permissions
from bot.database import Database
from bot.i18n.discord_bridge import CatalogueTranslator
from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
async def bot(database: Database) -> AsyncIterator[CroupierBot]:
    client = create_client(Settings(discord_token="x"), database)
    try:
        yield client
    finally:
        await client.close()


async def test_the_bot_keeps_its_database_settings_and_cashier(
    bot: CroupierBot, database: Database
) -> None:
    assert bot.db is database
    assert bot.settings.discord_token == "x"
    assert bot.cashier.database is database


def test_no_message_content_and_no_privileged_members_intent(bot: CroupierBot) -> None:
    assert not bot.intents.message_content
    assert not bot.intents.members
    assert bot.intents.guilds


def test_the_bot_is_not_sent_the_messages_reactions_or_typing_it_never_reads(
    bot: CroupierBot,
) -> None:
    intents = bot.intents
    assert not (intents.guild_messages or intents.dm_messages)
    assert not (intents.guild_reactions or intents.dm_reactions)
    assert not (intents.guild_typing or intents.dm_typing)


async def test_setup_hook_loads_every_extension_and_publishes_nothing_unasked(
    bot: CroupierBot,
) -> None:
    await bot.setup_hook()  # no dev guild, no global sync: no call to Discord
    assert set(bot.extensions) == set(EXTENSIONS)
    assert {c.name for c in bot.tree.get_commands()} == {
        "admin",
        "privacy",
        "balance",
        "daily",
        "refill",
        "chips",
        "leaderboard",
        "stats",
        "poker",
        "history",
        "check",
        "call",
        "bet",
        "raise",
        "fold",
        "allin",
        "bringin",
        "discard",
        "season",
        "records",
        "tournament",
    }


async def test_a_failing_extension_is_logged_and_the_others_still_load(
    database: Database, caplog: pytest.LogCaptureFixture
) -> None:
    bot = create_client(
        Settings(discord_token="x"), database, extensions=("cogs.no_such_cog", "cogs.economy")
    )
    try:
        with caplog.at_level(logging.ERROR, logger="bot.client"):
            await bot.setup_hook()
        assert list(bot.extensions) == ["cogs.economy"]
        assert "cogs.no_such_cog" in bot.failed_extensions
        assert any("cogs.no_such_cog" in record.getMessage() for record in caplog.records)
    finally:
        await bot.close()


async def test_command_texts_are_localised_in_german(bot: CroupierBot) -> None:
    await bot.setup_hook()
    command = bot.tree.get_command("leaderboard")
    assert isinstance(command, app_commands.Command)
    payload = await command.get_translated_payload(bot.tree, CatalogueTranslator())
    assert payload["description"] == "Show this server's leaderboard."
    assert payload["description_localizations"] == {"de": "Zeige die Bestenliste dieses Servers."}
    (by,) = payload["options"]
    assert by["choices"][1]["name_localizations"] == {"de": "Nettogewinn"}


async def test_admin_commands_are_hidden_from_non_administrators(bot: CroupierBot) -> None:
    await bot.setup_hook()
    admin = bot.tree.get_command("admin")
    assert isinstance(admin, app_commands.Group)
    assert admin.default_permissions == discord.Permissions(administrator=True)
    assert admin.guild_only


def test_bot_never_imports_cogs_or_knows_it_is_tested() -> None:
    for path in (ROOT / "bot").rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            assert not any(n == "cogs" or n.startswith("cogs.") for n in names), path
    outside_launcher = [
        path
        for path in (ROOT / "bot").rglob("*.py")
        if path.name not in ("__main__.py", "settings.py")
        and ("DEFAULT_GATEWAY" in path.read_text() or "Route.BASE" in path.read_text())
    ]
    assert outside_launcher == []


async def test_the_launcher_hook_runs_once_the_tables_are_restored(bot: CroupierBot) -> None:
    seen: list[tuple[str, ...]] = []
    bot.after_restore = lambda: seen.append(tuple(bot.extensions))
    await bot.setup_hook()
    assert seen == [tuple(bot.extensions)] and seen[0]  # once, after the extensions loaded


async def test_the_players_guide_names_the_deck_choices_discord_shows(bot: CroupierBot) -> None:
    """The players' guide's /poker deck row lists the choices as a member sees
    them in Discord's picker (not the values the bot receives)."""
    await bot.setup_hook()
    poker = bot.tree.get_command("poker")
    assert isinstance(poker, app_commands.Group)
    deck = poker.get_command("deck")
    assert isinstance(deck, app_commands.Command)
    (option,) = deck.parameters
    shown = [choice.name.split(" (")[0] for choice in option.choices]
    assert shown == ["Two colours", "Four colours"]
    guide = (Path(__file__).resolve().parents[2] / "docs" / "PLAYERS.md").read_text()
    (row,) = [line for line in guide.splitlines() if line.startswith("| `/poker deck")]
    assert row.startswith("| `/poker deck " + "\\|".join(shown) + "` |"), row


async def test_the_readme_shows_the_invite_links_permissions(bot: CroupierBot) -> None:
    """The invite link asks for what the bot uses, Attach Files (the showdown
    pictures) included, and the README's example link carries that number."""
    await bot.setup_hook()
    needed = invite_permissions(bot.cogs.values())
    assert needed.attach_files and needed.embed_links and needed.send_messages
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    assert f"&permissions={needed.value}\n" in readme
