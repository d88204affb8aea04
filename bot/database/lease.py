"""The lease that lets one process at a time run the bot on a database.

Two bots on one database (a rolling deploy, a second copy started by mistake)
would both post every table message, both take every click and both charge a
top-up. So before it connects to Discord the launcher takes the lease named
``bot`` (row ``leases``, migration 0005) and a second process finds it held and
refuses to start with one sentence (:class:`LeaseHeld`).

The holder renews the lease every third of its length (:data:`RENEW_EVERY` by
default; ``CROUPIER_LEASE_SECONDS`` sets the length) while it runs and gives it
back when it stops. A lease past its expiry belongs to nobody (its holder died
or froze) and is taken over; so is one whose holder ran on this machine and no
longer does (a killed bot restarted at once need not wait for the expiry). A
holder that finds, when it renews, that its lease was taken over must stop
acting at once (:meth:`Lease.renew` returns ``False``). A frozen holder may
wake and act before it renews, so :class:`LeaseKeeper` also fences every
transaction of the process (:mod:`bot.database.fence`: a write after a
takeover is refused inside its transaction) and renews before the next
request to Discord when over half a lease has passed since the last renewal.

Leases are keyed by name, so that a bot split into shards (:mod:`bot.shards`)
holds one per shard: a process takes ``shard:0``, ``shard:1`` ... for the
shards it runs, and another process claiming one of them is refused the same
way, while processes with different shards run side by side on one
PostgreSQL database. A process that runs every shard without shard settings
holds ``bot``, which stands for all of them: it is refused while any shard's
lease is live, and a shard's process while ``bot`` is (an operator moving
from one process to several who forgot the old one). Those two checks read
before taking, so two such processes started in the very same moment could
both pass; the leases of the same name never can. Taking one works the same
on SQLite and on a PostgreSQL database that several processes share: a free
lease is taken by inserting its row (the primary key admits one), a held one
is read locked (:meth:`~bot.database.Transaction.lock_one` with
``take_over``, which also waits for the holder's fenced transactions in
flight) while this process decides. Expiry is judged by the taking process's clock, so machines
sharing one database must keep their clocks in step (NTP).

The leases are checked before the schema is migrated (:func:`open_leased`): a
second process, perhaps a newer version, must not change the schema under a
process still serving the database, so while any other process holds a live
lease (another shard's) a process whose schema would change refuses to start
(:class:`UpgradeWhileRunning`): every process is stopped before an upgrade. A
database too old to have leases has no holder that could be told.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import os
import secrets
import socket
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from bot.database.connection import Database
from bot.database.fence import Fence, LeaseLost
from bot.database.migrator import Backend, Migration, bundled_migrations
from bot.errors import CroupierError
from bot.shards import SHARD_LEASE_PREFIX, WHOLE_BOT_LEASE

log = logging.getLogger(__name__)

#: The lease the whole bot holds while one process runs every table.
BOT_LEASE: Final = WHOLE_BOT_LEASE
#: How long a lease lasts without renewal (``CROUPIER_LEASE_SECONDS``), and how
#: often its holder renews it: a third of that.
LEASE_SECONDS: Final = 30.0
RENEW_EVERY: Final = LEASE_SECONDS / 3
#: The share of a lease after its last renewal past which this process renews
#: before it acts again (:meth:`LeaseKeeper.check`): regular renewals come at a
#: third, so only a process that was frozen (or whose event loop stalled) gets here.
ACT_WITHIN: Final = 0.5


class LeaseHeld(CroupierError):
    """Another live process holds the lease: this one must not start."""

    key = "launcher.lease_held"


class UpgradeWhileRunning(CroupierError):
    """The schema would change while another process serves the database."""

    key = "launcher.upgrade_while_running"


def _held(name: str, holder: str, seconds: float, wanted: str | None = None) -> LeaseHeld:
    """The refusal for ``wanted`` (default ``name``) while ``holder`` holds ``name``."""
    wanted = name if wanted is None else wanted
    seconds = max(1, round(seconds))
    if name == wanted and name.startswith(SHARD_LEASE_PREFIX):
        shard = name.removeprefix(SHARD_LEASE_PREFIX)
        return LeaseHeld("launcher.shard_lease_held", shard=shard, holder=holder, seconds=seconds)
    if name == BOT_LEASE and wanted != BOT_LEASE:
        return LeaseHeld("launcher.whole_bot_running", holder=holder, seconds=seconds)
    if name != wanted:  # this process would run every shard, another runs one of them
        shard = name.removeprefix(SHARD_LEASE_PREFIX)
        return LeaseHeld("launcher.shards_running", shard=shard, holder=holder, seconds=seconds)
    return LeaseHeld(name=name, holder=holder, seconds=seconds)


def _conflicts(wanted: str, other: str) -> bool:
    """Whether a live lease ``other`` keeps this process from taking ``wanted``."""
    if other == wanted:
        return True
    if wanted == BOT_LEASE:
        return other.startswith(SHARD_LEASE_PREFIX)
    return other == BOT_LEASE


@dataclass(frozen=True, slots=True)
class Holder:
    """Who holds a lease: a machine, a process on it, and a random instance id."""

    host: str
    pid: int
    instance: str

    @classmethod
    def this_process(cls) -> Holder:
        return cls(socket.gethostname(), os.getpid(), secrets.token_hex(8))

    def text(self) -> str:
        return f"{self.host} {self.pid} {self.instance}"

    @classmethod
    def parse(cls, text: str) -> Holder | None:
        parts = text.rsplit(" ", 2)
        if len(parts) != 3 or not parts[1].isdecimal():
            return None
        host, pid, instance = parts
        return cls(host, int(pid), instance)


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    return True


def _gone(holder_text: str, me: Holder, alive: Callable[[int], bool]) -> bool:
    """Whether the holder ran on this machine and no longer runs."""
    holder = Holder.parse(holder_text)
    return holder is not None and holder.host == me.host and not alive(holder.pid)


class Lease:
    """One named lease, held by this process. Take it with :meth:`take`."""

    def __init__(
        self,
        database: Database,
        name: str,
        holder: Holder,
        *,
        seconds: float = LEASE_SECONDS,
        clock: Callable[[], float] = time.time,
        web_address: str | None = None,
    ) -> None:
        self.database = database
        #: Where the other processes reach this process's web room (written with the lease).
        self.web_address = web_address
        self.name = name
        self.holder = holder
        self.seconds = seconds
        self.clock = clock

    @classmethod
    async def take(
        cls,
        database: Database,
        name: str = BOT_LEASE,
        *,
        holder: Holder | None = None,
        seconds: float = LEASE_SECONDS,
        clock: Callable[[], float] = time.time,
        alive: Callable[[int], bool] = _process_alive,
        web_address: str | None = None,
    ) -> Lease:
        """Take the lease, or raise :class:`LeaseHeld` naming who holds it; the lease
        row says where this process's web room is reached (``web_address``, migration
        0019), so the other processes send a table's viewers there."""
        lease = cls(
            database,
            name,
            holder or Holder.this_process(),
            seconds=seconds,
            clock=clock,
            web_address=web_address,
        )
        me = lease.holder.text()
        async with database.transaction(fenced=False) as tx:
            now = clock()
            # A free name is taken by inserting its row; of two processes taking
            # it at once, the primary key lets one through. A held one is locked
            # while this process decides, so two processes taking over a dead
            # holder's lease do it one after the other, and the second finds the
            # first live. (A lease given back in between is free again.)
            row = None
            while row is None:
                if await tx.execute(
                    "INSERT INTO leases"
                    " (name, holder, acquired_at, renewed_at, expires_at, web_address)"
                    " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (name) DO NOTHING",
                    (name, me, now, now, now + seconds, web_address),
                ):
                    return lease
                row = await tx.lock_one(
                    "SELECT holder, expires_at FROM leases WHERE name = ?", (name,), take_over=True
                )
            if row["holder"] != me:
                live = row["expires_at"] > now and not _gone(row["holder"], lease.holder, alive)
                if live:
                    raise _held(name, row["holder"], row["expires_at"] - now)
                log.warning("Taking over the %s lease from %s", name, row["holder"])
            changed = await tx.execute(
                "UPDATE leases SET holder = ?, acquired_at = ?, renewed_at = ?, expires_at = ?,"
                " web_address = ? WHERE name = ?",
                (me, now, now, now + seconds, web_address, name),
            )
            if changed != 1:
                raise RuntimeError(f"the {name} lease was not written")
        return lease

    async def renew(self) -> bool:
        """Extend the lease; ``False`` if another process took it over meanwhile."""
        now = self.clock()
        async with self.database.transaction(fenced=False) as tx:
            changed = await tx.execute(
                "UPDATE leases SET renewed_at = ?, expires_at = ? WHERE name = ? AND holder = ?",
                (now, now + self.seconds, self.name, self.holder.text()),
            )
        return changed == 1

    async def release(self) -> None:
        """Give the lease back, if this process still holds it."""
        async with self.database.transaction(fenced=False) as tx:
            await tx.execute(
                "DELETE FROM leases WHERE name = ? AND holder = ?", (self.name, self.holder.text())
            )


async def _has_leases(database: Database) -> bool:
    return bool(
        await database.fetch_value(
            "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'leases'"
            if database.backend == "sqlite"
            else "SELECT COUNT(*) FROM information_schema.tables"
            " WHERE table_schema = current_schema() AND table_name = 'leases'"
        )
    )


async def other_live_leases(
    database: Database,
    *,
    holder: Holder | None = None,
    clock: Callable[[], float] = time.time,
    alive: Callable[[int], bool] = _process_alive,
) -> list[tuple[str, str, float]]:
    """Every lease another live process holds: name, holder, seconds left."""
    if not await _has_leases(database):
        return []
    me = holder or Holder.this_process()
    now = clock()
    rows = await database.fetch_all("SELECT name, holder, expires_at FROM leases ORDER BY name", ())
    return [
        (row["name"], row["holder"], row["expires_at"] - now)
        for row in rows
        if row["holder"] != me.text()
        and row["expires_at"] > now
        and not _gone(row["holder"], me, alive)
    ]


async def check_free(
    database: Database,
    names: Sequence[str] = (BOT_LEASE,),
    *,
    holder: Holder | None = None,
    clock: Callable[[], float] = time.time,
    alive: Callable[[int], bool] = _process_alive,
) -> None:
    """Raise :class:`LeaseHeld` when another live process holds one of ``names``, or
    a lease that excludes them (``bot`` and any shard's); a database whose schema
    has no leases yet has no holder."""
    for other, holder_text, seconds in await other_live_leases(
        database, holder=holder, clock=clock, alive=alive
    ):
        for wanted in names:
            if _conflicts(wanted, other):
                raise _held(other, holder_text, seconds, wanted)


async def _check_schema_current(
    database: Database, migrations: Sequence[Migration] | None, others: list[tuple[str, str, float]]
) -> None:
    """Refuse to change the schema while another process serves the database."""
    if not others:
        return
    backend: Backend = "sqlite" if database.backend == "sqlite" else "postgresql"
    known = migrations if migrations is not None else bundled_migrations(backend)
    done = {row[0] for row in await database.fetch_all("SELECT version FROM schema_migrations")}
    if any(migration.version not in done for migration in known):
        name, holder, _ = others[0]
        raise UpgradeWhileRunning(name=name, holder=holder)


async def open_leased(
    path: str | Path,
    *,
    names: Sequence[str] = (BOT_LEASE,),
    migrations: Sequence[Migration] | None = None,
    holder: Holder | None = None,
    alive: Callable[[int], bool] = _process_alive,
    seconds: float = LEASE_SECONDS,
    web_address: str | None = None,
) -> tuple[Database, list[Lease]]:
    """Open the database, check that no other live process serves ``names`` (nor
    changes the schema under one serving others), only then migrate it, and take
    the leases (each saying where this process's web room is, ``web_address``); on
    any refusal the database is closed again and no lease is kept."""
    database = await Database.open(path, migrate=False)
    leases: list[Lease] = []
    try:
        holder = holder or Holder.this_process()
        await check_free(database, names, holder=holder, alive=alive)
        others = await other_live_leases(database, holder=holder, alive=alive)
        await _check_schema_current(database, migrations, others)
        await database.migrate(migrations)
        for name in names:
            leases.append(
                await Lease.take(
                    database,
                    name,
                    holder=holder,
                    alive=alive,
                    seconds=seconds,
                    web_address=web_address,
                )
            )
    except BaseException:
        for lease in leases:
            with contextlib.suppress(Exception):
                await lease.release()
        await database.close()
        raise
    return database, leases


class LeaseKeeper:
    """Keeps this process's leases while it runs, and stops it acting the moment
    one is lost.

    :meth:`keep` renews them every third of the lease. :attr:`fence` is set on
    the database (:attr:`~bot.database.Database.fence`), so no transaction is
    written after a takeover. And :meth:`check`, which the bot awaits before
    every request to Discord, renews first when more than half a lease has
    passed since the last renewal, by the monotonic clock or the wall clock
    (the process was frozen, or its machine paused, past the point where
    another process may have taken over): a process that wakes late renews
    or stops before it shows anything.
    """

    def __init__(
        self,
        database: Database,
        leases: Sequence[Lease],
        *,
        on_lost: Callable[[], object] | None = None,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        if not leases:
            raise ValueError("no lease to keep")
        self.leases = tuple(leases)
        self.seconds = min(lease.seconds for lease in leases)
        self.monotonic = monotonic
        self.wall = leases[0].clock
        self.fence = Fence(
            [lease.name for lease in leases], leases[0].holder.text(), on_lost=on_lost
        )
        database.fence = self.fence
        #: When the leases were last taken or renewed, by either clock.
        self.renewed_at = (monotonic(), self.wall())
        self._renewing: asyncio.Task[bool] | None = None

    @property
    def lost(self) -> bool:
        return self.fence.lost

    def fresh(self) -> bool:
        """Whether less than half a lease has passed since the last renewal."""
        at_monotonic, at_wall = self.renewed_at
        within = self.seconds * ACT_WITHIN
        return self.monotonic() - at_monotonic < within and self.wall() - at_wall < within

    async def renew(self) -> bool:
        """Renew every lease; ``False`` (and the fence shut) if another process took
        one over. Several callers at once share one renewal."""
        if self.fence.lost:
            return False
        if self._renewing is None or self._renewing.done():
            # A context of its own: a caller inside a transaction may ask.
            self._renewing = asyncio.get_running_loop().create_task(
                self._renew(), name="croupier-lease-renewal", context=contextvars.Context()
            )
        return await asyncio.shield(self._renewing)

    async def _renew(self) -> bool:
        began = (self.monotonic(), self.wall())
        held = all([await lease.renew() for lease in self.leases])
        if held:
            self.renewed_at = began
        else:
            self.fence.lose()
        return held

    async def check(self) -> None:
        """Return if this process may act now; renew first if the last renewal is
        more than half a lease ago. Raises :class:`~bot.database.fence.LeaseLost`
        if a lease was taken over (a database error of the renewal as it is)."""
        if self.fence.lost:
            raise LeaseLost()
        if self.fresh():
            return
        log.warning("The lease was last renewed over half a lease ago; renewing before acting")
        if not await self.renew():
            raise LeaseLost()

    async def keep(self, stop: asyncio.Event) -> None:
        """Renew the leases every third of a lease while the bot runs; set ``stop``
        (and shut the fence) if another process took one over."""
        while True:
            await asyncio.sleep(self.seconds / 3)
            try:
                held = await self.renew()
            except Exception:  # the database is busy: the next renewal tries again
                log.warning("Could not renew the database lease; trying again", exc_info=True)
                continue
            if not held:
                stop.set()
                return
