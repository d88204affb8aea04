"""The REST API under /api/v10: routes, request bodies, JSON answers, faults, limits.

Each route translates an HTTP request into a `DiscordState` operation. The
middleware applies planned faults first, checks the bot token, applies
Discord's rate limits (`ratelimits.py`), and turns an `ApiError` into
Discord's status and JSON, recording the refusal. Request bodies are read as
Discord reads them: JSON, or multipart with ``payload_json`` and ``files[n]``,
up to 25 MiB per request and 10 MiB per file. A route the fake does not know
answers 404 and is logged and recorded, so gaps in the fake show up. JSON
goes out as bytes with ``Content-Type: application/json`` exactly:
discord.py does not parse a body whose type carries a charset.
"""

from __future__ import annotations

import json
import logging
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import BodyPartReader, web

from . import errors as codes
from .entities import DM
from .errors import ApiError, Refusal
from .faults import FaultPlan
from .message_rules import REQUEST_SIZE_MAX, check_files
from .ratelimits import RateLimits
from .scheduled_events import UNKNOWN_SCHEDULED_EVENT
from .state import DiscordState

log = logging.getLogger(__name__)

API = "/api/v10"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
# Routes discord.py calls without the bot token: the interaction token is the credential.
TOKENLESS = (f"{API}/interactions/", f"{API}/webhooks/")
#: The OAuth2 token exchange: the client id and secret are its credentials (oauth.py).
OAUTH_TOKEN = f"{API}/oauth2/token"
#: What the fake's own server reads at most: more than Discord takes, so that a
#: request over Discord's 25 MiB gets Discord's answer (413 / 40005), not aiohttp's.
SERVER_BODY_MAX = REQUEST_SIZE_MAX + 8 * 1024 * 1024
INVALID_STATUSES = frozenset({401, 403, 429})


def json_response(
    body: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    all_headers = {"Content-Type": "application/json"} | (headers or {})
    data = json.dumps(body, separators=(",", ":")).encode()
    return web.Response(body=data, status=status, headers=all_headers)


async def read_body(request: web.Request) -> tuple[Any, list[tuple[str, bytes]]]:
    """The JSON payload and uploaded files, from a JSON or a multipart request.

    The whole body is read before it is judged, so that the client finishes
    sending and its connection is free again, as with Discord.
    """
    if request.content_type.startswith("multipart/"):
        payload: Any = {}
        files: list[tuple[str, bytes]] = []
        total = 0
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            if not isinstance(part, BodyPartReader):
                continue
            data = bytes(await part.read())
            total += len(data)
            if part.name == "payload_json":
                payload = _json(data)
            elif part.name and part.name.startswith("files["):
                files.append((part.filename or "file", data))
        check_files(files, total)
        return payload, files
    raw = await request.read()
    return (_json(raw) if raw else {}), []


def _int(text: str | None) -> int:
    return int(text) if text is not None and text.isdigit() else 0


def _json(raw: bytes) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        raise ApiError(400, codes.INVALID_JSON, "The request body contains invalid JSON.") from None


class RestApi:
    """The routes the bot uses, bound to one state, fault plan and record of gaps."""

    def __init__(self, state: DiscordState, faults: FaultPlan, limits: RateLimits) -> None:
        self.state = state
        self.faults = faults
        self.limits = limits
        self.unknown_routes: list[str] = []
        # Bugs of the fake itself: a route that raised instead of answering.
        self.internal_errors: list[str] = []
        self.requests: list[str] = []
        #: How many requests each route had ("PATCH /channels/{channel}/messages/{message}"),
        #: counted as they arrive (rate-limited ones too): what the load benchmark reads.
        self.route_counts: Counter[str] = Counter()
        #: Of those, the ones answered 429 (a rate limit), by route.
        self.limited_counts: Counter[str] = Counter()
        #: Answers ``GET /users/@me`` with a bearer token (oauth.py's ``FakeOAuth.me``).
        self.bearer_me: Handler | None = None
        #: How many shards ``GET /gateway/bot`` recommends (the gateway's setting).
        self.recommended_shards: Callable[[], int] = lambda: 1

    def install(self, app: web.Application) -> None:
        app.middlewares.append(self._middleware)
        routes: list[tuple[str, str, Handler]] = [
            ("GET", "/users/@me", self._me),
            ("GET", "/oauth2/applications/@me", self._application),
            ("GET", "/applications/@me", self._application),
            ("GET", "/gateway", self._gateway),
            ("GET", "/gateway/bot", self._gateway),
            ("GET", "/applications/{app}/commands", self._list_commands),
            ("PUT", "/applications/{app}/commands", self._put_commands),
            ("GET", "/applications/{app}/guilds/{guild}/commands", self._list_commands),
            ("PUT", "/applications/{app}/guilds/{guild}/commands", self._put_commands),
            ("GET", "/applications/{app}/emojis", self._list_emojis),
            ("POST", "/applications/{app}/emojis", self._create_emoji),
            ("GET", "/applications/{app}/emojis/{emoji}", self._get_emoji),
            ("PATCH", "/applications/{app}/emojis/{emoji}", self._edit_emoji),
            ("DELETE", "/applications/{app}/emojis/{emoji}", self._delete_emoji),
            ("POST", "/users/@me/channels", self._open_dm),
            ("GET", "/users/{user}", self._user),
            ("GET", "/guilds/{guild}", self._guild),
            ("GET", "/guilds/{guild}/channels", self._guild_channels),
            ("GET", "/guilds/{guild}/members", self._members),
            ("GET", "/guilds/{guild}/members/{user}", self._member),
            ("GET", "/guilds/{guild}/scheduled-events", self._list_events),
            ("POST", "/guilds/{guild}/scheduled-events", self._create_event),
            ("GET", "/guilds/{guild}/scheduled-events/{event}", self._get_event),
            ("PATCH", "/guilds/{guild}/scheduled-events/{event}", self._edit_event),
            ("DELETE", "/guilds/{guild}/scheduled-events/{event}", self._delete_event),
            ("GET", "/channels/{channel}", self._channel),
            ("POST", "/channels/{channel}/threads", self._open_thread),
            ("PUT", "/channels/{channel}/thread-members/{user}", self._add_thread_member),
            ("DELETE", "/channels/{channel}/thread-members/{user}", self._remove_thread_member),
            ("GET", "/channels/{channel}/messages", self._history),
            ("POST", "/channels/{channel}/messages", self._post_message),
            ("GET", "/channels/{channel}/messages/{message}", self._get_message),
            ("PATCH", "/channels/{channel}/messages/{message}", self._edit_message),
            ("DELETE", "/channels/{channel}/messages/{message}", self._delete_message),
            ("POST", "/channels/{channel}/messages/{message}/threads", self._open_thread),
            ("POST", "/channels/{channel}/typing", self._typing),
            ("POST", "/interactions/{interaction}/{token}/callback", self._callback),
            ("POST", "/webhooks/{app}/{token}", self._followup),
            ("GET", "/webhooks/{app}/{token}/messages/{message}", self._get_webhook_message),
            ("PATCH", "/webhooks/{app}/{token}/messages/{message}", self._edit_webhook_message),
            ("DELETE", "/webhooks/{app}/{token}/messages/{message}", self._delete_webhook_message),
        ]
        for method, path, handler in routes:
            app.router.add_route(method, API + path, handler)
        app.router.add_get("/attachments/{attachment}/{filename}", self._attachment)

    def install_catch_all(self, app: web.Application) -> None:
        """Register last: everything no other route claimed."""
        app.router.add_route("*", "/{tail:.*}", self._unknown)

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        path = request.path
        if not path.startswith(API):
            return await handler(request)
        response = await self._answer(request, handler)
        if response.status in INVALID_STATUSES:
            self.limits.count_invalid()
        return response

    async def _answer(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        path = request.path
        relative = path[len(API) :]
        self.requests.append(f"{request.method} {path}")
        resource = request.match_info.route.resource
        template = resource.canonical[len(API) :] if resource is not None else "?"
        channel = self.state.channels.get(_int(request.match_info.get("channel")))
        if channel is not None and channel.type == DM:  # a DM told apart from a table's channel
            template = template.replace("{channel}", "{dm_channel}")
        route = f"{request.method} {template}"
        self.route_counts[route] += 1
        rule = self.faults.take(request.method, path)
        if rule is not None:
            log.info("fake discord: injected %s on %s %s", rule.status, request.method, path)
            status, body, headers = rule.response()
            return json_response(body, status, headers)
        authorization = request.headers.get("Authorization", "")
        if path == OAUTH_TOKEN and request.method == "POST":
            return await handler(request)  # the client secret is the credential
        bearer = authorization.startswith("Bearer ")
        if relative == "/users/@me" and bearer and self.bearer_me is not None:
            return await self.bearer_me(request)  # a user's OAuth2 token, not the bot's
        if not path.startswith(TOKENLESS) and request.headers.get("Authorization") != (
            f"Bot {self.state.token}"
        ):
            return json_response({"message": "401: Unauthorized", "code": 0}, 401)
        headers, retry_after, scope = self.limits.take(request.method, relative)
        if retry_after is not None:
            body = {
                "message": "You are being rate limited.",
                "retry_after": round(retry_after, 3),
                "global": scope == "global",
                "code": 0,
            }
            self.limited_counts[route] += 1
            return json_response(body, 429, headers | {"Via": "1.1 google"})
        try:
            response = await handler(request)
            response.headers.update(headers)
            return response
        except ApiError as error:
            self.state.refused(
                Refusal(
                    request.method,
                    relative,
                    error.status,
                    error.code,
                    error.body(),
                    error.sources,
                )
            )
            if error.code in codes.PAYLOAD_CODES:
                log.warning(
                    "fake discord: refused %s %s: %s %s",
                    request.method,
                    relative,
                    error.body(),
                    error.sources,
                )
            return json_response(error.body(), error.status, headers)
        except web.HTTPException:
            raise
        except ConnectionResetError:
            # The client went away while its request was read (a bot killed in the
            # middle of an upload): nobody is left to answer, and the fake is fine.
            log.info("fake discord: %s %s: the client went away", request.method, path)
            return web.Response(status=400)
        except Exception as bug:
            self.internal_errors.append(f"{request.method} {path}: {bug!r}")
            log.exception("fake discord: BUG while answering %s %s", request.method, path)
            # 400, not 500: discord.py would retry a 500 and hide the bug.
            return json_response({"message": f"fake discord bug: {bug!r}", "code": 0}, 400)

    async def _unknown(self, request: web.Request) -> web.Response:
        route = f"{request.method} {request.path}"
        self.unknown_routes.append(route)
        log.error("fake discord: NO ROUTE for %s (answering 404)", route)
        return json_response({"message": "404: Not Found", "code": 0}, 404)

    # -- identity ------------------------------------------------------------

    async def _me(self, request: web.Request) -> web.Response:
        return json_response(self.state.bot.payload() | {"verified": True, "flags": 0})

    async def _application(self, request: web.Request) -> web.Response:
        state = self.state
        owner = state.owner.payload()
        return json_response(
            {
                "id": str(state.application_id),
                "name": state.bot.username,
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": owner,
                "verify_key": "0" * 64,
                "flags": 0,
                "team": None,
                "bot": state.bot.payload(),
            }
        )

    async def _gateway(self, request: web.Request) -> web.Response:
        url = str(request.url.with_scheme("ws").with_path("/gateway").with_query(None))
        return json_response(
            {
                "url": url,
                "shards": self.recommended_shards(),
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    # -- application commands and emojis -------------------------------------

    def _check_app(self, request: web.Request) -> None:
        if int(request.match_info["app"]) != self.state.application_id:
            raise ApiError(403, codes.MISSING_ACCESS, "Missing Access")

    def _scope(self, request: web.Request) -> int | None:
        self._check_app(request)
        guild = request.match_info.get("guild")
        if guild is None:
            return None
        self.state.guild_of(int(guild))
        return int(guild)

    async def _list_commands(self, request: web.Request) -> web.Response:
        return json_response(self.state.commands.listed(self._scope(request)))

    async def _put_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        body, _ = await read_body(request)
        return json_response(self.state.replace_commands(scope, body))

    async def _list_emojis(self, request: web.Request) -> web.Response:
        self._check_app(request)
        owner = self.state.bot
        items = [e.payload(owner) for e in self.state.emojis.emojis.values()]
        return json_response({"items": items})

    async def _create_emoji(self, request: web.Request) -> web.Response:
        self._check_app(request)
        body, _ = await read_body(request)
        emoji = self.state.emojis.create(body)
        return json_response(emoji.payload(self.state.bot), 201)

    async def _get_emoji(self, request: web.Request) -> web.Response:
        self._check_app(request)
        emoji = self.state.emojis.get(_int_of(request, "emoji", codes.UNKNOWN_EMOJI, "Emoji"))
        return json_response(emoji.payload(self.state.bot))

    async def _edit_emoji(self, request: web.Request) -> web.Response:
        self._check_app(request)
        body, _ = await read_body(request)
        emoji_id = _int_of(request, "emoji", codes.UNKNOWN_EMOJI, "Emoji")
        return json_response(self.state.emojis.edit(emoji_id, body).payload(self.state.bot))

    async def _delete_emoji(self, request: web.Request) -> web.Response:
        self._check_app(request)
        self.state.emojis.delete(_int_of(request, "emoji", codes.UNKNOWN_EMOJI, "Emoji"))
        return web.Response(status=204)

    # -- users, guild, channels ---------------------------------------------

    async def _open_dm(self, request: web.Request) -> web.Response:
        body, _ = await read_body(request)
        channel = self.state.open_dm(int(body["recipient_id"]))
        return json_response(self.state.channel_payload(channel))

    async def _user(self, request: web.Request) -> web.Response:
        return json_response(self.state.user(int(request.match_info["user"])).payload())

    def _guild_of(self, request: web.Request) -> Any:
        return self.state.guild_of(_int_of(request, "guild", codes.UNKNOWN_GUILD, "Guild"))

    async def _guild(self, request: web.Request) -> web.Response:
        body = self.state.guild_payload(self._guild_of(request))
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            body.pop(key)
        return json_response(body)

    # -- scheduled events (scheduled_events.py) ------------------------------

    async def _list_events(self, request: web.Request) -> web.Response:
        guild = self._guild_of(request)
        events = self.state.scheduled_events.of_guild(guild.id)
        return json_response([event.payload() for event in events])

    async def _create_event(self, request: web.Request) -> web.Response:
        guild = self._guild_of(request)
        body, _ = await read_body(request)
        event = self.state.scheduled_events.create(guild.id, self.state.bot.id, body)
        self.state.changed()
        return json_response(event.payload())

    def _event_id(self, request: web.Request) -> int:
        return _int_of(request, "event", UNKNOWN_SCHEDULED_EVENT, "Guild Scheduled Event")

    async def _get_event(self, request: web.Request) -> web.Response:
        guild = self._guild_of(request)
        event = self.state.scheduled_events.get(guild.id, self._event_id(request))
        return json_response(event.payload())

    async def _edit_event(self, request: web.Request) -> web.Response:
        guild = self._guild_of(request)
        body, _ = await read_body(request)
        event = self.state.scheduled_events.edit(guild.id, self._event_id(request), body)
        self.state.changed()
        return json_response(event.payload())

    async def _delete_event(self, request: web.Request) -> web.Response:
        guild = self._guild_of(request)
        self.state.scheduled_events.delete(guild.id, self._event_id(request))
        self.state.changed()
        return web.Response(status=204)

    async def _guild_channels(self, request: web.Request) -> web.Response:
        guild = self._guild_of(request)
        state = self.state
        return json_response([state.channel_payload(state.channels[c]) for c in guild.channel_ids])

    async def _members(self, request: web.Request) -> web.Response:
        guild = self._guild_of(request)
        state = self.state
        return json_response([state.member_payload(guild, state.users[m]) for m in guild.members])

    async def _member(self, request: web.Request) -> web.Response:
        guild = self._guild_of(request)
        user_id = int(request.match_info["user"])
        state = self.state
        membership_user = state.users.get(user_id)
        if membership_user is None or user_id not in guild.members:
            raise ApiError(404, codes.UNKNOWN_MEMBER, "Unknown Member")
        return json_response(state.member_payload(guild, membership_user))

    async def _channel(self, request: web.Request) -> web.Response:
        channel = self.state.channel(int(request.match_info["channel"]))
        return json_response(self.state.channel_payload(channel))

    async def _typing(self, request: web.Request) -> web.Response:
        self.state.channel(int(request.match_info["channel"]))
        return web.Response(status=204)

    async def _open_thread(self, request: web.Request) -> web.Response:
        body, _ = await read_body(request)
        message = request.match_info.get("message")
        thread = self.state.open_thread(
            int(request.match_info["channel"]),
            body,
            message_id=int(message) if message is not None else None,
        )
        return json_response(self.state.channel_payload(thread), 201)

    async def _add_thread_member(self, request: web.Request) -> web.Response:
        user = request.match_info["user"]
        user_id = self.state.bot.id if user == "@me" else int(user)
        self.state.add_thread_member(int(request.match_info["channel"]), user_id)
        return web.Response(status=204)

    async def _remove_thread_member(self, request: web.Request) -> web.Response:
        user = request.match_info["user"]
        user_id = self.state.bot.id if user == "@me" else int(user)
        self.state.remove_thread_member(int(request.match_info["channel"]), user_id)
        return web.Response(status=204)

    # -- channel messages ----------------------------------------------------

    async def _history(self, request: web.Request) -> web.Response:
        state = self.state
        channel_id = int(request.match_info["channel"])
        state.channel(channel_id)
        limit = int(request.query.get("limit", 50))
        before = int(request.query.get("before", 2**63))
        after = int(request.query.get("after", 0))
        found = [
            m
            for m in state.messages.values()
            if m.channel_id == channel_id
            and not m.deleted
            and not m.ephemeral
            and after < m.id < before
        ]
        newest_first = sorted(found, key=lambda m: m.id, reverse=True)[:limit]
        return json_response([state.message_payload(m) for m in newest_first])

    async def _post_message(self, request: web.Request) -> web.Response:
        body, files = await read_body(request)
        message = self.state.post_message(int(request.match_info["channel"]), body, files)
        return json_response(self.state.message_payload(message))

    async def _get_message(self, request: web.Request) -> web.Response:
        message = self.state.channel_message(
            int(request.match_info["channel"]), int(request.match_info["message"])
        )
        return json_response(self.state.message_payload(message))

    async def _edit_message(self, request: web.Request) -> web.Response:
        body, files = await read_body(request)
        message = self.state.edit_channel_message(
            int(request.match_info["channel"]), int(request.match_info["message"]), body, files
        )
        return json_response(self.state.message_payload(message))

    async def _delete_message(self, request: web.Request) -> web.Response:
        message = self.state.channel_message(
            int(request.match_info["channel"]), int(request.match_info["message"])
        )
        self.state.delete_message(message)
        return web.Response(status=204)

    # -- interactions and their webhooks --------------------------------------

    async def _callback(self, request: web.Request) -> web.Response:
        body, files = await read_body(request)
        answer = self.state.respond(
            int(request.match_info["interaction"]), request.match_info["token"], body, files
        )
        if request.query.get("with_response") in ("1", "true", "True"):
            return json_response(answer)
        return web.Response(status=204)

    def _record(self, request: web.Request) -> Any:
        return self.state.webhook_record(
            int(request.match_info["app"]), request.match_info["token"]
        )

    async def _followup(self, request: web.Request) -> web.Response:
        record = self._record(request)
        body, files = await read_body(request)
        message = self.state.followup(record, body, files)
        if request.query.get("wait") in ("1", "true", "True"):
            return json_response(self.state.message_payload(message))
        return web.Response(status=204)

    async def _get_webhook_message(self, request: web.Request) -> web.Response:
        message = self.state.webhook_message(self._record(request), request.match_info["message"])
        return json_response(self.state.message_payload(message))

    async def _edit_webhook_message(self, request: web.Request) -> web.Response:
        record = self._record(request)
        message = self.state.webhook_message(record, request.match_info["message"])
        body, files = await read_body(request)
        self.state.edit_message(message, body, files)
        return json_response(self.state.message_payload(message))

    async def _delete_webhook_message(self, request: web.Request) -> web.Response:
        record = self._record(request)
        message = self.state.webhook_message(record, request.match_info["message"])
        self.state.delete_message(message)
        return web.Response(status=204)

    async def _attachment(self, request: web.Request) -> web.Response:
        attachment_id = int(request.match_info["attachment"])
        for message in self.state.messages.values():
            for attachment in message.attachments:
                if attachment.id == attachment_id:
                    return web.Response(body=attachment.data, content_type=attachment.content_type)
        return json_response({"message": "404: Not Found", "code": 0}, 404)


def _int_of(request: web.Request, key: str, code: int, what: str) -> int:
    try:
        return int(request.match_info[key])
    except ValueError:
        raise ApiError(404, code, f"Unknown {what}") from None
