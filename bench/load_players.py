"""The crowd of the load benchmark: six players at each of many tables, each
acting the moment the table message says it is their turn.

The crowd listens to the gateway events the fake sends the bot (a table
message created or edited, a result posted) rather than polling, so thousands
of players cost the fake almost nothing while they wait. A player clicks
without waiting for the answer: the fake records when every interaction was
created and when it was acknowledged, and the benchmark reads that afterwards.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from typing import Any

from bot.render.custom_ids import table_button_id
from tests.e2e.fake_discord import ComponentNotFound, FakeDiscord, Member, StoredMessage
from tests.e2e.fake_discord.interactions import InteractionRecord
from tests.e2e.table_view import RESULT_TITLE, Turn, is_table_message, turn_of

#: What a player does when it is their turn, by weight: mostly calling, some
#: folding and min-raising, never all in (a busted player would stop a table).
#: At the showdown a hand that cannot win is the player's turn too (show or
#: muck, the only buttons then): it is mucked.
MOVES = {"call": 75, "fold": 15, "min": 10, "muck": 1}
#: A table whose message has not moved for this long is looked at again.
STALL_SECONDS = 5.0
#: The answers to a click the bot took: acknowledged, the message to be edited later;
#: or the message edited in the answer itself.
DEFERRED_UPDATE = 6
UPDATE = 7


class TableDriver:
    """The players of one table channel."""

    def __init__(self, channel_id: int, members: list[Member], seed: int) -> None:
        self.channel_id = channel_id
        self.by_name = {member.name: member for member in members}
        self.rng = random.Random(seed)
        self.last_key: tuple[int, int] | None = None
        self.last_progress = time.monotonic()
        self.latest: StoredMessage | None = None
        #: Players wait until every table is seated, so setting up is not timed under load.
        self.playing = False
        #: When each hand's result was posted (monotonic seconds).
        self.results: list[float] = []
        self.clicks = 0
        self._clicked_at: float | None = None
        #: (when, seconds) from a click to the table message showing the next turn.
        self.turnarounds: list[tuple[float, float]] = []
        self._tasks: set[asyncio.Task[None]] = set()
        self._last_click: InteractionRecord | None = None

    def saw(self, message: StoredMessage) -> None:
        """A message of this channel was created or edited."""
        if is_table_message(message):
            self.latest = message
            turn = turn_of(message)
            if turn is not None and (self.last_key is None or turn.key > self.last_key):
                self._take(turn)
        elif message.embeds and RESULT_TITLE.fullmatch(str(message.embeds[0].get("title", ""))):
            self.results.append(time.monotonic())

    def start(self) -> None:
        """Start playing: take the turn the table message shows now."""
        self.playing = True
        self.last_progress = 0.0
        self.nudge()

    def nudge(self) -> None:
        """Act again on the newest table message if nothing has moved for a while
        and the last click was refused (the table had moved on meanwhile). A click
        the bot has not answered, or took but has not played yet (a busy bot), is not
        clicked again: that would only be refused, and count as work the bot did
        for a player (the clock acts for a player whose click was lost)."""
        if time.monotonic() - self.last_progress < STALL_SECONDS or self.latest is None:
            return
        last = self._last_click
        taken_or_on_its_way = last is not None and last.response_type in (
            None,
            DEFERRED_UPDATE,
            UPDATE,
        )
        if taken_or_on_its_way and last is not None and not last.followup_ids:
            return
        turn = turn_of(self.latest)
        if turn is not None:
            self._take(turn)

    def _take(self, turn: Turn) -> None:
        if not self.playing:
            return
        self.last_key = turn.key
        self.last_progress = now = time.monotonic()
        if self._clicked_at is not None:
            self.turnarounds.append((now, now - self._clicked_at))
            self._clicked_at = None
        member = self.by_name.get(turn.actor)
        if member is None:
            return
        offered = [(move, weight) for move, weight in MOVES.items() if move in turn.buttons]
        if not offered:
            return
        moves, weights = zip(*offered, strict=True)
        move = self.rng.choices(moves, weights)[0]
        task = asyncio.get_running_loop().create_task(self._click(member, turn, move))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _click(self, member: Member, turn: Turn, move: str) -> None:
        try:
            reply = await member.click(
                custom_id=table_button_id(turn.table_id, turn.hand_no, turn.seq, move),
                message=turn.message_id,
                wait=False,
            )
        except ComponentNotFound:  # the message moved on before the click: a newer turn comes
            return
        self.clicks += 1
        self._clicked_at = time.monotonic()
        self._last_click = reply.interaction


class Crowd:
    """Every table's players, fed by the events the fake sends the bot."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.tables: dict[int, TableDriver] = {}
        self._forward: Callable[[str, dict[str, Any], int | None], None] = fake.state.emit
        fake.state.emit = self._emit
        self._watchdog: asyncio.Task[None] | None = None

    def add(self, driver: TableDriver) -> None:
        self.tables[driver.channel_id] = driver

    def start_playing(self) -> None:
        for driver in self.tables.values():
            driver.start()
        self._watchdog = asyncio.get_running_loop().create_task(self._watch())

    def stop(self) -> None:
        if self._watchdog is not None:
            self._watchdog.cancel()
        self.fake.state.emit = self._forward

    def _emit(self, event: str, data: dict[str, Any], intent: int | None) -> None:
        self._forward(event, data, intent)
        if event not in ("MESSAGE_CREATE", "MESSAGE_UPDATE"):
            return
        driver = self.tables.get(int(data["channel_id"]))
        message = self.fake.state.messages.get(int(data["id"]))
        if driver is not None and message is not None:
            driver.saw(message)

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(1.0)
            for driver in self.tables.values():
                driver.nudge()
