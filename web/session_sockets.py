"""The websockets each signed-in session has open in this process, and their
closing when the session ends: at once when it is signed out here, or within
:attr:`SessionSockets.check_seconds` when it was signed out at another process
(each socket asks the database whether its session is still open). The
browser's sign-in (:mod:`web.discord_signin`, a cookie) and the Activity's
(:mod:`web.activity`, a session id the page holds) keep theirs so."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Final

from aiohttp import web

from web.sessions import Kind, SessionStore, digest

log = logging.getLogger(__name__)

#: The websocket close code of a session signed out (the page does not reconnect).
SIGNED_OUT: Final = 4001
#: How often a socket asks whether its session was signed out elsewhere.
CHECK_SECONDS: Final = 10.0


class SessionSockets:
    """The open sockets of the sessions of one ``kind``, by session."""

    def __init__(self, sessions: SessionStore, kind: Kind) -> None:
        self.sessions = sessions
        self.kind: Kind = kind
        self.check_seconds = CHECK_SECONDS
        # By the session id's digest: the id itself is a secret, kept nowhere else.
        self._sockets: dict[str, set[web.WebSocketResponse]] = {}

    def track(
        self, session_id: str, socket: web.WebSocketResponse, *, watch: bool = True
    ) -> Callable[[], None]:
        """Close ``socket`` when its session ends (``watch``: also when that
        happens at another process); returns what forgets it (once it closed
        anyway)."""
        key = digest(session_id)
        sockets = self._sockets.setdefault(key, set())
        sockets.add(socket)
        watcher = (
            asyncio.get_running_loop().create_task(
                self._watch(session_id, socket), name=f"{self.kind}-session-watch"
            )
            if watch
            else None
        )

        def forget() -> None:
            if watcher is not None:
                watcher.cancel()
            sockets.discard(socket)
            if not sockets and self._sockets.get(key) is sockets:
                del self._sockets[key]

        return forget

    async def close(self, session_id: str) -> None:
        """The session was signed out here: every socket of it closes now."""
        for socket in list(self._sockets.pop(digest(session_id), ())):
            await socket.close(code=SIGNED_OUT, message=b"signed out")

    async def _watch(self, session_id: str, socket: web.WebSocketResponse) -> None:
        while not socket.closed:
            await asyncio.sleep(self.check_seconds)
            try:
                open_ = await self.sessions.get(session_id, self.kind) is not None
            except Exception:  # the database away a moment: asked again next time
                log.warning("Web %s session: could not check it", self.kind, exc_info=True)
                continue
            if not open_:
                await socket.close(code=SIGNED_OUT, message=b"signed out")
                return
