"""Discord's API errors: the status, the JSON code and the `errors` tree.

Everything the fake refuses goes through `ApiError`, so the bot sees the same
status and body it would get from Discord and discord.py raises the same
exception type (`Forbidden`, `NotFound`, `HTTPException`) with the same `.code`.
"""

from __future__ import annotations

from typing import Any

UNKNOWN_CHANNEL = 10003
UNKNOWN_GUILD = 10004
UNKNOWN_MEMBER = 10007
UNKNOWN_MESSAGE = 10008
UNKNOWN_USER = 10013
UNKNOWN_WEBHOOK = 10015
UNKNOWN_INTERACTION = 10062
ALREADY_ACKNOWLEDGED = 40060
CANNOT_SEND_EMPTY_MESSAGE = 50006
CANNOT_SEND_TO_USER = 50007
CANNOT_EDIT_OTHERS_MESSAGE = 50005
INVALID_WEBHOOK_TOKEN = 50027
INVALID_FORM_BODY = 50035


class ApiError(Exception):
    """A refusal with Discord's status code and JSON body."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        errors: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.errors:
            body["errors"] = self.errors
        return body


def not_found(code: int, what: str) -> ApiError:
    return ApiError(404, code, f"Unknown {what}")


class FormErrors:
    """Collects every invalid field of one request, then refuses them together.

    Discord answers 400 / 50035 with a tree keyed by the path of each bad
    field, e.g. ``{"embeds": {"0": {"title": {"_errors": [...]}}}}``.
    """

    def __init__(self) -> None:
        self._tree: dict[str, Any] = {}

    def add(self, path: tuple[str | int, ...], code: str, message: str) -> None:
        node = self._tree
        for key in path:
            node = node.setdefault(str(key), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def too_long(self, path: tuple[str | int, ...], limit: int) -> None:
        self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def too_many(self, path: tuple[str | int, ...], limit: int) -> None:
        self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def required(self, path: tuple[str | int, ...]) -> None:
        self.add(path, "BASE_TYPE_REQUIRED", "This field is required")

    def __bool__(self) -> bool:
        return bool(self._tree)

    def raise_if_any(self) -> None:
        if self._tree:
            raise ApiError(400, INVALID_FORM_BODY, "Invalid Form Body", self._tree)
