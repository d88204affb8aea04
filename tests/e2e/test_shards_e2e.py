"""Two Croupier processes, one shard each, on one PostgreSQL database (issue 16).

Each process is ``python -m bot`` with ``CROUPIER_SHARD_COUNT=2`` and its own
``CROUPIER_SHARD_IDS``, as an operator would start them. A table opens in a
server of each shard and both are played by clicks. The table of shard 1's
server lives in shard 1's process alone: killed, its table answers nobody
while the other process's table plays on; started again, it picks the table
up (killed between two hands: tests/e2e/test_kill_restart.py kills mid-hand).
Players' DMs (their cards) reach them from either process and carry
nothing to click, so no DM ever needs a table of the other process. A third
process claiming shard 1 is refused in one sentence. Both stop cleanly and
the audit is clean to the chip.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audited import assert_audit_clean_at
from tests.conftest import SessionServer
from tests.e2e.bot_process import BotProcess, bot_process
from tests.e2e.fake_discord import FakeDiscord, NoResponse
from tests.e2e.table_players import CALLING_STATION, TablePlayers, open_table


async def test_two_processes_run_a_shard_each_on_one_postgresql(
    fake_discord: FakeDiscord, tmp_path: Path, postgresql_server: SessionServer
) -> None:
    fake = fake_discord
    url = await postgresql_server.migrated()
    try:
        await _play_on_two_shards(fake, tmp_path, url)
        await assert_audit_clean_at(url)
    finally:
        await postgresql_server.drop(url)


async def _play_on_two_shards(fake: FakeDiscord, tmp_path: Path, url: str) -> None:
    servers = [fake.add_guild(f"Shard {n}", shard=(n, 2)) for n in (0, 1)]
    channels = [fake.default_channel_of(server).id for server in servers]
    shared = {
        "CROUPIER_DATABASE": url,
        "CROUPIER_SHARD_COUNT": "2",
        "CROUPIER_STARTING_CHIPS": "3000",
        "CROUPIER_LOG_LEVEL": "INFO",
    }
    # Shard 1's process pauses between hands, so that it can be killed between two.
    shard_one = {"CROUPIER_SHARD_IDS": "1", "CROUPIER_HAND_PAUSE_SECONDS": "4"}
    folders = [tmp_path / name for name in ("zero", "one", "third")]
    for folder in folders:
        folder.mkdir()
    async with (
        bot_process(fake, folders[0] / "bot.db", shared | {"CROUPIER_SHARD_IDS": "0"}) as zero,
        bot_process(fake, folders[1] / "bot.db", shared | shard_one) as one,
    ):
        assert (fake.shard_sessions(0), fake.shard_sessions(1)) == (1, 1)
        assert "running shards 0 of 2" in zero.log() and "running shards 1 of 2" in one.log()
        ann, ben = (fake.add_member(name, guild=servers[0]) for name in ("Ann", "Ben"))
        cat, dan = (fake.add_member(name, guild=servers[1]) for name in ("Cat", "Dan"))
        views = [
            await open_table(fake, [ann, ben], channel_id=channels[0]),
            await open_table(fake, [cat, dan], channel_id=channels[1]),
        ]
        tables = [
            TablePlayers(fake, [ann, ben], seed=3, view=views[0], style=CALLING_STATION),
            TablePlayers(fake, [cat, dan], seed=4, view=views[1], style=CALLING_STATION),
        ]
        for players in tables:
            assert await players.play_hands(2) >= 2
            clicks = sum(
                n for move, n in players.played.moves.items() if move.startswith("button:")
            )
            assert clicks > 0, f"the hands were played by clicks: {players.played.moves}"

        # Cards came by DM to the players of both processes, with nothing to click in them.
        for member in (ann, ben, cat, dan):
            dms = member.dms()
            assert dms, f"{member.name} got no cards by DM"
            assert all(not message.components for message in dms), [m.text() for m in dms]

        # Shard 1's table lives in shard 1's process alone: without it, nobody answers
        # in its server (killed in the pause after a hand: the next is not dealt yet).
        assert await one.kill() < 0
        assert (fake.shard_sessions(0), fake.shard_sessions(1)) == (1, 0)
        with pytest.raises(NoResponse):
            await cat.slash("balance", timeout=3.0)
        assert "You have" in (await ann.slash("balance")).text
        played = len(views[0].results())
        assert await tables[0].play_hands(1) == played + 1, "shard 0's table plays on"

        # A third process claiming shard 1 is refused while shard 1's process runs again.
        await one.restart()
        third = BotProcess(fake, folders[2] / "bot.db", shared | shard_one)
        with pytest.raises(RuntimeError):
            await third.start()
        assert third.process is not None and third.process.returncode == 1
        assert "Shard 1 is already run by another Croupier on this database" in third.log()
        assert fake.shard_sessions(1) == 1

        # Shard 1's process picked its table up again; it plays on.
        played = len(views[1].results())
        assert await tables[1].play_hands(1) == played + 1
        assert await zero.stop() == 0 and await one.stop() == 0
        for process in (zero, one):
            assert not process.troubles(), process.log()
