"""The custom ids of the table message's buttons, the raise modal and the
discard menu.

A button's id carries the table, the hand number and how many actions the
hand had when the buttons were drawn, so a click on an old hand's message, a
double click and a click that arrives after someone else acted are all
recognised and refused. Ids are at most 100 characters, as Discord requires.

>>> table_button_id(7, 12, 3, "call")
'croupier:table:7:12:3:call'
>>> TABLE_BUTTON.fullmatch('croupier:table:7:12:3:call')['action']
'call'
"""

from __future__ import annotations

import re
from typing import Final

MAX_CUSTOM_ID: Final = 100

#: The buttons under a table message, by the action in their id.
BUTTON_ACTIONS: Final = (
    "fold",
    "call",
    "raise",
    "min",
    "half",
    "pot",
    "allin",
    "cards",
    "bringin",
    "small",
    "big",
    "discard",
    # Run it twice: the rest of the board twice, or once.
    "twice",
    "once",
    # At the showdown, a hand that cannot win: show it or muck it.
    "show",
    "muck",
)

TABLE_BUTTON: Final = re.compile(
    r"croupier:table:(?P<table>\d{1,20}):(?P<hand>\d{1,10}):(?P<seq>\d{1,6}):"
    r"(?P<action>fold|call|raise|min|half|pot|allin|cards|bringin|small|big|discard|twice|once|show|muck)"
)
RAISE_MODAL: Final = re.compile(
    r"croupier:raise:(?P<table>\d{1,20}):(?P<hand>\d{1,10}):(?P<seq>\d{1,6})"
)


def table_button_id(table_id: int, hand_no: int, seq: int, action: str) -> str:
    if action not in BUTTON_ACTIONS:
        raise ValueError(f"no table button {action!r}")
    custom_id = f"croupier:table:{table_id}:{hand_no}:{seq}:{action}"
    assert len(custom_id) <= MAX_CUSTOM_ID
    return custom_id


def raise_modal_id(table_id: int, hand_no: int, seq: int) -> str:
    return f"croupier:raise:{table_id}:{hand_no}:{seq}"


DISCARD_MENU: Final = re.compile(
    r"croupier:discard:(?P<table>\d{1,20}):(?P<hand>\d{1,10}):(?P<seq>\d{1,6})"
)


def discard_menu_id(table_id: int, hand_no: int, seq: int) -> str:
    return f"croupier:discard:{table_id}:{hand_no}:{seq}"


#: The rabbit hunt's button, on the result of a hand that ended before its board was complete.
RABBIT_BUTTON: Final = re.compile(r"croupier:rabbit:(?P<table>\d{1,20}):(?P<hand>\d{1,10})")


def rabbit_button_id(table_id: int, hand_no: int) -> str:
    return f"croupier:rabbit:{table_id}:{hand_no}"


#: The buttons of a waiting cash table: sit down, leave, top up.
SEAT_DESK_ACTIONS: Final = ("sit", "leave", "topup", "rebuy", "addon")
SEAT_DESK_BUTTON: Final = re.compile(
    r"croupier:seatdesk:(?P<table>\d{1,20}):(?P<action>sit|leave|topup|rebuy|addon)"
)
SIT_DOWN_FORM: Final = re.compile(r"croupier:sitform:(?P<table>\d{1,20})")
TOP_UP_FORM: Final = re.compile(r"croupier:topupform:(?P<table>\d{1,20})")


def seat_desk_button_id(table_id: int, action: str) -> str:
    """The id of a waiting table's button.

    >>> seat_desk_button_id(7, "sit")
    'croupier:seatdesk:7:sit'
    """
    if action not in SEAT_DESK_ACTIONS:
        raise ValueError(f"no seat desk button {action!r}")
    return f"croupier:seatdesk:{table_id}:{action}"


def sit_down_form_id(table_id: int) -> str:
    return f"croupier:sitform:{table_id}"


def top_up_form_id(table_id: int) -> str:
    return f"croupier:topupform:{table_id}"


# The seat view's action buttons (issue 23): the table message's actions, on a
# player's own ephemeral seat view. Same table, hand and action count as the
# table's buttons, so the runner refuses a stale or doubled click alike; their
# own prefix tells the click came from the seat view (answered there, never by
# the table message's edit).
#: (Show or muck at the showdown has its own buttons there: :mod:`bot.render.seat_view`.)
SEAT_ACTIONS: Final = tuple(
    action for action in BUTTON_ACTIONS if action not in ("cards", "show", "muck")
)
SEAT_BUTTON: Final = re.compile(
    r"croupier:seat:(?P<table>\d{1,20}):(?P<hand>\d{1,10}):(?P<seq>\d{1,6}):"
    r"(?P<action>fold|call|raise|min|half|pot|allin|bringin|small|big|discard|twice|once)"
)


def seat_button_id(table_id: int, hand_no: int, seq: int, action: str) -> str:
    """The id of a seat view's action button.

    >>> seat_button_id(7, 12, 3, "fold")
    'croupier:seat:7:12:3:fold'
    """
    if action not in SEAT_ACTIONS:
        raise ValueError(f"no seat view button {action!r}")
    custom_id = f"croupier:seat:{table_id}:{hand_no}:{seq}:{action}"
    assert len(custom_id) <= MAX_CUSTOM_ID
    return custom_id


#: "Open the table in Discord": launches the table's Activity (cogs/activity.py).
ACTIVITY_BUTTON: Final = re.compile(r"croupier:activity:(?P<table>\d{1,20})")


def activity_button_id(table_id: int) -> str:
    return f"croupier:activity:{table_id}"
