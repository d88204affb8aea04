"""`FakeDiscord`: the running fake, and the API a test drives it with.

It serves the REST routes under /api/v10, the gateway at /gateway and the
JSON control API under /_fake on one aiohttp server on 127.0.0.1, and offers
tests guilds, channels, roles and members to act as, permissions to set,
faults to inject, Discord's rate limits (on unless switched off) and the
record of what everyone saw and of every request the fake refused.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable
from typing import Any, TypeVar

from aiohttp import web

from . import interactions as ix
from .activities import FakeActivities
from .clock import Clock
from .control import ControlApi
from .entities import FakeChannel, FakeGuild, FakeRole
from .errors import Refusal
from .faults import FaultPlan, FaultRule
from .gateway import DROPPED, Gateway
from .members import Member
from .messages import Sighting, StoredMessage
from .oauth import FakeOAuth
from .permissions import MEMBER, ROLE
from .ratelimits import DEFAULT_TIME_SCALE, RateLimits
from .rest import SERVER_BODY_MAX, RestApi
from .signals import ChangeSignal
from .snowflakes import HasId, id_of
from .state import DiscordState
from .world import BOT_DEFAULT_PERMISSIONS, GUILDS_INTENT

log = logging.getLogger(__name__)
T = TypeVar("T")

DEFAULT_TOKEN = "fake-bot-token"


class FakeDiscord:
    """A fake Discord on 127.0.0.1 that the real discord.py client talks to."""

    def __init__(
        self,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        token: str = DEFAULT_TOKEN,
        response_window: float = ix.RESPONSE_WINDOW,
        token_lifetime: float = ix.TOKEN_LIFETIME,
        reply_timeout: float | None = None,
        rate_limit_time_scale: float = DEFAULT_TIME_SCALE,
        bot_permissions: int = BOT_DEFAULT_PERMISSIONS,
    ) -> None:
        self.host = host
        self.port = port
        self.clock = Clock()
        self.state = DiscordState(
            self.clock,
            token=token,
            response_window=response_window,
            token_lifetime=token_lifetime,
            bot_permissions=bot_permissions,
        )
        #: Discord's rate limits, on from the start (see ratelimits.py for the clock).
        self.rate_limits = RateLimits(self.clock, rate_limit_time_scale)
        # How long a member action waits for the bot's first answer.
        self.reply_timeout = response_window + 0.5 if reply_timeout is None else reply_timeout
        self.faults = FaultPlan()
        self._signal = ChangeSignal()
        self.state.changed = self._signal.notify
        self.gateway = Gateway(self.state, lambda: self.gateway_url, self._signal.notify)
        self.state.emit = self.gateway.dispatch
        self.rest = RestApi(self.state, self.faults, self.rate_limits)
        self.rest.recommended_shards = lambda: self.gateway.recommended_shards
        #: The application's OAuth2 side: client secret, redirect addresses, codes, tokens.
        self.oauth = FakeOAuth(self.state)
        self.rest.bearer_me = self.oauth.me
        #: The application's own emojis (`emojis`: id -> name and image; `changes`).
        self.application_emojis = self.state.emojis
        #: The app's Activity: `enable()`, the entry point, instances, launches.
        self.activities = FakeActivities(self.state)
        self.activities.oauth = self.oauth
        self.members: dict[str, Member] = {}
        #: The guild's owner, a member tests can act as (everything is allowed to them).
        self.owner = Member(self, self.state.owner)
        self._payloads_expected = False
        self._runner: web.AppRunner | None = None

    # -- lifecycle -------------------------------------------------------------

    def build_app(self) -> web.Application:
        app = web.Application(client_max_size=SERVER_BODY_MAX)
        self.rest.install(app)
        self.oauth.install(app)
        self.activities.install(app)
        app.router.add_get("/gateway", self.gateway.handle)
        ControlApi(self).install(app)
        self.rest.install_catch_all(app)
        return app

    async def start(self) -> FakeDiscord:
        self._runner = web.AppRunner(self.build_app(), handle_signals=False)
        await self._runner.setup()
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((self.host, self.port))
        self.port = listener.getsockname()[1]
        await web.SockSite(self._runner, listener).start()
        self.state.base_url = self.url
        log.info("fake discord listening on %s", self.url)
        return self

    async def stop(self) -> None:
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def api_base(self) -> str:
        """What the bot's `DISCORD_API_BASE` should be."""
        return f"{self.url}/api/v10"

    @property
    def gateway_url(self) -> str:
        """What the bot's `DISCORD_GATEWAY_URL` should be."""
        return f"ws://{self.host}:{self.port}/gateway"

    @property
    def token(self) -> str:
        return self.state.token

    @property
    def application_id(self) -> int:
        return self.state.application_id

    @property
    def guild_id(self) -> int:
        return self.state.guild.id

    @property
    def guild(self) -> FakeGuild:
        """The first guild (where members join and commands run unless told otherwise)."""
        return self.state.guild

    @property
    def channel(self) -> FakeChannel:
        """The channel slash commands run in unless told otherwise (#poker)."""
        return self.state.default_channel

    # -- the world -------------------------------------------------------------

    def add_member(
        self,
        name: str,
        *,
        locale: str = "en-US",
        guild: FakeGuild | None = None,
        nick: str | None = None,
    ) -> Member:
        """A new member of `guild` (the first guild by default) whose Discord client
        speaks `locale` (sent as every interaction's ``locale``), with the server
        nickname ``nick`` if given."""
        member = Member(self, self.state.add_user(name, guild=guild, locale=locale, nick=nick))
        self.members[name] = member
        return member

    def add_guild(
        self, name: str, *, locale: str = "en-US", shard: tuple[int, int] | None = None
    ) -> FakeGuild:
        """Another guild with the bot in it (GUILD_CREATE to the session of its shard
        if it is connected), its own #poker channel (`fake.default_channel_of(guild)`)
        and owner. ``shard=(shard_id, num_shards)`` picks an id on that shard."""
        return self.state.add_guild(name, locale=locale, shard=shard)

    def shard_sessions(self, shard_id: int) -> int:
        """How many connected gateway sessions IDENTIFYed as shard ``shard_id``."""
        return len(self.gateway.sessions_of(shard_id))

    def default_channel_of(self, guild: FakeGuild) -> FakeChannel:
        return self.state.channels[guild.default_channel_id]

    def join(self, member: Member, guild: FakeGuild) -> None:
        """An existing member joins another guild too."""
        self.state.join(member.user, guild)

    def add_channel(self, name: str, *, guild: FakeGuild | None = None) -> FakeChannel:
        return self.state.add_channel(name, guild=guild)

    def delete_channel(self, channel: HasId | int) -> None:
        """A moderator deletes a channel (CHANNEL_DELETE); it answers 404 from then on."""
        self.state.delete_channel(id_of(channel))

    def remove_member(self, member: Member, guild: FakeGuild | None = None) -> None:
        """The member leaves the guild (GUILD_MEMBER_REMOVE, with the members intent)."""
        self.state.leave(member.user, guild or self.state.guild)

    def remove_bot(self, guild: FakeGuild | None = None) -> None:
        """The bot is kicked from a guild: GUILD_DELETE without ``unavailable``."""
        target = guild or self.state.guild
        self.state.emit("GUILD_DELETE", {"id": str(target.id)}, GUILDS_INTENT)
        self.state.changed()

    # -- roles and permissions -----------------------------------------------------

    def add_role(self, name: str, permissions: int, *, guild: FakeGuild | None = None) -> FakeRole:
        return self.state.add_role(guild or self.state.guild, name, permissions)

    def give_role(self, member: Member, role: FakeRole, *, guild: FakeGuild | None = None) -> None:
        self.state.give_role(guild or self.state.guild, member.user, role)

    def set_permissions(
        self,
        channel: HasId | int,
        target: Member | FakeRole | FakeGuild,
        *,
        allow: int = 0,
        deny: int = 0,
    ) -> None:
        """Overwrite a channel's permissions for a member, a role, or everyone (the
        guild itself stands for @everyone), as a moderator would."""
        found = self.state.channel(id_of(channel))
        if isinstance(target, Member):
            self.state.set_overwrite(found, target.id, MEMBER, allow=allow, deny=deny)
        else:
            self.state.set_overwrite(found, target.id, ROLE, allow=allow, deny=deny)

    def permissions_of(self, who: Member | int, channel: HasId | int) -> int:
        """What a member (or the bot, by its id) may do in a channel, as Discord computes it."""
        user_id = who.id if isinstance(who, Member) else who
        return self.state.permissions_in(user_id, self.state.channel(id_of(channel)))

    def set_bot_permissions(self, permissions: int, *, guild: FakeGuild | None = None) -> None:
        """Change what the bot's own role allows in a guild."""
        target = guild or self.state.guild
        role = self.state.bot_role(target)
        role.permissions = permissions
        self.state.emit(
            "GUILD_ROLE_UPDATE", {"guild_id": str(target.id), "role": role.payload()}, GUILDS_INTENT
        )
        self.state.changed()

    # -- threads, emojis -------------------------------------------------------------

    def threads(self, parent: HasId | int | None = None) -> list[FakeChannel]:
        parent_id = None if parent is None else id_of(parent)
        return [
            c
            for c in self.state.channels.values()
            if c.is_thread and (parent_id is None or c.parent_id == parent_id)
        ]

    def archive_thread(self, thread: HasId | int, *, locked: bool = False) -> None:
        self.state.archive_thread(self.state.channel(id_of(thread)), locked=locked)

    # -- refusals ----------------------------------------------------------------------

    @property
    def refusals(self) -> list[Refusal]:
        """Every request the fake refused, in order."""
        return self.state.refusals

    @property
    def invalid_payloads(self) -> list[Refusal]:
        """Refusals for what a request said (bad body, file too big), which a bot
        that respects Discord's rules never sends."""
        return [r for r in self.state.refusals if r.invalid_payload]

    def expect_invalid_payloads(self) -> None:
        """The test sends payloads Discord refuses on purpose: the fixture lets them pass."""
        self._payloads_expected = True

    @property
    def unexpected_invalid_payloads(self) -> list[Refusal]:
        if self._payloads_expected:
            return []
        return self.invalid_payloads

    def messages(self, channel: HasId | int | None = None) -> list[StoredMessage]:
        """Every live message (ephemerals and DMs included), oldest first."""
        channel_id = None if channel is None else id_of(channel)
        return [
            m
            for m in self.state.messages.values()
            if not m.deleted and (channel_id is None or m.channel_id == channel_id)
        ]

    def seen_by(self, member: HasId | int) -> list[Sighting]:
        """Everything a member was shown, in order ("what did Bob see?")."""
        return self.state.seen_by(id_of(member))

    def seen_text(self, member: HasId | int) -> str:
        return "\n".join(s.text for s in self.seen_by(member))

    @property
    def unknown_routes(self) -> list[str]:
        """Requests no route of the fake answered (each also logged as an error)."""
        return self.rest.unknown_routes

    @property
    def internal_errors(self) -> list[str]:
        """Requests the fake failed to answer because of a bug of its own."""
        return self.rest.internal_errors

    # -- waiting -----------------------------------------------------------------

    async def wait_for(self, condition: Callable[[], T], timeout: float = 5.0) -> T:
        """The first truthy `condition()` after any change; `TimeoutError` otherwise."""
        return await self._signal.wait_until(condition, timeout)

    async def wait_for_bot(self, timeout: float = 10.0) -> None:
        """Until a bot is connected to the gateway."""
        await self.wait_for(lambda: bool(self.gateway.connected), timeout)

    # -- faults ------------------------------------------------------------------

    def fail_next(
        self,
        route: str,
        *,
        status: int = 429,
        retry_after: float = 0.3,
        count: int = 1,
        is_global: bool = False,
        skip: int = 0,
    ) -> FaultRule:
        """Answer the next `count` requests matching `route` with `status`, after
        letting `skip` of them through.

        `route` reads like ``"POST /channels/{channel_id}/messages"`` (method optional,
        ``*`` or ``{name}`` for one segment). A 429 carries `retry_after`.
        """
        return self.faults.add(
            route,
            status=status,
            retry_after=retry_after,
            count=count,
            is_global=is_global,
            skip=skip,
        )

    def enforce_channel_rate_limits(self, limit: int = 5, window: float = 5.0) -> RateLimits:
        """From now on, each channel allows `limit` sends and `limit` edits per `window`
        wall-clock seconds (instead of Discord's 5 per 5 s on the rate clock)."""
        self.rate_limits.set_channel_limit(limit, window)
        return self.rate_limits

    async def drop_gateway(
        self, *, code: int = DROPPED, wait_for_resume: bool = True, timeout: float = 10.0
    ) -> int:
        """Close the bot's websocket(s) as a network fault would; by default wait
        until every dropped session has resumed. Returns how many were dropped."""
        before = self.gateway.resumes
        dropped = await self.gateway.drop(code)
        if wait_for_resume and dropped:
            await self.wait_for(lambda: self.gateway.resumes >= before + dropped, timeout)
        return dropped

    def delete_message(self, message: HasId | int) -> None:
        """A moderator deletes a message: it vanishes and MESSAGE_DELETE is dispatched."""
        self.state.delete_message(self.state.message(id_of(message)))

    def advance_clock(self, seconds: float) -> None:
        """Pretend time passed: interaction deadlines (3 s, 15 min) and rate limits are
        measured on it."""
        self.clock.advance(seconds)

    def bot_environment(self) -> dict[str, str]:
        """The settings that point a bot process at this fake."""
        return {
            "DISCORD_TOKEN": self.token,
            "DISCORD_API_BASE": self.api_base,
            "DISCORD_GATEWAY_URL": self.gateway_url,
            "DISCORD_GUILD_ID": str(self.guild_id),
        }

    def describe(self) -> dict[str, Any]:
        """Where everything is, for a bot or test running in another process."""
        return {
            "url": self.url,
            "api_base": self.api_base,
            "gateway_url": self.gateway_url,
            "control_url": f"{self.url}/_fake",
            "token": self.token,
            "application_id": str(self.application_id),
            "guild_id": str(self.guild_id),
            "channel_id": str(self.channel.id),
            "client_secret": self.oauth.client_secret,
        }
