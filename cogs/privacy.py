"""The privacy commands: /privacy show, /privacy forget and /privacy forget_member.

A member reads what Croupier keeps about them (a summary and the whole record
as a JSON file, privately) and may ask to be forgotten, after a confirmation
button; a member who can manage the server forgets someone who has left it.
What forgetting does is :mod:`bot.member_records`'s; every answer is ephemeral.
"""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import CroupierBot
from bot.cooldowns import reads_cooldown
from bot.errors import CroupierError
from bot.i18n import t
from bot.i18n.discord_bridge import catalogue_str, locale_of
from bot.member_records import forget, records_of
from cogs.players import guild_id_of, player

Interaction = discord.Interaction[CroupierBot]

#: How long the "Forget me" confirmation waits for its click.
CONFIRM_SECONDS = 120


class NotAManager(CroupierError, app_commands.CheckFailure):
    key = "privacy.managers_only"


class StillAMember(CroupierError):
    key = "privacy.still_a_member"


class ForgetConfirmation(discord.ui.View):
    """Two buttons under the warning: forget me, or keep everything."""

    def __init__(self, bot: CroupierBot, user_id: int, locale: str) -> None:
        super().__init__(timeout=CONFIRM_SECONDS)
        self.bot, self.user_id, self.locale = bot, user_id, locale
        self.forget_me.label = t("privacy.forget_button", locale)
        self.keep.label = t("privacy.keep_button", locale)

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        return interaction.user.id == self.user_id

    @discord.ui.button(style=discord.ButtonStyle.danger)
    async def forget_me(
        self, interaction: Interaction, _: discord.ui.Button[ForgetConfirmation]
    ) -> None:
        self.stop()
        try:
            await forget(self.bot.db, self.user_id)
        except CroupierError as error:
            await interaction.response.edit_message(content=error.sentence(self.locale), view=None)
            return
        await interaction.response.edit_message(
            content=t("privacy.forgotten", self.locale), view=None
        )

    @discord.ui.button(style=discord.ButtonStyle.secondary)
    async def keep(
        self, interaction: Interaction, _: discord.ui.Button[ForgetConfirmation]
    ) -> None:
        self.stop()
        await interaction.response.edit_message(content=t("privacy.kept", self.locale), view=None)


@app_commands.guild_only()
class Privacy(
    commands.GroupCog,
    group_name="privacy",
    group_description=catalogue_str("command.privacy.description"),
):
    """What the bot keeps about a member, and forgetting it."""

    def __init__(self, bot: CroupierBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="show", description=catalogue_str("command.privacy.show"))
    @reads_cooldown()
    async def show(self, interaction: Interaction) -> None:
        records = await records_of(self.bot.db, interaction.user.id)
        locale = locale_of(interaction)
        summary = t(
            "privacy.summary",
            locale,
            servers=len(records.balances),
            ledger=len(records.ledger),
            hands=len(records.hands),
            tournaments=len(records.tournaments),
        )
        data = discord.File(io.BytesIO(records.to_json().encode()), filename="croupier-data.json")
        await interaction.response.send_message(summary, file=data, ephemeral=True)

    @app_commands.command(name="forget", description=catalogue_str("command.privacy.forget"))
    async def forget_me(self, interaction: Interaction) -> None:
        locale = locale_of(interaction)
        await interaction.response.send_message(
            t("privacy.forget_warning", locale),
            view=ForgetConfirmation(self.bot, interaction.user.id, locale),
            ephemeral=True,
        )

    @app_commands.command(
        name="forget_member", description=catalogue_str("command.privacy.forget_member")
    )
    @app_commands.describe(user=catalogue_str("command.privacy.forget_member.user"))
    async def forget_member(self, interaction: Interaction, user: discord.User) -> None:
        guild = interaction.guild
        permissions = interaction.permissions
        if guild is None or not permissions.manage_guild:
            raise NotAManager()
        target = player(interaction, user)
        try:
            await guild.fetch_member(target.id)
        except discord.NotFound:
            pass
        else:
            raise StillAMember()
        await interaction.response.defer(ephemeral=True, thinking=True)
        await forget(self.bot.db, target.id, guild_id=guild_id_of(interaction))
        await interaction.followup.send(
            t("privacy.member_forgotten", locale_of(interaction)), ephemeral=True
        )


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, CroupierBot):
        raise TypeError("the privacy cog needs a CroupierBot (bot.client.create_client)")
    await bot.add_cog(Privacy(bot))
