"""The discord.py client: what it connects with, which extensions it loads, where
its slash commands are published, and the one handler for failed commands.

The launcher builds the database first and hands it in; the client keeps it as
``bot.db`` next to ``bot.settings``, ``bot.cashier`` and ``bot.tables`` (the
table registry) for the cogs. Open tables are restored once the extensions,
whose buttons they need, are loaded. Cogs are
loaded by name from :data:`EXTENSIONS`, so ``bot`` never imports ``cogs``; an
extension that fails to load is logged and the others still run.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Final

import discord
from discord import app_commands
from discord.ext import commands

from bot.card_emojis import CardEmojiBook, start_card_emoji_sync
from bot.cashier import Cashier
from bot.database import Database
from bot.error_replies import reply_with_error
from bot.i18n.discord_bridge import CatalogueTranslator
from bot.settings import Settings
from bot.tables.clock import Clock, SystemClock
from bot.tables.outlet import DiscordOutlet
from bot.tables.registry import TableRegistry
from bot.tables.runner import TableServices

log = logging.getLogger(__name__)

#: The cogs a running bot loads, in order. Add a cog's module name here to ship it.
EXTENSIONS: Final[tuple[str, ...]] = (
    "cogs.admin",
    "cogs.economy",
    "cogs.tables",
    "cogs.actions",
    "cogs.departures",
    "cogs.unanswered",
)


def croupier_intents(*, members: bool = False) -> discord.Intents:
    """The gateway intents: the defaults, without message content.

    Everything is a slash command or a button, so the privileged message
    content intent is not needed. The privileged members intent is asked for
    only when the settings say so (``CROUPIER_MEMBERS_INTENT``): a bot that
    asks for it cannot connect until its owner enables it in the developer
    portal. With it, a seated member who leaves the server is cashed out at
    once; without it, :mod:`cogs.departures` looks for them now and then.
    """
    intents = discord.Intents.default()
    intents.message_content = False
    intents.members = members
    return intents


class CroupierTree(app_commands.CommandTree["CroupierBot"]):
    """The command tree, with one error handler for every slash command."""

    async def on_error(
        self, interaction: discord.Interaction[CroupierBot], error: app_commands.AppCommandError
    ) -> None:
        await reply_with_error(interaction, error)


class CroupierBot(commands.Bot):
    """The running bot. Build it with :func:`create_client`."""

    def __init__(
        self,
        settings: Settings,
        database: Database,
        *,
        extensions: Sequence[str] = EXTENSIONS,
        clock: Clock | None = None,
        guild_ready_timeout: float = 2.0,
    ) -> None:
        # The croupier never joins a voice channel; missing voice libraries are no news.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            help_command=None,
            intents=croupier_intents(members=settings.members_intent),
            tree_cls=CroupierTree,
            # Nobody is pinged unless a message asks for it explicitly.
            allowed_mentions=discord.AllowedMentions.none(),
            guild_ready_timeout=guild_ready_timeout,
        )
        self.settings = settings
        self.db = database
        self.cashier = Cashier.from_settings(database, settings)
        #: The card faces' application emojis, filled by a sync at start-up.
        self.card_emojis = CardEmojiBook()
        #: Every open table, by channel; rebuilt from the database at start-up.
        self.tables = TableRegistry(
            TableServices(
                database,
                self.cashier,
                clock if clock is not None else SystemClock(),
                hand_pause_seconds=settings.hand_pause_seconds,
                public_faces=self.card_emojis.public_faces,
            ),
            lambda channel_id: DiscordOutlet(self, channel_id),
        )
        self.extension_names: tuple[str, ...] = tuple(extensions)
        #: Extensions that failed to load at start-up, by name, with the error.
        self.failed_extensions: dict[str, BaseException] = {}

    async def setup_hook(self) -> None:
        start_card_emoji_sync(self, self.card_emojis)
        await self.tree.set_translator(CatalogueTranslator())
        for name in self.extension_names:
            try:
                await self.load_extension(name)
            except Exception as error:
                self.failed_extensions[name] = error
                log.exception("Could not load extension %s; running without it", name)
            else:
                log.info("Loaded extension %s", name)
        try:
            await self.sync_commands(everywhere=self.settings.sync_global)
        except discord.HTTPException:
            log.exception("Could not publish the slash commands; the old ones stay")
        await self.tables.restore_all()

    async def close(self) -> None:
        self.card_emojis.stop()
        await self.tables.stop_all()
        await super().close()

    async def sync_commands(self, *, everywhere: bool) -> int:
        """Publish the slash commands; return how many were published.

        The development server (``CROUPIER_DEV_GUILD``) gets a copy of every
        command at once; publishing to every server (``everywhere``) is only
        done when asked, because Discord limits how often it may happen and
        takes a while to show the result.
        """
        published: list[app_commands.AppCommand] = []
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            published = await self.tree.sync(guild=guild)
            log.info("Published %d commands to server %s", len(published), guild.id)
        if everywhere:
            published = await self.tree.sync()
            log.info("Published %d commands to every server", len(published))
        return len(published)

    async def on_ready(self) -> None:
        log.info(
            "Connected as %s (%s) to %d servers", self.user, self.application_id, len(self.guilds)
        )


def create_client(
    settings: Settings,
    database: Database,
    *,
    extensions: Sequence[str] = EXTENSIONS,
    clock: Clock | None = None,
    guild_ready_timeout: float = 2.0,
) -> CroupierBot:
    """The bot, ready to ``start``, using an opened and migrated ``database``.

    ``clock`` drives the tables' timers (the system clock unless a test passes
    one); ``guild_ready_timeout`` is how long discord.py waits for servers
    before it is ready (tests shorten it).
    """
    return CroupierBot(
        settings,
        database,
        extensions=extensions,
        clock=clock,
        guild_ready_timeout=guild_ready_timeout,
    )
