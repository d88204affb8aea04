"""The economy and admin commands, called directly with a stand-in interaction."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime, time, timedelta
from typing import Any

import discord
import pytest

from bot.cashier import DailyAlreadyClaimed, InvalidAmount
from bot.client import CroupierBot, create_client
from bot.database import Database
from bot.error_replies import reply_with_error
from bot.settings import Settings
from cogs.players import BotsDoNotPlay
from tests.bot.fake_interactions import FakeInteraction, FakeUser
from tests.bot.tables import Result, finished_hand, open_table

OWNER, ANN, BEN = 42, 11, 12


@pytest.fixture
async def bot(database: Database) -> AsyncIterator[CroupierBot]:
    client = create_client(Settings(discord_token="x"), database)
    client.owner_id = OWNER  # so is_owner() needs no call to Discord
    await client.setup_hook()
    try:
        yield client
    finally:
        await client.close()


# load_extension executes a cog's module afresh, so its classes are taken from
# the loaded extension rather than imported here.
def economy(bot: CroupierBot) -> Any:
    return bot.get_cog("Economy")


def admin(bot: CroupierBot) -> Any:
    return bot.get_cog("Admin")


def from_cog(bot: CroupierBot, module: str, name: str) -> Any:
    return getattr(bot.extensions[module], name)


def asked_by(bot: CroupierBot, user_id: int, **kwargs: Any) -> Any:
    return FakeInteraction(client=bot, user=FakeUser(user_id, name=f"user{user_id}"), **kwargs)


async def test_balance_of_oneself_starts_with_the_grant_and_is_private(bot: CroupierBot) -> None:
    interaction = asked_by(bot, ANN)
    await economy(bot).balance.callback(economy(bot), interaction, None)
    assert interaction.answer.content == "You have **1,000** chips."
    assert interaction.answer.ephemeral


async def test_balance_mentions_chips_at_tables(bot: CroupierBot) -> None:
    table = await open_table(bot.db, 100, 10)
    await bot.cashier.buy_in(100, ANN, table, 0, 250)
    interaction = asked_by(bot, ANN, locale=discord.Locale.german)
    await economy(bot).balance.callback(economy(bot), interaction, None)
    assert interaction.answer.content == "Du hast **750** Chips und weitere **250** an Tischen."


async def test_balance_of_someone_who_never_played_creates_nothing(bot: CroupierBot) -> None:
    interaction = asked_by(bot, ANN)
    await economy(bot).balance.callback(economy(bot), interaction, FakeUser(BEN))
    assert interaction.answer.content == "<@12> has not played here yet."
    assert await bot.cashier.balance(100, BEN) is None


async def test_bots_have_no_balance(bot: CroupierBot) -> None:
    with pytest.raises(BotsDoNotPlay):
        await economy(bot).balance.callback(economy(bot), asked_by(bot, ANN), FakeUser(7, bot=True))


async def test_daily_pays_then_refuses_politely(bot: CroupierBot) -> None:
    first = asked_by(bot, ANN)
    await economy(bot).daily.callback(economy(bot), first)
    claimed = (
        "You claimed **100** chips (day 1 of your streak). Your balance is now **1,100** chips."
    )
    assert first.answer.content is not None
    assert first.answer.content.startswith(claimed)
    # When the next claim opens, as a Discord timestamp every client counts down live.
    next_midnight = datetime.combine(datetime.now(UTC).date() + timedelta(days=1), time(), UTC)
    assert first.answer.content.endswith(
        f" Your next claim opens <t:{int(next_midnight.timestamp())}:R>."
    )
    second = asked_by(bot, ANN, locale=discord.Locale.german)
    with pytest.raises(DailyAlreadyClaimed) as caught:
        await economy(bot).daily.callback(economy(bot), second)
    await reply_with_error(second, caught.value)
    assert second.answer.ephemeral
    assert second.answer.content is not None
    assert second.answer.content.startswith("Du hast deine Chips für heute schon abgeholt.")


async def _twelve_players(bot: CroupierBot) -> None:
    for user_id in range(1, 13):
        await bot.cashier.admin_grant(100, user_id, user_id, granted_by=OWNER)


async def test_leaderboard_is_public_and_pages_for_its_invoker(bot: CroupierBot) -> None:
    await _twelve_players(bot)
    interaction = asked_by(bot, ANN)
    await economy(bot).leaderboard.callback(economy(bot), interaction, None)
    answer = interaction.answer
    assert not answer.ephemeral
    assert answer.embed is not None and answer.embed.description is not None
    lines = answer.embed.description.splitlines()
    assert len(lines) == 10
    assert lines[0] == "1. <@12>: 1,012 chips"
    assert answer.embed.footer.text == "Page 1 of 2"
    assert answer.view is not None
    button_class = from_cog(bot, "cogs.economy", "LeaderboardPageButton")
    previous, following = answer.view.children
    assert isinstance(previous, button_class) and isinstance(following, button_class)
    assert previous.item.disabled and not following.item.disabled
    assert following.custom_id == f"croupier:leaderboard:chips:10:{ANN}:next"

    # The invoker clicks Next: the button is rebuilt from its custom id, as after a restart.
    click = asked_by(bot, ANN)
    match = re.fullmatch(button_class.__discord_ui_compiled_template__, following.custom_id)
    assert match is not None
    button = await button_class.from_custom_id(click, following.item, match)
    assert await button.interaction_check(click)
    await button.callback(click)
    assert click.answer.kind == "edit"
    assert click.answer.embed is not None and click.answer.embed.description is not None
    assert click.answer.embed.description.splitlines() == [
        "11. <@2>: 1,002 chips",
        "12. <@1>: 1,001 chips",
    ]
    assert click.answer.embed.footer.text == "Page 2 of 2"


async def test_a_leaderboard_on_one_page_has_no_page_buttons(bot: CroupierBot) -> None:
    for user_id in (1, 2, 3):
        await bot.cashier.admin_grant(100, user_id, user_id, granted_by=OWNER)
    interaction = asked_by(bot, ANN)
    await economy(bot).leaderboard.callback(economy(bot), interaction, None)
    answer = interaction.answer
    assert answer.embed is not None and answer.embed.footer.text == "Page 1 of 1"
    assert answer.view in (None, discord.utils.MISSING)


async def test_only_the_invoker_can_turn_the_pages(bot: CroupierBot) -> None:
    button_class = from_cog(bot, "cogs.economy", "LeaderboardPageButton")
    button = button_class(by="net", offset=10, invoker_id=ANN, direction="next")
    stranger = asked_by(bot, BEN, locale=discord.Locale.german)
    assert not await button.interaction_check(stranger)
    assert stranger.answer.ephemeral
    assert stranger.answer.content is not None
    assert stranger.answer.content.startswith("Nur wer diese Bestenliste angefordert hat")


async def test_stats_show_the_record_privately(bot: CroupierBot) -> None:
    table = await open_table(bot.db, 100, 10)
    await finished_hand(
        bot.db,
        table,
        1,
        [
            Result(ANN, 100, 160, won_chips=110, went_to_showdown=True, won_at_showdown=True),
            Result(BEN, 100, 40, went_to_showdown=True),
        ],
        "2024-05-01T10:00:00Z",
    )
    interaction = asked_by(bot, BEN)
    await economy(bot).stats.callback(economy(bot), interaction, FakeUser(ANN, name="Ann"))
    embed = interaction.answer.embed
    assert interaction.answer.ephemeral and embed is not None
    assert embed.title == "Poker statistics of Ann"
    fields = {f.name: f.value for f in embed.fields}
    assert fields["Hands won"] == "1"
    assert fields["Net winnings"] == "+60"
    assert fields["Biggest pot won"] == "110"
    assert fields["Showdowns"] == "1 won of 1"
    assert fields["Recent hands"] == "Hand 1 in <#10>: +60"


async def test_admin_grant_for_the_owner_only(bot: CroupierBot) -> None:
    cog = admin(bot)
    with pytest.raises(from_cog(bot, "cogs.admin", "NotOwner")):
        await cog.interaction_check(asked_by(bot, ANN))
    interaction = asked_by(bot, OWNER)
    assert await cog.interaction_check(interaction)
    await admin(bot).grant.callback(cog, interaction, FakeUser(ANN), 500)
    assert interaction.answer.content == (
        "Granted **500** chips to <@11>. Their balance is now **1,500** chips."
    )
    ledger = await bot.db.fetch_one("SELECT kind, delta FROM ledger ORDER BY id DESC")
    assert ledger is not None and tuple(ledger) == ("admin_grant", 500)


@pytest.mark.parametrize("amount", [0, -10, 10**12])
async def test_admin_grant_checks_the_amount_itself(bot: CroupierBot, amount: int) -> None:
    with pytest.raises(InvalidAmount):
        await admin(bot).grant.callback(admin(bot), asked_by(bot, OWNER), FakeUser(ANN), amount)


async def test_a_refusal_is_answered_briefly_and_a_defect_with_a_logged_traceback(
    bot: CroupierBot, caplog: pytest.LogCaptureFixture
) -> None:
    refused = asked_by(bot, ANN)
    with caplog.at_level(logging.DEBUG, logger="bot.error_replies"):
        await reply_with_error(refused, from_cog(bot, "cogs.admin", "NotOwner")())
    assert refused.answer.content == "Only the bot's owner can use this command."
    assert all(record.exc_info is None for record in caplog.records)

    broken = asked_by(bot, ANN)
    await broken.response.defer(ephemeral=True)
    with caplog.at_level(logging.ERROR, logger="bot.error_replies"):
        await reply_with_error(broken, ZeroDivisionError("oops"))
    followup = broken.answers[-1]
    assert followup.kind == "followup" and followup.ephemeral
    assert followup.content is not None and followup.content.startswith("Sorry, something went")
    assert any(record.exc_info for record in caplog.records)


async def test_commands_outside_a_server_are_refused(bot: CroupierBot) -> None:
    from discord import app_commands

    with pytest.raises(app_commands.NoPrivateMessage):
        await economy(bot).daily.callback(economy(bot), asked_by(bot, ANN, guild_id=None))


async def test_a_page_past_the_end_shows_the_last_page(bot: CroupierBot) -> None:
    await _twelve_players(bot)
    button_class = from_cog(bot, "cogs.economy", "LeaderboardPageButton")
    button = button_class(by="chips", offset=30, invoker_id=ANN, direction="next")
    click = asked_by(bot, ANN)
    await button.callback(click)
    assert click.answer.embed is not None
    assert click.answer.embed.footer.text == "Page 2 of 2"
