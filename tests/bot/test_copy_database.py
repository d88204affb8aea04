"""Moving up: ``python -m bot.copy_database`` copies a SQLite database that has
seen play (cash hands, one of them still in progress, a jackpot carried to the
next deal, a tournament played to its end and one still taking entries, daily
claims and grants) into an empty PostgreSQL database, and both audits agree.
The bot then runs on the copy: its tables come back as they were, and new rows
get ids after the copied ones."""

from __future__ import annotations

import random
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from bot.cashier import Cashier
from bot.daily import DailyReward
from bot.database import Database
from bot.tables.table_store import TableStore, set_dm_cards
from tests.audited import assert_audit_clean
from tests.bot.fake_clock import FakeClock
from tests.bot.table_fakes import GUILD, RecordingOutlet, config, new_table, registry
from tests.bot.table_players import play_hands
from tests.bot.test_runner_jackpots import a_pot_nobody_opened
from tests.bot.test_runner_tournament import play_to_the_end, register, tournament

CASH_CHANNEL, FINISHED_CHANNEL, OPEN_CHANNEL, NEW_CHANNEL = 501, 502, 503, 504
PLAYERS = {21: "Ann", 22: "Ben", 23: "Cat"}
#: Every table the bot writes (published_commands and hand habits may be empty).
TABLES = (
    "balances",
    "ledger",
    "tables",
    "seats",
    "hands",
    "hand_actions",
    "hand_players",
    "tournament_entries",
    "player_settings",
)


async def played(path: Path) -> None:
    """A SQLite database with some history, every table's runner stopped."""
    async with await Database.open(path) as database:
        clock = FakeClock()
        jackpots, _, _ = await a_pot_nobody_opened(database, clock)
        cash = await new_table(
            database,
            clock,
            RecordingOutlet(),
            config(provably_fair=True),
            channel_id=CASH_CHANNEL,
        )
        for user_id, name in PLAYERS.items():
            await cash.join(user_id, name, buy_in=600)
        await play_hands(cash, clock, random.Random(5), 6)
        finished = await new_table(
            database, clock, RecordingOutlet(), tournament(seats=3), channel_id=FINISHED_CHANNEL
        )
        await register(finished, PLAYERS)
        await play_to_the_end(finished, clock)
        waiting = await new_table(
            database, clock, RecordingOutlet(), tournament(seats=4), channel_id=OPEN_CHANNEL
        )
        await register(waiting, {31: "Dan", 32: "Eve"})
        cashier = Cashier(database, starting_chips=1000, daily=DailyReward(100, 10, 7))
        await cashier.claim_daily(GUILD, 31, date(2026, 1, 1))
        await cashier.admin_grant(GUILD, 32, 250, granted_by=1, note="welcome")
        await set_dm_cards(database, 22, False)
        await jackpots.stop_all()
        for runner in (cash, finished, waiting):
            await runner.stop()
        assert await database.fetch_value("SELECT SUM(carried_pot) FROM tables") > 0
        assert await database.fetch_value("SELECT COUNT(*) FROM hands WHERE status = 'in_progress'")


def copy(source: Path, target: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.copy_database", str(source), target],
        capture_output=True,
        text=True,
        check=False,
    )


async def counts(database: Database) -> dict[str, int]:
    return {name: await database.fetch_value(f"SELECT COUNT(*) FROM {name}") for name in TABLES}


async def test_a_played_sqlite_database_moves_into_postgresql_and_both_audits_agree(
    tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    server = request.getfixturevalue("postgresql_server")
    source = tmp_path / "croupier.db"
    await played(source)
    target = await server.empty()
    done = copy(source, target)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"tables from SQLite {source} to PostgreSQL" in done.stdout
    assert done.stdout.count("audit clean") == 2
    assert "Both audits are clean and agree line for line." in done.stdout
    # How far it is, on standard error: the rows copied, each audit's replay of the hands.
    told = done.stderr.splitlines()
    copied = [line for line in told if line.startswith("rows copied: ")]
    replayed = [line for line in told if line.startswith("hands replayed: ")]
    assert copied and copied[-1].endswith("(100 %), done"), told
    assert replayed[-1].endswith("(100 %), done") and replayed.count(replayed[-1]) == 2, told
    assert len(copied) + len(replayed) == len(told), told
    replayed = [line for line in done.stdout.splitlines() if "finished hand(s) replay" in line]
    assert len(replayed) == 2 and replayed[0] == replayed[1] and "ok    0 " not in replayed[0]

    async with (
        await Database.open(source) as sqlite,
        await Database.open(target) as postgresql,
    ):
        assert await counts(postgresql) == await counts(sqlite)
        assert all(await counts(postgresql))
        assert await postgresql.fetch_value("SELECT COUNT(*) FROM leases") == 0
        # The bot runs on the copy: every open table comes back as it was.
        clock = FakeClock()
        tables, _ = registry(postgresql, clock)
        restored = await tables.restore_all()
        assert len(restored) == 3  # the jackpot table, the cash table, the open tournament
        assert tables.get(CASH_CHANNEL) is not None and tables.get(OPEN_CHANNEL) is not None
        assert sum(runner.table.carried_pot for runner in restored) > 0
        await tables.stop_all()
        # New rows are numbered after the copied ones.
        newest = await postgresql.fetch_value("SELECT MAX(id) FROM tables")
        record = await TableStore(postgresql).create(GUILD, NEW_CHANNEL, 21, config())
        assert record.table_id == newest + 1
        await assert_audit_clean(postgresql)

    again = copy(source, target)
    assert again.returncode == 2
    assert "already holds data" in again.stderr
    await server.drop(target)


def test_the_target_must_be_postgresql(tmp_path: Path) -> None:
    done = copy(tmp_path / "croupier.db", str(tmp_path / "other.db"))
    assert done.returncode == 2
    assert "The target must be a PostgreSQL URL" in done.stderr
