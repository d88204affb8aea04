"""An organiser's late registration and re-entries at a multi-table
tournament, as saved with it (bot/tournaments/late_entries.py carries them
out): the last level late entries are taken, the re-entries a player may buy,
and the ones each player made.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass
class LateRule:
    """The organiser's late registration: until the end of level
    ``last_level`` (0: none), ``reentries`` re-entries per player (0: none);
    ``made``: the re-entries each player made."""

    last_level: int = 0
    reentries: int = 0
    made: dict[int, int] = field(default_factory=dict)

    def to_data(self) -> dict[str, Any]:
        return {
            "last_level": self.last_level,
            "reentries": self.reentries,
            "made": {str(player): count for player, count in sorted(self.made.items())},
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any] | None) -> LateRule:
        """The rule saved (a tournament saved before it had one takes none)."""
        if not data:
            return cls()
        return cls(
            int(data["last_level"]),
            int(data["reentries"]),
            {int(player): int(count) for player, count in data["made"].items()},
        )

    @property
    def entries(self) -> int:
        """The re-entries made by everyone."""
        return sum(self.made.values())
