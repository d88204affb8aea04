"""The runner's pace through an all-in run-out (bot/tables/runout.py): a street
every ``runout_pause_seconds`` on the table's clock, the streets dealt saved
with the table's state before each is dealt, a failed write dealing nothing
until the clock tries again, and no pause at all dealing the rest at once. The
chances the table message shows are worked out off the event loop, while the
players choose to run it twice too, and drawing the message never asks the
equity calculator anything."""

from __future__ import annotations

import json
import threading
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

import pytest

from bot.database import Database
from bot.tables import home_view
from bot.tables.requests import ActionRequest, Move
from bot.tables.runner import TableRunner
from bot.tables.table_store import TableStore
from engine import Phase
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
    failing = paced.keeper.save

    async def refused(*args: object, **kwargs: object) -> object:
        monkeypatch.setattr(paced.keeper, "save", failing)  # once
        raise ConnectionError("the database is away")

    monkeypatch.setattr(paced.keeper, "save", refused)
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


class EquitySpy:
    """Counts the engine's equity calls (the real calculator answers each), by
    whether they ran on the event loop's thread."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.loop_thread = threading.get_ident()
        self.on_loop = 0
        self.off_loop = 0
        real = home_view.equities

        def spied(*args: Any, **kwargs: Any) -> Any:
            if threading.get_ident() == self.loop_thread:
                self.on_loop += 1
            else:
                self.off_loop += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(home_view, "equities", spied)


async def test_the_chances_while_players_choose_to_run_it_twice_are_worked_out_off_the_loop(
    database: Database, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Omaha heads-up, all in before the flop: about 0.2 s of enumeration.
    spy = EquitySpy(monkeypatch)
    home_view._chances.cache_clear()
    settings = config(variant="PO", run_it_twice=True)
    record = await TableStore(database).create(GUILD, CHANNEL, CREATOR, settings)
    paced = replace(services(database, clock), runout_pause_seconds=PAUSE)
    runner = TableRunner(record, settings, paced, RecordingOutlet())
    try:
        await runner.start()
        await runner.join(ANN, "Ann", buy_in=500)
        await runner.join(BEN, "Ben", buy_in=500)
        await deal_next(runner, clock)
        live = runner.live
        assert live is not None
        while live.hand.phase is Phase.BETTING:  # the most each may raise, until all in
            legal = live.hand.legal_actions()
            request = ActionRequest(Move.RAISE_TO, legal.max_raise_to) if legal.can_raise else CALL
            await runner.act(to_act(runner), request)
        await runner.settled()
        assert live.hand.phase is Phase.RUN_IT_TWICE and not any(live.hand.board)
        # The table message shows the chances while both still choose ...
        home = runner.snapshot().home
        assert home is not None and home.runout_choosers == ("Ann", "Ben")
        (before_the_flop,) = home.odds
        assert {odds.name for odds in before_the_flop.hands} == {"Ann", "Ben"}
        # ... worked out in a thread; drawing the message again asks nothing of
        # the calculator, even with its answers forgotten.
        assert spy.off_loop >= 1 and spy.on_loop == 0
        home_view._chances.cache_clear()
        for _ in range(3):
            again = runner.snapshot().home
            assert again is not None and again.odds == home.odds
        assert spy.on_loop == 0
        # One player chooses once: the board is run once, each street's chances
        # worked out off the loop as it comes.
        await runner.act(to_act(runner), ActionRequest(Move.RUN_ONCE))
        while runner.live is not None:
            clock.advance(PAUSE)
            await runner.settled()
        last = runner.state.last_hand
        assert last is not None and last.hand.is_complete
        shown = runner.snapshot().home
        assert shown is not None and len(shown.odds) == 3  # before the flop, flop, turn
        assert spy.on_loop == 0
    finally:
        await runner.stop()


async def test_no_pause_shows_every_streets_chances_worked_out_off_the_loop(
    database: Database, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    spy = EquitySpy(monkeypatch)
    home_view._chances.cache_clear()
    runner = await table_with_pause(database, clock, 0)
    try:
        assert runner.live is None
        home = runner.snapshot().home
        assert home is not None and len(home.odds) == 3
        assert spy.off_loop >= 3 and spy.on_loop == 0
    finally:
        await runner.stop()
