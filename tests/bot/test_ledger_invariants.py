"""Whatever sequence of movements happens, the ledger explains every balance and
no chip appears or disappears outside the named sources."""

from __future__ import annotations

import asyncio
import tempfile
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.cashier import Cashier, CashierError
from bot.daily import DailyReward
from bot.database import Database
from tests.bot.tables import open_table

GUILDS = (100, 200)
USERS = (1, 2, 3)
SEATS = (0, 1, 2)
FIRST_DAY = date(2024, 1, 1)


@dataclass(frozen=True)
class Op:
    name: str
    guild: int
    user: int
    table: int  # index into the tables of the guild
    seat: int
    amount: int
    day: int


amounts = st.one_of(st.integers(1, 1500), st.sampled_from([0, -3, 10**10]))
operations = st.lists(
    st.builds(
        Op,
        name=st.sampled_from(
            ["ensure", "daily", "grant", "buy_in", "top_up", "cash_out", "play_hand"]
        ),
        guild=st.sampled_from(GUILDS),
        user=st.sampled_from(USERS),
        table=st.integers(0, 1),
        seat=st.sampled_from(SEATS),
        amount=amounts,
        day=st.integers(0, 5),
    ),
    max_size=40,
)


async def _run(path: Path, ops: list[Op]) -> None:
    async with await Database.open(path) as db:
        cashier = Cashier(
            db, starting_chips=500, daily=DailyReward(base=100, streak_bonus=10, streak_cap=3)
        )
        tables = {
            guild: [await open_table(db, guild, guild + n) for n in range(2)] for guild in GUILDS
        }
        for op in ops:
            table = tables[op.guild][op.table]
            before = await _state(db)
            try:
                if op.name == "ensure":
                    await cashier.ensure_balance(op.guild, op.user)
                elif op.name == "daily":
                    await cashier.claim_daily(op.guild, op.user, FIRST_DAY + timedelta(op.day))
                elif op.name == "grant":
                    await cashier.admin_grant(op.guild, op.user, op.amount, granted_by=9)
                elif op.name == "buy_in":
                    await cashier.buy_in(op.guild, op.user, table, op.seat, op.amount)
                elif op.name == "top_up":
                    await cashier.top_up(table, op.seat, op.amount)
                elif op.name == "cash_out":
                    await cashier.cash_out(table, op.seat)
                else:
                    await _play_hand(db, table, op.amount)
            except CashierError:
                assert await _state(db) == before, f"refused {op} changed something"
            await _check_invariants(db)


async def _play_hand(db: Database, table_id: int, amount: int) -> None:
    """What the runner does to stacks: the first seat loses chips to the last one."""
    async with db.transaction() as tx:
        seats = await tx.fetch_all(
            "SELECT seat_no, stack FROM seats WHERE table_id = ? ORDER BY seat_no", (table_id,)
        )
        if len(seats) < 2:
            return
        lost = min(max(amount, 0), seats[0]["stack"])
        await tx.execute(
            "UPDATE seats SET stack = stack - ? WHERE table_id = ? AND seat_no = ?",
            (lost, table_id, seats[0]["seat_no"]),
        )
        await tx.execute(
            "UPDATE seats SET stack = stack + ? WHERE table_id = ? AND seat_no = ?",
            (lost, table_id, seats[-1]["seat_no"]),
        )


async def _state(db: Database) -> list[list[tuple[object, ...]]]:
    return [
        [tuple(row) for row in await db.fetch_all(f"SELECT * FROM {name} ORDER BY 1, 2")]
        for name in ("balances", "ledger", "seats")
    ]


async def _check_invariants(db: Database) -> None:
    mismatched = await db.fetch_all(
        "SELECT b.guild_id, b.user_id, b.chips, SUM(l.delta) AS total FROM balances b"
        " LEFT JOIN ledger l ON l.guild_id = b.guild_id AND l.user_id = b.user_id"
        " GROUP BY b.guild_id, b.user_id HAVING total IS NOT b.chips"
    )
    assert not mismatched, [tuple(r) for r in mismatched]

    last_rows = await db.fetch_all(
        "SELECT b.chips, l.balance_after FROM balances b JOIN ledger l"
        " ON l.id = (SELECT MAX(id) FROM ledger WHERE guild_id = b.guild_id"
        " AND user_id = b.user_id)"
    )
    assert all(r["chips"] == r["balance_after"] for r in last_rows)
    assert await db.fetch_value("SELECT COUNT(*) FROM balances WHERE chips < 0") == 0

    for guild in GUILDS:
        created = await db.fetch_value(
            "SELECT COALESCE(SUM(delta), 0) FROM ledger WHERE guild_id = ?"
            " AND kind IN ('starting_grant', 'daily', 'admin_grant')",
            (guild,),
        )
        held = await db.fetch_value(
            "SELECT (SELECT COALESCE(SUM(chips), 0) FROM balances WHERE guild_id = ?)"
            " + (SELECT COALESCE(SUM(stack), 0) FROM seats JOIN tables ON tables.id = table_id"
            " WHERE tables.guild_id = ?)",
            (guild, guild),
        )
        assert created == held, f"guild {guild}: {created} created, {held} held"


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(ops=operations)
def test_balance_equals_the_sum_of_its_ledger_after_any_sequence(ops: list[Op]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(_run(Path(folder) / "croupier.db", ops))
