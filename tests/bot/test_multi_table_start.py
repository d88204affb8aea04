"""A multi-table tournament's start is all or nothing (bot/tournaments/floor_runner.py):
one that fails part way, its first table seated and paid, gives every buy-in
back (a ``tournament_refund`` ledger row each), closes every table it opened
and leaves no tournament running; the audit is clean. A cancellation whose
closing transaction fails is tried again by itself (no hand will end to bring
it back)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from bot.database import Database
from bot.errors import CroupierError
from bot.settings import Settings
from bot.tables.table_settings import new_table_config
from bot.tournaments.floor_runner import Entrant, start_multi_table_tournament
from tests.audited import assert_audit_clean
from tests.bot.fake_clock import FakeClock
from tests.bot.table_fakes import GUILD, STARTING_CHIPS, RecordingOutlet, registry

BUY_IN = STARTING_CHIPS + 5_000  # more than a member has without a grant


def tournament_config(buy_in: int) -> Any:
    return new_table_config(
        Settings(discord_token="x"),
        variant=None,
        tournament=True,
        buy_in=buy_in,
        starting_stack=500,
        level_minutes=10,
        small_blind=None,
        big_blind=None,
        min_buy_in=None,
        max_buy_in=None,
        seats=3,
        action_seconds=None,
        provably_fair=False,
        locale="en",
    )


@pytest.mark.both_databases
async def test_a_start_failing_part_way_gives_every_buy_in_back_and_leaves_nothing_open(
    database: Database,
) -> None:
    tables, _ = registry(database, FakeClock())
    cashier = tables.services.cashier
    config = tournament_config(BUY_IN)
    members = [Entrant(user_id, f"Member {user_id}") for user_id in range(1, 6)]
    computers = [Entrant(-k, f"Bot {k}") for k in range(1, 4)]
    for member in members[:-1]:  # the last member cannot pay: their table's seating fails
        await cashier.admin_grant(GUILD, member.user_id, BUY_IN, granted_by=0)
    opened: list[int] = []

    async def open_thread(number: int, name: str) -> int:
        opened.append(number)
        return 9_000 + number

    with pytest.raises(CroupierError):
        await start_multi_table_tournament(
            tables,
            guild_id=GUILD,
            channel_id=500,
            creator_id=1,
            config=config,
            players=members + computers,
            open_thread=open_thread,
            lobby_outlet=RecordingOutlet(),
            rng=random.Random(4),
        )

    refunds = await database.fetch_all(
        "SELECT user_id, delta FROM ledger WHERE kind = 'tournament_refund'"
    )
    assert refunds, "the buy-ins taken at the tables seated before the failure went back"
    for member in members:
        net = await database.fetch_value(
            "SELECT COALESCE(SUM(delta), 0) FROM ledger WHERE user_id = ?"
            " AND kind IN ('tournament_buy_in', 'tournament_refund')",
            (member.user_id,),
        )
        assert net == 0
        assert await cashier.balance(GUILD, member.user_id) in (
            STARTING_CHIPS + BUY_IN,
            STARTING_CHIPS,
            None,
        )
    assert await database.fetch_value("SELECT COUNT(*) FROM tables WHERE status = 'open'") == 0
    assert await database.fetch_value("SELECT COUNT(*) FROM seats") == 0
    assert await database.fetch_value("SELECT COUNT(*) FROM tournament_entries") == 0
    running = await database.fetch_value(
        "SELECT COUNT(*) FROM multi_table_tournaments WHERE status = 'running'"
    )
    assert running == 0
    assert not tables.runners
    await assert_audit_clean(database)
    assert len(opened) == 3  # eight players at three tables: threads first, then money


async def test_a_cancellation_whose_write_fails_is_tried_again_until_it_ends(
    database: Database, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    clock = FakeClock()
    tables, _ = registry(database, clock)
    cashier = tables.services.cashier

    async def open_thread(number: int, name: str) -> int:
        return 9_000 + number

    tournament = await start_multi_table_tournament(
        tables,
        guild_id=GUILD,
        channel_id=500,
        creator_id=1,
        config=tournament_config(100),
        players=[Entrant(1, "Ann"), *(Entrant(-k, f"Bot {k}") for k in range(1, 6))],
        open_thread=open_thread,
        lobby_outlet=RecordingOutlet(),
        rng=random.Random(2),
    )
    assert len(tournament.runners) == 2 and not any(r.live for r in tournament.runners.values())
    pay_prize = cashier.pay_prize
    failures = [RuntimeError("the disk is full for a moment")]

    async def failing_once(*args: Any, **kwargs: Any) -> int | None:
        if failures:
            raise failures.pop()
        return await pay_prize(*args, **kwargs)

    monkeypatch.setattr(cashier, "pay_prize", failing_once)
    assert await tournament.cancel() is False  # the write failed: nothing paid, nothing closed
    assert "the floor's work failed" in caplog.text
    assert await database.fetch_value("SELECT COUNT(*) FROM tables WHERE status = 'open'") == 2
    clock.advance(5.0)
    await asyncio.sleep(0.01)  # the alarm's callback runs on the loop's next turn
    await tournament.settled()
    assert tournament.over
    assert await database.fetch_value("SELECT COUNT(*) FROM tables WHERE status = 'open'") == 0
    prizes = await database.fetch_value(
        "SELECT SUM(prize) FROM tournament_entries WHERE table_id = ?", (tournament.pool_table_id,)
    )
    assert prizes == 600
    await assert_audit_clean(database)
