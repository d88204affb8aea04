"""Launching the table's Activity from the table message, and what the bot says
when a piece is missing (the product bot against the fake Discord, no browser)."""

from __future__ import annotations

import logging
import socket
from pathlib import Path

import pytest

from bot.i18n import t
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_discord.activities import APP_HANDLER
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_view import is_table_message

BUTTON = "Open the table in Discord"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def test_without_activities_enabled_the_click_is_told_why_and_the_log_says_what_to_do(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fake = fake_discord  # Activities not enabled in the portal: no entry point command
    fake.expect_invalid_payloads()  # Discord refuses the launch: that is the point
    caplog.set_level(logging.INFO, logger="bot")
    async with running_croupier(
        fake,
        tmp_path / "croupier.db",
        web_port=free_port(),
        activity=True,
        client_secret=fake.oauth.client_secret,
    ):
        ann = fake.add_member("Ann", locale="de")
        created = await ann.slash("poker", "create")
        await created.settled()
        joined = await ann.slash("poker", "join", buy_in=500)
        await joined.settled()
        assert any(is_table_message(m) for m in fake.messages())
        reply = await ann.click(BUTTON)  # the table speaks English, Ann German
        assert reply.ephemeral and reply.text == t("activity.launch_refused", "de")
        assert fake.activities.launches == []
        (refusal,) = fake.invalid_payloads
        assert refusal.path.endswith("/callback") and "LAUNCH_ACTIVITY" in str(refusal)
    said = [record.getMessage() for record in caplog.records]
    assert t("activity.no_entry_point", "en") in said
    assert t("activity.ready", "en") not in said
    assert fake.oauth.client_secret not in caplog.text


async def test_an_activity_asked_for_without_its_pieces_is_said_once_each_and_not_offered(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fake = fake_discord
    fake.activities.enable()
    caplog.set_level(logging.INFO, logger="bot")
    async with running_croupier(fake, tmp_path / "croupier.db", activity=True):
        ann = fake.add_member("Ann")
        created = await ann.slash("poker", "create")
        await created.settled()
        joined = await ann.slash("poker", "join", buy_in=500)
        await joined.settled()
        assert any(is_table_message(m) for m in fake.messages())
        assert BUTTON not in " ".join(m.text() for m in fake.messages())
    said = [record.getMessage() for record in caplog.records]
    assert said.count(t("activity.no_web_port", "en")) == 1
    assert said.count(t("activity.no_secret", "en")) == 1
    assert t("activity.no_entry_point", "en") not in said


async def test_the_button_is_not_offered_unless_the_operator_asks(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    fake.activities.enable()
    async with running_croupier(fake, tmp_path / "croupier.db"):
        ann = fake.add_member("Ann")
        created = await ann.slash("poker", "create")
        await created.settled()
        joined = await ann.slash("poker", "join", buy_in=500)
        await joined.settled()
        assert any(is_table_message(m) for m in fake.messages())
        assert BUTTON not in " ".join(m.text() for m in fake.messages())
        # Nor does the bot's command sync drop the entry point of an app it does not use.
        assert fake.activities.entry_point() is not None


async def test_the_app_launchers_entry_point_opens_the_activity_when_left_to_the_app(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    fake.activities.enable(handler=APP_HANDLER)  # Discord sends the bot the command
    async with running_croupier(
        fake,
        tmp_path / "croupier.db",
        web_port=free_port(),
        activity=True,
        client_secret=fake.oauth.client_secret,
    ):
        ann = fake.add_member("Ann")
        other = fake.add_channel("lounge")
        reply = await fake.activities.use_entry_point(ann, other.id)
        assert reply.type == 12
        (launch,) = fake.activities.launches
        assert (launch.user_id, launch.channel_id, launch.how) == (ann.id, other.id, "entry_point")
        # The sync at start kept the entry point with its handler.
        entry = fake.activities.entry_point()
        assert entry is not None and entry["handler"] == APP_HANDLER
