"""The discard or draw menu: shown only to the player whose turn it is to
throw away cards, after they click the table message's Discard or Draw button.

It lists the player's own cards in a select menu bounded by how many the
engine allows (``discard_min`` to ``discard_max``) and, where none need be
thrown away, offers a Stand pat button. The choice goes to the runner as a
:attr:`~bot.tables.requests.Move.DISCARD` request; the runner checks that the
cards are the player's and the engine judges the rest. The menu carries the
hand and the action count it was opened at, so a late choice is refused.

A draw's confirmation shows the player's whole new hand at once: the
replacements are dealt when the whole table has drawn (as the engine and
PHH order it), so an early drawer's answer says the hand will show there and
is edited to show it, whole, when the round's draw is dealt.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import discord

from bot.error_replies import reply_with_error
from bot.errors import CroupierError
from bot.i18n import t
from bot.render.action_words import acted_key
from bot.render.card_markup import TEXT_FACES, CardFaces, card_speech_name, cards_markup
from bot.render.custom_ids import discard_menu_id
from bot.render.message import OutgoingMessage
from bot.render.private_view import private_message
from bot.render.views import DiscardChoices, TableSnapshot
from bot.tables.requests import ActionRequest, Move
from bot.tables.runner import TableRunner
from bot.tables.state import TableState
from cogs.unanswered import take
from engine import Card, parse_cards

#: How long the menu stays usable; the table's own clock is what really limits it.
MENU_SECONDS = 300
#: How long a drawer's answer waits for the round's draw to be dealt (an
#: interaction's answer can be edited for 15 minutes).
DRAW_WAIT_SECONDS = 600


class DrawDealt:
    """A table watcher that wakes when hand ``hand_no``'s draw has been dealt
    (the round's drawing is over) or the hand has ended."""

    def __init__(self, hand_no: int) -> None:
        self.hand_no = hand_no
        self.dealt = asyncio.Event()

    def table_changed(self, state: TableState, view: TableSnapshot, *, fresh: bool) -> None:
        if view.hand_no != self.hand_no or view.hand_over or not view.drawing:
            self.dealt.set()


def menu_prompt(choices: DiscardChoices, locale: str, faces: CardFaces = TEXT_FACES) -> str:
    """The sentence above the menu: the player's cards and what to choose."""
    key = "discard_menu.prompt_draw" if choices.draw else "discard_menu.prompt_discard"
    if choices.point:
        key = "discard_menu.prompt_point_card"
    return t(
        key,
        locale,
        hand_no=choices.hand_no,
        cards=cards_markup(choices.cards, faces, locale),
        low=choices.low,
        high=choices.high,
    )


def _emoji(card: Card, faces: CardFaces, locale: str) -> discord.PartialEmoji | None:
    """The card's face beside its menu option, where the bot has its emoji."""
    emoji_id = faces.emoji_ids.get(str(card))
    if emoji_id is None:
        return None
    return discord.PartialEmoji(name=card_speech_name(card, locale), id=emoji_id)


class DiscardMenu(discord.ui.View):
    """A select menu of the player's cards, and Stand pat where allowed."""

    def __init__(
        self,
        runner: TableRunner,
        user_id: int,
        choices: DiscardChoices,
        locale: str,
        faces: CardFaces = TEXT_FACES,
    ) -> None:
        super().__init__(timeout=MENU_SECONDS)
        self.runner, self.user_id, self.choices, self.locale = runner, user_id, choices, locale
        self.faces = faces
        if choices.high > 0:
            select: discord.ui.Select[DiscardMenu] = discord.ui.Select(
                custom_id=discard_menu_id(runner.table_id, choices.hand_no, choices.seq),
                placeholder=t(
                    "discard_menu.placeholder_point_card"
                    if choices.point
                    else "discard_menu.placeholder",
                    locale,
                ),
                min_values=max(1, choices.low),
                max_values=min(choices.high, len(choices.cards)),
                options=[
                    discord.SelectOption(
                        label=card.symbol, value=str(card), emoji=_emoji(card, faces, locale)
                    )
                    for card in choices.cards
                ],
            )
            select.callback = self._chosen  # type: ignore[method-assign]
            self.select = select
            self.add_item(select)
        if choices.low == 0:
            stand_pat: discord.ui.Button[DiscardMenu] = discord.ui.Button(
                label=t("discard_menu.stand_pat", locale), style=discord.ButtonStyle.secondary
            )
            stand_pat.callback = self._stand_pat  # type: ignore[method-assign]
            self.add_item(stand_pat)

    async def _chosen(self, interaction: discord.Interaction[Any]) -> None:
        cards = tuple(card for value in self.select.values for card in parse_cards(value))
        await self._throw(interaction, cards)

    async def _stand_pat(self, interaction: discord.Interaction[Any]) -> None:
        await self._throw(interaction, ())

    async def _throw(self, interaction: discord.Interaction[Any], cards: tuple[Card, ...]) -> None:
        take(interaction)
        draw = DrawDealt(self.choices.hand_no)
        waits = self.choices.draw and bool(cards)
        if waits:
            self.runner.watch(draw)
        try:
            await interaction.response.defer()
            acted = await self.runner.act(
                interaction.user.id,
                ActionRequest(Move.DISCARD, cards=cards),
                hand_no=self.choices.hand_no,
                seq=self.choices.seq,
            )
            self.stop()
            said = t(acted_key(acted.kind), self.locale, amount=acted.amount, to=acted.to)
            if waits and not draw.dealt.is_set():
                # Not a partial hand: the new one, whole, once the round's draw is dealt.
                await interaction.edit_original_response(
                    content=f"{said}\n{t('discard_menu.new_cards_soon', self.locale)}",
                    embed=None,
                    view=None,
                )
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(draw.dealt.wait(), DRAW_WAIT_SECONDS)
            # The player's cards after the exchange, so they need not ask again.
            private: OutgoingMessage | None = None
            with contextlib.suppress(CroupierError):
                view = self.runner.private_view(self.user_id)
                if view.hand_no == self.choices.hand_no:
                    private = private_message(view, self.locale, self.faces, where=False)
            await interaction.edit_original_response(
                content=said,
                embed=private.embed if private is not None else None,
                view=None,
            )
        except Exception as error:
            await reply_with_error(interaction, error)
        finally:
            self.runner.unwatch(draw)
