"""A multi-table tournament restored after a kill in the middle of a
hand-for-hand round (TDA RP-8): the floor the database holds, made good.

The floor is saved with each hand settled, in that hand's transaction; a
table's deal is told to the floor before its hand is written. A process
killed between the two leaves a saved floor that has the table dealing its
hand of the round while no hand of it is in progress (found by
tests/e2e/test_mtt_kill_e2e.py: the restored tournament then waited for
ever, every table having "dealt" and none dealing). And while the tables are
being restored, none deals: a table whose resumed hand ended first would
otherwise deal while the floor is still learning which tables are dealing,
be forgotten as dealing, and fail to settle that hand and every hand after.
"""

from __future__ import annotations

import json
import random

from bot.database import Database
from bot.tables.registry import TableRegistry
from bot.tournaments.floor_runner import (
    Entrant,
    MultiTableTournament,
    restore_multi_table_tournaments,
    start_multi_table_tournament,
)
from tests.bot.fake_clock import FakeClock
from tests.bot.table_fakes import (
    CHANNEL,
    CREATOR,
    GUILD,
    RecordingOutlet,
    config,
    deal_next,
    registry,
)

#: Four computer players (their buy-ins from the house bank) at two heads-up tables.
FIELD = [Entrant(-k, f"Bot {k}") for k in range(1, 5)]
#: The floor saved on the bubble: four left, three paid, hand for hand.
ON_THE_BUBBLE: dict[str, object] = {"paid_places": 3, "hand_for_hand": True}


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
            tournament=True, tournament_buy_in=100, starting_stack=200, level_minutes=5, seats=2
        ),
        players=FIELD,
        open_thread=open_thread,
        lobby_outlet=RecordingOutlet(),
        rng=random.Random(3),
    )


async def killed(tournament: MultiTableTournament) -> None:
    """The process is gone: its tables stop (nothing more is written)."""
    for runner in tournament.runners.values():
        await runner.stop()


async def restored(
    database: Database, clock: FakeClock
) -> tuple[MultiTableTournament, TableRegistry]:
    tables, _ = registry(database, clock)
    (tournament,) = await restore_multi_table_tournaments(
        tables, lobby_outlet_for=lambda channel_id: RecordingOutlet()
    )
    return tournament, tables


async def save_floor(database: Database, tournament_id: int, **floor: object) -> None:
    state = json.loads(
        await database.fetch_value(
            "SELECT state FROM multi_table_tournaments WHERE id = ?", (tournament_id,)
        )
    )
    state["floor"].update(floor)
    async with database.transaction() as tx:
        await tx.execute(
            "UPDATE multi_table_tournaments SET state = ? WHERE id = ?",
            (json.dumps(state), tournament_id),
        )


async def test_a_deal_cut_off_in_a_hand_for_hand_round_is_owed_after_a_restart(
    database: Database,
) -> None:
    """Saved: hand for hand, both tables in the round, table 1 dealing, but no
    hand of table 1 in progress (its deal was never written). Restored, table 1
    still owes its hand of the round and may deal it; table 2 waits for it."""
    clock = FakeClock()
    tournament = await started(database, clock)
    assert sorted(tournament.runners) == [1, 2]
    assert all(runner.live is None for runner in tournament.runners.values())
    await killed(tournament)
    await save_floor(
        database, tournament.tournament_id, **ON_THE_BUBBLE, round_dealt=[1, 2], dealing=[1]
    )

    again, tables = await restored(database, clock)
    try:
        assert again.floor.dealing == set()
        assert again.floor.round_dealt == {2}
        assert again.may_deal(1) and not again.may_deal(2)
    finally:
        await tables.stop_all()


async def test_no_table_deals_while_its_tournament_is_being_restored(database: Database) -> None:
    clock = FakeClock()
    tournament = await started(database, clock)
    await killed(tournament)
    again, tables = await restored(database, clock)
    try:
        assert again.may_deal(1)
        again.restoring = True  # as it is until every table is back
        assert not again.may_deal(1) and not again.may_deal(2)
    finally:
        await tables.stop_all()


async def test_a_hand_of_the_round_voided_on_restart_is_owed_again(database: Database) -> None:
    """Saved: hand for hand, both tables dealing their hand of the round, table
    1's log not to be replayed (an action no game knows). Restored, that hand
    is voided (every stack back as it began), and table 1 still owes its hand of
    the round; table 2 plays its own."""
    clock = FakeClock()
    tournament = await started(database, clock)
    await deal_next(tournament.runners[1], clock)
    live = tournament.runners[1].live
    assert live is not None
    await killed(tournament)
    async with database.transaction() as tx:
        await tx.execute(
            "INSERT INTO hand_actions (hand_id, seq, actor, action) VALUES (?, ?, NULL, ?)",
            (live.hand_id, live.seq + 1, "no such action"),
        )
    assert tournament.runners[2].live is not None  # both tables deal at once
    await save_floor(
        database, tournament.tournament_id, **ON_THE_BUBBLE, round_dealt=[1, 2], dealing=[1, 2]
    )

    again, tables = await restored(database, clock)
    try:
        status = await database.fetch_value(
            "SELECT status FROM hands WHERE id = ?", (live.hand_id,)
        )
        assert status == "voided"
        assert again.floor.dealing == {2}
        assert again.floor.round_dealt == {2}
        assert again.may_deal(1) and not again.may_deal(2)
    finally:
        await tables.stop_all()
