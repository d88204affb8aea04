"""The chips of a server's players, for the members who run it: /chips grant,
/chips grant_everyone and /chips refill.

Members with the Manage Server permission (and the bot's owner) may use
them, not only the bot's owner as with /admin grant: Discord offers the group
to them by default, and each command checks the permission again, since a
server may change who sees a command. Every grant names its reason, kept in
its ledger row with who granted it (:meth:`bot.cashier.Cashier.admin_grant`);
the audit counts grants among the chips that entered the game.
"""

from __future__ import annotations

from typing import Any, Final

import discord
from discord import app_commands
from discord.ext import commands

from bot.cashier import MAX_AMOUNT
from bot.client import CroupierBot
from bot.errors import CroupierError
from bot.i18n import t
from bot.i18n.discord_bridge import catalogue_str, locale_of
from bot.refills import MAX_REFILL_HOURS, RefillRule, refill_rule, set_refill_rule
from bot.render.names import NO_NAME, shown_name
from cogs.amounts import checked_amount
from cogs.players import guild_id_of, player

Interaction = discord.Interaction[CroupierBot]

#: The longest reason a grant may carry.
MAX_REASON: Final = 200


class NotManager(CroupierError, app_commands.CheckFailure):
    key = "chips.not_manager"


class EmptyReason(CroupierError, app_commands.CheckFailure):
    key = "chips.reason_empty"


def checked_reason(value: object) -> str:
    """The reason for a grant, made safe to show and keep."""
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_REASON:
        raise EmptyReason()
    reason = shown_name(value, MAX_REASON)
    if reason == NO_NAME:
        raise EmptyReason()
    return reason


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class Chips(
    commands.GroupCog,
    group_name="chips",
    group_description=catalogue_str("command.chips.description"),
):
    """Grants and the refill rule, for members who manage the server."""

    def __init__(self, bot: CroupierBot) -> None:
        self.bot = bot
        super().__init__()

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        if interaction.permissions.manage_guild or await self.bot.is_owner(interaction.user):
            return True
        raise NotManager()

    @app_commands.command(
        name="grant", description=catalogue_str("command.chips.grant.description")
    )
    @app_commands.describe(
        user=catalogue_str("command.chips.grant.user"),
        amount=catalogue_str("command.chips.grant.amount"),
        reason=catalogue_str("command.chips.grant.reason"),
    )
    async def grant(
        self,
        interaction: Interaction,
        user: discord.User,
        amount: app_commands.Range[int, 1, MAX_AMOUNT],
        reason: app_commands.Range[str, 1, MAX_REASON],
    ) -> None:
        target = player(interaction, user)
        chips, why = checked_amount(amount), checked_reason(reason)
        balance = await self.bot.cashier.admin_grant(
            guild_id_of(interaction), target.id, chips, granted_by=interaction.user.id, note=why
        )
        text = t(
            "chips.granted",
            locale_of(interaction),
            amount=chips,
            user=target.mention,
            reason=why,
            balance=balance,
        )
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(
        name="grant_everyone",
        description=catalogue_str("command.chips.grant_everyone.description"),
    )
    @app_commands.describe(
        amount=catalogue_str("command.chips.grant_everyone.amount"),
        reason=catalogue_str("command.chips.grant.reason"),
    )
    async def grant_everyone(
        self,
        interaction: Interaction,
        amount: app_commands.Range[int, 1, MAX_AMOUNT],
        reason: app_commands.Range[str, 1, MAX_REASON],
    ) -> None:
        chips, why = checked_amount(amount), checked_reason(reason)
        await interaction.response.defer(ephemeral=True, thinking=True)
        count = await self.bot.cashier.grant_everyone(
            guild_id_of(interaction), chips, granted_by=interaction.user.id, note=why
        )
        text = t(
            "chips.granted_everyone", locale_of(interaction), amount=chips, count=count, reason=why
        )
        await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(
        name="refill", description=catalogue_str("command.chips.refill.description")
    )
    @app_commands.describe(
        enabled=catalogue_str("command.chips.refill.enabled"),
        chips=catalogue_str("command.chips.refill.chips"),
        hours=catalogue_str("command.chips.refill.hours"),
    )
    async def refill(
        self,
        interaction: Interaction,
        enabled: bool | None = None,
        chips: app_commands.Range[int, 1, MAX_AMOUNT] | None = None,
        hours: app_commands.Range[int, 1, MAX_REFILL_HOURS] | None = None,
    ) -> None:
        """The server's refill rule; only the options given change."""
        guild_id, locale = guild_id_of(interaction), locale_of(interaction)
        rule = await refill_rule(self.bot.db, guild_id, self.bot.cashier.starting_chips)
        rule = RefillRule(
            on=rule.on if enabled is None else enabled is True,
            chips=rule.chips if chips is None else checked_amount(chips),
            hours=rule.hours if hours is None else checked_amount(hours, high=MAX_REFILL_HOURS),
        )
        async with self.bot.db.transaction() as tx:
            await set_refill_rule(tx, guild_id, rule)
        key = "chips.refill_on" if rule.on else "chips.refill_off"
        await interaction.response.send_message(
            t(key, locale, chips=rule.chips, hours=rule.hours), ephemeral=True
        )


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, CroupierBot):
        raise TypeError("the chips cog needs a CroupierBot (bot.client.create_client)")
    await bot.add_cog(Chips(bot))
