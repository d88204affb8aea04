""" "Open the table in Discord": the table message's button that opens the
table as a Discord Activity (issue 27; the page is web/activity.py).

The button (``croupier:activity:<table>``, a discord.py dynamic item, so it
works after a restart) is on table messages only when the bot offers the
Activity (``CROUPIER_ACTIVITY``, :func:`bot.activity.activity_offered`). It
is answered with Discord's ``LAUNCH_ACTIVITY`` (callback type 12): Discord
opens the Activity for whoever clicked, in the channel of the table, and the
page there opens the table of that channel. Should Discord refuse the launch
(Activities not enabled for the application), the member is told so, ephemerally.
"""

from __future__ import annotations

import re
from typing import Any, Self, cast

import discord
from discord.ext import commands

from bot.activity import activity_offered, launch_for
from bot.client import CroupierBot
from bot.error_replies import reply_with_error
from bot.i18n import t
from bot.i18n.discord_bridge import locale_of
from bot.render.custom_ids import ACTIVITY_BUTTON, activity_button_id
from cogs.unanswered import take


class ActivityButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=ACTIVITY_BUTTON.pattern,
):
    """Open the table in Discord, for whoever clicks."""

    def __init__(self, table_id: int) -> None:
        self.table_id = table_id
        super().__init__(
            discord.ui.Button(label="activity", custom_id=activity_button_id(table_id))
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        take(interaction)
        locale = locale_of(interaction)
        try:
            bot = cast(CroupierBot, interaction.client)
            bot.clicks.check(interaction)
        except Exception as error:
            await reply_with_error(interaction, error)
            return
        if not activity_offered(bot.settings):
            await interaction.response.send_message(t("activity.off", locale), ephemeral=True)
            return
        await launch_for(interaction)


class Activity(commands.Cog):
    def __init__(self, bot: CroupierBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(ActivityButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(ActivityButton)


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, CroupierBot):
        raise TypeError("the activity cog needs a CroupierBot (bot.client.create_client)")
    await bot.add_cog(Activity(bot))
