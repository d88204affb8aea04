"""The sentence refusing a late entry or a re-entry, for each answer of
:func:`engine.late_entry` that is not an entry: one table's tournament
(bot/tables/tournament_desk.py) and several tables' (bot/tournaments/late_entries.py)
refuse alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine import LateEntry

REFUSALS: Final[Mapping[LateEntry, str]] = {
    LateEntry.LEVEL_OVER: "schedule.late_closed",
    LateEntry.CLOSED: "late.closed_money",
    LateEntry.STILL_IN: "late.still_in",
    LateEntry.REENTRY_OFF: "late.reentry_off",
    LateEntry.REENTRIES_USED: "late.reentries_used",
    LateEntry.FULL: "late.full",
}
