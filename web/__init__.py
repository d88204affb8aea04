"""The web surface: the poker room in a browser (DESIGN.md, ``web/``).

``web -> bot -> engine``: the room asks the bot's table runners, as the cogs
do, and never imports a cog (nor a cog it). The bot starts it by name through
:mod:`bot.web_surface`, calling :func:`create_surface`.

- :mod:`web.server`: the aiohttp application, its headers and its websocket;
- :mod:`web.room`: each table's viewers, told of every change;
- :mod:`web.frames`: what a viewer is sent, from the public view and their own seat;
- :mod:`web.commands`: what a page may ask, passed to the table runner;
- :mod:`web.viewers`: who a viewer is (local play's key);
- :mod:`web.discord_signin`, :mod:`web.sessions`, :mod:`web.discord_oauth`: signing
  in with Discord (OAuth2), the sessions, the OAuth2 client;
- ``web/static``: the page, its style and its script (no build step).
"""

from __future__ import annotations

from bot.web_surface import WebRoomSetup
from web.server import WebRoomServer

__all__ = ["WebRoomServer", "create_surface"]


def create_surface(setup: WebRoomSetup) -> WebRoomServer:
    """The room for ``setup``, not started yet."""
    return WebRoomServer(setup)
