"""The documented rules of threads: who may open one where, and who may talk in it.

From developers/topics/threads.mdx and resources/channel.mdx: public threads
need CREATE_PUBLIC_THREADS and private ones CREATE_PRIVATE_THREADS in the
parent; private threads only in text channels; no thread inside a thread; a
message starts at most one thread; in a thread SEND_MESSAGES_IN_THREADS stands
in for SEND_MESSAGES; archived threads take no edits (sending a message
unarchives one unless it is locked); locked threads take nothing from anyone
without MANAGE_THREADS. The body of each route is checked against the spec.
"""

from __future__ import annotations

from . import permissions as perms
from .entities import (
    ANNOUNCEMENT_THREAD,
    GUILD_TEXT,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    FakeChannel,
)
from .errors import (
    CANNOT_EXECUTE_ON_CHANNEL_TYPE,
    MISSING_ACCESS,
    MISSING_PERMISSIONS,
    THREAD_ARCHIVED,
    THREAD_LOCKED,
    ApiError,
    forbidden,
)
from .rules import rule

TOPIC = "topics/threads.mdx"

CREATE_PERMISSION = rule(
    "thread.create-permission",
    TOPIC + "#permissions",
    "Three permission bits are specific to threads: CREATE_PUBLIC_THREADS, "
    "CREATE_PRIVATE_THREADS, and SEND_MESSAGES_IN_THREADS.",
)
PRIVATE_IN_TEXT = rule(
    "thread.private-in-text",
    TOPIC + "#public--private-threads",
    "Private threads are always created with the GUILD_PRIVATE_THREAD type and can only be "
    "created in GUILD_TEXT channels.",
)
NOT_IN_THREAD = rule(
    "thread.parent-type",
    "resources/channel.mdx#start-thread-without-message",
    "Creates a new thread that is not connected to an existing message [in a GUILD_TEXT or "
    "GUILD_ANNOUNCEMENT channel: 50024 'Cannot execute action on this channel type']",
)
ONE_PER_MESSAGE = rule(
    "thread.one-per-message",
    TOPIC + "#public--private-threads",
    "The created thread and the message it was started from will share the same id.",
)
SEND_IN_THREAD = rule(
    "thread.send-permission",
    "topics/permissions.mdx#inherited-permissions-threads",
    "The SEND_MESSAGES permission is not inherited; users must have SEND_MESSAGES_IN_THREADS "
    "to send a message in a thread",
)
ARCHIVED = rule(
    "thread.archived",
    TOPIC + "#active--archived-threads",
    "Users cannot edit messages, add reactions, use application commands, or join archived "
    "threads. ... Sending a message will automatically unarchive the thread, unless the "
    "thread has been locked by a moderator.",
)
LOCKED = rule(
    "thread.locked",
    TOPIC + "#locked-threads",
    "Users won't be able to create or update messages in locked threads ... If a user or bot "
    "user has the MANAGE_THREADS permission, they will still be able to make changes",
)
VIEW = rule(
    "channel.view",
    "topics/permissions.mdx#implicit-permissions",
    "Denying a user or a role VIEW_CHANNEL on a channel implicitly denies other permissions "
    "on the channel.",
)
SEND = rule(
    "channel.send-permission",
    "resources/message.mdx#create-message-limitations",
    "When operating on a guild channel, the current user must have the SEND_MESSAGES permission.",
)
ATTACH = rule(
    "channel.attach-files",
    "topics/permissions.mdx#implicit-permissions",
    "Denying SEND_MESSAGES implicitly denies MENTION_EVERYONE, SEND_TTS_MESSAGES, "
    "ATTACH_FILES, and EMBED_LINKS [ATTACH_FILES: Allows for uploading images and files]",
)


def check_can_open(parent: FakeChannel, kind: int, permissions: int, *, from_message: bool) -> None:
    """Refuse opening a thread of `kind` in `parent` with the opener's `permissions`."""
    if parent.is_thread or parent.type not in (GUILD_TEXT, 5):
        raise ApiError(
            400,
            CANNOT_EXECUTE_ON_CHANNEL_TYPE,
            "Cannot execute action on this channel type",
            sources=(NOT_IN_THREAD.source,),
        )
    if kind == PRIVATE_THREAD and (from_message or parent.type != GUILD_TEXT):
        raise ApiError(
            400,
            CANNOT_EXECUTE_ON_CHANNEL_TYPE,
            "Cannot execute action on this channel type",
            sources=(PRIVATE_IN_TEXT.source,),
        )
    if not permissions & perms.VIEW_CHANNEL:
        raise forbidden(MISSING_ACCESS, "Missing Access", VIEW.source)
    needed = perms.CREATE_PRIVATE_THREADS if kind == PRIVATE_THREAD else perms.CREATE_PUBLIC_THREADS
    if not permissions & needed:
        raise forbidden(MISSING_PERMISSIONS, "Missing Permissions", CREATE_PERMISSION.source)


def thread_type_for(parent: FakeChannel, requested: int | None, *, from_message: bool) -> int:
    if from_message:
        return ANNOUNCEMENT_THREAD if parent.type == 5 else PUBLIC_THREAD
    # Without a type, Discord opens a private thread (resources/channel.mdx: "type:
    # the type of thread to create ... defaults to PRIVATE_THREAD").
    return requested if requested is not None else PRIVATE_THREAD


def check_can_post(channel: FakeChannel, permissions: int, *, files: int) -> bool:
    """Refuse a message the sender may not post; `True` when it unarchives the thread."""
    if not permissions & perms.VIEW_CHANNEL:
        raise forbidden(MISSING_ACCESS, "Missing Access", VIEW.source)
    if channel.is_thread:
        if not permissions & perms.SEND_MESSAGES_IN_THREADS:
            raise forbidden(MISSING_PERMISSIONS, "Missing Permissions", SEND_IN_THREAD.source)
        if channel.locked and not permissions & perms.MANAGE_THREADS:
            raise forbidden(THREAD_LOCKED, "Thread is locked", LOCKED.source)
    elif not permissions & perms.SEND_MESSAGES:
        raise forbidden(MISSING_PERMISSIONS, "Missing Permissions", SEND.source)
    if files and not permissions & perms.ATTACH_FILES:
        raise forbidden(MISSING_PERMISSIONS, "Missing Permissions", ATTACH.source)
    return channel.is_thread and channel.archived


def check_can_edit(channel: FakeChannel, permissions: int) -> None:
    """Refuse editing a message in a channel where Discord does not allow it."""
    if not permissions & perms.VIEW_CHANNEL:
        raise forbidden(MISSING_ACCESS, "Missing Access", VIEW.source)
    if channel.is_thread:
        if channel.locked and not permissions & perms.MANAGE_THREADS:
            raise forbidden(THREAD_LOCKED, "Thread is locked", LOCKED.source)
        if channel.archived:
            raise ApiError(400, THREAD_ARCHIVED, "Thread is archived", sources=(ARCHIVED.source,))
