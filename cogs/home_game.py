"""The home-game options' Discord surface: the rabbit-hunt button on a
hand's result, and the answers of ``/poker homegame`` and ``/poker bomb``
(the commands themselves sit in the ``/poker`` group, cogs/tables.py): what
the options now are, and how the vote for a bomb pot stands."""

from __future__ import annotations

import re
from typing import Any, Self, cast

import discord

from bot.client import CroupierBot
from bot.error_replies import reply_with_error
from bot.i18n import t
from bot.i18n.discord_bridge import locale_of
from bot.render.cards import cards_text
from bot.render.custom_ids import RABBIT_BUTTON, rabbit_button_id
from bot.tables.home_game import BombVote
from cogs.table_buttons import runner_for
from cogs.unanswered import take
from engine import Card


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


def rabbit_text(hand_no: int, boards: tuple[tuple[Card, ...], ...], locale: str) -> str:
    """What the rabbit hunt shows the table: the cards to come, each board's
    named where there were two."""
    if len(boards) == 1:
        return t("home.rabbit", locale, hand_no=hand_no, cards=cards_text(boards[0]))
    each = " · ".join(
        t("home.rabbit_board", locale, number=number, cards=cards_text(cards))
        for number, cards in enumerate(boards, start=1)
    )
    return t("home.rabbit", locale, hand_no=hand_no, cards=each)


def vote_answer(vote: BombVote, name: str, locale: str) -> str:
    if vote.again:
        return t(
            "home.bomb_voted_before",
            locale,
            votes=vote.votes,
            needed=vote.needed,
            missing=vote.missing,
        )
    if vote.called:
        return t("home.bomb_voted", locale)
    return t(
        "home.bomb_vote",
        locale,
        name=name,
        votes=vote.votes,
        needed=vote.needed,
        missing=vote.missing,
    )
