"""Discord's OAuth2 authorization code flow, as a client: who signed in.

:class:`DiscordOAuth` builds the address a browser is sent to
(``/oauth2/authorize``, scope ``identify``), exchanges the code Discord sends
back for an access token (``POST {api_base}/oauth2/token``, form-encoded, with
the application's client id and secret) and asks whose token it is
(``GET {api_base}/users/@me``). Used by the browser sign-in
(:mod:`web.discord_signin`) and by the Discord Activity.

The client secret and the access tokens are credentials: no ``repr``, log line
or error sentence of this module ever holds one. A refusal by Discord (a code
used twice, expired, for another redirect address, a wrong secret) raises
:class:`OAuthRefused`; Discord unreachable or answering nonsense raises
:class:`OAuthUnavailable`. Both are :class:`OAuthError`.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import urlencode, urlsplit

import aiohttp

log = logging.getLogger(__name__)

#: The only scope asked for: who the user is, nothing more.
SCOPE: Final = "identify"
#: Seconds one request to Discord may take.
REQUEST_SECONDS: Final = 10.0
#: Where the browser is sent when the API is Discord's own.
DISCORD_AUTHORIZE: Final = "https://discord.com/oauth2/authorize"


class OAuthError(Exception):
    """Signing in with Discord did not work (the sentence never holds a credential)."""


class OAuthRefused(OAuthError):
    """Discord refused the code or the token (used, expired, wrong client or address)."""


class OAuthUnavailable(OAuthError):
    """Discord could not be asked, or answered something that is not an answer."""


@dataclass(frozen=True, slots=True)
class DiscordUser:
    """Who a token belongs to, as ``/users/@me`` says (scope ``identify``)."""

    id: int
    username: str
    global_name: str | None
    avatar: str | None
    locale: str | None

    @property
    def display_name(self) -> str:
        return self.global_name or self.username


def authorize_base(api_base: str) -> str:
    """The authorize page of the Discord whose API is ``api_base``: the API's
    own host, ``/oauth2/authorize`` (``https://discord.com/oauth2/authorize``)."""
    parts = urlsplit(api_base)
    if parts.hostname in ("discord.com", "discordapp.com", "ptb.discord.com", "canary.discord.com"):
        return DISCORD_AUTHORIZE
    return f"{parts.scheme}://{parts.netloc}/oauth2/authorize"


class DiscordOAuth:
    """The application's OAuth2 client (authorization code grant, ``identify``)."""

    __slots__ = ("_secret", "api_base", "authorize_endpoint", "client_id")

    def __init__(self, client_id: str, client_secret: str, api_base: str) -> None:
        self.client_id = client_id
        self._secret = client_secret
        self.api_base = api_base.rstrip("/")
        self.authorize_endpoint = authorize_base(self.api_base)

    def __repr__(self) -> str:
        return f"DiscordOAuth(client_id={self.client_id!r}, api_base={self.api_base!r})"

    def authorize_url(self, redirect_uri: str, state: str) -> str:
        """Where to send the browser to ask Discord who it is."""
        query = urlencode(
            {
                "response_type": "code",
                "client_id": self.client_id,
                "scope": SCOPE,
                "state": state,
                "redirect_uri": redirect_uri,
            }
        )
        return f"{self.authorize_endpoint}?{query}"

    async def exchange_code(self, code: str, redirect_uri: str | None) -> str:
        """The access token for ``code`` (one use; :class:`OAuthRefused` otherwise)."""
        form = {
            "grant_type": "authorization_code",
            "code": code,
            "client_id": self.client_id,
            "client_secret": self._secret,
        }
        if redirect_uri is not None:
            form["redirect_uri"] = redirect_uri
        body = await self._request("POST", "/oauth2/token", data=form)
        token = body.get("access_token")
        if not isinstance(token, str) or not token:
            raise OAuthUnavailable("Discord's token answer holds no access token.")
        return token

    async def fetch_user(self, access_token: str) -> DiscordUser:
        """Whose ``access_token`` it is."""
        body = await self._request(
            "GET", "/users/@me", headers={"Authorization": f"Bearer {access_token}"}
        )
        try:
            return DiscordUser(
                id=int(body["id"]),
                username=str(body["username"]),
                global_name=_text(body.get("global_name")),
                avatar=_text(body.get("avatar")),
                locale=_text(body.get("locale")),
            )
        except (KeyError, TypeError, ValueError):
            raise OAuthUnavailable("Discord's /users/@me answer is not a user.") from None

    async def _request(
        self,
        method: str,
        path: str,
        *,
        data: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
    ) -> dict[str, Any]:
        timeout = aiohttp.ClientTimeout(total=REQUEST_SECONDS)
        try:
            async with (
                aiohttp.ClientSession(timeout=timeout) as session,
                session.request(
                    method, self.api_base + path, data=data, headers=headers
                ) as response,
            ):
                status = response.status
                try:
                    body = await response.json(content_type=None)
                except ValueError:
                    body = None
        except (aiohttp.ClientError, TimeoutError) as error:
            log.warning("Discord OAuth2: %s %s failed: %s", method, path, type(error).__name__)
            raise OAuthUnavailable(f"Discord could not be reached ({method} {path}).") from None
        if status in (400, 401, 403):
            reason = body.get("error") if isinstance(body, dict) else None
            log.info("Discord OAuth2: %s %s refused (%s, %s)", method, path, status, reason)
            raise OAuthRefused(f"Discord refused {method} {path} ({status}, {reason}).")
        if status != 200 or not isinstance(body, dict):
            log.warning("Discord OAuth2: %s %s answered %s", method, path, status)
            raise OAuthUnavailable(f"Discord answered {method} {path} with {status}.")
        return body


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and value else None
