"""A multi-table tournament's rest breaks across a restart: where the one clock
stands is read from its saved seconds alone, so the break is neither skipped
(the time the bot was down does not count) nor repeated (the tables told of
it are saved too)."""

from __future__ import annotations

import json
import random

from bot.database import Database
from bot.tournaments.floor_runner import MultiTableTournament, start_multi_table_tournament
from tests.bot.fake_clock import FakeClock
from tests.bot.table_fakes import CHANNEL, CREATOR, GUILD, RecordingOutlet, config, registry
from tests.bot.test_mtt_restore import FIELD, killed, restored


async def started(database: Database, clock: FakeClock) -> MultiTableTournament:
    tables, _ = registry(database, clock)
    threads = iter(range(CHANNEL + 1, CHANNEL + 10))

    async def open_thread(number: int, name: str) -> int:
        return next(threads)

    return await start_multi_table_tournament(
        tables,
        guild_id=GUILD,
        channel_id=CHANNEL,
        creator_id=CREATOR,
        config=config(
            tournament=True,
            tournament_buy_in=100,
            starting_stack=200,
            level_minutes=5,
            seats=2,
            breaks="2/1",  # two minutes' rest after every minute of play
        ),
        players=FIELD,
        open_thread=open_thread,
        lobby_outlet=RecordingOutlet(),
        rng=random.Random(3),
    )


async def saved_at(database: Database, tournament_id: int, **changes: object) -> None:
    state = json.loads(
        await database.fetch_value(
            "SELECT state FROM multi_table_tournaments WHERE id = ?", (tournament_id,)
        )
    )
    state.update(changes)
    async with database.transaction() as tx:
        await tx.execute(
            "UPDATE multi_table_tournaments SET state = ? WHERE id = ?",
            (json.dumps(state), tournament_id),
        )


async def test_a_break_is_not_skipped_by_the_time_the_bot_was_down(database: Database) -> None:
    clock = FakeClock()
    tournament = await started(database, clock)
    await killed(tournament)
    await saved_at(database, tournament.tournament_id, elapsed=50.0)  # 10 s before the break
    clock.advance(3600)  # an hour down
    again, tables = await restored(database, clock)
    try:
        assert again.may_deal(1) and not again.reading().on_break
        clock.advance(15)
        assert again.reading().on_break and not again.may_deal(1) and not again.may_deal(2)
        assert again.elapsed() == 60.0  # the levels count play time only
    finally:
        await tables.stop_all()


async def test_a_break_told_is_not_repeated_and_ends_on_the_one_clock(database: Database) -> None:
    clock = FakeClock()
    tournament = await started(database, clock)
    await killed(tournament)
    # Saved half a minute into the first break, both tables told of it.
    await saved_at(database, tournament.tournament_id, elapsed=90.0, breaks_told={"1": 1, "2": 1})
    again, tables = await restored(database, clock)
    try:
        assert again.reading().on_break and not again.may_deal(1)
        assert again.breaks_told.told == {1: 1, 2: 1}
        figures = again.figures()
        assert figures.break_until == int(clock.wall_now() + 90)
        assert figures.next_break_at is None
        clock.advance(90.5)  # the break's end, by the saved seconds
        assert not again.reading().on_break and again.may_deal(1) and again.may_deal(2)
        assert again.figures().next_break_at == int(clock.wall_now() + 59.5)
    finally:
        await tables.stop_all()
