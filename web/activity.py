"""The table as a Discord Activity: the room's ``/activity`` routes.

Discord shows an Activity in its own frame, from
``https://<application id>.discordsays.com``, a proxy to the address the
operator maps in the developer portal (docs/OPERATORS.md). Everything here is
reached through that proxy, so every address the page uses is relative, and
the page is the table page itself (``web/static/table.html``) with its
stylesheet, its script and its card faces under ``/activity/``
(:meth:`ActivityRoutes.page`).

Signing in (``web/static/activity.js`` with the Embedded App SDK, vendored in
``web/static/vendor``): the SDK's handshake, ``authorize`` (scope
``identify``) gives the page a code; ``POST /activity/token`` exchanges it
with the client secret (:class:`web.discord_oauth.DiscordOAuth`, no redirect
address), asks ``/users/@me`` whose token it is, and asks Discord, with the bot
token, about the instance the page says it runs in
(:attr:`bot.web_surface.ActivitySetup.instance`). Only a member among the
instance's participants is let in, and only to the table of the channel the
instance runs in. The answer is the access token (for the SDK's
``authenticate``) and a session: 32 random bytes the page keeps in memory and
puts in its websocket's address (``/activity/ws?session=``). Cookies are not
used: in a third-party frame browsers drop them.

A session is a row of the shared database (:class:`web.sessions.SessionStore`,
kind ``activity``, only the SHA-256 of its id kept): it names the member,
the instance and the channel, lives :data:`web.sessions.SESSION_SECONDS`, survives a
restart and is known to every process (a table run by another process is
reached through :mod:`web.routing`, which forwards ``/activity/ws`` there),
and every websocket it opens is checked again with Discord (is the instance
still running there, the member still in it). Discord's proxy hides its
users' addresses, so the sign-ins that succeed are counted per member
(:data:`ACTIVITY_SIGN_INS_PER_MEMBER` a minute) and only the code exchanges
Discord refused per client address (:data:`ACTIVITY_FAILURES_PER_ADDRESS`),
besides :data:`SIGN_INS_PER_MINUTE` exchanges from everyone.
A forged or guessed session, an instance id Discord does not know, a member
of another channel's instance: each is refused with a sentence and never
reaches a table.
"""

from __future__ import annotations

import json
import logging
import math
import re
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any, Final

from aiohttp import web
from discord import app_commands

from bot.cooldowns import MemberCooldown
from bot.i18n import t
from bot.tables.runner import TableRunner
from bot.web_surface import ActivityInstance, ActivitySetup
from web.discord_oauth import DiscordOAuth, OAuthError, OAuthRefused
from web.origins import own_origins
from web.session_sockets import SessionSockets
from web.sessions import MAX_ID, Binding, SessionStore
from web.sign_in_flood import AddressBudget, client_address
from web.viewers import Viewer, preferred_language

log = logging.getLogger(__name__)

#: Where the Activity's routes live.
PREFIX: Final = "/activity"
#: What an instance id may look like (Discord's are letters, digits and dashes).
INSTANCE_ID: Final = re.compile(r"[A-Za-z0-9_.:-]{1,128}")
#: The longest authorization code read.
MAX_CODE: Final = 256
#: Sign-ins the room asks Discord about per minute, from everyone (each is a code
#: exchange): a flood of made-up codes must not have Discord throttle the bot.
SIGN_INS_PER_MINUTE: Final = 120
#: Code exchanges Discord refused (made-up or used codes) one address may cause
#: in any minute; more are refused before Discord is asked. Discord's proxy hides
#: its users' addresses (it documents no header that carries them), so through it
#: every member has the proxy's address: a sign-in that succeeds is not counted
#: there, or the members inside Discord would share one budget.
ACTIVITY_FAILURES_PER_ADDRESS: Final = 30
#: Sign-ins one member (the Discord user the code exchange proved) may make in
#: any minute.
ACTIVITY_SIGN_INS_PER_MEMBER: Final = 10
#: The files the Activity's page loads, by name: the file under ``web/static`` and its type.
FILES: Final = {
    "table.css": ("table.css", "text/css"),
    "table.js": ("table.js", "text/javascript"),
    "activity.js": ("activity.js", "text/javascript"),
    "embedded-app-sdk.mjs": ("vendor/embedded-app-sdk.mjs", "text/javascript"),
}
#: Who may frame the Activity: Discord's clients (web, desktop, its own proxy).
FRAME_ANCESTORS: Final = (
    "https://discord.com",
    "https://*.discord.com",
    "https://discordapp.com",
    "https://*.discordapp.com",
    "https://*.discordsays.com",
)


#: Marks a request answered with the Activity's page outside ``/activity`` (the root).
FRAMED: Final = "croupier.activity"


def is_activity_path(path: str) -> bool:
    return path == PREFIX or path.startswith(PREFIX + "/")


def activity_policy(application_id: int) -> str:
    """The content security policy of the Activity's responses: this origin only
    (Discord's proxy), its websocket, and framing by Discord alone."""
    return "; ".join(
        (
            "default-src 'none'",
            "script-src 'self'",
            "style-src 'self'",
            "img-src 'self'",
            f"connect-src 'self' wss://{application_id}.discordsays.com",
            "base-uri 'self'",
            "form-action 'none'",
            "frame-ancestors " + " ".join(FRAME_ANCESTORS),
        )
    )


_REFUSALS: Final[dict[int, type[web.HTTPException]]] = {
    400: web.HTTPBadRequest,
    401: web.HTTPUnauthorized,
    403: web.HTTPForbidden,
    404: web.HTTPNotFound,
    429: web.HTTPTooManyRequests,
    503: web.HTTPServiceUnavailable,
}


def refusal(status: int, key: str, locale: str, **values: object) -> web.HTTPException:
    """A refusal the page shows: its status and the sentence, as JSON."""
    return _REFUSALS[status](
        text=json.dumps({"type": "refused", "text": t(key, locale, **values)}),
        content_type="application/json",
    )


class ActivityRoutes:
    """The ``/activity`` routes of one room."""

    def __init__(
        self,
        setup: ActivitySetup,
        *,
        page: Callable[[str, str], str],
        table_of: Callable[[int], TableRunner | None],
        table_id_in: Callable[[int], Awaitable[int | None]],
        sessions: SessionStore,
        serve: Callable[..., Any],
        card: Callable[[web.Request], Any],
        static: Callable[[str], bytes],
        cooldown: MemberCooldown,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.setup = setup
        self.oauth = DiscordOAuth(str(setup.application_id), setup.client_secret, setup.api_base)
        self._page = page
        self._table_of = table_of
        self._serve = serve
        self._card = card
        self._static = static
        self.cooldown = cooldown
        self._clock = clock
        self._table_id_in = table_id_in
        self.sessions = sessions
        #: Refused code exchanges per client address (web/sign_in_flood.py).
        self.flood = AddressBudget(ACTIVITY_FAILURES_PER_ADDRESS, now=clock)
        #: Sign-ins per member (by Discord user id), once Discord said who it is.
        self.members = AddressBudget(ACTIVITY_SIGN_INS_PER_MEMBER, now=clock)
        self.sign_ins_per_minute = SIGN_INS_PER_MINUTE
        self._sign_ins: deque[float] = deque()
        #: The open websockets of each session, closed at sign-out.
        self.sockets = SessionSockets(sessions, "activity")

    def install(self, app: web.Application) -> None:
        app.router.add_get(PREFIX, self.page)
        app.router.add_get(PREFIX + "/", self.page)
        app.router.add_get(PREFIX + "/static/{name}", self.file)
        app.router.add_get(PREFIX + "/cards/{deck}/{code}.png", self._card)
        app.router.add_post(PREFIX + "/token", self.token)
        app.router.add_post(PREFIX + "/logout", self.logout)
        app.router.add_get(PREFIX + "/ws", self.socket)

    def headers(self) -> dict[str, str]:
        """What the Activity's responses carry instead of the room's "never framed"."""
        return {"Content-Security-Policy": activity_policy(self.setup.application_id)}

    # ----------------------------------------------------------------- pages

    async def page(self, request: web.Request) -> web.StreamResponse:
        """The Activity's page. Discord opens it at the root of the address mapped
        to ``/``: with the room's root mapped (``/`` -> ``https://host``) its files
        are below ``activity/``; with ``/activity`` mapped, beside it."""
        request[FRAMED] = True
        base = "./" if request.path.startswith(PREFIX + "/") else "activity/"
        html = self._page(preferred_language(request), base)
        return web.Response(text=html, content_type="text/html", charset="utf-8")

    async def file(self, request: web.Request) -> web.StreamResponse:
        found = FILES.get(request.match_info["name"])
        if found is None:
            raise web.HTTPNotFound()
        name, kind = found
        return web.Response(body=self._static(name), content_type=kind, charset="utf-8")

    # --------------------------------------------------------------- sign-in

    async def token(self, request: web.Request) -> web.StreamResponse:
        """``{code, instance_id}`` -> ``{access_token, session, table_id}``, or a refusal."""
        locale = preferred_language(request)
        if not self._from_discord(request):
            raise refusal(403, "web.malformed", locale)
        address = client_address(request)
        wait = self.flood.waiting(address)
        if wait is not None:
            raise refusal(429, "signin.too_many", locale, seconds=wait)
        now = self._clock()
        while self._sign_ins and self._sign_ins[0] <= now - 60:
            self._sign_ins.popleft()
        if len(self._sign_ins) >= self.sign_ins_per_minute:
            raise refusal(429, "activity.unavailable", locale)
        self._sign_ins.append(now)
        try:
            data = await request.json()
        except ValueError:
            raise refusal(400, "web.malformed", locale) from None
        code = data.get("code") if isinstance(data, dict) else None
        instance_id = data.get("instance_id") if isinstance(data, dict) else None
        if not isinstance(code, str) or not 0 < len(code) <= MAX_CODE:
            raise refusal(400, "web.malformed", locale)
        if not isinstance(instance_id, str) or not INSTANCE_ID.fullmatch(instance_id):
            raise refusal(400, "web.malformed", locale)
        try:
            access_token = await self.oauth.exchange_code(code, None)
            user = await self.oauth.fetch_user(access_token)
        except OAuthRefused:
            self.flood.spend(address)  # a made-up code counts against its address
            raise refusal(401, "activity.sign_in_failed", locale) from None
        except OAuthError:
            raise refusal(503, "activity.unavailable", locale) from None
        if user.locale:
            locale = "de" if user.locale.lower().startswith("de") else "en"
        wait = self.members.spend(str(user.id))
        if wait is not None:
            raise refusal(429, "activity.too_many", locale, seconds=wait)
        instance = await self._instance(instance_id, locale)
        if instance is None or user.id not in instance.users:
            log.info("Activity: member %s refused for instance %s", user.id, instance_id)
            raise refusal(403, "activity.not_in_instance", locale)
        # The channel's table, run here or by another process (web/routing.py).
        table_id = await self._table_id_in(instance.channel_id)
        if table_id is None:
            raise refusal(404, "activity.no_table", locale)
        session = await self.sessions.open(
            user, Binding(instance.instance_id, instance.channel_id, instance.guild_id)
        )
        log.info("Activity: member %s signed in at table %s", user.id, table_id)
        return web.json_response(
            {"access_token": access_token, "session": session.cookie, "table_id": table_id}
        )

    async def _instance(self, instance_id: str, locale: str) -> ActivityInstance | None:
        ask = self.setup.instance
        if ask is None:
            return None
        try:
            return await ask(instance_id)
        except Exception:  # Discord unreachable: nobody is let in on a guess
            log.warning("Activity: could not ask Discord about an instance", exc_info=True)
            raise refusal(503, "activity.unavailable", locale) from None

    # ------------------------------------------------------------- websocket

    def from_discord(self, request: web.Request) -> bool:
        """Whether a request comes from the Activity's page (Discord's proxy, or
        this room's own address)."""
        return self._from_discord(request)

    def _from_discord(self, request: web.Request) -> bool:
        origin = request.headers.get("Origin")
        return origin is not None and origin in (
            f"https://{self.setup.application_id}.discordsays.com",
            *own_origins(request),
        )

    async def socket(self, request: web.Request) -> web.StreamResponse:
        locale = preferred_language(request)
        if not self._from_discord(request):
            raise refusal(403, "activity.foreign_socket", locale)
        found = await self.sessions.get(request.query.get("session"), "activity")
        if found is None or found.binding is None:
            raise refusal(403, "activity.sign_in_failed", locale)
        user, binding = found.user, found.binding
        if user.locale:
            locale = "de" if user.locale.lower().startswith("de") else "en"
        session = _Bound(user.id, user.display_name, binding, locale)
        try:  # each connection asks Discord: it spends one of the member's clicks
            self.cooldown.check_member(session.guild_id, session.user_id)
        except app_commands.CommandOnCooldown as error:
            seconds = math.ceil(error.retry_after)
            raise refusal(429, "error.cooldown", session.locale, seconds=seconds) from None
        # Checked again at every connection: the member must still be in the instance.
        instance = await self._instance(session.instance_id, session.locale)
        if (
            instance is None
            or session.user_id not in instance.users
            or instance.channel_id != session.channel_id
        ):
            raise refusal(403, "activity.not_in_instance", session.locale)
        runner = self._table_of(session.channel_id)
        if runner is None:
            raise refusal(404, "activity.no_table", session.locale)
        viewer = Viewer(session.user_id, session.name, session.guild_id, session.locale)
        session_id = request.query.get("session", "")

        async def still_open() -> bool:
            return await self.sessions.get(session_id, "activity") is not None

        response: web.StreamResponse = await self._serve(
            request,
            runner,
            viewer,
            cookie_session=False,
            track=lambda socket: self.sockets.track(session_id, socket),
            still_open=still_open,
        )
        return response

    # -------------------------------------------------------------- sign-out

    async def logout(self, request: web.Request) -> web.StreamResponse:
        """``{session}`` -> the session ends (its row deleted, for every process)
        and its open websockets here are closed (:data:`web.session_sockets.SIGNED_OUT`); elsewhere
        at their next message or check. Only the Activity's page may ask: the
        session's id is its secret, and another site's ``Origin`` is refused."""
        locale = preferred_language(request)
        if not self._from_discord(request):
            raise refusal(403, "signin.foreign_origin", locale)
        try:
            data = await request.json()
        except ValueError:
            raise refusal(400, "web.malformed", locale) from None
        session_id = data.get("session") if isinstance(data, dict) else None
        if not isinstance(session_id, str) or not 0 < len(session_id) <= MAX_ID:
            raise refusal(400, "web.malformed", locale)
        found = await self.sessions.get(session_id, "activity")
        if found is not None and found.user.locale:
            locale = "de" if found.user.locale.lower().startswith("de") else "en"
        if found is not None:  # an Activity session only: a browser's is not ended here
            await self.sessions.close(session_id)
            log.info("Activity: member %s signed out", found.user.id)
        await self.sockets.close(session_id)
        return web.json_response({"type": "done", "text": t("activity.signed_out", locale)})


class _Bound:
    """An Activity session as a socket uses it."""

    __slots__ = ("channel_id", "guild_id", "instance_id", "locale", "name", "user_id")

    def __init__(self, user_id: int, name: str, binding: Binding, locale: str) -> None:
        self.user_id = user_id
        self.name = name
        self.guild_id = binding.guild_id
        self.channel_id = binding.channel_id
        self.instance_id = binding.instance_id
        self.locale = locale
