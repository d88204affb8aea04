"""A scheduled tournament's start time, as an organiser types it.

Discord has no time zone for a server, and its members live in many, so a
start time is read as one moment: ``2026-12-12 20:00`` with a UTC offset
(``+01:00``, ``-0500``, ``UTC+1``, ``Z``; none at all means UTC), or a
Discord timestamp (``<t:1797105600>``, ``<t:1797105600:F>``, as Discord's
own "timestamp" picker and many bots write them). Every time is shown back
with Discord's ``<t:…>`` markup, which each member's client writes in their
own time zone, so the organiser sees at once what was understood.

>>> parse_start_time("2026-12-12 20:00 +01:00")
1797102000
>>> parse_start_time("2026-12-12T19:00Z") == parse_start_time("<t:1797102000:F>")
True
>>> parse_start_time("2026-12-12 14:00 UTC-5")
1797102000
>>> try:
...     parse_start_time("next friday")
... except BadStartTime as refused:
...     print(str(refused)[:61])
That is not a start time I can read: write it like 2026-12-12
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone
from typing import Final

from bot.errors import CroupierError

#: A Discord timestamp: ``<t:SECONDS>`` or ``<t:SECONDS:STYLE>``.
DISCORD_TIMESTAMP: Final = re.compile(r"<t:(-?\d{1,12})(?::[tTdDfFR])?>")
#: A date and a time, then an optional offset.
WRITTEN: Final = re.compile(
    r"(?P<date>\d{4}-\d{2}-\d{2})[ T](?P<time>\d{1,2}:\d{2})"
    r"\s*(?P<offset>Z|UTC|GMT|(?:UTC|GMT)?\s*[+-]\s*\d{1,2}(?::?\d{2})?)?",
    re.IGNORECASE,
)
OFFSET: Final = re.compile(
    r"(?:UTC|GMT)?\s*(?P<sign>[+-])\s*(?P<hours>\d{1,2})(?::?(?P<minutes>\d{2}))?"
)
#: The latest start accepted: a year ahead.
MAX_AHEAD_SECONDS: Final = 366 * 24 * 3600


class BadStartTime(CroupierError):
    key = "schedule.bad_time"


class StartInPast(CroupierError):
    key = "schedule.time_past"


class StartTooFar(CroupierError):
    key = "schedule.time_far"


def parse_start_time(text: str) -> int:
    """The UNIX second ``text`` names; :class:`BadStartTime` if it names none."""
    written = text.strip()
    stamp = DISCORD_TIMESTAMP.fullmatch(written)
    if stamp is not None:
        return int(stamp.group(1))
    found = WRITTEN.fullmatch(written)
    if found is None:
        raise BadStartTime(example="<t:1797102000:F>")
    zone = _zone(found.group("offset"))
    try:
        moment = datetime.fromisoformat(f"{found.group('date')}T{found.group('time'):0>5}")
    except ValueError:
        raise BadStartTime(example="<t:1797102000:F>") from None
    return int(moment.replace(tzinfo=zone).timestamp())


def _zone(offset: str | None) -> timezone:
    if offset is None or offset.strip().upper() in ("Z", "UTC", "GMT"):
        return UTC
    found = OFFSET.fullmatch(offset.strip().upper())
    if found is None:
        raise BadStartTime(example="<t:1797102000:F>")
    hours, minutes = int(found.group("hours")), int(found.group("minutes") or 0)
    if hours > 14 or minutes >= 60:
        raise BadStartTime(example="<t:1797102000:F>")
    shift = timedelta(hours=hours, minutes=minutes)
    return timezone(shift if found.group("sign") == "+" else -shift)


def checked_start(text: str, now: float) -> int:
    """The start ``text`` names, in the future and within a year of ``now``."""
    start = parse_start_time(text)
    if start <= now:
        raise StartInPast(when=start)
    if start - now > MAX_AHEAD_SECONDS:
        raise StartTooFar(when=start)
    return start
