"""Turn notices at a runner on a fake clock: a player is told only once they seem
away, which a player whose last action is minutes old is at once."""

from __future__ import annotations

import asyncio

from bot.database import Database
from bot.tables.runner import TableRunner
from bot.tables.turn_notices import LONG_AWAY_SECONDS, set_notice_choice
from tests.bot.fake_clock import FakeClock
from tests.bot.table_fakes import RecordingOutlet, check_or_call, config, seated_table, to_act


def noticed(outlet: RecordingOutlet) -> list[int | None]:
    return [d.user_id for d in outlet.deliveries if d.kind == "notice"]


async def moment(runner: TableRunner) -> None:
    await asyncio.sleep(0)
    await runner.settled()


async def test_a_player_away_for_minutes_is_told_at_once_one_just_here_after_the_delay(
    database: Database,
) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    for user_id in (1, 2):
        await set_notice_choice(database, user_id, "mention")
    table = config(action_seconds=300)
    runner = await seated_table(database, clock, outlet, table, {1: "Ann", 2: "Ben"})
    away = runner.services.away_seconds
    first = to_act(runner)
    await check_or_call(runner)  # acted just now: here
    await runner.settled()
    second = to_act(runner)
    clock.advance(away - 1)
    await moment(runner)
    assert noticed(outlet) == [], "acting within the away delay is not being away"
    clock.advance(LONG_AWAY_SECONDS)  # the second player is told, once
    await moment(runner)
    assert noticed(outlet) == [second]
    await check_or_call(runner)
    await runner.settled()
    # On the flop, once the second player has checked: the first player's last
    # action is minutes old, so they are told at once, without the delay.
    while to_act(runner) != first:
        await check_or_call(runner)
        await runner.settled()
    await moment(runner)
    assert noticed(outlet) == [second, first]
    await runner.stop()
