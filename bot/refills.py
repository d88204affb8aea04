"""The way back to a table for a player who lost every chip: each server's
refill rule, who counts as broke, and when a player's next refill opens.

A player is *broke* on a server when their balance and their stacks at its
cash tables together are below the smallest buy-in of any of its open cash
tables (the default table's when none is open): nothing they have seats them
anywhere. A broke player may take a *refill*, which brings their balance back
up to the rule's chips (by default the starting grant), once every
``hours`` hours. Refills are on unless a member who can manage the server
turns them off (``/chips refill``); the rule is kept per server in
``server_refills``, and the cashier pays a refill (:meth:`bot.cashier.Cashier.refill`)
as a ledger row of its own kind, a named source of chips the audit counts.

>>> rule = RefillRule(on=True, chips=1000, hours=4)
>>> rule.opens_after(datetime(2024, 5, 6, 20, 0, tzinfo=UTC))
datetime.datetime(2024, 5, 7, 0, 0, tzinfo=datetime.timezone.utc)
>>> rule.opens_after(None) is None
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Final

from bot.database import Reader, Transaction

#: Hours between two refills of one player, unless the server says otherwise.
DEFAULT_REFILL_HOURS: Final = 4
#: The longest wait a server may set between refills: four weeks.
MAX_REFILL_HOURS: Final = 24 * 28


@dataclass(frozen=True, slots=True)
class RefillRule:
    """How a server lets its broke players play again."""

    on: bool
    #: The balance a refill brings the player back up to.
    chips: int
    #: Hours from one refill of a player to their next.
    hours: int

    def opens_after(self, last_refill: datetime | None) -> datetime | None:
        """When the refill after one paid at ``last_refill`` opens (``None``: it is open)."""
        if last_refill is None:
            return None
        return last_refill + timedelta(hours=self.hours)

    def is_open(self, last_refill: datetime | None, now: datetime) -> bool:
        opens = self.opens_after(last_refill)
        return opens is None or opens <= now


def default_rule(starting_chips: int) -> RefillRule:
    """The rule of a server whose members never chose one: refills on, back to
    the starting grant, every :data:`DEFAULT_REFILL_HOURS` hours."""
    return RefillRule(
        on=starting_chips > 0, chips=max(starting_chips, 1), hours=DEFAULT_REFILL_HOURS
    )


async def refill_rule(database: Reader, guild_id: int, starting_chips: int) -> RefillRule:
    """The server's refill rule, its own or the default."""
    row = await database.fetch_one(
        "SELECT refill_on, refill_chips, refill_hours FROM server_refills WHERE guild_id = ?",
        (guild_id,),
    )
    if row is None:
        return default_rule(starting_chips)
    return RefillRule(
        on=bool(row["refill_on"]), chips=int(row["refill_chips"]), hours=int(row["refill_hours"])
    )


async def set_refill_rule(tx: Transaction, guild_id: int, rule: RefillRule) -> None:
    """Keep ``rule`` as the server's refill rule."""
    await tx.execute(
        "INSERT INTO server_refills (guild_id, refill_on, refill_chips, refill_hours)"
        " VALUES (?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
        " refill_on = excluded.refill_on, refill_chips = excluded.refill_chips,"
        " refill_hours = excluded.refill_hours",
        (guild_id, int(rule.on), rule.chips, rule.hours),
    )


async def smallest_buy_in(database: Reader, guild_id: int, default: int) -> int:
    """The smallest minimum buy-in of the server's open cash tables; ``default``
    (the default table's) when none is open."""
    rows = await database.fetch_all(
        "SELECT config FROM tables WHERE guild_id = ? AND status = 'open' AND tournament = 0"
        " AND session_chips = 0",
        (guild_id,),
    )
    lows = [int(json.loads(row["config"])["min_buy_in"]) for row in rows]
    return min(lows, default=default)


def read_moment(text: str | None) -> datetime | None:
    """A moment kept as ISO 8601 text (``last_refill_at``)."""
    if text is None:
        return None
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
