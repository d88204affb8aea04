"""Snapshots of a hand's whole state, to show that a refused action changed nothing.

A snapshot is every attribute of the :class:`~engine.hand.Hand`, private ones
included (the stub of undealt cards, the betting round, the showdown), pickled
to bytes; two snapshots are equal exactly when nothing in the hand moved. The
setup and the variant are frozen and left out, the append-only logs of events
and actions count by their length, and cards pickle as plain numbers, which
keeps a snapshot cheap enough to take at every decision of thousands of hands.
"""

from __future__ import annotations

import io
import pickle
from typing import Any

from engine.cards import Card
from engine.hand import Hand

_FROZEN = frozenset({"setup", "variant"})


class _Pickler(pickle.Pickler):
    def reducer_override(self, obj: Any) -> Any:
        if type(obj) is Card:
            return int, (int(obj),)
        return NotImplemented


def snapshot(hand: Hand) -> bytes:
    """Everything about ``hand`` that an action could change."""
    attributes = {k: getattr(hand, k) for k in Hand.__slots__ if k not in _FROZEN}
    # Events and actions are only ever appended, and each is frozen: their
    # number says whether they changed.
    attributes["events"] = len(hand.events)
    attributes["actions"] = len(hand.actions)
    buffer = io.BytesIO()
    _Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(attributes)
    return buffer.getvalue()
