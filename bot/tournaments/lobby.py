"""The lobby message of a multi-table tournament: players left, tables,
average stack, level and when the next one comes, the next rest break (or
the end of the one on now), the payouts and the chip
leaders, in the reader's language. Built from figures the tournament gathers
(:meth:`bot.tournaments.floor_runner.MultiTableTournament.figures`); no hole
card or anything private is in them.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import ordinal, t
from bot.render.message import OutgoingMessage
from bot.tournaments.mtt_rebuys import ExtrasFigures


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
    #: Ended early by an organiser (``/tournament cancel``).
    cancelled: bool = False
    #: The prize money (buy-ins, rebuys and add-ons, less the bounties).
    prize_pool: int = 0
    #: Rebuys, add-ons and bounties (``None``: the tournament has none).
    extras: ExtrasFigures | None = None
    #: Re-entries bought (bot/tournaments/late_entries.py).
    reentries: int = 0
    #: UNIX time of the next rest break, or of the end of the one on now
    #: (``None``: no breaks; engine/rest_breaks.py).
    next_break_at: int | None = None
    break_until: int | None = None


def lobby_message(figures: LobbyFigures, locale: str) -> OutgoingMessage:
    """The lobby message as ``figures`` are now."""
    lines = [t("mtt.lobby.title", locale, entrants=figures.entrants)]
    if figures.reentries:
        lines.append(
            t("late.lobby_reentries", locale, reentries=figures.reentries, pool=figures.prize_pool)
        )
    if figures.cancelled:
        lines.append(t("mtt.lobby.cancelled", locale))
    elif figures.dealt:
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
        if figures.break_until is not None:
            lines.append(t("mtt.lobby.on_break", locale, at=f"<t:{figures.break_until}:R>"))
        elif figures.next_break_at is not None:
            lines.append(t("mtt.lobby.next_break", locale, at=f"<t:{figures.next_break_at}:R>"))
        if figures.hand_for_hand:
            lines.append(t("mtt.lobby.hand_for_hand", locale))
    payouts = ", ".join(
        t("tournament.payout", locale, place=ordinal(place, locale), amount=amount)
        for place, amount in enumerate(figures.prizes, start=1)
    )
    lines.extend(_extras_lines(figures, locale))
    lines.append(t("mtt.lobby.payouts", locale, payouts=payouts))
    if figures.leaders and figures.winner is None and not figures.cancelled:
        leaders = ", ".join(
            t("mtt.lobby.leader", locale, name=name, chips=chips) for name, chips in figures.leaders
        )
        lines.append(t("mtt.lobby.leaders", locale, leaders=leaders))
    return OutgoingMessage(content="\n".join(lines))


def _extras_lines(figures: LobbyFigures, locale: str) -> list[str]:
    """The prize pool with its rebuys and add-ons, and the biggest bounties."""
    extras = figures.extras
    if extras is None:
        return []
    lines = [
        t(
            "mtt.lobby.pool",
            locale,
            pool=figures.prize_pool,
            rebuys=extras.rebuys,
            add_ons=extras.add_ons,
        )
    ]
    if extras.biggest and figures.winner is None and not figures.dealt:
        each = ", ".join(
            t("mtt.lobby.leader", locale, name=name, chips=chips) for name, chips in extras.biggest
        )
        lines.append(t("mtt.lobby.bounties", locale, bounties=each, pool=extras.bounty_pool))
    return lines
