"""Everything the fake Discord knows, and the rules for changing it.

`DiscordState` adds to the `World` (guilds, people, channels, permissions)
every message, interaction, thread, application emoji and what each member
has seen. Its methods are the operations the REST routes and the test handles
perform; they check Discord's rules (`message_rules`, `command_rules`,
`threads`, `emojis`, and the spec through `schema`), raise `ApiError` for what
Discord refuses, and announce gateway events through `emit` and any change
through `changed`. No I/O happens here.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from . import errors as codes
from . import interactions as ix
from . import message_rules as rules
from . import schema
from .clock import Clock
from .command_rules import check_commands
from .commands import CommandRegistry
from .components import check_modal_components
from .emojis import AppEmojis
from .entities import DM, FakeChannel, FakeGuild, FakeUser
from .errors import ApiError, FormErrors, Refusal, not_found
from .interactions import InteractionRecord
from .messages import (
    EPHEMERAL_FLAG,
    LOADING_FLAG,
    MessageKind,
    Sighting,
    StoredAttachment,
    StoredMessage,
)
from .permissions import ALL, implicitly_allowed
from .rules import rule
from .scheduled_events import ScheduledEvents
from .snowflakes import SnowflakeFactory
from .threads import check_can_edit, check_can_open, check_can_post, thread_type_for
from .world import BOT_DEFAULT_PERMISSIONS, GUILDS_INTENT, World

if TYPE_CHECKING:
    from .activities import FakeActivities

GUILD_MESSAGES_INTENT = 1 << 9
DIRECT_MESSAGES_INTENT = 1 << 12
ATTACHMENT_SIZE_LIMIT = rules.FILE_SIZE_MAX
KEPT_FLAGS = EPHEMERAL_FLAG | (1 << 2) | (1 << 12) | (1 << 15)
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"

PAGE = "interactions/receiving-and-responding.mdx"
UPDATE_ONLY_COMPONENTS = rule(
    "interaction.update-components-only",
    PAGE + "#interaction-response-object-interaction-callback-type",
    "DEFERRED_UPDATE_MESSAGE*, UPDATE_MESSAGE*: * Only valid for component-based interactions",
)
NO_MODAL_ON_MODAL = rule(
    "interaction.modal-on-modal",
    PAGE + "#interaction-response-object-interaction-callback-type",
    "MODAL**: ** Not available for MODAL_SUBMIT and PING interactions.",
)
CALLBACK_TYPE = rule(
    "interaction.callback-type",
    PAGE + "#interaction-response-object-interaction-callback-type",
    "PONG: ACK a Ping; APPLICATION_COMMAND_AUTOCOMPLETE_RESULT: Respond to an autocomplete "
    "interaction; PREMIUM_REQUIRED: Deprecated; LAUNCH_ACTIVITY: Only available for apps with "
    "Activities enabled",
)

Emit = Callable[[str, dict[str, Any], int | None], None]


class DiscordState(World):
    """The fake's world: guilds, their people, messages and interactions."""

    def __init__(
        self,
        clock: Clock,
        *,
        token: str,
        bot_name: str = "Croupier",
        guild_name: str = "Croupier Test Guild",
        response_window: float = ix.RESPONSE_WINDOW,
        token_lifetime: float = ix.TOKEN_LIFETIME,
        bot_permissions: int = BOT_DEFAULT_PERMISSIONS,
    ) -> None:
        ids = SnowflakeFactory(clock)
        self.emit: Emit = lambda event, data, intent: None
        self.changed: Callable[[], None] = lambda: None
        super().__init__(clock, ids, bot_name=bot_name, bot_permissions=bot_permissions)
        self.token = token
        self.response_window = response_window
        self.token_lifetime = token_lifetime
        self.base_url = "http://127.0.0.1"
        self.messages: dict[int, StoredMessage] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self.by_token: dict[str, InteractionRecord] = {}
        self.sightings: dict[int, list[Sighting]] = {}
        # Off for load runs: every member sees every channel, so each message
        # would otherwise be recorded once per member.
        self.record_sightings = True
        self.commands = CommandRegistry(self.ids, self.application_id)
        self.emojis = AppEmojis(self.ids)
        #: The app's Activity (activities.py sets itself here): entry point, launches.
        self.activities: FakeActivities | None = None
        self.scheduled_events = ScheduledEvents(self.ids)
        #: Every request the fake refused, in order (see `Refusal.invalid_payload`).
        self.refusals: list[Refusal] = []
        self.guild: FakeGuild = self.add_guild(guild_name)
        self.default_channel = self.channels[self.guild.default_channel_id]

    # -- people and places (the default guild unless told otherwise) -----------

    def add_channel(  # type: ignore[override]
        self, name: str, *, guild: FakeGuild | None = None, overwrites: Iterable[Any] = ()
    ) -> FakeChannel:
        return super().add_channel(name, guild=guild or self.guild, overwrites=overwrites)

    def add_user(  # type: ignore[override]
        self,
        username: str,
        *,
        guild: FakeGuild | None = None,
        locale: str = "en-US",
        nick: str | None = None,
    ) -> FakeUser:
        user = super().add_user(username, guild=guild or self.guild, locale=locale, nick=nick)
        self.sightings[user.id] = []
        return user

    # -- option resolution for slash commands in the default guild ----------

    def resolve_user(self, user_id: int) -> tuple[dict[str, Any], dict[str, Any] | None] | None:
        return self.resolver_for(self.guild.id).resolve_user(user_id)

    def resolve_channel(self, channel_id: int) -> dict[str, Any] | None:
        return self.resolver_for(self.guild.id).resolve_channel(channel_id)

    def resolve_role(self, role_id: int) -> dict[str, Any] | None:
        return self.resolver_for(self.guild.id).resolve_role(role_id)

    # -- application commands ------------------------------------------------

    def replace_commands(self, guild_id: int | None, body: Any) -> list[dict[str, Any]]:
        """`PUT .../commands`: checked as Discord checks it, then stored."""
        check_commands(body)
        if self.activities is not None:
            self.activities.check_overwrite(guild_id, body)
        return self.commands.replace(guild_id, list(body or []))

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
        channel = self.channels.get(message.channel_id)
        guild = self.guilds.get(message.guild_id or 0)
        if channel is None or guild is None:
            return []
        return [u.id for u in self.humans(guild) if self.can_view(u.id, channel)]

    def _seen(self, message: StoredMessage, event: Any) -> None:
        if not self.record_sightings:
            return
        sighting = Sighting.of_message(message, event, self.clock.wall())
        for user_id in self.viewers(message):
            self.sightings.setdefault(user_id, []).append(sighting)

    def _check_message(
        self,
        body: Mapping[str, Any],
        target: rules.Target,
        files: list[tuple[str, bytes]],
        *,
        existing_flags: int | None = None,
        errors: FormErrors | None = None,
        spec_checked: bool = False,
    ) -> None:
        collect = errors if errors is not None else FormErrors()
        rules.check_message(
            body,
            target,
            files=len(files),
            existing_flags=existing_flags,
            errors=collect,
            spec_checked=spec_checked,
        )
        if isinstance(body, Mapping) and isinstance(body.get("components"), list):
            path = (*target.prefix, "components")
            self.emojis.check_usable(body["components"], collect, path)
        if errors is None:
            collect.raise_if_any()
            rules.check_message(
                body, target, files=len(files), existing_flags=existing_flags, spec_checked=True
            )

    def post_message(
        self,
        channel_id: int,
        body: Mapping[str, Any],
        files: list[tuple[str, bytes]],
    ) -> StoredMessage:
        """`POST /channels/{id}/messages` by the bot: into a guild channel, thread or DM."""
        channel = self.channel(channel_id)
        visible_to: frozenset[int] | None = None
        kind: MessageKind = "channel"
        unarchive = False
        if channel.type == DM:
            assert channel.recipient_id is not None
            recipient = self.users[channel.recipient_id]
            if not recipient.dms_open:
                raise ApiError(403, codes.CANNOT_SEND_TO_USER, "Cannot send messages to this user")
            visible_to = frozenset({recipient.id})
            kind = "dm"
        else:
            permissions = implicitly_allowed(
                self.permissions_in(self.bot.id, channel), in_thread=channel.is_thread
            )
            unarchive = check_can_post(channel, permissions, files=len(files))
        self._check_message(body, rules.CREATE, files)
        if unarchive:
            channel.archived = False
            self.emit("THREAD_UPDATE", self.channel_payload(channel), GUILDS_INTENT)
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
        if channel.is_thread:
            channel.message_count += 1
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
        self,
        message: StoredMessage,
        body: Mapping[str, Any],
        files: list[tuple[str, bytes]],
        *,
        target: rules.Target = rules.WEBHOOK_EDIT,
        checked: bool = False,
    ) -> StoredMessage:
        if not checked:
            self._check_message(body, target, files, existing_flags=message.flags)
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
        channel = self.channels[channel_id]
        if channel.type != DM:
            check_can_edit(channel, self.permissions_in(self.bot.id, channel))
        if message.author_id != self.bot.id:
            raise ApiError(
                403,
                codes.CANNOT_EDIT_OTHERS_MESSAGE,
                "Cannot edit a message authored by another user",
            )
        return self.edit_message(message, body, files, target=rules.EDIT)

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

    def visible_messages(self, user_id: int, channel_id: int | None = None) -> list[StoredMessage]:
        """Messages the member can see now, oldest first."""
        viewable: dict[int, bool] = {}

        def can_view(message: StoredMessage) -> bool:
            if message.visible_to is not None:
                return True
            if message.channel_id not in viewable:
                channel = self.channels.get(message.channel_id)
                viewable[message.channel_id] = channel is not None and self.can_view(
                    user_id, channel
                )
            return viewable[message.channel_id]

        return [
            m
            for m in self.messages.values()
            if m.is_visible_to(user_id)
            and (channel_id is None or m.channel_id == channel_id)
            and can_view(m)
        ]

    # -- threads -------------------------------------------------------------

    def open_thread(
        self,
        parent_id: int,
        body: Any,
        *,
        message_id: int | None = None,
    ) -> FakeChannel:
        """`POST /channels/{id}/threads` (or `.../messages/{mid}/threads`) by the bot."""
        parent = self.channel(parent_id)
        errors = FormErrors()
        if message_id is None:
            schema.check_body("/channels/{channel_id}/threads", "post", body, errors)
        else:
            route = "/channels/{channel_id}/messages/{message_id}/threads"
            schema.check_body(route, "post", body, errors)
        errors.raise_if_any()
        source = self.channel_message(parent_id, message_id) if message_id is not None else None
        requested = body.get("type")
        kind = thread_type_for(
            parent,
            int(requested) if requested is not None else None,
            from_message=source is not None,
        )
        check_can_open(
            parent, kind, self.permissions_in(self.bot.id, parent), from_message=source is not None
        )
        if source is not None and source.id in self.channels:
            raise ApiError(
                400,
                160004,
                "A thread has already been created for this message",
                sources=(
                    codes.DOCS
                    + "topics/threads.mdx#public--private-threads: The created thread and the "
                    "message it was started from will share the same id.",
                ),
            )
        thread = FakeChannel(
            source.id if source is not None else self.ids.next(),
            str(body["name"]),
            kind,
            parent.guild_id,
            parent_id=parent.id,
            owner_id=self.bot.id,
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
            invitable=bool(body.get("invitable", True)),
            created_at=self.clock.wall(),
        )
        thread.thread_member_ids.add(self.bot.id)
        self.channels[thread.id] = thread
        self.emit(
            "THREAD_CREATE", self.channel_payload(thread) | {"newly_created": True}, GUILDS_INTENT
        )
        self.changed()
        return thread

    def add_thread_member(self, thread_id: int, user_id: int) -> None:
        thread = self.channel(thread_id)
        if not thread.is_thread:
            raise ApiError(
                400,
                codes.CANNOT_EXECUTE_ON_CHANNEL_TYPE,
                "Cannot execute action on this channel type",
            )
        check_can_edit(thread, self.permissions_in(self.bot.id, thread))
        self.user(user_id)
        thread.thread_member_ids.add(user_id)
        data = {
            "id": str(thread.id),
            "guild_id": str(thread.guild_id),
            "member_count": len(thread.thread_member_ids),
            "added_members": [
                {
                    "id": str(thread.id),
                    "user_id": str(user_id),
                    "join_timestamp": self.clock.wall().isoformat(),
                    "flags": 0,
                }
            ],
        }
        self.emit("THREAD_MEMBERS_UPDATE", data, GUILDS_INTENT)
        self.changed()

    def remove_thread_member(self, thread_id: int, user_id: int) -> None:
        thread = self.channel(thread_id)
        thread.thread_member_ids.discard(user_id)
        self.changed()

    def archive_thread(self, thread: FakeChannel, *, locked: bool = False) -> None:
        """A moderator archives (and maybe locks) a thread (THREAD_UPDATE)."""
        thread.archived = True
        thread.locked = locked
        self.emit("THREAD_UPDATE", self.channel_payload(thread), GUILDS_INTENT)
        self.changed()

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
        app_permissions = self.permissions_in(self.bot.id, channel)
        payload: dict[str, Any] = {
            "id": str(record.id),
            "application_id": str(self.application_id),
            "type": kind,
            "token": record.token,
            "version": 1,
            "data": data,
            "channel_id": str(channel.id),
            "channel": self.channel_payload(channel, for_user=user.id),
            "app_permissions": str(app_permissions if channel.type != DM else ALL),
            "locale": user.locale,
            "entitlements": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        guild = self.guilds.get(channel.guild_id or 0)
        if guild is not None:
            payload["guild_id"] = str(guild.id)
            payload["guild"] = {
                "id": str(guild.id),
                "locale": guild.preferred_locale,
                "features": [],
            }
            payload["guild_locale"] = guild.preferred_locale
            payload["member"] = self.member_payload(guild, user, channel=channel)
            payload["authorizing_integration_owners"] = {"0": str(guild.id)}
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

        self._check_callback(record, body, files)
        kind = int(body.get("type", 0))
        data: Mapping[str, Any] = body.get("data") or {}
        resource_message: StoredMessage | None = None
        if kind in (ix.CHANNEL_MESSAGE, ix.DEFERRED_CHANNEL_MESSAGE):
            resource_message = self._answer_with_message(record, kind, data, files)
        elif kind in (ix.DEFERRED_UPDATE_MESSAGE, ix.UPDATE_MESSAGE):
            resource_message = self._answer_by_updating(record, kind, data, files)
        elif kind == ix.LAUNCH_ACTIVITY and self.activities is not None:
            self.activities.answered(record)
        else:
            record.modal = dict(data)
            sighting = Sighting.of_modal(record.modal, record.channel_id, self.clock.wall())
            self.sightings.setdefault(record.user_id, []).append(sighting)

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

    def _check_callback(
        self, record: InteractionRecord, body: Mapping[str, Any], files: list[tuple[str, bytes]]
    ) -> None:
        """Everything Discord refuses in a callback body, before anything changes."""
        errors = FormErrors()
        schema.check_body(CALLBACK, "post", body, errors)
        errors.raise_if_any()
        kind = int(body.get("type", 0))
        data = body.get("data")
        data = data if isinstance(data, Mapping) else {}
        if kind == ix.CHANNEL_MESSAGE:
            self._check_message(
                data, rules.CALLBACK_MESSAGE, files, errors=errors, spec_checked=True
            )
        elif kind == ix.DEFERRED_CHANNEL_MESSAGE:
            flags = int(data.get("flags") or 0)
            if flags & ~EPHEMERAL_FLAG:
                errors.add(
                    ("data", "flags"),
                    "MESSAGE_FLAGS_INVALID",
                    "Only EPHEMERAL can be set on a deferred response.",
                    rules.DEFERRED_FLAGS.source,
                )
        elif kind in (ix.DEFERRED_UPDATE_MESSAGE, ix.UPDATE_MESSAGE):
            if record.source_message_id is None:
                errors.add(
                    ("type",),
                    "INTERACTION_CALLBACK_TYPE_INVALID",
                    "This interaction has no message to update.",
                    UPDATE_ONLY_COMPONENTS.source,
                )
            elif kind == ix.UPDATE_MESSAGE:
                source = self.messages.get(record.source_message_id)
                existing = source.flags if source is not None else 0
                self._check_message(
                    data,
                    rules.CALLBACK_UPDATE,
                    files,
                    existing_flags=existing,
                    errors=errors,
                    spec_checked=True,
                )
        elif kind == ix.MODAL:
            if record.type == ix.MODAL_SUBMIT:
                errors.add(
                    ("type",),
                    "INTERACTION_CALLBACK_TYPE_INVALID",
                    "A modal cannot answer a modal submit.",
                    NO_MODAL_ON_MODAL.source,
                )
            components = data.get("components")
            if isinstance(components, list):
                check_modal_components(components, errors, ("data", "components"))
        elif kind == ix.LAUNCH_ACTIVITY and self.activities is not None:
            refusal = self.activities.callback_refusal(record)
            if refusal is not None:
                errors.add(
                    ("type",), "INTERACTION_CALLBACK_TYPE_INVALID", refusal, CALLBACK_TYPE.source
                )
        else:
            errors.add(
                ("type",),
                "INTERACTION_CALLBACK_TYPE_INVALID",
                f"Callback type {kind} is not valid for this interaction.",
                CALLBACK_TYPE.source,
            )
        errors.raise_if_any()
        if kind == ix.CHANNEL_MESSAGE:
            rules.check_message(data, rules.CALLBACK_MESSAGE, files=len(files), spec_checked=True)

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
        assert record.source_message_id is not None
        source = self.message(record.source_message_id)
        record.original_message_id = source.id
        if kind == ix.DEFERRED_UPDATE_MESSAGE:
            return None
        return self.edit_message(source, data, files, checked=True)

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
        self._check_message(body, rules.FOLLOWUP, files)
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
            return self.edit_message(original, body, files, checked=True)
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

    def refused(self, refusal: Refusal) -> None:
        self.refusals.append(refusal)
        self.changed()
