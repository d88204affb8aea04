"""Everything the fake Discord knows, and the rules for changing it.

`DiscordState` owns the guild, its channels and people, every message, every
interaction and what each member has seen. Its methods are the operations the
REST routes and the test handles perform; they check Discord's rules, raise
`ApiError` for what Discord refuses, and announce gateway events through
`emit` and any change through `changed`. No I/O happens here.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from . import errors as codes
from . import interactions as ix
from .clock import Clock
from .commands import CommandRegistry
from .entities import ALL_PERMISSIONS, DM, GUILD_TEXT, FakeChannel, FakeGuild, FakeRole, FakeUser
from .errors import ApiError, not_found
from .interactions import InteractionRecord
from .limits import check_message, check_modal
from .messages import (
    EPHEMERAL_FLAG,
    LOADING_FLAG,
    MessageKind,
    Sighting,
    StoredAttachment,
    StoredMessage,
)
from .snowflakes import SnowflakeFactory

GUILD_MESSAGES_INTENT = 1 << 9
DIRECT_MESSAGES_INTENT = 1 << 12
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
KEPT_FLAGS = EPHEMERAL_FLAG | (1 << 2) | (1 << 12) | (1 << 15)

Emit = Callable[[str, dict[str, Any], int | None], None]


class DiscordState:
    """The fake's world: one guild, its people, messages and interactions."""

    def __init__(
        self,
        clock: Clock,
        *,
        token: str,
        bot_name: str = "Croupier",
        guild_name: str = "Croupier Test Guild",
        response_window: float = ix.RESPONSE_WINDOW,
        token_lifetime: float = ix.TOKEN_LIFETIME,
    ) -> None:
        self.clock = clock
        self.ids = SnowflakeFactory(clock)
        self.token = token
        self.response_window = response_window
        self.token_lifetime = token_lifetime
        self.base_url = "http://127.0.0.1"
        self.emit: Emit = lambda event, data, intent: None
        self.changed: Callable[[], None] = lambda: None

        self.bot = FakeUser(self.ids.next(), bot_name, clock.wall(), bot=True)
        self.application_id = self.bot.id
        #: The bot's permissions where members use it (``app_permissions``): all by default.
        self.app_permissions = ALL_PERMISSIONS
        self.users: dict[int, FakeUser] = {self.bot.id: self.bot}
        guild_id = self.ids.next()
        self.guild = FakeGuild(guild_id, guild_name, owner_id=self.bot.id)
        self.guild.roles[guild_id] = FakeRole(guild_id, "@everyone")
        self.guild.member_ids.append(self.bot.id)
        self.channels: dict[int, FakeChannel] = {}
        self.dm_channels: dict[int, int] = {}
        self.messages: dict[int, StoredMessage] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self.by_token: dict[str, InteractionRecord] = {}
        self.sightings: dict[int, list[Sighting]] = {}
        # Off for load runs: every member sees every channel, so each message
        # would otherwise be recorded once per member.
        self.record_sightings = True
        self.commands = CommandRegistry(self.ids, self.application_id)
        self.default_channel = self.add_channel("poker")

    # -- people and places -------------------------------------------------

    def add_channel(self, name: str) -> FakeChannel:
        channel = FakeChannel(
            self.ids.next(),
            name,
            GUILD_TEXT,
            self.guild.id,
            position=len(self.guild.channel_ids),
        )
        self.channels[channel.id] = channel
        self.guild.channel_ids.append(channel.id)
        return channel

    def add_user(self, username: str) -> FakeUser:
        user = FakeUser(self.ids.next(), username, self.clock.wall())
        self.users[user.id] = user
        self.guild.member_ids.append(user.id)
        self.sightings[user.id] = []
        member = user.member_payload()
        member["guild_id"] = str(self.guild.id)
        self.emit("GUILD_MEMBER_ADD", member, 1 << 1)
        return user

    def user(self, user_id: int) -> FakeUser:
        try:
            return self.users[user_id]
        except KeyError:
            raise not_found(codes.UNKNOWN_USER, "User") from None

    def channel(self, channel_id: int) -> FakeChannel:
        try:
            return self.channels[channel_id]
        except KeyError:
            raise not_found(codes.UNKNOWN_CHANNEL, "Channel") from None

    def humans(self) -> list[FakeUser]:
        return [self.users[i] for i in self.guild.member_ids if not self.users[i].bot]

    def channel_payload(self, channel: FakeChannel) -> dict[str, Any]:
        recipient = self.users.get(channel.recipient_id) if channel.recipient_id else None
        return channel.payload(recipient)

    def guild_payload(self) -> dict[str, Any]:
        """The GUILD_CREATE body: the guild with its roles, channels and members."""
        guild = self.guild
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
            "preferred_locale": "en-US",
            "features": [],
            "roles": [r.payload() for r in guild.roles.values()],
            "emojis": [],
            "stickers": [],
            "channels": [self.channels[c].payload() for c in guild.channel_ids],
            "threads": [],
            "members": [self.users[m].member_payload() for m in guild.member_ids],
            "member_count": len(guild.member_ids),
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "large": False,
            "unavailable": False,
            "joined_at": self.bot.joined_at.isoformat(),
        }

    # -- option resolution for slash commands (commands.Resolver) -----------

    def resolve_user(self, user_id: int) -> tuple[dict[str, Any], dict[str, Any] | None] | None:
        user = self.users.get(user_id)
        if user is None:
            return None
        return user.payload(), user.member_payload(with_user=False)

    def resolve_channel(self, channel_id: int) -> dict[str, Any] | None:
        channel = self.channels.get(channel_id)
        return channel.payload() if channel and channel.type != DM else None

    def resolve_role(self, role_id: int) -> dict[str, Any] | None:
        role = self.guild.roles.get(role_id)
        return role.payload() if role else None

    # -- messages ----------------------------------------------------------

    def message(self, message_id: int) -> StoredMessage:
        message = self.messages.get(message_id)
        if message is None or message.deleted:
            raise not_found(codes.UNKNOWN_MESSAGE, "Message")
        return message

    def channel_message(self, channel_id: int, message_id: int) -> StoredMessage:
        """A message fetched by channel: ephemerals are not reachable this way."""
        self.channel(channel_id)
        message = self.message(message_id)
        if message.channel_id != channel_id or message.ephemeral:
            raise not_found(codes.UNKNOWN_MESSAGE, "Message")
        return message

    def message_payload(self, message: StoredMessage) -> dict[str, Any]:
        author = self.users[message.author_id].payload()
        interaction_user = (
            self.users[message.interaction_user_id].payload()
            if message.interaction_user_id is not None
            else None
        )
        return message.payload(
            author=author, base_url=self.base_url, interaction_user=interaction_user
        )

    def viewers(self, message: StoredMessage) -> Iterable[int]:
        if message.visible_to is not None:
            return message.visible_to
        return [u.id for u in self.humans()]

    def _seen(self, message: StoredMessage, event: Any) -> None:
        if not self.record_sightings:
            return
        sighting = Sighting.of_message(message, event, self.clock.wall())
        for user_id in self.viewers(message):
            self.sightings.setdefault(user_id, []).append(sighting)

    def post_message(
        self,
        channel_id: int,
        body: Mapping[str, Any],
        files: list[tuple[str, bytes]],
    ) -> StoredMessage:
        """`POST /channels/{id}/messages` by the bot: into a guild channel or a DM."""
        channel = self.channel(channel_id)
        visible_to: frozenset[int] | None = None
        kind: MessageKind = "channel"
        if channel.type == DM:
            assert channel.recipient_id is not None
            recipient = self.users[channel.recipient_id]
            if not recipient.dms_open:
                raise ApiError(403, codes.CANNOT_SEND_TO_USER, "Cannot send messages to this user")
            visible_to = frozenset({recipient.id})
            kind = "dm"
        check_message(body, new_files=len(files), creating=True)
        message = self._store(channel, self.bot.id, body, files, kind=kind, visible_to=visible_to)
        self._announce_create(message)
        return message

    def _store(
        self,
        channel: FakeChannel,
        author_id: int,
        body: Mapping[str, Any],
        files: list[tuple[str, bytes]],
        *,
        kind: MessageKind,
        visible_to: frozenset[int] | None,
        extra_flags: int = 0,
        interaction: InteractionRecord | None = None,
    ) -> StoredMessage:
        message = StoredMessage(
            id=self.ids.next(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author_id=author_id,
            kind=kind,
            created_at=self.clock.wall(),
            flags=extra_flags,
            visible_to=visible_to,
        )
        if interaction is not None:
            message.interaction_id = interaction.id
            message.interaction_user_id = interaction.user_id
            message.interaction_type = interaction.type
        self._apply(message, body, files)
        self.messages[message.id] = message
        self._seen(message, "created")
        self.changed()
        return message

    def _apply(
        self, message: StoredMessage, body: Mapping[str, Any], files: list[tuple[str, bytes]]
    ) -> None:
        if "content" in body:
            message.content = str(body["content"] or "")
        if "embeds" in body:
            message.embeds = list(body["embeds"] or [])
        if "components" in body:
            message.components = list(body["components"] or [])
        if "allowed_mentions" in body:
            message.allowed_mentions = body["allowed_mentions"]
        if "flags" in body and body["flags"] is not None:
            kept = message.flags & (EPHEMERAL_FLAG | LOADING_FLAG)
            message.flags = kept | (int(body["flags"]) & KEPT_FLAGS & ~EPHEMERAL_FLAG)
        described = {str(a.get("id")): a for a in body.get("attachments") or []}
        if "attachments" in body:
            message.attachments = [a for a in message.attachments if str(a.id) in described]
        for index, (filename, data) in enumerate(files):
            about = described.get(str(index), {})
            message.attachments.append(
                StoredAttachment(
                    id=self.ids.next(),
                    filename=str(about.get("filename") or filename),
                    data=data,
                    description=about.get("description"),
                )
            )

    def edit_message(
        self, message: StoredMessage, body: Mapping[str, Any], files: list[tuple[str, bytes]]
    ) -> StoredMessage:
        check_message(body, new_files=len(files), creating=False)
        self._apply(message, body, files)
        message.flags &= ~LOADING_FLAG
        message.edited_at = self.clock.wall()
        message.version += 1
        self._seen(message, "edited")
        if not message.ephemeral:
            self._announce("MESSAGE_UPDATE", message)
        self.changed()
        return message

    def edit_channel_message(
        self,
        channel_id: int,
        message_id: int,
        body: Mapping[str, Any],
        files: list[tuple[str, bytes]],
    ) -> StoredMessage:
        """`PATCH /channels/{id}/messages/{mid}`: only the bot's own, never an ephemeral."""
        message = self.channel_message(channel_id, message_id)
        if message.author_id != self.bot.id:
            raise ApiError(
                403,
                codes.CANNOT_EDIT_OTHERS_MESSAGE,
                "Cannot edit a message authored by another user",
            )
        return self.edit_message(message, body, files)

    def delete_message(self, message: StoredMessage) -> None:
        message.deleted = True
        if not message.ephemeral:
            data: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel_id)}
            if message.guild_id is not None:
                data["guild_id"] = str(message.guild_id)
            self.emit("MESSAGE_DELETE", data, self._intent_for(message))
        self.changed()

    def _intent_for(self, message: StoredMessage) -> int:
        return DIRECT_MESSAGES_INTENT if message.kind == "dm" else GUILD_MESSAGES_INTENT

    def _announce(self, event: str, message: StoredMessage) -> None:
        self.emit(event, self.message_payload(message), self._intent_for(message))

    def _announce_create(self, message: StoredMessage) -> None:
        if not message.ephemeral:
            self._announce("MESSAGE_CREATE", message)

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

    def visible_messages(self, user_id: int, channel_id: int | None = None) -> list[StoredMessage]:
        """Messages the member can see now, oldest first."""
        return [
            m
            for m in self.messages.values()
            if m.is_visible_to(user_id) and (channel_id is None or m.channel_id == channel_id)
        ]

    # -- interactions: the member's side ------------------------------------

    def start_interaction(
        self,
        user_id: int,
        channel_id: int,
        kind: int,
        data: dict[str, Any],
        *,
        source: StoredMessage | None = None,
    ) -> InteractionRecord:
        """Create an interaction as if the member acted, and announce INTERACTION_CREATE."""
        user = self.user(user_id)
        channel = self.channel(channel_id)
        record = InteractionRecord(
            id=self.ids.next(),
            token=f"fake-interaction-{secrets.token_urlsafe(24)}",
            type=kind,
            user_id=user.id,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            created_at=self.clock.now(),
            payload={},
            source_message_id=source.id if source else None,
        )
        payload: dict[str, Any] = {
            "id": str(record.id),
            "application_id": str(self.application_id),
            "type": kind,
            "token": record.token,
            "version": 1,
            "data": data,
            "channel_id": str(channel.id),
            "channel": self.channel_payload(channel),
            "app_permissions": self.app_permissions,
            "locale": "en-US",
            "entitlements": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if channel.guild_id is not None:
            payload["guild_id"] = str(channel.guild_id)
            payload["guild"] = {"id": str(channel.guild_id), "locale": "en-US", "features": []}
            payload["guild_locale"] = "en-US"
            payload["member"] = user.member_payload()
            payload["authorizing_integration_owners"] = {"0": str(channel.guild_id)}
            payload["context"] = 0
        else:
            payload["user"] = user.payload()
            payload["authorizing_integration_owners"] = {"0": str(self.guild.id)}
            payload["context"] = 1
        if source is not None:
            payload["message"] = self.message_payload(source)
        record.payload = payload
        self.interactions[record.id] = record
        self.by_token[record.token] = record
        self.emit("INTERACTION_CREATE", payload, None)
        self.changed()
        return record

    # -- interactions: the bot's side ---------------------------------------

    def respond(
        self,
        interaction_id: int,
        token: str,
        body: Mapping[str, Any],
        files: list[tuple[str, bytes]],
    ) -> dict[str, Any]:
        """`POST /interactions/{id}/{token}/callback`: the one first answer."""
        record = self.interactions.get(interaction_id)
        if record is None or record.token != token:
            raise not_found(codes.UNKNOWN_INTERACTION, "interaction")
        if record.acknowledged:
            record.refused_codes.append(codes.ALREADY_ACKNOWLEDGED)
            self.changed()
            raise ApiError(
                400, codes.ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged."
            )
        if self.clock.now() - record.created_at > self.response_window:
            record.refused_codes.append(codes.UNKNOWN_INTERACTION)
            self.changed()
            raise not_found(codes.UNKNOWN_INTERACTION, "interaction")

        kind = int(body.get("type", 0))
        data: Mapping[str, Any] = body.get("data") or {}
        resource_message: StoredMessage | None = None
        if kind in (ix.CHANNEL_MESSAGE, ix.DEFERRED_CHANNEL_MESSAGE):
            resource_message = self._answer_with_message(record, kind, data, files)
        elif kind in (ix.DEFERRED_UPDATE_MESSAGE, ix.UPDATE_MESSAGE):
            resource_message = self._answer_by_updating(record, kind, data, files)
        elif kind == ix.MODAL:
            if record.type == ix.MODAL_SUBMIT:
                raise _bad_callback("a modal cannot answer a modal submit")
            check_modal(data)
            record.modal = dict(data)
            sighting = Sighting.of_modal(record.modal, record.channel_id, self.clock.wall())
            self.sightings.setdefault(record.user_id, []).append(sighting)
        else:
            raise _bad_callback(f"callback type {kind} is not supported here")

        record.response_type = kind
        record.responded_at = self.clock.now()
        self.changed()
        answer: dict[str, Any] = {
            "interaction": {
                "id": str(record.id),
                "type": record.type,
                "response_message_loading": kind == ix.DEFERRED_CHANNEL_MESSAGE,
                "response_message_ephemeral": bool(resource_message and resource_message.ephemeral),
            },
            "resource": {"type": kind},
        }
        if resource_message is not None:
            answer["interaction"]["response_message_id"] = str(resource_message.id)
            answer["resource"]["message"] = self.message_payload(resource_message)
        return answer

    def _answer_with_message(
        self,
        record: InteractionRecord,
        kind: int,
        data: Mapping[str, Any],
        files: list[tuple[str, bytes]],
    ) -> StoredMessage:
        flags = int(data.get("flags") or 0)
        ephemeral = bool(flags & EPHEMERAL_FLAG)
        if kind == ix.CHANNEL_MESSAGE:
            check_message(data, new_files=len(files), creating=True)
            body, extra = data, 0
        else:
            body, extra, files = {"flags": flags}, LOADING_FLAG, []
        message = self._store(
            self.channels[record.channel_id],
            self.bot.id,
            body,
            files,
            kind="ephemeral" if ephemeral else ("dm" if record.guild_id is None else "channel"),
            visible_to=self._audience(record, ephemeral),
            extra_flags=extra | (EPHEMERAL_FLAG if ephemeral else 0),
            interaction=record,
        )
        record.original_message_id = message.id
        self._announce_create(message)
        return message

    def _audience(self, record: InteractionRecord, ephemeral: bool) -> frozenset[int] | None:
        if ephemeral or record.guild_id is None:
            return frozenset({record.user_id})
        return None

    def _answer_by_updating(
        self,
        record: InteractionRecord,
        kind: int,
        data: Mapping[str, Any],
        files: list[tuple[str, bytes]],
    ) -> StoredMessage | None:
        if record.source_message_id is None:
            raise _bad_callback("only a component's interaction can update its message")
        source = self.message(record.source_message_id)
        record.original_message_id = source.id
        if kind == ix.DEFERRED_UPDATE_MESSAGE:
            return None
        return self.edit_message(source, data, files)

    def webhook_record(self, application_id: int, token: str) -> InteractionRecord:
        """The interaction behind a webhook token, if the token is still alive."""
        record = self.by_token.get(token)
        if record is None or application_id != self.application_id:
            raise not_found(codes.UNKNOWN_WEBHOOK, "Webhook")
        if self.clock.now() - record.created_at > self.token_lifetime:
            record.refused_codes.append(codes.INVALID_WEBHOOK_TOKEN)
            self.changed()
            raise ApiError(401, codes.INVALID_WEBHOOK_TOKEN, "Invalid Webhook Token")
        return record

    def followup(
        self, record: InteractionRecord, body: Mapping[str, Any], files: list[tuple[str, bytes]]
    ) -> StoredMessage:
        """`POST /webhooks/{app}/{token}`: a new message, or the one a defer promised."""
        if not record.acknowledged:
            raise not_found(codes.UNKNOWN_WEBHOOK, "Webhook")
        check_message(body, new_files=len(files), creating=True)
        original = (
            self.messages.get(record.original_message_id) if record.original_message_id else None
        )
        if (
            record.response_type == ix.DEFERRED_CHANNEL_MESSAGE
            and original is not None
            and original.loading
        ):
            # The first followup after a "thinking" defer fills that message; its
            # ephemerality was fixed by the defer.
            return self.edit_message(original, body, files)
        ephemeral = bool(int(body.get("flags") or 0) & EPHEMERAL_FLAG)
        message = self._store(
            self.channels[record.channel_id],
            self.bot.id,
            body,
            files,
            kind="ephemeral" if ephemeral else ("dm" if record.guild_id is None else "channel"),
            visible_to=self._audience(record, ephemeral),
            extra_flags=EPHEMERAL_FLAG if ephemeral else 0,
            interaction=record,
        )
        record.followup_ids.append(message.id)
        self._announce_create(message)
        return message

    def webhook_message(self, record: InteractionRecord, message_ref: str) -> StoredMessage:
        """`@original` or one of this interaction's followups."""
        if message_ref == "@original":
            if record.original_message_id is None:
                raise not_found(codes.UNKNOWN_MESSAGE, "Message")
            return self.message(record.original_message_id)
        try:
            message_id = int(message_ref)
        except ValueError:
            raise not_found(codes.UNKNOWN_MESSAGE, "Message") from None
        if message_id not in record.followup_ids and message_id != record.original_message_id:
            raise not_found(codes.UNKNOWN_MESSAGE, "Message")
        return self.message(message_id)

    # -- what members saw ---------------------------------------------------

    def seen_by(self, user_id: int) -> list[Sighting]:
        return list(self.sightings.get(user_id, []))


def _bad_callback(reason: str) -> ApiError:
    return ApiError(400, codes.INVALID_FORM_BODY, f"Invalid Form Body: {reason}")
