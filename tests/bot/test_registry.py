"""The registry: one table per channel, closing, and every table back after a restart."""

from __future__ import annotations

import pytest

from bot.database import Database
from bot.tables.errors import NoTableHere, TableExists
from bot.tables.requests import ActionRequest, Move
from tests.bot.fake_clock import FakeClock
from tests.bot.ledger_checks import assert_chips_reconcile
from tests.bot.table_fakes import (
    CHANNEL,
    CREATOR,
    GUILD,
    check_or_call,
    config,
    registry,
)


async def test_one_table_per_channel_in_memory_and_in_the_database(database: Database) -> None:
    clock = FakeClock()
    first, _ = registry(database, clock)
    await first.create(GUILD, CHANNEL, CREATOR, config())
    with pytest.raises(TableExists):
        await first.create(GUILD, CHANNEL, CREATOR, config())
    other_process, _ = registry(database, clock)
    with pytest.raises(TableExists):
        await other_process.create(GUILD, CHANNEL, CREATOR, config())
    await first.create(GUILD, CHANNEL + 1, CREATOR, config())
    assert len(first.runners) == 2
    await first.stop_all()


async def test_a_closed_table_frees_its_channel(database: Database) -> None:
    tables, _ = registry(database, FakeClock())
    await tables.create(GUILD, CHANNEL, CREATOR, config())
    await tables.close(CHANNEL, by=CREATOR)
    with pytest.raises(NoTableHere):
        tables.require(CHANNEL)
    await tables.create(GUILD, CHANNEL, CREATOR, config())  # a new one may open
    await tables.stop_all()


async def test_every_open_table_comes_back_after_a_restart(database: Database) -> None:
    clock = FakeClock()
    before, _ = registry(database, clock)
    playing = await before.create(GUILD, CHANNEL, CREATOR, config())
    idle = await before.create(GUILD, CHANNEL + 1, CREATOR, config())
    for user in (11, 12, 13):
        await playing.join(user, f"p{user}", buy_in=500)
    await idle.join(14, "p14", buy_in=300)
    await playing.settled()
    clock.advance(5)
    await playing.settled()
    assert playing.live is not None
    live = playing.live
    await playing.act(live.deal.players[live.hand.actor or 0], ActionRequest(Move.CHECK_OR_CALL))
    await before.stop_all()

    after, outlets = registry(database, clock)
    restored = await after.restore_all()
    assert {runner.record.channel_id for runner in restored} == {CHANNEL, CHANNEL + 1}
    for runner in restored:
        await runner.settled()
    again = after.require(CHANNEL)
    assert again.live is not None and again.live.hand_no == 1
    assert len(again.live.hand.actions) == 1
    # Each table posted afresh (a recording outlet keeps no message to edit).
    assert all(next(d for d in o.deliveries if d.kind == "table").fresh for o in outlets)
    assert after.require(CHANNEL + 1).table.is_seated(14)
    while again.live is not None:
        await check_or_call(again)
    await assert_chips_reconcile(database)
    await after.stop_all()


async def test_a_player_who_leaves_the_server_leaves_its_tables(database: Database) -> None:
    tables, _ = registry(database, FakeClock())
    first = await tables.create(GUILD, CHANNEL, CREATOR, config())
    second = await tables.create(GUILD, CHANNEL + 1, CREATOR, config())
    for runner in (first, second):
        await runner.join(11, "Ann", buy_in=200)
    await tables.player_gone(GUILD, 11)
    await tables.player_gone(GUILD, 99)  # nobody: nothing happens
    assert not first.table.is_seated(11) and not second.table.is_seated(11)
    await assert_chips_reconcile(database)
    await tables.stop_all()
