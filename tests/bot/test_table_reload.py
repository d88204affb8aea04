"""A table whose memory is behind the database reloads itself and goes on.

Another runner of the same table (a second process's, as when a process that
lost its lease wrote before fencing kept it from doing so) logs the hand's
next action. This table's own write of that action is then refused as a
repeat (a unique key); instead of trying the same write again for ever, the
table is rebuilt from the database as after a restart: the hand replayed from
its log, with the other's action in it, the clock started for whoever is to
act, and play goes on. A click that met the refusal is answered politely. On
SQLite and on PostgreSQL.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.database import Database
from bot.tables.errors import Refused
from bot.tables.registry import TableRegistry
from bot.tables.requests import ActionRequest, Move
from bot.tables.runner import TableRunner
from tests.bot.fake_clock import FakeClock
from tests.bot.ledger_checks import assert_chips_reconcile
from tests.bot.table_fakes import CHANNEL, CREATOR, GUILD, check_or_call, config, registry, to_act

pytestmark = pytest.mark.both_databases


async def reloaded(tables: TableRegistry, behind: TableRunner) -> TableRunner:
    """The runner that took ``behind``'s place, once it has settled."""
    for _ in range(500):
        runner = tables.get(CHANNEL)
        if runner is not None and runner is not behind:
            await runner.settled()
            return runner
        await asyncio.sleep(0.01)
    raise AssertionError("the table was not reloaded")


async def playing(database: Database, clock: FakeClock) -> tuple[TableRegistry, TableRunner]:
    tables, _ = registry(database, clock)
    runner = await tables.create(GUILD, CHANNEL, CREATOR, config())
    for user in (11, 12, 13):
        await runner.join(user, f"p{user}", buy_in=500)
    await runner.settled()
    clock.advance(5)
    await runner.settled()
    assert runner.live is not None and runner.live.seq == 0
    return tables, runner


async def another_takes_the_turn(database: Database, clock: FakeClock) -> str:
    """A second runner of the table, restored from the database, logs action 1 (a
    check or call) and stops; the action's text."""
    other, _ = registry(database, clock)
    (elsewhere,) = await other.restore_all()
    await check_or_call(elsewhere)
    await other.stop_all()
    text = await database.fetch_value("SELECT action FROM hand_actions WHERE seq = 1")
    assert isinstance(text, str) and text.endswith(" cc"), text
    return text


async def test_a_clock_whose_action_was_logged_already_reloads_the_hand_and_goes_on(
    database: Database,
) -> None:
    clock = FakeClock()
    tables, behind = await playing(database, clock)
    hand_no = behind.live.hand_no if behind.live else 0
    await another_takes_the_turn(database, clock)

    clock.advance(30)  # this table's clock runs out for the same player: action 1 again
    runner = await reloaded(tables, behind)
    live = runner.live
    assert live is not None and live.hand_no == hand_no
    assert live.seq == 1, "the hand was replayed with the other's call in it"
    assert [(a.kind, a.by_clock) for a in live.actions] == [("call", False)]
    # It goes on by itself: the clock acts for the next player, and play continues.
    clock.advance(30)
    await runner.settled()
    assert runner.live is not None and runner.live.seq == 2
    while runner.live is not None and runner.live.hand_no == hand_no:
        await check_or_call(runner)
    count = await database.fetch_value("SELECT COUNT(*) FROM hand_actions WHERE seq = 1")
    assert count == 1
    await assert_chips_reconcile(database)
    # The stopped runner refuses whatever still reaches it.
    with pytest.raises(Refused):
        await behind.sit_out(11)
    await tables.stop_all()


async def test_a_click_on_a_table_behind_is_refused_politely_and_the_table_reloads(
    database: Database,
) -> None:
    clock = FakeClock()
    tables, behind = await playing(database, clock)
    actor = to_act(behind)
    await another_takes_the_turn(database, clock)

    with pytest.raises(Refused) as refused:
        await behind.act(actor, ActionRequest(Move.CHECK_OR_CALL))
    assert refused.value.message_key == "table.stale_button"
    runner = await reloaded(tables, behind)
    assert runner.live is not None and runner.live.seq == 1
    assert to_act(runner) != actor
    await check_or_call(runner)  # the next player's click is taken
    assert runner.live is not None and runner.live.seq == 2
    await assert_chips_reconcile(database)
    await tables.stop_all()


async def test_a_leave_that_meets_a_table_behind_is_carried_out_by_the_reloaded_table(
    database: Database,
) -> None:
    """``/poker leave`` by the player to act folds them at once; that fold is the
    action another runner logged already. The leave is written, so the player
    is told they leave, and the reloaded table lets them go when the hand ends."""
    clock = FakeClock()
    tables, behind = await playing(database, clock)
    actor = to_act(behind)
    await another_takes_the_turn(database, clock)

    await behind.leave(actor)  # not refused
    runner = await reloaded(tables, behind)
    assert runner.live is not None and runner.live.seq == 1
    hand_no = runner.live.hand_no
    while runner.live is not None and runner.live.hand_no == hand_no:
        if to_act(runner) == actor:
            clock.advance(0)  # a leaving player is acted for at once
            await runner.settled()
            continue
        await check_or_call(runner)
    await runner.settled()
    assert not runner.table.is_seated(actor), "they left when the hand ended"
    await assert_chips_reconcile(database)
    await tables.stop_all()
