"""The fake refuses what Discord refuses, with Discord's answer, citing the rule.

Each payload of the corpus (`refusal_corpus.py`) is sent over HTTP to a fresh
fake, as a bot would send it, and must be refused with Discord's status, JSON
code and ``errors`` tree, citing exactly the one rule it breaks; nothing it
asked for may have happened. Then the other way round: payloads Discord's own
documentation shows as valid are accepted, and every documented rule the fake
applies has at least one payload here that breaks it.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from tests.e2e.fake_discord import FakeDiscord, permissions
from tests.e2e.fake_discord import interactions as ix
from tests.e2e.fake_discord.emojis import AppEmoji
from tests.e2e.fake_discord.entities import FakeChannel
from tests.e2e.fake_discord.rules import RULES, Rule
from tests.e2e.refusal_corpus import ACCEPTED, CASES, Case, button, png, row, text, v2

EXPECTED_MINIMUM = 56


class Harness:
    """A fake with a member, and whatever a case needs to exist before it is sent."""

    def __init__(self, fake: FakeDiscord, http: aiohttp.ClientSession) -> None:
        self.fake = fake
        self.http = http
        self.state = fake.state
        self.ann = fake.add_member("Ann")
        # The corpus is about payloads: one channel takes them all without a pause.
        fake.rate_limits.enabled = False

    def post(self, channel: FakeChannel, body: dict[str, Any]) -> int:
        return self.state.post_message(channel.id, body, []).id

    def deny_bot(self, channel: FakeChannel, bits: int) -> None:
        self.fake.set_permissions(channel, self.fake.guild, deny=0)
        self.state.set_overwrite(channel, self.state.bot.id, permissions.MEMBER, allow=0, deny=bits)

    def thread(self, parent: FakeChannel | None = None) -> FakeChannel:
        parent = parent or self.fake.channel
        return self.state.open_thread(parent.id, {"name": "Table 1", "type": 11})

    def interaction(self, kind: int, source: int | None = None) -> ix.InteractionRecord:
        data = {"name": "poker", "type": 1} if kind == ix.APPLICATION_COMMAND else {}
        message = self.state.messages[source] if source is not None else None
        return self.state.start_interaction(
            self.ann.id, self.fake.channel.id, kind, data, source=message
        )

    async def prepare(self, case: Case) -> dict[str, Any]:
        """The route's parameters, once what the case needs exists."""
        state, fake = self.state, self.fake
        values: dict[str, Any] = {
            "app": state.application_id,
            "guild": fake.guild_id,
            "channel": fake.channel.id,
        }
        need = case.needs
        if need == "message":
            values["message"] = self.post(fake.channel, {"content": "Hand 1"})
        elif need == "v2-message":
            values["message"] = self.post(fake.channel, v2(text()))
        elif need in (
            "command",
            "component",
            "v2-component",
            "modal-submit",
            "v2-modal-submit",
            "answered",
        ):
            source = None
            kind = ix.APPLICATION_COMMAND
            if need == "component":
                source = self.post(fake.channel, {"components": [row(button())]})
                kind = ix.MESSAGE_COMPONENT
            elif need == "v2-component":  # a click on a table message (Components V2)
                source = self.post(fake.channel, v2(text(), row(button())))
                kind = ix.MESSAGE_COMPONENT
            elif need == "modal-submit":  # a form opened by a slash command
                kind = ix.MODAL_SUBMIT
            elif need == "v2-modal-submit":  # a form opened by a button on a table message
                source = self.post(fake.channel, v2(text(), row(button())))
                kind = ix.MODAL_SUBMIT
            record = self.interaction(kind, source)
            if need == "answered":
                state.respond(record.id, record.token, {"type": 5}, [])
            values["interaction"], values["token"] = record.id, record.token
        elif need in ("no-attach", "no-send", "no-view", "no-threads"):
            bits = {
                "no-attach": permissions.ATTACH_FILES,
                "no-send": permissions.SEND_MESSAGES,
                "no-view": permissions.VIEW_CHANNEL,
                "no-threads": permissions.CREATE_PUBLIC_THREADS,
            }[need]
            self.deny_bot(fake.channel, bits)
        elif need == "thread":
            values["channel"] = self.thread().id
        elif need == "message-with-thread":
            message = self.post(fake.channel, {"content": "Table"})
            state.open_thread(fake.channel.id, {"name": "Table"}, message_id=message)
            values["message"] = message
        elif need == "announcements":
            announcements = fake.add_channel("news")
            announcements.type = 5
            values["channel"] = announcements.id
        elif need == "thread-no-send":
            thread = self.thread()
            self.deny_bot(fake.channel, permissions.SEND_MESSAGES_IN_THREADS)
            values["channel"] = thread.id
        elif need == "locked-thread":
            thread = self.thread()
            fake.archive_thread(thread, locked=True)
            self.deny_bot(fake.channel, permissions.MANAGE_THREADS)
            values["channel"] = thread.id
        elif need == "archived-thread":
            thread = self.thread()
            values["message"] = self.post(thread, {"content": "Hand 1"})
            fake.archive_thread(thread)
            values["channel"] = thread.id
        elif need == "2000-emojis":
            for n in range(2000):
                emoji_id = state.ids.next()
                state.emojis.emojis[emoji_id] = AppEmoji(emoji_id, f"e{n}", b"")
        elif need == "emoji":
            values["emoji"] = state.emojis.create({"name": "ace_spades", "image": png(100)}).id
        elif need == "scheduled-event":
            event = state.scheduled_events.create(
                fake.guild_id,
                state.bot.id,
                {
                    "name": "Friday freezeout",
                    "scheduled_start_time": "2026-12-12T19:00:00+00:00",
                    "scheduled_end_time": "2026-12-12T23:00:00+00:00",
                    "privacy_level": 2,
                    "entity_type": 3,
                    "entity_metadata": {"location": "#poker"},
                },
            )
            values["event"] = event.id
        else:
            assert not need, f"unknown need {need!r}"
        return values

    async def send(self, case: Case, values: dict[str, Any]) -> tuple[int, Any]:
        method, template = case.route.split(" ", 1)
        path = template.format(**values)
        url = f"{self.fake.api_base}{path}"
        headers = {"Authorization": f"Bot {self.fake.token}"}
        if case.files:
            form = aiohttp.FormData(quote_fields=False)
            form.add_field("payload_json", json.dumps(case.body), content_type="application/json")
            for index, (name, size) in enumerate(case.files):
                form.add_field(f"files[{index}]", b"\0" * size, filename=name)
            request = self.http.request(method, url, data=form, headers=headers)
        else:
            request = self.http.request(method, url, json=case.body, headers=headers)
        async with request as response:
            if response.status == 204:
                return response.status, {}
            return response.status, await response.json()


@pytest.fixture
async def harness() -> AsyncIterator[Harness]:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
        yield Harness(fake, http)


def error_node(errors: dict[str, Any], path: tuple[str | int, ...]) -> list[dict[str, str]]:
    node: Any = errors
    for key in path:
        node = node[str(key)]
    return list(node["_errors"])


def test_the_corpus_is_large_and_its_ids_are_unique() -> None:
    assert len(CASES) > EXPECTED_MINIMUM
    assert len({case.id for case in CASES}) == len(CASES)


def test_every_documented_rule_has_a_payload_that_breaks_it() -> None:
    broken = {case.source.id for case in CASES if isinstance(case.source, Rule)}
    assert set(RULES) - broken == set()


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
async def test_discord_refuses(harness: Harness, case: Case) -> None:
    values = await harness.prepare(case)
    state = harness.state
    before = {m.id: (m.version, m.content, m.flags) for m in state.messages.values()}
    channels_before = set(state.channels)
    emojis_before = dict(state.emojis.emojis)

    status, body = await harness.send(case, values)

    assert (status, body.get("code")) == (case.status, case.code), body
    if case.field is not None:
        [error] = error_node(body["errors"], case.field)
        assert error["code"] == case.error, body
    else:
        assert "errors" not in body, body
    [refusal] = harness.fake.refusals
    assert set(refusal.sources) == {case.cited}, refusal
    # Nothing happened: no message posted or changed, no thread opened, no emoji made.
    assert {m.id: (m.version, m.content, m.flags) for m in state.messages.values()} == before
    assert set(state.channels) == channels_before
    assert state.emojis.emojis == emojis_before


@pytest.mark.parametrize(("name", "route", "body", "needs"), ACCEPTED, ids=[a[0] for a in ACCEPTED])
async def test_payloads_the_docs_show_are_accepted(
    harness: Harness, name: str, route: str, body: Any, needs: str
) -> None:
    case = Case(name, route, body, None, "", "", needs=needs)
    values = await harness.prepare(case)

    status, answer = await harness.send(case, values)

    assert status in (200, 201, 204), answer
    assert harness.fake.refusals == []
