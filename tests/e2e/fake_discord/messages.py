"""Stored messages, their attachments, who may see them, and how they read.

A `StoredMessage` is the fake's record of one message (channel, DM or
ephemeral); it renders itself both as the JSON discord.py parses and as plain
text a test can search ("what did Bob see?"). A `Sighting` is a frozen copy of
what one member saw at one moment.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any, Literal

from .components import BUTTON, LINK_STYLE, SELECT_TYPES, TEXT_DISPLAY, walk_components

EPHEMERAL_FLAG = 1 << 6
LOADING_FLAG = 1 << 7

MessageKind = Literal["channel", "dm", "ephemeral"]


@dataclass
class StoredAttachment:
    id: int
    filename: str
    data: bytes
    description: str | None = None
    content_type: str = "application/octet-stream"

    def text(self) -> str:
        """The file as a reader would take it in: its text if it is text."""
        try:
            decoded = self.data.decode("utf-8")
        except UnicodeDecodeError:
            return f"[{self.filename}: {len(self.data)} bytes]"
        return f"[{self.filename}]\n{decoded}"

    def payload(self, base_url: str) -> dict[str, Any]:
        url = f"{base_url}/attachments/{self.id}/{self.filename}"
        body: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": url,
            "proxy_url": url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            body["description"] = self.description
        return body


@dataclass
class StoredMessage:
    id: int
    channel_id: int
    guild_id: int | None
    author_id: int
    kind: MessageKind
    created_at: dt.datetime
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[StoredAttachment] = field(default_factory=list)
    flags: int = 0
    # None: everyone who can read the channel; otherwise exactly these user ids.
    visible_to: frozenset[int] | None = None
    interaction_id: int | None = None
    interaction_user_id: int | None = None
    interaction_type: int | None = None
    edited_at: dt.datetime | None = None
    deleted: bool = False
    version: int = 1
    #: The ``allowed_mentions`` the bot last sent with it (None: it sent none).
    allowed_mentions: dict[str, Any] | None = None

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL_FLAG)

    @property
    def loading(self) -> bool:
        """A deferred answer still showing "the bot is thinking"."""
        return bool(self.flags & LOADING_FLAG)

    def is_visible_to(self, user_id: int) -> bool:
        return not self.deleted and (self.visible_to is None or user_id in self.visible_to)

    def all_components(self) -> list[dict[str, Any]]:
        return list(walk_components(self.components))

    @property
    def button_labels(self) -> list[str]:
        return [
            str(c.get("label") or "")
            for c in walk_components(self.components)
            if c.get("type") == BUTTON
        ]

    def text(self) -> str:
        return render_text(self.content, self.embeds, self.components, self.attachments)

    def payload(
        self,
        *,
        author: dict[str, Any],
        base_url: str,
        interaction_user: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """The message object as Discord's REST and gateway return it."""
        body: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "type": 0,
            "content": self.content,
            "author": author,
            "embeds": self.embeds,
            "components": self.components,
            "attachments": [a.payload(base_url) for a in self.attachments],
            "flags": self.flags,
            "timestamp": self.created_at.isoformat(),
            "edited_timestamp": self.edited_at.isoformat() if self.edited_at else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "pinned": False,
        }
        if self.guild_id is not None:
            body["guild_id"] = str(self.guild_id)
        if self.interaction_id is not None:
            body["type"] = 20 if self.interaction_type == 2 else 0
            body["webhook_id"] = author["id"]
            body["application_id"] = author["id"]
            body["interaction_metadata"] = {
                "id": str(self.interaction_id),
                "type": self.interaction_type,
                "user": interaction_user,
                "authorizing_integration_owners": {},
            }
        return body


def render_text(
    content: str,
    embeds: list[dict[str, Any]],
    components: list[dict[str, Any]],
    attachments: list[StoredAttachment],
) -> str:
    """Everything a person reads in a message, one piece per line."""
    lines: list[str] = []
    if content:
        lines.append(content)
    for embed in embeds:
        author = (embed.get("author") or {}).get("name")
        lines.extend(
            str(piece) for piece in (author, embed.get("title"), embed.get("description")) if piece
        )
        for embed_field in embed.get("fields") or []:
            lines.append(f"{embed_field.get('name', '')}: {embed_field.get('value', '')}")
        footer = (embed.get("footer") or {}).get("text")
        if footer:
            lines.append(str(footer))
    for component in walk_components(components):
        kind = component.get("type")
        if kind == BUTTON and component.get("label"):
            suffix = " (link)" if component.get("style") == LINK_STYLE else ""
            disabled = " (disabled)" if component.get("disabled") else ""
            lines.append(f"[{component['label']}]{suffix}{disabled}")
        elif kind in SELECT_TYPES:
            options = ", ".join(str(o.get("label")) for o in component.get("options") or [])
            lines.append(f"<{component.get('placeholder') or 'select'}: {options}>")
        elif kind == TEXT_DISPLAY and component.get("content"):
            lines.append(str(component["content"]))
    lines.extend(attachment.text() for attachment in attachments)
    return "\n".join(lines)


SightingEvent = Literal["created", "edited", "modal"]


@dataclass(frozen=True)
class Sighting:
    """What one member saw at one moment: a message as it then read, or a modal."""

    event: SightingEvent
    kind: MessageKind | Literal["modal"]
    message_id: int | None
    channel_id: int | None
    content: str
    embeds: tuple[dict[str, Any], ...]
    button_labels: tuple[str, ...]
    attachment_names: tuple[str, ...]
    text: str
    at: dt.datetime
    #: The ids of the message's attachments at that moment (a message edited later
    #: may carry other files than it did when this was seen).
    attachment_ids: tuple[int, ...] = ()

    @classmethod
    def of_message(cls, message: StoredMessage, event: SightingEvent, at: dt.datetime) -> Sighting:
        return cls(
            event=event,
            kind=message.kind,
            message_id=message.id,
            channel_id=message.channel_id,
            content=message.content,
            embeds=tuple(dict(e) for e in message.embeds),
            button_labels=tuple(message.button_labels),
            attachment_names=tuple(a.filename for a in message.attachments),
            text=message.text(),
            at=at,
            attachment_ids=tuple(a.id for a in message.attachments),
        )

    @classmethod
    def of_modal(cls, modal: dict[str, Any], channel_id: int, at: dt.datetime) -> Sighting:
        labels = [
            str(c.get("label"))
            for c in walk_components(modal.get("components") or [])
            if c.get("label")
        ]
        text = "\n".join([str(modal.get("title", "")), *labels])
        return cls(
            event="modal",
            kind="modal",
            message_id=None,
            channel_id=channel_id,
            content="",
            embeds=(),
            button_labels=(),
            attachment_names=(),
            text=text,
            at=at,
        )

    def as_json(self) -> dict[str, Any]:
        return {
            "event": self.event,
            "kind": self.kind,
            "message_id": str(self.message_id) if self.message_id else None,
            "channel_id": str(self.channel_id) if self.channel_id else None,
            "content": self.content,
            "embeds": list(self.embeds),
            "button_labels": list(self.button_labels),
            "attachment_names": list(self.attachment_names),
            "text": self.text,
            "at": self.at.isoformat(),
        }
