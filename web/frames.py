"""What one viewer's browser is sent: JSON frames, pure functions of the
table's public view and, for a seated player, their own seat's view.

A frame is built from exactly two sources: the
:class:`~bot.render.views.TableSnapshot` everyone may see (the public view,
the same value the Discord table message is drawn from) and, for the viewer
who sits in the hand, that seat's own :class:`~bot.render.views.PrivateView`
(their cards and best hand, read from the engine's seat view), their options
when it is their turn and their discard menu. A spectator's frame is the
public part alone: no field of it holds a face-down card. Nothing is read
from the full hand but how many cards each seat holds (which everyone at a
real table sees).

Cards travel as their two-letter names (``"As"``; a card dealt face down, in
stud, as ``null``). Every sentence is the catalogue's, in the viewer's
language: the actions as the table message tells them, the pots, and the
hand's result in the words of the result message
(:func:`bot.render.hand_result.result_message`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, Final

from bot.i18n import t
from bot.render.action_words import quick_size_key, told_key
from bot.render.hand_result import result_message
from bot.render.hand_words import hand_label
from bot.render.home_lines import rabbit_text
from bot.render.views import (
    Choices,
    DiscardChoices,
    HandResultView,
    LastAction,
    PrivateView,
    SeatLine,
    TableSnapshot,
)
from bot.table_options import HOME_OPTIONS
from engine import ALL_CARDS, Card, PreAction

Frame = dict[str, Any]

#: Discord's bold markers and emoji markup, taken out of the catalogue's sentences.
_BOLD: Final = re.compile(r"\*\*|__")

#: Labels the page needs, by their catalogue keys (the page's own words under ``web.``).
PAGE_WORDS: Final = (
    "button.fold",
    "button.check",
    "button.bet",
    "button.raise",
    "button.show",
    "button.muck",
    "button.sit_down",
    "button.leave",
    "button.top_up",
    "button.run_twice",
    "button.run_once",
    "web.call",
    "web.bet_to",
    "web.raise_to",
    "web.bring_in",
    "web.complete_to",
    "web.watching",
    "web.your_turn",
    "web.next_hand",
    "web.waiting",
    "web.sit_out",
    "web.sit_in",
    "web.folded",
    "web.all_in",
    "web.sitting_out",
    "web.dealer",
    "web.small_blind",
    "web.big_blind",
    "web.stack",
    "web.bet",
    "web.board",
    "web.pot",
    "web.your_cards",
    "web.best_hand",
    "web.amount",
    "web.draw",
    "web.discard",
    "web.stand_pat",
    "web.connection_lost",
    "web.table_closed",
    "web.empty_seat",
    "web.card_back",
    "web.buy_in",
    # The page's controls added with pre-actions, the time bank, the votes, the deck.
    "web.time_bank",
    "web.time_bank_running",
    "web.run_twice_asked",
    "web.bomb_vote",
    "web.bomb_called",
    "web.deck",
    "web.deck_two",
    "web.deck_four",
    "web.sound",
    "web.seat_n",
    "web.cancel",
    "web.show_card",
    "web.pre_actions",
    "web.top_up_amount",
    # The page's regions, named for screen readers in the reader's language.
    "web.table_region",
    "web.controls_region",
)


def plain(text: str) -> str:
    """A catalogue sentence without Discord's markdown."""
    return _BOLD.sub("", text)


def card_name(card: Card, locale: str) -> str:
    """The card as a screen reader says it: "Ace of spades", "Pik Ass"."""
    words = t(
        "card.name",
        locale,
        rank=t(f"card.rank.{card.rank}", locale),
        suit=t(f"card.suit.{card.suit}", locale),
    )
    return words.replace("_", " ")


#: The largest integer a page's JavaScript holds exactly (``Number.MAX_SAFE_INTEGER``).
JS_SAFE_INTEGER: Final = 2**53 - 1


def member_id(user_id: int) -> int | str:
    """A member's id as a frame carries it: a Discord id (a snowflake, beyond
    :data:`JS_SAFE_INTEGER`) as a string, or the page would round two members'
    ids to one number and draw one's cards at the other's seat; a small id
    (local play, computer players) as it is. The same member is always the same."""
    return str(user_id) if abs(user_id) > JS_SAFE_INTEGER else user_id


def hello_frame(
    locale: str,
    *,
    table_id: int,
    user_id: int | None,
    name: str | None,
    deck: str = "two_colour",
) -> Frame:
    """The first frame: who the viewer is (and their deck, ``/poker deck``'s),
    the page's words and every card's name."""
    return {
        "type": "hello",
        "table_id": table_id,
        "viewer": {
            "user_id": None if user_id is None else member_id(user_id),
            "name": name,
            "watching": user_id is None,
        },
        "deck": deck,
        "locale": locale,
        "words": {key.split(".", 1)[1]: t(key, locale) for key in PAGE_WORDS},
        "card_names": {str(card): card_name(card, locale) for card in ALL_CARDS},
    }


def _cards(cards: tuple[Card | None, ...]) -> list[str | None]:
    return [None if card is None else str(card) for card in cards]


def _seat(line: SeatLine, held: int, described: str) -> Frame:
    cards = _cards(line.dealt) if line.dealt else _cards(line.shown)
    return {
        "seat": line.seat,
        "user_id": member_id(line.user_id),
        "name": line.name,
        "computer": line.user_id < 0,
        "stack": line.stack,
        "bet": line.bet,
        "in_hand": line.in_hand,
        "folded": line.folded,
        "all_in": line.all_in,
        "sitting_out": line.sitting_out,
        "leaving": line.leaving,
        "button": line.button,
        "small_blind": line.small_blind,
        "big_blind": line.big_blind,
        "to_act": line.to_act,
        "cards": cards,
        # Cards held face down that nobody has seen: drawn as backs.
        "backs": max(0, held - len(cards)) if line.in_hand and not line.folded else 0,
        "description": described,
    }


def _action(action: LastAction, locale: str) -> str:
    text = t(told_key(action.kind), locale, name=action.name, amount=action.amount, to=action.to)
    if action.all_in:
        text += " " + t("action.all_in_suffix", locale)
    if action.by_clock:
        text += " " + t("action.by_clock_suffix", locale)
    return plain(text)


def _pots(pots: tuple[int, ...], locale: str) -> list[Frame]:
    if len(pots) <= 1:
        return [{"amount": sum(pots), "label": plain(t("table.pot", locale, amount=sum(pots)))}]
    found = [{"amount": pots[0], "label": plain(t("table.main_pot", locale, amount=pots[0]))}]
    for index, amount in enumerate(pots[1:], start=1):
        key = "table.side_pot" if len(pots) == 2 else "table.side_pot_n"
        found.append({"amount": amount, "label": plain(t(key, locale, n=index, amount=amount))})
    return found


def _stakes(snapshot: TableSnapshot) -> str:
    """The stakes as players write them: the blinds, else the small and big bets."""
    if snapshot.stud_stakes is not None:
        _, _, small_bet, big_bet = snapshot.stud_stakes
        return f"{small_bet}/{big_bet}"
    if snapshot.ante_stakes is not None:
        _, small_bet, big_bet = snapshot.ante_stakes
        return f"{small_bet}/{big_bet}"
    return f"{snapshot.small_blind}/{snapshot.big_blind}"


def public_part(
    snapshot: TableSnapshot,
    locale: str,
    *,
    held: Mapping[int, int],
    result: HandResultView | None,
    rabbit: tuple[tuple[Card, ...], ...] = (),
) -> Frame:
    """What every viewer of the table is sent: the public view alone.
    ``held``: how many cards each seat (by user id) holds in the hand;
    ``rabbit``: the board cards the last hand would have dealt, once its
    rabbit was hunted (public then, as the hunt's message in the channel)."""
    actor = snapshot.actor_name
    # A shown hand in the reader's words (the result message's), once the hand is over.
    words = {
        shown.name: " / ".join(hand_label(hand, locale) for hand in shown.hands)
        for shown in (result.shown if result is not None and snapshot.hand_over else ())
    }
    part: Frame = {
        "table_id": snapshot.table_id,
        "game": snapshot.mix_name or snapshot.variant_name,
        "variant": snapshot.variant_name,
        "stakes": _stakes(snapshot),
        "seat_count": snapshot.seat_count,
        "min_buy_in": snapshot.min_buy_in,
        "max_buy_in": snapshot.max_buy_in,
        "hand_no": snapshot.hand_no,
        "hand_over": snapshot.hand_over,
        "seq": snapshot.seq,
        "seats": [
            _seat(line, held.get(line.user_id, 0), words.get(line.name, ""))
            for line in snapshot.seats
        ],
        "has_board": snapshot.has_board,
        "boards": [_cards(board) for board in (snapshot.boards or (snapshot.board,))],
        "pots": _pots(snapshot.pots, locale) if snapshot.hand_no is not None else [],
        "actor_id": None if snapshot.actor_id is None else member_id(snapshot.actor_id),
        "status": plain(t("web.to_act", locale, name=actor)) if actor else "",
        "deadline": snapshot.deadline,
        "time_bank_running": snapshot.time_bank_running,
        "last_actions": [_action(action, locale) for action in snapshot.last_actions],
        "next_hand_at": snapshot.next_hand_at,
        "closed": snapshot.closed,
        "to_discard": list(snapshot.to_discard),
        "result": None
        if result is None or not snapshot.hand_over
        else result_part(result, locale, rabbit),
    }
    part.update(home_part(snapshot))
    return part


def home_part(snapshot: TableSnapshot) -> Frame:
    """The time banks and the home-game options as everyone sees them: whether
    the table has banks, who is still to choose to run it twice, how many runs,
    a bomb pot posted, the options in force."""
    home, options = snapshot.home, snapshot.home_options
    return {
        "time_banks": snapshot.time_bank[0] > 0,
        "runout_choosers": [] if home is None else list(home.runout_choosers),
        "runouts": 1 if home is None else home.runouts,
        "bomb_pot": 0 if home is None else home.bomb_pot,
        "home_options": None
        if options is None
        else {
            "run_it_twice": options.run_it_twice,
            "bomb_pot": options.bomb_pot,
            "bomb_pot_every": options.bomb_pot_every,
        },
    }


def result_part(
    result: HandResultView, locale: str, rabbit: tuple[tuple[Card, ...], ...] = ()
) -> Frame:
    """The showdown: the result message's sentences, the winners and the cards
    they played; the rabbit hunt offered (as the result message's button) or,
    once hunted, its sentence and cards."""
    message = result_message(result, locale, picture=False)
    embed = message.embed
    lines = [] if embed is None or not embed.description else embed.description.split("\n")
    return {
        "hand_no": result.hand_no,
        "title": plain(t("result.title", locale, hand_no=result.hand_no)),
        "lines": [plain(line) for line in lines],
        "winners": sorted({name for win in result.wins for name, _ in win.winners}),
        "winning_cards": sorted({str(card) for win in result.wins for card in win.winning_cards}),
        "rabbit": {
            "offered": result.rabbit_hunt and not rabbit,
            "label": t("button.rabbit_hunt", locale),
            "text": plain(rabbit_text(result.hand_no, rabbit, locale)) if rabbit else "",
            "boards": [_cards(board) for board in rabbit],
        },
    }


def _choices(choices: Choices, locale: str) -> Frame:
    quick = [
        {
            "move": size.value,
            "amount": amount,
            "label": t(quick_size_key(size), locale, amount=amount),
        }
        for size, amount in choices.quick_sizes
    ]
    return {
        "seq": choices.seq,
        "can_fold": choices.can_fold,
        "can_check": choices.can_check,
        "call_amount": choices.call_amount,
        "call_is_all_in": choices.call_is_all_in,
        "can_raise": choices.can_raise,
        "is_bet": choices.is_bet,
        "min_raise_to": choices.min_raise_to,
        "max_raise_to": choices.max_raise_to,
        "quick": quick,
        "can_bring_in": choices.can_post_bring_in,
        "bring_in_amount": choices.bring_in_amount,
        "is_completion": choices.is_completion,
        "raise_choices": list(choices.raise_choices),
    }


def seat_part(
    own: PrivateView | None,
    choices: Choices | None,
    discard: DiscardChoices | None,
    *,
    user_id: int,
    seated: bool,
    showdown_choice: bool,
    sitting_out: bool,
    locale: str,
    can_show: bool = False,
    pre_actions: tuple[tuple[PreAction, ...], PreAction | None, int] | None = None,
    time_bank: int | None = None,
    runout_choice: bool = False,
    bomb_vote: bool = False,
    show_single: tuple[int, ...] = (),
    home_form: Frame | None = None,
    best: list[str] | None = None,
) -> Frame:
    """What only the seated viewer is sent: their cards, their best hand, their
    options; ``time_bank``: seconds in their bank (``None``: the table has none);
    ``runout_choice``: they are asked to run it twice; ``bomb_vote``: they may
    vote for a bomb pot; ``show_single``: after the hand, which of their cards
    (places in ``cards``) they may show one at a time (none: only all together);
    ``best``: :func:`best_words` of ``own`` if already said."""
    return {
        #: The opener's ``/poker homegame`` options (:func:`home_form`); ``None``: not theirs.
        "home_form": home_form,
        "time_bank": time_bank,
        "runout_choice": runout_choice,
        "bomb_vote": bomb_vote,
        "show_single": list(show_single),
        "user_id": member_id(user_id),
        "seated": seated,
        "sitting_out": sitting_out,
        "hand_no": None if own is None else own.hand_no,
        "cards": [] if own is None else _cards(own.cards),
        # In the reader's words, as Discord's "My cards" says it (the engine's are English).
        "best": [] if own is None else best if best is not None else best_words(own, locale),
        "folded": False if own is None else own.folded,
        "choices": None if choices is None else _choices(choices, locale),
        "showdown_choice": showdown_choice,
        #: The hand is over: the player may show their cards of it (the table decides).
        "can_show": can_show,
        #: Choices made before the turn (the engine's offer), and the one chosen.
        "pre_actions": None
        if pre_actions is None
        else {
            "offered": [
                {
                    "kind": kind.value,
                    "label": t(f"seat.pre.{kind.value}", locale, amount=pre_actions[2]),
                }
                for kind in pre_actions[0]
            ],
            "chosen": None if pre_actions[1] is None else pre_actions[1].value,
            "clear": t("seat.pre.clear", locale),
        },
        "discard": None
        if discard is None
        else {
            "seq": discard.seq,
            "low": discard.low,
            "high": discard.high,
            "draw": discard.draw,
            "point": discard.point,
        },
    }


def best_words(own: PrivateView, locale: str) -> list[str]:
    """The seat's best hand in the reader's words, as Discord's "My cards" says it."""
    return [hand_label(h, locale) for h in own.hands] or list(own.best)


def home_form(values: Mapping[str, object], locale: str) -> Frame:
    """``/poker homegame``'s options as the opener's page offers them: each
    with its value agreed now, its kind and range, and the command's own
    description of it as its label."""
    return {
        "title": t("command.poker.homegame.description", locale),
        "save": t("web.home_save", locale),
        "fields": [
            {
                "name": option.name,
                "kind": "bool" if option.kind is bool else "int",
                "value": values.get(option.name),
                "low": option.low,
                "high": option.high,
                "label": t(option.description, locale),
            }
            for option in HOME_OPTIONS
        ],
    }


def table_frame(public: Frame, seat: Frame | None) -> Frame:
    """A table frame: the public part, and the viewer's own part when seated."""
    return {"type": "table", "table": public, "me": seat}


def frame_text(public_text: str, seat: Frame | None) -> str:
    """A table frame as JSON, but for its number, from its public part already
    serialised (``json.dumps(public)``, once per language for every viewer);
    :func:`numbered` closes it. The text is ``json.dumps`` of the whole frame,
    ``{"type", "table", "me", "n"}`` in that order, as ``send_json`` would send it."""
    # A spectator's (no seat): the text json.dumps gives None, without asking it.
    me = "null" if seat is None else json.dumps(seat)
    return '{"type": "table", "table": ' + public_text + ', "me": ' + me


def numbered(text: str, n: int) -> str:
    """The frame begun by :func:`frame_text`, with its number ``n``."""
    return f'{text}, "n": {n}}}'
