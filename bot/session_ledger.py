"""The session ledger of a cash table: who bought in, topped up and cashed out
for how much since the table opened, and each player's net, the way a home
game settles up at the end of the night.

It is read from what the money already leaves behind, never kept beside it:
the cashier's ledger rows of the table (``buy_in``, ``top_up``, ``cash_out``;
a computer player's are the house bank's ``house_stake`` and ``house_return``,
which name it in their note), or at a table of session chips its
``session_chip_moves``; plus the stacks of the players seated now, shown as
"at the table". The house's line is the rake the table took, and a jackpot
still carried waits in its pot, so the nets, the rake and the carried pot add
up to zero: every chip one player is up, another is down or the house took.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from bot.database import Reader

#: The note of a house bank row: what moved, for which computer player.
_COMPUTER_NOTE: Final = re.compile(r"^(buy_in|top_up|cash_out) of computer player (-\d+)$")


@dataclass(frozen=True, slots=True)
class LedgerLine:
    """One player's night at the table."""

    user_id: int
    bought_in: int = 0
    topped_up: int = 0
    cashed_out: int = 0
    #: The stack in front of them now (0 once they have left).
    at_table: int = 0
    seated: bool = False

    @property
    def net(self) -> int:
        """Up (positive) or down: what they took and still have, less what they brought."""
        return self.cashed_out + self.at_table - self.bought_in - self.topped_up


@dataclass(frozen=True, slots=True)
class SessionLedger:
    table_id: int
    #: The stack of a night of session chips; 0 when balances were played.
    session_chips: int
    #: Biggest winner first.
    lines: tuple[LedgerLine, ...]
    #: The house's line: the rake the table took.
    rake: int = 0
    #: A jackpot still waiting in the pot of a five card draw table.
    carried_pot: int = 0

    @property
    def balanced(self) -> bool:
        """Whether the nets, the rake and the carried pot add up to zero."""
        return sum(line.net for line in self.lines) + self.rake + self.carried_pot == 0


@dataclass(slots=True)
class _Tally:
    bought_in: int = 0
    topped_up: int = 0
    cashed_out: int = 0


async def session_ledger(database: Reader, table_id: int) -> SessionLedger:
    """The ledger of ``table_id`` since it opened, open or closed."""
    table = await database.fetch_one(
        "SELECT session_chips, carried_pot FROM tables WHERE id = ?", (table_id,)
    )
    if table is None:
        raise LookupError(f"there is no table {table_id}")
    session_chips = int(table["session_chips"])
    tallies: dict[int, _Tally] = {}
    rake = 0
    if session_chips:
        moves = await database.fetch_all(
            "SELECT user_id, kind, chips FROM session_chip_moves WHERE table_id = ? ORDER BY id",
            (table_id,),
        )
        for move in moves:
            _count(tallies, int(move["user_id"]), move["kind"], int(move["chips"]))
    else:
        rows = await database.fetch_all(
            "SELECT user_id, kind, delta, note FROM ledger WHERE table_id = ?"
            " AND kind IN ('buy_in', 'top_up', 'cash_out', 'rake', 'house_stake', 'house_return')"
            " ORDER BY id",
            (table_id,),
        )
        for row in rows:
            delta = int(row["delta"])
            if row["kind"] == "rake":
                rake += abs(delta)
            elif row["user_id"] is not None:
                _count(tallies, int(row["user_id"]), row["kind"], abs(delta))
            else:  # the house bank's row for a computer player
                found = _COMPUTER_NOTE.match(row["note"] or "")
                if found is not None:
                    _count(tallies, int(found.group(2)), found.group(1), abs(delta))
    seats = await database.fetch_all(
        "SELECT user_id, stack FROM seats WHERE table_id = ?", (table_id,)
    )
    stacks = {int(seat["user_id"]): int(seat["stack"]) for seat in seats}
    lines = _lines(tallies, stacks)
    return SessionLedger(table_id, session_chips, lines, rake, int(table["carried_pot"]))


def _count(tallies: dict[int, _Tally], user_id: int, kind: str, chips: int) -> None:
    tally = tallies.setdefault(user_id, _Tally())
    if kind == "buy_in":
        tally.bought_in += chips
    elif kind == "top_up":
        tally.topped_up += chips
    elif kind == "cash_out":
        tally.cashed_out += chips


def _lines(tallies: dict[int, _Tally], stacks: dict[int, int]) -> tuple[LedgerLine, ...]:
    players: Iterable[int] = set(tallies) | set(stacks)
    lines = [
        LedgerLine(
            user_id,
            bought_in=tallies.get(user_id, _Tally()).bought_in,
            topped_up=tallies.get(user_id, _Tally()).topped_up,
            cashed_out=tallies.get(user_id, _Tally()).cashed_out,
            at_table=stacks.get(user_id, 0),
            seated=user_id in stacks,
        )
        for user_id in players
    ]
    return tuple(sorted(lines, key=lambda line: (-line.net, line.user_id)))
