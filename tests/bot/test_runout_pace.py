"""The runner's pace through an all-in run-out (bot/tables/runout.py): a street
every ``runout_pause_seconds`` on the table's clock, the streets dealt saved
with the table's state before each is dealt, a failed write dealing nothing
until the clock tries again, and no pause at all dealing the rest at once."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import replace

import pytest

from bot.database import Database
from bot.tables.requests import ActionRequest, Move
from bot.tables.runner import TableRunner
from bot.tables.table_store import TableStore
from tests.bot.fake_clock import FakeClock
from tests.bot.table_fakes import (
    CHANNEL,
    CREATOR,
    GUILD,
    RecordingOutlet,
    config,
    deal_next,
    services,
    to_act,
)

ANN, BEN = 11, 12
ALL_IN = ActionRequest(Move.ALL_IN)
CALL = ActionRequest(Move.CHECK_OR_CALL)
PAUSE = 2.0


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


async def table_with_pause(database: Database, clock: FakeClock, pause: float) -> TableRunner:
    settings = config()
    record = await TableStore(database).create(GUILD, CHANNEL, CREATOR, settings)
    paced = replace(services(database, clock), runout_pause_seconds=pause)
    runner = TableRunner(record, settings, paced, RecordingOutlet())
    await runner.start()
    await runner.join(ANN, "Ann", buy_in=500)
    await runner.join(BEN, "Ben", buy_in=500)
    await deal_next(runner, clock)
    await runner.act(to_act(runner), ALL_IN)
    await runner.act(to_act(runner), CALL)
    await runner.settled()
    return runner


@pytest.fixture
async def paced(database: Database, clock: FakeClock) -> AsyncIterator[TableRunner]:
    runner = await table_with_pause(database, clock, PAUSE)
    yield runner
    await runner.stop()


async def saved_runout(database: Database, runner: TableRunner) -> object:
    state = await database.fetch_value("SELECT state FROM tables WHERE id = ?", (runner.table_id,))
    return json.loads(state).get("runout")


async def test_each_street_comes_after_the_pause_and_is_saved_first(
    paced: TableRunner, clock: FakeClock, database: Database
) -> None:
    live = paced.live
    assert live is not None and live.hand.runout_due and live.hand.board == []
    assert live.deadline == clock.now() + PAUSE
    clock.advance(PAUSE - 0.5)
    await paced.settled()
    assert live.hand.board == [], "not before the pause is over"
    for cards in (3, 4):
        clock.advance(PAUSE)
        await paced.settled()
        assert len(live.hand.board) == cards
        assert await saved_runout(database, paced) == [live.hand_id, live.hand.runout_streets]
    clock.advance(PAUSE)
    await paced.settled()
    assert paced.live is None and live.hand.is_complete and len(live.hand.board) == 5
    assert await saved_runout(database, paced) is None  # the hand is over: nothing to resume


async def test_a_failed_write_deals_nothing_until_the_clock_tries_again(
    paced: TableRunner, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    live = paced.live
    assert live is not None
    failing = paced.keeper.transact

    async def refused(*args: object, **kwargs: object) -> object:
        monkeypatch.setattr(paced.keeper, "transact", failing)  # once
        raise ConnectionError("the database is away")

    monkeypatch.setattr(paced.keeper, "transact", refused)
    clock.advance(PAUSE)
    await paced.settled()
    assert live.hand.board == [] and paced.state.runout is None
    assert paced.retry_at is not None
    clock.advance(paced.retry_at - clock.now())
    await paced.settled()
    assert len(live.hand.board) == 3 and paced.state.runout == (live.hand_id, 1)


async def test_no_pause_deals_the_rest_at_once(database: Database, clock: FakeClock) -> None:
    runner = await table_with_pause(database, clock, 0)
    try:
        assert runner.live is None
        last = runner.state.last_hand
        assert last is not None and last.hand.is_complete and len(last.hand.board) == 5
    finally:
        await runner.stop()
