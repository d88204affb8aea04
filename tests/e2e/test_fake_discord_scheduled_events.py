"""The fake's guild scheduled events, driven by discord.py's own calls: create
(external, with a location and an end), list, fetch, start, end, cancel and
delete; the moves Discord's docs forbid are refused with Discord's answer
(tests/e2e/fake_discord/scheduled_events.py)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import discord
import pytest

from tests.e2e.fake_discord import FakeDiscord, StartBot
from tests.e2e.fake_discord.scheduled_events import ACTIVE, CANCELED, COMPLETED, SCHEDULED

START = datetime(2026, 12, 12, 19, 0, tzinfo=UTC)


class EventBot(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05)


async def create(guild: discord.Guild, name: str) -> discord.ScheduledEvent:
    return await guild.create_scheduled_event(
        name=name,
        start_time=START,
        end_time=START + timedelta(hours=4),
        entity_type=discord.EntityType.external,
        privacy_level=discord.PrivacyLevel.guild_only,
        location="#poker",
        description="Hold'em, buy-in 100",
    )


async def test_an_event_is_created_listed_started_ended_and_deleted(
    fake_discord: FakeDiscord, start_bot: StartBot[EventBot]
) -> None:
    fake = fake_discord
    bot = await start_bot(EventBot())
    guild = bot.get_guild(fake.guild_id)
    assert guild is not None

    friday = await create(guild, "Friday freezeout")
    sunday = await create(guild, "Sunday special")
    assert friday.start_time == START and friday.location == "#poker"
    assert friday.status is discord.EventStatus.scheduled
    listed = await guild.fetch_scheduled_events()
    assert sorted(event.name for event in listed) == ["Friday freezeout", "Sunday special"]

    started = await friday.start()
    assert started.status is discord.EventStatus.active
    ended = await started.end()
    assert ended.status is discord.EventStatus.ended
    stored = fake.state.scheduled_events.events[friday.id]
    assert stored.history == [SCHEDULED, ACTIVE, COMPLETED]

    await sunday.cancel()
    assert fake.state.scheduled_events.events[sunday.id].status == CANCELED
    with pytest.raises(discord.HTTPException) as refused:
        await bot.http.edit_scheduled_event(guild.id, sunday.id, status=ACTIVE)
    assert refused.value.status == 400 and refused.value.code == 50035
    fake.expect_invalid_payloads()

    await sunday.delete()
    fetched = await guild.fetch_scheduled_event(friday.id)
    assert fetched.name == "Friday freezeout"
    with pytest.raises(discord.NotFound):
        await guild.fetch_scheduled_event(sunday.id)
    assert [event.name for event in await guild.fetch_scheduled_events()] == ["Friday freezeout"]


async def test_an_external_event_without_an_end_is_refused(
    fake_discord: FakeDiscord, start_bot: StartBot[EventBot]
) -> None:
    bot = await start_bot(EventBot())
    fake_discord.expect_invalid_payloads()
    with pytest.raises(discord.HTTPException) as refused:
        await bot.http.create_guild_scheduled_event(
            fake_discord.guild_id,
            name="No end",
            scheduled_start_time=START.isoformat(),
            privacy_level=2,
            entity_type=3,
            entity_metadata={"location": "#poker"},
        )
    assert refused.value.status == 400
    assert fake_discord.state.scheduled_events.of_guild(fake_discord.guild_id) == []
