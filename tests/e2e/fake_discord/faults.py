"""Faults a test plans on REST routes: a 429 with `retry_after`, a 500, any status.

A rule names a route like discord.py does (``"POST /channels/{channel_id}/messages"``;
``*`` or any ``{name}`` stands for one path segment, the method may be left
out) and fires on the next `count` matching requests, before the route runs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

API_PREFIX = re.compile(r"^/api/v\d+")


@dataclass
class FaultRule:
    """One planned failure; `hits` lists the requests it answered."""

    method: str | None
    pattern: re.Pattern[str]
    status: int
    retry_after: float
    remaining: int
    is_global: bool = False
    hits: list[str] = field(default_factory=list)
    #: Matching requests let through before the rule fires (the second thread, say).
    skip: int = 0

    def matches(self, method: str, path: str) -> bool:
        return (
            self.remaining > 0
            and (self.method is None or self.method == method)
            and bool(self.pattern.fullmatch(path))
        )

    def response(self) -> tuple[int, dict[str, Any], dict[str, str]]:
        """Status, JSON body and headers of the failure, shaped like Discord's."""
        if self.status == 429:
            body: dict[str, Any] = {
                "message": "You are being rate limited.",
                "retry_after": self.retry_after,
                "global": self.is_global,
                "code": 0,
            }
            # discord.py treats a 429 without `Via` as a Cloudflare ban and gives up.
            headers = {
                "Via": "1.1 google",
                "Retry-After": str(max(1, round(self.retry_after))),
                "X-RateLimit-Scope": "global" if self.is_global else "user",
            }
            if self.is_global:
                headers["X-RateLimit-Global"] = "true"
            return 429, body, headers
        return self.status, {"message": f"{self.status}: injected fault", "code": 0}, {}


def compile_route(route: str) -> tuple[str | None, re.Pattern[str]]:
    """``"POST /channels/{id}/messages"`` -> ("POST", regex of the API-relative path)."""
    parts = route.strip().split(None, 1)
    method: str | None = None
    if len(parts) == 2:
        method, path = parts[0].upper(), parts[1]
    else:
        path = parts[0]
    path = API_PREFIX.sub("", path.split("?", 1)[0])
    pieces = []
    for segment in path.strip("/").split("/"):
        if segment == "**":
            pieces.append(".*")
        elif segment == "*" or (segment.startswith("{") and segment.endswith("}")):
            pieces.append("[^/]+")
        else:
            pieces.append(re.escape(segment))
    return method, re.compile("/" + "/".join(pieces))


class FaultPlan:
    """The planned faults, consulted by the REST layer before each request."""

    def __init__(self) -> None:
        self.rules: list[FaultRule] = []

    def add(
        self,
        route: str,
        *,
        status: int = 429,
        retry_after: float = 0.3,
        count: int = 1,
        is_global: bool = False,
        skip: int = 0,
    ) -> FaultRule:
        method, pattern = compile_route(route)
        rule = FaultRule(method, pattern, status, retry_after, count, is_global, skip=skip)
        self.rules.append(rule)
        return rule

    def take(self, method: str, path: str) -> FaultRule | None:
        relative = API_PREFIX.sub("", path)
        for rule in self.rules:
            if rule.matches(method, relative):
                if rule.skip > 0:
                    rule.skip -= 1
                    continue
                rule.remaining -= 1
                rule.hits.append(f"{method} {relative}")
                return rule
        return None
