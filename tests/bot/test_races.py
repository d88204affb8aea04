"""Races at one table: requests that arrive together, or while the previous one
is still being written, are taken one at a time; exactly one acts on a turn,
every other gets a refusal that says why, and nothing else changes.

Writes are slowed down here (every statement of every transaction waits a
little before the next), so requests really do pile up behind the table's lock
while an action is in the middle of its write.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest

from bot.database import Database, Transaction
from bot.errors import CroupierError
from bot.tables.errors import NotYourTurn, StaleButton
from bot.tables.requests import ActionRequest, Move
from bot.tables.runner import TableRunner
from tests.audited import assert_audit_clean
from tests.bot.fake_clock import FakeClock
from tests.bot.table_fakes import RecordingOutlet, new_table
from tests.bot.table_players import player_to_act

ANN, BEN, CAT = 11, 12, 13
CALL = ActionRequest(Move.CHECK_OR_CALL)
#: How long each statement of a transaction takes here.
SLOW_STATEMENT = 0.01


@pytest.fixture
def slow_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    def slowed(execute: Callable[..., Awaitable[int]]) -> Callable[..., Awaitable[int]]:
        async def slow(self: Transaction, sql: str, parameters: Any = ()) -> int:
            changed = await execute(self, sql, parameters)
            await asyncio.sleep(SLOW_STATEMENT)  # the transaction is still open
            return changed

        return slow

    for kind in Transaction.__subclasses__():  # each database's own transactions
        monkeypatch.setattr(kind, "execute", slowed(kind.execute))


@pytest.fixture
async def table(database: Database, slow_writes: None) -> AsyncIterator[TableRunner]:
    clock = FakeClock()
    runner = await new_table(database, clock, RecordingOutlet())
    for user_id, name in ((ANN, "Ann"), (BEN, "Ben"), (CAT, "Cat")):
        await runner.join(user_id, name, buy_in=500)
    clock.advance(5)
    await runner.settled()
    assert runner.live is not None
    yield runner
    await runner.stop()
    await assert_audit_clean(database)


async def logged(database: Database) -> int:
    return int(await database.fetch_value("SELECT COUNT(*) FROM hand_actions"))


def turn(runner: TableRunner) -> tuple[int, int, int]:
    """The player to act, the hand and its number of actions."""
    position = runner.position()
    actor = player_to_act(runner)
    assert position is not None and actor is not None
    return actor, *position


async def test_the_same_click_five_times_at_once_acts_once(
    table: TableRunner, database: Database
) -> None:
    actor, hand_no, seq = turn(table)
    results = await asyncio.gather(
        *(table.act(actor, CALL, hand_no=hand_no, seq=seq) for _ in range(5)),
        return_exceptions=True,
    )
    refusals = [r for r in results if isinstance(r, BaseException)]
    assert len(refusals) == 4 and all(isinstance(r, StaleButton) for r in refusals)
    assert await logged(database) == 1


async def test_two_players_clicking_at_once_one_is_told_it_is_not_their_turn(
    table: TableRunner, database: Database
) -> None:
    actor, hand_no, seq = turn(table)
    live = table.live
    assert live is not None
    other = next(p for p in live.deal.players if p != actor)
    results = await asyncio.gather(
        table.act(other, CALL, hand_no=hand_no, seq=seq),
        table.act(actor, CALL, hand_no=hand_no, seq=seq),
        return_exceptions=True,
    )
    refused, acted = results
    # The other player's turn may come next, but their click was for this one.
    assert isinstance(refused, NotYourTurn | StaleButton), refused
    assert not isinstance(acted, BaseException)
    assert await logged(database) == 1


async def test_a_click_for_the_next_turn_while_this_one_is_written_is_refused(
    table: TableRunner, database: Database
) -> None:
    """The next player's buttons are not drawn until the action before is written,
    so a click made early can only carry the old turn: it is refused."""
    actor, hand_no, seq = turn(table)
    writing = asyncio.create_task(table.act(actor, CALL, hand_no=hand_no, seq=seq))
    await asyncio.sleep(SLOW_STATEMENT / 2)  # the first action is in its write now
    live = table.live
    assert live is not None and len(live.hand.actions) == seq, "not written yet"
    following = live.deal.players[(live.deal.players.index(actor) + 1) % 3]
    with pytest.raises(StaleButton):
        await table.act(following, CALL, hand_no=hand_no, seq=seq)
    await writing
    assert await logged(database) == 1


async def test_the_clock_and_a_click_for_the_same_turn_act_once(
    table: TableRunner, database: Database
) -> None:
    actor, hand_no, seq = turn(table)
    clock = table.clock
    assert isinstance(clock, FakeClock)
    clock.advance(30)  # the clock's timeout is due, and the player clicks too
    results = await asyncio.gather(
        table.act(actor, CALL, hand_no=hand_no, seq=seq), return_exceptions=True
    )
    await table.settled()
    assert await logged(database) == 1
    (result,) = results
    assert not isinstance(result, BaseException) or isinstance(result, StaleButton)


async def test_many_players_many_requests_at_once_one_action_per_turn(
    table: TableRunner, database: Database
) -> None:
    """Every seated player sends every kind of request for the same turn at once,
    turn after turn: each turn is taken exactly once, and every refusal is a
    sentence, never an error of ours."""
    moves = [Move.CHECK_OR_CALL, Move.FOLD, Move.MIN, Move.CHECK, Move.CALL, Move.ALL_IN]
    for _ in range(6):
        position = table.position()
        if position is None or player_to_act(table) is None:
            break
        hand_no, seq = position
        before = await logged(database)
        requests = [
            table.act(player, ActionRequest(move), hand_no=hand_no, seq=seq)
            for player in (ANN, BEN, CAT)
            for move in moves
        ]
        results = await asyncio.gather(*requests, return_exceptions=True)
        acted = [r for r in results if not isinstance(r, BaseException)]
        refused = [r for r in results if isinstance(r, BaseException)]
        assert all(isinstance(r, CroupierError) for r in refused), refused
        assert all(r.sentence("en") for r in refused if isinstance(r, CroupierError))
        # Check or call is always possible for the player to act: one request acts.
        assert len(acted) == 1
        assert await logged(database) == before + 1
