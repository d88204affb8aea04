"""What a table says when a knockout bounty is paid: who collects whose bounty
(and, in a progressive knockout, how much goes onto their own head), or a
player taking back their own (the winner's, or a deal's). The sit-and-go's desk
(:mod:`bot.tables.tournament_desk`) and the multi-table tournament's
(:mod:`bot.tournaments.mtt_rebuys`) both say it this way."""

from __future__ import annotations

from collections.abc import Callable

from bot.i18n import t
from bot.render.message import OutgoingMessage
from engine import BountyWon


def bounty_notice(
    won: BountyWon, name: Callable[[int], str], locale: str
) -> OutgoingMessage | None:
    """The notice of ``won`` (``None`` for an own bounty of nothing)."""
    if won.busted == won.player:
        if not won.paid:
            return None
        text = t("tournament.own_bounty", locale, name=name(won.player), amount=won.paid)
        return OutgoingMessage(content=text)
    key = "tournament.bounty_progressive" if won.added else "tournament.bounty"
    text = t(
        key,
        locale,
        name=name(won.player),
        amount=won.paid,
        added=won.added,
        busted=name(won.busted),
    )
    return OutgoingMessage(content=text)
