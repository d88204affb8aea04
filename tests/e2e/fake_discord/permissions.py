"""Discord's permission bits and how a member's permissions in a channel are computed.

`channel_permissions` follows the algorithm of Discord's permissions topic
(developers/topics/permissions.mdx, "Permission Overwrites"): the guild owner
has everything; otherwise @everyone's and the member's roles' permissions,
everything with ADMINISTRATOR, then the channel's overwrites for @everyone,
for the member's roles and for the member, each denying before allowing. The
implicit rules ("Implicit Permissions": no VIEW_CHANNEL means nothing in that
channel, no SEND_MESSAGES no files or embeds either) are not taken out of the
computed bits, as the docs say, but applied where an action is checked
(`implicitly_allowed`). A thread takes its parent's overwrites, where
SEND_MESSAGES_IN_THREADS stands in for SEND_MESSAGES ("Inherited Permissions
(Threads)").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

CREATE_INSTANT_INVITE = 1 << 0
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
SEND_TTS_MESSAGES = 1 << 12
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
#: Every bit Discord documents (up to BYPASS_SLOWMODE, 1 << 52).
ALL = (1 << 53) - 1

#: What @everyone may do in a new guild (Discord's default role permissions).
EVERYONE_DEFAULT = (
    CREATE_INSTANT_INVITE
    | ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS
    | SEND_MESSAGES_IN_THREADS
    | (1 << 26)  # CHANGE_NICKNAME
)

ROLE = 0
MEMBER = 1

NEEDS_SEND = MENTION_EVERYONE | SEND_TTS_MESSAGES | ATTACH_FILES | EMBED_LINKS


@dataclass
class Overwrite:
    """One channel permission overwrite, for a role (type 0) or a member (type 1)."""

    id: int
    type: int
    allow: int = 0
    deny: int = 0

    def payload(self) -> dict[str, object]:
        return {
            "id": str(self.id),
            "type": self.type,
            "allow": str(self.allow),
            "deny": str(self.deny),
        }


def base_permissions(*, is_owner: bool, everyone: int, role_permissions: Iterable[int]) -> int:
    if is_owner:
        return ALL
    permissions = everyone
    for bits in role_permissions:
        permissions |= bits
    return ALL if permissions & ADMINISTRATOR else permissions


def channel_permissions(
    base: int,
    *,
    guild_id: int,
    user_id: int,
    role_ids: Iterable[int],
    overwrites: Iterable[Overwrite],
    in_thread: bool = False,
) -> int:
    if base & ADMINISTRATOR:
        return ALL
    by_id = {o.id: o for o in overwrites}
    permissions = base
    everyone = by_id.get(guild_id)
    if everyone is not None:
        permissions &= ~everyone.deny
        permissions |= everyone.allow
    allow = deny = 0
    for role_id in role_ids:
        role = by_id.get(role_id)
        if role is not None and role.type == ROLE:
            allow |= role.allow
            deny |= role.deny
    permissions &= ~deny
    permissions |= allow
    member = by_id.get(user_id)
    if member is not None and member.type == MEMBER:
        permissions &= ~member.deny
        permissions |= member.allow
    return permissions


def implicitly_allowed(permissions: int, *, in_thread: bool) -> int:
    """The bits that count when acting: none without VIEW_CHANNEL, and without the
    right to talk no mentions, TTS, files or embeds."""
    if not permissions & VIEW_CHANNEL:
        return 0
    talk = SEND_MESSAGES_IN_THREADS if in_thread else SEND_MESSAGES
    if not permissions & talk:
        permissions &= ~NEEDS_SEND
    return permissions
