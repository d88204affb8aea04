"""A test's handle on one guild member: act as them, and ask what they saw.

`Member` sends interactions the way Discord's client would for that person:
a slash command (checked against the synced schema, and offered only where the
member may use application commands and has the command's default member
permissions), a click on a button found by its label on a message the member
can see, a pick from a select menu, a modal submitted after the bot opened
one. Each interaction carries the member's own locale and their permissions in
the channel. Each returns a `Reply` once the bot answered. What the member can
see and has seen is answered from the fake's records.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from . import interactions as ix
from . import permissions as perms
from .commands import OptionRejected, build_invocation
from .components import (
    BUTTON,
    LABEL,
    LINK_STYLE,
    STRING_SELECT,
    TEXT_INPUT,
    USER_SELECT,
    walk_components,
)
from .entities import FakeChannel, FakeUser
from .messages import Sighting, StoredMessage
from .replies import Reply
from .snowflakes import HasId, id_of

if TYPE_CHECKING:
    from .server import FakeDiscord

# A channel or message: the fake's own, a discord.py object, or a bare id.
ChannelRef = HasId | int | None
MessageRef = HasId | int | None


class ComponentNotFound(AssertionError):
    """The member cannot see (or cannot use) the component the test asked for."""


class ModalRejected(AssertionError):
    """Discord's client would not submit these modal values."""


class Member:
    """One person in the fake guild, driven by a test."""

    def __init__(self, fake: FakeDiscord, user: FakeUser) -> None:
        self._fake = fake
        self.user = user

    def __repr__(self) -> str:
        return f"<Member {self.name} id={self.id}>"

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def name(self) -> str:
        return self.user.username

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def locale(self) -> str:
        """The language of the member's Discord client, sent with each interaction."""
        return self.user.locale

    @locale.setter
    def locale(self, value: str) -> None:
        self.user.locale = value

    # -- acting ---------------------------------------------------------------

    async def slash(
        self,
        command: str,
        *subcommands: str,
        options: Mapping[str, Any] | None = None,
        channel: ChannelRef = None,
        timeout: float | None = None,
        wait: bool = True,
        **named_options: Any,
    ) -> Reply:
        """Run ``/command sub... option=value``; options may also come as a dict."""
        state = self._fake.state
        target = self._channel(channel)
        schema = state.commands.find(command, target.guild_id)
        if schema is None:
            raise OptionRejected(f"no command /{command} was synced for this guild")
        self._check_may_run(target, schema, command)
        resolver = state.resolver_for(target.guild_id)
        data = build_invocation(schema, subcommands, {**(options or {}), **named_options}, resolver)
        record = state.start_interaction(self.id, target.id, ix.APPLICATION_COMMAND, data)
        action = "/" + " ".join([command, *subcommands])
        return await self._reply(record, action, timeout, wait)

    async def click(
        self,
        label: str | None = None,
        *,
        custom_id: str | None = None,
        message: MessageRef = None,
        channel: ChannelRef = None,
        timeout: float | None = None,
        wait: bool = True,
    ) -> Reply:
        """Click the button with this label (or custom_id) on the newest message showing it."""
        if (label is None) == (custom_id is None):
            raise TypeError("click() needs exactly one of label or custom_id")

        def wanted(component: dict[str, Any]) -> bool:
            if component.get("type") != BUTTON:
                return False
            if custom_id is not None:
                return component.get("custom_id") == custom_id
            return component.get("label") == label

        source, button = self._find(wanted, message, channel, f"button {label or custom_id!r}")
        if button.get("style") == LINK_STYLE or not button.get("custom_id"):
            raise ComponentNotFound(f"button {label!r} is a link; it sends no interaction")
        data = {"custom_id": button["custom_id"], "component_type": BUTTON}
        record = self._fake.state.start_interaction(
            self.id, source.channel_id, ix.MESSAGE_COMPONENT, data, source=source
        )
        return await self._reply(record, f"click [{label or custom_id}]", timeout, wait)

    async def select(
        self,
        menu: str,
        values: Sequence[Any] | str,
        *,
        message: MessageRef = None,
        channel: ChannelRef = None,
        timeout: float | None = None,
        wait: bool = True,
    ) -> Reply:
        """Pick `values` (option values or labels; members for a user select) in a menu
        found by its placeholder or custom_id."""

        def wanted(component: dict[str, Any]) -> bool:
            return component.get("type") in (STRING_SELECT, USER_SELECT) and menu in (
                component.get("placeholder"),
                component.get("custom_id"),
            )

        source, component = self._find(wanted, message, channel, f"select menu {menu!r}")
        picked = [values] if isinstance(values, str) else list(values)
        data: dict[str, Any] = {
            "custom_id": component["custom_id"],
            "component_type": component["type"],
        }
        if component["type"] == STRING_SELECT:
            data["values"] = self._option_values(component, picked)
        else:
            data["values"], data["resolved"] = self._picked_users(picked, source.guild_id)
        low = int(component.get("min_values", 1))
        high = int(component.get("max_values", 1))
        if not low <= len(data["values"]) <= high:
            raise ComponentNotFound(f"select {menu!r} takes {low}..{high} values, not {picked}")
        record = self._fake.state.start_interaction(
            self.id, source.channel_id, ix.MESSAGE_COMPONENT, data, source=source
        )
        return await self._reply(record, f"select <{menu}>", timeout, wait)

    async def submit_modal(
        self, values: Mapping[str, Any], *, timeout: float | None = None, wait: bool = True
    ) -> Reply:
        """Fill in and submit the modal the bot last opened for this member.

        Keys are text inputs' custom_ids or labels; values are what the member typed.
        """
        state = self._fake.state
        opened = self.open_modal_record()
        if opened is None or opened.modal is None:
            raise ModalRejected(f"{self.name} has no open modal")
        modal = opened.modal
        used: set[str] = set()
        components = [self._filled(c, values, used) for c in modal.get("components") or []]
        unknown = set(values) - used
        if unknown:
            raise ModalRejected(f"modal {modal.get('title')!r} has no input(s) {sorted(unknown)}")
        opened.modal_submitted = True
        data = {"custom_id": modal["custom_id"], "components": components}
        source = state.messages.get(opened.source_message_id) if opened.source_message_id else None
        record = state.start_interaction(
            self.id,
            opened.channel_id,
            ix.MODAL_SUBMIT,
            data,
            source=source if source and not source.deleted else None,
        )
        return await self._reply(record, f"modal {modal.get('title')!r}", timeout, wait)

    def _check_may_run(self, channel: FakeChannel, schema: dict[str, Any], command: str) -> None:
        """Discord's client offers a command only where the member may use it."""
        state = self._fake.state
        guild = state.guilds.get(channel.guild_id or 0)
        if guild is None:
            return
        if self.id not in guild.members:
            raise OptionRejected(f"{self.name} is not a member of {guild.name}")
        allowed = state.permissions_in(self.id, channel)
        if not allowed & perms.VIEW_CHANNEL:
            raise OptionRejected(f"{self.name} cannot see #{channel.name}")
        if not allowed & perms.USE_APPLICATION_COMMANDS:
            raise OptionRejected(f"{self.name} may not use application commands in #{channel.name}")
        if channel.is_thread and channel.archived:
            raise OptionRejected(f"#{channel.name} is archived: no commands there")
        needed = schema.get("default_member_permissions")
        if needed is not None and not allowed & perms.ADMINISTRATOR:
            bits = int(needed)
            if allowed & bits != bits:
                raise OptionRejected(
                    f"/{command} needs permissions {bits:#x} that {self.name} lacks"
                )

    # -- DMs --------------------------------------------------------------------

    def close_dms(self) -> None:
        """From now on the bot's DMs to this member are refused (403 / 50007)."""
        self.user.dms_open = False

    def open_dms(self) -> None:
        self.user.dms_open = True

    # -- what they see ----------------------------------------------------------

    def visible_messages(self, channel: ChannelRef = None) -> list[StoredMessage]:
        """Messages this member can see now (channel, their DMs, their ephemerals)."""
        channel_id = None if channel is None else id_of(channel)
        return self._fake.state.visible_messages(self.id, channel_id)

    def dms(self) -> list[StoredMessage]:
        return [m for m in self.visible_messages() if m.kind == "dm"]

    def ephemerals(self) -> list[StoredMessage]:
        return [m for m in self.visible_messages() if m.kind == "ephemeral"]

    def seen(self) -> list[Sighting]:
        """Every message (and modal) this member was ever shown, in order, as it then read."""
        return self._fake.state.seen_by(self.id)

    def seen_text(self) -> str:
        return "\n".join(s.text for s in self.seen())

    def open_modal_record(self) -> ix.InteractionRecord | None:
        for record in reversed(list(self._fake.state.interactions.values())):
            if record.user_id == self.id and record.modal is not None:
                return None if record.modal_submitted else record
        return None

    # -- helpers ----------------------------------------------------------------

    def _channel(self, channel: ChannelRef) -> FakeChannel:
        state = self._fake.state
        if channel is None:
            if self.id in state.guild.members:
                return state.default_channel
            for guild in state.guilds.values():
                if self.id in guild.members:
                    return state.channels[guild.default_channel_id]
            return state.default_channel
        return state.channel(id_of(channel))

    def _find(
        self,
        wanted: Any,
        message: MessageRef,
        channel: ChannelRef,
        what: str,
    ) -> tuple[StoredMessage, dict[str, Any]]:
        state = self._fake.state
        if message is not None:
            found = state.messages.get(id_of(message))
            if found is None:
                raise ComponentNotFound(f"there is no message {message!r}")
            candidates: Iterable[StoredMessage] = [found]
        else:
            channel_id = None if channel is None else id_of(channel)
            candidates = sorted(
                state.visible_messages(self.id, channel_id), key=lambda m: m.id, reverse=True
            )
        for candidate in candidates:
            if not self._can_see(candidate):
                raise ComponentNotFound(f"{self.name} cannot see message {candidate.id}")
            for component in walk_components(candidate.components):
                if wanted(component):
                    if component.get("disabled"):
                        raise ComponentNotFound(f"{what} is disabled")
                    return candidate, component
        raise ComponentNotFound(f"{self.name} sees no {what}")

    def _can_see(self, message: StoredMessage) -> bool:
        if not message.is_visible_to(self.id):
            return False
        if message.visible_to is not None:
            return True
        channel = self._fake.state.channels.get(message.channel_id)
        return channel is not None and self._fake.state.can_view(self.id, channel)

    @staticmethod
    def _option_values(component: dict[str, Any], picked: list[Any]) -> list[str]:
        options = component.get("options") or []
        chosen = []
        for pick in picked:
            match = next((o for o in options if pick in (o.get("value"), o.get("label"))), None)
            if match is None:
                labels = [o.get("label") for o in options]
                raise ComponentNotFound(f"no option {pick!r} among {labels}")
            chosen.append(str(match["value"]))
        return chosen

    def _picked_users(
        self, picked: list[Any], guild_id: int | None
    ) -> tuple[list[str], dict[str, Any]]:
        resolver = self._fake.state.resolver_for(guild_id)
        users: dict[str, Any] = {}
        members: dict[str, Any] = {}
        ids = []
        for pick in picked:
            found = resolver.resolve_user(id_of(pick))
            if found is None:
                raise ComponentNotFound(f"there is no user {pick!r} to pick")
            user_payload, member_payload = found
            ids.append(user_payload["id"])
            users[user_payload["id"]] = user_payload
            if member_payload is not None:
                members[user_payload["id"]] = member_payload
        return ids, {"users": users, "members": members}

    def _filled(
        self, component: dict[str, Any], values: Mapping[str, Any], used: set[str]
    ) -> dict[str, Any]:
        kind = component.get("type")
        if kind == LABEL:
            inner = dict(component["component"])
            inner["label"] = inner.get("label") or component.get("label")
            filled = self._filled(inner, values, used)
            return {"type": LABEL, "component": filled}
        if kind == 1:
            return {
                "type": 1,
                "components": [self._filled(c, values, used) for c in component["components"]],
            }
        custom_id = str(component.get("custom_id"))
        label = component.get("label")
        key = custom_id if custom_id in values else label if label in values else None
        if kind == TEXT_INPUT:
            text = "" if key is None else str(values[key])
            if key is not None:
                used.add(key)
            if component.get("required", True) and not text:
                raise ModalRejected(f"input {label or custom_id!r} is required")
            low = int(component.get("min_length", 0))
            high = int(component.get("max_length", 4000))
            if text and not low <= len(text) <= high:
                raise ModalRejected(f"input {label or custom_id!r} takes {low}..{high} characters")
            return {"type": TEXT_INPUT, "custom_id": custom_id, "value": text}
        if kind == STRING_SELECT:
            picked = [] if key is None else values[key]
            if key is not None:
                used.add(key)
            picked_list = [picked] if isinstance(picked, str) else list(picked)
            return {
                "type": STRING_SELECT,
                "custom_id": custom_id,
                "values": self._option_values(component, picked_list),
            }
        return (
            {"type": kind, "custom_id": custom_id} if component.get("custom_id") else {"type": kind}
        )

    async def _reply(
        self, record: ix.InteractionRecord, action: str, timeout: float | None, wait: bool
    ) -> Reply:
        reply = Reply(self._fake, record, f"{action} by {self.name}")
        if wait:
            await reply.answered(timeout)
        return reply
