"""The organiser's payout table at a multi-table tournament, through the fake
Discord and the real bot (issue 28: "the payout table chosen by size of field
or by the organiser").

Ann opens a tournament with ``/tournament open payouts:70,30``; she and three
computer players make a field of four over two tables of two. The clock is a
fake one. Exactly two places are paid, 70 % and 30 % of the pool (the odd chips
to first place, as engine/payouts.py says), so the bubble is at three players
left: hand for hand then, not before. The bot is stopped and started again
early on: the payout table is kept. The audit is clean at each stop.
Bad percentages are refused politely (in English and in German) and open
nothing.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import t
from tests.bot.fake_clock import FakeClock
from tests.e2e.fake_discord import BULK_RATE_CLOCK, FakeDiscord, Member
from tests.e2e.product_bot import running_croupier
from tests.e2e.test_scheduled_tournament_e2e import (
    NOON,
    START,
    answer,
    move_to,
    schedule_one,
)

FIELD, STACK, BUY_IN = 4, 200, 101  # a pool of 404: 70 % is 282.8, 30 % is 121.2
STARTING_CHIPS = 1000  # the settings' default starting grant


async def ephemeral_answer(member: Member, *words: str, **options: object) -> str:
    reply = await member.slash(*words, **options)
    await reply.settled()
    return reply.text


async def test_the_organisers_payouts_decide_the_places_paid_and_the_bubble(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, clock, database = fake_discord, FakeClock(), tmp_path / "croupier.db"
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    options: dict[str, Any] = {
        "clock": clock,
        "deck_seed": 5,
        "computer_pace_seconds": 0,
        "hand_pause_seconds": 1,
        "expected_errors": (),
    }
    async with running_croupier(fake, database, **options) as croupier:
        ann = fake.add_member("Ann")
        cog: Any = croupier.bot.get_cog("MultiTable")
        cog.rng = random.Random(3)
        opened = await ephemeral_answer(
            ann,
            "tournament",
            "open",
            buy_in=BUY_IN,
            starting_stack=STACK,
            seats=2,
            level_minutes=1,
            computers=FIELD - 1,
            payouts="70,30",
        )
        assert "multi-table tournament is open" in opened, opened
        assert "payouts 1st 70 %, 2nd 30 %" in opened, opened
        assert "You are registered" in await ephemeral_answer(ann, "tournament", "join")
        started = await ephemeral_answer(ann, "tournament", "start")
        assert "4 players at 2 tables" in started, started
        tournament = cog.running[fake.channel.id]
        assert tournament.floor.paid_places == 2
        assert tournament.prizes == (283, 121)
        for _ in range(5):  # a few hands, then a restart
            await croupier.settled()
            await tournament.settled()
            clock.advance(1.0)

    async with running_croupier(fake, database, **options) as croupier:
        cog = croupier.bot.get_cog("MultiTable")
        tournament = cog.running[fake.channel.id]
        # Saved with the tournament: the organiser's table outlives the restart.
        assert tournament.config.payout_percentages == (70, 30)
        assert tournament.floor.paid_places == 2 and tournament.prizes == (283, 121)
        players_left_at_hand_for_hand = set()
        for _ in range(3000):
            await croupier.settled()
            await tournament.settled()
            await croupier.settled()
            if tournament.floor.hand_for_hand:
                players_left_at_hand_for_hand.add(tournament.floor.players_left)
            if tournament.over or any(f.place == 1 for f in tournament.floor.finishes):
                break
            clock.advance(1.0)
        else:
            raise AssertionError("the tournament did not end")
        await croupier.settled()
        await tournament.settled()

        # The bubble follows the organiser's places paid: 3 left, 2 paid.
        assert players_left_at_hand_for_hand == {3}
        texts = [m.text() for m in fake.messages(fake.channel) if not m.ephemeral]
        threads = fake.threads(fake.channel)
        everything = texts + [m.text() for th in threads for m in fake.messages(th)]
        assert any("**hand for hand**" in text for text in everything)
        lobbies = [m for m in fake.messages(fake.channel) if "Multi-table tournament" in m.text()]
        assert len(lobbies) == 1 and "Payouts: 1st 283, 2nd 121" in lobbies[0].text(), lobbies

        rows = await croupier.database.fetch_all(
            "SELECT user_id, place, prize FROM tournament_entries WHERE table_id = ?",
            (tournament.pool_table_id,),
        )
        prizes = {row["place"]: row["prize"] for row in rows}
        assert len(rows) == FIELD
        assert {place: prize for place, prize in prizes.items() if prize} == {1: 283, 2: 121}
        (ann_row,) = [r for r in rows if r["user_id"] == ann.id]
        balance = await croupier.database.fetch_value(
            "SELECT chips FROM balances WHERE user_id = ?", (ann.id,)
        )
        assert balance == STARTING_CHIPS - BUY_IN + ann_row["prize"]
    # running_croupier runs the audit as the bot stops: clean.


async def test_bad_payout_percentages_are_refused_and_open_nothing(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", expected_errors=()) as croupier:
        cog: Any = croupier.bot.get_cog("MultiTable")
        for locale, name in (("en-US", "Ann"), ("de", "Bea")):
            member = fake.add_member(name, locale=locale)
            for bad in ("30,70", "60,30", "abc"):
                refused = await answer(  # answered to the member alone
                    member, "tournament", "open", buy_in=BUY_IN, computers=9, payouts=bad
                )
                assert refused == t("engine.payout_percentages", locale, high=20), refused
        assert not cog.open and not cog.running
        assert await croupier.database.fetch_value("SELECT COUNT(*) FROM tables") == 0
        assert "multi-table tournament is open" not in " ".join(
            m.text() for m in fake.messages(fake.channel)
        )


@pytest.mark.parametrize(
    ("seats", "shown"),
    [(2, "Payouts: 1st 280, 2nd 120"), (9, "Prize pool **400**: 1st 280, 2nd 120")],
)
async def test_a_scheduled_tournament_pays_the_organisers_split_at_one_table_or_several(
    fake_discord: FakeDiscord, tmp_path: Path, seats: int, shown: str
) -> None:
    """``/tournament schedule payouts:70,30``: a field of four (Ann and three
    computer players) starts over two tables of two or at one table of nine,
    and both pay the organiser's split of the pool of 400."""
    fake, clock = fake_discord, FakeClock(wall_start=NOON)
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    ann = fake.add_member("Ann")
    options: dict[str, Any] = {"deck_seed": 2, "computer_pace_seconds": 0, "hand_pause_seconds": 1}
    async with running_croupier(fake, tmp_path / "c.db", clock=clock, **options):
        await schedule_one(fake, min_players=2, computers=3, seats=seats, payouts="70,30")
        await ephemeral_answer(ann, "tournament", "register")
        await move_to(fake, clock, START - 15 * 60, "Check in now")
        await ephemeral_answer(ann, "tournament", "checkin")
        await move_to(fake, clock, START, "starts now")

        def everything() -> list[str]:
            channels = [fake.channel, *fake.threads(fake.channel)]
            return [m.text() for channel in channels for m in fake.messages(channel)]

        await fake.wait_for(lambda: any(shown in text for text in everything()), timeout=10.0)
