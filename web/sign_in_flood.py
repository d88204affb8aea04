"""How many sign-ins one client address may begin: the room's flood limit on
``/auth/login`` and the Activity's ``/activity/token``.

A sign-in under way is kept in memory (:class:`web.sessions.LoginStates`,
bounded), and each Activity sign-in costs the bot a code exchange with
Discord: a flood from one address must not push real sign-ins in progress
out, nor have Discord throttle the bot. So each address may begin
:data:`SIGN_INS_PER_MINUTE` sign-ins in any minute; more are answered 429
with a sentence, and change nothing.

The address is the connection's; when that is this machine or a private
network (a reverse proxy in front of the room, as the operators' guide sets
up), the last address of ``X-Forwarded-For``, which that proxy appended, is
the client's. A connection from any other address is its own client: an
``X-Forwarded-For`` it sends is its own words and is not read. At most
:data:`MAX_ADDRESSES` addresses are remembered (the longest quiet give way).

Discord's Activity proxy hides its users' addresses (so says Discord's
networking guide for Activities, which documents no header carrying them),
so every member inside Discord reaches the room from
the proxy's addresses: the Activity counts only the code exchanges Discord
refused per address, and the sign-ins that succeeded per member
(:mod:`web.activity`).
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from typing import Final

from aiohttp import web

#: Sign-ins one address may begin in any minute.
SIGN_INS_PER_MINUTE: Final = 10
#: Addresses remembered at once.
MAX_ADDRESSES: Final = 20_000
WINDOW: Final = 60.0


def client_address(request: web.Request) -> str:
    """The client's address: the connection's, or the one a local proxy forwarded."""
    remote = request.remote or ""
    try:
        near = ipaddress.ip_address(remote)
    except ValueError:
        return remote
    forwarded = request.headers.get("X-Forwarded-For", "")
    if (near.is_loopback or near.is_private) and forwarded:
        return forwarded.split(",")[-1].strip()[:64] or remote
    return remote


class AddressBudget:
    """Sign-ins begun per address in the last minute."""

    def __init__(
        self,
        per_minute: int = SIGN_INS_PER_MINUTE,
        now: Callable[[], float] = time.monotonic,
        limit: int = MAX_ADDRESSES,
    ) -> None:
        self.per_minute = per_minute
        self.now = now
        self.limit = limit
        self._begun: OrderedDict[str, deque[float]] = OrderedDict()

    def spend(self, address: str) -> int | None:
        """Count one sign-in from ``address``; ``None`` if allowed, else the
        seconds until the next one is."""
        times, wait = self._recent(address)
        if wait is not None:
            return wait
        times.append(self.now())
        while len(self._begun) > self.limit:
            self._begun.popitem(last=False)
        return None

    def waiting(self, address: str) -> int | None:
        """The seconds until ``address`` may begin another, counting nothing
        (``None``: it may now)."""
        return self._recent(address)[1]

    def _recent(self, address: str) -> tuple[deque[float], int | None]:
        now = self.now()
        times = self._begun.pop(address, None) or deque()
        while times and times[0] <= now - WINDOW:
            times.popleft()
        self._begun[address] = times  # the most recent last
        if len(times) >= self.per_minute:
            return times, max(1, math.ceil(times[0] + WINDOW - now))
        return times, None
