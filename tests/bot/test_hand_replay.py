"""The audit's replay check: every finished hand is dealt again from its log and
must reach the result, the players' rows and the rake that were recorded."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from bot.audit import audit
from bot.database import Database
from bot.tables.hand_log import replay_finished_hand
from bot.tables.requests import ActionRequest, Move
from bot.tables.runner import TableRunner
from bot.tables.table_settings import dealt_variants
from bot.tables.table_store import TableStore
from engine.variants import VARIANTS
from tests.audited import assert_audit_clean
from tests.bot.fake_clock import FakeClock
from tests.bot.table_fakes import (
    CHANNEL,
    CREATOR,
    GUILD,
    RecordingOutlet,
    StackedDecks,
    config,
    deal_next,
    new_table,
    services,
)
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


ANN, BEN, CAT = 11, 12, 13


async def _ben_raises_and_everyone_folds(database: Database, hand_one: str) -> None:
    """Hand 1 at a table with a 7-2 bounty of 50 (Ann, Ben, Cat, 500 each; Ann's
    ace takes the button): Ann folds, Ben raises to 40 from the small blind with
    the cards ``hand_one`` deals him, Cat folds her big blind. Nobody shows;
    the table stops before the next deal."""
    clock = FakeClock()
    table_config = config(seven_deuce_bounty=50)
    record = await TableStore(database).create(GUILD, CHANNEL, CREATOR, table_config)
    shared = replace(services(database, clock), rng=StackedDecks("As Kd", hand_one))
    runner = TableRunner(record, table_config, shared, RecordingOutlet())
    await runner.start()
    for user_id, name in ((ANN, "Ann"), (BEN, "Ben"), (CAT, "Cat")):
        await runner.join(user_id, name, buy_in=500)
    await deal_next(runner, clock)
    await runner.act(ANN, ActionRequest(Move.FOLD))
    await runner.act(BEN, ActionRequest(Move.RAISE_TO, 40))
    await runner.act(CAT, ActionRequest(Move.FOLD))
    await runner.settled()
    assert runner.live is None and runner.table.hands_played == 1
    await runner.stop()


async def _settled_as_before_the_show_was_a_choice(
    database: Database, *, cards: str, payments: dict[int, int]
) -> None:
    """Write hand 1 over as Croupier settled an uncontested win before the show
    was the winner's choice (``git show 6c29d17:engine/hand.py``,
    ``_pay_seven_deuce_bounty``; ``bot/tables/dealer.py``): Ben's ``cards``
    turned up (the result's ``shown``, his players' row shown down and won
    there) and the bounty paid with the pots (``payments``, by payer), in the
    result's finishing stacks, the players' rows and the seats alike."""
    moved = {BEN: sum(payments.values())} | {payer: -chips for payer, chips in payments.items()}
    async with database.transaction() as tx:
        kept = await tx.fetch_value("SELECT result FROM hands WHERE id = 1")
        result = json.loads(kept)
        result["finishing_stacks"] = [
            stack + moved.get(user_id, 0)
            for user_id, stack in zip(result["players"], result["finishing_stacks"], strict=True)
        ]
        result["shown"] = {str(BEN): cards}
        await tx.execute("UPDATE hands SET result = ? WHERE id = 1", (json.dumps(result),))
        for user_id, chips in moved.items():
            await tx.execute(
                "UPDATE hand_players SET finishing_stack = finishing_stack + ?, net = net + ?"
                " WHERE hand_id = 1 AND user_id = ?",
                (chips, chips, user_id),
            )
            await tx.execute(
                "UPDATE seats SET stack = stack + ? WHERE user_id = ?", (chips, user_id)
            )
        await tx.execute(
            "UPDATE hand_players SET went_to_showdown = ?, won_at_showdown = ?"
            " WHERE hand_id = 1 AND user_id = ?",
            (True, True, BEN),
        )


async def _recorded_stacks(database: Database) -> list[int]:
    result = json.loads(await database.fetch_value("SELECT result FROM hands WHERE id = 1"))
    assert result["players"] == [BEN, CAT, ANN]
    return list(result["finishing_stacks"])


async def test_a_seven_deuce_bounty_paid_before_the_show_was_a_choice_still_audits_clean(
    database: Database,
) -> None:
    # Ben 7s 2s, Cat Qd Qc, Ann Ah Kh. Today nothing is paid without a show:
    # Ben 500 + Cat's 10, Cat 490, Ann 500.
    await _ben_raises_and_everyone_folds(database, "7s Qd Ah 2s Qc Kh")
    assert await _recorded_stacks(database) == [510, 490, 500]
    await assert_audit_clean(database)
    # Played before the upgrade, the same hand turned Ben's 7s 2s up and paid
    # him 50 from each of the others: the records that code wrote.
    await _settled_as_before_the_show_was_a_choice(
        database, cards="7s 2s", payments={ANN: 50, CAT: 50}
    )
    assert await _recorded_stacks(database) == [610, 440, 450]
    report = await assert_audit_clean(database)
    assert "ok    1 finished hand(s) replay to their recorded results" in report.lines
    assert "granted 30000 = balances 28500 + at tables 1500 + rake 0 (30000)" in report.render()


@pytest.mark.parametrize(
    ("hand_one", "cards", "payments", "recorded", "replayed"),
    [
        # The seven-deuce's bounty is 50, not 60 from each: chips are still all
        # there, but the old rule did not pay that.
        ("7s Qd Ah 2s Qc Kh", "7s 2s", {ANN: 60, CAT: 60}, [630, 430, 440], [610, 440, 450]),
        # Ben won with ace-king (Ann folded the seven-deuce): no bounty to pay,
        # whether his cards are written as they were or as a seven-deuce.
        ("Ah Qd 7s Kh Qc 2s", "Ah Kh", {ANN: 50, CAT: 50}, [610, 440, 450], [510, 490, 500]),
        ("Ah Qd 7s Kh Qc 2s", "7s 2s", {ANN: 50, CAT: 50}, [610, 440, 450], [510, 490, 500]),
    ],
)
async def test_a_forged_bounty_paid_with_the_hand_is_found(
    database: Database,
    hand_one: str,
    cards: str,
    payments: dict[int, int],
    recorded: list[int],
    replayed: list[int],
) -> None:
    await _ben_raises_and_everyone_folds(database, hand_one)
    await _settled_as_before_the_show_was_a_choice(database, cards=cards, payments=payments)
    report = await audit(database, replay_finished_hand)
    assert not report.clean
    finding = f"hand 1: finishing_stacks: recorded {recorded}, replayed {replayed}"
    assert finding in report.render(), report.render()
    # Every chip is still accounted for: only the replay proves the bounty wrong.
    assert "FAIL  granted" not in report.render()


async def test_a_bounty_paid_with_the_hand_cannot_be_collected_again_by_a_show(
    database: Database,
) -> None:
    await _ben_raises_and_everyone_folds(database, "7s Qd Ah 2s Qc Kh")
    await _settled_as_before_the_show_was_a_choice(
        database, cards="7s 2s", payments={ANN: 50, CAT: 50}
    )
    again = {"winner": BEN, "payments": [[CAT, 50], [ANN, 50]]}
    async with database.transaction() as tx:
        await tx.execute(
            "INSERT INTO hand_shows (hand_id, user_id, cards) VALUES (1, ?, ?)", (BEN, "7s 2s")
        )
        kept = json.loads(await tx.fetch_value("SELECT result FROM hands WHERE id = 1"))
        result = kept | {"bounty_after_show": again}
        await tx.execute("UPDATE hands SET result = ? WHERE id = 1", (json.dumps(result),))
    problem = await replay_finished_hand(database, 1)
    assert problem == "a 7-2 bounty was paid with the hand and collected again on a show after it"
