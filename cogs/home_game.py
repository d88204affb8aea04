"""The home-game options' Discord surface: the rabbit-hunt button on a
hand's result (the commands ``/poker homegame`` and ``/poker bomb`` sit in
the ``/poker`` group, cogs/tables.py). What they show is worded in
:mod:`bot.render.home_lines`."""

from __future__ import annotations

import re
from typing import Any, Self, cast

import discord

from bot.client import CroupierBot
from bot.error_replies import reply_with_error
from bot.i18n.discord_bridge import locale_of
from bot.render.custom_ids import RABBIT_BUTTON, rabbit_button_id
from bot.render.home_lines import rabbit_text
from cogs.table_buttons import runner_for
from cogs.unanswered import take


class RabbitButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=RABBIT_BUTTON.pattern,
):
    """Anyone in the channel may hunt the rabbit, within their flood limit
    (:mod:`bot.cooldowns`); the board that would have come is shown to the
    whole table once, in its language, and to each later presser alone."""

    def __init__(self, table_id: int, hand_no: int) -> None:
        self.table_id, self.hand_no = table_id, hand_no
        super().__init__(
            discord.ui.Button(label="rabbit", custom_id=rabbit_button_id(table_id, hand_no))
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(int(match["table"]), int(match["hand"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        take(interaction)
        try:
            cast(CroupierBot, interaction.client).clicks.check(interaction)
            runner = runner_for(interaction, self.table_id)
            hunt = await runner.hunt_rabbit(self.hand_no)
            if hunt.first:
                text = rabbit_text(self.hand_no, hunt.boards, runner.settings.locale)
                await interaction.response.send_message(text)
            else:  # posted to the table already: this presser alone sees it again
                text = rabbit_text(self.hand_no, hunt.boards, locale_of(interaction))
                await interaction.response.send_message(text, ephemeral=True)
        except Exception as error:
            await reply_with_error(interaction, error)
