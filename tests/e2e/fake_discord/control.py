"""The JSON control API under /_fake, for tests whose bot runs in another process.

A restart or kill test starts the fake (``python -m tests.e2e.fake_discord``)
and the bot as separate processes; the test then drives members through these
endpoints, which mirror the in-process `FakeDiscord` / `Member` API:

====================================  ==========================================
``GET  /_fake/info``                  urls, token, ids, gateway sessions, commands
``POST /_fake/members``               ``{"name"}`` -> ``{"id"}``
``POST /_fake/members/{id}/slash``    ``{"command", "subcommands", "options"}``
``POST /_fake/members/{id}/click``    ``{"label"}`` or ``{"custom_id"}``, ``message_id``
``POST /_fake/members/{id}/select``   ``{"menu", "values"}``
``POST /_fake/members/{id}/modal``    ``{"values": {input: text}}``
``POST /_fake/members/{id}/dms``      ``{"open": false}``
``GET  /_fake/members/{id}/seen``     every sighting, in order
``GET  /_fake/members/{id}/visible``  messages visible now
``POST /_fake/faults``                ``{"route", "status", "retry_after", "count"}``
``POST /_fake/gateway/drop``          drop the bot's websocket, wait for RESUME
``DELETE /_fake/messages/{id}``       a moderator deletes a message
``POST /_fake/wait_for_bot``          ``{"timeout"}``: until a bot is connected
====================================  ==========================================

Actions answer ``{"reply": {...}}`` (the bot's answer) or
``{"error": kind, "message"}`` with status 409 when Discord's client or the
bot would not let it happen (no such button, option out of range, no answer).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .commands import OptionRejected
from .errors import ApiError
from .members import ComponentNotFound, Member, ModalRejected
from .messages import StoredMessage
from .replies import NoResponse, Reply
from .rest import json_response, read_body

if TYPE_CHECKING:
    from .server import FakeDiscord

PREFIX = "/_fake"
Handler = Callable[[web.Request], Awaitable[web.Response]]


def message_json(message: StoredMessage) -> dict[str, Any]:
    return {
        "id": str(message.id),
        "channel_id": str(message.channel_id),
        "kind": message.kind,
        "content": message.content,
        "embeds": message.embeds,
        "button_labels": message.button_labels,
        "ephemeral": message.ephemeral,
        "text": message.text(),
    }


def reply_json(reply: Reply) -> dict[str, Any]:
    return {
        "interaction_id": str(reply.interaction.id),
        "type": reply.type,
        "ephemeral": reply.ephemeral,
        "content": reply.content,
        "embeds": reply.embeds,
        "button_labels": reply.button_labels,
        "modal": reply.modal,
        "text": reply.text,
        "message": message_json(reply.message) if reply.message else None,
        "followups": [message_json(m) for m in reply.followups],
    }


class ControlApi:
    """Routes that let another process act on the fake."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake

    def install(self, app: web.Application) -> None:
        routes: list[tuple[str, str, Handler]] = [
            ("GET", "/info", self._info),
            ("POST", "/members", self._add_member),
            ("POST", "/members/{id}/slash", self._slash),
            ("POST", "/members/{id}/click", self._click),
            ("POST", "/members/{id}/select", self._select),
            ("POST", "/members/{id}/modal", self._modal),
            ("POST", "/members/{id}/dms", self._dms),
            ("GET", "/members/{id}/seen", self._seen),
            ("GET", "/members/{id}/visible", self._visible),
            ("POST", "/faults", self._fault),
            ("POST", "/gateway/drop", self._drop),
            ("DELETE", "/messages/{id}", self._delete),
            ("POST", "/wait_for_bot", self._wait_for_bot),
        ]
        for method, path, handler in routes:
            app.router.add_route(method, PREFIX + path, self._guarded(handler))

    @staticmethod
    def _guarded(handler: Handler) -> Handler:
        async def run(request: web.Request) -> web.Response:
            try:
                return await handler(request)
            except (OptionRejected, ComponentNotFound, ModalRejected, NoResponse) as refusal:
                kind = type(refusal).__name__
                return json_response({"error": kind, "message": str(refusal)}, 409)
            except ApiError as error:
                return json_response({"error": "ApiError", **error.body()}, error.status)
            except TimeoutError:
                return json_response({"error": "TimeoutError", "message": "timed out"}, 409)
            except (KeyError, ValueError, TypeError) as bad:
                return json_response({"error": "BadRequest", "message": repr(bad)}, 400)

        return run

    def _member(self, request: web.Request) -> Member:
        user = self.fake.state.user(int(request.match_info["id"]))
        return Member(self.fake, user)

    async def _info(self, request: web.Request) -> web.Response:
        info = self.fake.describe()
        info["connected_sessions"] = len(self.fake.gateway.connected)
        info["members"] = {m.name: str(m.id) for m in self.fake.members.values()}
        info["synced_commands"] = self.fake.state.commands.names()
        return json_response(info)

    async def _add_member(self, request: web.Request) -> web.Response:
        body, _ = await read_body(request)
        member = self.fake.add_member(str(body["name"]))
        return json_response({"id": str(member.id), "name": member.name})

    async def _slash(self, request: web.Request) -> web.Response:
        body, _ = await read_body(request)
        reply = await self._member(request).slash(
            str(body["command"]),
            *[str(s) for s in body.get("subcommands") or []],
            options=body.get("options") or {},
            channel=int(body["channel_id"]) if body.get("channel_id") else None,
            timeout=body.get("timeout"),
        )
        return json_response({"reply": reply_json(reply)})

    async def _click(self, request: web.Request) -> web.Response:
        body, _ = await read_body(request)
        reply = await self._member(request).click(
            body.get("label"),
            custom_id=body.get("custom_id"),
            message=int(body["message_id"]) if body.get("message_id") else None,
            timeout=body.get("timeout"),
        )
        return json_response({"reply": reply_json(reply)})

    async def _select(self, request: web.Request) -> web.Response:
        body, _ = await read_body(request)
        reply = await self._member(request).select(
            str(body["menu"]),
            list(body["values"]),
            message=int(body["message_id"]) if body.get("message_id") else None,
            timeout=body.get("timeout"),
        )
        return json_response({"reply": reply_json(reply)})

    async def _modal(self, request: web.Request) -> web.Response:
        body, _ = await read_body(request)
        reply = await self._member(request).submit_modal(
            dict(body["values"]), timeout=body.get("timeout")
        )
        return json_response({"reply": reply_json(reply)})

    async def _dms(self, request: web.Request) -> web.Response:
        body, _ = await read_body(request)
        member = self._member(request)
        if body.get("open", True):
            member.open_dms()
        else:
            member.close_dms()
        return json_response({"open": member.user.dms_open})

    async def _seen(self, request: web.Request) -> web.Response:
        return json_response([s.as_json() for s in self._member(request).seen()])

    async def _visible(self, request: web.Request) -> web.Response:
        return json_response([message_json(m) for m in self._member(request).visible_messages()])

    async def _fault(self, request: web.Request) -> web.Response:
        body, _ = await read_body(request)
        self.fake.fail_next(
            str(body["route"]),
            status=int(body.get("status", 429)),
            retry_after=float(body.get("retry_after", 0.3)),
            count=int(body.get("count", 1)),
            is_global=bool(body.get("global", False)),
        )
        return json_response({"ok": True})

    async def _drop(self, request: web.Request) -> web.Response:
        return json_response({"dropped": await self.fake.drop_gateway()})

    async def _delete(self, request: web.Request) -> web.Response:
        self.fake.delete_message(int(request.match_info["id"]))
        return json_response({"ok": True})

    async def _wait_for_bot(self, request: web.Request) -> web.Response:
        body, _ = await read_body(request)
        await self.fake.wait_for_bot(float(body.get("timeout", 10.0)))
        return json_response({"ok": True})
