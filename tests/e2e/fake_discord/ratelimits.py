"""Discord's per-channel buckets for sending and editing messages, when switched on.

Off by default so tests stay fast. When a test turns them on, each channel
allows `limit` sends (and separately `limit` edits) per `window` seconds; the
fake reports the bucket in the `X-RateLimit-*` headers discord.py reads, and
answers 429 with `retry_after` to a request beyond the limit.
"""

from __future__ import annotations

import re
import time
from collections import deque
from dataclasses import dataclass, field

from .clock import Clock

SEND = re.compile(r"^/api/v\d+/channels/(\d+)/messages$")
EDIT = re.compile(r"^/api/v\d+/channels/(\d+)/messages/\d+$")


@dataclass
class ChannelBuckets:
    clock: Clock
    limit: int
    window: float
    _used: dict[tuple[str, str], deque[float]] = field(default_factory=dict)
    # Requests refused with 429 by these buckets, as "METHOD path".
    refused: list[str] = field(default_factory=list)

    def take(self, method: str, path: str) -> tuple[dict[str, str], float | None]:
        """Headers for the answer, and `retry_after` if the request is over the limit."""
        key = self._key(method, path)
        if key is None:
            return {}, None
        now = self.clock.now()
        used = self._used.setdefault(key, deque())
        while used and used[0] <= now - self.window:
            used.popleft()
        if len(used) >= self.limit:
            retry_after = used[0] + self.window - now
            self.refused.append(f"{method} {path}")
            return self._headers(key, 0, retry_after), retry_after
        used.append(now)
        reset_after = used[0] + self.window - now
        return self._headers(key, self.limit - len(used), reset_after), None

    def _key(self, method: str, path: str) -> tuple[str, str] | None:
        pattern = {"POST": SEND, "PATCH": EDIT}.get(method)
        found = pattern.match(path) if pattern else None
        return (method, found.group(1)) if found else None

    def _headers(self, key: tuple[str, str], remaining: int, reset_after: float) -> dict[str, str]:
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(remaining),
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Bucket": f"fake-{key[0].lower()}-channel-messages",
        }
