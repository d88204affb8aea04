"""Who is signed in to the web room, and the sign-ins under way: both kept in
memory (a restart signs everyone out; they sign in again with one click).

:class:`SessionStore` holds the sessions opened once Discord said who a
browser is: the cookie carries a random id (256 bits); the store keeps only
its SHA-256, so neither a memory dump nor a timing of the lookup gives an id
away. A session ends when it expires or is closed (sign-out); an id that is
not known, expired or closed is no session at all.

:class:`LoginStates` holds each sign-in between leaving for Discord and coming
back: an unguessable one-time ``state`` sent to Discord, bound to the browser
by a second random value in a cookie, and where to go afterwards. A state
works once, for ten minutes, in the browser that began it (CSRF on login).

Both stores are bounded: the oldest entries give way when full.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from web.discord_oauth import DiscordUser

#: How long a session lasts, in seconds.
SESSION_SECONDS: Final = 12 * 3600
#: How long a sign-in may take, from leaving for Discord to coming back.
LOGIN_SECONDS: Final = 600
#: The most sessions, and sign-ins under way, kept at once.
MAX_SESSIONS: Final = 50_000
MAX_LOGINS: Final = 10_000

Clock = Callable[[], float]


def digest(secret: str) -> str:
    """How a cookie or a state is known here: its SHA-256."""
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Session:
    """A signed-in browser: who Discord said it is, and until when."""

    user: DiscordUser
    expires_at: float
    #: The cookie's value (known only when opened; never shown).
    cookie: str = field(default="", repr=False)


class SessionStore:
    """The open sessions, by the digest of their cookie."""

    def __init__(
        self,
        lifetime: float = SESSION_SECONDS,
        now: Clock = time.monotonic,
        limit: int = MAX_SESSIONS,
    ) -> None:
        self.lifetime = lifetime
        self.now = now
        self.limit = limit
        self._sessions: OrderedDict[str, Session] = OrderedDict()

    def __len__(self) -> int:
        return len(self._sessions)

    def open(self, user: DiscordUser) -> Session:
        """A new session for ``user``, with a fresh random cookie."""
        cookie = secrets.token_urlsafe(32)
        session = Session(user, self.now() + self.lifetime, cookie)
        self._sessions[digest(cookie)] = Session(user, session.expires_at)
        while len(self._sessions) > self.limit:
            self._sessions.popitem(last=False)
        return session

    def get(self, cookie: str | None) -> Session | None:
        """The session whose cookie this is, if it is open and not expired."""
        if not cookie or len(cookie) > 128:
            return None
        key = digest(cookie)
        session = self._sessions.get(key)
        if session is None:
            return None
        if session.expires_at <= self.now():
            del self._sessions[key]
            return None
        return session

    def close(self, cookie: str | None) -> bool:
        """End the session (sign-out); whether there was one."""
        if not cookie or len(cookie) > 128:
            return False
        return self._sessions.pop(digest(cookie), None) is not None


@dataclass(frozen=True, slots=True)
class PendingLogin:
    binding_digest: str
    next_path: str
    expires_at: float


class LoginStates:
    """The sign-ins under way: one-time states bound to the browser that began them."""

    def __init__(
        self, lifetime: float = LOGIN_SECONDS, now: Clock = time.monotonic, limit: int = MAX_LOGINS
    ) -> None:
        self.lifetime = lifetime
        self.now = now
        self.limit = limit
        self._pending: OrderedDict[str, PendingLogin] = OrderedDict()

    def __len__(self) -> int:
        return len(self._pending)

    def begin(self, next_path: str, binding: str | None = None) -> tuple[str, str]:
        """A new ``(state, binding)``: the state goes to Discord, the binding to the
        browser's cookie (the browser's own binding is kept if it has one)."""
        binding = binding if binding and 20 <= len(binding) <= 128 else secrets.token_urlsafe(32)
        state = secrets.token_urlsafe(32)
        self._pending[digest(state)] = PendingLogin(
            digest(binding), next_path, self.now() + self.lifetime
        )
        while len(self._pending) > self.limit:
            self._pending.popitem(last=False)
        return state, binding

    def finish(self, state: str | None, binding: str | None) -> str | None:
        """Where to go after the sign-in ``state`` began, if it is known, fresh and
        began in this browser (``binding``); the state is used up either way."""
        if not state or len(state) > 128:
            return None
        pending = self._pending.pop(digest(state), None)
        if pending is None or pending.expires_at <= self.now() or not binding:
            return None
        if not hmac.compare_digest(pending.binding_digest, digest(binding)):
            return None
        return pending.next_path
