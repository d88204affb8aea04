"""Discord's OAuth2 authorization code flow, as the fake plays it.

- ``GET /oauth2/authorize`` (outside the API, like Discord's own page): the
  browser's Discord user (who it is logged in as: the ``fake_discord_user``
  cookie set by ``GET /_fake/oauth2/login/{user_id}``, see :meth:`login_url`)
  authorizes the application at once and is sent back to ``redirect_uri`` with
  ``code`` and ``state``; a browser logged in as nobody gets a 401 page. The
  client id, ``response_type=code``, the ``identify`` scope and a registered
  redirect address (:attr:`FakeOAuth.redirect_uris`, the developer portal's
  list) are checked as Discord checks them.
- ``POST /api/v10/oauth2/token``: form-encoded, the client id and secret in the
  body (or HTTP Basic), ``grant_type=authorization_code``; a code works once,
  for ten minutes, with the redirect address it was granted for. Answers a
  bearer token (``400 invalid_grant`` / ``401 invalid_client`` otherwise).
- ``GET /api/v10/users/@me`` with ``Authorization: Bearer``: the token's user
  (with ``locale``), ``401`` for any other token.

Neither codes nor tokens are logged. Every exchange and refusal is recorded
(:attr:`FakeOAuth.exchanges`, :attr:`FakeOAuth.refusals`) for tests to read.
"""

from __future__ import annotations

import base64
import binascii
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from aiohttp import web

from .rest import API, json_response

if TYPE_CHECKING:
    from .entities import FakeUser
    from .members import Member
    from .state import DiscordState

#: The cookie that says, on the fake's own origin, who the browser is logged in as.
LOGIN_COOKIE: Final = "fake_discord_user"
#: Seconds a code may wait before it is exchanged (Discord's: ten minutes).
CODE_SECONDS: Final = 600.0
#: Seconds an access token lives (Discord's: a week).
TOKEN_SECONDS: Final = 604_800


@dataclass(frozen=True, slots=True)
class Grant:
    user_id: int
    redirect_uri: str
    granted_at: float


class FakeOAuth:
    """The application's OAuth2 side: its secret, the codes and tokens handed out."""

    def __init__(self, state: DiscordState) -> None:
        self.state = state
        #: The application's client secret (the developer portal's "Reset Secret").
        self.client_secret = f"fake-client-secret-{secrets.token_urlsafe(18)}"
        #: The redirect addresses registered in the portal (authorize refuses others).
        self.redirect_uris: set[str] = set()
        self._codes: dict[str, Grant] = {}
        #: Bearer token -> user id.
        self.tokens: dict[str, int] = {}
        #: Every code exchanged for a token: the user, in order.
        self.exchanges: list[int] = []
        #: Every refusal, as ``(route, error)``.
        self.refusals: list[tuple[str, str]] = []

    @property
    def client_id(self) -> str:
        return str(self.state.application_id)

    # -- for tests ----------------------------------------------------------

    def grant(self, member: Member | FakeUser, redirect_uri: str) -> str:
        """A code for ``member``, as if they had authorized the app in a browser."""
        code = secrets.token_urlsafe(24)
        self._codes[code] = Grant(member.id, redirect_uri, self.state.clock.now())
        return code

    def login_path(self, member: Member | FakeUser) -> str:
        """The fake's path that logs a browser in to Discord as ``member``."""
        return f"/_fake/oauth2/login/{member.id}"

    # -- routes ---------------------------------------------------------------

    def install(self, app: web.Application) -> None:
        app.router.add_get("/oauth2/authorize", self._authorize)
        app.router.add_get("/favicon.ico", self._no_icon)  # a browser visiting the fake asks
        app.router.add_get("/_fake/oauth2/login/{user_id:\\d+}", self._login)
        app.router.add_post(API + "/oauth2/token", self._token)

    async def _no_icon(self, request: web.Request) -> web.Response:
        return web.Response(status=404)

    async def _login(self, request: web.Request) -> web.Response:
        user_id = int(request.match_info["user_id"])
        if user_id not in self.state.users:
            return web.Response(status=404, text="No such user.")
        response = web.Response(text=f"Logged in to the fake Discord as {user_id}.")
        response.set_cookie(LOGIN_COOKIE, str(user_id), httponly=True, path="/")
        return response

    def _refuse_page(self, reason: str, status: int = 400) -> web.Response:
        self.refusals.append(("authorize", reason))
        return web.Response(status=status, text=f"Discord: {reason}")

    async def _authorize(self, request: web.Request) -> web.Response:
        query = request.query
        if query.get("client_id") != self.client_id:
            return self._refuse_page("unknown application")
        if query.get("response_type") != "code":
            return self._refuse_page("unsupported response type")
        if "identify" not in query.get("scope", "").split():
            return self._refuse_page("invalid scope")
        redirect_uri = query.get("redirect_uri", "")
        if redirect_uri not in self.redirect_uris:
            return self._refuse_page("Invalid OAuth2 redirect_uri")
        raw_user = request.cookies.get(LOGIN_COOKIE, "")
        user = self.state.users.get(int(raw_user)) if raw_user.isdecimal() else None
        if user is None:
            return self._refuse_page("log in to Discord first", 401)
        code = self.grant(user, redirect_uri)
        back = {"code": code}
        if "state" in query:
            back["state"] = query["state"]
        raise web.HTTPFound(_with_query(redirect_uri, back))

    def _refuse(self, error: str, status: int = 400) -> web.Response:
        self.refusals.append(("token", error))
        return json_response({"error": error}, status)

    def _client_of(self, request: web.Request, form: dict[str, str]) -> tuple[str, str]:
        header = request.headers.get("Authorization", "")
        if header.startswith("Basic "):
            try:
                pair = base64.b64decode(header[6:], validate=True).decode()
            except (binascii.Error, UnicodeDecodeError):
                return "", ""
            client_id, _, secret = pair.partition(":")
            return client_id, secret
        return form.get("client_id", ""), form.get("client_secret", "")

    async def _token(self, request: web.Request) -> web.Response:
        if request.content_type != "application/x-www-form-urlencoded":
            return self._refuse("invalid_request")
        form = {key: str(value) for key, value in (await request.post()).items()}
        client_id, secret = self._client_of(request, form)
        if client_id != self.client_id or not secrets.compare_digest(
            secret.encode(), self.client_secret.encode()
        ):
            return self._refuse("invalid_client", 401)
        if form.get("grant_type") != "authorization_code":
            return self._refuse("unsupported_grant_type")
        grant = self._codes.pop(form.get("code", ""), None)  # one use, right or wrong
        if grant is None or self.state.clock.now() - grant.granted_at > CODE_SECONDS:
            return self._refuse("invalid_grant")
        if form.get("redirect_uri") != grant.redirect_uri:
            return self._refuse("invalid_grant")
        token = secrets.token_urlsafe(30)
        self.tokens[token] = grant.user_id
        self.exchanges.append(grant.user_id)
        return json_response(
            {
                "access_token": token,
                "token_type": "Bearer",
                "expires_in": TOKEN_SECONDS,
                "refresh_token": secrets.token_urlsafe(30),
                "scope": "identify",
            }
        )

    async def me(self, request: web.Request) -> web.Response:
        """``GET /users/@me`` with a bearer token (the bot's own is the REST API's)."""
        token = request.headers.get("Authorization", "").removeprefix("Bearer ")
        user_id = self.tokens.get(token)
        user = None if user_id is None else self.state.users.get(user_id)
        if user is None:
            self.refusals.append(("users/@me", "401"))
            return json_response({"message": "401: Unauthorized", "code": 0}, 401)
        return json_response(user.payload() | {"locale": user.locale, "mfa_enabled": False})


def _with_query(address: str, extra: dict[str, str]) -> str:
    parts = urlsplit(address)
    query = parse_qsl(parts.query, keep_blank_values=True) + list(extra.items())
    return urlunsplit(parts._replace(query=urlencode(query)))
