"""A table created without choosing its seats gets as many as the game can deal."""

from __future__ import annotations

import pytest

from bot.settings import Settings
from bot.tables.table_settings import dealt_variants, new_table_config


def _default(variant: str) -> int:
    config = new_table_config(
        Settings(discord_token="x", default_seats=9),
        variant=variant,
        small_blind=None,
        big_blind=None,
        min_buy_in=None,
        max_buy_in=None,
        seats=None,
        action_seconds=None,
        provably_fair=False,
        locale="en",
    )
    return config.seats


@pytest.mark.parametrize("variant", sorted(dealt_variants()))
def test_every_game_can_be_opened_with_the_default_seats(variant: str) -> None:
    assert 2 <= _default(variant) <= min(9, dealt_variants()[variant].max_players)


def test_stud_deals_to_eight_and_holdem_to_the_default() -> None:
    assert _default("F7S") == 8
    assert _default("NT") == 9
