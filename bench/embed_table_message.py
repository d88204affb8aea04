"""The peer of the table message: the embed the bot drew before Components V2
(``bot/render/table_message.py`` as it was), kept unchanged so that
``python -m bench.render`` times today's layout against it in the same run.
Nothing in the bot imports it.

The embed names the game and stakes, the hand number, the board, the main and
side pots, every seat, whose turn it is, the last action and the commitment.
"""

from __future__ import annotations

from typing import Protocol

import discord

from bot.i18n import ordinal, t
from bot.render.action_words import quick_size_key, told_key
from bot.render.cards import cards_text
from bot.render.custom_ids import table_button_id
from bot.render.limits import (
    BUTTON_LABEL,
    EMBED_DESCRIPTION,
    FIELD_NAME,
    FIELD_VALUE,
    FOOTER,
    NAME,
    check_embed,
    shorten,
)
from bot.render.message import EMBED_COLOUR, ButtonSpec, ButtonStyle, OutgoingMessage
from bot.render.views import Choices, LastAction, SeatLine, TableSnapshot, TournamentView
from engine import RaiseSize


class _ButtonMaker(Protocol):
    def __call__(
        self, action: str, label: str, style: ButtonStyle, row: int, disabled: bool = False
    ) -> ButtonSpec: ...


def table_message(snapshot: TableSnapshot, locale: str) -> OutgoingMessage:
    """The table message for ``snapshot``, in the table's language."""
    title = t(
        "table.title" if snapshot.mix_name is None else "table.title_mixed",
        locale,
        variant=snapshot.variant_name,
        small_blind=snapshot.small_blind,
        big_blind=snapshot.big_blind,
        **({} if snapshot.mix_name is None else {"mix": snapshot.mix_name}),
    )
    embed = discord.Embed(
        title=shorten(title, 256),
        description=shorten("\n".join(_description(snapshot, locale)), EMBED_DESCRIPTION),
        colour=EMBED_COLOUR,
    )
    for line in snapshot.seats:
        embed.add_field(
            name=shorten(_seat_name(line, locale), FIELD_NAME),
            value=shorten(_seat_value(line, locale), FIELD_VALUE),
            inline=True,
        )
    if snapshot.commitment:
        embed.set_footer(
            text=shorten(t("table.commitment", locale, commitment=snapshot.commitment), FOOTER)
        )
    return OutgoingMessage(embed=check_embed(embed), buttons=_buttons(snapshot, locale))


def _house_rules(snapshot: TableSnapshot, locale: str) -> list[str]:
    """The table's options as set when it was created (the declared lines)."""
    return [t(key, locale, **dict(values)) for key, values in snapshot.option_lines]


def _description(snapshot: TableSnapshot, locale: str) -> list[str]:
    lines: list[str] = []
    if snapshot.closed:
        return [t("table.closed_notice", locale)]
    if snapshot.stud_stakes is not None:
        ante, bring_in, small_bet, big_bet = snapshot.stud_stakes
        lines.append(
            t(
                "table.stud_stakes",
                locale,
                ante=ante,
                bring_in=bring_in,
                small_bet=small_bet,
                big_bet=big_bet,
            )
        )
    if snapshot.ante_stakes is not None:
        ante, small_bet, big_bet = snapshot.ante_stakes
        key = "table.jackpot_stakes" if snapshot.jackpots else "table.ante_stakes"
        lines.append(t(key, locale, ante=ante, small_bet=small_bet, big_bet=big_bet))
    if snapshot.carried_pot:
        lines.append(t("table.carried_pot", locale, amount=snapshot.carried_pot))
    house_rules = _house_rules(snapshot, locale)
    if house_rules:
        lines.append(" · ".join(house_rules))
    if snapshot.tournament is not None:
        lines.extend(_tournament(snapshot.tournament, locale))
    if snapshot.blind_stakes is not None:
        small_blind, big_blind, ante, small_bet, big_bet = snapshot.blind_stakes
        if small_bet:
            lines.append(
                t(
                    "table.limit_stakes",
                    locale,
                    small_blind=small_blind,
                    big_blind=big_blind,
                    small_bet=small_bet,
                    big_bet=big_bet,
                )
            )
        else:
            lines.append(
                t(
                    "table.big_bet_stakes",
                    locale,
                    small_blind=small_blind,
                    big_blind=big_blind,
                    ante=ante,
                )
            )
    if snapshot.next_game is not None:
        lines.append(_next_game(snapshot, locale))
    if snapshot.button_draw:
        draw = ", ".join(
            f"{shorten(name, NAME)} {cards_text([card])}" for name, card in snapshot.button_draw
        )
        lines.append(t("table.button_draw", locale, draw=draw))
    if snapshot.hand_no is not None:
        lines.append(t("table.hand_no", locale, hand_no=snapshot.hand_no))
        if snapshot.boards:
            for n, board in enumerate(snapshot.boards, start=1):
                lines.append(t("table.board_n", locale, n=n, board=cards_text(board)))
        else:
            lines.append(t("table.board", locale, board=cards_text(snapshot.board)))
        lines.append(_pots(snapshot.pots, locale))
        if snapshot.last_actions:
            told = " · ".join(_action(action, locale) for action in snapshot.last_actions)
            lines.append(t("table.last_actions", locale, actions=told))
        if snapshot.to_discard:
            names = ", ".join(shorten(name, NAME) for name in snapshot.to_discard)
            key = "table.to_draw" if snapshot.drawing else "table.to_discard"
            if snapshot.pointing:
                key = "table.to_point_card"
            lines.append(t(key, locale, names=names))
        if snapshot.actor_name is not None and snapshot.deadline is not None:
            lines.append(
                t(
                    "table.to_act",
                    locale,
                    name=shorten(snapshot.actor_name, NAME),
                    deadline=f"<t:{snapshot.deadline}:R>",
                )
            )
        if snapshot.hand_over:
            lines.append(t("table.hand_over", locale))
    if snapshot.next_hand_at is not None:
        lines.append(t("table.next_hand", locale, when=f"<t:{snapshot.next_hand_at}:R>"))
    elif snapshot.tournament is not None:
        pass  # a tournament's lines say how it starts
    elif snapshot.hand_no is None or snapshot.hand_over:
        lines.append(
            t(
                "table.waiting",
                locale,
                low=snapshot.min_buy_in,
                high=snapshot.max_buy_in,
            )
        )
    return lines


def _tournament(view: TournamentView, locale: str) -> list[str]:
    """Before the start: the buy-in, the structure and who registered; after it:
    the level, when the next one comes, who is left and the prizes."""
    payouts = ", ".join(
        t("tournament.payout", locale, place=ordinal(place, locale), amount=amount)
        for place, amount in enumerate(view.prizes, start=1)
    )
    if not view.started:
        length = (
            t("tournament.level_hands", locale, hands=view.level_hands)
            if view.level_hands is not None
            else t("tournament.level_minutes", locale, minutes=view.level_minutes)
        )
        return [
            t(
                "tournament.registering",
                locale,
                buy_in=view.buy_in,
                stack=view.starting_stack,
                length=length,
            ),
            t(
                "tournament.registered",
                locale,
                registered=view.registered,
                seats=view.seat_count,
                pool=view.prize_pool,
                payouts=payouts,
            ),
        ]
    level = t(
        "tournament.level_ante" if view.ante else "tournament.level",
        locale,
        level=view.level,
        small_blind=view.small_blind,
        big_blind=view.big_blind,
        ante=view.ante,
    )
    if view.last_level:
        upcoming = t("tournament.last_level", locale)
    elif view.next_level_now:
        upcoming = t("tournament.next_level_now", locale)
    elif view.next_level_at is not None:
        upcoming = t("tournament.next_level_at", locale, when=f"<t:{view.next_level_at}:R>")
    elif view.hands_to_next_level == 1:
        upcoming = t("tournament.next_level_after_one", locale)
    else:
        upcoming = t("tournament.next_level_in", locale, hands=view.hands_to_next_level or 0)
    return [
        f"{level} · {upcoming}",
        t(
            "tournament.players_left",
            locale,
            left=view.players_left,
            entrants=view.entrants,
            pool=view.prize_pool,
            payouts=payouts,
        ),
    ]


def _next_game(snapshot: TableSnapshot, locale: str) -> str:
    """When a mixed table's game changes: with the next hand, after this one,
    in so many hands, or when the button's orbit ends."""
    game, hands = snapshot.next_game, snapshot.hands_to_switch
    if snapshot.switch_now:
        return t("table.next_game_now", locale, game=game)
    if hands == 1:
        return t("table.next_game_after_hand", locale, game=game)
    if hands is None:
        return t("table.next_game_orbit", locale, game=game)
    key = "table.next_game_in_orbit" if snapshot.switch_by_orbit else "table.next_game_in"
    return t(key, locale, game=game, hands=hands)


def _pots(pots: tuple[int, ...], locale: str) -> str:
    if len(pots) <= 1:
        return t("table.pot", locale, amount=sum(pots))
    parts = [t("table.main_pot", locale, amount=pots[0])]
    for index, amount in enumerate(pots[1:], start=1):
        key = "table.side_pot" if len(pots) == 2 else "table.side_pot_n"
        parts.append(t(key, locale, n=index, amount=amount))
    return " · ".join(parts)


def _action(action: LastAction, locale: str) -> str:
    text = t(
        told_key(action.kind),
        locale,
        name=shorten(action.name, NAME),
        amount=action.amount,
        to=action.to,
    )
    if action.all_in:
        text += " " + t("action.all_in_suffix", locale)
    if action.by_clock:
        text += " " + t("action.by_clock_suffix", locale)
    return text


def _seat_name(line: SeatLine, locale: str) -> str:
    markers = []
    if line.button:
        markers.append(t("table.marker.button", locale))
    if line.small_blind:
        markers.append(t("table.marker.small_blind", locale))
    if line.big_blind:
        markers.append(t("table.marker.big_blind", locale))
    if line.to_act:
        markers.append(t("table.marker.to_act", locale))
    name = t("table.seat", locale, seat=line.seat, name=shorten(line.name, NAME))
    return " ".join([name, *markers])


def _seat_value(line: SeatLine, locale: str) -> str:
    parts = [t("table.stack", locale, amount=line.stack)]
    if line.bet:
        parts.append(t("table.bet", locale, amount=line.bet))
    if line.folded:
        parts.append(t("table.status.folded", locale))
    elif line.all_in:
        parts.append(t("table.status.all_in", locale))
    if line.sitting_out:
        parts.append(t("table.status.sitting_out", locale))
    if line.leaving:
        parts.append(t("table.status.leaving", locale))
    if not line.in_hand and not line.sitting_out and not line.leaving:
        parts.append(t("table.status.waiting", locale))
    text = " · ".join(parts)
    if line.shown:
        shown = cards_text(line.shown)
        if line.shown_description:
            shown += f" ({line.shown_description})"
        text += "\n" + shown
    return text


def _buttons(snapshot: TableSnapshot, locale: str) -> tuple[ButtonSpec, ...]:
    if snapshot.hand_no is None or snapshot.hand_over or snapshot.closed:
        return ()
    hand_no, table_id = snapshot.hand_no, snapshot.table_id
    choices = snapshot.choices
    seq = choices.seq if choices is not None else snapshot.seq

    def button(
        action: str, label: str, style: ButtonStyle, row: int, disabled: bool = False
    ) -> ButtonSpec:
        return ButtonSpec(
            table_button_id(table_id, hand_no, seq, action),
            shorten(label, BUTTON_LABEL),
            style,
            row,
            disabled,
        )

    buttons: list[ButtonSpec] = []
    if choices is not None:
        buttons += _action_buttons(choices, locale, button)
    elif snapshot.to_discard:
        label = t("button.draw" if snapshot.drawing else "button.discard", locale)
        if snapshot.pointing:
            label = t("button.point_card", locale)
        buttons.append(button("discard", label, "primary", 0))
    buttons.append(button("cards", t("button.my_cards", locale), "secondary", 2))
    return tuple(buttons)


def _raise_label(choices: Choices, locale: str) -> str:
    if not choices.can_raise:
        return t("button.bet" if choices.is_bet else "button.raise", locale)
    if choices.min_raise_to == choices.max_raise_to:
        # One amount only (fixed limit, or a short stack): the button bets it at once.
        if choices.is_completion:
            key = "button.complete"
        else:
            key = "button.bet_to" if choices.is_bet else "button.raise_to"
        return t(key, locale, to=choices.min_raise_to)
    return t(
        "button.bet_range" if choices.is_bet else "button.raise_range",
        locale,
        low=choices.min_raise_to,
        high=choices.max_raise_to,
    )


def _action_buttons(choices: Choices, locale: str, button: _ButtonMaker) -> list[ButtonSpec]:
    if choices.can_post_bring_in:
        # Stud's bring-in cannot be folded or checked: post it or complete.
        found = [
            button(
                "bringin",
                t("button.bring_in", locale, amount=choices.bring_in_amount),
                "primary",
                0,
            ),
            button("raise", _raise_label(choices, locale), "success", 0, not choices.can_raise),
        ]
        return found
    if choices.can_check:
        call_label = t("button.check", locale)
    else:
        call_label = t("button.call", locale, amount=choices.call_amount)
    found = [
        button("fold", t("button.fold", locale), "danger", 0, not choices.can_fold),
        button("call", call_label, "primary", 0),
        button("raise", _raise_label(choices, locale), "success", 0, not choices.can_raise),
    ]
    if len(choices.raise_choices) == 2:
        # Stud's open pair: the small or the big bet, nothing between.
        key = "button.bet_to" if choices.is_bet else "button.raise_to"
        for move, amount in zip(("small", "big"), choices.raise_choices, strict=True):
            found.append(button(move, t(key, locale, to=amount), "secondary", 1))
        return found
    for size, amount in choices.quick_sizes:
        label = t(quick_size_key(size), locale, amount=amount)
        found.append(button(size.value, label, "secondary", 1))
    if choices.call_is_all_in and RaiseSize.ALL_IN not in dict(choices.quick_sizes):
        found.append(
            button(
                RaiseSize.ALL_IN.value,
                t(quick_size_key(RaiseSize.ALL_IN), locale, amount=choices.call_amount),
                "secondary",
                1,
            )
        )
    return found
