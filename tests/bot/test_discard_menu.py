"""The discard or draw menu a player gets from the Discard or Draw button:
their own cards, bounded as the engine allows, and Stand pat where allowed."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord
import pytest

from bot.database import Database
from bot.tables.runner import TableRunner
from cogs.discard_menu import DiscardMenu, menu_prompt
from tests.bot.fake_clock import FakeClock
from tests.bot.fake_interactions import FakeInteraction, FakeUser
from tests.bot.table_fakes import RecordingOutlet
from tests.bot.test_runner_draws import call_until_discarding, dealt_table, turn


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@dataclass
class MenuInteraction(FakeInteraction):
    """An interaction whose original (ephemeral) response can be edited."""

    edits: list[dict[str, Any]] = field(default_factory=list)

    async def edit_original_response(self, **changes: Any) -> None:
        self.edits.append(changes)


async def menu_for(runner: TableRunner) -> tuple[int, DiscardMenu]:
    live = runner.live
    assert live is not None
    user_id, _ = turn(runner)
    choices = runner.discard_choices(user_id, hand_no=live.hand_no, seq=len(live.hand.actions))
    return user_id, DiscardMenu(runner, user_id, choices, "en")


async def test_pineapple_menu_offers_exactly_one_of_the_players_cards(
    database: Database, clock: FakeClock
) -> None:
    runner = await dealt_table(database, clock, RecordingOutlet(), "NP")
    await call_until_discarding(runner)
    user_id, menu = await menu_for(runner)
    live = runner.live
    assert live is not None
    held = live.hand.hole_cards[live.deal.players.index(user_id)]
    (select,) = [item for item in menu.children if isinstance(item, discord.ui.Select)]
    assert (select.min_values, select.max_values) == (1, 1)
    assert [option.value for option in select.options] == [str(card) for card in held]
    assert not [item for item in menu.children if isinstance(item, discord.ui.Button)]
    assert "Choose 1 to throw away" in menu_prompt(menu.choices, "en")
    await runner.stop()


async def test_a_draw_menu_can_stand_pat(database: Database, clock: FakeClock) -> None:
    runner = await dealt_table(database, clock, RecordingOutlet(), "F5D")
    await call_until_discarding(runner)
    user_id, menu = await menu_for(runner)
    (select,) = [item for item in menu.children if isinstance(item, discord.ui.Select)]
    assert select.min_values == 1 and select.max_values == menu.choices.high >= 3
    (stand_pat,) = [item for item in menu.children if isinstance(item, discord.ui.Button)]
    assert stand_pat.label == "Stand pat"
    interaction = MenuInteraction(client=None, user=FakeUser(user_id))
    await stand_pat.callback(interaction)  # type: ignore[arg-type]
    (edit,) = interaction.edits
    assert edit["content"] == "You stood pat." and edit["view"] is None
    assert edit["embed"] is not None  # the player's cards, for after the draw
    live = runner.live
    assert live is not None and live.last_action is not None
    assert live.last_action.kind == "stand_pat" and not live.last_action.by_clock
    await runner.stop()
