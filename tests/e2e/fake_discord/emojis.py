"""The application's own emojis: ``/applications/{app}/emojis`` and their rules.

An application owns up to 2000 emojis that only it can use
(developers/resources/emoji.mdx, "Application-Owned Emoji"). Creating one
takes a name (2–32 characters, from the spec) and an image as a data URI
(developers/reference.mdx, "Image Data") whose content type matches the
image, of at most 256 KiB. A component may show a custom emoji only if the app
can use it: here, one of its own emojis.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from . import schema
from .components import walk_with_paths
from .entities import FakeUser
from .errors import MAX_EMOJIS, UNKNOWN_EMOJI, ApiError, FormErrors, Path
from .rules import rule
from .snowflakes import SnowflakeFactory

EMOJIS_MAX = 2000
IMAGE_SIZE_MAX = 256 * 1024
NAME = re.compile(r"[A-Za-z0-9_]{2,32}")
DATA_URI = re.compile(r"^data:(image/(?:png|jpeg|gif|webp|avif));base64,(.*)$", re.DOTALL)
#: The first bytes of each image format (what "matches the image data" is checked by).
MAGIC: dict[str, tuple[bytes, ...]] = {
    "image/png": (b"\x89PNG\r\n\x1a\n",),
    "image/jpeg": (b"\xff\xd8\xff",),
    "image/gif": (b"GIF87a", b"GIF89a"),
    "image/webp": (b"RIFF",),
    "image/avif": (b"\x00\x00\x00",),
}

PAGE = "resources/emoji.mdx"

EMOJI_COUNT = rule(
    "emoji.count",
    PAGE + "#emoji-object-applicationowned-emoji",
    "An application can own up to 2000 emojis that can only be used by that app.",
)
EMOJI_SIZE = rule(
    "emoji.image-size",
    PAGE + "#create-application-emoji",
    "Emojis and animated emojis have a maximum file size of 256 KiB. Attempting to upload an "
    "emoji larger than this limit will fail and return 400 Bad Request",
)
EMOJI_IMAGE = rule(
    "emoji.image-data",
    "reference.mdx#image-data",
    "Image data is a Data URI scheme that supports JPG, GIF, and PNG formats ... Ensure you "
    "use the proper content type (image/jpeg, image/png, image/gif) that matches the image "
    "data being provided. [emoji.mdx#emoji-object-emoji-formats: Emoji can be uploaded as "
    "JPEG, PNG, GIF, WebP, and AVIF formats.]",
)
EMOJI_NAME = rule(
    "emoji.name",
    PAGE + "#create-application-emoji",
    "name: name of the emoji",
    observed="letters, digits and underscores only (Discord's emoji names), and one name "
    "once per application",
)
EMOJI_KNOWN = rule(
    "emoji.usable",
    PAGE + "#emoji-object-applicationowned-emoji",
    "An application can own up to 2000 emojis that can only be used by that app. "
    "[components/reference.mdx#button: emoji: partial emoji: name, id, and animated]",
)


@dataclass
class AppEmoji:
    id: int
    name: str
    image: bytes
    animated: bool = False

    def payload(self, owner: FakeUser) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "roles": [],
            "user": owner.payload(),
            "require_colons": True,
            "managed": False,
            "animated": self.animated,
            "available": True,
        }


class AppEmojis:
    """One application's emojis."""

    def __init__(self, ids: SnowflakeFactory) -> None:
        self._ids = ids
        self.emojis: dict[int, AppEmoji] = {}
        #: Every emoji created or deleted, in order ("POST name", "DELETE name").
        self.changes: list[str] = []

    def by_name(self, name: str) -> AppEmoji | None:
        return next((e for e in self.emojis.values() if e.name == name), None)

    def _check_name(self, name: Any, errors: FormErrors, *, keep: int | None = None) -> None:
        if not isinstance(name, str) or errors:  # the spec refused it already
            return
        if not NAME.fullmatch(name):
            errors.add(("name",), "EMOJI_NAME_INVALID", "Invalid emoji name", EMOJI_NAME.source)
            return
        taken = self.by_name(name)
        if taken is not None and taken.id != keep:
            errors.add(
                ("name",),
                "APPLICATION_EMOJI_NAME_ALREADY_TAKEN",
                "Name already taken",
                EMOJI_NAME.source,
            )

    def get(self, emoji_id: int) -> AppEmoji:
        emoji = self.emojis.get(emoji_id)
        if emoji is None:
            raise ApiError(404, UNKNOWN_EMOJI, "Unknown Emoji")
        return emoji

    def create(self, body: Any) -> AppEmoji:
        errors = FormErrors()
        schema.check_body("/applications/{application_id}/emojis", "post", body, errors)
        self._check_name(body.get("name") if isinstance(body, Mapping) else None, errors)
        errors.raise_if_any()
        image = _decode(str(body["image"]), errors)
        errors.raise_if_any()
        assert image is not None
        mime, data = image
        if len(data) > IMAGE_SIZE_MAX:
            errors.add(
                ("image",),
                "BINARY_TYPE_MAX_SIZE",
                f"File cannot be larger than {IMAGE_SIZE_MAX / 1024:.1f} kb.",
                EMOJI_SIZE.source,
            )
            errors.raise_if_any()
        if len(self.emojis) >= EMOJIS_MAX:
            raise ApiError(
                400, MAX_EMOJIS, "Maximum number of emojis reached", sources=(EMOJI_COUNT.source,)
            )
        emoji = AppEmoji(self._ids.next(), str(body["name"]), data, animated=mime == "image/gif")
        self.emojis[emoji.id] = emoji
        self.changes.append(f"POST {emoji.name}")
        return emoji

    def edit(self, emoji_id: int, body: Any) -> AppEmoji:
        emoji = self.get(emoji_id)
        errors = FormErrors()
        schema.check_body("/applications/{application_id}/emojis/{emoji_id}", "patch", body, errors)
        if isinstance(body, Mapping):
            self._check_name(body.get("name"), errors, keep=emoji.id)
        errors.raise_if_any()
        if isinstance(body, Mapping) and "name" in body:
            emoji.name = str(body["name"])
        return emoji

    def delete(self, emoji_id: int) -> None:
        emoji = self.get(emoji_id)
        del self.emojis[emoji_id]
        self.changes.append(f"DELETE {emoji.name}")

    def check_usable(self, components: Iterable[Any], errors: FormErrors, path: Path) -> None:
        """A custom emoji in a component must be one this app may use (its own)."""
        for component, where in walk_with_paths(list(components), path):
            emoji = component.get("emoji")
            if not isinstance(emoji, Mapping) or emoji.get("id") in (None, ""):
                continue
            try:
                known = int(emoji["id"]) in self.emojis
            except (TypeError, ValueError):
                known = False
            if not known:
                errors.add(
                    (*where, "emoji", "id"),
                    "COMPONENT_INVALID_EMOJI",
                    "Invalid emoji",
                    EMOJI_KNOWN.source,
                )


def _decode(text: str, errors: FormErrors) -> tuple[str, bytes] | None:
    found = DATA_URI.match(text)
    data: bytes | None = None
    if found is not None:
        try:
            data = base64.b64decode(found.group(2), validate=True)
        except (binascii.Error, ValueError):
            data = None
    if found is None or data is None or not data.startswith(MAGIC[found.group(1)]):
        errors.add(("image",), "IMAGE_INVALID", "Invalid image data", EMOJI_IMAGE.source)
        return None
    return found.group(1), data
