"""/stats figures from real hands played at a runner: VPIP, PFR, aggression,
showdowns and bb/100 as poker players count them, and the chips chart."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.database import Database
from bot.play_figures import chip_points, play_figures
from bot.render.stats_chart import chips_chart
from bot.tables.requests import ActionRequest, Move
from tests.bot.fake_clock import FakeClock
from tests.bot.table_fakes import (
    GUILD,
    RecordingOutlet,
    check_or_call,
    config,
    deal_next,
    seated_table,
    to_act,
)

ANN, BEN = 11, 12
CALL = ActionRequest(Move.CHECK_OR_CALL)
FOLD = ActionRequest(Move.FOLD)

# The figures' SQL runs on both databases.
pytestmark = pytest.mark.both_databases


async def test_figures_count_what_each_player_did(database: Database) -> None:
    clock = FakeClock()
    runner = await seated_table(
        database, clock, RecordingOutlet(), config(), {ANN: "Ann", BEN: "Ben"}
    )
    try:
        # Four hands: the small blind raises, the big blind folds.
        for hand in range(4):
            if hand:
                await deal_next(runner, clock)
            await runner.act(to_act(runner), ActionRequest(Move.RAISE_TO, 30))
            await runner.act(to_act(runner), FOLD)
        # A fifth, checked down: the small blind calls, the big blind checks.
        await deal_next(runner, clock)
        caller = to_act(runner)
        checker = BEN if caller == ANN else ANN
        while runner.live is not None:
            await check_or_call(runner)
        await runner.settled()
    finally:
        await runner.stop()

    mine = await play_figures(database, GUILD, caller)
    theirs = await play_figures(database, GUILD, checker)
    assert (mine.hands, theirs.hands) == (5, 5)
    assert (mine.vpip, mine.pfr) == (60.0, 40.0)  # two raises and a call of five hands
    assert (theirs.vpip, theirs.pfr) == (40.0, 40.0)  # checking the big blind is not voluntary
    assert mine.aggression == 2.0 and theirs.aggression is None  # no call to divide by
    assert mine.went_to_showdown == theirs.went_to_showdown == 100.0  # one flop, one showdown
    assert {mine.won_at_showdown, theirs.won_at_showdown} <= {0.0, 100.0}
    # Nobody wins chips out of nothing: both results add up to zero big blinds.
    assert mine.bb_per_100 is not None and theirs.bb_per_100 is not None
    assert abs(mine.bb_per_100 + theirs.bb_per_100) < 1e-9

    points = await chip_points(database, GUILD, caller)
    assert len(points) == 5 and {point.session for point in points} == {0}
    net = await database.fetch_value(
        "SELECT SUM(net) FROM hand_players WHERE user_id = ?", (caller,)
    )
    assert sum(point.net for point in points) == net
    chart = chips_chart(points, "Ann", "de")
    with Image.open(io.BytesIO(chart)) as image:
        assert image.format == "PNG" and image.size == (800, 360)


async def test_a_player_without_hands_has_no_figures(database: Database) -> None:
    figures = await play_figures(database, GUILD, ANN)
    assert figures.hands == 0 and figures.vpip is None and figures.bb_per_100 is None
    assert await chip_points(database, GUILD, ANN) == []
