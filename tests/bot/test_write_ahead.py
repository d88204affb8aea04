"""Write-ahead: nothing a player is shown is ahead of the database.

Every message is checked twice by a :class:`~tests.bot.log_witness.LogWitness`
with its own connection: when the runner queues it and when the outlet sends
it. Buttons drawn after n actions need n committed actions; a hand shown as
over must be settled; hole cards need their hand logged. On SQLite and on
PostgreSQL.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from bot.database import Database
from bot.tables.hand_log import HandLog
from bot.tables.runner import TableRunner
from tests.audited import assert_audit_clean
from tests.bot.fake_clock import FakeClock
from tests.bot.log_witness import LogWitness, WitnessedOutlet
from tests.bot.table_fakes import config, new_table
from tests.bot.table_players import play_hands, player_to_act, rebuy_the_busted

PLAYERS = {11: "Ann", 12: "Ben", 13: "Cat"}

pytestmark = pytest.mark.both_databases


@pytest.fixture
async def witnessed(
    database: Database, database_target: str
) -> AsyncIterator[tuple[TableRunner, LogWitness]]:
    outlet = WitnessedOutlet()
    clock = FakeClock()
    runner = await new_table(database, clock, outlet, config(provably_fair=True))
    witness = LogWitness(database_target, runner.table_id)
    outlet.witness = witness
    witness.watch(runner)
    runner.clock = clock
    for user_id, name in PLAYERS.items():
        await runner.join(user_id, name, buy_in=600)
    yield runner, witness
    await runner.stop()
    witness.close()


async def test_every_message_shows_only_what_is_committed(
    witnessed: tuple[TableRunner, LogWitness], database: Database
) -> None:
    runner, witness = witnessed
    clock = runner.clock
    assert isinstance(clock, FakeClock)
    await play_hands(runner, clock, random.Random(3), 8)
    # The clock acts too: a timeout is logged before it is shown.
    await rebuy_the_busted(runner)
    await runner.settled()
    clock.advance(max(0.0, (runner.state.next_hand_at or clock.now()) - clock.now()))
    await runner.settled()
    assert player_to_act(runner) is not None
    clock.advance(30)
    await runner.settled()
    assert witness.checked > 100
    assert witness.violations == []
    await assert_audit_clean(database)


async def test_the_witness_notices_an_action_shown_before_it_is_logged(
    witnessed: tuple[TableRunner, LogWitness], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check can fail: a runner whose log lags what it shows is caught."""
    runner, witness = witnessed
    clock = runner.clock
    assert isinstance(clock, FakeClock)
    real_append = HandLog.append

    async def late_append(log: HandLog, hand_id: int, seq: int, text: str, actor: int | None):
        if seq > 1:  # the first action is logged; the rest never are
            return
        await real_append(log, hand_id, seq, text, actor)

    monkeypatch.setattr(HandLog, "append", late_append)
    await play_hands(runner, clock, random.Random(3), 1)
    assert any("actions" in v and "logged" in v for v in witness.violations)
