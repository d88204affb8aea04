"""A bot process frozen past its lease is replaced, and when it wakes it does
nothing: two real ``python -m bot`` processes against the fake Discord.

The first deals a hand and is frozen (SIGSTOP: a paused VM or container)
past its lease and past the action clock of the player to act. A second
process takes the lease over (``Taking over the bot lease``), restores the
table and shows it. Then the first is woken (SIGCONT): its overdue clock would
act for the player at once, but it writes no hand action and no ledger row,
sends Discord nothing (no message posted or edited, no request at all), says
it lost its lease and exits. The second deals on, ``/poker leave`` works,
its log is clean, and the audit balances. On SQLite and on PostgreSQL, and
with a shard's lease on PostgreSQL.

The lease lasts 3 s here (``CROUPIER_LEASE_SECONDS``) so the test takes
seconds, not minutes.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path

import pytest

from tests.audited import assert_audit_clean_at
from tests.blocking_reader import BlockingReader
from tests.conftest import SessionServer
from tests.e2e.bot_process import BotProcess
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.table_players import CALLING_STATION, TablePlayers, open_table

LEASE_SECONDS = 3
#: The table's action clock: the frozen process's clock is overdue when it wakes,
#: the new holder's (started afresh at its restore) is not yet.
ACTION_SECONDS = 8


def counts(reader: BlockingReader) -> tuple[int, int, int]:
    """Hand actions, ledger rows and hands: what a process writes as it plays."""
    found = reader.one(
        "SELECT (SELECT COUNT(*) FROM hand_actions), (SELECT COUNT(*) FROM ledger),"
        " (SELECT COUNT(*) FROM hands)"
    )
    assert found is not None
    return int(found[0]), int(found[1]), int(found[2])


async def quiet(fake: FakeDiscord, seconds: float) -> None:
    """Wait until Discord has had no request for ``seconds``."""
    seen = len(fake.rest.requests)
    while True:
        await asyncio.sleep(seconds)
        if len(fake.rest.requests) == seen:
            return
        seen = len(fake.rest.requests)


@pytest.mark.both_databases
async def test_a_process_woken_after_a_takeover_acts_no_more(
    fake_discord: FakeDiscord, tmp_path: Path, database_target: str
) -> None:
    await frozen_and_replaced(fake_discord, tmp_path, database_target, lease="bot")


async def test_a_shard_process_woken_after_a_takeover_acts_no_more(
    fake_discord: FakeDiscord, tmp_path: Path, postgresql_server: SessionServer
) -> None:
    """The same with shard leases on PostgreSQL: the process runs shard 0 of 1."""
    url = await postgresql_server.migrated()
    try:
        shards = {"CROUPIER_SHARD_COUNT": "1", "CROUPIER_SHARD_IDS": "0"}
        await frozen_and_replaced(fake_discord, tmp_path, url, lease="shard:0", settings=shards)
    finally:
        await postgresql_server.drop(url)


async def frozen_and_replaced(
    fake: FakeDiscord,
    tmp_path: Path,
    database_target: str,
    *,
    lease: str,
    settings: dict[str, str] | None = None,
) -> None:
    """The first process is frozen past its lease and replaced by a second, then
    woken: it acts no more, and the second plays on."""
    settings = {
        "CROUPIER_DATABASE": database_target,
        "CROUPIER_LEASE_SECONDS": str(LEASE_SECONDS),
        "CROUPIER_STARTING_CHIPS": "3000",
        **(settings or {}),
    }
    first = BotProcess(fake, tmp_path / "first" / "croupier.db", settings)
    second = BotProcess(fake, tmp_path / "second" / "croupier.db", settings)
    for bot in (first, second):
        bot.database_path.parent.mkdir()
    await first.start()
    try:
        with BlockingReader(database_target) as reader:
            ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
            view = await open_table(fake, [ann, ben], action_seconds=ACTION_SECONDS)
            turn = view.turn()
            assert turn is not None and turn.seq == 0
            await quiet(fake, 0.3)
            # Frozen just after a renewal, not in the middle of one: a process frozen
            # inside a transaction holds the database until it wakes (GUARANTEES.md).
            (renewed,) = reader.one("SELECT MAX(renewed_at) FROM leases") or (0,)
            while (reader.one("SELECT MAX(renewed_at) FROM leases") or (0,))[0] == renewed:
                await asyncio.sleep(0.01)

            os.kill(first.pid, signal.SIGSTOP)  # a paused VM
            frozen_at = time.monotonic()
            # Until its lease has expired (it cannot renew), the second would be refused.
            while True:
                (expires_at,) = reader.one("SELECT MAX(expires_at) FROM leases") or (0,)
                if expires_at < time.time():
                    break
                await asyncio.sleep(0.2)
            await second.start()
            assert f"Taking over the {lease} lease from" in second.log(), second.log()
            # The first's clock is overdue by now; the second's started afresh.
            await asyncio.sleep(max(0.0, ACTION_SECONDS + 0.5 - (time.monotonic() - frozen_at)))
            await quiet(fake, 0.5)
            requests = len(fake.rest.requests)
            before = counts(reader)
            messages = {m.id: m.version for m in fake.state.messages.values()}

            os.kill(first.pid, signal.SIGCONT)
            assert first.process is not None
            await asyncio.wait_for(first.process.wait(), ACTION_SECONDS - 2)
            assert "Another process took over this database's lease" in first.log()
            # Nothing of the first after it woke: no hand action, no ledger row, no
            # hand, no message posted or edited, no request to Discord at all.
            assert counts(reader) == before, first.log()
            assert {m.id: m.version for m in fake.state.messages.values()} == messages
            assert fake.rest.requests[requests:] == [], first.log()

            # The second deals on: its clock acts, the players play, a hand ends.
            players = TablePlayers(fake, [ann, ben], style=CALLING_STATION, view=view)
            assert await players.play_hands(1) >= 1
            left = await ann.slash("poker", "leave")
            await left.settled()
            assert "went wrong" not in left.text, left.text
            assert left.text.startswith(("You left the table", "You will leave")), left.text
            assert await second.stop() == 0
            assert not second.troubles(), second.log()
    finally:
        for bot in (first, second):
            if bot.running and bot.process is not None:
                bot.process.send_signal(signal.SIGCONT)
                await bot.kill()
    await assert_audit_clean_at(database_target)
