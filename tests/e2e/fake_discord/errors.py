"""Discord's API errors: the status, the JSON code and the `errors` tree.

Everything the fake refuses goes through `ApiError`, so the bot sees the same
status and body it would get from Discord and discord.py raises the same
exception type (`Forbidden`, `NotFound`, `HTTPException`) with the same `.code`.
Each refusal also names where the rule it applied is written down (a JSON
pointer into the vendored OpenAPI spec, or a page of Discord's docs), so a test
can tell which rule fired; that part never goes over the wire.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

UNKNOWN_CHANNEL = 10003
UNKNOWN_GUILD = 10004
UNKNOWN_MEMBER = 10007
UNKNOWN_MESSAGE = 10008
UNKNOWN_USER = 10013
UNKNOWN_EMOJI = 10014
UNKNOWN_WEBHOOK = 10015
UNKNOWN_INTERACTION = 10062
MAX_EMOJIS = 30008
MAX_ATTACHMENTS = 30015
MAX_APPLICATION_COMMANDS = 30032
ENTITY_TOO_LARGE = 40005
ALREADY_ACKNOWLEDGED = 40060
MISSING_ACCESS = 50001
CANNOT_EDIT_OTHERS_MESSAGE = 50005
CANNOT_SEND_EMPTY_MESSAGE = 50006
CANNOT_SEND_TO_USER = 50007
MISSING_PERMISSIONS = 50013
CANNOT_EXECUTE_ON_CHANNEL_TYPE = 50024
INVALID_WEBHOOK_TOKEN = 50027
INVALID_FORM_BODY = 50035
FILE_TOO_LARGE = 50045
THREAD_ARCHIVED = 50083
INVALID_JSON = 50109
ASSET_TOO_LARGE = 50138
THREAD_LOCKED = 160005

#: Discord's docs, as the rules cite them (discord/discord-api-docs, developers/...).
DOCS = "discord-api-docs developers/"
#: The vendored spec file, as JSON pointers into it are cited.
SPEC = "openapi.json#"


class ApiError(Exception):
    """A refusal with Discord's status code and JSON body, and the rules' sources."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        errors: dict[str, Any] | None = None,
        *,
        sources: tuple[str, ...] = (),
    ) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors
        self.sources = sources

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.errors:
            body["errors"] = self.errors
        return body


def not_found(code: int, what: str) -> ApiError:
    return ApiError(404, code, f"Unknown {what}")


def forbidden(code: int, message: str, source: str) -> ApiError:
    return ApiError(403, code, message, sources=(source,))


Path = tuple[str | int, ...]


class FormErrors:
    """Collects every invalid field of one request, then refuses them together.

    Discord answers 400 / 50035 with a tree keyed by the path of each bad
    field, e.g. ``{"embeds": {"0": {"title": {"_errors": [...]}}}}``.
    """

    def __init__(self) -> None:
        self._tree: dict[str, Any] = {}
        self.sources: list[str] = []
        self.codes: list[str] = []

    def add(self, path: Path, code: str, message: str, source: str) -> None:
        node = self._tree
        for key in path:
            node = node.setdefault(str(key), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
        self.sources.append(source)
        self.codes.append(code)

    def too_long(self, path: Path, limit: int, source: str) -> None:
        self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.", source)

    def required(self, path: Path, source: str) -> None:
        self.add(path, "BASE_TYPE_REQUIRED", "This field is required", source)

    def merge(self, other: FormErrors, prefix: Path = ()) -> None:
        """Add `other`'s errors under `prefix`."""

        def copy(node: dict[str, Any], path: Path) -> None:
            for key, value in node.items():
                if key == "_errors":
                    target = self._tree
                    for part in path:
                        target = target.setdefault(str(part), {})
                    target.setdefault("_errors", []).extend(value)
                else:
                    copy(value, (*path, key))

        copy(other._tree, prefix)
        self.sources.extend(other.sources)
        self.codes.extend(other.codes)

    def __bool__(self) -> bool:
        return bool(self._tree)

    def raise_if_any(self) -> None:
        if self._tree:
            raise ApiError(
                400,
                INVALID_FORM_BODY,
                "Invalid Form Body",
                self._tree,
                sources=tuple(self.sources),
            )


@dataclass(frozen=True)
class Refusal:
    """One request the fake refused, as a test reads it afterwards."""

    method: str
    path: str
    status: int
    code: int
    body: dict[str, Any]
    sources: tuple[str, ...] = field(default=())

    @property
    def invalid_payload(self) -> bool:
        """Refused for what the request said (a bad body, a file too big), not
        for when or where it was sent (a dead token, a rate limit, a closed DM)."""
        return self.code in PAYLOAD_CODES

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status}/{self.code} {self.body} {self.sources}"


#: Refusal codes that mean the payload itself is one Discord refuses.
PAYLOAD_CODES = frozenset(
    {
        INVALID_FORM_BODY,
        CANNOT_SEND_EMPTY_MESSAGE,
        ENTITY_TOO_LARGE,
        FILE_TOO_LARGE,
        INVALID_JSON,
        ASSET_TOO_LARGE,
        MAX_ATTACHMENTS,
    }
)
