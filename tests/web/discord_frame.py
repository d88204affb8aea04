"""A stand-in for Discord's client around an Activity, for the browser tests.

Discord shows an Activity in a frame of its own page (``https://discord.com``)
loaded from ``https://<application id>.discordsays.com``, its proxy to the
address the operator mapped in the developer portal. In headless Chromium,
with Playwright's routing:

- ``https://discord.com/...`` answers the parent page below: it frames the
  Activity with the query Discord adds (``instance_id``, ``frame_id``,
  ``platform``, ``guild_id``, ``channel_id``) and speaks the Embedded App SDK's
  postMessage protocol as Discord's client does: the handshake (opcode 0)
  answered with the ``READY`` dispatch, ``AUTHORIZE`` answered with a code the
  fake Discord issued for the member (no redirect address), ``AUTHENTICATE``
  with the token's user, anything else with an empty answer;
- ``https://<app>.discordsays.com/<path>`` is Discord's proxy with the root
  mapping ``/`` -> the room (``http://127.0.0.1:<port>/<path>``); its
  websockets are piped to the room the same way, with the Activity's Origin.
  (Playwright routes a redirect's first request only: the room answers the
  Activity's page at the root itself, as it must behind Discord's proxy anyway.)

Every message the page sent to its parent is kept (``DiscordFrame.sent``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode, urlsplit

import aiohttp

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_discord.members import Member

PARENT = """<!doctype html>
<html><head><meta charset="utf-8"><title>Discord</title>
<style>html,body{margin:0;height:100%;background:#313338}
iframe{border:0;width:100%;height:100%;display:block}</style></head>
<body><iframe id="activity" src="__SRC__" allow="autoplay; clipboard-write"></iframe>
<script>
const ACTIVITY = "__ORIGIN__";
const USER = __USER__;
const frame = document.getElementById("activity");
window.sdkMessages = [];
function answer(payload) { frame.contentWindow.postMessage([1, payload], ACTIVITY); }
window.addEventListener("message", async (event) => {
  if (event.origin !== ACTIVITY || !Array.isArray(event.data)) return;
  const [opcode, payload] = event.data;
  window.sdkMessages.push([opcode, payload && (payload.cmd || payload.frame_id)]);
  if (opcode === 0) {
    answer({ cmd: "DISPATCH", evt: "READY", nonce: null, data: {
      v: 1, config: { api_endpoint: "//discord.com/api", environment: "production" },
      user: USER } });
    return;
  }
  if (opcode !== 1) return;
  const reply = { cmd: payload.cmd, evt: null, nonce: payload.nonce };
  if (payload.cmd === "AUTHORIZE") {
    const got = await fetch("/__authorize", { method: "POST" });
    reply.data = { code: (await got.json()).code };
  } else if (payload.cmd === "AUTHENTICATE") {
    reply.data = { access_token: payload.args.access_token,
      user: Object.assign({ public_flags: 0 }, USER), scopes: ["identify"],
      expires: new Date(Date.now() + 604800000).toISOString(),
      application: { id: "__APP__", name: "Croupier", description: "" } };
  } else {
    reply.data = {};
  }
  answer(reply);
});
</script></body></html>
"""


@dataclass
class DiscordFrame:
    """One member's Discord client with the Activity open in a channel."""

    fake: FakeDiscord
    room_port: int
    member: Member
    instance_id: str
    channel_id: int
    guild_id: int
    platform: str = "desktop"
    #: Websocket connections piped to the room, by the path asked for.
    sockets: list[str] = field(default_factory=list)
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)

    @property
    def app(self) -> int:
        return self.fake.application_id

    @property
    def origin(self) -> str:
        return f"https://{self.app}.discordsays.com"

    def activity_url(self) -> str:
        query = urlencode(
            {
                "instance_id": self.instance_id,
                "location_id": f"gc-{self.guild_id}-{self.channel_id}",
                "launch_id": "1",
                "channel_id": self.channel_id,
                "guild_id": self.guild_id,
                "frame_id": secrets.token_hex(8),
                "platform": self.platform,
            }
        )
        return f"{self.origin}/?{query}"

    async def install(self, context: Any) -> None:
        await context.route(f"{self.origin}/**", self._proxy)
        await context.route_web_socket(lambda url: url.startswith(f"wss://{self.app}."), self._pipe)
        await context.route("https://discord.com/**", self._discord)

    async def open(self, page: Any) -> Any:
        """The Activity's frame, in ``page`` (Discord's client)."""
        await page.goto(f"https://discord.com/channels/{self.guild_id}/{self.channel_id}")
        return page.frame_locator("#activity")

    # -- Discord's client ------------------------------------------------

    async def _discord(self, route: Any) -> None:
        path = urlsplit(route.request.url).path
        if path == "/__authorize":
            code = self.fake.activities.authorize(self.member)
            await route.fulfill(json={"code": code})
            return
        user = {
            "id": str(self.member.id),
            "username": self.member.name,
            "discriminator": "0",
            "global_name": self.member.name,
        }
        html = (
            PARENT.replace("__SRC__", self.activity_url())
            .replace("__ORIGIN__", self.origin)
            .replace("__USER__", json.dumps(user))
            .replace("__APP__", str(self.app))
        )
        await route.fulfill(body=html, content_type="text/html")

    # -- Discord's proxy -------------------------------------------------

    async def _proxy(self, route: Any) -> None:
        parts = urlsplit(route.request.url)
        target = f"http://127.0.0.1:{self.room_port}{parts.path}"
        if parts.query:
            target += "?" + parts.query
        response = await route.fetch(url=target, max_redirects=0)
        await route.fulfill(response=response)

    async def _pipe(self, ws: Any) -> None:
        parts = urlsplit(ws.url)
        self.sockets.append(parts.path)
        target = f"ws://127.0.0.1:{self.room_port}{parts.path}"
        if parts.query:
            target += "?" + parts.query
        session = aiohttp.ClientSession()
        try:
            upstream = await session.ws_connect(target, headers={"Origin": self.origin})
        except aiohttp.WSServerHandshakeError as error:
            await session.close()
            await ws.close(code=4000 + min(error.status, 999) % 1000, reason=str(error.status))
            return

        def to_room(message: str | bytes) -> None:
            task = asyncio.get_running_loop().create_task(upstream.send_str(str(message)))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

        async def from_room() -> None:
            try:
                async for message in upstream:
                    if message.type is aiohttp.WSMsgType.TEXT:
                        ws.send(message.data)
            finally:
                with contextlib.suppress(Exception):
                    await ws.close()
                await session.close()

        async def closed(code: int | None, reason: str | None) -> None:
            await upstream.close()

        ws.on_message(to_room)
        ws.on_close(closed)
        task = asyncio.get_running_loop().create_task(from_room())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
