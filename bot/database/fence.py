"""The fence: a process writes to the database only while it holds its leases.

A lease (:mod:`bot.database.lease`) says which process runs the bot, but a
process frozen past its lease (a paused VM, SIGSTOP) does not know it was
taken over until it looks, and when it wakes its overdue timers may run
before it does. So the lease is also checked where it matters: in every
transaction the process writes, as the transaction's first statement
(:meth:`Fence.check`, run by :meth:`~bot.database.Database.transaction` and
so by the group commit's batched writes too). The holder text of a lease
names the process with a random instance id, so it serves as the fencing
token: a takeover changes it, and a transaction that finds it changed is
refused (:class:`LeaseLost`) and rolled back before anything of it is written.

The check holds until the transaction ends: on SQLite, ``BEGIN IMMEDIATE``
already keeps every other writer (a takeover included) out; on PostgreSQL
the lease rows are read ``FOR KEY SHARE`` (:meth:`~bot.database.Transaction.fence_rows`),
which a takeover's ``FOR UPDATE`` waits for, while the holder's own renewal
(a plain ``UPDATE`` of the expiry) does not. So every write of the old
holder is committed before the takeover, or refused after it.

A refusal is final: the fence remembers it (:attr:`Fence.lost`), refuses every
later transaction at once, and calls ``on_lost`` once (the launcher stops the
bot).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from bot.database.placeholders import Parameters
from bot.errors import CroupierError
from bot.i18n import t

log = logging.getLogger(__name__)


class FencedTransaction(Protocol):
    """What the fence asks of a transaction (a :class:`~bot.database.Transaction`)."""

    async def fence_rows(self, sql: str, parameters: Parameters = ()) -> list[Any]: ...


class LeaseLost(CroupierError):
    """Another process took over a lease of this one: it must not write or act."""

    key = "launcher.lease_lost"


class Fence:
    """The leases ``names`` that ``holder`` must still hold for a write to go through."""

    def __init__(
        self, names: Sequence[str], holder: str, on_lost: Callable[[], object] | None = None
    ) -> None:
        if not names:
            raise ValueError("a fence needs at least one lease")
        self.names = tuple(names)
        self.holder = holder
        self.on_lost = on_lost
        #: Whether a lease was found taken over (then every write is refused).
        self.lost = False
        placeholders = ", ".join("?" for _ in self.names)
        self._sql = f"SELECT name FROM leases WHERE holder = ? AND name IN ({placeholders})"

    async def check(self, tx: FencedTransaction) -> None:
        """Raise :class:`LeaseLost` unless ``holder`` holds every lease, and keep it
        so until ``tx`` ends."""
        if self.lost:
            raise LeaseLost()
        held = await tx.fence_rows(self._sql, (self.holder, *self.names))
        if len(held) != len(self.names):
            self.lose()
            raise LeaseLost()

    def lose(self) -> None:
        """The lease is gone: refuse every write from now on, and say so once."""
        if self.lost:
            return
        self.lost = True
        log.error(t("launcher.lease_lost"))
        if self.on_lost is not None:
            self.on_lost()
