"""`FakeDiscord`: the running fake, and the API a test drives it with.

It serves the REST routes under /api/v10, the gateway at /gateway and the
JSON control API under /_fake on one aiohttp server on 127.0.0.1, and offers
tests members to act as, faults to inject and the record of what everyone saw.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable
from typing import Any, TypeVar

from aiohttp import web

from . import interactions as ix
from .app_emojis import ApplicationEmojis
from .clock import Clock
from .control import ControlApi
from .entities import FakeChannel
from .faults import FaultPlan, FaultRule
from .gateway import DROPPED, Gateway
from .members import Member
from .messages import Sighting, StoredMessage
from .ratelimits import ChannelBuckets
from .rest import RestApi
from .signals import ChangeSignal
from .snowflakes import HasId, id_of
from .state import DiscordState

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
    ) -> None:
        self.host = host
        self.port = port
        self.clock = Clock()
        self.state = DiscordState(
            self.clock,
            token=token,
            response_window=response_window,
            token_lifetime=token_lifetime,
        )
        # How long a member action waits for the bot's first answer.
        self.reply_timeout = response_window + 0.5 if reply_timeout is None else reply_timeout
        self.faults = FaultPlan()
        self._signal = ChangeSignal()
        self.state.changed = self._signal.notify
        self.gateway = Gateway(self.state, lambda: self.gateway_url, self._signal.notify)
        self.state.emit = self.gateway.dispatch
        self.rest = RestApi(self.state, self.faults)
        self.application_emojis = ApplicationEmojis(self.state)
        self.members: dict[str, Member] = {}
        self._runner: web.AppRunner | None = None

    # -- lifecycle -------------------------------------------------------------

    def build_app(self) -> web.Application:
        app = web.Application()
        self.rest.install(app)
        app.router.add_get("/gateway", self.gateway.handle)
        ControlApi(self).install(app)
        self.application_emojis.install(app)
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
    def channel(self) -> FakeChannel:
        """The channel slash commands run in unless told otherwise (#poker)."""
        return self.state.default_channel

    # -- the world -------------------------------------------------------------

    def add_member(self, name: str) -> Member:
        member = Member(self, self.state.add_user(name))
        self.members[name] = member
        return member

    def add_channel(self, name: str) -> FakeChannel:
        return self.state.add_channel(name)

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
    ) -> FaultRule:
        """Answer the next `count` requests matching `route` with `status`.

        `route` reads like ``"POST /channels/{channel_id}/messages"`` (method optional,
        ``*`` or ``{name}`` for one segment). A 429 carries `retry_after`.
        """
        return self.faults.add(
            route, status=status, retry_after=retry_after, count=count, is_global=is_global
        )

    def enforce_channel_rate_limits(self, limit: int = 5, window: float = 5.0) -> ChannelBuckets:
        """From now on, each channel allows `limit` sends and `limit` edits per `window` s."""
        self.rest.buckets = ChannelBuckets(self.clock, limit, window)
        return self.rest.buckets

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
        """Pretend time passed: interaction deadlines (3 s, 15 min) are measured on it."""
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
        }
