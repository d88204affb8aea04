"""Writing PHH: :class:`~engine.phh.history.HandHistory` values as ``.phh``
text, and several as ``.phhs`` text (one TOML table per hand).

The TOML is written here rather than by a library: PHH needs only keys and
values (strings, numbers, booleans, dates and times, arrays, and inline
tables for nested metadata), and the output is meant to be read by people
too: the actions one per line, the fields in the order of the specification.

>>> from engine.phh.history import HandHistory
>>> print(dumps(HandHistory("NT", (200, 200), ("d dh p1 AsKs", "d dh p2 7c2d", "p2 f"),
...                         antes=(0, 0), blinds_or_straddles=(1, 2), min_bet=2)))
variant = "NT"
ante_trimming_status = false
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
actions = [
  "d dh p1 AsKs",
  "d dh p2 7c2d",
  "p2 f",
]
<BLANKLINE>
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Final

from engine.phh.history import HandHistory

_BARE_KEY: Final = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES: Final = {"\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def _string(text: str) -> str:
    out = ['"']
    for ch in text:
        if ch in ('"', "\\"):
            out.append("\\" + ch)
        elif ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _string(key)


def _number(value: Decimal | float) -> str:
    if isinstance(value, Decimal):
        if value.is_nan():
            return "nan"
        if value.is_infinite():
            return "-inf" if value < 0 else "inf"
        text = format(value, "f")
    else:
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "-inf" if value < 0 else "inf"
        text = repr(value)
    # Keep it a TOML float, so that it reads back as the same type.
    return text if any(ch in text for ch in ".eE") else text + ".0"


def value_text(value: object) -> str:
    """One TOML value."""
    match value:
        case bool():
            return "true" if value else "false"
        case int():
            return str(value)
        case Decimal() | float():
            return _number(value)
        case str():
            return _string(value)
        case datetime.datetime() | datetime.date() | datetime.time():
            return value.isoformat()
        case list() | tuple():
            return "[" + ", ".join(value_text(v) for v in value) + "]"
        case Mapping():
            items = ", ".join(f"{_key(str(k))} = {value_text(v)}" for k, v in value.items())
            return "{ " + items + " }" if items else "{}"
    raise TypeError(f"PHH cannot hold {value!r}.")


def _fields(history: HandHistory) -> Iterable[tuple[str, object]]:
    yield "variant", history.variant
    yield "ante_trimming_status", history.ante_trimming_status
    if history.antes:
        yield "antes", history.antes
    if history.blinds_or_straddles:
        yield "blinds_or_straddles", history.blinds_or_straddles
    for name in ("bring_in", "small_bet", "big_bet", "min_bet"):
        amount = getattr(history, name)
        if amount is not None:
            yield name, amount
    yield "starting_stacks", history.starting_stacks
    yield "actions", history.actions
    yield from history.extra.items()
    if history.players:
        yield "players", history.players
    if history.finishing_stacks is not None:
        yield "finishing_stacks", history.finishing_stacks


def dumps(history: HandHistory) -> str:
    """One hand as ``.phh`` text."""
    lines = []
    for name, value in _fields(history):
        if name == "actions":
            body = "".join(f"  {_string(action)},\n" for action in history.actions)
            lines.append(f"actions = [\n{body}]" if body else "actions = []")
        else:
            lines.append(f"{_key(name)} = {value_text(value)}")
    return "\n".join(lines) + "\n"


def dumps_all(histories: Mapping[str, HandHistory] | Iterable[HandHistory]) -> str:
    """Several hands as ``.phhs`` text: tables named by the mapping's keys, or
    ``[1]``, ``[2]``, … for a plain sequence."""
    named = (
        histories.items()
        if isinstance(histories, Mapping)
        else ((str(i), h) for i, h in enumerate(histories, 1))
    )
    return "\n".join(f"[{_key(name)}]\n{dumps(history)}" for name, history in named)
