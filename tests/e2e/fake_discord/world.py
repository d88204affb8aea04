"""The fake's guilds, their people, channels, roles and permissions.

`World` is the part of the fake's state that only changes when a test (or a
thread route) changes it: guilds are added, members join, get roles or
leave, channels are added or deleted, permission overwrites are set. Each
change is announced on the gateway as Discord announces it, so a connected
bot's cache follows. It also answers what a member (or the bot) may do in a
channel, computed as Discord computes it (`permissions.py`), and the JSON
shapes of guilds, channels and members as Discord sends them.

Every guild has an owner ("Owner", a human member the tests may act as), the
bot as a member with its own role, an @everyone role with Discord's default
permissions, and a #poker channel.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from . import errors as codes
from . import permissions as perms
from .clock import Clock
from .entities import DM, PRIVATE_THREAD, FakeChannel, FakeGuild, FakeMembership, FakeRole, FakeUser
from .errors import not_found
from .permissions import Overwrite
from .snowflakes import SnowflakeFactory

GUILDS_INTENT = 1 << 0
GUILD_MEMBERS_INTENT = 1 << 1
GUILD_TEXT = 0

#: What a DM allows (there are no overwrites in a DM).
DM_PERMISSIONS = (
    perms.VIEW_CHANNEL
    | perms.SEND_MESSAGES
    | perms.EMBED_LINKS
    | perms.ATTACH_FILES
    | perms.READ_MESSAGE_HISTORY
    | perms.ADD_REACTIONS
    | perms.USE_EXTERNAL_EMOJIS
    | perms.USE_APPLICATION_COMMANDS
)
#: The bot's own role: what an invite with the permissions a table bot needs grants.
BOT_DEFAULT_PERMISSIONS = (
    perms.VIEW_CHANNEL
    | perms.SEND_MESSAGES
    | perms.EMBED_LINKS
    | perms.ATTACH_FILES
    | perms.READ_MESSAGE_HISTORY
    | perms.USE_EXTERNAL_EMOJIS
    | perms.CREATE_PUBLIC_THREADS
    | perms.SEND_MESSAGES_IN_THREADS
    | perms.MANAGE_THREADS
)

Emit = Callable[[str, dict[str, Any], int | None], None]


class World:
    """Guilds and the people and places in them."""

    emit: Emit
    changed: Callable[[], None]

    def __init__(self, clock: Clock, ids: SnowflakeFactory, *, bot_name: str, bot_permissions: int):
        self.clock = clock
        self.ids = ids
        self.bot_permissions = bot_permissions
        self.bot = FakeUser(ids.next(), bot_name, clock.wall(), bot=True)
        self.application_id = self.bot.id
        self.users: dict[int, FakeUser] = {self.bot.id: self.bot}
        self.owner = FakeUser(ids.next(), "Owner", clock.wall())
        self.users[self.owner.id] = self.owner
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.dm_channels: dict[int, int] = {}

    # -- guilds ----------------------------------------------------------------

    def add_guild(
        self, name: str, *, locale: str = "en-US", shard: tuple[int, int] | None = None
    ) -> FakeGuild:
        """A new guild with its owner, the bot, @everyone, the bot's role and #poker;
        ``shard=(shard_id, num_shards)``: an id Discord would route to that shard."""
        guild_id = self.ids.next() if shard is None else self.ids.next_on_shard(*shard)
        guild = FakeGuild(guild_id, name, owner_id=self.owner.id, preferred_locale=locale)
        guild.roles[guild.id] = FakeRole(guild.id, "@everyone", 0, perms.EVERYONE_DEFAULT)
        bot_role = FakeRole(self.ids.next(), self.bot.username, 1, self.bot_permissions, True)
        guild.roles[bot_role.id] = bot_role
        now = self.clock.wall()
        guild.members[self.owner.id] = FakeMembership(self.owner.id, now)
        guild.members[self.bot.id] = FakeMembership(self.bot.id, now, [bot_role.id])
        self.guilds[guild.id] = guild
        channel = self._new_channel(guild, "poker")
        guild.default_channel_id = channel.id
        self.emit("GUILD_CREATE", self.guild_payload(guild), GUILDS_INTENT)
        self.changed()
        return guild

    def guild_of(self, guild_id: int) -> FakeGuild:
        try:
            return self.guilds[guild_id]
        except KeyError:
            raise not_found(codes.UNKNOWN_GUILD, "Guild") from None

    def bot_role(self, guild: FakeGuild) -> FakeRole:
        return next(r for r in guild.roles.values() if r.managed)

    # -- people ------------------------------------------------------------------

    def add_user(
        self, username: str, *, guild: FakeGuild, locale: str = "en-US", nick: str | None = None
    ) -> FakeUser:
        user = FakeUser(self.ids.next(), username, self.clock.wall(), locale=locale)
        self.users[user.id] = user
        self.join(user, guild, nick=nick)
        return user

    def join(self, user: FakeUser, guild: FakeGuild, *, nick: str | None = None) -> None:
        """The user becomes a member of `guild` (GUILD_MEMBER_ADD), with a
        nickname there if ``nick``."""
        if user.id in guild.members:
            return
        membership = FakeMembership(user.id, self.clock.wall(), nick=nick)
        guild.members[user.id] = membership
        data = membership.payload(user) | {"guild_id": str(guild.id)}
        self.emit("GUILD_MEMBER_ADD", data, GUILD_MEMBERS_INTENT)
        self.changed()

    def leave(self, user: FakeUser, guild: FakeGuild) -> None:
        """The member leaves (GUILD_MEMBER_REMOVE); the guild answers 404 / 10007 for them."""
        guild.members.pop(user.id, None)
        data = {"guild_id": str(guild.id), "user": user.payload()}
        self.emit("GUILD_MEMBER_REMOVE", data, GUILD_MEMBERS_INTENT)
        self.changed()

    def user(self, user_id: int) -> FakeUser:
        try:
            return self.users[user_id]
        except KeyError:
            raise not_found(codes.UNKNOWN_USER, "User") from None

    def membership(self, guild: FakeGuild, user_id: int) -> FakeMembership:
        membership = guild.members.get(user_id)
        if membership is None:
            raise not_found(codes.UNKNOWN_MEMBER, "Member")
        return membership

    def humans(self, guild: FakeGuild | None = None) -> list[FakeUser]:
        guilds = [guild] if guild is not None else list(self.guilds.values())
        seen: dict[int, FakeUser] = {}
        for each in guilds:
            for user_id in each.members:
                user = self.users[user_id]
                if not user.bot:
                    seen[user_id] = user
        return list(seen.values())

    # -- roles and overwrites ----------------------------------------------------

    def add_role(self, guild: FakeGuild, name: str, permissions: int) -> FakeRole:
        role = FakeRole(self.ids.next(), name, len(guild.roles), permissions)
        guild.roles[role.id] = role
        data = {"guild_id": str(guild.id), "role": role.payload()}
        self.emit("GUILD_ROLE_CREATE", data, GUILDS_INTENT)
        self.changed()
        return role

    def give_role(self, guild: FakeGuild, user: FakeUser, role: FakeRole) -> None:
        membership = self.membership(guild, user.id)
        if role.id not in membership.role_ids:
            membership.role_ids.append(role.id)
        data = membership.payload(user) | {"guild_id": str(guild.id)}
        self.emit("GUILD_MEMBER_UPDATE", data, GUILD_MEMBERS_INTENT)
        self.changed()

    def set_overwrite(
        self, channel: FakeChannel, target_id: int, kind: int, *, allow: int, deny: int
    ) -> None:
        """Set (replace) one permission overwrite on a channel (CHANNEL_UPDATE)."""
        channel.overwrites = [o for o in channel.overwrites if o.id != target_id]
        channel.overwrites.append(Overwrite(target_id, kind, allow, deny))
        self.emit("CHANNEL_UPDATE", self.channel_payload(channel), GUILDS_INTENT)
        self.changed()

    # -- channels ----------------------------------------------------------------

    def _new_channel(self, guild: FakeGuild, name: str) -> FakeChannel:
        channel = FakeChannel(
            self.ids.next(), name, GUILD_TEXT, guild.id, position=len(guild.channel_ids)
        )
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        return channel

    def add_channel(
        self, name: str, *, guild: FakeGuild, overwrites: Iterable[Overwrite] = ()
    ) -> FakeChannel:
        channel = self._new_channel(guild, name)
        channel.overwrites = list(overwrites)
        self.emit("CHANNEL_CREATE", self.channel_payload(channel), GUILDS_INTENT)
        self.changed()
        return channel

    def delete_channel(self, channel_id: int) -> None:
        """A moderator deletes the channel: CHANNEL_DELETE, and the channel answers 404."""
        channel = self.channels.pop(channel_id)
        if channel.guild_id is not None and channel.guild_id in self.guilds:
            guild = self.guilds[channel.guild_id]
            if channel_id in guild.channel_ids:
                guild.channel_ids.remove(channel_id)
        event = "THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE"
        self.emit(event, self.channel_payload(channel), GUILDS_INTENT)
        self.changed()

    def channel(self, channel_id: int) -> FakeChannel:
        try:
            return self.channels[channel_id]
        except KeyError:
            raise not_found(codes.UNKNOWN_CHANNEL, "Channel") from None

    def open_dm(self, recipient_id: int) -> FakeChannel:
        """`POST /users/@me/channels`: always succeeds, even when DMs are closed."""
        recipient = self.user(recipient_id)
        existing = self.dm_channels.get(recipient.id)
        if existing is not None:
            return self.channels[existing]
        channel = FakeChannel(self.ids.next(), "", DM, None, recipient_id=recipient.id)
        self.channels[channel.id] = channel
        self.dm_channels[recipient.id] = channel.id
        return channel

    # -- permissions -------------------------------------------------------------

    def permissions_in(self, user_id: int, channel: FakeChannel) -> int:
        """What the user may do in `channel`, as Discord computes it."""
        if channel.type == DM:
            return DM_PERMISSIONS if user_id in (channel.recipient_id, self.bot.id) else 0
        guild = self.guilds.get(channel.guild_id or 0)
        membership = guild.members.get(user_id) if guild is not None else None
        if guild is None or membership is None:
            return 0
        base = perms.base_permissions(
            is_owner=guild.owner_id == user_id,
            everyone=guild.everyone.permissions,
            role_permissions=[
                guild.roles[r].permissions for r in membership.role_ids if r in guild.roles
            ],
        )
        source = channel
        if channel.is_thread and channel.parent_id in self.channels:
            source = self.channels[channel.parent_id]
        computed = perms.channel_permissions(
            base,
            guild_id=guild.id,
            user_id=user_id,
            role_ids=membership.role_ids,
            overwrites=source.overwrites,
            in_thread=channel.is_thread,
        )
        if (
            channel.type == PRIVATE_THREAD
            and user_id not in channel.thread_member_ids
            and not computed & perms.MANAGE_THREADS
        ):
            return 0
        return computed

    def can_view(self, user_id: int, channel: FakeChannel) -> bool:
        return bool(self.permissions_in(user_id, channel) & perms.VIEW_CHANNEL)

    # -- JSON shapes -------------------------------------------------------------

    def channel_payload(
        self, channel: FakeChannel, *, for_user: int | None = None
    ) -> dict[str, Any]:
        recipient = self.users.get(channel.recipient_id) if channel.recipient_id else None
        permissions = None if for_user is None else self.permissions_in(for_user, channel)
        return channel.payload(recipient, permissions)

    def member_payload(
        self,
        guild: FakeGuild,
        user: FakeUser,
        *,
        with_user: bool = True,
        channel: FakeChannel | None = None,
    ) -> dict[str, Any]:
        membership = self.membership(guild, user.id)
        permissions = None if channel is None else self.permissions_in(user.id, channel)
        return membership.payload(user if with_user else None, permissions)

    def guild_payload(self, guild: FakeGuild) -> dict[str, Any]:
        """The GUILD_CREATE body: the guild with its roles, channels, threads and members."""
        channels = [self.channels[c] for c in guild.channel_ids if c in self.channels]
        threads = [
            c
            for c in self.channels.values()
            if c.is_thread and c.guild_id == guild.id and not c.archived
        ]
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "preferred_locale": guild.preferred_locale,
            "features": [],
            "roles": [r.payload() for r in guild.roles.values()],
            "emojis": [],
            "stickers": [],
            "channels": [c.payload() for c in channels],
            "threads": [self.channel_payload(t) for t in threads],
            "members": [
                self.member_payload(guild, self.users[m]) for m in guild.members if m in self.users
            ],
            "member_count": len(guild.members),
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "large": False,
            "unavailable": False,
            "joined_at": guild.members[self.bot.id].joined_at.isoformat(),
        }

    # -- option resolution for slash commands (commands.Resolver) -----------

    def resolver_for(self, guild_id: int | None) -> GuildResolver:
        return GuildResolver(self, guild_id)


class GuildResolver:
    """Looks up what a user, channel or role option names, within one guild."""

    def __init__(self, world: World, guild_id: int | None) -> None:
        self.world = world
        self.guild = world.guilds.get(guild_id) if guild_id is not None else None

    def resolve_user(self, user_id: int) -> tuple[dict[str, Any], dict[str, Any] | None] | None:
        user = self.world.users.get(user_id)
        if user is None:
            return None
        member = None
        if self.guild is not None and user_id in self.guild.members:
            member = self.world.member_payload(self.guild, user, with_user=False)
        return user.payload(), member

    def resolve_channel(self, channel_id: int) -> dict[str, Any] | None:
        channel = self.world.channels.get(channel_id)
        if channel is None or channel.type == DM:
            return None
        if self.guild is not None and channel.guild_id != self.guild.id:
            return None
        return channel.payload()

    def resolve_role(self, role_id: int) -> dict[str, Any] | None:
        role = self.guild.roles.get(role_id) if self.guild is not None else None
        return role.payload() if role else None
