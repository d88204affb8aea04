"""Snowflake ids as Discord makes them: increasing, with a timestamp inside.

discord.py derives `created_at` from an id, so the ids carry the fake clock's
wall time in their top bits, like Discord's do.
"""

from __future__ import annotations

from typing import Protocol

from .clock import Clock

DISCORD_EPOCH_MS = 1_420_070_400_000


class SnowflakeFactory:
    """Hands out strictly increasing snowflakes."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._last = 0

    def next(self) -> int:
        millis = int(self._clock.wall().timestamp() * 1000) - DISCORD_EPOCH_MS
        candidate = millis << 22
        self._last = max(candidate, self._last + 1)
        return self._last

    def next_on_shard(self, shard_id: int, num_shards: int) -> int:
        """The next snowflake whose guild would be on ``shard_id`` of ``num_shards``
        (``(id >> 22) % num_shards``): a later millisecond where needed."""
        candidate = self.next()
        while (candidate >> 22) % num_shards != shard_id:
            candidate = ((candidate >> 22) + 1) << 22
        self._last = candidate
        return candidate


class HasId(Protocol):
    @property
    def id(self) -> int: ...


def id_of(thing: HasId | int) -> int:
    """The snowflake of a handle, a stored object, or an id given as is."""
    return thing if isinstance(thing, int) else int(thing.id)
