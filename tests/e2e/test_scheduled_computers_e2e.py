"""Computer players in a scheduled tournament, through the fake Discord and the
real bot on a fake clock: ``/tournament schedule computers:N`` is kept across a
restart and by the weekly repeat, fills a field that one table seats (each
computer player sitting down staked by the house bank), counts toward
``min_players``, and never plays without a member who checked in. Every test
ends with the audit (tests/e2e/product_bot.py), clean to the chip. The
multi-table poker night is tests/e2e/test_poker_night_e2e.py."""

from __future__ import annotations

from pathlib import Path

from tests.bot.fake_clock import FakeClock
from tests.e2e.fake_discord import FakeDiscord, Member
from tests.e2e.fake_discord.scheduled_events import CANCELED
from tests.e2e.product_bot import running_croupier

STARTING_CHIPS = 1000  # the settings' default starting grant
#: 2026-12-12 13:00 UTC: the fake clock's wall time when each test begins.
NOON = 1_797_080_400
#: 2026-12-12 20:00 +01:00 (19:00 UTC), six hours after NOON.
START = 1_797_102_000
START_TEXT = "2026-12-12 20:00 +01:00"


def texts(fake: FakeDiscord) -> list[str]:
    return [message.text() for message in fake.messages(fake.channel)]


async def answer(member: Member, *words: str, **options: object) -> str:
    reply = await member.slash(*words, **options)
    await reply.settled()
    assert reply.ephemeral, reply
    return reply.text


async def move_to(fake: FakeDiscord, clock: FakeClock, unix: int, seen: str) -> None:
    clock.advance(unix - clock.wall_now())
    await fake.wait_for(lambda: any(seen in text for text in texts(fake)), timeout=10.0)


async def test_computers_are_kept_over_a_restart_and_a_week_and_fill_one_table(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Three computer players with one member where four are needed: the number
    is in the registration message, survives a restart, and at the start they
    sit down at the member's table (a house stake each) and it begins with 4
    players; the weekly repeat announces the next one with three again."""
    fake, database = fake_discord, tmp_path / "croupier.db"
    ann = fake.add_member("Ann")
    async with running_croupier(fake, database, clock=FakeClock(wall_start=NOON)):
        scheduled = await answer(
            fake.owner,
            "tournament",
            "schedule",
            start=START_TEXT,
            buy_in=100,
            starting_stack=200,
            min_players=4,
            computers=3,
            repeat_weekly=True,
        )
        assert "is scheduled" in scheduled, scheduled
        # The organiser's confirmation and the list say who fills the field.
        assert "At the start 3 computer players take seats too" in scheduled, scheduled
        await answer(ann, "tournament", "register")
        listed = await answer(ann, "tournament", "list")
        assert "1 registered (at least 4)" in listed and "> · 3 computer players" in listed, listed
    # The bot is down for three hours; it comes back before check-in.
    clock = FakeClock(wall_start=NOON + 3 * 3600)
    async with running_croupier(fake, database, clock=clock) as croupier:
        await move_to(fake, clock, START - 15 * 60, "Check in now")
        (registration,) = [text for text in texts(fake) if "Registration is open" in text]
        assert "3 computer players fill the field" in registration, registration
        assert "You are checked in" in await answer(ann, "tournament", "checkin")
        await move_to(fake, clock, START, "starts now")
        (started,) = [text for text in texts(fake) if "starts now" in text]
        assert "with 4 players" in started, started
        assert not fake.threads(fake.channel)  # one table, in the channel
        stakes = await croupier.database.fetch_all(
            "SELECT delta FROM ledger WHERE kind = 'house_stake'"
        )
        assert [row["delta"] for row in stakes] == [-100, -100, -100]
        seated = await croupier.database.fetch_value(
            "SELECT COUNT(*) FROM seats s JOIN tables t ON t.id = s.table_id"
            " WHERE t.status = 'open'"
        )
        assert seated == 4
        # Weekly: the next one keeps its computer players.
        await fake.wait_for(
            lambda: (
                sum("Registration is open" in text for text in texts(fake)) == 1
                and sum("computer players fill the field" in text for text in texts(fake)) == 2
            ),
            timeout=10.0,
        )
        following = await croupier.database.fetch_value(
            "SELECT computers FROM scheduled_tournaments WHERE status = 'scheduled'"
        )
        assert following == 3


async def test_computer_players_never_play_without_a_member_checked_in(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Five computer players fill the field, but the one member registered does
    not check in: it is cancelled (not started with computer players alone), the
    channel told why, the buy-in refunded and the house bank untouched."""
    fake, clock = fake_discord, FakeClock(wall_start=NOON)
    async with running_croupier(fake, tmp_path / "croupier.db", clock=clock) as croupier:
        ann = fake.add_member("Ann")
        await answer(
            fake.owner, "tournament", "schedule", start=START_TEXT, buy_in=100, computers=5
        )
        await answer(ann, "tournament", "register")
        await move_to(fake, clock, START - 15 * 60, "Check in now")
        await move_to(fake, clock, START, "was cancelled")
        (cancelled,) = [text for text in texts(fake) if "was cancelled" in text]
        assert "0 member(s) checked in, with 5 computer players" in cancelled, cancelled
        balance = await croupier.database.fetch_value(
            "SELECT chips FROM balances WHERE user_id = ?", (ann.id,)
        )
        assert balance == STARTING_CHIPS
        house = await croupier.database.fetch_value(
            "SELECT COUNT(*) FROM ledger WHERE kind IN ('house_stake', 'house_return')"
        )
        assert house == 0
        (event,) = fake.state.scheduled_events.of_guild(fake.guild_id)
        await fake.wait_for(lambda: event.status == CANCELED, timeout=5.0)
        assert await croupier.database.fetch_value("SELECT COUNT(*) FROM tables") == 0
