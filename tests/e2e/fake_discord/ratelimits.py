"""Discord's rate limits, on by default: per-route buckets and the global limit.

What Discord documents (developers/topics/rate-limits.mdx): per-route limits
keyed by the route's top-level resource (a channel, a webhook and its token),
reported in ``X-RateLimit-Limit/-Remaining/-Reset/-Reset-After/-Bucket``
headers; a request past the limit is answered 429 with ``retry_after`` and
``X-RateLimit-Scope``; 50 requests per second per bot in all, interaction
endpoints excepted; 401, 403 and 429 answers count as invalid requests, of
which 10,000 in 10 minutes get a client banned. The per-route numbers are not
published ("should not be hard coded"): the ones below are what Discord
reports in those headers for the routes a table uses, 5 messages and 5 edits
per channel per 5 seconds.

Time: the limits are Discord's, counted on a rate clock that runs
`time_scale` times as fast as the wall clock (and moves with
`FakeDiscord.advance_clock`), so an end-to-end suite that plays hundreds of
actions stays quick while a bot still meets every limit in the same
proportion as on Discord: at scale 10 a channel takes 5 messages per half
second, and a test that wants to judge a pace in Discord seconds divides its
wall-clock times by the scale (or sets the scale to 1). The headers and
``retry_after`` the bot reads are wall-clock seconds, so discord.py waits
just as long as it must.
"""

from __future__ import annotations

import re
import time
from collections import deque
from dataclasses import InitVar, dataclass, field

from .clock import Clock

#: How much faster than the wall clock the rate clock runs by default.
DEFAULT_TIME_SCALE = 10.0
#: The rate clock for tests that play hundreds of hands at machine speed.
BULK_RATE_CLOCK = 100.0
GLOBAL_LIMIT = 50
GLOBAL_WINDOW = 1.0
INVALID_REQUEST_LIMIT = 10_000
INVALID_REQUEST_WINDOW = 600.0

#: Interaction endpoints (the callback, and followups and edits through the
#: interaction's token) are not bound by the global limit.
INTERACTION_ROUTES = re.compile(r"^/interactions/|^/webhooks/")


@dataclass(frozen=True)
class RouteLimit:
    """A per-route bucket: `limit` requests per `window` Discord-seconds per major id."""

    method: str
    pattern: re.Pattern[str]
    limit: int
    window: float
    bucket: str


def route_limit(method: str, path: str, limit: int, window: float, bucket: str) -> RouteLimit:
    return RouteLimit(method, re.compile(path), limit, window, bucket)


#: The group of each pattern is the top-level resource the bucket is kept per.
ROUTE_LIMITS: tuple[RouteLimit, ...] = (
    route_limit("POST", r"^/channels/(\d+)/messages$", 5, 5.0, "channel-messages-create"),
    route_limit("PATCH", r"^/channels/(\d+)/messages/\d+$", 5, 5.0, "channel-messages-edit"),
)


@dataclass
class RateLimits:
    clock: Clock
    scale: InitVar[float] = DEFAULT_TIME_SCALE
    routes: list[RouteLimit] = field(default_factory=lambda: list(ROUTE_LIMITS))
    global_limit: int = GLOBAL_LIMIT
    enabled: bool = True
    _used: dict[tuple[str, str], deque[float]] = field(default_factory=dict)
    _global: deque[float] = field(default_factory=deque)
    #: Requests refused with 429 by these limits, as "METHOD path" ("... (global)"
    #: when the global limit refused it).
    refused: list[str] = field(default_factory=list)
    #: Requests that used a bucket's last request (a client keeping to the headers
    #: waits before its next one in that bucket), as "METHOD path".
    exhausted: list[str] = field(default_factory=list)
    #: When (rate-clock seconds) Discord would have counted an invalid request (401/403/429).
    invalid: deque[float] = field(default_factory=deque)

    def __post_init__(self, scale: float) -> None:
        self._scale = scale
        self._anchor_real = time.monotonic()
        self._anchor = 0.0

    @property
    def time_scale(self) -> float:
        """How many times as fast as the wall clock the rate clock runs."""
        return self._scale

    @time_scale.setter
    def time_scale(self, scale: float) -> None:
        # The rate clock goes on from where it is, only faster or slower.
        self._anchor = self.now() - self.clock.offset
        self._anchor_real = time.monotonic()
        self._scale = scale

    def now(self) -> float:
        """Discord-seconds on the rate clock (moved forward by `advance_clock` too)."""
        elapsed = time.monotonic() - self._anchor_real
        return self._anchor + elapsed * self._scale + self.clock.offset

    def real(self, discord_seconds: float) -> float:
        return discord_seconds / self.time_scale

    def set_channel_limit(self, limit: int, window: float) -> None:
        """Replace the channel send and edit buckets: `limit` per `window` wall-clock seconds."""
        scaled = window * self.time_scale
        self.routes = [
            route_limit(
                "POST", r"^/channels/(\d+)/messages$", limit, scaled, "channel-messages-create"
            ),
            route_limit(
                "PATCH", r"^/channels/(\d+)/messages/\d+$", limit, scaled, "channel-messages-edit"
            ),
        ]

    def take(self, method: str, path: str) -> tuple[dict[str, str], float | None, str | None]:
        """Headers for the answer, `retry_after` (wall-clock) if refused, and the scope."""
        if not self.enabled:
            return {}, None, None
        now = self.now()
        if not INTERACTION_ROUTES.match(path):
            while self._global and self._global[0] <= now - GLOBAL_WINDOW:
                self._global.popleft()
            if len(self._global) >= self.global_limit:
                retry = self.real(self._global[0] + GLOBAL_WINDOW - now)
                self.refused.append(f"{method} {path} (global)")
                headers = {"X-RateLimit-Global": "true", "X-RateLimit-Scope": "global"}
                return headers, retry, "global"
        for limit in self.routes:
            if limit.method != method:
                continue
            found = limit.pattern.match(path)
            if found is None:
                continue
            key = (limit.bucket, found.group(1))
            used = self._used.setdefault(key, deque())
            while used and used[0] <= now - limit.window:
                used.popleft()
            if len(used) >= limit.limit:
                retry = self.real(used[0] + limit.window - now)
                self.refused.append(f"{method} {path}")
                return self._headers(limit, 0, retry) | {"X-RateLimit-Scope": "user"}, retry, "user"
            used.append(now)
            if len(used) == limit.limit:
                self.exhausted.append(f"{method} {path}")
            if not INTERACTION_ROUTES.match(path):
                self._global.append(now)
            reset = self.real(used[0] + limit.window - now)
            return self._headers(limit, limit.limit - len(used), reset), None, None
        if not INTERACTION_ROUTES.match(path):
            self._global.append(now)
        return {}, None, None

    def _headers(self, limit: RouteLimit, remaining: int, reset_after: float) -> dict[str, str]:
        return {
            "X-RateLimit-Limit": str(limit.limit),
            "X-RateLimit-Remaining": str(remaining),
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Bucket": f"fake-{limit.bucket}",
        }

    def count_invalid(self) -> None:
        now = self.now()
        self.invalid.append(now)
        while self.invalid and self.invalid[0] <= now - INVALID_REQUEST_WINDOW:
            self.invalid.popleft()

    @property
    def invalid_in_window(self) -> int:
        """Invalid requests (401, 403, 429) in the last 10 Discord-minutes."""
        now = self.now()
        return sum(1 for t in self.invalid if t > now - INVALID_REQUEST_WINDOW)
