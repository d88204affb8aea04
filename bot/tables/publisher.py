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

DMs go their own way, in order among themselves: a DM Discord makes wait (a
rate limit on one player's DM channel) never holds up the table message.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from bot.database import LeaseLost
from bot.render.message import OutgoingMessage
from bot.tables.outlet import Outlet, TableClick

log = logging.getLogger(__name__)


#: A table message not rendered yet: called once, when it is delivered.
Render = Callable[[], OutgoingMessage]


@dataclass
class _ShowTable:
    render: Render
    fresh: bool
    #: Clicks this edit is to answer (None: none; most edits answer no click).
    clicks: list[TableClick] | None = None


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
class _Delete:
    notice: PostedNotice


@dataclass(frozen=True)
class _Acknowledge:
    click: TableClick


_Delivery = _ShowTable | _Post | _SendPrivate | _Notify | _Delete | _Acknowledge


class Publisher:
    def __init__(self, outlet: Outlet, *, name: str = "table") -> None:
        self.outlet = outlet
        self.name = name
        self._queue: deque[_Delivery] = deque()
        self._worker: asyncio.Task[None] | None = None
        self._dm_queue: deque[_Delivery] = deque()
        self._dm_worker: asyncio.Task[None] | None = None

    def show_table(self, render: Render, *, fresh: bool = False) -> None:
        """Show the table message ``render()`` makes; it is called at delivery, and
        not at all if a newer edit replaces this one first."""
        if not fresh and self._queue and isinstance(self._queue[-1], _ShowTable):
            self._queue[-1].render = render  # not sent yet: send the newest instead
        else:
            self._queue.append(_ShowTable(render, fresh))
        self._wake()

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
            self._wake()

    def post(self, message: OutgoingMessage, then: Callable[[], None] | None = None) -> None:
        self._queue.append(_Post(message, then))
        self._wake()

    def send_private(
        self,
        user_id: int,
        message: OutgoingMessage,
        on_refused: Callable[[int], None] | None = None,
        on_delivered: Callable[[int], None] | None = None,
    ) -> None:
        self._dm_queue.append(_SendPrivate(user_id, message, on_refused, on_delivered))
        if self._dm_worker is None or self._dm_worker.done():
            self._dm_worker = asyncio.create_task(
                self._deliver(self._dm_queue), name=f"publisher-{self.name}-dms"
            )

    def notify(self, user_id: int, message: OutgoingMessage) -> PostedNotice:
        """Post a turn notice that mentions (and pings) only ``user_id``."""
        notice = PostedNotice(user_id, message)
        self._queue.append(_Notify(notice))
        self._wake()
        return notice

    def delete(self, notice: PostedNotice) -> None:
        """Delete a turn notice (once it is posted; one never posted is let be)."""
        self._queue.append(_Delete(notice))
        self._wake()

    @property
    def idle(self) -> bool:
        return not self._queue and not self._dm_queue and not self._working()

    def _working(self) -> list[asyncio.Task[None]]:
        return [w for w in (self._worker, self._dm_worker) if w is not None and not w.done()]

    async def drain(self) -> None:
        """Wait until everything queued so far has been delivered."""
        while not self.idle:
            for worker in self._working():
                await asyncio.shield(worker)

    async def close(self) -> None:
        """Deliver what is queued, then stop."""
        await self.drain()

    def _wake(self) -> None:
        if self._worker is None or self._worker.done():
            self._worker = asyncio.create_task(
                self._deliver(self._queue), name=f"publisher-{self.name}"
            )

    async def _deliver(self, queue: deque[_Delivery]) -> None:
        while queue:
            delivery = queue.popleft()
            try:
                match delivery:
                    case _ShowTable(render, fresh, clicks):
                        await self.outlet.show_table(render(), fresh=fresh, clicks=clicks or ())
                    case _Acknowledge(click):
                        await click.acknowledge()
                    case _Post(message, then):
                        await self.outlet.post(message)
                        if then is not None:
                            then()
                    case _SendPrivate(user_id, message, on_refused, on_delivered):
                        delivered = await self.outlet.send_private(user_id, message)
                        if not delivered and on_refused is not None:
                            on_refused(user_id)
                        if delivered and on_delivered is not None:
                            on_delivered(user_id)
                    case _Notify(notice):
                        notice.message_id = await self.outlet.post_notice(
                            notice.user_id, notice.message
                        )
                    case _Delete(notice):
                        if notice.message_id is not None:
                            await self.outlet.delete(notice.message_id)
            except LeaseLost:  # another process runs the table now: said once, by the fence
                log.info(
                    "%s for %s not delivered: the lease is lost", type(delivery).__name__, self.name
                )
            except Exception:
                log.exception("Delivering %s for %s failed", type(delivery).__name__, self.name)
