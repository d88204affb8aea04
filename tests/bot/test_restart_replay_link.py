"""A restart keeps the replay link on the last hand's result (issue 26): the
table message redrawn after a restart ends with the same link as before."""

from __future__ import annotations

import re
from dataclasses import replace

from bot.database import Database
from bot.tables.requests import ActionRequest, Move
from bot.tables.restore import restore_runner
from bot.tables.runner import TableRunner
from bot.tables.table_store import TableStore
from tests.bot.fake_clock import FakeClock
from tests.bot.table_fakes import (
    CHANNEL,
    CREATOR,
    GUILD,
    RecordingOutlet,
    config,
    deal_next,
    services,
    to_act,
)

ANN, BEN = 11, 12
ADDRESS = "https://poker.example.org"
LINK = re.compile(re.escape(ADDRESS) + r"/replay/\d+-[0-9a-f]{32}")


async def test_a_restart_between_hands_keeps_the_result_s_replay_link(
    database: Database,
) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    linked = replace(services(database, clock), public_url=ADDRESS)
    record = await TableStore(database).create(GUILD, CHANNEL, CREATOR, config())
    runner = TableRunner(record, config(), linked, outlet)
    await runner.start()
    await runner.join(ANN, "Ann", buy_in=500)
    await runner.join(BEN, "Ben", buy_in=500)
    await deal_next(runner, clock)
    await runner.act(to_act(runner), ActionRequest(Move.FOLD))
    await runner.settled()
    before = LINK.search(outlet.table.public_text())
    assert before is not None, outlet.table.public_text()
    await runner.stop()

    again = RecordingOutlet()
    (stored,) = await TableStore(database).open_tables()
    after = await restore_runner(stored, linked, again)
    await after.start()
    await after.settled()
    (edit,) = [d for d in again.deliveries if d.kind == "table"]
    shown = edit.message.public_text()
    assert "wins the pot" in shown
    assert before.group(0) in shown, shown
    await after.stop()
