"""The publisher: table edits that pile up behind a slow channel collapse into the
newest, and the ones that collapse are never rendered."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

import aiohttp
import pytest

from bot.render.message import OutgoingMessage
from bot.tables.outlet import PrivateSlot, TableClick
from bot.tables.publisher import Publisher
from tests.bot.table_fakes import RecordingOutlet


class SlowOutlet(RecordingOutlet):
    """The first table edit hangs until released, like a rate-limited channel."""

    def __init__(self) -> None:
        super().__init__()
        self.release = asyncio.Event()

    async def show_table(
        self, message: OutgoingMessage, *, fresh: bool, clicks: Sequence[TableClick] = ()
    ) -> None:
        await self.release.wait()
        await super().show_table(message, fresh=fresh)


async def test_edits_behind_a_slow_edit_are_rendered_once_as_the_newest() -> None:
    outlet = SlowOutlet()
    publisher = Publisher(outlet)
    rendered: list[str] = []

    def render(text: str) -> OutgoingMessage:
        rendered.append(text)
        return OutgoingMessage(content=text)

    publisher.show_table(lambda: render("hand 1, nobody acted"), fresh=True)
    await asyncio.sleep(0)  # the first edit is on its way and hangs
    for step in ("Ann called", "Ben checked", "Ann bet 10"):
        publisher.show_table(lambda step=step: render(f"hand 1, {step}"))
    outlet.release.set()
    await publisher.drain()

    shown = [delivery.message.content for delivery in outlet.deliveries]
    assert shown == ["hand 1, nobody acted", "hand 1, Ann bet 10"]
    assert rendered == shown  # the two edits that were replaced were never drawn


async def test_a_new_hand_is_never_collapsed_into_an_edit() -> None:
    outlet = SlowOutlet()
    publisher = Publisher(outlet)
    publisher.show_table(lambda: OutgoingMessage(content="hand 1 over"), fresh=False)
    await asyncio.sleep(0)
    publisher.show_table(lambda: OutgoingMessage(content="hand 1 result edit"))
    publisher.show_table(lambda: OutgoingMessage(content="hand 2 dealt"), fresh=True)
    outlet.release.set()
    await publisher.drain()
    assert [(d.message.content, d.fresh) for d in outlet.deliveries] == [
        ("hand 1 over", False),
        ("hand 1 result edit", False),
        ("hand 2 dealt", True),
    ]


class HeldPosts(RecordingOutlet):
    """Discord holds every channel post (its post bucket is used up) until released."""

    def __init__(self) -> None:
        super().__init__()
        self.release = asyncio.Event()

    async def post(self, message: OutgoingMessage) -> None:
        await self.release.wait()
        await super().post(message)

    async def post_notice(self, user_id: int, message: OutgoingMessage) -> int | None:
        await self.release.wait()
        return await super().post_notice(user_id, message)


async def test_a_held_post_or_ping_never_delays_the_table_s_next_edit() -> None:
    outlet = HeldPosts()
    publisher = Publisher(outlet)
    publisher.notify(1, OutgoingMessage(content="<@1>, it is your turn (hand 1)."))
    publisher.post(OutgoingMessage(content="Ann is out of chips."))
    publisher.send_private(2, OutgoingMessage(content="Your cards, hand 1"))
    publisher.show_table(lambda: OutgoingMessage(content="hand 1, Ben called"))
    for _ in range(5):
        await asyncio.sleep(0)
    assert [(d.kind, d.message.content) for d in outlet.deliveries] == [
        ("dm", "Your cards, hand 1"),
        ("table", "hand 1, Ben called"),
    ]  # the ping and the post still wait for Discord; the edit did not wait for them
    outlet.release.set()
    await publisher.drain()
    assert [d.kind for d in outlet.deliveries][2:] == ["notice", "post"]


async def test_dms_in_one_slot_are_one_dm_edited() -> None:
    outlet = RecordingOutlet()
    publisher = Publisher(outlet)
    slot = PrivateSlot()
    for street in ("third street", "seventh street"):
        publisher.send_private(7, OutgoingMessage(content=street), slot=slot)
    publisher.send_private(7, OutgoingMessage(content="another hand"), slot=PrivateSlot())
    await publisher.drain()
    assert [(d.message.content, d.edit) for d in outlet.dms(7)] == [
        ("third street", False),
        ("seventh street", True),
        ("another hand", False),
    ]


class DroppingOutlet(RecordingOutlet):
    """Discord (or a proxy) drops the connection under the first request of each
    kind, before any answer: a keep-alive it closed while the bot reused it."""

    def __init__(self) -> None:
        super().__init__()
        self.dropped = 0

    async def show_table(
        self, message: OutgoingMessage, *, fresh: bool, clicks: Sequence[TableClick] = ()
    ) -> None:
        if self.dropped < 1 or (fresh and self.dropped < 2):
            self.dropped += 1
            raise aiohttp.ServerDisconnectedError()
        await super().show_table(message, fresh=fresh)


async def test_an_edit_lost_to_a_dropped_connection_is_made_again_a_new_message_never_twice(
    caplog: pytest.LogCaptureFixture,
) -> None:
    outlet = DroppingOutlet()
    publisher = Publisher(outlet)
    publisher.show_table(lambda: OutgoingMessage(content="hand 1, Ann bet 10"))
    await publisher.drain()
    # The edit was made again on a new connection: the table shows its state.
    assert [d.message.content for d in outlet.deliveries] == ["hand 1, Ann bet 10"]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    # A new hand's message may have been posted before the drop: not posted again.
    publisher.show_table(lambda: OutgoingMessage(content="hand 2 dealt"), fresh=True)
    await publisher.drain()
    assert [d.message.content for d in outlet.deliveries] == ["hand 1, Ann bet 10"]
