"""Who is signed in to the web room (and to the Activity), and the sign-ins
under way.

:class:`SessionStore` holds the sessions opened once Discord said who a
browser is, in the shared database (table ``web_sessions``, migration 0018):
they survive a restart and are known to every process of the bot. The cookie
(or the Activity page) carries a random id (256 bits); the database keeps
only its SHA-256, so neither a copy of the database nor a timing of the
lookup gives an id away. A session ends when it expires or is closed
(sign-out deletes its row, at once for every process: each request reads
the row, nothing is cached); an id that is not known, expired or closed is
no session at all. Expired rows are deleted whenever a session opens.

:class:`LoginStates` holds each sign-in between leaving for Discord and coming
back: an unguessable one-time ``state`` sent to
Discord, bound to the browser by a second random value in a cookie, and where
to go afterwards. A state works once, for ten minutes, in the browser that
began it (CSRF on login), at whichever process the browser comes back to: it
is a row of the shared database too (``web_logins``). Nothing pushes a
sign-in in progress out; the room's flood limit per address
(:mod:`web.sign_in_flood`) keeps one address from filling the table.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final, Literal

from bot.database import Database
from web.discord_oauth import DiscordUser

#: How long a session lasts, in seconds.
SESSION_SECONDS: Final = 12 * 3600
#: How long a sign-in may take, from leaving for Discord to coming back.
LOGIN_SECONDS: Final = 600
#: The longest session id read (ours are 43 characters).
MAX_ID: Final = 128

Clock = Callable[[], float]
Kind = Literal["browser", "activity"]


def digest(secret: str) -> str:
    """How a cookie or a state is known here: its SHA-256."""
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Binding:
    """Where an Activity session may play: the instance it signed in through,
    its channel and server."""

    instance_id: str
    channel_id: int
    guild_id: int | None


@dataclass(frozen=True, slots=True)
class Session:
    """A signed-in browser (or Activity page): who Discord said it is, until when,
    and for the Activity, the instance it is bound to."""

    user: DiscordUser
    expires_at: float
    #: The cookie's value (known only when opened; never shown).
    cookie: str = field(default="", repr=False)
    binding: Binding | None = None


class SessionStore:
    """The open sessions, by the digest of their id, in the shared database.

    Expiry is wall-clock time (``time.time``): the processes that share the
    database share it too."""

    def __init__(
        self,
        database: Database,
        lifetime: float = SESSION_SECONDS,
        now: Clock = time.time,
    ) -> None:
        self.database = database
        self.lifetime = lifetime
        self.now = now

    async def count(self) -> int:
        """How many rows are kept (expired ones not yet cleaned included)."""
        return int(await self.database.fetch_value("SELECT COUNT(*) FROM web_sessions"))

    async def open(self, user: DiscordUser, binding: Binding | None = None) -> Session:
        """A new session for ``user``, with a fresh random id; expired rows go."""
        cookie = secrets.token_urlsafe(32)
        now = self.now()
        session = Session(user, now + self.lifetime, cookie, binding)
        async with self.database.transaction(fenced=False) as tx:
            await tx.execute("DELETE FROM web_sessions WHERE expires_at <= ?", (now,))
            await tx.execute(
                "INSERT INTO web_sessions (digest, kind, user_id, username, global_name,"
                " avatar, locale, guild_id, channel_id, instance_id, expires_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    digest(cookie),
                    "browser" if binding is None else "activity",
                    user.id,
                    user.username,
                    user.global_name,
                    user.avatar,
                    user.locale,
                    None if binding is None else binding.guild_id,
                    None if binding is None else binding.channel_id,
                    None if binding is None else binding.instance_id,
                    session.expires_at,
                ),
            )
        return session

    async def get(self, cookie: str | None, kind: Kind = "browser") -> Session | None:
        """The session of ``kind`` whose id this is, if it is open and not expired."""
        if not cookie or len(cookie) > MAX_ID:
            return None
        row = await self.database.fetch_one(
            "SELECT user_id, username, global_name, avatar, locale, guild_id, channel_id,"
            " instance_id, expires_at FROM web_sessions"
            " WHERE digest = ? AND kind = ? AND expires_at > ?",
            (digest(cookie), kind, self.now()),
        )
        if row is None:
            return None
        user = DiscordUser(
            int(row["user_id"]), row["username"], row["global_name"], row["avatar"], row["locale"]
        )
        binding = None
        if kind == "activity":
            guild = row["guild_id"]
            binding = Binding(
                row["instance_id"], int(row["channel_id"]), None if guild is None else int(guild)
            )
        return Session(user, float(row["expires_at"]), binding=binding)

    async def close(self, cookie: str | None) -> bool:
        """End the session (sign-out), at every process; whether there was one."""
        if not cookie or len(cookie) > MAX_ID:
            return False
        async with self.database.transaction(fenced=False) as tx:
            gone = await tx.execute("DELETE FROM web_sessions WHERE digest = ?", (digest(cookie),))
        return gone > 0


class LoginStates:
    """The sign-ins under way, in the shared database (table ``web_logins``):
    one-time states bound to the browser that began them, finished at whichever
    process Discord sends the browser back to."""

    def __init__(
        self, database: Database, lifetime: float = LOGIN_SECONDS, now: Clock = time.time
    ) -> None:
        self.database = database
        self.lifetime = lifetime
        self.now = now

    async def count(self) -> int:
        """How many rows are kept (expired ones not yet cleaned included)."""
        return int(await self.database.fetch_value("SELECT COUNT(*) FROM web_logins"))

    async def begin(self, next_path: str, binding: str | None = None) -> tuple[str, str]:
        """A new ``(state, binding)``: the state goes to Discord, the binding to the
        browser's cookie (the browser's own binding is kept if it has one)."""
        binding = binding if binding and 20 <= len(binding) <= 128 else secrets.token_urlsafe(32)
        state = secrets.token_urlsafe(32)
        now = self.now()
        async with self.database.transaction(fenced=False) as tx:
            await tx.execute("DELETE FROM web_logins WHERE expires_at <= ?", (now,))
            await tx.execute(
                "INSERT INTO web_logins (digest, binding_digest, next_path, expires_at)"
                " VALUES (?, ?, ?, ?)",
                (digest(state), digest(binding), next_path, now + self.lifetime),
            )
        return state, binding

    async def finish(self, state: str | None, binding: str | None) -> str | None:
        """Where to go after the sign-in ``state`` began, if it is known, fresh and
        began in this browser (``binding``); the state is used up either way (by
        one request only, whichever process it reaches)."""
        if not state or len(state) > 128:
            return None
        key = digest(state)
        async with self.database.transaction(fenced=False) as tx:
            row = await tx.fetch_one(
                "SELECT binding_digest, next_path, expires_at FROM web_logins WHERE digest = ?",
                (key,),
            )
            used = await tx.execute("DELETE FROM web_logins WHERE digest = ?", (key,))
        if row is None or used != 1 or row["expires_at"] <= self.now() or not binding:
            return None
        if not hmac.compare_digest(str(row["binding_digest"]), digest(binding)):
            return None
        return str(row["next_path"])
