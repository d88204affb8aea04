"""A hostile member and a careless organiser at a multi-table tournament,
through the fake Discord and the real bot: double clicks, buttons pressed by
the wrong member or at the wrong time, commands from the wrong place, and
display names made of markdown and mentions. Each refusal is polite and
changes nothing; the audit (running_croupier) is clean to the chip at each stop.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from bot.tournaments.final_deal import deal_button_id
from tests.bot.fake_clock import FakeClock
from tests.e2e.fake_discord import BULK_RATE_CLOCK, FakeDiscord, Member
from tests.e2e.product_bot import Croupier, running_croupier
from tests.e2e.test_multi_table_e2e import ephemeral_answer

STACK, BUY_IN = 400, 100
OPTIONS: dict[str, Any] = {"deck_seed": 2, "computer_pace_seconds": 0, "hand_pause_seconds": 1}
BOLD, EVERYONE, LINK = "**Boss**", "@everyone", "[FREE](https://evil.example/x)"
LONG = "Lorem" * 20


async def one_table(croupier: Croupier, opener: Member, members: list[Member]) -> Any:
    """A tournament of the members and 3 computer players at one table (its final table)."""
    cog: Any = croupier.bot.get_cog("MultiTable")
    cog.rng = random.Random(1)
    await ephemeral_answer(
        opener, "tournament", "open", buy_in=BUY_IN, starting_stack=STACK, seats=9, computers=3
    )
    for member in members:
        joined = await ephemeral_answer(member, "tournament", "join")
        assert "You are registered" in joined, joined
    started = await ephemeral_answer(opener, "tournament", "start")
    assert "has begun" in started, started
    await croupier.settled()
    (tournament,) = cog.running.values()
    return tournament


async def test_hostile_names_read_as_names_in_the_lobby_and_the_deal_offer(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Members named in markdown, a mention, a masked link and a very long name
    join a tournament: the table, the lobby and a deal offer show each name as
    text (escaped, cut), never bold, a ping or a link."""
    fake, clock = fake_discord, FakeClock()
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    async with running_croupier(fake, tmp_path / "c.db", clock=clock, **OPTIONS) as croupier:
        boss, ping, link, long = (fake.add_member(n) for n in (BOLD, EVERYONE, LINK, LONG))
        tournament = await one_table(croupier, boss, [boss, ping, link, long])
        (runner,) = tournament.runners.values()
        thread = runner.record.channel_id
        offered = await ephemeral_answer(boss, "tournament", "deal", kind="chop", channel=thread)
        assert "Your offer is posted" in offered, offered
        await croupier.settled()
        (offer,) = [m.text() for m in fake.messages(thread) if "offers a" in m.text()]
        (lobby,) = [m.text() for m in fake.messages(fake.channel) if "Multi-table" in m.text()]
        table = fake.messages(thread)[0].text()
        for content in (offer, lobby, table):
            assert "**Boss**" not in content and "\\*\\*Boss\\*\\*" in content, content
            assert "@everyone" not in content, content
            assert "[FREE](" not in content, content
        assert LONG not in offer and LONG[:20] in offer, offer  # cut to a name's length
