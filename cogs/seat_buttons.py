"""The buttons on a player's own seat view (:mod:`cogs.seat_view`): pre-actions
while the hand is played, show or muck on their turn at the showdown, showing
cards once it is over.

A pre-action button defers (no visible
change of its own), hands the table this click's fresher token, and asks the
runner to set or clear the choice; the view is then edited to show it. A
refusal (the turn came meanwhile, an old hand) follows up ephemerally.
"""

from __future__ import annotations

import re
from typing import Any, Self, cast

import discord

from bot.client import CroupierBot
from bot.error_replies import reply_with_error
from bot.i18n.discord_bridge import locale_of
from bot.player_decks import faces_for
from bot.render.seat_view import PRE_ACTION_BUTTON, SHOW_BUTTON, pre_action_id, show_id
from bot.tables.runner import TableRunner
from cogs.seat_view import clicked_id, editor_for
from cogs.table_buttons import runner_for
from cogs.unanswered import take
from engine import PreAction


class PreActionButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=PRE_ACTION_BUTTON.pattern,
):
    def __init__(self, table_id: int, hand_no: int, choice: str) -> None:
        self.table_id, self.hand_no, self.choice = table_id, hand_no, choice
        super().__init__(
            discord.ui.Button(label=choice, custom_id=pre_action_id(table_id, hand_no, choice))
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(int(match["table"]), int(match["hand"]), match["choice"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        take(interaction)
        runner: TableRunner | None = None
        try:
            bot = cast(CroupierBot, interaction.client)
            bot.clicks.check(interaction)
            runner = runner_for(interaction, self.table_id)
            user_id, locale = interaction.user.id, locale_of(interaction)
            kind = None if self.choice == "clear" else PreAction(self.choice)
            faces = await faces_for(bot.db, bot.card_emojis, user_id)
            await interaction.response.defer()
            runner.seats.open(
                user_id, locale, faces, editor_for(interaction), message_id=clicked_id(interaction)
            )
            await runner.choose_pre_action(user_id, kind, self.hand_no)
        except Exception as error:
            if runner is not None:
                runner.seats.refresh(only=interaction.user.id)
            await reply_with_error(interaction, error)


class ShowButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=SHOW_BUTTON.pattern,
):
    """At the showdown, show or muck a hand that cannot win; once the hand is
    over, show all of one's cards, or one of them."""

    def __init__(self, table_id: int, hand_no: int, what: str) -> None:
        self.table_id, self.hand_no, self.what = table_id, hand_no, what
        super().__init__(discord.ui.Button(label=what, custom_id=show_id(table_id, hand_no, what)))

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(int(match["table"]), int(match["hand"]), match["what"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        take(interaction)
        try:
            bot = cast(CroupierBot, interaction.client)
            bot.clicks.check(interaction)
            runner = runner_for(interaction, self.table_id)
            user_id, locale = interaction.user.id, locale_of(interaction)
            faces = await faces_for(bot.db, bot.card_emojis, user_id)
            await interaction.response.defer()
            runner.seats.open(
                user_id, locale, faces, editor_for(interaction), message_id=clicked_id(interaction)
            )
            if self.what == "muck":
                await runner.muck_cards(user_id, self.hand_no)
                return
            card_index = None if self.what == "all" else int(self.what)
            await runner.show_cards(user_id, card_index, self.hand_no)
        except Exception as error:
            await reply_with_error(interaction, error)
