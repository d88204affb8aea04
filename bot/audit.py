"""The audit: proof from the database alone that no chip was created or lost.

Checks, each reported with what it compared:

1. every balance equals the sum of its ledger rows, and so does every
   server's house bank (the computer players' stake, :mod:`bot.house_bank`);
2. balances, plus stacks at open cash tables, plus jackpots carried at open
   tables, plus the prize pools of open tournaments, plus the house's rake,
   plus the house banks (below zero by what they staked and lost), equal every
   chip ever granted (starting grants, daily claims, admin grants, refills);
   a tournament's seats hold tournament chips, which are not counted: its
   buy-ins are in its prize pool; nor are the seats of a night of session
   chips (``tables.session_chips``), which no balance paid for;
3. every tournament's prize pool equals its buy-ins, rebuys and add-ons less
   its refunds, prizes and knockout bounties paid, as the ledger has them
   (the bounties set aside are in the pool until they are won);
4. no chips sit on a closed table, in its seats, carried pot or prize pool;
   a scheduled tournament's held buy-ins (``scheduled_tournaments.held``)
   equal its ``scheduled_buy_in`` rows less its ``scheduled_refund`` rows, and
   one that started or was cancelled holds none (they are counted in 2 too);
5. every finished hand replays to its recorded result (when a replayer is given).

``python -m bot.audit [--database PATH_OR_URL]`` prints one line per check and
exits non-zero on any discrepancy, on a SQLite file or a PostgreSQL database
alike. It reads one snapshot of the database (:meth:`Database.snapshot`), so a
bot may go on playing meanwhile. Chips in a hand in progress are still counted
in the seats' stacks: a seat's stack changes only when its hand is settled, in
the same transaction as the hand's result.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from bot.database import Database, Reader
from bot.database.location import SETTING, DatabaseUnusable, is_postgresql_url
from bot.house_bank import HOUSE_KINDS
from engine import Progress

GRANT_KINDS = ("starting_grant", "daily", "admin_grant", "refill")

#: Replays one finished hand from its stored log; returns a discrepancy or None.
HandReplayer = Callable[[Reader, int], Awaitable[str | None]]


@dataclass(slots=True)
class AuditReport:
    lines: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return not self.problems

    def passed(self, line: str) -> None:
        self.lines.append(f"ok    {line}")

    def failed(self, line: str, details: Sequence[str] = ()) -> None:
        self.lines.append(f"FAIL  {line}")
        self.lines.extend(f"      {detail}" for detail in details)
        self.problems.append(line)

    def render(self) -> str:
        verdict = "audit clean" if self.clean else f"audit FAILED: {len(self.problems)} problem(s)"
        return "\n".join([*self.lines, verdict])


async def audit(
    database: Reader,
    replay_hand: HandReplayer | None = None,
    *,
    progress_to: TextIO | None = None,
) -> AuditReport:
    """Every check on ``database`` (best a snapshot: the checks are several reads).

    ``progress_to``: a stream that is told how far the replay of the finished
    hands is (:class:`engine.Progress`), for the command line.
    """
    report = AuditReport()
    await _balances_match_ledger(database, report)
    await _house_banks_match_ledger(database, report)
    await _chips_are_conserved(database, report)
    await _prize_pools_match_ledger(database, report)
    await _closed_tables_are_empty(database, report)
    await _scheduled_buy_ins_match_ledger(database, report)
    if replay_hand is not None:
        await _finished_hands_replay(database, report, replay_hand, progress_to)
    return report


async def _balances_match_ledger(database: Reader, report: AuditReport) -> None:
    rows = await database.fetch_all(
        "SELECT b.guild_id, b.user_id, b.chips, COALESCE(SUM(l.delta), 0) AS ledger"
        " FROM balances b LEFT JOIN ledger l"
        " ON l.guild_id = b.guild_id AND l.user_id = b.user_id"
        " GROUP BY b.guild_id, b.user_id"
    )
    wrong = [
        f"guild {r['guild_id']} user {r['user_id']}: balance {r['chips']}, ledger {r['ledger']}"
        for r in rows
        if r["chips"] != r["ledger"]
    ]
    line = f"{len(rows)} balance(s) equal the sum of their ledger rows"
    if wrong:
        report.failed(line, wrong)
    else:
        report.passed(line)


async def _house_banks_match_ledger(database: Reader, report: AuditReport) -> None:
    marks = ",".join("?" * len(HOUSE_KINDS))
    rows = await database.fetch_all(
        "SELECT guild_id, SUM(bank) AS bank, SUM(ledger) AS ledger FROM ("
        " SELECT guild_id, chips AS bank, 0 AS ledger FROM house_banks"
        f" UNION ALL SELECT guild_id, 0, delta FROM ledger WHERE kind IN ({marks})"
        ") AS banks GROUP BY guild_id",
        HOUSE_KINDS,
    )
    wrong = [
        f"guild {r['guild_id']}: house bank {r['bank']}, ledger {r['ledger']}"
        for r in rows
        if r["bank"] != r["ledger"]
    ]
    line = f"{len(rows)} house bank(s) equal the sum of their ledger rows"
    if wrong:
        report.failed(line, wrong)
    else:
        report.passed(line)


async def _chips_are_conserved(database: Reader, report: AuditReport) -> None:
    marks = ",".join("?" * len(GRANT_KINDS))
    granted = await database.fetch_value(
        f"SELECT COALESCE(SUM(delta), 0) FROM ledger WHERE kind IN ({marks})", GRANT_KINDS
    )
    balances = await database.fetch_value("SELECT COALESCE(SUM(chips), 0) FROM balances")
    on_tables = await database.fetch_value(
        "SELECT COALESCE(SUM(s.stack), 0) FROM seats s JOIN tables t ON t.id = s.table_id"
        " WHERE t.status = 'open' AND t.tournament = 0 AND t.session_chips = 0"
    )
    carried = await database.fetch_value(
        "SELECT COALESCE(SUM(carried_pot), 0) FROM tables WHERE status = 'open'"
    )
    pools = await database.fetch_value(
        "SELECT COALESCE(SUM(prize_pool), 0) FROM tables WHERE status = 'open'"
    )
    rake = await database.fetch_value(
        "SELECT COALESCE(SUM(ABS(delta)), 0) FROM ledger WHERE kind = 'rake'"
    )
    banks = await database.fetch_value("SELECT COALESCE(SUM(chips), 0) FROM house_banks")
    held = await database.fetch_value("SELECT COALESCE(SUM(held), 0) FROM scheduled_tournaments")
    accounted = (
        int(balances) + int(on_tables) + int(carried) + int(pools) + int(rake) + int(banks)
    ) + int(held)
    jackpots = f" + carried jackpots {carried}" if carried else ""
    prize_pools = f" + prize pools {pools}" if pools else ""
    house = f" + house banks {banks}" if banks else ""
    scheduled = f" + held for scheduled tournaments {held}" if held else ""
    line = (
        f"granted {granted} = balances {balances} + at tables {on_tables}{jackpots}"
        f"{prize_pools} + rake {rake}{house}{scheduled} ({accounted})"
    )
    if accounted == int(granted):
        report.passed(line)
    else:
        report.failed(line, [f"difference {accounted - int(granted):+d}"])


async def _prize_pools_match_ledger(database: Reader, report: AuditReport) -> None:
    rows = await database.fetch_all(
        "SELECT t.id, t.prize_pool, COALESCE(-SUM(l.delta), 0) AS ledger FROM tables t"
        " LEFT JOIN ledger l ON l.table_id = t.id"
        " AND l.kind IN ('tournament_buy_in', 'tournament_refund', 'tournament_prize',"
        " 'house_stake', 'house_return', 'tournament_rebuy', 'tournament_add_on',"
        " 'tournament_bounty')"
        " WHERE t.tournament = 1 GROUP BY t.id"
    )
    wrong = [
        f"table {r['id']}: prize pool {r['prize_pool']}, ledger {r['ledger']}"
        for r in rows
        if r["prize_pool"] != r["ledger"]
    ]
    line = (
        f"{len(rows)} tournament prize pool(s) equal their buy-ins, rebuys and add-ons"
        " less refunds, prizes and bounties"
    )
    if wrong:
        report.failed(line, wrong)
    else:
        report.passed(line)


async def _closed_tables_are_empty(database: Reader, report: AuditReport) -> None:
    rows = await database.fetch_all(
        "SELECT s.table_id, s.seat_no, s.stack FROM seats s JOIN tables t ON t.id = s.table_id"
        " WHERE t.status = 'closed' AND s.stack > 0"
    )
    pots = await database.fetch_all(
        "SELECT id, carried_pot, prize_pool FROM tables"
        " WHERE status = 'closed' AND (carried_pot > 0 OR prize_pool > 0)"
    )
    line = "closed tables hold no chips"
    if rows or pots:
        report.failed(
            line,
            [f"table {r['table_id']} seat {r['seat_no']}: {r['stack']}" for r in rows]
            + [f"table {r['id']} carried pot: {r['carried_pot']}" for r in pots if r["carried_pot"]]
            + [f"table {r['id']} prize pool: {r['prize_pool']}" for r in pots if r["prize_pool"]],
        )
    else:
        report.passed(line)


async def _scheduled_buy_ins_match_ledger(database: Reader, report: AuditReport) -> None:
    rows = await database.fetch_all(
        "SELECT s.id, s.status, s.held, COALESCE(-SUM(l.delta), 0) AS ledger"
        " FROM scheduled_tournaments s LEFT JOIN ledger l ON l.schedule_id = s.id"
        " GROUP BY s.id, s.status, s.held"
    )
    wrong = [
        f"scheduled tournament {r['id']}: holds {r['held']}, ledger {r['ledger']}"
        for r in rows
        if r["held"] != r["ledger"]
    ] + [
        f"scheduled tournament {r['id']} ({r['status']}) still holds {r['held']}"
        for r in rows
        if r["status"] != "scheduled" and r["held"]
    ]
    line = f"{len(rows)} scheduled tournament(s) hold their buy-ins less refunds"
    if wrong:
        report.failed(line, wrong)
    else:
        report.passed(line)


async def _finished_hands_replay(
    database: Reader,
    report: AuditReport,
    replay_hand: HandReplayer,
    progress_to: TextIO | None = None,
) -> None:
    ids = [
        row["id"]
        for row in await database.fetch_all(
            "SELECT id FROM hands WHERE status = 'finished' ORDER BY id"
        )
    ]
    wrong = []
    progress = None if progress_to is None else Progress(len(ids), "hands replayed", progress_to)
    for hand_id in ids:
        problem = await replay_hand(database, hand_id)
        if problem is not None:
            wrong.append(f"hand {hand_id}: {problem}")
        if progress is not None:
            progress.advance()
    if progress is not None:
        progress.finish()
    line = f"{len(ids)} finished hand(s) replay to their recorded results"
    if wrong:
        report.failed(line, wrong)
    else:
        report.passed(line)


async def run(target: str) -> int:
    """Audit the SQLite file or PostgreSQL database ``target``; print the report."""
    if not is_postgresql_url(target) and not Path(target).exists():
        print(f"There is no database at {target}.", file=sys.stderr)
        return 2
    try:
        database = await Database.open(target)
    except DatabaseUnusable as error:
        print(error, file=sys.stderr)
        return 2
    try:
        async with database.snapshot() as snapshot:
            report = await audit(snapshot, _default_replayer(), progress_to=sys.stderr)
    finally:
        await database.close()
    print(report.render())
    return 0 if report.clean else 1


def _default_replayer() -> HandReplayer | None:
    """The table runner's replayer, when the runner is installed."""
    try:
        from bot.tables.hand_log import replay_finished_hand
    except ImportError:
        return None
    return replay_finished_hand


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.audit", description="Check that every chip is accounted for."
    )
    parser.add_argument(
        "--database",
        default=os.environ.get(SETTING) or "croupier.db",
        help=f"the SQLite file or PostgreSQL URL (default: ${SETTING} or croupier.db)",
    )
    arguments = parser.parse_args(argv)
    return asyncio.run(run(arguments.database))


if __name__ == "__main__":
    sys.exit(main())
