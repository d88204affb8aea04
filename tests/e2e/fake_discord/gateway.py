"""The gateway websocket: handshake, sessions, dispatch, resume, drops.

A client connects, gets HELLO, heartbeats and IDENTIFYs; the fake answers
READY and a GUILD_CREATE per guild. Every event is numbered per session and kept in a
backlog, so a client whose connection was dropped can RESUME (op 6) and get
what it missed followed by RESUMED. Frames are sent as plain JSON text: the
client asks for zlib-stream but accepts text.

Sharding: a session IDENTIFYs with ``shard: [shard_id, num_shards]`` (``[0, 1]``
without one). It is told of the guilds of its shard only, gets the events of
those guilds only, and only shard 0 gets events outside any guild (DMs, and
interactions in them), as Discord documents (:data:`SHARD_ROUTING`). An
invalid shard is refused with close code 4010, fewer shards than the fake
requires (``required_shards``) with 4011 (:data:`INVALID_SHARD`,
:data:`SHARDING_REQUIRED`); each refusal is kept in ``Gateway.closed`` with
the rule it applied. ``GET /gateway/bot`` recommends ``recommended_shards``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from .rules import Rule
from .state import DiscordState

log = logging.getLogger(__name__)

DISPATCH = 0
HEARTBEAT = 1
IDENTIFY = 2
RESUME = 6
REQUEST_MEMBERS = 8
INVALID_SESSION = 9
HELLO = 10
HEARTBEAT_ACK = 11

HEARTBEAT_INTERVAL_MS = 41_250
#: Discord's ACK comes back over the network, a round trip after the heartbeat.
#: discord.py's heartbeat thread notes when it sent the heartbeat only once the
#: event loop has written it; an ACK from 127.0.0.1 could be read by the loop
#: before that thread runs again, and discord.py then measured the time since
#: the previous heartbeat (the whole interval) and logged "Can't keep up, shard
#: ID 0 websocket is 41.3s behind". The fake answers after a network's delay.
HEARTBEAT_ACK_DELAY = 0.25
BACKLOG = 2_000
AUTHENTICATION_FAILED = 4004
DROPPED = 4000
INVALID_SHARD_CODE = 4010
SHARDING_REQUIRED_CODE = 4011

# Gateway rules, cited like the REST ones (rules.py) but not in its registry, whose
# corpus test breaks each rule with a REST payload.
_CLOSE_CODES = "topics/opcodes-and-status-codes.mdx#gateway-gateway-close-event-codes"
SHARD_ROUTING = Rule(
    "gateway.shard-routing",
    "events/gateway.mdx#sharding",
    "shard_id = (guild_id >> 22) % num_shards ... Note that only the first shard ([0, 3]) "
    "would receive DMs.",
)
INVALID_SHARD = Rule(
    "gateway.invalid-shard",
    _CLOSE_CODES,
    "4010 Invalid shard: You sent an invalid shard when identifying.",
)
SHARDING_REQUIRED = Rule(
    "gateway.sharding-required",
    _CLOSE_CODES,
    "4011 Sharding required: The session would have handled too many guilds - you are "
    "required to shard your connection in order to connect.",
)


@dataclass
class Connection:
    """One websocket; frames go out in order through a queue and one writer."""

    ws: web.WebSocketResponse
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)

    def send(self, frame: dict[str, Any]) -> None:
        self.outbox.put_nowait(json.dumps(frame, separators=(",", ":")))

    async def write_all(self) -> None:
        while (text := await self.outbox.get()) is not None:
            if self.ws.closed:
                return
            try:
                await self.ws.send_str(text)
            except (ConnectionError, RuntimeError):
                return


@dataclass
class Session:
    """A gateway session: survives its connection so that it can be resumed."""

    id: str
    intents: int
    shard: list[int]
    seq: int = 0
    backlog: deque[tuple[int, dict[str, Any]]] = field(
        default_factory=lambda: deque(maxlen=BACKLOG)
    )
    connection: Connection | None = None

    def receives(self, guild_id: int | None) -> bool:
        """Whether an event of ``guild_id`` (``None``: outside any guild, a DM) reaches
        this session's shard (:data:`SHARD_ROUTING`)."""
        shard_id, num_shards = self.shard
        if guild_id is None:
            return shard_id == 0
        return (guild_id >> 22) % num_shards == shard_id

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        self.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
        self.backlog.append((self.seq, frame))
        if self.connection is not None:
            self.connection.send(frame)


class Gateway:
    """All sessions and live connections of the fake's gateway."""

    def __init__(self, state: DiscordState, url: Callable[[], str], changed: Callable[[], None]):
        self._state = state
        self._url = url
        self._changed = changed
        self.sessions: dict[str, Session] = {}
        #: What ``GET /gateway/bot`` recommends, and the fewest shards an IDENTIFY may ask for.
        self.recommended_shards = 1
        self.required_shards = 1
        #: Connections the gateway closed for a rule: code, the shard asked for, the rule.
        self.closed: list[tuple[int, object, Rule]] = []
        self.identifies = 0
        self.resumes = 0
        #: The interval HELLO tells clients to heartbeat at (a test may shorten it),
        #: and how many heartbeats were answered.
        self.heartbeat_interval_ms = HEARTBEAT_INTERVAL_MS
        self.heartbeats = 0
        # Events sent again on RESUME because the connection was down when they happened.
        self.replayed = 0

    @property
    def connected(self) -> list[Session]:
        return [s for s in self.sessions.values() if s.connection is not None]

    def dispatch(self, event: str, data: dict[str, Any], intent: int | None) -> None:
        """Send an event to every session of its guild's shard whose intents ask for it
        (buffered if dropped)."""
        guild_id = guild_of(event, data)
        for session in self.sessions.values():
            if (intent is None or session.intents & intent) and session.receives(guild_id):
                session.dispatch(event, data)

    def sessions_of(self, shard_id: int) -> list[Session]:
        """The connected sessions that IDENTIFYed as shard ``shard_id``."""
        return [s for s in self.connected if s.shard[0] == shard_id]

    async def drop(self, code: int = DROPPED) -> int:
        """Close every live connection as a network fault would; returns how many."""
        dropped = self.connected
        for session in dropped:
            connection = session.connection
            session.connection = None
            if connection is not None:
                connection.outbox.put_nowait(None)
                await connection.ws.close(code=code, message=b"fake: connection dropped")
        self._changed()
        return len(dropped)

    async def close(self) -> None:
        for session in list(self.sessions.values()):
            if session.connection is not None:
                await session.connection.ws.close(code=1001, message=b"fake: shutting down")
                session.connection = None

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        connection = Connection(ws)
        writer = asyncio.create_task(connection.write_all())
        connection.send({"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}})
        session: Session | None = None
        try:
            async for message in ws:
                if message.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(message.data)
                session = await self._on_frame(connection, session, frame) or session
        finally:
            if session is not None and session.connection is connection:
                session.connection = None
                self._changed()
            connection.outbox.put_nowait(None)
            with contextlib.suppress(asyncio.CancelledError):
                await writer
        return ws

    async def _on_frame(
        self, connection: Connection, session: Session | None, frame: dict[str, Any]
    ) -> Session | None:
        op = frame.get("op")
        data = frame.get("d")
        if op == HEARTBEAT:
            self.heartbeats += 1
            asyncio.get_running_loop().call_later(
                HEARTBEAT_ACK_DELAY, connection.send, {"op": HEARTBEAT_ACK, "d": None}
            )
        elif op == IDENTIFY:
            return await self._identify(connection, data or {})
        elif op == RESUME:
            return self._resume(connection, data or {})
        elif op == REQUEST_MEMBERS and session is not None:
            self._send_members(session, data or {})
        elif op not in (3, 4):  # presence and voice updates need no answer
            log.warning("fake gateway: ignoring op %s: %s", op, frame)
        return None

    async def _identify(self, connection: Connection, data: dict[str, Any]) -> Session | None:
        if data.get("token") != self._state.token:
            await connection.ws.close(code=AUTHENTICATION_FAILED, message=b"Authentication failed.")
            return None
        shard = data.get("shard") or [0, 1]
        refused = self._refuse_shard(shard)
        if refused is not None:
            code, rule = refused
            self.closed.append((code, shard, rule))
            await connection.ws.close(code=code, message=rule.says[:100].encode())
            return None
        session = Session(secrets.token_hex(16), int(data.get("intents", 0)), list(shard))
        session.connection = connection
        self.sessions[session.id] = session
        self.identifies += 1
        state = self._state
        user = state.bot.payload() | {"verified": True, "mfa_enabled": False, "flags": 0}
        session.dispatch(
            "READY",
            {
                "v": 10,
                "user": user,
                "guilds": [
                    {"id": str(g), "unavailable": True} for g in state.guilds if session.receives(g)
                ],
                "session_id": session.id,
                "session_type": "normal",
                "resume_gateway_url": self._url(),
                "application": {"id": str(state.application_id), "flags": 0},
                "shard": shard,
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "guild_join_requests": [],
                "user_settings": {},
                "geo_ordered_rtc_regions": [],
                "auth": {},
                "_trace": ["fake-discord"],
            },
        )
        for guild in state.guilds.values():
            if session.receives(guild.id):
                session.dispatch("GUILD_CREATE", state.guild_payload(guild))
        self._changed()
        return session

    def _refuse_shard(self, shard: object) -> tuple[int, Rule] | None:
        """The close code and rule refusing ``shard``, or ``None`` if it is valid."""
        if not (
            isinstance(shard, list)
            and len(shard) == 2
            and all(isinstance(n, int) and not isinstance(n, bool) for n in shard)
            and 0 <= shard[0] < shard[1]
        ):
            return INVALID_SHARD_CODE, INVALID_SHARD
        if shard[1] < self.required_shards:
            return SHARDING_REQUIRED_CODE, SHARDING_REQUIRED
        return None

    def _resume(self, connection: Connection, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or data.get("token") != self._state.token:
            connection.send({"op": INVALID_SESSION, "d": False})
            return None
        if session.connection is not None and session.connection is not connection:
            session.connection.outbox.put_nowait(None)
        session.connection = connection
        last_seen = int(data.get("seq") or 0)
        for seq, frame in session.backlog:
            if seq > last_seen:
                connection.send(frame)
                self.replayed += 1
        session.dispatch("RESUMED", {"_trace": ["fake-discord"]})
        self.resumes += 1
        self._changed()
        return session

    def _send_members(self, session: Session, data: dict[str, Any]) -> None:
        state = self._state
        wanted = {int(u) for u in data.get("user_ids") or []}
        guild = state.guilds.get(int(data.get("guild_id") or state.guild.id)) or state.guild
        members = [
            state.member_payload(guild, state.users[m])
            for m in guild.members
            if not wanted or m in wanted
        ]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        session.dispatch("GUILD_MEMBERS_CHUNK", chunk)


#: Events whose guild is the payload's own ``id`` rather than its ``guild_id``.
_GUILD_EVENTS = frozenset({"GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"})


def guild_of(event: str, data: dict[str, Any]) -> int | None:
    """The guild an event belongs to, or ``None`` for one outside any guild (a DM)."""
    raw = data.get("id") if event in _GUILD_EVENTS else data.get("guild_id")
    return int(raw) if raw is not None else None
