"""Application emojis: the bot's own emojis, usable in every server.

``GET/POST /applications/{app}/emojis`` and ``GET/PATCH/DELETE
/applications/{app}/emojis/{id}``, with what Discord checks: a name of 2 to
32 letters, digits and underscores, unique among the application's emojis;
a PNG, JPEG or GIF data URI of at most 256 KiB; at most 2,000 emojis. The
uploaded images are kept, so a test can look at what an emoji shows.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass
from typing import Any, Final

from aiohttp import web

from .errors import INVALID_FORM_BODY, ApiError
from .rest import API, json_response, read_body
from .state import DiscordState

MAX_EMOJIS: Final = 2000
MAX_IMAGE_BYTES: Final = 256 * 1024
UNKNOWN_EMOJI: Final = 10014
MAXIMUM_EMOJIS: Final = 30008
NAME: Final = re.compile(r"[A-Za-z0-9_]{2,32}")
DATA_URI: Final = re.compile(r"data:image/(?P<kind>png|jpeg|gif);base64,(?P<data>.+)", re.DOTALL)


@dataclass
class StoredEmoji:
    id: int
    name: str
    image: bytes

    def payload(self, bot: dict[str, Any]) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "roles": [],
            "user": bot,
            "require_colons": True,
            "managed": False,
            "animated": False,
            "available": True,
        }


class ApplicationEmojis:
    """The application's emojis, and the routes that manage them."""

    def __init__(self, state: DiscordState) -> None:
        self.state = state
        self.emojis: dict[int, StoredEmoji] = {}
        #: Every request that created or deleted an emoji, in order ("POST name").
        self.changes: list[str] = []

    def install(self, app: web.Application) -> None:
        base = f"{API}/applications/{{app}}/emojis"
        app.router.add_get(base, self._list)
        app.router.add_post(base, self._create)
        app.router.add_get(base + "/{emoji}", self._get)
        app.router.add_patch(base + "/{emoji}", self._edit)
        app.router.add_delete(base + "/{emoji}", self._delete)

    def by_name(self, name: str) -> StoredEmoji | None:
        return next((e for e in self.emojis.values() if e.name == name), None)

    def _check_app(self, request: web.Request) -> None:
        if int(request.match_info["app"]) != self.state.application_id:
            raise ApiError(403, 50001, "Missing Access")

    def _emoji(self, request: web.Request) -> StoredEmoji:
        self._check_app(request)
        emoji = self.emojis.get(int(request.match_info["emoji"]))
        if emoji is None:
            raise ApiError(404, UNKNOWN_EMOJI, "Unknown Emoji")
        return emoji

    def _check_name(self, name: object, *, keep: int | None = None) -> str:
        if not isinstance(name, str) or not NAME.fullmatch(name):
            raise _invalid("name", "BASE_TYPE_BAD_LENGTH", "Must be 2 to 32 letters or digits.")
        taken = self.by_name(name)
        if taken is not None and taken.id != keep:
            raise _invalid("name", "APPLICATION_EMOJI_NAME_ALREADY_TAKEN", "Name already taken.")
        return name

    async def _list(self, request: web.Request) -> web.Response:
        self._check_app(request)
        bot = self.state.bot.payload()
        return json_response({"items": [e.payload(bot) for e in self.emojis.values()]})

    async def _create(self, request: web.Request) -> web.Response:
        self._check_app(request)
        body, _ = await read_body(request)
        name = self._check_name(body.get("name"))
        match = DATA_URI.fullmatch(str(body.get("image", "")))
        if match is None:
            raise _invalid("image", "IMAGE_INVALID", "Invalid image data.")
        image = base64.b64decode(match["data"])
        if len(image) > MAX_IMAGE_BYTES:
            raise _invalid("image", "BINARY_TYPE_MAX_SIZE", "Image too large.")
        if len(self.emojis) >= MAX_EMOJIS:
            raise ApiError(400, MAXIMUM_EMOJIS, "Maximum number of emojis reached")
        emoji = StoredEmoji(self.state.ids.next(), name, image)
        self.emojis[emoji.id] = emoji
        self.changes.append(f"POST {name}")
        return json_response(emoji.payload(self.state.bot.payload()), 201)

    async def _get(self, request: web.Request) -> web.Response:
        return json_response(self._emoji(request).payload(self.state.bot.payload()))

    async def _edit(self, request: web.Request) -> web.Response:
        emoji = self._emoji(request)
        body, _ = await read_body(request)
        emoji.name = self._check_name(body.get("name"), keep=emoji.id)
        return json_response(emoji.payload(self.state.bot.payload()))

    async def _delete(self, request: web.Request) -> web.Response:
        emoji = self._emoji(request)
        del self.emojis[emoji.id]
        self.changes.append(f"DELETE {emoji.name}")
        return web.Response(status=204)


def _invalid(field: str, code: str, message: str) -> ApiError:
    errors = {field: {"_errors": [{"code": code, "message": message}]}}
    return ApiError(400, INVALID_FORM_BODY, "Invalid Form Body", errors)
