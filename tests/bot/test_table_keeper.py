"""A change the database refuses to write leaves the running table as it was:
every field the change touched, the engine's table and the bot's alike
(:class:`bot.tables.persistence.TableKeeper`, :meth:`bot.tables.state.TableState.put_back`)."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.database import Database, Transaction
from bot.tables.restore import restore_runner
from bot.tables.runner import TableRunner
from bot.tables.state import Player, TableState
from bot.tables.table_store import TableStore
from tests.bot.fake_clock import FakeClock
from tests.bot.table_fakes import RecordingOutlet, config, new_table, services

ANN, BEN, CAT = 11, 12, 13


@pytest.fixture
async def runner(database: Database) -> AsyncIterator[TableRunner]:
    table = await new_table(database, FakeClock(), RecordingOutlet(), config(bomb_pot=20))
    for user_id, name in ((ANN, "Ann"), (BEN, "Ben"), (CAT, "Cat")):
        await table.join(user_id, name, buy_in=500)
    yield table
    await table.stop()


def everything(state: TableState) -> dict[str, Any]:
    """Every field a change may touch, as a person checking the table would compare it."""
    return state.saved() | {
        "players": {uid: player.to_data() for uid, player in state.players.items()},
        "closing": state.closing,
        "unposted_result": state.unposted_result,
        "runout": state.runout,
        "bomb_pot_votes": set(state.table.bomb_pot_votes),
        "sitting_out": {n: s.sitting_out for n, s in state.table.seats.items()},
    }


def refuse_writes(monkeypatch: pytest.MonkeyPatch, database: Database) -> None:
    """The database refuses every write from now on."""

    async def refused(*args: object, **kwargs: object) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(database, "commit_grouped", refused)
    monkeypatch.setattr(database, "transaction", refused)


def touch_everything(state: TableState) -> None:
    """A change that touches every field the keeper saves."""
    state.closing = True
    state.unposted_result = 99
    state.runout = (99, 1)
    state.players[ANN].name = "Changed"
    state.players[77] = Player(77, "Newcomer")
    state.table.sit_out(BEN)
    state.table.vote_bomb_pot(CAT)


async def test_a_refused_save_puts_back_every_field_the_change_touched(
    runner: TableRunner, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = runner.state
    before = everything(state)
    refuse_writes(monkeypatch, database)
    with pytest.raises(sqlite3.OperationalError):
        await runner.keeper.save(lambda: touch_everything(state))
    assert everything(state) == before


async def test_a_refused_transaction_puts_back_every_field_the_change_touched(
    runner: TableRunner, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = runner.state
    before = everything(state)

    async def write(tx: Transaction, changed: None) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    with pytest.raises(sqlite3.OperationalError):
        await runner.keeper.transact(lambda: touch_everything(state), write)
    assert everything(state) == before


async def test_a_bomb_pot_vote_the_database_refuses_is_not_counted(
    runner: TableRunner, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = everything(runner.state)
    with monkeypatch.context() as patched:
        refuse_writes(patched, database)
        with pytest.raises(sqlite3.OperationalError):
            await runner.vote_bomb_pot(ANN)
    assert everything(runner.state) == before
    # The vote was never counted: cast again, it is the first.
    counted = await runner.vote_bomb_pot(ANN)
    assert (counted.votes, counted.needed, counted.again) == (1, 2, False)


async def test_bomb_pot_votes_come_back_after_a_restart_even_as_the_bot_once_saved_them(
    runner: TableRunner, database: Database
) -> None:
    await runner.vote_bomb_pot(ANN)
    stored = await TableStore(database).open_table(runner.table_id)
    assert stored is not None
    restored = await restore_runner(stored, services(database, FakeClock()), RecordingOutlet())
    assert restored.table.bomb_pot_votes == {ANN}
    await restored.stop()
    # A table saved before the engine counted the votes kept them beside its table.
    from bot.tables.restore import saved_table

    old = dict(stored.state, bomb_voters=[BEN])
    old["table"] = {k: v for k, v in stored.state["table"].items() if k != "bomb_pot_votes"}
    assert saved_table(old)["bomb_pot_votes"] == [BEN]


async def test_asking_when_the_table_wakes_changes_nothing(runner: TableRunner) -> None:
    from bot.tables.action_timer import next_deal_at, next_wake

    state = runner.state
    state.next_hand_at = None  # between hands, no deal planned yet
    before = everything(state)
    assert next_deal_at(state, may_deal=True, now=100.0, pause=5.0) == 105.0
    assert next_deal_at(state, may_deal=False, now=100.0, pause=5.0) is None
    assert next_wake(state, now=100.0) is None
    assert state.next_hand_at is None and everything(state) == before
    # The runner keeps the answer: the deal is due then, and stays due then.
    state.next_hand_at = 105.0
    assert next_deal_at(state, may_deal=True, now=103.0, pause=5.0) == 105.0
    assert next_wake(state, now=103.0) == 105.0
