"""Guilds, their channels, threads, roles and members, and their JSON shapes.

These are the objects that only change when a test (or a thread route) says
so: a guild is added, a member joins or gets a role, a channel gets a
permission overwrite, a thread is opened or archived. Messages and
interactions live in `state`. A user exists once and may be a member of
several guilds; a `FakeMembership` holds what is per guild (roles, join date).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from .permissions import Overwrite

GUILD_TEXT = 0
DM = 1
ANNOUNCEMENT_THREAD = 10
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = frozenset({ANNOUNCEMENT_THREAD, PUBLIC_THREAD, PRIVATE_THREAD})


@dataclass
class FakeUser:
    id: int
    username: str
    created_at: dt.datetime
    bot: bool = False
    dms_open: bool = True
    #: The language the member's Discord client is set to (sent as the interaction's locale).
    locale: str = "en-US"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.username,
            "global_name": self.username,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }


@dataclass
class FakeMembership:
    """A user's membership of one guild."""

    user_id: int
    joined_at: dt.datetime
    role_ids: list[int] = field(default_factory=list)
    #: The member's nickname in this guild (``None``: none set).
    nick: str | None = None

    def payload(self, user: FakeUser | None, permissions: int | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {
            "roles": [str(r) for r in self.role_ids],
            "joined_at": self.joined_at.isoformat(),
            "nick": self.nick,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
        }
        if permissions is not None:
            body["permissions"] = str(permissions)
        if user is not None:
            body["user"] = user.payload()
        return body


@dataclass
class FakeChannel:
    id: int
    name: str
    type: int
    guild_id: int | None
    position: int = 0
    recipient_id: int | None = None
    overwrites: list[Overwrite] = field(default_factory=list)
    # Threads only: the channel it was opened in, who opened it, its state and members.
    parent_id: int | None = None
    owner_id: int | None = None
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    invitable: bool = True
    created_at: dt.datetime | None = None
    thread_member_ids: set[int] = field(default_factory=set)
    message_count: int = 0

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    def payload(
        self, recipient: FakeUser | None = None, permissions: int | None = None
    ) -> dict[str, Any]:
        if self.type == DM:
            return {
                "id": str(self.id),
                "type": DM,
                "last_message_id": None,
                "recipients": [recipient.payload()] if recipient else [],
            }
        body: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [o.payload() for o in self.overwrites],
            "nsfw": False,
            "parent_id": str(self.parent_id) if self.parent_id else None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }
        if permissions is not None:
            body["permissions"] = str(permissions)
        if self.is_thread:
            created = self.created_at.isoformat() if self.created_at else None
            body.pop("permission_overwrites")
            body["owner_id"] = str(self.owner_id) if self.owner_id else None
            body["member_count"] = len(self.thread_member_ids)
            body["message_count"] = self.message_count
            body["total_message_sent"] = self.message_count
            body["thread_metadata"] = {
                "archived": self.archived,
                "auto_archive_duration": self.auto_archive_duration,
                "archive_timestamp": created,
                "locked": self.locked,
                "invitable": self.invitable,
                "create_timestamp": created,
            }
        return body


@dataclass
class FakeRole:
    id: int
    name: str
    position: int = 0
    permissions: int = 0
    managed: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "hoist": False,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }


@dataclass
class FakeGuild:
    id: int
    name: str
    owner_id: int
    preferred_locale: str = "en-US"
    roles: dict[int, FakeRole] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    members: dict[int, FakeMembership] = field(default_factory=dict)
    default_channel_id: int = 0

    @property
    def member_ids(self) -> list[int]:
        return list(self.members)

    @property
    def everyone(self) -> FakeRole:
        return self.roles[self.id]
