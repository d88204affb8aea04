"""Bringing a hand's end, worked out on a copy, into the live floor.

A multi-table tournament's floor (and its book of rebuys and bounties) is told
of a hand's end in the transaction that settles the hand, on a copy of itself
(bot/tournaments/floor_runner.py): should that transaction fail, the live floor
has not changed and nothing needs putting back. Once it commits, the copy's
changes join the live floor, which other tables may have changed meanwhile (a
deal started, a late entry seated): :func:`merged` is the three-way merge of
plain data (JSON's types) that keeps both, the hand's end winning the rare value
both changed.
"""

from __future__ import annotations

import json
from typing import Any

_MISSING: Any = object()


def merged(base: Any, theirs: Any, ours: Any) -> Any:
    """``base`` as changed by ``theirs`` (the live state's changes since) and by
    ``ours`` (the hand's end): a dict key by key, a list item by item."""
    if theirs == base:
        return ours
    if ours == base:
        return theirs
    if isinstance(base, dict) and isinstance(theirs, dict) and isinstance(ours, dict):
        result = {}
        for key in [*ours, *(k for k in theirs if k not in ours), *base]:
            if key in result:
                continue
            value = merged(
                base.get(key, _MISSING), theirs.get(key, _MISSING), ours.get(key, _MISSING)
            )
            if value is not _MISSING:
                result[key] = value
        return result
    if isinstance(base, list) and isinstance(theirs, list) and isinstance(ours, list):
        return _merged_lists(base, theirs, ours)
    return ours


def _merged_lists(base: list[Any], theirs: list[Any], ours: list[Any]) -> list[Any]:
    """``ours`` in its order, less what ``theirs`` took out, then what ``theirs`` added."""

    def key(item: Any) -> str:
        return json.dumps(item, sort_keys=True)

    in_base = {key(item) for item in base}
    in_theirs = {key(item) for item in theirs}
    in_ours = {key(item) for item in ours}
    taken_out = in_base - in_theirs
    kept = [item for item in ours if key(item) not in taken_out]
    added = [item for item in theirs if key(item) not in in_base and key(item) not in in_ours]
    return kept + added
