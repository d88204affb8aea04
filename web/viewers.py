"""Who is this viewer: the one question the room asks of a request.

:class:`ViewerIdentity` is the interface; the room never reads cookies or
keys itself. :class:`LocalIdentity` answers it for local play
(:mod:`bot.local_play`): the browser that opened the address with the room's
key (kept afterwards in an HttpOnly, SameSite=Strict cookie) is the local
member; any other browser is a spectator. Signing in with Discord (OAuth2) is
another implementation of the same interface: :mod:`web.discord_signin`.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import Final, Protocol

from aiohttp import web

from bot.web_surface import LocalMember

#: The cookie that keeps local play's key.
KEY_COOKIE: Final = "croupier_key"
#: The languages the page speaks.
LANGUAGES: Final = ("en", "de")


@dataclass(frozen=True, slots=True)
class Viewer:
    """A browser at a table: a member (``user_id``) or a spectator (``None``)."""

    user_id: int | None
    name: str | None
    guild_id: int | None
    locale: str

    @property
    def watching(self) -> bool:
        return self.user_id is None


class ViewerIdentity(Protocol):
    def identify(self, request: web.Request) -> Viewer:
        """Who sent ``request`` (a spectator unless proven otherwise)."""
        ...

    def remember(self, request: web.Request, response: web.StreamResponse) -> None:
        """Keep what proved who the viewer is (a cookie) on ``response``."""
        ...


def preferred_language(request: web.Request) -> str:
    """The first of the browser's languages the page speaks (English otherwise)."""
    for part in request.headers.get("Accept-Language", "").split(","):
        language = part.split(";")[0].strip().lower()[:2]
        if language in LANGUAGES:
            return language
    return "en"


class LocalIdentity:
    """Local play: the key in the address, or its cookie, makes the browser the member."""

    def __init__(self, member: LocalMember) -> None:
        self.member = member

    def _holds_key(self, request: web.Request) -> bool:
        given = request.query.get("key") or request.cookies.get(KEY_COOKIE) or ""
        return hmac.compare_digest(given.encode(), self.member.key.encode())

    def identify(self, request: web.Request) -> Viewer:
        locale = preferred_language(request)
        if self._holds_key(request):
            return Viewer(self.member.user_id, self.member.name, self.member.guild_id, locale)
        return Viewer(None, None, None, locale)

    def remember(self, request: web.Request, response: web.StreamResponse) -> None:
        if request.query.get("key") and self._holds_key(request):
            response.set_cookie(
                KEY_COOKIE, self.member.key, httponly=True, samesite="Strict", path="/"
            )


class NobodyKnown:
    """No sign-in configured: every viewer watches."""

    def identify(self, request: web.Request) -> Viewer:
        return Viewer(None, None, None, preferred_language(request))

    def remember(self, request: web.Request, response: web.StreamResponse) -> None:
        return None
