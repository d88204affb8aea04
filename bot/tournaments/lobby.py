"""The lobby message of a multi-table tournament: players left, tables,
average stack, level and when the next one comes, the payouts and the chip
leaders, in the reader's language. Built from figures the tournament gathers
(:meth:`bot.tournaments.floor_runner.MultiTableTournament.figures`); no hole
card or anything private is in them.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import ordinal, t
from bot.render.message import OutgoingMessage


@dataclass(frozen=True, slots=True)
class LobbyFigures:
    entrants: int
    players_left: int
    tables: int
    #: Every chip in play (the tables' stacks).
    chips: int
    level: int
    small_blind: int
    big_blind: int
    #: UNIX time of the next level (``None``: none coming).
    next_level_at: int | None
    prizes: tuple[int, ...]
    #: The chip leaders' names and stacks, first first.
    leaders: tuple[tuple[str, int], ...]
    hand_for_hand: bool = False
    winner: str | None = None
    #: Ended by a deal every player left agreed to.
    dealt: bool = False
    #: Re-entries bought (bot/tournaments/late_entries.py), and the pool of every buy-in.
    reentries: int = 0
    pool: int = 0


def lobby_message(figures: LobbyFigures, locale: str) -> OutgoingMessage:
    """The lobby message as ``figures`` are now."""
    lines = [t("mtt.lobby.title", locale, entrants=figures.entrants)]
    if figures.reentries:
        lines.append(
            t("late.lobby_reentries", locale, reentries=figures.reentries, pool=figures.pool)
        )
    if figures.dealt:
        lines.append(t("mtt.lobby.dealt", locale))
    elif figures.winner is not None:
        lines.append(t("mtt.lobby.won", locale, name=figures.winner))
    else:
        average = figures.chips // figures.players_left if figures.players_left else 0
        lines.append(
            t(
                "mtt.lobby.players" if figures.tables != 1 else "mtt.lobby.players_final",
                locale,
                left=figures.players_left,
                tables=figures.tables,
                average=average,
            )
        )
        lines.append(
            t(
                "mtt.lobby.level",
                locale,
                level=figures.level,
                small_blind=figures.small_blind,
                big_blind=figures.big_blind,
            )
        )
        if figures.next_level_at is not None:
            lines.append(t("mtt.lobby.next_level", locale, at=f"<t:{figures.next_level_at}:R>"))
        if figures.hand_for_hand:
            lines.append(t("mtt.lobby.hand_for_hand", locale))
    payouts = ", ".join(
        t("tournament.payout", locale, place=ordinal(place, locale), amount=amount)
        for place, amount in enumerate(figures.prizes, start=1)
    )
    lines.append(t("mtt.lobby.payouts", locale, payouts=payouts))
    if figures.leaders and figures.winner is None:
        leaders = ", ".join(
            t("mtt.lobby.leader", locale, name=name, chips=chips) for name, chips in figures.leaders
        )
        lines.append(t("mtt.lobby.leaders", locale, leaders=leaders))
    return OutgoingMessage(content="\n".join(lines))
