"""The guild, its channels, roles and people, and their JSON shapes.

These are the objects that only change when a test says so (a member joins,
closes their DMs, a channel is added); messages and interactions live in
`state`.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

GUILD_TEXT = 0
DM = 1
# Every permission bit Discord had in 2025: members and the bot may do anything.
ALL_PERMISSIONS = str((1 << 51) - 1)
EVERYONE_PERMISSIONS = "2248473465835073"


@dataclass
class FakeUser:
    id: int
    username: str
    joined_at: dt.datetime
    bot: bool = False
    dms_open: bool = True
    role_ids: list[int] = field(default_factory=list)
    #: The member's permissions in every channel (an integer as a string); all by default.
    permissions: str = ALL_PERMISSIONS

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

    def member_payload(self, *, with_user: bool = True) -> dict[str, Any]:
        body: dict[str, Any] = {
            "roles": [str(r) for r in self.role_ids],
            "joined_at": self.joined_at.isoformat(),
            "nick": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "permissions": self.permissions,
        }
        if with_user:
            body["user"] = self.payload()
        return body


@dataclass
class FakeChannel:
    id: int
    name: str
    type: int
    guild_id: int | None
    position: int = 0
    recipient_id: int | None = None

    def payload(self, recipient: FakeUser | None = None) -> dict[str, Any]:
        if self.type == DM:
            return {
                "id": str(self.id),
                "type": DM,
                "last_message_id": None,
                "recipients": [recipient.payload()] if recipient else [],
            }
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "permissions": ALL_PERMISSIONS,
        }


@dataclass
class FakeRole:
    id: int
    name: str
    position: int = 0

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "hoist": False,
            "position": self.position,
            "permissions": EVERYONE_PERMISSIONS,
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }


@dataclass
class FakeGuild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, FakeRole] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    member_ids: list[int] = field(default_factory=list)
