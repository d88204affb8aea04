"""What a viewer's page may ask of the table, read strictly and passed to the
same :class:`~bot.tables.runner.TableRunner` methods the Discord buttons call.

A message is a JSON object with a ``type``: ``act`` (a ``move`` named as the
buttons name theirs, an ``amount`` for a bet or raise, ``cards`` to throw away,
and the ``hand_no`` and ``seq`` the page saw, so a stale click is refused as a
stale button is), ``join`` (``buy_in``, ``seat``), ``leave``, ``top_up``
(``amount``), ``sit_out``, ``sit_in``, ``show`` (the player's cards of the
hand just over; ``card``: the place of one card to show alone where the
engine allows it), ``pre_action`` (``kind``, ``null`` to clear; ``hand_no``),
``vote_bomb`` (a vote for a bomb pot: the answer says how the vote stands),
``rabbit`` (``hand_no``: the rabbit hunt after that hand, as the result
message's button: the first hunt posted to the channel), ``homegame``
(``options``: ``/poker homegame``'s, by name, only those to change; the
opener's alone, as the command) and
``deck`` (``deck``: ``two_colour`` or ``four_colour``, the player's deck as
``/poker deck`` keeps it; the answer names it). Running it twice is an ``act``
(``move`` ``twice`` or ``once``), as the buttons send it.
Every request spends one of the member's flood budget (:mod:`bot.cooldowns`)
first. The answer is ``{"type": "done"}`` or
``{"type": "refused", "text": ...}`` with the sentence the slash command would
give, in the viewer's language; a message that is not one of these is refused
politely and changes nothing. A spectator may ask nothing.
"""

from __future__ import annotations

import json
import math
from collections.abc import Awaitable, Callable
from typing import Any, Final

from discord import app_commands

from bot.cooldowns import MemberCooldown
from bot.errors import CroupierError
from bot.i18n import t
from bot.player_decks import set_deck
from bot.render.card_faces import DECK_STYLES
from bot.render.home_lines import rabbit_text, vote_answer
from bot.render.message import OutgoingMessage
from bot.table_options import HOME_OPTIONS
from bot.tables.home_game import saved_answer
from bot.tables.requests import ActionRequest, Move
from bot.tables.runner import TableRunner
from engine import Card, PreAction
from web.frames import Frame, plain
from web.viewers import Viewer

#: The member's name in a server as ``/poker join`` gives it: ``(guild_id, user_id)``.
SeatName = Callable[[int, int], Awaitable[str | None]]

#: The largest amount a message may name (more than any stack can hold).
MAX_AMOUNT: Final = 10**15
#: The most cards a discard may name.
MAX_CARDS: Final = 10


class Malformed(ValueError):
    """The message is not one the page sends."""


def refused(text: str) -> Frame:
    return {"type": "refused", "text": text}


def refused_malformed(locale: str) -> Frame:
    """The answer to a message the page would never send."""
    return refused(t("web.malformed", locale))


def _int(data: dict[str, Any], field: str, *, optional: bool = False) -> int | None:
    value = data.get(field)
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_AMOUNT:
        raise Malformed(field)
    return value


def _cards(data: dict[str, Any]) -> tuple[Card, ...]:
    names = data.get("cards", [])
    if not isinstance(names, list) or len(names) > MAX_CARDS:
        raise Malformed("cards")
    if not all(isinstance(name, str) and len(name) == 2 for name in names):
        raise Malformed("cards")
    try:
        return tuple(Card.parse(name) for name in names)
    except ValueError:
        raise Malformed("cards") from None


def _home_changes(data: dict[str, Any]) -> dict[str, object]:
    """``/poker homegame``'s options as the page names them (``options``: only
    those to change), each of its kind and in Discord's range for it."""
    options = data.get("options")
    if not isinstance(options, dict) or not options or len(options) > len(HOME_OPTIONS):
        raise Malformed("options")
    known = {option.name: option for option in HOME_OPTIONS}
    changes: dict[str, object] = {}
    for name, value in options.items():
        option = known.get(name)
        if option is None:
            raise Malformed("options")
        if option.kind is bool:
            if not isinstance(value, bool):
                raise Malformed(name)
        elif (
            not isinstance(value, int)
            or isinstance(value, bool)
            or (option.low is not None and value < option.low)
            or (option.high is not None and value > option.high)
        ):
            raise Malformed(name)
        changes[name] = value
    return changes


def parse(text: str) -> dict[str, Any]:
    """The message as an object, or :class:`Malformed`."""
    try:
        data = json.loads(text)
    except ValueError:
        raise Malformed("json") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise Malformed("type")
    return data


async def handle(
    runner: TableRunner,
    viewer: Viewer,
    text: str,
    cooldown: MemberCooldown,
    seat_name: SeatName | None = None,
) -> Frame:
    """Do what the message asks, as the viewer, and say how it went;
    ``seat_name``: the member's name in the table's server (``/poker join``'s)."""
    locale = viewer.locale
    try:
        data = parse(text)
    except Malformed:
        return refused_malformed(locale)
    user_id = viewer.user_id
    if user_id is None:
        return refused(t("web.watching_only", locale))
    try:
        cooldown.check_member(viewer.guild_id, user_id)
    except app_commands.CommandOnCooldown as error:
        return refused(t("error.cooldown", locale, seconds=math.ceil(error.retry_after)))
    try:
        said = await _dispatch(runner, viewer, user_id, data, seat_name)
    except Malformed:
        return refused_malformed(locale)
    except CroupierError as error:
        return refused(error.sentence(locale))
    return {"type": "done"} | (said or {})


async def _dispatch(
    runner: TableRunner,
    viewer: Viewer,
    user_id: int,
    data: dict[str, Any],
    seat_name: SeatName | None = None,
) -> Frame | None:
    """Ask the runner; what the answer adds to "done" (a vote's standing, the deck)."""
    match data["type"]:
        case "act":
            move_name = data.get("move")
            try:
                move = Move(move_name)
            except ValueError:
                raise Malformed("move") from None
            request = ActionRequest(
                move,
                _int(data, "amount", optional=True),
                _cards(data) if move is Move.DISCARD else (),
            )
            await runner.act(
                user_id,
                request,
                hand_no=_int(data, "hand_no", optional=True),
                seq=_int(data, "seq", optional=True),
            )
        case "join":
            # The name Discord's table gives them (their server nickname), else the signed-in one.
            named = None
            if seat_name is not None and viewer.guild_id is not None:
                named = await seat_name(viewer.guild_id, user_id)
            await runner.join(
                user_id,
                named or viewer.name or str(user_id),
                buy_in=_int(data, "buy_in", optional=True),
                seat=_int(data, "seat", optional=True),
                locale=viewer.locale,
            )
        case "leave":
            await runner.leave(user_id)
        case "top_up":
            amount = _int(data, "amount")
            assert amount is not None
            await runner.top_up(user_id, amount)
        case "pre_action":
            kind_name = data.get("kind")
            try:
                kind = None if kind_name is None else PreAction(kind_name)
            except ValueError:
                raise Malformed("kind") from None
            hand_no = _int(data, "hand_no")
            assert hand_no is not None
            await runner.choose_pre_action(user_id, kind, hand_no)
        case "show":
            card = _int(data, "card", optional=True)
            if card is not None and card >= MAX_CARDS:
                raise Malformed("card")
            await runner.show_cards(user_id, card, hand_no=_int(data, "hand_no", optional=True))
        case "vote_bomb":
            counted = await runner.vote_bomb_pot(user_id)
            name = viewer.name or str(user_id)
            return {"text": vote_answer(counted, name, viewer.locale)}
        case "deck":
            deck = data.get("deck")
            if deck not in DECK_STYLES:
                raise Malformed("deck")
            await set_deck(runner.services.database, user_id, deck)
            return {"deck": deck}
        case "rabbit":
            # As the result message's button: the first hunt is posted to the
            # channel (the pages show it with the result), a later one is
            # answered to the asker alone.
            hand_no = _int(data, "hand_no")
            assert hand_no is not None
            hunt = await runner.hunt_rabbit(hand_no)
            if hunt.first:
                table_words = rabbit_text(hand_no, hunt.boards, runner.settings.locale)
                runner.publisher.post(OutgoingMessage(content=table_words))
            return {"text": plain(rabbit_text(hand_no, hunt.boards, viewer.locale))}
        case "homegame":
            changed = await runner.change_home_options(user_id, **_home_changes(data))
            return {"text": plain(saved_answer(changed, viewer.locale))}
        case "sit_out":
            await runner.sit_out(user_id)
        case "sit_in":
            await runner.sit_in(user_id)
        case _:
            raise Malformed("type")
    return None
