"""Delivering a table's messages in order, without holding the table's lock.

The runner decides what to show while it holds its lock, then hands the
messages to its :class:`Publisher` and lets go: the publisher's own task talks
to Discord, which may be slow or rate-limited, while the next action is
already being taken. Messages go out in the order they were queued. Edits of
the same table message that pile up while one is in flight collapse into the
newest, so a slow channel shows the latest state rather than every step; a
fresh table message (a new hand) or any other message is never skipped.

The table message is handed over unrendered (a function of an immutable
snapshot) and rendered when it is delivered, so edits that collapse into a
newer one are never rendered at all: under load, when edits pile up, the bot
renders once per edit Discord sees rather than once per change.

A player's click that changed the table can be answered by the table's next
edit (:meth:`Publisher.answer_with_next_edit`): the click waits, unanswered, on
that edit in the queue, and the outlet sends the edit as the click's answer
(Discord's UPDATE_MESSAGE) instead of as an edit of its own. The edit goes out
in its place in the queue, after everything queued before it and before
anything queued after, like any other: a click's answer never shows the table
older than an edit already sent, and never overtakes one still in flight.

**Three lanes.** The table message's edits (and the clicks they answer) have a
lane of their own: nothing else a table sends ever waits in front of them.
Other channel posts (a turn notice's ping, a desk's notice, a bust notice)
go in a second lane, in order among themselves, and DMs (hole cards, turn
notices) in a third. Discord counts a channel's new messages and its edits in
separate buckets, so a burst of posts that makes Discord hold the next post
for seconds leaves the table's next edit free to go at once. A lane never
waits for another; the only order kept between them is that of a hand's
result, which is the end of the hand's own table message (the table lane).

A DM may be given a :class:`PrivateSlot`: the first DM in it is sent, and each
later one edits that message, so a hand's cards or its turn notice are one DM
the player reads again, not a new DM at each street.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import aiohttp

from bot.database import LeaseLost
from bot.render.message import OutgoingMessage
from bot.tables.outlet import Outlet, PrivateSlot, TableClick

log = logging.getLogger(__name__)


#: A table message not rendered yet: called once, when it is delivered.
Render = Callable[[], OutgoingMessage]


@dataclass
class _ShowTable:
    render: Render
    fresh: bool
    #: Clicks this edit is to answer (None: none; most edits answer no click).
    clicks: list[TableClick] | None = None
    #: Called once the outlet has taken this edit (or a newer one it collapsed into).
    then: list[Callable[[], None]] | None = None


@dataclass(frozen=True)
class _Post:
    message: OutgoingMessage
    #: Called once the outlet has taken the message (posted, or retrying by itself).
    then: Callable[[], None] | None = None


@dataclass(frozen=True)
class _SendPrivate:
    user_id: int
    message: OutgoingMessage
    on_refused: Callable[[int], None] | None
    #: Called once Discord has taken the DM.
    on_delivered: Callable[[int], None] | None = None
    #: The DM to edit instead of sending a new one, once it was sent.
    slot: PrivateSlot | None = None


@dataclass
class PostedNotice:
    """A turn notice in the channel: the message Discord gave it, once posted."""

    user_id: int
    message: OutgoingMessage
    message_id: int | None = None


@dataclass(frozen=True)
class _Notify:
    notice: PostedNotice


@dataclass(frozen=True)
class _Acknowledge:
    click: TableClick


_Delivery = _ShowTable | _Post | _SendPrivate | _Notify | _Acknowledge


class _Lane:
    """Deliveries taken one after the other by a task of their own."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.queue: deque[_Delivery] = deque()
        self.worker: asyncio.Task[None] | None = None

    @property
    def working(self) -> bool:
        return self.worker is not None and not self.worker.done()


class Publisher:
    def __init__(self, outlet: Outlet, *, name: str = "table") -> None:
        self.outlet = outlet
        self.name = name
        self._table = _Lane(f"publisher-{name}")
        self._posts = _Lane(f"publisher-{name}-posts")
        self._dms = _Lane(f"publisher-{name}-dms")
        #: The table lane's queue, which :meth:`answer_with_next_edit` reads.
        self._queue = self._table.queue

    def show_table(
        self, render: Render, *, fresh: bool = False, then: Callable[[], None] | None = None
    ) -> None:
        """Show the table message ``render()`` makes; it is called at delivery, and
        not at all if a newer edit replaces this one first. ``then``: called once
        the outlet has taken it (or the newer edit that replaced it)."""
        thens = None if then is None else [then]
        if not fresh and self._queue and isinstance(self._queue[-1], _ShowTable):
            last = self._queue[-1]
            last.render = render  # not sent yet: send the newest instead
            if thens is not None:
                last.then = (last.then or []) + thens
        else:
            self._queue.append(_ShowTable(render, fresh, then=thens))
        self._wake(self._table)

    def answer_with_next_edit(self, click: TableClick) -> None:
        """Let the table message's edit queued last (the table as it is now, maybe
        followed by a turn notice or a result) answer ``click``; with none queued
        (or a new hand's message, which a click on the last one cannot edit), the
        click is acknowledged as it is."""
        last = next((d for d in reversed(self._queue) if isinstance(d, _ShowTable)), None)
        if last is not None and not last.fresh:
            if last.clicks is None:
                last.clicks = []
            last.clicks.append(click)
        else:
            self._queue.append(_Acknowledge(click))
            self._wake(self._table)

    def post(self, message: OutgoingMessage, then: Callable[[], None] | None = None) -> None:
        """Post ``message`` in the channel (the posts' lane: the table never waits for it)."""
        self._posts.queue.append(_Post(message, then))
        self._wake(self._posts)

    def send_private(
        self,
        user_id: int,
        message: OutgoingMessage,
        on_refused: Callable[[int], None] | None = None,
        on_delivered: Callable[[int], None] | None = None,
        *,
        slot: PrivateSlot | None = None,
    ) -> None:
        """DM ``message`` to the player; with ``slot``, edit the DM sent in it before."""
        self._dms.queue.append(_SendPrivate(user_id, message, on_refused, on_delivered, slot))
        self._wake(self._dms)

    def notify(self, user_id: int, message: OutgoingMessage) -> PostedNotice:
        """Post a turn notice that mentions (and pings) only ``user_id``."""
        notice = PostedNotice(user_id, message)
        self._posts.queue.append(_Notify(notice))
        self._wake(self._posts)
        return notice

    @property
    def idle(self) -> bool:
        return not any(lane.queue or lane.working for lane in self._lanes)

    @property
    def _lanes(self) -> tuple[_Lane, _Lane, _Lane]:
        return (self._table, self._posts, self._dms)

    def _working(self) -> list[asyncio.Task[None]]:
        return [lane.worker for lane in self._lanes if lane.worker is not None and lane.working]

    async def drain(self) -> None:
        """Wait until everything queued so far has been delivered."""
        while not self.idle:
            for worker in self._working():
                await asyncio.shield(worker)

    async def close(self) -> None:
        """Deliver what is queued, then stop."""
        await self.drain()

    def _wake(self, lane: _Lane) -> None:
        if not lane.working:
            lane.worker = asyncio.create_task(self._deliver(lane.queue), name=lane.name)

    async def _deliver(self, queue: deque[_Delivery]) -> None:
        while queue:
            delivery = queue.popleft()
            try:
                match delivery:
                    case _ShowTable(render, fresh, clicks, thens):
                        try:
                            await self.outlet.show_table(render(), fresh=fresh, clicks=clicks or ())
                        except aiohttp.ServerDisconnectedError:
                            # The connection dropped before an answer (an idle
                            # keep-alive closed by the other side): editing the
                            # table message to its state again is harmless, so once
                            # more; a new message (fresh) may have been posted already.
                            if fresh:
                                raise
                            log.info("Showing %s again after a dropped connection", self.name)
                            await self.outlet.show_table(render(), fresh=fresh, clicks=clicks or ())
                        for then in thens or ():
                            then()
                    case _Acknowledge(click):
                        await click.acknowledge()
                    case _Post(message, then):
                        await self.outlet.post(message)
                        if then is not None:
                            then()
                    case _SendPrivate(user_id, message, on_refused, on_delivered, slot):
                        if slot is None:
                            delivered = await self.outlet.send_private(user_id, message)
                        else:
                            delivered = await self.outlet.send_private(user_id, message, slot=slot)
                        if not delivered and on_refused is not None:
                            on_refused(user_id)
                        if delivered and on_delivered is not None:
                            on_delivered(user_id)
                    case _Notify(notice):
                        notice.message_id = await self.outlet.post_notice(
                            notice.user_id, notice.message
                        )
            except LeaseLost:  # another process runs the table now: said once, by the fence
                log.info(
                    "%s for %s not delivered: the lease is lost", type(delivery).__name__, self.name
                )
            except Exception:
                log.exception("Delivering %s for %s failed", type(delivery).__name__, self.name)
