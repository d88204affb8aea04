"""How the bot starts its web surface (the poker room in a browser) without
importing it: the interface it owns, and the surface loaded by name.

``bot`` never imports a surface (DESIGN.md): the Discord client loads the cogs
as extensions by name, and the web room is loaded the same way, by the module
name :data:`WEB_SURFACE`, whose ``create_surface(setup)`` returns a
:class:`WebSurface`. Everything the room needs from the running bot is in
:class:`WebRoomSetup`: the open tables (every action goes through their
:class:`~bot.tables.runner.TableRunner`), the flood limit, and, in local play
(:mod:`bot.local_play`), the one member the browser that knows the room's key
stands for.
"""

from __future__ import annotations

import importlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Final, Protocol, cast

from bot.cooldowns import MemberCooldown
from bot.tables.registry import TableRegistry
from bot.web_routing import Locate

#: The module that serves the room.
WEB_SURFACE: Final = "web"


@dataclass(frozen=True, slots=True)
class LocalMember:
    """The one person of local play: who they are at the table, and the key
    in the address printed for them (a browser without it only watches)."""

    guild_id: int
    user_id: int
    name: str
    key: str


@dataclass(frozen=True, slots=True)
class DiscordSignInSetup:
    """Signing in to the room with Discord (OAuth2), when the operator set it up:
    the application's client, the public address Discord sends players back to,
    and the bot's answer to "is this user a member of that server"."""

    client_id: str
    client_secret: str = field(repr=False)
    #: Discord's API (``https://discord.com/api/v10``; a fake's in tests).
    api_base: str
    public_url: str
    #: ``(guild_id, user_id) -> bool``: whether the bot sees the user as a member there.
    is_member: Callable[[int, int], Awaitable[bool]]


@dataclass(frozen=True, slots=True)
class ActivityInstance:
    """A running instance of the app's Activity, as Discord says (``GET
    /applications/{id}/activity-instances/{instance_id}``): where it runs and who is in it."""

    instance_id: str
    channel_id: int
    guild_id: int | None
    users: frozenset[int]


@dataclass(frozen=True, slots=True)
class ActivitySetup:
    """The table as a Discord Activity (``CROUPIER_ACTIVITY``): what the room's
    ``/activity`` routes need from the bot (web/activity.py)."""

    #: The application's id: its OAuth2 client id, and the ``<id>.discordsays.com`` host.
    application_id: int
    #: The OAuth2 client secret (``CROUPIER_CLIENT_SECRET``): never shown.
    client_secret: str = field(repr=False)
    #: Discord's API (``https://discord.com/api/v10``; a fake Discord's in tests).
    api_base: str = "https://discord.com/api/v10"
    #: Asks Discord about an instance with the bot token (``None``: no such instance).
    instance: Callable[[str], Awaitable[ActivityInstance | None]] | None = None


@dataclass(frozen=True, slots=True)
class WebRoomSetup:
    """What the web room is given by the process that runs the tables."""

    tables: TableRegistry
    host: str = "127.0.0.1"
    #: 0: any free port (the surface's ``url`` says which).
    port: int = 0
    #: The member's flood limit (:mod:`bot.cooldowns`; 0: none).
    flood_limit: int = 20
    local_member: LocalMember | None = None
    #: The members' budget of clicks to share (the Discord client's); ``None``: the
    #: room's own, of ``flood_limit``.
    cooldown: MemberCooldown | None = None
    #: With several processes: which process runs a table this one does not
    #: (:mod:`bot.web_routing`), and this room's own address as the others reach it.
    #: ``None``: every table is here.
    locate: Locate | None = None
    address: str | None = None
    #: Replays: is ``(guild_id, user_id)`` an admin of that guild (who may see the
    #: house's full record of its hands); ``None``: nobody is.
    is_guild_admin: Callable[[int, int], Awaitable[bool]] | None = None
    #: Where a member's Discord avatar is (their CDN address), if the process
    #: knows; ``None``: every player's picture is drawn (:mod:`web.avatars`).
    avatar_url: Callable[[int], str | None] | None = None
    #: Discord sign-in (``None``: nobody signs in; everyone watches but local play's member).
    sign_in: DiscordSignInSetup | None = None
    #: The table as a Discord Activity (``None``: no ``/activity`` routes).
    activity: ActivitySetup | None = None
    #: The name a member sits under in a guild, ``(guild_id, user_id)``, as
    #: ``/poker join`` names them (:func:`bot.render.names.seat_name`); ``None``
    #: or an unknown member: the name the viewer signed in with.
    seat_name: Callable[[int, int], Awaitable[str | None]] | None = None


class WebSurface(Protocol):
    @property
    def url(self) -> str:
        """The room's address once started (``http://host:port``)."""
        ...

    async def start(self) -> None:
        """Listen on the setup's address, in the running event loop."""
        ...

    async def stop(self) -> None:
        """Close every viewer's connection and stop listening."""
        ...


def load_web_surface(setup: WebRoomSetup, module: str = WEB_SURFACE) -> WebSurface:
    """The web surface of ``module``, built for ``setup`` (not started)."""
    create = cast(
        Callable[[WebRoomSetup], WebSurface], importlib.import_module(module).create_surface
    )
    return create(setup)
