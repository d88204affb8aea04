"""The action commands: /check, /call, /bet, /raise, /fold, /allin, and for
stud and the draw games /bringin and /discard.

They do what the table message's buttons do, for players who prefer typing,
and like a button each acts on the turn it was sent in: a command that arrives
after that turn was taken (by a click, or the same command sent twice) is
refused rather than taken as the player's next action.
Each is answered ephemerally with what was done, or why not; the table
message itself is updated by the runner. The amount of /bet and /raise is the
total to bet or raise to, checked here before the engine judges it.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.cashier import MAX_AMOUNT
from bot.client import CroupierBot
from bot.i18n import t
from bot.i18n.discord_bridge import catalogue_str, locale_of
from bot.render.action_words import acted_key
from bot.tables.errors import NoHandNow, StaleButton, StaleCommand, StaleHand
from bot.tables.requests import ActionRequest, Move
from cogs.amounts import checked_amount
from cogs.dm_notice import tell_if_dms_refused
from cogs.typed_cards import typed_cards

Interaction = discord.Interaction[CroupierBot]


class Actions(commands.Cog):
    """A player's turn, by slash command."""

    def __init__(self, bot: CroupierBot) -> None:
        self.bot = bot

    async def _act(self, interaction: Interaction, request: ActionRequest) -> None:
        runner = self.bot.tables.require(interaction.channel_id)
        # The turn the command was sent in, before anything waits: a command and
        # a click (or the same command twice) for one turn then act once.
        position = runner.position()
        if position is None:
            raise NoHandNow()
        hand_no, seq = position
        # The lock may be busy for a moment: answer Discord first, then act.
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            acted = await runner.act(interaction.user.id, request, hand_no=hand_no, seq=seq)
        except (StaleButton, StaleHand):
            raise StaleCommand() from None
        await interaction.followup.send(
            t(acted_key(acted.kind), locale_of(interaction), amount=acted.amount, to=acted.to),
            ephemeral=True,
        )
        await tell_if_dms_refused(interaction)

    @app_commands.command(name="check", description=catalogue_str("command.check.description"))
    @app_commands.guild_only()
    async def check(self, interaction: Interaction) -> None:
        await self._act(interaction, ActionRequest(Move.CHECK))

    @app_commands.command(name="call", description=catalogue_str("command.call.description"))
    @app_commands.guild_only()
    async def call(self, interaction: Interaction) -> None:
        await self._act(interaction, ActionRequest(Move.CALL))

    @app_commands.command(name="bet", description=catalogue_str("command.bet.description"))
    @app_commands.describe(amount=catalogue_str("command.bet.amount"))
    @app_commands.guild_only()
    async def bet(
        self, interaction: Interaction, amount: app_commands.Range[int, 1, MAX_AMOUNT]
    ) -> None:
        await self._act(interaction, ActionRequest(Move.BET_TO, checked_amount(amount)))

    @app_commands.command(name="raise", description=catalogue_str("command.raise.description"))
    @app_commands.describe(amount=catalogue_str("command.raise.amount"))
    @app_commands.guild_only()
    async def raise_(
        self, interaction: Interaction, amount: app_commands.Range[int, 1, MAX_AMOUNT]
    ) -> None:
        await self._act(interaction, ActionRequest(Move.RAISE_TO, checked_amount(amount)))

    @app_commands.command(name="fold", description=catalogue_str("command.fold.description"))
    @app_commands.guild_only()
    async def fold(self, interaction: Interaction) -> None:
        await self._act(interaction, ActionRequest(Move.FOLD))

    @app_commands.command(name="allin", description=catalogue_str("command.allin.description"))
    @app_commands.guild_only()
    async def allin(self, interaction: Interaction) -> None:
        await self._act(interaction, ActionRequest(Move.ALL_IN))

    @app_commands.command(name="bringin", description=catalogue_str("command.bringin.description"))
    @app_commands.guild_only()
    async def bring_in(self, interaction: Interaction) -> None:
        await self._act(interaction, ActionRequest(Move.BRING_IN))

    @app_commands.command(name="discard", description=catalogue_str("command.discard.description"))
    @app_commands.describe(cards=catalogue_str("command.discard.cards"))
    @app_commands.guild_only()
    async def discard(self, interaction: Interaction, cards: str | None = None) -> None:
        await self._act(interaction, ActionRequest(Move.DISCARD, cards=typed_cards(cards or "")))


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, CroupierBot):
        raise TypeError("the actions cog needs a CroupierBot (bot.client.create_client)")
    await bot.add_cog(Actions(bot))
