"""The audit's replay check: every finished hand is dealt again from its log and
must reach the result, the players' rows and the rake that were recorded."""

from __future__ import annotations

import random

import pytest

from bot.audit import audit
from bot.database import Database
from bot.tables.hand_log import replay_finished_hand
from bot.tables.table_settings import dealt_variants
from engine.variants import VARIANTS
from tests.audited import assert_audit_clean
from tests.bot.fake_clock import FakeClock
from tests.bot.table_fakes import RecordingOutlet, config, new_table
from tests.bot.table_players import play_hands

PLAYERS = {11: "Ann", 12: "Ben", 13: "Cat", 14: "Dan"}


async def _played(database: Database, variant: str, *, hands: int = 12, seed: int = 5) -> int:
    clock = FakeClock()
    seats = min(6, VARIANTS[variant].max_players)
    table_config = config(variant=variant, seats=seats, rake_basis_points=500, rake_cap=30)
    runner = await new_table(database, clock, RecordingOutlet(), table_config, seed=seed)
    for user_id, name in list(PLAYERS.items())[:seats]:
        await runner.join(user_id, name, buy_in=400 + 100 * (user_id % 3))
    await play_hands(runner, clock, random.Random(seed), hands)
    await runner.stop()
    count: int = await database.fetch_value("SELECT COUNT(*) FROM hands WHERE status = 'finished'")
    return count


@pytest.mark.parametrize("variant", sorted(dealt_variants()))
async def test_every_finished_hand_replays_to_its_result(database: Database, variant: str) -> None:
    assert await _played(database, variant, hands=6) >= 5
    report = await assert_audit_clean(database)
    assert any("replay to their recorded results" in line for line in report.lines)


async def test_a_changed_result_is_found(database: Database) -> None:
    await _played(database, "NT", hands=3)
    async with database.transaction() as tx:
        await tx.execute(
            "UPDATE hands SET result = json_set(result, '$.awarded[0]', 999999) WHERE id = 2"
        )
    problem = await replay_finished_hand(database, 2)
    assert problem is not None and problem.startswith("awarded")
    report = await audit(database, replay_finished_hand)
    assert not report.clean and "hand 2: awarded" in report.render()


async def test_a_changed_players_row_is_found(database: Database) -> None:
    await _played(database, "NT", hands=3)
    async with database.transaction() as tx:
        await tx.execute("UPDATE hand_players SET won_chips = won_chips + 1 WHERE hand_id = 1")
    problem = await replay_finished_hand(database, 1)
    assert problem is not None and "players' rows" in problem


async def test_a_missing_action_is_found(database: Database) -> None:
    await _played(database, "NT", hands=3)
    async with database.transaction() as tx:
        await tx.execute("DELETE FROM hand_actions WHERE hand_id = 3 AND seq = 1")
    problem = await replay_finished_hand(database, 3)
    assert problem is not None and "does not replay" in problem


async def test_a_hand_that_is_not_finished_is_reported(database: Database) -> None:
    assert await replay_finished_hand(database, 12345) == "no finished hand has this id"
