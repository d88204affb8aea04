"""Fixtures for end-to-end tests against the fake Discord.

`fake_discord` serves a fresh fake on an ephemeral 127.0.0.1 port per test and
fails the test at teardown if the bot called a route the fake does not know,
or sent a payload Discord refuses (unless the test said it would:
``fake.expect_invalid_payloads()``).
`start_bot` starts a discord.py client pointed at it in the same event loop,
waits until it is ready, and closes it (and restores discord.py's urls) after.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import TypeVar

import discord
import pytest

from tests.e2e.fake_discord import FakeDiscord, StartBot, pointed_at, running_client

ClientT = TypeVar("ClientT", bound=discord.Client)


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as fake:
        yield fake
    assert not fake.unknown_routes, f"the bot called routes the fake lacks: {fake.unknown_routes}"
    assert not fake.internal_errors, f"the fake failed on: {fake.internal_errors}"
    refused = fake.unexpected_invalid_payloads
    assert not refused, "Discord would refuse these requests:\n" + "\n".join(map(str, refused))


@pytest.fixture
async def start_bot(fake_discord: FakeDiscord) -> AsyncIterator[StartBot[discord.Client]]:
    async with contextlib.AsyncExitStack() as stack:
        stack.enter_context(pointed_at(fake_discord.api_base, fake_discord.gateway_url))

        async def start(client: ClientT) -> ClientT:
            return await stack.enter_async_context(running_client(client, fake_discord.token))

        yield start
