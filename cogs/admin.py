"""The owner's commands: /admin grant, /admin sync and /admin audit.

Only the bot's owner (the application owner, or a member of its team) may use
them; the group is also hidden from everyone without the Administrator
permission, so ordinary players never see it in the command picker.
"""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cashier import MAX_AMOUNT
from bot.client import CroupierBot
from bot.errors import CroupierError
from bot.i18n import t
from bot.i18n.discord_bridge import catalogue_str, locale_of
from bot.live_audit import audit_running
from bot.render.limits import CONTENT
from cogs.players import guild_id_of, player

Interaction = discord.Interaction[CroupierBot]


class NotOwner(CroupierError, app_commands.CheckFailure):
    key = "admin.owner_only"


@app_commands.guild_only()
@app_commands.default_permissions(administrator=True)
class Admin(
    commands.GroupCog,
    group_name="admin",
    group_description=catalogue_str("command.admin.description"),
):
    """Running the croupier: chips from the house and publishing commands."""

    def __init__(self, bot: CroupierBot) -> None:
        self.bot = bot
        super().__init__()

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        if not await self.bot.is_owner(interaction.user):
            raise NotOwner()
        return True

    @app_commands.command(
        name="grant", description=catalogue_str("command.admin.grant.description")
    )
    @app_commands.describe(
        user=catalogue_str("command.admin.grant.user"),
        amount=catalogue_str("command.admin.grant.amount"),
    )
    async def grant(
        self,
        interaction: Interaction,
        user: discord.User,
        amount: app_commands.Range[int, 1, MAX_AMOUNT],
    ) -> None:
        # Discord enforces the range; the cashier checks the amount again.
        target = player(interaction, user)
        balance = await self.bot.cashier.admin_grant(
            guild_id_of(interaction), target.id, amount, granted_by=interaction.user.id
        )
        await interaction.response.send_message(
            t(
                "admin.granted",
                locale_of(interaction),
                amount=amount,
                user=target.mention,
                balance=balance,
            ),
            ephemeral=True,
        )

    @app_commands.command(
        name="audit", description=catalogue_str("command.admin.audit.description")
    )
    async def audit(self, interaction: Interaction) -> None:
        """The audit of a snapshot of the database, taken while the tables play on."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        report = await audit_running(self.bot.db)
        locale = locale_of(interaction)
        if report.clean:
            headline = t("admin.audit_clean", locale)
        else:
            headline = t("admin.audit_failed", locale, count=len(report.problems))
        body = f"```\n{report.render()}\n```"
        if len(headline) + len(body) + 1 <= CONTENT:
            await interaction.followup.send(f"{headline}\n{body}", ephemeral=True)
            return
        report_file = discord.File(io.BytesIO(report.render().encode()), filename="audit.txt")
        await interaction.followup.send(headline, file=report_file, ephemeral=True)

    @app_commands.command(name="sync", description=catalogue_str("command.admin.sync.description"))
    async def sync(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        count = await self.bot.sync_commands(everywhere=True)
        await interaction.followup.send(
            t("admin.synced", locale_of(interaction), count=count), ephemeral=True
        )


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, CroupierBot):
        raise TypeError("the admin cog needs a CroupierBot (bot.client.create_client)")
    await bot.add_cog(Admin(bot))
