"""The discord.py client: what it connects with, which extensions it loads, where
its slash commands are published, the invite link it needs, and the one handler
for failed commands.

At every start the commands it would publish are compared with a fingerprint of
what it last published everywhere (``published_commands``, migration 0005):
they are published to every server when they changed or were never published,
and to the development server (``CROUPIER_DEV_GUILD``) at once when one is set;
one log line says what was done. The invite link is logged too, asking for the
permissions the loaded cogs declare they use (:func:`invite_permissions`).

The launcher builds the database first and hands it in; the client keeps it as
``bot.db`` next to ``bot.settings``, ``bot.cashier`` and ``bot.tables`` (the
table registry) for the cogs. Open tables are restored once the extensions,
whose buttons they need, are loaded. Cogs are
loaded by name from :data:`EXTENSIONS`, so ``bot`` never imports ``cogs``; an
extension that fails to load is logged and the others still run.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any, Final

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot import activity
from bot.card_emojis import CardEmojiBook, start_card_emoji_sync
from bot.cashier import Cashier
from bot.command_options import check_options, leaf_options
from bot.cooldowns import MemberCooldown
from bot.database import Database
from bot.error_replies import reply_with_error
from bot.i18n import t
from bot.i18n.discord_bridge import CatalogueTranslator
from bot.render.names import seat_name
from bot.settings import Settings
from bot.tables.clock import Clock, SystemClock
from bot.tables.outlet import DiscordOutlet, dm_channels_of
from bot.tables.registry import TableRegistry
from bot.tables.services import TableServices
from bot.tournaments.floor_runner import MultiTableTournament
from bot.web_routing import locator
from bot.web_surface import (
    ActivityInstance,
    ActivitySetup,
    DiscordSignInSetup,
    WebRoomSetup,
    WebSurface,
    load_web_surface,
)

log = logging.getLogger(__name__)

#: The cogs a running bot loads, in order. Add a cog's module name here to ship it.
EXTENSIONS: Final[tuple[str, ...]] = (
    "cogs.admin",
    "cogs.economy",
    "cogs.chips",
    "cogs.tables",
    "cogs.actions",
    "cogs.departures",
    "cogs.unanswered",
    "cogs.privacy",
    "cogs.seasons",
    "cogs.activity",
    "cogs.tournaments",
    "cogs.multi_table",
)


#: The OAuth2 scopes of the invite: the bot user, and its slash commands.
INVITE_SCOPES: Final = ("bot", "applications.commands")
#: Every bot needs to see the channels it serves; the cogs add what they use.
BASE_PERMISSIONS: Final = discord.Permissions(view_channel=True)
#: ``published_commands.scope`` of the commands every server sees.
GLOBAL_SCOPE: Final = "global"
#: Discord's API, where web sign-in exchanges its codes (a fake's in tests: the settings').
DISCORD_API_BASE: Final = "https://discord.com/api/v10"


def invite_permissions(cogs: Iterable[object]) -> discord.Permissions:
    """The permissions to ask for in the invite: :data:`BASE_PERMISSIONS` and what
    each cog declares in its ``bot_permissions`` (the permissions its commands
    check for with ``bot_has_permissions`` and its messages need)."""
    needed = discord.Permissions(BASE_PERMISSIONS.value)
    for cog in cogs:
        declared = getattr(cog, "bot_permissions", None)
        if isinstance(declared, discord.Permissions):
            needed |= declared
    return needed


def invite_url(client_id: int, permissions: discord.Permissions) -> str:
    """The link that adds the bot to a server with its commands and ``permissions``."""
    return discord.utils.oauth_url(client_id, permissions=permissions, scopes=INVITE_SCOPES)


def fingerprint(payload: list[dict[str, Any]]) -> str:
    """A fingerprint of a command set as Discord receives it (order of commands ignored)."""
    canonical = sorted(json.dumps(command, sort_keys=True) for command in payload)
    return hashlib.sha256("\n".join(canonical).encode()).hexdigest()


def croupier_intents(*, members: bool = False) -> discord.Intents:
    """The gateway intents: the defaults, without messages, reactions or typing.

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
    # Nothing here reads messages, reactions or typing: without these intents
    # Discord stops sending the bot every message posted where it can see (its
    # own table edits included, each echo a whole table message to parse).
    intents.guild_messages = intents.dm_messages = False
    intents.guild_reactions = intents.dm_reactions = False
    intents.guild_typing = intents.dm_typing = False
    return intents


def table_page_of(settings: Settings) -> Callable[[int], str | None]:
    """A table's page in the published web room (``CROUPIER_PUBLIC_URL`` with a
    web room running), or ``None`` for every table: then nothing links to it."""
    public = settings.public_url
    if public is None or not settings.web_port:
        return lambda table_id: None
    return lambda table_id: f"{public}/table/{table_id}"


class CroupierTree(app_commands.CommandTree["CroupierBot"]):
    """The command tree, with one error handler for every slash command; before any
    command runs, its member's cooldown (:mod:`bot.cooldowns`) and its options
    (:mod:`bot.command_options`) are checked."""

    async def interaction_check(self, interaction: discord.Interaction[CroupierBot], /) -> bool:
        if interaction.type is discord.InteractionType.application_command:
            interaction.client.command_cooldown.check(interaction)
            command = interaction.command
            if isinstance(command, app_commands.Command):
                check_options(command.parameters, leaf_options(interaction.data or {}))
        return True

    async def on_error(
        self, interaction: discord.Interaction[CroupierBot], error: app_commands.AppCommandError
    ) -> None:
        await reply_with_error(interaction, error)

    async def _call(self, interaction: discord.Interaction[CroupierBot]) -> None:
        # The Activity's entry point (type 4) is no command of the tree: discord.py
        # knows no such type. When Discord leaves it to the app, it opens the Activity.
        if activity.is_entry_point(interaction):
            await activity.launch_for(interaction)
            return
        await super()._call(interaction)


class CroupierBot(commands.AutoShardedBot):
    """The running bot. Build it with :func:`create_client`.

    It runs the shards the settings give this process (:mod:`bot.shards`; every
    shard Discord recommends when none are set), and keeps only the tables of
    the servers those shards hold.

    Before every request to Discord (a message, an edit, an answer to a click,
    a connection to the gateway) it awaits :attr:`lease_check`, which the
    launcher sets (:meth:`bot.database.lease.LeaseKeeper.check`): a process
    that lost its lease, or was frozen past half of it and cannot renew, sends
    nothing more.
    """

    #: Awaited before every request to Discord; raises to keep it from going out.
    lease_check: Callable[[], Awaitable[None]] | None = None

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
        shard_ids = settings.shards.shard_ids
        # discord.py runs every shard of shard_count unless it is told which.
        sharding: dict[str, Any] = {} if shard_ids is None else {"shard_ids": list(shard_ids)}
        # aiohttp awaits this before each request leaves, the gateway's connection too.
        before_requests = aiohttp.TraceConfig()
        before_requests.on_request_start.append(self._before_request)
        super().__init__(
            http_trace=before_requests,
            command_prefix=commands.when_mentioned,
            help_command=None,
            intents=croupier_intents(members=settings.members_intent),
            tree_cls=CroupierTree,
            # Nobody is pinged unless a message asks for it explicitly.
            allowed_mentions=discord.AllowedMentions.none(),
            guild_ready_timeout=guild_ready_timeout,
            # No message is ever looked up again, and none arrives by the gateway.
            max_messages=None,
            shard_count=settings.shards.count,
            **sharding,
        )
        self.settings = settings
        self.db = database
        self.cashier = Cashier.from_settings(database, settings)
        #: The card faces' application emojis, filled by a sync at start-up.
        self.card_emojis = CardEmojiBook()
        #: Each player's DM channel, for every table's DMs.
        self.dm_channels = dm_channels_of(self)
        #: The multi-table tournaments running, by their channel: started by /tournament open or
        #: at a scheduled tournament's time, restored after a restart (cogs/multi_table.py).
        self.multi_tables: dict[int, MultiTableTournament] = {}
        #: Every open table, by channel; rebuilt from the database at start-up.
        self.tables = TableRegistry(
            TableServices(
                database,
                self.cashier,
                clock if clock is not None else SystemClock(),
                hand_pause_seconds=settings.hand_pause_seconds,
                runout_pause_seconds=settings.runout_pause_seconds,
                computer_pace_seconds=settings.computer_pace_seconds,
                public_faces=self.card_emojis.public_faces,
                faces_of=self.card_emojis.faces,
                sit_out_seconds=settings.sit_out_minutes * 60 or None,
                table_page=table_page_of(settings),
                public_url=settings.public_url,
                activity_button=activity.activity_offered(settings),
            ),
            lambda channel_id: DiscordOutlet(self, channel_id, dm_channels=self.dm_channels),
            owns=settings.shards.owns,
        )
        self.extension_names: tuple[str, ...] = tuple(extensions)
        self._set_up = False
        #: Each member's budget of slash commands, and of clicks on buttons and menus.
        self.command_cooldown = MemberCooldown(settings.flood_limit)
        self.clicks = MemberCooldown(settings.flood_limit)
        #: Extensions that failed to load at start-up, by name, with the error.
        self.failed_extensions: dict[str, BaseException] = {}
        #: The web room (``CROUPIER_WEB_PORT``), once started: loaded by name, never imported.
        self.web_room: WebSurface | None = None
        #: Called once the open tables are restored at start-up, before the bot logs
        #: in to the gateway (the launcher sets their objects aside: see bot.heap).
        self.after_restore: Callable[[], object] | None = None

    async def _before_request(
        self,
        session: aiohttp.ClientSession,
        context: object,
        params: aiohttp.TraceRequestStartParams,
    ) -> None:
        if self.lease_check is not None:
            await self.lease_check()

    async def setup_hook(self) -> None:
        if self._set_up:  # a login tried again after Discord could not be reached
            return
        self._set_up = True
        start_card_emoji_sync(self, self.card_emojis, uploads=self.settings.shards.runs_shard_zero)
        await self.tree.set_translator(CatalogueTranslator())
        for name in self.extension_names:
            try:
                await self.load_extension(name)
            except Exception as error:
                self.failed_extensions[name] = error
                log.exception("Could not load extension %s; running without it", name)
            else:
                log.info("Loaded extension %s", name)
        if self.application_id is not None:
            log.info(
                "Invite the bot to a server with %s",
                invite_url(self.application_id, invite_permissions(self.cogs.values())),
            )
        try:
            await self.publish_commands()
        except (discord.HTTPException, aiohttp.ClientError, OSError):
            log.exception("Could not publish the slash commands; the old ones stay")
        await self._check_activity()
        await self.tables.restore_all()
        if self.settings.web_port:
            await self.start_web_room()
        if self.after_restore is not None:
            self.after_restore()

    async def _check_activity(self) -> None:
        """With ``CROUPIER_ACTIVITY``: one sentence for each piece the Activity lacks."""
        for key in activity.missing_pieces(self.settings):
            log.warning(t(key, "en"))
        try:
            found = await activity.check_entry_point(self, self.settings)
        except (discord.HTTPException, aiohttp.ClientError, OSError):
            log.exception("Could not ask Discord for the Activity's entry point command")
            return
        if found and activity.activity_offered(self.settings):
            log.info(t("activity.ready", "en"))

    def activity_setup(self) -> ActivitySetup | None:
        """What the room's ``/activity`` routes need, when the Activity is offered."""
        secret = self.settings.client_secret
        if not activity.activity_offered(self.settings) or secret is None:
            return None
        if self.application_id is None:
            return None

        async def instance(instance_id: str) -> ActivityInstance | None:
            return await activity.fetch_instance(self, instance_id)

        return ActivitySetup(
            self.application_id,
            secret,
            api_base=self.settings.discord_api_base or activity.DISCORD_API,
            instance=instance,
        )

    async def start_web_room(self) -> None:
        """Serve the tables as pages on ``CROUPIER_WEB_HOST`` (127.0.0.1 by default;
        members sign in with Discord when the public address and the client secret
        are set, and inside the Activity; everyone else watches), a table of another
        process proxied to it (docs/OPERATORS.md); a room that cannot start is
        logged, the bot runs on."""
        room = load_web_surface(
            WebRoomSetup(
                self.tables,
                host=self.settings.web_host,
                port=self.settings.web_port,
                cooldown=self.clicks,
                # A table of another process: its viewers are sent on to that process.
                locate=locator(self.db, self.settings.shards),
                address=self.settings.web_room_address,
                is_guild_admin=self.is_guild_admin,
                avatar_url=self.avatar_url,
                sign_in=self.web_sign_in(),
                activity=self.activity_setup(),
                seat_name=self.member_seat_name,
            )
        )
        try:
            await room.start()
        except OSError:
            log.exception("Could not start the web room on port %s", self.settings.web_port)
            return
        self.web_room = room
        log.info("The web room is at %s", room.url)

    async def is_guild_admin(self, guild_id: int, user_id: int) -> bool:
        """Replays: is this member an administrator of this guild (who may see the
        house's full record of its hands, every hole card)."""
        guild = self.get_guild(guild_id)
        if guild is None:
            return False
        member = guild.get_member(user_id)
        if member is None:
            try:
                member = await guild.fetch_member(user_id)
            except discord.HTTPException:
                return False
        return member.guild_permissions.administrator

    async def member_seat_name(self, guild_id: int, user_id: int) -> str | None:
        """The name a member sits under at a table of ``guild_id`` from the web
        room: their name in that server, as ``/poker join`` gives it (its cache,
        else Discord's answer; ``None``: not known there)."""
        guild = self.get_guild(guild_id)
        if guild is None:
            return None
        member = guild.get_member(user_id)
        if member is None:
            try:
                member = await guild.fetch_member(user_id)
            except discord.HTTPException:
                return None
        return seat_name(member)

    def avatar_url(self, user_id: int) -> str | None:
        """Where a member's Discord avatar is (64 pixels, PNG), if they are known
        to this process; the web room fetches it (:mod:`web.avatars`)."""
        user = self.get_user(user_id)
        if user is None:
            return None
        return user.display_avatar.replace(format="png", size=64).url

    def web_sign_in(self) -> DiscordSignInSetup | None:
        """Discord sign-in for the web room, if the operator set it up (issue 26)."""
        settings = self.settings
        if settings.public_url is None or settings.client_secret is None:
            return None
        client_id = settings.client_id or (
            None if self.application_id is None else str(self.application_id)
        )
        if client_id is None:
            return None
        return DiscordSignInSetup(
            client_id=client_id,
            client_secret=settings.client_secret,
            api_base=settings.discord_api_base or DISCORD_API_BASE,
            public_url=settings.public_url,
            is_member=self.is_guild_member,
        )

    async def is_guild_member(self, guild_id: int, user_id: int) -> bool:
        """Whether the bot sees ``user_id`` as a member of ``guild_id`` (its cache,
        else Discord's answer): who may play at a table from the web room."""
        guild = self.get_guild(guild_id)
        if guild is None:
            return False
        if guild.get_member(user_id) is not None:
            return True
        try:
            await guild.fetch_member(user_id)
        except discord.NotFound:
            return False
        except discord.HTTPException:
            log.warning("Could not ask Discord whether %s is a member of %s", user_id, guild_id)
            return False
        return True

    async def close(self) -> None:
        self.card_emojis.stop()
        if self.web_room is not None:
            await self.web_room.stop()
            self.web_room = None
        await self.tables.stop_all()
        if not isinstance(self.loop, asyncio.AbstractEventLoop):
            # Closed before it logged in (a refusal at start-up, a test): the sharded
            # client's close needs the event queue its loop setup makes, as login does.
            await self._async_setup_hook()
        await super().close()

    async def publish_commands(self) -> str:
        """Publish the slash commands where they are missing or out of date, at start.

        Every server gets them when the set differs from the one last published
        there (or ``CROUPIER_SYNC_GLOBAL`` asks); the development server gets a
        copy at once. Logs one line saying what was done, and returns it.
        """
        if self.application_id is None:  # not logged in (tests that call setup_hook alone)
            return "Slash commands: not published, the bot is not logged in"
        done: list[str] = []
        if self.settings.dev_guild_id is not None:
            count = await self._publish_to_dev_guild()
            done.append(f"published {count} to the development server {self.settings.dev_guild_id}")
        payload = await self._payload(None)
        current = fingerprint(payload)
        last = await self.db.fetch_value(
            "SELECT fingerprint FROM published_commands WHERE scope = ?", (GLOBAL_SCOPE,)
        )
        if last is None or last != current or self.settings.sync_global:
            why = (
                "never published before"
                if last is None
                else "they changed"
                if last != current
                else "CROUPIER_SYNC_GLOBAL asks"
            )
            published = await activity.sync_global(self, payload)
            await self._remember(GLOBAL_SCOPE, current)
            done.append(
                f"published {published} to every server ({why}; Discord may take a while "
                "to show them)"
            )
        else:
            done.append(f"every server has the current {len(payload)}; nothing published")
        line = "Slash commands: " + "; ".join(done)
        log.info(line)
        return line

    async def sync_commands(self, *, everywhere: bool) -> int:
        """Publish the slash commands now (``/admin sync``); return how many were
        published everywhere (or, without ``everywhere``, to the development server)."""
        count = 0
        if self.settings.dev_guild_id is not None:
            count = await self._publish_to_dev_guild()
            log.info("Published %d commands to server %s", count, self.settings.dev_guild_id)
        if everywhere:
            payload = await self._payload(None)
            current = fingerprint(payload)
            count = await activity.sync_global(self, payload)
            await self._remember(GLOBAL_SCOPE, current)
            log.info("Published %d commands to every server", count)
        return count

    async def _publish_to_dev_guild(self) -> int:
        assert self.settings.dev_guild_id is not None
        guild = discord.Object(id=self.settings.dev_guild_id)
        self.tree.copy_global_to(guild=guild)
        published = await self.tree.sync(guild=guild)
        await self._remember(f"guild:{guild.id}", fingerprint(await self._payload(guild)))
        return len(published)

    async def _payload(self, guild: discord.abc.Snowflake | None) -> list[dict[str, Any]]:
        """The commands as :meth:`CommandTree.sync` would send them for ``guild``."""
        translator = self.tree.translator
        payload: list[dict[str, Any]] = []
        for command in self.tree.get_commands(guild=guild):
            if translator is not None:
                payload.append(await command.get_translated_payload(self.tree, translator))
            else:
                payload.append(command.to_dict(self.tree))
        return payload

    async def _remember(self, scope: str, published: str) -> None:
        async with self.db.transaction() as tx:
            await tx.execute(
                "INSERT INTO published_commands (scope, fingerprint) VALUES (?, ?)"
                " ON CONFLICT (scope) DO UPDATE SET fingerprint = excluded.fingerprint,"
                f" published_at = {tx.sql_now}",
                (scope, published),
            )

    async def on_ready(self) -> None:
        servers = len(self.guilds)
        log.info(
            "Connected as %s (%s) to %d %s",
            self.user,
            self.application_id,
            servers,
            "server" if servers == 1 else "servers",
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
