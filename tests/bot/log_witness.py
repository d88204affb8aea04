"""A witness of the write-ahead rule: whatever the table shows is already in the database.

:class:`LogWitness` reads the database through its own connection (SQLite or
PostgreSQL: :mod:`tests.blocking_reader`), which sees only committed
transactions and never waits for the runner's. It is
asked about every message at two moments: when the runner hands it to its
publisher (under the table's lock, the moment the runner decides to show it)
and when the outlet sends it to Discord. Each message is read for what it
shows (the hand number, how many actions its buttons were drawn after, a hand
that is over) and compared with the log.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.render.custom_ids import TABLE_BUTTON
from bot.render.message import OutgoingMessage
from bot.tables.outlet import PrivateSlot, TableClick
from bot.tables.runner import TableRunner
from tests.blocking_reader import BlockingReader
from tests.bot.table_fakes import RecordingOutlet

_HAND_NO = re.compile(r"[Hh]and (\d+)")


@dataclass(frozen=True)
class Shown:
    """What one message claims about the hand it shows."""

    hand_no: int | None
    seq: int | None
    over: bool


def what_it_shows(message: OutgoingMessage, *, result: bool = False) -> Shown:
    seqs = {
        (int(m["hand"]), int(m["seq"]))
        for button in message.buttons
        if (m := TABLE_BUTTON.fullmatch(button.custom_id)) is not None
    }
    if seqs:
        ((hand_no, seq),) = seqs  # every button of one message was drawn at one moment
        return Shown(hand_no, seq, over=False)
    text = message.public_text()
    found = _HAND_NO.search(text)
    hand_no = int(found[1]) if found else None
    return Shown(hand_no, None, over=result or "The hand is over." in text)


@dataclass
class LogWitness:
    #: The database: a SQLite file or a PostgreSQL URL.
    target: str | Path
    table_id: int
    checked: int = 0
    violations: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._db = BlockingReader(self.target)

    def close(self) -> None:
        self._db.close()

    def _hand(self, hand_no: int) -> tuple[str, int] | None:
        row = self._db.one(
            "SELECT h.status, (SELECT COUNT(*) FROM hand_actions a WHERE a.hand_id = h.id)"
            " FROM hands h WHERE h.table_id = ? AND h.hand_no = ?",
            (self.table_id, hand_no),
        )
        return None if row is None else (row[0], row[1])

    def check(self, moment: str, kind: str, message: OutgoingMessage) -> None:
        shown = what_it_shows(message, result=kind == "result")
        if shown.hand_no is None:
            return  # no hand on it: a waiting table, a notice
        self.checked += 1
        logged = self._hand(shown.hand_no)
        where = f"{moment}: {kind} of hand {shown.hand_no}"
        if logged is None:
            self.violations.append(f"{where} shown before the hand was logged")
            return
        status, actions = logged
        if shown.seq is not None and actions < shown.seq:
            self.violations.append(f"{where} shows {shown.seq} actions, {actions} logged")
        if shown.over and status == "in_progress":
            self.violations.append(f"{where} shows the hand over before it was settled")

    def watch(self, runner: TableRunner) -> None:
        """Check every message at the moment the runner queues it."""
        publisher = runner.publisher
        show_table, post, send_private = (
            publisher.show_table,
            publisher.post,
            publisher.send_private,
        )

        def queued_table(
            render: Callable[[], OutgoingMessage], *, fresh: bool = False, **options: Any
        ) -> None:
            message = render()  # what would be delivered if nothing newer replaced it
            self.check("queued", "table", message)
            show_table(lambda: message, fresh=fresh, **options)

        def queued_post(message: OutgoingMessage, **options: Any) -> None:
            self.check("queued", "result" if _is_result(message) else "post", message)
            post(message, **options)

        def queued_private(user_id: int, message: OutgoingMessage, **options: Any) -> None:
            self.check("queued", "cards", message)
            send_private(user_id, message, **options)

        publisher.show_table = queued_table  # type: ignore[method-assign]
        publisher.post = queued_post  # type: ignore[method-assign]
        publisher.send_private = queued_private  # type: ignore[method-assign]


def _is_result(message: OutgoingMessage) -> bool:
    return (
        message.embed is not None
        and message.buttons == ()
        and "wins" in (message.embed.description or "")
    )


@dataclass
class WitnessedOutlet(RecordingOutlet):
    """A recording outlet that asks the witness about each message as it is sent."""

    witness: LogWitness | None = None

    async def show_table(
        self, message: OutgoingMessage, *, fresh: bool, clicks: Sequence[TableClick] = ()
    ) -> None:
        if self.witness is not None:
            self.witness.check("sent", "table", message)
        await super().show_table(message, fresh=fresh)

    async def post(self, message: OutgoingMessage) -> None:
        if self.witness is not None:
            self.witness.check("sent", "result" if _is_result(message) else "post", message)
        await super().post(message)

    async def send_private(
        self, user_id: int, message: OutgoingMessage, *, slot: PrivateSlot | None = None
    ) -> bool:
        if self.witness is not None:
            self.witness.check("sent", "cards", message)
        return await super().send_private(user_id, message, slot=slot)
