"""A player's own view of their hand: their hole cards and best hand so far.

It is only ever sent to that player, by DM or as an ephemeral answer. Cards
are drawn in the player's deck (:mod:`bot.render.card_markup`) and the best
hand is worded in their language. A DM names the table's channel; the "My
cards" answer, shown in that channel, does not.
"""

from __future__ import annotations

import discord

from bot.i18n import t
from bot.render.card_markup import TEXT_FACES, CardFaces, cards_markup
from bot.render.hand_words import hand_label
from bot.render.limits import check_embed
from bot.render.message import EMBED_COLOUR, OutgoingMessage
from bot.render.views import PrivateView


def private_message(
    view: PrivateView, locale: str, faces: CardFaces = TEXT_FACES, *, where: bool = True
) -> OutgoingMessage:
    """The player's cards; ``where`` names the table's channel (for a DM)."""
    lines = [
        t("private.cards", locale, cards=cards_markup(view.cards, faces, locale)),
    ]
    if view.boards:
        lines += [
            t("private.board_n", locale, n=n, board=cards_markup(board, faces, locale))
            for n, board in enumerate(view.boards, start=1)
        ]
    elif view.board:  # no "Board: —" in stud or draw, nor before the flop
        lines.append(t("private.board", locale, board=cards_markup(view.board, faces, locale)))
    best = [hand_label(hand, locale) for hand in view.hands] or list(view.best)
    if best:
        lines.append(t("private.best", locale, best=" / ".join(best)))
    if view.folded:
        lines.append(t("private.folded", locale))
    if where:
        lines.append(t("private.where", locale, channel=view.channel_id))
    embed = discord.Embed(
        title=t("private.title", locale, hand_no=view.hand_no),
        description="\n".join(lines),
        colour=EMBED_COLOUR,
    )
    return OutgoingMessage(embed=check_embed(embed))
