"""Which origins are the room's own: the one question behind every check that
a websocket, a form or a token request comes from the room's page."""

from __future__ import annotations

from aiohttp import web


def own_origins(request: web.Request) -> tuple[str, str]:
    """The room's own origins as ``request`` reached it (http and https, with its port)."""
    return f"http://{request.host}", f"https://{request.host}"
