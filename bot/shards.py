"""Which shards this process runs, and so which servers' tables are its own.

Discord splits a bot's servers into shards: a server belongs to shard
``(guild_id >> 22) % shard_count``, and every event of that server (a slash
command, a click, a member leaving) reaches only the connection of its shard.
Direct messages reach shard 0 only. Croupier keeps that split for its tables:
a table lives in the process whose shards hold its server, so a table's lock,
its clock and its write-ahead sequence stay in one process, and no process
ever restores, deals, times out or closes another's table.

``CROUPIER_SHARD_COUNT`` and ``CROUPIER_SHARD_IDS`` say how many shards there
are and which of them this process runs (:mod:`bot.settings`). Without them
one process runs every shard discord.py asks for, and every table is its own
(:attr:`ShardPlan.everything`).

Anything that crosses servers works from any process because it is kept in
the database alone: balances and the house bank are per server (so they
belong to the server's shard anyway), leaderboards and statistics are reads,
and a player's own choices (cards by DM, deck, turn notices) are rows of
their own. Nothing a player can click sits in a DM: the DM of a player's
cards and the DM of a turn notice carry no buttons, and every command and
button is ``guild_only``, so an interaction that reaches shard 0 from a DM
never needs another process's table (``tests/bot/test_shards.py`` and
``tests/e2e/test_shards_e2e.py`` check both).

>>> plan = ShardPlan(count=2, ids=(1,))
>>> plan.shard_of(1 << 22), plan.owns(1 << 22), plan.owns(2 << 22)
(1, True, False)
>>> plan.lease_names
('shard:1',)
>>> ShardPlan().owns(12345), ShardPlan().lease_names
(True, ('bot',))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

#: The lease of a process that runs every shard (see :mod:`bot.database.lease`).
WHOLE_BOT_LEASE: Final = "bot"
#: The prefix of the lease of one shard: ``shard:0``, ``shard:1`` ...
SHARD_LEASE_PREFIX: Final = "shard:"


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends ``guild_id``'s events to (Discord's own formula)."""
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True, slots=True)
class ShardPlan:
    """The shards of the whole bot (``count``) and those of this process (``ids``).

    ``count`` ``None``: discord.py asks Discord how many shards to run, all of
    them here. ``ids`` ``None``: every shard of ``count`` runs here.
    """

    count: int | None = None
    ids: tuple[int, ...] | None = None

    @property
    def everything(self) -> bool:
        """Whether this process runs every shard, so every table is its own."""
        return self.count is None or self.ids is None or len(set(self.ids)) == self.count

    @property
    def shard_ids(self) -> tuple[int, ...] | None:
        """This process's shards, as discord.py's ``shard_ids`` takes them."""
        if self.count is None:
            return None
        return self.ids if self.ids is not None else tuple(range(self.count))

    @property
    def runs_shard_zero(self) -> bool:
        """Whether this process runs shard 0, which gets the DMs and does the bot-wide
        chores of which one copy must run (uploading the card emojis)."""
        return self.ids is None or 0 in self.ids

    def shard_of(self, guild_id: int) -> int:
        return 0 if self.count is None else shard_of(guild_id, self.count)

    def owns(self, guild_id: int) -> bool:
        """Whether the tables of server ``guild_id`` live in this process."""
        if self.everything:
            return True
        assert self.ids is not None
        return self.shard_of(guild_id) in self.ids

    @property
    def lease_names(self) -> tuple[str, ...]:
        """The leases this process holds while it runs: one per shard, or the whole bot's."""
        shard_ids = self.shard_ids
        if shard_ids is None:
            return (WHOLE_BOT_LEASE,)
        return tuple(f"{SHARD_LEASE_PREFIX}{shard}" for shard in shard_ids)

    def describe(self) -> str:
        """For the log: which shards run here."""
        if self.count is None:
            return "every shard Discord recommends"
        shards = ", ".join(str(shard) for shard in self.shard_ids or ())
        return f"shards {shards} of {self.count}"
