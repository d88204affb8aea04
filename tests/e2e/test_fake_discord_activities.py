"""The fake Discord's Activity, asked over HTTP as a bot asks it: the entry point
command Discord creates when Activities are enabled, the bulk overwrite that
would drop it refused (400, 50240) as Discord refuses it, and the
activity-instance lookup (bot token; 404 for an instance that is not running)."""

from __future__ import annotations

from typing import Any

import aiohttp

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_discord.activities import CANNOT_REMOVE_ENTRY_POINT

POKER = {"name": "poker", "type": 1, "description": "Play poker"}


async def call(
    fake: FakeDiscord, method: str, path: str, body: Any = None, *, token: str | None = None
) -> tuple[int, Any]:
    headers = {"Authorization": f"Bot {token or fake.token}"}
    async with (
        aiohttp.ClientSession() as http,
        http.request(method, fake.api_base + path, json=body, headers=headers) as answer,
    ):
        return answer.status, await answer.json()


async def test_a_bulk_overwrite_must_keep_the_entry_point() -> None:
    async with FakeDiscord() as fake:
        app = fake.application_id
        # Before Activities are enabled anything goes.
        assert (await call(fake, "PUT", f"/applications/{app}/commands", [POKER]))[0] == 200
        entry = fake.activities.enable()
        assert entry["type"] == 4 and entry["handler"] == 2
        status, listed = await call(fake, "GET", f"/applications/{app}/commands")
        assert status == 200 and {c["name"] for c in listed} == {"poker", "launch"}
        status, body = await call(fake, "PUT", f"/applications/{app}/commands", [POKER])
        assert (status, body["code"]) == (400, CANNOT_REMOVE_ENTRY_POINT)
        assert "Entry Point" in body["message"]
        assert fake.activities.entry_point() is not None  # nothing changed
        kept = {k: entry[k] for k in ("name", "type", "handler", "description")}
        status, body = await call(fake, "PUT", f"/applications/{app}/commands", [POKER, kept])
        assert status == 200 and {c["name"] for c in body} == {"poker", "launch"}
        # A guild's commands are another scope: the entry point is global.
        guild_path = f"/applications/{app}/guilds/{fake.guild_id}/commands"
        assert (await call(fake, "PUT", guild_path, [POKER]))[0] == 200


async def test_an_instance_is_known_while_it_runs_and_only_to_the_app() -> None:
    async with FakeDiscord() as fake:
        fake.activities.enable()
        app = fake.application_id
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        status, body = await call(fake, "GET", f"/applications/{app}/activity-instances/i-nope")
        assert status == 404
        instance = fake.activities.run_entry_point(ann)
        assert fake.activities.run_entry_point(ben).instance_id == instance.instance_id
        path = f"/applications/{app}/activity-instances/{instance.instance_id}"
        status, body = await call(fake, "GET", path)
        assert status == 200
        assert body["location"]["channel_id"] == str(fake.channel.id)
        assert body["location"]["guild_id"] == str(fake.guild_id)
        assert body["location"]["kind"] == "gc"
        assert body["users"] == [str(ann.id), str(ben.id)]
        assert (await call(fake, "GET", path, token="not-the-bot"))[0] == 401
        other = f"/applications/{app + 1}/activity-instances/{instance.instance_id}"
        assert (await call(fake, "GET", other))[0] == 403
        fake.activities.leave(ann.id, instance.instance_id)
        fake.activities.leave(ben.id, instance.instance_id)
        assert (await call(fake, "GET", path))[0] == 404  # the last one out ends it
