"""What a scheduled tournament says in its channel: the registration message
(kept current by editing it), the reminder that opens check-in, the start and
the cancellation, each one message (the quiet-channel rule of issue 23: one
post mentioning every player, never one per player).

Times are written with Discord's ``<t:…>`` markup, which every member's
client shows in their own time zone. Pure: records and names in, text out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.i18n import t
from bot.render.hand_result import names_list
from bot.scheduled_tournaments import Entry, ScheduledTournament


def when(unix: int, style: str = "F") -> str:
    return f"<t:{unix}:{style}>"


def structure_text(tournament: ScheduledTournament, locale: str) -> str:
    config = tournament.config
    if config.level_hands:
        levels = t("schedule.levels_hands", locale, hands=config.level_hands)
    else:
        levels = t("schedule.levels_minutes", locale, minutes=config.level_minutes or 10)
    text = t(
        "schedule.structure",
        locale,
        game=config.display_name,
        buy_in=tournament.buy_in,
        stack=config.starting_stack,
        small_blind=config.small_blind,
        big_blind=config.big_blind,
        levels=levels,
    )
    if tournament.computers:  # shown in the registration message and Discord's event
        text += "\n" + t("schedule.computers", locale, count=tournament.computers)
    return text


def registration_text(
    tournament: ScheduledTournament,
    entries: Sequence[Entry],
    names: Mapping[int, str],
    *,
    now: float,
) -> str:
    """The registration message: what, when, how much, who is in."""
    locale = tournament.config.locale
    lines = [
        t("schedule.title", locale, name=tournament.name, id=tournament.id),
        t(
            "schedule.starts",
            locale,
            start=when(tournament.starts_at),
            relative=when(tournament.starts_at, "R"),
        ),
        structure_text(tournament, locale),
    ]
    if tournament.status == "scheduled":
        if now < tournament.registration_opens_at:
            lines.append(
                t(
                    "schedule.registration_opens",
                    locale,
                    when=when(tournament.registration_opens_at, "R"),
                )
            )
        else:
            lines.append(t("schedule.registration_open", locale))
        lines.append(
            t(
                "schedule.rules",
                locale,
                check_in=when(tournament.check_in_opens_at, "t"),
                min_players=tournament.min_players,
                seats=tournament.config.seats,
            )
        )
        if tournament.late_levels:
            lines.append(t("schedule.late_rule", locale, level=tournament.late_levels))
            if tournament.reentries:
                lines.append(t("schedule.reentry_rule", locale, reentries=tournament.reentries))
        if tournament.repeat_weekly:
            lines.append(t("schedule.weekly", locale))
        registered = [
            names.get(entry.user_id, str(entry.user_id)) + (" ✅" if entry.checked_in else "")
            for entry in entries
        ]
        if registered:
            lines.append(
                t(
                    "schedule.registered",
                    locale,
                    count=len(registered),
                    names=", ".join(registered),
                )
            )
        else:
            lines.append(t("schedule.nobody_yet", locale))
    elif tournament.status == "started":
        lines.append(t("schedule.status_started", locale))
    else:
        lines.append(t("schedule.status_cancelled", locale))
    return "\n".join(lines)


def reminder_text(tournament: ScheduledTournament, entries: Sequence[Entry]) -> str:
    locale = tournament.config.locale
    mentions = " ".join(f"<@{entry.user_id}>" for entry in entries)
    return t(
        "schedule.reminder",
        locale,
        name=tournament.name,
        start=when(tournament.starts_at, "R"),
        players=mentions,
    )


def started_text(
    tournament: ScheduledTournament, players: int, refunded: Sequence[str], channel_id: int
) -> str:
    locale = tournament.config.locale
    text = t(
        "schedule.started",
        locale,
        name=tournament.name,
        players=players,
        channel=f"<#{channel_id}>",
    )
    if refunded:
        text += " " + t(
            "schedule.no_show_refunded", locale, names=names_list(list(refunded), locale)
        )
    return text


def cancelled_text(tournament: ScheduledTournament, key: str, **values: object) -> str:
    locale = tournament.config.locale
    return t(key, locale, name=tournament.name, min_players=tournament.min_players, **values)
