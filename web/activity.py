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

A session is only a key to this process's memory (:class:`Session`): it
names the member, the instance and the channel, lives
:data:`SESSION_SECONDS`, and every websocket it opens is checked again with
Discord (is the instance still running there, the member still in it).
A forged or guessed session, an instance id Discord does not know, a member
of another channel's instance: each is refused with a sentence and never
reaches a table.
"""

from __future__ import annotations

import json
import logging
import math
import re
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from aiohttp import web
from discord import app_commands

from bot.cooldowns import MemberCooldown
from bot.i18n import t
from bot.tables.runner import TableRunner
from bot.web_surface import ActivityInstance, ActivitySetup
from web.discord_oauth import DiscordOAuth, OAuthError, OAuthRefused
from web.viewers import Viewer, preferred_language

log = logging.getLogger(__name__)

#: Where the Activity's routes live.
PREFIX: Final = "/activity"
#: Seconds a session lets its page reconnect (a long evening at the table).
SESSION_SECONDS: Final = 12 * 3600
#: The most sessions kept at once (the oldest are dropped first).
MAX_SESSIONS: Final = 10_000
#: What an instance id may look like (Discord's are letters, digits and dashes).
INSTANCE_ID: Final = re.compile(r"[A-Za-z0-9_.:-]{1,128}")
#: The longest authorization code read.
MAX_CODE: Final = 256
#: Sign-ins the room asks Discord about per minute, from everyone (each is a code
#: exchange): a flood of made-up codes must not have Discord throttle the bot.
SIGN_INS_PER_MINUTE: Final = 120
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


@dataclass(frozen=True, slots=True)
class Session:
    """A member signed in to the Activity, in one instance, in one channel."""

    user_id: int
    name: str
    guild_id: int | None
    channel_id: int
    instance_id: str
    locale: str
    expires_at: float


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
        self.sessions: dict[str, Session] = {}
        self.sign_ins_per_minute = SIGN_INS_PER_MINUTE
        self._sign_ins: deque[float] = deque()

    def install(self, app: web.Application) -> None:
        app.router.add_get(PREFIX, self.page)
        app.router.add_get(PREFIX + "/", self.page)
        app.router.add_get(PREFIX + "/static/{name}", self.file)
        app.router.add_get(PREFIX + "/cards/{deck}/{code}.png", self._card)
        app.router.add_post(PREFIX + "/token", self.token)
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
            raise refusal(401, "activity.sign_in_failed", locale) from None
        except OAuthError:
            raise refusal(503, "activity.unavailable", locale) from None
        if user.locale:
            locale = "de" if user.locale.lower().startswith("de") else "en"
        instance = await self._instance(instance_id, locale)
        if instance is None or user.id not in instance.users:
            log.info("Activity: member %s refused for instance %s", user.id, instance_id)
            raise refusal(403, "activity.not_in_instance", locale)
        runner = self._table_of(instance.channel_id)
        if runner is None:
            raise refusal(404, "activity.no_table", locale)
        session = secrets.token_urlsafe(32)
        self._keep(
            session,
            Session(
                user_id=user.id,
                name=user.display_name,
                guild_id=instance.guild_id,
                channel_id=instance.channel_id,
                instance_id=instance.instance_id,
                locale=locale,
                expires_at=self._clock() + SESSION_SECONDS,
            ),
        )
        log.info("Activity: member %s signed in at table %s", user.id, runner.table_id)
        return web.json_response(
            {"access_token": access_token, "session": session, "table_id": runner.table_id}
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

    def _keep(self, key: str, session: Session) -> None:
        now = self._clock()
        for old in [k for k, s in self.sessions.items() if s.expires_at <= now]:
            del self.sessions[old]
        while len(self.sessions) >= MAX_SESSIONS:
            del self.sessions[next(iter(self.sessions))]
        self.sessions[key] = session

    # ------------------------------------------------------------- websocket

    def _from_discord(self, request: web.Request) -> bool:
        origin = request.headers.get("Origin")
        return origin is not None and origin in (
            f"https://{self.setup.application_id}.discordsays.com",
            f"http://{request.host}",
            f"https://{request.host}",
        )

    async def socket(self, request: web.Request) -> web.StreamResponse:
        locale = preferred_language(request)
        if not self._from_discord(request):
            raise web.HTTPForbidden(text="This websocket is for the Activity's own page.")
        session = self.sessions.get(request.query.get("session", ""))
        if session is None or session.expires_at <= self._clock():
            raise refusal(403, "activity.sign_in_failed", locale)
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
        response: web.StreamResponse = await self._serve(
            request, runner, viewer, cookie_session=False
        )
        return response
