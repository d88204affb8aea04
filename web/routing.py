"""A table run by another process: its page and websocket are proxied there.

With several processes (shards on PostgreSQL) a table lives in one of them,
but a viewer may reach any: the one public address (a reverse proxy, Discord's
Activity proxy) sends each request to whichever process it likes. So every
process answers every table. :func:`routed` is a middleware in front of the
room's own routes: a request for ``/table/<id>`` or below that this process
does not run asks the database who does (:mod:`bot.web_routing`: the holder of
the lease of the table's shard, and the web address it published with the
lease) and forwards it there: a page as one HTTP request, a websocket as a
websocket to the owner whose messages are copied both ways, as they are.
The Activity's websocket (``/activity/ws?session=...``) is forwarded the same
way: its session (in the shared database, :mod:`web.sessions`) names the
channel, whose open table's owner gets it, session and all.

The owner checks the forwarded request as any other (who the viewer is, from
the cookie forwarded with it; the flood limit; the frame size), so nothing is
trusted for having come through a proxy, and nothing is added to a frame or
taken from it: the viewer sees exactly what the owner sends them. Before
forwarding, this process checks what it can check itself (a websocket from a
foreign origin is refused here, a message larger than the room takes closes
the socket here). A forwarded request carries :data:`ROUTED_HEADER`, and a
request with it is never forwarded again (two processes that each think the
other runs a table answer 404 rather than bounce it between them).

A slow viewer slows only its own copy: while the copy waits for the viewer,
the owner's socket is not free, and the owner skips moments for it as for any
slow browser (docs/WEB.md, How a frame travels).

When the owner goes away (killed, or its lease taken over), its websocket
closes, and this process closes the viewer's with 1012 (service restart), or
with the owner's own code when it is one of the room's (4000-4999: signed out);
a member's forwarded socket is also closed here at once when they sign out at
this process. The
page reconnects by itself, and the next request finds the new owner. While no
process holds the lease, a request is answered 503 and the page tries again.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Final

import aiohttp
from aiohttp import WSMsgType, web
from aiohttp.typedefs import Handler

from bot.web_routing import Locate
from web.refusals import refused
from web.viewers import preferred_language

log = logging.getLogger(__name__)

#: Marks a request one process forwarded to another.
ROUTED_HEADER: Final = "X-Croupier-Routed"
#: The paths of one table: its page, its websocket.
TABLE_PATH: Final = re.compile(r"^/table/(\d{1,18})(/ws)?$")
#: The Activity's websocket (its table is its session's channel's).
ACTIVITY_SOCKET: Final = "/activity/ws"
#: The room's own close codes (4001: signed out), given to the viewer as the owner said.
ROOM_CODES: Final = range(4000, 5000)
#: What the viewer's request carries to the owner: who they are, their language.
FORWARDED_HEADERS: Final = ("Cookie", "Accept-Language", "User-Agent")
#: What the owner's answer to a page carries back.
ANSWER_HEADERS: Final = ("Content-Type", "Location", "Set-Cookie", "Cache-Control")
#: The websocket close code that tells the page the server restarts: come back.
SERVICE_RESTART: Final = 1012
#: How long the owner has to answer before the viewer is told to try again.
OWNER_TIMEOUT: Final = aiohttp.ClientTimeout(total=None, connect=5.0, sock_connect=5.0)


class TableRouting:
    """Forwards a table's requests to the process that runs it (see the module)."""

    def __init__(
        self,
        locate: Locate,
        own_address: str | None,
        *,
        is_here: Callable[[int], bool],
        same_origin: Callable[[web.Request], bool],
        max_message_bytes: int,
        track: Callable[[web.Request, web.WebSocketResponse], Callable[[], None]] | None = None,
        activity_table: Callable[[web.Request], Awaitable[int | None]] | None = None,
        activity_origin: Callable[[web.Request], bool] | None = None,
    ) -> None:
        self.locate = locate
        self.own_address = own_address
        self.is_here = is_here
        self.same_origin = same_origin
        self.max_message_bytes = max_message_bytes
        self.track = track
        self.activity_table = activity_table
        self.activity_origin = activity_origin
        self._session: aiohttp.ClientSession | None = None
        #: The viewers' websockets open to another process, closed when the room stops.
        self.sockets: set[web.WebSocketResponse] = set()

    def session(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(timeout=OWNER_TIMEOUT)
        return self._session

    async def close(self) -> None:
        for socket in list(self.sockets):
            await socket.close(code=SERVICE_RESTART)
        if self._session is not None:
            await self._session.close()

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if ROUTED_HEADER in request.headers:
            return await handler(request)
        if request.path == ACTIVITY_SOCKET and self.activity_table is not None:
            activity_table = await self.activity_table(request)
            if activity_table is None or self.is_here(activity_table):
                return await handler(request)
            owner = await self.locate(activity_table)
            if owner is None or owner.address in (None, self.own_address):
                return await handler(request)  # the room's own answer (no table, moving)
            return await self.forward_socket(request, owner.address, activity=True)
        match = TABLE_PATH.match(request.path)
        if match is None:
            return await handler(request)
        table_id = int(match[1])
        if self.is_here(table_id):
            return await handler(request)
        owner = await self.locate(table_id)
        if owner is None:
            return await handler(request)  # no such table open: the room's own answer
        if owner.address is None:
            raise refused(
                503, "web.table_moving", preferred_language(request), {"Retry-After": "2"}
            )
        if owner.address == self.own_address:
            return await handler(request)  # ours, not restored yet (or just closed)
        if match[2]:
            return await self.forward_socket(request, owner.address)
        return await self.forward_page(request, owner.address)

    def _headers(self, request: web.Request) -> dict[str, str]:
        headers = {
            name: request.headers[name] for name in FORWARDED_HEADERS if name in request.headers
        }
        headers[ROUTED_HEADER] = "1"
        return headers

    async def forward_page(self, request: web.Request, address: str) -> web.StreamResponse:
        if request.method not in ("GET", "HEAD"):
            raise web.HTTPMethodNotAllowed(request.method, ["GET", "HEAD"])
        try:
            async with self.session().get(
                address + request.path_qs,
                headers=self._headers(request),
                allow_redirects=False,
                timeout=aiohttp.ClientTimeout(total=10.0),
            ) as answer:
                body = await answer.read()
                response = web.Response(status=answer.status, body=body)
                for name in ANSWER_HEADERS:
                    for value in answer.headers.getall(name, ()):
                        response.headers.add(name, value)
                return response
        except (aiohttp.ClientError, TimeoutError):
            log.warning("The web room at %s did not answer for %s", address, request.path)
            raise refused(502, "web.process_silent", preferred_language(request)) from None

    async def forward_socket(
        self, request: web.Request, address: str, *, activity: bool = False
    ) -> web.StreamResponse:
        origin_ok = self.activity_origin if activity else self.same_origin
        if origin_ok is None or not origin_ok(request):
            raise refused(403, "web.foreign_socket", preferred_language(request))
        headers = self._headers(request)
        # The owner checks the origin against its own address: this process vouches
        # for the browser's, which it checked above.
        headers["Origin"] = address
        target = request.path_qs if activity else request.path
        try:
            upstream = await self.session().ws_connect(
                "ws" + address.removeprefix("http") + target,
                headers=headers,
                autoping=True,
                heartbeat=30.0,
            )
        except aiohttp.WSServerHandshakeError as error:
            # The owner's own refusal (no such table, too many viewers), as it gave it.
            raise _refusal(error.status) from None
        except (aiohttp.ClientError, TimeoutError):
            log.warning("Could not reach the web room at %s for %s", address, request.path)
            raise refused(502, "web.process_silent", preferred_language(request)) from None
        viewer = web.WebSocketResponse(max_msg_size=self.max_message_bytes, heartbeat=30.0)
        try:
            await viewer.prepare(request)
        except BaseException:
            await upstream.close()
            raise
        self.sockets.add(viewer)
        forget = self.track(request, viewer) if self.track is not None else None
        down = asyncio.get_running_loop().create_task(
            _copy_down(upstream, viewer), name="web-routed-viewer"
        )
        try:
            async for message in viewer:
                if message.type is WSMsgType.TEXT:
                    await upstream.send_str(message.data)
                elif message.type is WSMsgType.BINARY:
                    await upstream.send_bytes(message.data)
                else:
                    break
        except (aiohttp.ClientError, ConnectionError):
            pass  # the owner went away: the copy down closes the viewer
        finally:
            if forget is not None:
                forget()
            self.sockets.discard(viewer)
            await upstream.close()
            await asyncio.gather(down, return_exceptions=True)
            await viewer.close(code=SERVICE_RESTART)
        return viewer


async def _copy_down(
    upstream: aiohttp.ClientWebSocketResponse, viewer: web.WebSocketResponse
) -> None:
    """The owner's frames to the viewer, as they come; when the owner closes (it
    stopped, or was killed), the viewer is told to come back."""
    try:
        async for message in upstream:
            if message.type is WSMsgType.TEXT:
                await viewer.send_str(message.data)
            elif message.type is WSMsgType.BINARY:
                await viewer.send_bytes(message.data)
            else:
                break
    except (aiohttp.ClientError, ConnectionError):
        pass
    finally:
        # Stopped, killed, or its lease taken over: the table goes on (here or in
        # another process), so the page is told to come back; but a room's own
        # code (signed out) is given as the owner said it.
        code = upstream.close_code
        await viewer.close(
            code=code if code is not None and code in ROOM_CODES else SERVICE_RESTART
        )


def _refusal(status: int) -> web.HTTPException:
    """The owner's refusal of a websocket, to give the viewer as it is."""
    refusals: dict[int, type[web.HTTPException]] = {
        403: web.HTTPForbidden,
        404: web.HTTPNotFound,
        503: web.HTTPServiceUnavailable,
    }
    return refusals.get(status, web.HTTPBadGateway)()
