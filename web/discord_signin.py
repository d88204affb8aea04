"""Signing in to the web room with Discord: the viewer a Discord member is.

:class:`DiscordSignIn` is a :class:`~web.viewers.ViewerIdentity` with routes:

- ``GET /auth/login?next=/table/<id>``: sends the browser to Discord's
  authorize page (scope ``identify``) with a one-time ``state`` bound to this
  browser by a cookie (:class:`~web.sessions.LoginStates`): a sign-in begun
  in another browser, used twice or older than ten minutes is refused (CSRF on
  login). ``next`` may only be a table of this room.
- ``GET /auth/callback``: checks the state, exchanges Discord's code for a
  token with the client secret (:mod:`web.discord_oauth`), asks whose it is,
  opens a session (:class:`~web.sessions.SessionStore`, a fresh random id,
  kept in the shared database: it survives a restart and every process
  knows it) and sets it as a cookie: HttpOnly, SameSite=Lax, Path=/, Secure (and named
  ``__Host-...``) when the public address is https. The token is dropped.
- ``POST /auth/logout``: the page's sign-out form, with its token (a hash of
  the HttpOnly session cookie: no other site can know it) and never another
  site's ``Origin``, ends the session (its row is deleted) and closes its
  open pages' sockets in this process. Another process's sockets of that
  session end at their next message (each is checked against the database)
  or at the latest :data:`web.session_sockets.CHECK_SECONDS` later (each member's socket checks
  its session that often).

A client address may begin :data:`web.sign_in_flood.SIGN_INS_PER_MINUTE`
sign-ins a minute (``/auth/login``); more are answered 429 with a sentence.

A browser is the member only at the tables of servers where the bot sees
them as a member (:meth:`DiscordSignIn.identify_at`, asked when a table's
websocket opens, the answer kept a minute); anywhere else, and without an
open session (none, forged, expired, signed out), it watches. The page speaks
the member's Discord language when the room has it, else the browser's.
"""

from __future__ import annotations

import hmac
import html
import logging
import re
import time
from collections.abc import Awaitable, Callable
from typing import Final
from urllib.parse import urlencode, urlsplit

from aiohttp import web
from aiohttp.typedefs import Handler

from bot.database import Database
from bot.i18n import t
from bot.render.names import shown_name
from bot.web_surface import DiscordSignInSetup
from web.discord_oauth import DiscordOAuth, OAuthRefused, OAuthUnavailable
from web.origins import own_origins
from web.refusals import refused, sentence_page
from web.session_sockets import SessionSockets
from web.sessions import LoginStates, Session, SessionStore, digest
from web.sign_in_flood import AddressBudget, client_address
from web.viewers import LANGUAGES, Viewer, preferred_language

log = logging.getLogger(__name__)

#: Whether the bot sees a user as a member of a server: ``(guild_id, user_id)``.
IsMember = Callable[[int, int], Awaitable[bool]]

#: Where Discord sends the browser back, under the public address.
CALLBACK_PATH: Final = "/auth/callback"
#: Seconds an answer to "is this user a member of that server" is kept.
MEMBERSHIP_SECONDS: Final = 60.0
#: Where the request's session, read once from the database, is kept on it.
SESSION_KEY: Final = web.RequestKey("croupier_session", Session)
#: Paths that never ask who the viewer is (files, card faces, pictures, the
#: Activity's own session): no database read for them.
NO_SESSION_NEEDED: Final = ("/static/", "/cards/", "/avatars/", "/activity/")
#: Where a sign-in may lead afterwards: the room's front or one of its tables.
_NEXT: Final = re.compile(r"/(table/\d{1,18})?")


def safe_next(raw: object) -> str:
    """``raw`` if it is a table of this room (or its front), else the front: a
    sign-in never sends a browser to another site."""
    return raw if isinstance(raw, str) and _NEXT.fullmatch(raw) else "/"


def sign_in_for(setup: DiscordSignInSetup, database: Database) -> DiscordSignIn:
    """The sign-in the bot's settings describe, its sessions in ``database``."""
    oauth = DiscordOAuth(setup.client_id, setup.client_secret, setup.api_base)
    return DiscordSignIn(oauth, setup.public_url, setup.is_member, SessionStore(database))


class DiscordSignIn:
    """Who a browser is, as Discord's OAuth2 proved it; the routes that prove it."""

    def __init__(
        self,
        oauth: DiscordOAuth,
        public_url: str,
        is_member: IsMember,
        sessions: SessionStore,
        *,
        states: LoginStates | None = None,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.oauth = oauth
        self.public_url = public_url.rstrip("/")
        self.redirect_uri = self.public_url + CALLBACK_PATH
        address = urlsplit(self.public_url)
        self.origin = f"{address.scheme}://{address.netloc}"
        self.secure = address.scheme == "https"
        prefix = "__Host-" if self.secure else ""
        self.session_cookie = f"{prefix}croupier_session"
        self.login_cookie = f"{prefix}croupier_login"
        self.is_member = is_member
        self.sessions = sessions
        self.states = states or LoginStates(sessions.database)
        self.flood = AddressBudget(now=now)
        self.now = now
        self._members: dict[tuple[int, int], tuple[bool, float]] = {}
        #: The open websockets of each session, closed at sign-out.
        self.sockets = SessionSockets(sessions, "browser")

    def __repr__(self) -> str:
        return f"DiscordSignIn(public_url={self.public_url!r})"

    # ------------------------------------------------------------ identity

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Reads the request's session from the database once, for the room's
        questions about it (which are not asynchronous)."""
        cookie = request.cookies.get(self.session_cookie)
        if cookie and not request.path.startswith(NO_SESSION_NEEDED):
            session = await self.sessions.get(cookie)
            if session is not None:
                request[SESSION_KEY] = session
        return await handler(request)

    def session_of(self, request: web.Request) -> Session | None:
        return request.get(SESSION_KEY)

    def _locale(self, request: web.Request, session: Session | None) -> str:
        chosen = (session.user.locale or "") if session is not None else ""
        language = chosen.replace("_", "-").split("-")[0].lower()
        return language if language in LANGUAGES else preferred_language(request)

    def identify(self, request: web.Request) -> Viewer:
        """Away from a table nobody is a member: the browser's language only."""
        return Viewer(None, None, None, self._locale(request, self.session_of(request)))

    def remember(self, request: web.Request, response: web.StreamResponse) -> None:
        return None  # the session cookie is set by the callback alone

    async def identify_at(self, request: web.Request, guild_id: int) -> Viewer:
        """The viewer at a table of ``guild_id``: the signed-in member if the bot
        sees them as a member of that server, else a spectator."""
        session = self.session_of(request)
        locale = self._locale(request, session)
        if session is None or not await self._member_of(guild_id, session.user.id):
            return Viewer(None, None, None, locale)
        # The name the table writes in its Discord messages: cleaned and escaped as
        # the slash commands' (a name with markdown or mentions stays plain text).
        return Viewer(session.user.id, shown_name(session.user.display_name), guild_id, locale)

    async def holds(self, request: web.Request) -> bool:
        """Whether the session ``request`` came with is still open (not signed
        out, at any process): asked of the database each time."""
        return await self.sessions.get(request.cookies.get(self.session_cookie)) is not None

    def track(
        self, request: web.Request, socket: web.WebSocketResponse, *, watch: bool = True
    ) -> Callable[[], None]:
        """Close ``socket`` when the session it came with ends: at once when it
        is signed out here, within :attr:`SessionSockets.check_seconds` when elsewhere
        (``watch``); returns what forgets it (once it closed anyway)."""
        cookie = request.cookies.get(self.session_cookie)
        if not cookie:
            return lambda: None
        return self.sockets.track(cookie, socket, watch=watch)

    async def _member_of(self, guild_id: int, user_id: int) -> bool:
        key = (guild_id, user_id)
        known = self._members.get(key)
        if known is not None and known[1] > self.now():
            return known[0]
        member = await self.is_member(guild_id, user_id)
        if len(self._members) > 10_000:
            self._members.clear()
        self._members[key] = (member, self.now() + MEMBERSHIP_SECONDS)
        return member

    # -------------------------------------------------------------- routes

    def install(self, app: web.Application) -> None:
        app.router.add_get("/auth/login", self.login)
        app.router.add_get(CALLBACK_PATH, self.callback)
        app.router.add_post("/auth/logout", self.logout)

    def _cookie(self, response: web.StreamResponse, name: str, value: str, seconds: float) -> None:
        response.set_cookie(
            name,
            value,
            max_age=int(seconds),
            path="/",
            httponly=True,
            secure=self.secure,
            samesite="Lax",
        )

    async def login(self, request: web.Request) -> web.StreamResponse:
        wait = self.flood.spend(client_address(request))
        if wait is not None:
            locale = preferred_language(request)
            response = sentence_page("signin.too_many", locale, 429, seconds=wait)
            response.headers["Retry-After"] = str(wait)
            return response
        next_path = safe_next(request.query.get("next"))
        state, binding = await self.states.begin(next_path, request.cookies.get(self.login_cookie))
        response = web.HTTPFound(self.oauth.authorize_url(self.redirect_uri, state))
        self._cookie(response, self.login_cookie, binding, self.states.lifetime)
        raise response

    @staticmethod
    def _page(key: str, locale: str, status: int) -> web.Response:
        """A sign-in's refusal: the catalogue's sentence in the reader's language,
        escaped into a page (web/refusals.py)."""
        return sentence_page(key, locale, status)

    async def callback(self, request: web.Request) -> web.StreamResponse:
        locale = preferred_language(request)
        query = request.query
        next_path = await self.states.finish(
            query.get("state"), request.cookies.get(self.login_cookie)
        )
        if next_path is None:
            log.info("Web sign-in refused: unknown, used or foreign state")
            return self._page("signin.state_unknown", locale, 400)
        if "error" in query:
            return self._page("signin.denied", locale, 403)
        code = query.get("code", "")
        if not code or len(code) > 512:
            return self._page("signin.refused", locale, 400)
        try:
            token = await self.oauth.exchange_code(code, self.redirect_uri)
            user = await self.oauth.fetch_user(token)
        except OAuthRefused:
            return self._page("signin.refused", locale, 403)
        except OAuthUnavailable:
            return self._page("signin.unavailable", locale, 502)
        session = await self.sessions.open(user)
        response = web.HTTPSeeOther(next_path)
        self._cookie(response, self.session_cookie, session.cookie, self.sessions.lifetime)
        response.del_cookie(self.login_cookie, path="/")
        log.info("Web sign-in: user %s", user.id)
        raise response

    def from_elsewhere(self, request: web.Request) -> bool:
        """Whether a request names another site as its ``Origin`` (a page of the
        room sends its own, or ``null`` under its no-referrer policy)."""
        origin = request.headers.get("Origin")
        return origin is not None and origin not in (
            "null",
            self.origin,
            *own_origins(request),
        )

    @staticmethod
    def form_token(cookie: str) -> str:
        """The sign-out form's token for a session: only a page of the room,
        served to that session's browser, holds it (the cookie is HttpOnly)."""
        return digest("sign-out:" + cookie)

    def _token_of(self, cookie: str, token: object) -> bool:
        expected = self.form_token(cookie).encode()
        return isinstance(token, str) and hmac.compare_digest(token.encode(), expected)

    async def logout(self, request: web.Request) -> web.StreamResponse:
        locale = self._locale(request, self.session_of(request))  # the page's language
        if self.from_elsewhere(request):
            raise refused(403, "signin.foreign_origin", locale)
        form = await request.post()
        cookie = request.cookies.get(self.session_cookie)
        token = form.get("token")
        signed_in = bool(cookie) and self.session_of(request) is not None
        if signed_in and not self._token_of(cookie or "", token):
            raise refused(403, "signin.foreign_origin", locale)
        await self.sessions.close(cookie)
        if cookie:
            await self.sockets.close(cookie)
        response = web.HTTPSeeOther(safe_next(form.get("next")))
        response.del_cookie(self.session_cookie, path="/")
        raise response

    # ----------------------------------------------------------------- page

    def account_html(self, request: web.Request, next_path: str) -> str:
        """The page's sign-in line: a link to sign in, or who is signed in and a
        button to sign out (a form: no script needed)."""
        session = self.session_of(request)
        locale = self._locale(request, session)
        next_path = safe_next(next_path)
        if session is None:
            link = "/auth/login?" + urlencode({"next": next_path})
            return (
                f'<nav id="account"><a id="sign-in" href="{html.escape(link)}">'
                f"{html.escape(t('web.sign_in', locale))}</a></nav>"
            )
        who = t("web.signed_in_as", locale, name=session.user.display_name)
        token = self.form_token(request.cookies.get(self.session_cookie, ""))
        return (
            f'<nav id="account"><span id="signed-in">{html.escape(who)}</span>'
            '<form method="post" action="/auth/logout">'
            f'<input type="hidden" name="next" value="{html.escape(next_path)}">'
            f'<input type="hidden" name="token" value="{token}">'
            f'<button id="sign-out" type="submit">{html.escape(t("web.sign_out", locale))}'
            "</button></form></nav>"
        )
