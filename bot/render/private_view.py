"""A player's own view of their hand: their hole cards and best hand so far.

It is only ever sent to that player, by DM or as an ephemeral answer.
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot.economy_embeds import EMBED_COLOUR
from bot.i18n import t
from bot.render.cards import cards_text
from bot.render.limits import check_embed
from bot.tables.outlet import OutgoingMessage
from engine.cards import Card


@dataclass(frozen=True, slots=True)
class PrivateView:
    table_id: int
    channel_id: int
    hand_no: int
    cards: tuple[Card, ...]
    board: tuple[Card, ...]
    #: The best hand described by the engine, one per way the pot is won (high,
    #: low; each board in double-board games).
    best: tuple[str, ...]
    folded: bool = False
    #: Every board, in games dealt with more than one.
    boards: tuple[tuple[Card, ...], ...] = ()


def private_message(view: PrivateView, locale: str) -> OutgoingMessage:
    lines = [
        t("private.cards", locale, cards=cards_text(view.cards)),
    ]
    if view.boards:
        lines += [
            t("private.board_n", locale, n=n, board=cards_text(board))
            for n, board in enumerate(view.boards, start=1)
        ]
    else:
        lines.append(t("private.board", locale, board=cards_text(view.board)))
    if view.best:
        lines.append(t("private.best", locale, best=" / ".join(view.best)))
    if view.folded:
        lines.append(t("private.folded", locale))
    embed = discord.Embed(
        title=t("private.title", locale, hand_no=view.hand_no),
        description="\n".join(lines) + "\n" + t("private.where", locale, channel=view.channel_id),
        colour=EMBED_COLOUR,
    )
    return OutgoingMessage(embed=check_embed(embed))
