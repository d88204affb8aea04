"""The message that ends a hand: who showed what, and who won which pot.

>>> from bot.tables.snapshot import HandResult, PotWin
>>> result = HandResult(1, 7, (), (), (PotWin(1, 2, "whole", 120, (("Carol", 120),),
...                                          "Flush, ace high"),))
>>> result_message(result, "en").embed.description
'Carol wins the side pot of **120** with Flush, ace high.'
"""

from __future__ import annotations

import discord

from bot.economy_embeds import EMBED_COLOUR
from bot.i18n import t
from bot.render.cards import cards_text
from bot.render.limits import EMBED_DESCRIPTION, NAME, check_embed, shorten
from bot.tables.outlet import OutgoingMessage
from bot.tables.snapshot import HandResult, PotWin


def result_message(result: HandResult, locale: str) -> OutgoingMessage:
    lines = [
        t(
            "result.shows",
            locale,
            name=shorten(shown.name, NAME),
            cards=cards_text(shown.cards),
            description=shown.description or "—",
        )
        for shown in result.shown
    ]
    lines += [t("result.mucks", locale, name=shorten(name, NAME)) for name in result.mucked]
    lines += [_win(win, locale) for win in result.wins]
    if result.carried_over:
        lines.append(t("result.carried_over", locale, amount=result.carried_over))
    if result.rake:
        lines.append(t("result.rake", locale, amount=result.rake))
    if result.commitment:
        lines.append(t("result.verify", locale, hand_no=result.hand_no))
    embed = discord.Embed(
        title=t("result.title", locale, hand_no=result.hand_no),
        description=shorten("\n".join(lines), EMBED_DESCRIPTION),
        colour=EMBED_COLOUR,
    )
    return OutgoingMessage(embed=check_embed(embed))


def pot_name(win: PotWin, locale: str) -> str:
    if win.pot_count == 1:
        pot = t("result.pot.only", locale)
    elif win.pot_index == 0:
        pot = t("result.pot.main", locale)
    elif win.pot_count == 2:
        pot = t("result.pot.side", locale)
    else:
        pot = t("result.pot.side_n", locale, n=win.pot_index)
    if win.share in ("high", "low"):
        pot = t(f"result.share.{win.share}", locale, pot=pot)
    elif win.share.startswith("board "):  # double-board games: "board 2"
        pot = t("result.share.board", locale, pot=pot, n=win.share.split()[1])
    return pot


def _win(win: PotWin, locale: str) -> str:
    names = [shorten(name, NAME) for name, _ in win.winners]
    pot = pot_name(win, locale)
    with_hand = "_with" if win.description else ""
    if len(names) == 1:
        return t(
            f"result.wins{with_hand}",
            locale,
            name=names[0],
            pot=pot,
            amount=win.amount,
            hand=win.description,
        )
    return t(
        f"result.split{with_hand}",
        locale,
        names=t("result.and", locale, first=", ".join(names[:-1]), last=names[-1]),
        pot=pot,
        amount=win.amount,
        hand=win.description,
    )
