"""Pointing the real discord.py client at the fake, and running one against it.

discord.py reads its REST base from `discord.http.Route.BASE` and its gateway
from `DiscordWebSocket.DEFAULT_GATEWAY`; the product bot patches the same two
from `DISCORD_API_BASE` and `DISCORD_GATEWAY_URL`. `pointed_at` patches and
restores them; `running_client` starts a client in the current event loop and
yields once it is ready.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import TypeVar

import discord
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

ClientT = TypeVar("ClientT", bound=discord.Client)
# What the `start_bot` fixture hands a test: start this client, get it back ready.
StartBot = Callable[[ClientT], Awaitable[ClientT]]


@contextlib.contextmanager
def pointed_at(api_base: str, gateway_url: str) -> Iterator[None]:
    """Within the block, discord.py talks to `api_base` and `gateway_url`."""
    saved_base, saved_gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    try:
        yield
    finally:
        Route.BASE = saved_base
        DiscordWebSocket.DEFAULT_GATEWAY = saved_gateway


@contextlib.asynccontextmanager
async def running_client(
    client: ClientT, token: str, *, timeout: float = 10.0
) -> AsyncIterator[ClientT]:
    """Start `client` (already pointed at the fake), wait for `on_ready`, close after."""
    task = asyncio.create_task(client.start(token), name=f"discord-client-{id(client)}")
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    try:
        while not client.is_ready():
            if task.done():
                task.result()
                raise RuntimeError("the client stopped before it was ready")
            if loop.time() > deadline:
                raise TimeoutError(f"the client was not ready within {timeout} s")
            await asyncio.sleep(0.01)
        yield client
    finally:
        await client.close()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(task, timeout=5)
