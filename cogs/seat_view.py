"""Showing a player their own seat view ("My cards") and keeping it editable.

The answer is a fresh ephemeral message (a dismissed one cannot be shown
again); the running table is handed a way to edit it through the
interaction's token (:mod:`bot.tables.seat_console`), so it stays current for
the 15 minutes Discord allows. The pre-action buttons on it are
:mod:`cogs.seat_buttons`.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.render.card_markup import CardFaces
from bot.render.message import OutgoingMessage
from bot.tables.outlet import view_of
from bot.tables.runner import TableRunner
from bot.tables.seat_console import SeatEditor


def clicked_id(interaction: discord.Interaction[Any]) -> int | None:
    """The id of the seat view clicked (a button on it, or a form opened from it)."""
    return interaction.message.id if interaction.message is not None else None


def editor_for(interaction: discord.Interaction[Any]) -> SeatEditor:
    """Edits the ephemeral message ``interaction`` answered with (or was clicked on)."""

    async def edit(message: OutgoingMessage) -> bool:
        try:
            await interaction.edit_original_response(
                embed=message.embed, view=view_of(message.buttons)
            )
        except discord.HTTPException:
            return False  # the token expired, or the player dismissed the view
        return True

    return edit


async def show_seat(
    interaction: discord.Interaction[Any], runner: TableRunner, locale: str, faces: CardFaces
) -> None:
    """Answer "My cards" with the player's seat view, kept current from now on."""
    user_id = interaction.user.id
    message = runner.seats.message_for(user_id, locale, faces)
    assert message.embed is not None
    view = view_of(message.buttons)
    sent = await interaction.response.send_message(
        embed=message.embed,
        view=view if view is not None else discord.utils.MISSING,
        ephemeral=True,
    )
    editor = editor_for(interaction)
    runner.seats.open(user_id, locale, faces, editor, shown=message, message_id=sent.message_id)
    runner.seats.refresh(only=user_id)  # the table may have moved on meanwhile
