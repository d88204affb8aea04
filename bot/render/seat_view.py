"""A player's own seat, kept current: their cards, the board, their best hand
(and low), what they must call and the pot odds, their stack and time bank,
and the pre-actions they may choose (the one chosen marked); at the showdown,
when their hand cannot win, to show or muck it; once the hand is over, what
they may still show. On their turn it offers the table message's own buttons
(fold, check or call, bet or raise and its quick sizes, discard or draw, run
it twice), drawn by the same functions with the seat view's ids, so a whole
session can be played from it; near the end of the 15 minutes Discord lets
it be edited it says until when, and afterwards that it no longer updates.

Like :class:`~bot.render.views.PrivateView` it holds the player's own hole
cards and is shown only to them, as an ephemeral message the table edits in
place (:mod:`bot.tables.seat_console`). The pre-action buttons' ids carry the
table, the hand and the choice, so a click on an old hand is refused.

>>> pre_action_id(7, 12, "call_any")
'croupier:pre:7:12:call_any'
>>> PRE_ACTION_BUTTON.fullmatch("croupier:pre:7:12:clear")["choice"]
'clear'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from bot.i18n import decimal, t
from bot.render.card_markup import TEXT_FACES, CardFaces
from bot.render.cards import cards_text
from bot.render.custom_ids import seat_button_id
from bot.render.home_lines import run_twice_buttons
from bot.render.limits import BUTTON_LABEL, check_embed, shorten
from bot.render.message import ButtonSpec, ButtonStyle, OutgoingMessage
from bot.render.private_view import private_message
from bot.render.table_message import action_buttons
from bot.render.views import Choices, PrivateView
from engine import PreAction, ShowOptions, pot_odds

PRE_ACTION_BUTTON: Final = re.compile(
    r"croupier:pre:(?P<table>\d{1,20}):(?P<hand>\d{1,10}):"
    r"(?P<choice>check_fold|check|call|call_any|fold_any|clear)"
)
#: Showing the hand: at the showdown, all of it or mucking it; once the hand
#: is over, all the cards or one by its place in the hand (never the card
#: itself: a custom id may be logged).
SHOW_BUTTON: Final = re.compile(
    r"croupier:show:(?P<table>\d{1,20}):(?P<hand>\d{1,10}):(?P<what>all|0|1|muck)"
)


def pre_action_id(table_id: int, hand_no: int, choice: str) -> str:
    return f"croupier:pre:{table_id}:{hand_no}:{choice}"


def show_id(table_id: int, hand_no: int, what: str) -> str:
    return f"croupier:show:{table_id}:{hand_no}:{what}"


@dataclass(frozen=True, slots=True)
class SeatView:
    """One player's seat at one moment (shown only to them)."""

    private: PrivateView
    stack: int
    #: What calling would cost them now, and the pot it would go into.
    price: int
    pot: int
    #: Seconds in their time bank (``None``: the table has none).
    time_bank: int | None
    #: It is their turn now; the hand is over.
    to_act: bool = False
    hand_over: bool = False
    #: The pre-action they chose, and those they may choose now.
    chosen: PreAction | None = None
    offered: tuple[PreAction, ...] = ()
    #: Once the hand is over: what they may still show (``None``: nothing).
    show: ShowOptions | None = None
    #: At the showdown it is their turn: their hand cannot win, and they show
    #: or muck it (the clock mucks).
    showdown_turn: bool = False
    #: Their turn's choices, offered on the view as on the table message (issue
    #: 23): how many actions the hand has had (what the buttons' ids carry), the
    #: bet or raise, throwing cards away (the button's catalogue key), and
    #: running the board twice.
    seq: int = 0
    choices: Choices | None = None
    discard_key: str | None = None
    runout_choice: bool = False
    #: UNIX time at which the view stops being kept current, said once that is
    #: near; once it has passed the view says so and offers nothing.
    kept_until: int | None = None
    expired: bool = False
    #: It no longer updates because a newer view of theirs does.
    superseded: bool = False


def seat_message(view: SeatView, locale: str, faces: CardFaces = TEXT_FACES) -> OutgoingMessage:
    private = view.private
    base = private_message(private, locale, faces, where=False)
    assert base.embed is not None
    embed = base.embed
    embed.title = t("seat.title", locale, hand_no=private.hand_no)
    lines = [embed.description or ""]
    odds = pot_odds(price=view.price, pot=view.pot)
    if not private.folded and not view.hand_over:
        if odds is None:
            lines.append(t("seat.nothing_to_call", locale, pot=view.pot))
        else:
            lines.append(
                t(
                    "seat.to_call",
                    locale,
                    price=view.price,
                    pot=view.pot,
                    ratio=decimal(odds.ratio, locale),
                    percent=f"{odds.break_even_percent:.0f}",
                )
            )
    stack = t("seat.stack", locale, stack=view.stack)
    if view.time_bank is not None:
        stack += " · " + t("seat.time_bank", locale, seconds=view.time_bank)
    lines.append(stack)
    if view.expired:  # no longer kept current: nothing about what to do now
        lines.append(t("seat.superseded" if view.superseded else "seat.expired", locale))
    elif view.hand_over:
        lines.append(t("seat.hand_over", locale))
        if view.show is not None:
            lines.append(t("seat.may_show", locale))
    elif view.showdown_turn:
        lines.append(t("seat.show_or_muck", locale))
    elif view.to_act or view.runout_choice:
        lines.append(t("seat.your_turn", locale))
    elif view.chosen is not None:
        lines.append(t("seat.chosen", locale, choice=_label(view.chosen, view.price, locale)))
    elif view.offered:
        lines.append(t("seat.choose", locale))
    if view.kept_until is not None and not view.expired:
        lines.append(t("seat.expiring", locale, when=f"<t:{view.kept_until}:R>"))
    embed.description = "\n".join(lines)
    buttons = () if view.expired else _buttons(view, locale)
    return OutgoingMessage(embed=check_embed(embed), buttons=buttons)


def _label(kind: PreAction, price: int, locale: str) -> str:
    return t(f"seat.pre.{kind.value}", locale, amount=price)


def _buttons(view: SeatView, locale: str) -> tuple[ButtonSpec, ...]:
    private = view.private
    if view.hand_over and view.show is not None:
        rest = view.show.cards
        whole = len(rest) == len(private.cards)  # else some were shown already
        shows = [
            ButtonSpec(
                show_id(private.table_id, private.hand_no, "all"),
                t("seat.show_all", locale)
                if whole
                else t("seat.show_rest", locale, cards=cards_text(rest)),
                "primary",
            )
        ]
        shows += [
            ButtonSpec(
                # The card's place among the player's cards, as the show button names it.
                show_id(private.table_id, private.hand_no, str(private.cards.index(card))),
                t("seat.show_one", locale, card=cards_text([card])),
            )
            for card in view.show.single
        ]
        return tuple(shows)
    if view.showdown_turn:
        return (
            ButtonSpec(
                show_id(private.table_id, private.hand_no, "all"),
                t("button.show", locale),
                "primary",
            ),
            ButtonSpec(
                show_id(private.table_id, private.hand_no, "muck"), t("button.muck", locale)
            ),
        )
    if view.hand_over:
        return ()
    if view.to_act or view.runout_choice:
        return _turn_buttons(view, locale)
    buttons = [
        ButtonSpec(
            pre_action_id(private.table_id, private.hand_no, kind.value),
            _label(kind, view.price, locale),
            "success" if kind is view.chosen else "secondary",
        )
        for kind in view.offered
    ]
    if view.chosen is not None:
        buttons.append(
            ButtonSpec(
                pre_action_id(private.table_id, private.hand_no, "clear"),
                t("seat.pre.clear", locale),
                "danger",
                row=1,
            )
        )
    return tuple(buttons)


def _turn_buttons(view: SeatView, locale: str) -> tuple[ButtonSpec, ...]:
    """The table message's buttons for this turn, drawn by the same functions,
    with the seat view's ids (answered like the table's, :mod:`cogs.table_buttons`)."""
    private = view.private

    def button(
        action: str, label: str, style: ButtonStyle, row: int, disabled: bool = False
    ) -> ButtonSpec:
        custom_id = seat_button_id(private.table_id, private.hand_no, view.seq, action)
        return ButtonSpec(custom_id, shorten(label, BUTTON_LABEL), style, row, disabled)

    if view.runout_choice:
        return tuple(run_twice_buttons(locale, button))
    if view.choices is not None:
        return tuple(action_buttons(view.choices, locale, button))
    if view.discard_key is not None:
        return (button("discard", t(view.discard_key, locale), "primary", 0),)
    return ()
