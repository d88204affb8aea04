"""The one table message of a hand: what everyone watches, and the buttons the
player to act clicks.

It is a Components V2 message (a layout: one container, then the buttons),
drawn mobile first, top to bottom:

1. the game and the hand number in small type, then the board and the pots,
   large;
2. one compact line per seat: name, stack, this round's bet, folded / all in /
   sitting out, button and blinds, stud's cards (face-down ones as backs), the
   player to act marked;
3. the turn: who is to act, what they must call and when the clock acts; who
   still draws; the latest actions in small type;
4. in small type, what rarely changes: stakes, house rules, the next game of
   a mix, the draw for the button (first hand only), the deck's commitment.

Each part is a function of the snapshot returning its lines, so a new line
(a time bank, the all-in odds) is one more call in its part. Cards are the
table's card emojis where the bot has them (:mod:`bot.render.card_markup`),
else text; only cards every player has seen appear: the snapshot carries no
others.
"""

from __future__ import annotations

import functools
from typing import Protocol

from bot.i18n import decimal, ordinal, t
from bot.render.action_words import quick_size_key, told_key
from bot.render.card_faces import DeckStyle
from bot.render.card_markup import TEXT_FACES, CardFaces, back_markup, cards_markup
from bot.render.custom_ids import activity_button_id, seat_desk_button_id, table_button_id
from bot.render.hand_result import result_boards, result_lines, showdown_files
from bot.render.home_lines import home_buttons, home_lines, home_rules_lines, rabbit_button
from bot.render.limits import BUTTON_LABEL, NAME, shorten
from bot.render.message import (
    LAYOUT_TEXT,
    ButtonSpec,
    ButtonStyle,
    Divider,
    LayoutBlock,
    OutgoingFile,
    OutgoingMessage,
    Picture,
    TextBlock,
    link_button,
)
from bot.render.seat_hints import seat_hints
from bot.render.views import (
    Choices,
    HandResultView,
    LastAction,
    SeatLine,
    TableSnapshot,
    TournamentView,
)
from engine import Card, RaiseSize

#: Markdown for large and small lines.
LARGE = "## "
MEDIUM = "### "
SMALL = "-# "


class _ButtonMaker(Protocol):
    def __call__(
        self, action: str, label: str, style: ButtonStyle, row: int, disabled: bool = False
    ) -> ButtonSpec: ...


def table_message(
    snapshot: TableSnapshot,
    locale: str,
    faces: CardFaces = TEXT_FACES,
    link: str | None = None,
    *,
    activity: bool = False,
) -> OutgoingMessage:
    """The table message for ``snapshot``, in the table's language, its cards
    drawn with ``faces`` (as text when the emojis would not fit); ``link``: the
    table's page in the web room, offered as "Open the table"; with ``activity``
    (``CROUPIER_ACTIVITY``), "Open the table in Discord" under it."""
    blocks, result_at = _blocks(snapshot, locale, faces)
    if faces is not TEXT_FACES and _text_length(blocks) > LAYOUT_TEXT:
        blocks, result_at = _blocks(snapshot, locale, TEXT_FACES)
    buttons = _buttons(snapshot, locale) + _link_button(snapshot, locale, link)
    if activity:
        buttons += _activity_button(snapshot, locale)
    layout = list(_fitted(blocks))
    result = snapshot.result
    if result is None:
        return OutgoingMessage(layout=tuple(layout), buttons=buttons)
    # The hand is over: its message ends with the result and the showdown's picture.
    files = _showdown_files(result, faces.deck, locale)
    if files and result_at is not None:
        layout.insert(result_at + 1, Picture(files[0].filename, files[0].description))
    return OutgoingMessage(
        layout=tuple(layout), buttons=buttons + rabbit_button(result, locale), files=files
    )


@functools.lru_cache(maxsize=16)
def _showdown_files(
    result: HandResultView, deck: DeckStyle, locale: str
) -> tuple[OutgoingFile, ...]:
    """The showdown's picture, drawn once for all the edits of the hand's message."""
    return showdown_files(result, deck, locale)


def _blocks(
    snapshot: TableSnapshot, locale: str, faces: CardFaces
) -> tuple[list[LayoutBlock], int | None]:
    """The message's blocks, and where among them the result's lines are."""
    result = snapshot.result
    # The headline shows the board large: the result does not say it again.
    board_above = result is not None and result_boards(result) == _headline_boards(snapshot)
    parts = [
        _headline(snapshot, locale, faces),
        _seat_lines(snapshot, locale, faces),
        [] if result is None else result_lines(result, locale, faces, board=not board_above),
        _turn(snapshot, locale, faces),
        [SMALL + line for line in _fine_print(snapshot, locale, faces)],
    ]
    blocks: list[LayoutBlock] = []
    result_at = None
    for index, lines in enumerate(parts):
        if not lines:
            continue
        if blocks:
            blocks.append(Divider())
        blocks.append(TextBlock("\n".join(lines)))
        if index == 2:
            result_at = len(blocks) - 1
    return blocks, result_at


def _text(block: LayoutBlock) -> str:
    return block.text if isinstance(block, TextBlock) else ""


def _text_length(blocks: list[LayoutBlock]) -> int:
    return sum(len(_text(block)) for block in blocks)


def _fitted(blocks: list[LayoutBlock]) -> tuple[LayoutBlock, ...]:
    """``blocks`` within Discord's characters for a layout: the longest cut first."""
    fitted = list(blocks)
    while (excess := _text_length(fitted) - LAYOUT_TEXT) > 0:
        index = max(range(len(fitted)), key=lambda i: len(_text(fitted[i])))
        text = _text(fitted[index])
        fitted[index] = TextBlock(shorten(text, max(1, len(text) - excess)))
    return tuple(fitted)


def _headline(snapshot: TableSnapshot, locale: str, faces: CardFaces) -> list[str]:
    """The game and hand in small type; the board and the pots, large."""
    title = t(
        "table.title" if snapshot.mix_name is None else "table.title_mixed",
        locale,
        variant=snapshot.variant_name,
        small_blind=snapshot.small_blind,
        big_blind=snapshot.big_blind,
        **({} if snapshot.mix_name is None else {"mix": snapshot.mix_name}),
    )
    if snapshot.hand_no is not None:
        title += " · " + t("table.hand_no", locale, hand_no=snapshot.hand_no)
    lines = [SMALL + shorten(title, 300)]
    if snapshot.closed:
        return [*lines, t("table.closed_notice", locale)]
    if snapshot.hand_no is None:
        return lines
    if snapshot.boards:
        for n, board in enumerate(snapshot.boards, start=1):
            cards = cards_markup(board, faces, locale)
            lines.append(MEDIUM + t("table.board_n", locale, n=n, board=cards))
    elif snapshot.has_board and snapshot.board:
        cards = cards_markup(snapshot.board, faces, locale)
        lines.append(LARGE + t("table.board", locale, board=cards))
    lines.append(
        (MEDIUM if snapshot.board or snapshot.boards else LARGE) + _pots(snapshot.pots, locale)
    )
    return lines


def _headline_boards(snapshot: TableSnapshot) -> tuple[tuple[Card, ...], ...]:
    """The boards the headline shows (as :func:`_headline` decides)."""
    if snapshot.boards:
        return snapshot.boards
    if snapshot.has_board and snapshot.board:
        return (snapshot.board,)
    return ()


def _seat_lines(snapshot: TableSnapshot, locale: str, faces: CardFaces) -> list[str]:
    lines = [_seat_line(line, locale, faces) for line in snapshot.seats]
    if snapshot.tournament is not None:
        lines = [*_tournament(snapshot.tournament, locale), *lines]
    return lines


def _turn(snapshot: TableSnapshot, locale: str, faces: CardFaces) -> list[str]:
    """Who is to act and what it costs them, who still draws, what just happened,
    and what comes next."""
    lines: list[str] = []
    if snapshot.closed:
        return lines
    if snapshot.closing:
        lines.append(t("table.closing_notice", locale))
    if snapshot.hand_no is not None:
        if snapshot.to_discard:
            names = ", ".join(shorten(name, NAME) for name in snapshot.to_discard)
            key = "table.to_draw" if snapshot.drawing else "table.to_discard"
            if snapshot.pointing:
                key = "table.to_point_card"
            lines.append(t(key, locale, names=names))
        lines.extend(home_lines(snapshot.home, locale, faces))
        if snapshot.actor_name is not None and snapshot.deadline is not None:
            line = t(
                "table.to_act",
                locale,
                name=shorten(snapshot.actor_name, NAME),
                deadline=f"<t:{snapshot.deadline}:R>",
            )
            owed = _what_it_costs(snapshot.choices, locale)
            if snapshot.showdown_choice:
                owed = t("table.show_or_muck", locale)
            lines.append(
                t("table.marker.to_act", locale) + " " + line + (f" · {owed}" if owed else "")
            )
        elif snapshot.actor_name is not None and (snapshot.actor_id or 0) < 0:
            # A computer player (negative id) is thinking: its pause is no clock.
            name = shorten(snapshot.actor_name, NAME)
            lines.append(
                t("table.marker.to_act", locale)
                + " "
                + t("table.to_act_computer", locale, name=name)
            )
        if snapshot.hand_over:
            lines.append(t("table.hand_over", locale))
        if snapshot.last_actions:
            told = " · ".join(_action(action, locale) for action in snapshot.last_actions)
            lines.append(SMALL + t("table.last_actions", locale, actions=told))
    lines += seat_hints(snapshot, locale)
    if snapshot.next_hand_at is not None:
        # A fixed time, not a countdown: the message stays in the channel after the
        # next hand's is posted, and "Next hand 10 minutes ago" would mislead.
        lines.append(t("table.next_hand", locale, when=f"<t:{snapshot.next_hand_at}:T>"))
    elif snapshot.tournament is not None:
        pass  # a tournament's lines say how it starts
    elif snapshot.hand_no is None or snapshot.hand_over:
        offered = (button.custom_id for button in _waiting_buttons(snapshot, locale))
        key = (
            "table.waiting_buttons" if any(i.endswith(":sit") for i in offered) else "table.waiting"
        )
        lines.append(t(key, locale, low=snapshot.min_buy_in, high=snapshot.max_buy_in))
    return lines


def _what_it_costs(choices: Choices | None, locale: str) -> str:
    """What the player to act must put in to stay: the call, or the bring-in."""
    if choices is None:
        return ""
    if choices.can_post_bring_in:
        return t("table.to_bring_in", locale, amount=choices.bring_in_amount)
    if choices.can_check or not choices.call_amount:
        return t("table.to_check", locale)
    return t("table.to_call", locale, amount=choices.call_amount)


def _fine_print(snapshot: TableSnapshot, locale: str, faces: CardFaces) -> list[str]:
    """What rarely changes: the stakes, house rules, the next game, the first
    hand's draw for the button, the deck's commitment."""
    lines: list[str] = []
    if snapshot.closed:
        return lines
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
    lines.extend(
        home_rules_lines(
            snapshot.home_options, snapshot.home_pending, snapshot.home_pending_from, locale
        )
    )
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
    if snapshot.button_draw and snapshot.hand_no in (None, 1):
        draw = " · ".join(
            f"{shorten(name, NAME)} {cards_markup([card], faces, locale)}"
            for name, card in snapshot.button_draw
        )
        lines.append(t("table.button_draw", locale, draw=draw))
    if snapshot.commitment:
        lines.append(t("table.commitment", locale, commitment=snapshot.commitment))
    return lines


def _house_rules(snapshot: TableSnapshot, locale: str) -> list[str]:
    """The table's options as set when it was created (its ante, straddle,
    rake, ...): each declared option's line (bot/table_options.py), a figure
    with a fraction written as the reader's language writes it."""
    return [
        t(key, locale, **{name: _written(value, locale) for name, value in values})
        for key, values in snapshot.option_lines
    ]


def _written(value: object, locale: str) -> object:
    return decimal(value, locale, places=2) if isinstance(value, float) else value


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
                # Nobody registered yet: no prize pool of 0 and no "1st 0".
                "tournament.registered" if view.prize_pool else "tournament.registered_empty",
                locale,
                registered=view.registered,
                seats=view.seat_count,
                pool=view.prize_pool,
                payouts=payouts,
            ),
            *_extras(view, locale),
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
        *_extras(view, locale),
    ]


def _extras(view: TournamentView, locale: str) -> list[str]:
    """The rebuy period, the add-on and each player's bounty."""
    lines = []
    if view.rebuy_levels:
        if view.rebuys_open or not view.started:
            lines.append(t("table.rebuy_period", locale, level=view.rebuy_levels))
        else:
            lines.append(t("table.rebuys_over", locale))
        if view.add_on_chips and (view.rebuys_open or not view.started):
            lines.append(
                t(
                    "table.add_on_line",
                    locale,
                    level=view.rebuy_levels,
                    chips=view.add_on_chips,
                    price=view.add_on_price,
                )
            )
    if view.bounties:
        each = ", ".join(
            t("table.bounty_of", locale, name=name, amount=amount) for name, amount in view.bounties
        )
        lines.append(t("table.bounties", locale, bounties=each))
    return lines


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


def _seat_line(line: SeatLine, locale: str, faces: CardFaces) -> str:
    """One seat on one line: "⏳ 3. **Cat** (D) · **740** · bet 20 · all in"."""
    name = shorten(line.name, NAME)
    if line.to_act:
        name = f"**{name}**"
    head = t("table.seat", locale, seat=line.seat, name=name)
    markers = []
    if line.button:
        markers.append(t("table.marker.button", locale))
    if line.small_blind:
        markers.append(t("table.marker.small_blind", locale))
    if line.big_blind:
        markers.append(t("table.marker.big_blind", locale))
    if markers:
        head += " " + " ".join(markers)
    if line.to_act:
        head = t("table.marker.to_act", locale) + " " + head
    parts = [head, t("table.stack", locale, amount=line.stack)]
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
    if line.dealt:
        back = back_markup(faces, locale)
        parts.append(
            " ".join(
                back if card is None else cards_markup([card], faces, locale) for card in line.dealt
            )
        )
    elif line.shown:
        shown = cards_markup(line.shown, faces, locale)
        if line.shown_description:
            shown += f" ({line.shown_description})"
        parts.append(shown)
    return " · ".join(parts)


def _waiting_buttons(snapshot: TableSnapshot, locale: str) -> tuple[ButtonSpec, ...]:
    """A cash table waiting for players: Sit down while a seat is free, Leave while
    someone sits, Top up while a stack is below the maximum buy-in (each answers
    whoever clicks, for themselves: cogs/seat_desk.py)."""
    waiting = snapshot.hand_no is None or snapshot.hand_over
    if (
        not waiting
        or snapshot.closed
        or snapshot.closing
        or snapshot.tournament is not None
        or snapshot.next_hand_at is not None
    ):
        return ()
    people = [line for line in snapshot.seats if line.user_id > 0]
    found: list[ButtonSpec] = []

    def button(action: str, key: str, style: ButtonStyle) -> None:
        custom_id = seat_desk_button_id(snapshot.table_id, action)
        found.append(ButtonSpec(custom_id, shorten(t(key, locale), BUTTON_LABEL), style, 0))

    if len(snapshot.seats) < snapshot.seat_count:
        button("sit", "button.sit_down", "success")
    if any(line.stack < snapshot.max_buy_in for line in people):
        button("topup", "button.top_up", "primary")
    if people:
        button("leave", "button.leave", "secondary")
    return tuple(found)


def _rebuy_buttons(snapshot: TableSnapshot, locale: str) -> tuple[ButtonSpec, ...]:
    """A tournament under way in its rebuy levels: **Rebuy**, and in the last of
    them **Add-on**, for whichever seated player clicks (the engine answers
    whether they may: cogs/seat_desk.py)."""
    view = snapshot.tournament
    if view is None or not view.started or not view.rebuys_open or snapshot.closed:
        return ()
    found = [
        ButtonSpec(
            seat_desk_button_id(snapshot.table_id, "rebuy"),
            shorten(t("button.rebuy", locale), BUTTON_LABEL),
            "success",
            3,
        )
    ]
    if view.add_on_chips and view.level == view.rebuy_levels:
        found.append(
            ButtonSpec(
                seat_desk_button_id(snapshot.table_id, "addon"),
                shorten(t("button.add_on", locale), BUTTON_LABEL),
                "primary",
                3,
            )
        )
    return tuple(found)


def _activity_button(snapshot: TableSnapshot, locale: str) -> tuple[ButtonSpec, ...]:
    """The table as a Discord Activity, for whoever clicks (cogs/activity.py), on the
    last row, while the table is open."""
    if snapshot.closed:
        return ()
    label = shorten(t("button.open_activity", locale), BUTTON_LABEL)
    return (ButtonSpec(activity_button_id(snapshot.table_id), label, "secondary", 4),)


def _link_button(snapshot: TableSnapshot, locale: str, link: str | None) -> tuple[ButtonSpec, ...]:
    """The "Open the table" link (the web room's page of it), beside "My cards", while open."""
    if link is None or snapshot.closed:
        return ()
    return (link_button(shorten(t("table.open_link", locale), BUTTON_LABEL), link, 2),)


def _buttons(snapshot: TableSnapshot, locale: str) -> tuple[ButtonSpec, ...]:
    return _hand_buttons(snapshot, locale) + _rebuy_buttons(snapshot, locale)


def _hand_buttons(snapshot: TableSnapshot, locale: str) -> tuple[ButtonSpec, ...]:
    if snapshot.hand_no is None or snapshot.hand_over or snapshot.closed:
        return _waiting_buttons(snapshot, locale)
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

    buttons: list[ButtonSpec] = home_buttons(snapshot.home, locale, button)
    if choices is not None:
        buttons += action_buttons(choices, locale, button)
    elif snapshot.showdown_choice:
        buttons.append(button("show", t("button.show", locale), "primary", 0))
        buttons.append(button("muck", t("button.muck", locale), "secondary", 0))
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


def action_buttons(choices: Choices, locale: str, button: _ButtonMaker) -> list[ButtonSpec]:
    """The player to act's buttons (fold, check or call, bet or raise, the quick
    sizes): under the table message, and on that player's own seat view."""
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
