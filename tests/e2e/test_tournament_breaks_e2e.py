"""Rest breaks on a multi-table tournament's one clock, through the fake Discord.

Ann opens a tournament with ``breaks:2/1`` (a 2-minute break after every
minute of play) and 2-minute levels; nine computer players make a field of ten
at two tables. The clock is a fake one. At the minute every table stops
dealing (a hand in progress is played out first), each table is told once,
the lobby says until when; the blinds wait for the break; at its end both
tables deal again.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from tests.bot.fake_clock import FakeClock
from tests.e2e.fake_discord import BULK_RATE_CLOCK, FakeDiscord
from tests.e2e.product_bot import running_croupier


def _lobby(fake: FakeDiscord) -> str:
    (lobby,) = [m for m in fake.messages(fake.channel) if "Multi-table tournament" in m.text()]
    return lobby.text()


async def test_every_table_rests_together_on_the_tournaments_one_clock(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, clock = fake_discord, FakeClock()
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    async with running_croupier(
        fake,
        tmp_path / "croupier.db",
        clock=clock,
        deck_seed=5,
        computer_pace_seconds=0,
        hand_pause_seconds=1,
        expected_errors=(),
    ) as croupier:
        ann = fake.add_member("Ann")
        cog: Any = croupier.bot.get_cog("MultiTable")
        cog.rng = random.Random(3)
        bad = await ann.slash("tournament", "open", buy_in=100, breaks="ten minutes")
        await bad.settled()
        assert "for example 10/60" in bad.text, bad.text
        assert fake.channel.id not in cog.open  # nothing opened
        opened = await ann.slash(
            "tournament",
            "open",
            buy_in=100,
            starting_stack=2000,
            seats=5,
            level_minutes=2,
            computers=9,
            breaks="2/1",
        )
        await opened.settled()
        assert "multi-table tournament is open" in opened.text, opened.text
        await (await ann.slash("tournament", "join")).settled()
        started = await ann.slash("tournament", "start")
        await started.settled()
        assert "10 players at 2 tables" in started.text, started.text
        tournament = cog.running[fake.channel.id]
        threads = fake.threads(fake.channel)
        runners = dict(tournament.runners)
        assert len(runners) == 2

        async def step(seconds: float) -> None:
            clock.advance(seconds)
            await asyncio.sleep(0)  # the alarms due run (the break's start and end)
            await croupier.settled()
            await tournament.settled()
            await croupier.settled()

        await step(1.0)
        assert "Next break <t:" in _lobby(fake), _lobby(fake)
        # A minute of play: both tables deal.
        while not tournament.reading().on_break:
            await step(1.0)
        played = {n: r.table.hands_played for n, r in runners.items()}
        in_progress = {n: r.live is not None for n, r in runners.items()}
        assert all(played.values()), played
        # The break: a hand in progress is played out, then no table deals.
        while tournament.reading().on_break:
            await step(1.0)
            if tournament.clock_seconds() > 70:  # every hand of before is over
                assert all(r.live is None for r in runners.values())
                assert "On a break until <t:" in _lobby(fake)
        for number, runner in runners.items():
            assert runner.table.hands_played == played[number] + in_progress[number]
        # Told once per table.
        for thread in threads:
            told = [m.text() for m in fake.messages(thread) if "Break: 2 minutes" in m.text()]
            assert len(told) == 1, (thread.name, told)
            assert "play resumes <t:" in told[0]
        # Play resumes at every table; the blinds still at level 1 (a minute and
        # a half of play), where without the break they would be at level 2.
        for _ in range(30):
            await step(1.0)
        after = {n: r.table.hands_played for n, r in runners.items()}
        assert all(after[n] > played[n] + 1 for n in runners), (played, after)
        assert all(r.table.clock.index == 0 for r in runners.values())
        lobby = _lobby(fake)
        assert "Level **1**" in lobby and "Next break <t:" in lobby, lobby


async def test_a_sit_and_go_rests_on_its_clock(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    # Ann and Ben's sit-and-go, breaks set with /poker rebuys: a minute of play,
    # then two minutes' rest (their hands time out: five seconds a turn).
    fake, clock = fake_discord, FakeClock()
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    async with running_croupier(
        fake, tmp_path / "croupier.db", clock=clock, deck_seed=4, hand_pause_seconds=1
    ) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        opened = await ann.slash(
            "poker",
            "create",
            tournament=True,
            buy_in=100,
            starting_stack=5000,
            level_minutes=2,
            seats=2,
            action_seconds=5,
        )
        await opened.settled()
        bad = await ann.slash("poker", "rebuys", breaks="2 per hour")
        await bad.settled()
        assert "for example 10/60" in bad.text, bad.text
        rest = await ann.slash("poker", "rebuys", breaks="2/1")
        await rest.settled()
        assert "a 2-minute break after every 1 minutes of play" in rest.text, rest.text
        for member in (ann, ben):
            await (await member.slash("poker", "join")).settled()
        (runner,) = croupier.bot.tables.runners

        async def step() -> None:
            clock.advance(1.0)
            await asyncio.sleep(0)
            await croupier.settled()

        while clock.now() < 60:
            await step()
        hands_at_break = runner.table.hands_played + (runner.live is not None)
        assert hands_at_break > 0
        while clock.now() < 179:  # the break (the clock began at the start, at 0)
            await step()
        assert runner.table.hands_played == hands_at_break
        told = [m.text() for m in fake.messages(fake.channel) if "Break: 2 minutes" in m.text()]
        assert len(told) == 1, told
        while clock.now() < 200:
            await step()
        assert runner.table.hands_played > hands_at_break  # play resumed
        assert runner.table.clock is not None and runner.table.clock.index == 0  # still level 1
