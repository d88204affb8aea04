"""Amounts typed into the bet/raise form or given to a command are checked
before anything uses them; anything else gets a polite sentence."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.settings import Settings
from bot.tables.errors import BadAmount
from bot.tables.table_settings import new_table_config
from cogs.amounts import checked_amount, parse_chip_amount
from cogs.tables import may_close


@pytest.mark.parametrize(
    "text",
    [
        "abc",
        "-5",
        "1e9",
        "1,000",
        "1.000",
        "",
        "   ",
        "9" * 10_000,
        "🂡",
        "٣٠٠",
        "0",
        "12 34",
        "+50",
        "0x20",
        "99999999999",
    ],
)
def test_what_is_not_a_whole_number_of_chips_is_refused_politely(text: str) -> None:
    with pytest.raises(BadAmount) as caught:
        parse_chip_amount(text, low=20, high=1000)
    sentence = caught.value.sentence("en")
    assert "whole number of chips from 20 to 1,000" in sentence
    assert len(sentence) < 300  # a 10,000-digit paste is not quoted back whole
    assert caught.value.sentence("de")


@pytest.mark.parametrize(("text", "amount"), [("250", 250), (" 20 ", 20), ("1000000000", 10**9)])
def test_whole_numbers_are_read(text: str, amount: int) -> None:
    assert parse_chip_amount(text, low=20, high=1000) == amount


def test_markdown_in_what_was_typed_is_not_rendered() -> None:
    with pytest.raises(BadAmount) as caught:
        parse_chip_amount("**5**", low=1, high=2)
    assert "\\*\\*5\\*\\*" in caught.value.sentence("en")


@pytest.mark.parametrize("value", [0, -1, 10**10, True, "5"])
def test_command_options_are_checked_again(value: object) -> None:
    with pytest.raises(BadAmount):
        checked_amount(value)


def test_a_new_table_takes_the_settings_defaults_scaled_to_its_big_blind() -> None:
    settings = Settings(discord_token="x")
    default = new_table_config(
        settings,
        variant=None,
        small_blind=None,
        big_blind=None,
        min_buy_in=None,
        max_buy_in=None,
        seats=None,
        action_seconds=None,
        provably_fair=False,
        locale="en",
    )
    assert (default.variant, default.small_blind, default.big_blind) == ("NT", 5, 10)
    assert (default.min_buy_in, default.max_buy_in) == (200, 1000)
    assert (default.seats, default.action_seconds) == (9, 30)
    bigger = new_table_config(
        settings,
        variant="PO",
        small_blind=None,
        big_blind=100,
        min_buy_in=None,
        max_buy_in=None,
        seats=6,
        action_seconds=60,
        provably_fair=True,
        locale="de",
    )
    assert (bigger.small_blind, bigger.min_buy_in, bigger.max_buy_in) == (5, 2000, 10000)
    assert bigger.provably_fair and bigger.locale == "de"


def test_only_the_creator_or_a_channel_manager_may_close_a_table() -> None:
    runner = SimpleNamespace(record=SimpleNamespace(creator_id=1))

    def asking(user_id: int, permissions: discord.Permissions) -> Any:
        return SimpleNamespace(user=SimpleNamespace(id=user_id), permissions=permissions)

    assert may_close(asking(1, discord.Permissions.none()), runner)  # type: ignore[arg-type]
    assert may_close(asking(2, discord.Permissions(manage_channels=True)), runner)  # type: ignore[arg-type]
    assert not may_close(asking(2, discord.Permissions.none()), runner)  # type: ignore[arg-type]
