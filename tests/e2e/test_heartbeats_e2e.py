"""A quiet run logs nothing alarming: the real bot connected to the fake for
half a minute of heartbeats (at a short interval, so there are many) logs no
warning, and discord.py never measures a heartbeat's latency as the whole
interval. Before, the fake answered a heartbeat from 127.0.0.1 before
discord.py's heartbeat thread had noted sending it; discord.py then took the
time since the previous heartbeat for the latency, and at Discord's interval
(41.25 s, over its 10 s threshold) logged "Can't keep up, shard ID 0 websocket
is 41.3s behind". At one second the same fault reads as a latency of about a
second, which this test watches for. The start-up line counts its servers in
the right number."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.product_bot import running_croupier

#: A heartbeat a second for a little over half a minute: some thirty heartbeats.
INTERVAL_MS = 1_000
RUN_SECONDS = 31


async def test_half_a_minute_of_heartbeats_logs_no_warning(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fake = fake_discord
    fake.gateway.heartbeat_interval_ms = INTERVAL_MS
    caplog.set_level(logging.INFO)
    latencies = []
    async with running_croupier(fake, tmp_path / "croupier.db") as croupier:
        for _ in range(RUN_SECONDS * 10):
            await asyncio.sleep(0.1)
            if croupier.bot.latency != float("inf"):  # inf: no heartbeat answered yet
                latencies.append(croupier.bot.latency)
    # A round trip, never the interval since the heartbeat before.
    assert max(latencies) < INTERVAL_MS / 1000 / 2, sorted(latencies)[-5:]
    assert fake.gateway.heartbeats >= RUN_SECONDS * 1000 // INTERVAL_MS - 2
    alarming = [
        f"{record.name}: {record.getMessage()}"
        for record in caplog.records
        if record.levelno >= logging.WARNING and record.name.startswith(("discord", "bot", "cogs"))
    ]
    assert alarming == []
    (ready,) = [r.getMessage() for r in caplog.records if r.getMessage().startswith("Connected as")]
    assert ready.endswith(" to 1 server"), ready
