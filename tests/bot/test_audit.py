"""The audit finds every chip, and notices one that went missing or appeared,
on SQLite and on PostgreSQL."""

from __future__ import annotations

import socket
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from bot.audit import audit
from bot.cashier import Cashier
from bot.daily import DailyReward
from bot.database import Database
from tests.bot.tables import open_table

GUILD, ALICE, BOB = 100, 1, 2

pytestmark = pytest.mark.both_databases


async def _busy_database(database: Database) -> int:
    cashier = Cashier(database, starting_chips=1000, daily=DailyReward(100, 10, 7))
    table = await open_table(database, GUILD, 10)
    await cashier.buy_in(GUILD, ALICE, table, 0, 400)
    await cashier.buy_in(GUILD, BOB, table, 1, 300)
    await cashier.claim_daily(GUILD, BOB, date(2026, 1, 1))
    await cashier.admin_grant(GUILD, ALICE, 50, granted_by=99)
    # A settled hand: Bob won 100 from Alice, the house took 5 in rake.
    async with database.transaction() as tx:
        await tx.execute("UPDATE seats SET stack = 295 WHERE user_id = ?", (ALICE,))
        await tx.execute("UPDATE seats SET stack = 400 WHERE user_id = ?", (BOB,))
        await tx.execute(
            "INSERT INTO ledger (guild_id, user_id, delta, balance_after, kind, table_id)"
            " VALUES (?, NULL, 5, NULL, 'rake', ?)",
            (GUILD, table),
        )
    await cashier.cash_out(table, 0)
    return table


async def test_a_consistent_database_audits_clean(database: Database) -> None:
    await _busy_database(database)
    report = await audit(database)
    assert report.clean, report.render()
    assert "granted 2150 = balances 1745 + at tables 400 + rake 5 (2150)" in report.render()


async def test_a_chip_created_out_of_nowhere_is_found(database: Database) -> None:
    await _busy_database(database)
    async with database.transaction() as tx:
        await tx.execute("UPDATE balances SET chips = chips + 1 WHERE user_id = ?", (BOB,))
    report = await audit(database)
    assert not report.clean
    assert "user 2: balance 801, ledger 800" in report.render()
    assert "difference +1" in report.render()


async def test_a_chip_lost_from_a_stack_is_found(database: Database) -> None:
    await _busy_database(database)
    async with database.transaction() as tx:
        await tx.execute("UPDATE seats SET stack = stack - 7")
    report = await audit(database)
    assert report.problems == ["granted 2150 = balances 1745 + at tables 393 + rake 5 (2143)"]


async def test_chips_left_on_a_closed_table_are_found(database: Database) -> None:
    table = await _busy_database(database)
    async with database.transaction() as tx:
        await tx.execute(
            "UPDATE tables SET status = 'closed', closed_at = '2026-01-01T00:00:00Z' WHERE id = ?",
            (table,),
        )
    report = await audit(database)
    assert "closed tables hold no chips" in report.problems


async def _a_tournament(database: Database) -> tuple[Cashier, int]:
    """Alice and Bob registered for 100 each: 200 in the prize pool, and
    tournament chips in their seats that the audit must not count."""
    cashier = Cashier(database, starting_chips=1000, daily=DailyReward(100, 10, 7))
    table = await open_table(database, GUILD, 11)
    async with database.transaction() as tx:
        await tx.execute("UPDATE tables SET tournament = 1 WHERE id = ?", (table,))
    await cashier.register(GUILD, ALICE, table, 0, 100, 5000)
    await cashier.register(GUILD, BOB, table, 1, 100, 5000)
    return cashier, table


async def test_a_prize_pool_counts_and_tournament_chips_do_not(database: Database) -> None:
    cashier, table = await _a_tournament(database)
    report = await audit(database)
    assert report.clean, report.render()
    assert "granted 2000 = balances 1800 + at tables 0 + prize pools 200" in report.render()
    async with database.transaction() as tx:
        await cashier.pay_prize(tx, GUILD, table, ALICE, 200, place=1)
        await tx.execute("DELETE FROM seats WHERE table_id = ?", (table,))
        await tx.execute(
            "UPDATE tables SET status = 'closed', closed_at = '2026-01-01T00:00:00Z' WHERE id = ?",
            (table,),
        )
    report = await audit(database)
    assert report.clean, report.render()


async def test_a_prize_pool_that_does_not_match_its_ledger_is_found(database: Database) -> None:
    _, table = await _a_tournament(database)
    async with database.transaction() as tx:
        await tx.execute("UPDATE tables SET prize_pool = 150 WHERE id = ?", (table,))
    report = await audit(database)
    assert f"table {table}: prize pool 150, ledger 200" in report.render()
    assert "difference -50" in report.render()


async def test_a_closed_tournament_holding_its_pool_is_found(database: Database) -> None:
    _, table = await _a_tournament(database)
    async with database.transaction() as tx:
        await tx.execute("DELETE FROM seats WHERE table_id = ?", (table,))
        await tx.execute(
            "UPDATE tables SET status = 'closed', closed_at = '2026-01-01T00:00:00Z' WHERE id = ?",
            (table,),
        )
    report = await audit(database)
    assert f"table {table} prize pool: 200" in report.render()


async def _computer_player_won(database: Database) -> Cashier:
    """A computer player (id -1) staked 300 by the house bank won 100 from Alice
    and went home; Alice is still seated."""
    cashier = Cashier(database, starting_chips=1000, daily=DailyReward(100, 10, 7))
    table = await open_table(database, GUILD, 11)
    await cashier.buy_in(GUILD, ALICE, table, 0, 400)
    await cashier.buy_in(GUILD, -1, table, 1, 300)
    async with database.transaction() as tx:
        await tx.execute("UPDATE seats SET stack = 300 WHERE user_id = ?", (ALICE,))
        await tx.execute("UPDATE seats SET stack = 400 WHERE user_id = -1")
    await cashier.cash_out(table, 1)
    return cashier


async def test_the_house_bank_counts_and_owns_no_balance(database: Database) -> None:
    cashier = await _computer_player_won(database)
    report = await audit(database)
    assert report.clean, report.render()
    assert "1 house bank(s) equal the sum of their ledger rows" in report.render()
    assert "granted 1000 = balances 600 + at tables 300 + rake 0 + house banks 100" in (
        report.render()
    )
    assert await cashier.balance(GUILD, -1) is None
    kinds = await database.fetch_all(
        "SELECT kind, delta FROM ledger WHERE user_id IS NULL ORDER BY id"
    )
    assert [(row["kind"], row["delta"]) for row in kinds] == [
        ("house_stake", -300),
        ("house_return", 400),
    ]


async def test_a_house_bank_that_does_not_match_its_ledger_is_found(database: Database) -> None:
    await _computer_player_won(database)
    async with database.transaction() as tx:
        await tx.execute("UPDATE house_banks SET chips = chips + 50")
    report = await audit(database)
    assert not report.clean
    assert "guild 100: house bank 150, ledger 100" in report.render()
    assert "difference +50" in report.render()


async def test_the_command_exits_non_zero_on_a_discrepancy(database_target: str) -> None:
    database = await Database.open(database_target)
    await _busy_database(database)
    command = [sys.executable, "-m", "bot.audit", "--database", database_target]
    clean = subprocess.run(command, capture_output=True, text=True, check=False)
    async with database.transaction() as tx:
        await tx.execute("UPDATE balances SET chips = chips - 3 WHERE user_id = ?", (ALICE,))
    await database.close()
    broken = subprocess.run(command, capture_output=True, text=True, check=False)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert clean.stdout.strip().endswith("audit clean")
    # Progress goes to standard error (no terminal here: plain lines), the report to output.
    assert clean.stderr.strip().endswith("hands replayed: 0, done"), clean.stderr
    assert broken.returncode == 1
    assert "FAIL" in broken.stdout


def test_the_command_says_so_when_there_is_no_database(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bot.audit", "--database", str(tmp_path / "none.db")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert "There is no database" in result.stderr


def test_the_command_says_so_when_the_postgresql_server_cannot_be_reached() -> None:
    with socket.socket() as probe:  # a port where nothing listens
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"postgresql://croupier:s3cret@127.0.0.1:{port}/croupier"
    result = subprocess.run(
        [sys.executable, "-m", "bot.audit", "--database", url],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert "PostgreSQL database cannot be used" in result.stderr
    assert "s3cret" not in result.stdout + result.stderr


async def _a_scheduled_tournament(database: Database) -> int:
    """A tournament announced ahead with Alice's and Bob's buy-ins of 100 held."""
    from bot.scheduled_tournaments import register, schedule
    from bot.settings import Settings
    from bot.tables.table_settings import new_table_config

    cashier = Cashier(database, starting_chips=1000, daily=DailyReward(100, 10, 7))
    config = new_table_config(
        Settings(discord_token="x"),
        variant=None,
        tournament=True,
        buy_in=100,
        small_blind=None,
        big_blind=None,
        min_buy_in=None,
        max_buy_in=None,
        seats=None,
        action_seconds=None,
        provably_fair=True,
        locale="en",
    )
    announced = await schedule(
        database,
        guild_id=GUILD,
        channel_id=5,
        creator_id=ALICE,
        config=config,
        starts_at=2_000,
        registration_opens_at=0,
        repeat_weekly=False,
        min_players=2,
        late_levels=0,
    )
    for player in (ALICE, BOB):
        await register(database, cashier, announced.id, player, now=100)
    return announced.id


async def test_buy_ins_held_for_a_scheduled_tournament_count(database: Database) -> None:
    await _a_scheduled_tournament(database)
    report = await audit(database)
    assert report.clean, report.render()
    assert "+ held for scheduled tournaments 200 (2000)" in report.render()
    assert "1 scheduled tournament(s) hold their buy-ins less refunds" in report.render()


async def test_a_held_pool_that_does_not_match_its_ledger_is_found(database: Database) -> None:
    held = await _a_scheduled_tournament(database)
    async with database.transaction() as tx:
        await tx.execute("UPDATE scheduled_tournaments SET held = 150 WHERE id = ?", (held,))
    report = await audit(database)
    assert f"scheduled tournament {held}: holds 150, ledger 200" in report.render()
    assert "difference -50" in report.render()


async def test_a_cancelled_schedule_still_holding_buy_ins_is_found(database: Database) -> None:
    held = await _a_scheduled_tournament(database)
    async with database.transaction() as tx:
        await tx.execute(
            "UPDATE scheduled_tournaments SET status = 'cancelled' WHERE id = ?", (held,)
        )
    report = await audit(database)
    assert f"scheduled tournament {held} (cancelled) still holds 200" in report.render()
