"""The web room's server: aiohttp in the bot's own process and event loop.

It serves the table page (``/table/<id>``), its static files, the card faces
as PNGs drawn by :mod:`bot.render.card_faces` (``/cards/<deck>/<card>.png``)
and one websocket per viewer (``/table/<id>/ws``). Every response carries
the headers a careful site sends (a content security policy that allows
nothing but this origin, no framing, no referrer, no type sniffing). A
websocket from another origin is refused before it opens, a frame larger
than :data:`MAX_FRAME_BYTES` closes the connection (1009), and anything else
a page would not send is answered "not understood" and changes nothing.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable
from html import escape as html_escape
from importlib import resources
from typing import Final

from aiohttp import WSMsgType, web
from aiohttp.typedefs import Handler

from bot.cooldowns import MemberCooldown
from bot.i18n import t
from bot.player_decks import deck_of
from bot.render.card_faces import DECK_STYLES, DeckStyle, face_png
from bot.tables.runner import TableRunner
from bot.web_surface import WebRoomSetup
from engine import Card
from web import commands
from web.activity import FRAMED, ActivityRoutes, is_activity_path
from web.avatars import AvatarBook
from web.discord_signin import DiscordSignIn, sign_in_for
from web.origins import own_origins
from web.refusals import AIOHTTP_NOT_FOUND, refused, sentence_page
from web.replays import ReplayPages, last_hands_link, nobody_is_admin
from web.room import Connection, TableRoom, Witness
from web.routing import TableRouting
from web.session_sockets import SIGNED_OUT
from web.sessions import SessionStore
from web.viewers import LocalIdentity, NobodyKnown, Viewer, ViewerIdentity, preferred_language

log = logging.getLogger(__name__)

#: The largest message a page may send (a discard of ten cards is ~150 bytes).
MAX_FRAME_BYTES: Final = 2048
#: The files of ``web/static`` served, by name, with their types.
STATIC_FILES: Final = {
    "table.css": "text/css",
    "table.js": "text/javascript",
    # Replays (web/replays.py):
    "replay.css": "text/css",
    "replay.js": "text/javascript",
}
#: The most viewers one table may have at once (more are asked to come back later).
MAX_VIEWERS_PER_TABLE: Final = 200
#: The height of a served card face, in pixels.
FACE_HEIGHT: Final = 160

SECURITY_HEADERS: Final = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
}


def content_security_policy(host: str) -> str:
    return "; ".join(
        (
            "default-src 'none'",
            "script-src 'self'",
            "style-src 'self'",
            "img-src 'self'",
            f"connect-src 'self' ws://{host} wss://{host}",
            "base-uri 'none'",
            "form-action 'self'",  # the sign-out button (web/discord_signin.py)
            "frame-ancestors 'none'",
        )
    )


#: The Activity's own headers (web/activity.py), for its routes only: framed by Discord.
FRAMED_HEADERS: Final = web.AppKey("framed_headers", dict[str, str])


@web.middleware
async def careful_headers(request: web.Request, handler: Handler) -> web.StreamResponse:
    response: web.StreamResponse
    try:
        response = await handler(request)
    except web.HTTPException as error:
        response = error
    if isinstance(response, web.HTTPNotFound) and response.text == AIOHTTP_NOT_FOUND:
        # aiohttp's own 404 (no such address): in the reader's words too.
        response = refused(404, "web.not_found", preferred_language(request))
    if not response.prepared:
        response.headers.update(SECURITY_HEADERS)
        response.headers["Content-Security-Policy"] = content_security_policy(request.host)
        framed = request.app.get(FRAMED_HEADERS)
        if framed is not None and (is_activity_path(request.path) or request.get(FRAMED)):
            del response.headers["X-Frame-Options"]
            response.headers.update(framed)
        response.headers.setdefault("Cache-Control", "no-store")
    if isinstance(response, web.HTTPException):
        raise response
    return response


@functools.lru_cache(maxsize=2 * 53)
def _face(code: str, deck: DeckStyle) -> bytes:
    return face_png(None if code == "back" else Card.parse(code), deck, FACE_HEIGHT)


def _static(name: str) -> bytes:
    return resources.files("web").joinpath("static", name).read_bytes()


class WebRoomServer:
    """The :class:`~bot.web_surface.WebSurface` of the poker room."""

    def __init__(self, setup: WebRoomSetup, identity: ViewerIdentity | None = None) -> None:
        self.setup = setup
        if identity is None and setup.sign_in is not None:
            identity = sign_in_for(setup.sign_in, setup.tables.services.database)
        if identity is None:
            member = setup.local_member
            identity = NobodyKnown() if member is None else LocalIdentity(member)
        self.identity = identity
        self.cooldown = setup.cooldown or MemberCooldown(setup.flood_limit)
        self.rooms: dict[int, TableRoom] = {}
        self.max_viewers = MAX_VIEWERS_PER_TABLE
        #: Shown every frame built, at every table (the privacy tests).
        self.witnesses: list[Witness] = []
        #: With several processes: a table of another one is proxied there (web/routing.py).
        self.routing: TableRouting | None = None
        if setup.locate is not None:
            self.routing = TableRouting(
                setup.locate,
                setup.address,
                is_here=self._is_here,
                same_origin=self._same_origin,
                max_message_bytes=MAX_FRAME_BYTES,
                track=self._track_forwarded,
                activity_table=self._activity_table,
                activity_origin=self._activity_origin,
            )
        #: The players' pictures (``/avatars/<user id>.png``): :mod:`web.avatars`.
        self.avatars = AvatarBook(setup.avatar_url)
        #: The table as a Discord Activity (``/activity``), when the bot offers it.
        self.activity = (
            None
            if setup.activity is None
            else ActivityRoutes(
                setup.activity,
                page=self.activity_page,
                table_of=self.table_in,
                table_id_in=self.table_id_in,
                sessions=SessionStore(setup.tables.services.database),
                serve=self.serve_viewer,
                card=self.card,
                static=_static,
                cooldown=self.cooldown,
            )
        )
        self.app = self.build_app()
        self._runner: web.AppRunner | None = None
        self._url = ""

    @property
    def url(self) -> str:
        return self._url

    def build_app(self) -> web.Application:
        middlewares = [careful_headers]
        if self.routing is not None:
            middlewares.append(self.routing.middleware)
        if isinstance(self.identity, DiscordSignIn):
            middlewares.append(self.identity.middleware)  # the request's session, read once
        app = web.Application(middlewares=middlewares, client_max_size=MAX_FRAME_BYTES)
        app.router.add_get("/", self.front)
        app.router.add_get("/table/{table_id:\\d{1,18}}", self.page)
        app.router.add_get("/table/{table_id:\\d{1,18}}/ws", self.socket)
        app.router.add_get("/static/{name}", self.static)
        app.router.add_get("/cards/{deck}/{code}.png", self.card)
        # Replays of finished hands (web/replays.py).
        self.replays = ReplayPages(
            self.setup.tables.services.database,
            self.identity,
            self.setup.is_guild_admin or nobody_is_admin,
        )
        self.replays.add_routes(app.router)
        app.router.add_get("/avatars/{user_id:-?\\d{1,20}}.png", self.avatar)
        if self.activity is not None:
            self.activity.install(app)
            app[FRAMED_HEADERS] = self.activity.headers()
        app.on_shutdown.append(self._close_sockets)
        if isinstance(self.identity, DiscordSignIn):
            self.identity.install(app)  # /auth/login, /auth/callback, /auth/logout
        return app

    async def start(self) -> None:
        self._runner = web.AppRunner(self.app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.setup.host, self.setup.port)
        await site.start()
        port = self._runner.addresses[0][1]
        self._url = f"http://{self.setup.host}:{port}"

    async def stop(self) -> None:
        if self.routing is not None:
            await self.routing.close()
        if self._runner is not None:
            await self._runner.cleanup()
        for room in list(self.rooms.values()):
            room.close()
        self.rooms.clear()
        await self.avatars.close()

    async def _close_sockets(self, app: web.Application) -> None:
        for room in list(self.rooms.values()):
            for connection in list(room.connections):
                await connection.socket.close()

    def table(self, request: web.Request) -> TableRunner:
        """The open table the address names, or a 404 in the reader's words."""
        table_id = int(request.match_info["table_id"])
        for runner in self.setup.tables.runners:
            if runner.table_id == table_id and not runner.closed:
                return runner
        raise refused(404, "web.no_such_table", self.locale_of(request))

    def locale_of(self, request: web.Request) -> str:
        """The reader's language, as the page chooses it (the signed-in member's,
        else the browser's)."""
        return self.identity.identify(request).locale

    def _is_here(self, table_id: int) -> bool:
        return any(
            runner.table_id == table_id and not runner.closed
            for runner in self.setup.tables.runners
        )

    def table_in(self, channel_id: int) -> TableRunner | None:
        """The open table of a channel (the Activity's), if any."""
        for runner in self.setup.tables.runners:
            if runner.record.channel_id == channel_id and not runner.closed:
                return runner
        return None

    async def table_id_in(self, channel_id: int) -> int | None:
        """The open table of a channel, run here or, with several processes, by
        another (the Activity's sign-in: its socket is forwarded there)."""
        runner = self.table_in(channel_id)
        if runner is not None:
            return runner.table_id
        if self.routing is None:
            return None
        found = await self.setup.tables.services.database.fetch_value(
            "SELECT id FROM tables WHERE channel_id = ? AND status = 'open'", (channel_id,)
        )
        return None if found is None else int(found)

    async def _activity_table(self, request: web.Request) -> int | None:
        """The table an Activity websocket's session plays at (``None``: no such
        session: the room's own route refuses it)."""
        if self.activity is None:
            return None
        session = await self.activity.sessions.get(request.query.get("session"), "activity")
        if session is None or session.binding is None:
            return None
        return await self.table_id_in(session.binding.channel_id)

    def _activity_origin(self, request: web.Request) -> bool:
        return self.activity is not None and self.activity.from_discord(request)

    def _track_forwarded(
        self, request: web.Request, socket: web.WebSocketResponse
    ) -> Callable[[], None]:
        """A member's socket forwarded to another process is closed here at once
        when they sign out here (the owner notices it too, see DiscordSignIn)."""
        if not isinstance(self.identity, DiscordSignIn):
            return lambda: None
        return self.identity.track(request, socket, watch=False)

    def room(self, runner: TableRunner) -> TableRoom:
        room = self.rooms.get(runner.table_id)
        if room is None or room.runner is not runner:
            room = self.rooms[runner.table_id] = TableRoom(runner)
            room.witnesses = self.witnesses
        return room

    # ----------------------------------------------------------------- pages

    async def front(self, request: web.Request) -> web.StreamResponse:
        if self.activity is not None and "frame_id" in request.query:
            # Discord opens the Activity at the mapped address's root: the page is
            # answered here (Discord's SDK is for pages that never navigate).
            return await self.activity.page(request)
        runners = [runner for runner in self.setup.tables.runners if not runner.closed]
        if not runners:
            return sentence_page("web.no_table_open", self.locale_of(request))
        raise web.HTTPFound(f"/table/{runners[0].table_id}")

    async def page(self, request: web.Request) -> web.StreamResponse:
        runner = self.table(request)
        if "key" in request.query:
            # Keep the key in a cookie and take it out of the address bar and history.
            response: web.StreamResponse = web.HTTPFound(f"/table/{runner.table_id}")
            self.identity.remember(request, response)
            raise response  # type: ignore[misc]
        viewer = self.identity.identify(request)
        html = _static("table.html").decode().replace("{{lang}}", viewer.locale)
        html = html.replace("{{last_hands}}", last_hands_link(viewer))  # replays
        html = self._with_account(request, html, runner.table_id)
        return web.Response(text=html, content_type="text/html", charset="utf-8")

    def activity_page(self, locale: str, base: str) -> str:
        """The table page as the Activity shows it: every address relative to
        ``base``, and the sign-in script first (it loads the table's script once
        signed in)."""
        assert self.setup.activity is not None
        html = _static("table.html").decode()
        for absolute, relative in (
            ("<head>\n", f'<head>\n<base href="{base}">\n'),
            ('href="/cards/', 'href="cards/'),
            ('href="/static/table.css"', 'href="static/table.css"'),
            (
                '<script src="/static/table.js" defer></script>',
                '<script type="module" src="static/activity.js"></script>',
            ),
            (
                '<html lang="{{lang}}">',
                f'<html lang="{locale}" data-activity="{self.setup.activity.application_id}"'
                f' data-signing-in="{html_escape(t("activity.signing_in", locale))}"'
                f' data-signed-out="{html_escape(t("activity.signed_out", locale))}"'
                f' data-unavailable="{html_escape(t("activity.unavailable", locale))}"'
                f' data-sign-in-failed="{html_escape(t("activity.sign_in_failed", locale))}">',
            ),
            (
                # Sign-out (web/activity.py, ActivityRoutes.logout): shown once signed in.
                '<main id="room">\n',
                '<main id="room">\n<nav id="account" hidden><button id="sign-out" type="button">'
                f"{html_escape(t('activity.sign_out', locale))}</button></nav>\n",
            ),
        ):
            if absolute not in html:
                raise RuntimeError(f"table.html no longer holds {absolute!r}")
            html = html.replace(absolute, relative)
        return html.replace("{{last_hands}}", "")  # replays open outside Discord's frame

    async def static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        kind = STATIC_FILES.get(name)
        if kind is None:
            raise web.HTTPNotFound()
        return web.Response(body=_static(name), content_type=kind, charset="utf-8")

    async def card(self, request: web.Request) -> web.StreamResponse:
        deck, code = request.match_info["deck"], request.match_info["code"]
        if deck not in DECK_STYLES:
            raise web.HTTPNotFound()
        try:
            if code != "back":
                Card.parse(code)
        except ValueError:
            raise web.HTTPNotFound() from None
        response = web.Response(body=_face(code, deck), content_type="image/png")
        response.headers["Cache-Control"] = "public, max-age=86400"
        return response

    async def avatar(self, request: web.Request) -> web.StreamResponse:
        """A seated player's picture (no one else's: the room is nobody's proxy)."""
        user_id = int(request.match_info["user_id"])
        for runner in self.setup.tables.runners:
            if not runner.closed and runner.table.is_seated(user_id):
                name = runner.state.name(user_id)
                break
        else:
            raise web.HTTPNotFound()
        picture = await self.avatars.picture(user_id, name)
        response = web.Response(body=picture, content_type="image/png")
        response.headers["Cache-Control"] = "private, max-age=3600"
        return response

    # ------------------------------------------------------------- websocket

    def _same_origin(self, request: web.Request) -> bool:
        origin = request.headers.get("Origin")
        return origin is not None and origin in own_origins(request)

    async def socket(self, request: web.Request) -> web.StreamResponse:
        runner = self.table(request)
        if not self._same_origin(request):
            raise refused(403, "web.foreign_socket", self.locale_of(request))
        return await self.serve_viewer(request, runner, await self._viewer_at(request, runner))

    async def serve_viewer(
        self,
        request: web.Request,
        runner: TableRunner,
        viewer: Viewer,
        *,
        cookie_session: bool = True,
        track: Callable[[web.WebSocketResponse], Callable[[], None]] | None = None,
        still_open: Callable[[], Awaitable[bool]] | None = None,
    ) -> web.StreamResponse:
        """The viewer's websocket at ``runner``'s table, until it closes.
        ``cookie_session``: the viewer signed in with the room's cookie (its end
        closes the socket); the Activity's viewers hold a session of their own,
        which ``track`` (closing the socket when it ends; returns what forgets
        it) and ``still_open`` (asked at every message) look after."""
        room = self.room(runner)
        if len(room.connections) >= self.max_viewers:
            raise refused(503, "web.room_full", viewer.locale)
        deck = "two_colour"
        if viewer.user_id is not None:
            deck = await deck_of(self.setup.tables.services.database, viewer.user_id)
        socket = web.WebSocketResponse(max_msg_size=MAX_FRAME_BYTES, heartbeat=30.0)
        await socket.prepare(request)
        # Known to sign-out from the moment the page holds it open (no await before).
        if cookie_session:
            signed_out = self._close_on_sign_out(request, socket, viewer)
        else:
            signed_out = track(socket) if track is not None else lambda: None
        # The transport: frames are written at once while its buffer is empty.
        connection = Connection(socket, viewer, request.transport)
        try:
            await socket.send_json(room.hello(viewer, deck))
        except ConnectionError:
            signed_out()
            return socket
        room.add(connection)
        pump = asyncio.get_running_loop().create_task(connection.pump(), name="web-viewer")
        try:
            async for message in socket:
                if message.type is WSMsgType.TEXT:
                    if (cookie_session and not await self._still_signed_in(request, viewer)) or (
                        still_open is not None and not await still_open()
                    ):
                        # Signed out meanwhile (here or at another process): the
                        # page comes back watching.
                        await socket.close(code=SIGNED_OUT, message=b"signed out")
                        break
                    answer = await commands.handle(
                        runner, viewer, message.data, self.cooldown, self.setup.seat_name
                    )
                    await socket.send_json(answer)
                    if answer["type"] == "done":
                        room.refresh(connection)  # what only this seat sees may have changed
                elif message.type is WSMsgType.BINARY:
                    await socket.send_json(commands.refused_malformed(viewer.locale))
                else:
                    break
        finally:
            signed_out()
            room.remove(connection)
            pump.cancel()
            if not room.connections and self.rooms.get(runner.table_id) is room:
                # Nobody watches: the table stops building frames for this room.
                room.close()
                del self.rooms[runner.table_id]
        return socket

    # ------------------------------------------------- Discord sign-in (issue 26)

    async def _viewer_at(self, request: web.Request, runner: TableRunner) -> Viewer:
        """Who ``request`` is at ``runner``'s table: signed in with Discord, a member
        only where the bot sees them as a member of the table's server."""
        if isinstance(self.identity, DiscordSignIn):
            return await self.identity.identify_at(request, runner.record.guild_id)
        return self.identity.identify(request)

    async def _still_signed_in(self, request: web.Request, viewer: Viewer) -> bool:
        if viewer.watching or not isinstance(self.identity, DiscordSignIn):
            return True
        return await self.identity.holds(request)

    def _close_on_sign_out(
        self, request: web.Request, socket: web.WebSocketResponse, viewer: Viewer
    ) -> Callable[[], None]:
        """A member's socket is closed when their session ends (it reconnects
        watching); what to call once it is closed anyway."""
        if viewer.watching or not isinstance(self.identity, DiscordSignIn):
            return lambda: None
        return self.identity.track(request, socket)

    def _with_account(self, request: web.Request, page: str, table_id: int) -> str:
        """The page with the sign-in line (who is signed in; sign in or out)."""
        if not isinstance(self.identity, DiscordSignIn):
            return page
        account = self.identity.account_html(request, f"/table/{table_id}")
        return page.replace('<main id="room">', f'<main id="room">\n{account}', 1)
