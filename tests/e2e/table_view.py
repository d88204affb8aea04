"""A table as the members of its channel see it in the fake Discord.

Only what Discord shows is read here: the table message (the text of its
Components V2 layout and the custom ids of its buttons, which carry the table, the hand and how many
actions the hand had when they were drawn), and each hand's result, which the
hand's own table message ends with once the hand is over. Tests drive play
from this view, never from the runner's memory, so they see the bot the way
its players do.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Any

from bot.render.custom_ids import TABLE_BUTTON
from tests.e2e.fake_discord import FakeDiscord, StoredMessage
from tests.e2e.fake_discord.components import CONTAINER, TEXT_DISPLAY
from tests.e2e.fake_discord.message_rules import IS_COMPONENTS_V2

#: "To act: **Ann**, the clock acts <t:…:R>" in the table message (a name's own
#: markdown characters are escaped with backslashes, as the bot shows names).
TO_ACT = re.compile(r"To act: \*\*(?P<name>(?:\\.|[^*\\])+)\*\*")
#: The hand number in a table message's first line.
RESULT_TITLE = re.compile(r"Hand (?P<hand>\d+)")
#: The line of a table message whose hand is over (and which ends with its result).
HAND_OVER = "The hand is over."
#: The actions a player takes by button (the "cards" button only shows cards).
ACTION_BUTTONS = (
    "fold", "call", "raise", "min", "half", "pot", "allin",
    "bringin", "small", "big", "discard", "show", "muck",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Turn:
    """One moment of a hand as the table message shows it: who is to act and
    which buttons they may press."""

    message_id: int
    table_id: int
    hand_no: int
    seq: int
    actor: str
    #: Enabled action buttons: action -> label.
    buttons: dict[str, str]

    @property
    def key(self) -> tuple[int, int]:
        """Orders the moments of a table: by hand, then by actions taken."""
        return (self.hand_no, self.seq)

    def amount_of(self, action: str) -> int | None:
        """The chips in a button's label, e.g. 20 for "Call 20" or "Min (20)"."""
        numbers = re.findall(r"\d[\d,]*", self.buttons.get(action, ""))
        return int(numbers[-1].replace(",", "")) if numbers else None

    def raise_range(self) -> tuple[int, int] | None:
        """The least and most the raise form accepts, from "Raise… (20–500)"."""
        label = self.buttons.get("raise", "")
        found = re.search(r"\((\d[\d,]*)–(\d[\d,]*)\)", label)
        if found is None:
            return None
        return int(found[1].replace(",", "")), int(found[2].replace(",", ""))


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat's line: "⏳ 3. **Cat** (D) · **740** · bet 20 · all in"."""

    seat: int
    name: str
    stack: int
    #: The rest of the field's value: bets and states ("folded", "sitting out", ...).
    status: str


SEAT = re.compile(
    r"^(?:⏳ )?(?P<seat>\d+)\. (?:\*\*)?(?P<name>\S+?)(?:\*\*)?(?: \([A-Z]+\))*"
    r" · \*\*(?P<stack>\d[\d,]*)\*\*(?P<status>.*)$",
    re.MULTILINE,
)


def layout_text(message: StoredMessage) -> str:
    """The text of a Components V2 message: its text displays, in order."""
    return "\n".join(
        str(component.get("content") or "")
        for component in message.all_components()
        if component.get("type") == TEXT_DISPLAY
    )


def title_of(message: StoredMessage) -> str:
    """The table message's first line, without its small-type mark and hand number."""
    first = layout_text(message).split("\n", 1)[0].removeprefix("-# ")
    return first.split(" · **Hand", 1)[0]


def seats_of(message: StoredMessage) -> dict[str, SeatLine]:
    seats = {}
    for line in SEAT.finditer(layout_text(message)):
        seats[line["name"]] = SeatLine(
            int(line["seat"]), line["name"], int(line["stack"].replace(",", "")), line["status"]
        )
    return seats


def table_buttons(message: StoredMessage) -> list[tuple[re.Match[str], dict[str, Any]]]:
    """The table buttons on a message, with their parsed custom ids."""
    found = []
    for component in message.all_components():
        match = TABLE_BUTTON.fullmatch(str(component.get("custom_id") or ""))
        if match is not None:
            found.append((match, component))
    return found


def result_hand(message: StoredMessage) -> int | None:
    """The hand whose result a table message ends with (``None``: none yet)."""
    text = layout_text(message)
    if HAND_OVER not in text:
        return None
    found = RESULT_TITLE.search(text.split("\n", 1)[0])
    return None if found is None else int(found["hand"])


def is_table_message(message: StoredMessage) -> bool:
    """The table message of a hand, or of a table between hands: a Components V2
    container (results and notices are embeds or plain text)."""
    if message.kind != "channel" or not message.flags & IS_COMPONENTS_V2:
        return False
    return any(component.get("type") == CONTAINER for component in message.components)


def turn_of(message: StoredMessage) -> Turn | None:
    """The turn a table message offers, if it shows one."""
    buttons = table_buttons(message)
    actions = {
        match["action"]: str(component.get("label") or "")
        for match, component in buttons
        if match["action"] in ACTION_BUTTONS and not component.get("disabled")
    }
    if not actions:
        return None
    first = buttons[0][0]
    actor = TO_ACT.search(layout_text(message))
    if actor is None:
        return None
    return Turn(
        message.id,
        int(first["table"]),
        int(first["hand"]),
        int(first["seq"]),
        actor["name"],
        actions,
    )


class TableView:
    """The table in one channel, read from the fake's messages.

    The fake keeps messages in the order they were created, so the newest
    table message is found from the end, and results are collected once, as
    they arrive: long runs stay fast however many messages pile up.
    """

    def __init__(self, fake: FakeDiscord, channel_id: int | None = None) -> None:
        self.fake = fake
        self.channel_id = fake.channel.id if channel_id is None else channel_id
        self._results: dict[int, StoredMessage] = {}
        self._scanned = 0
        #: Table messages whose hand was not over when last looked at.
        self._playing: list[StoredMessage] = []

    def table_message(self) -> StoredMessage | None:
        """The newest table message in the channel."""
        for message in reversed(self.fake.state.messages.values()):
            if (
                message.channel_id == self.channel_id
                and not message.deleted
                and is_table_message(message)
            ):
                return message
        return None

    def turn(self) -> Turn | None:
        message = self.table_message()
        return None if message is None else turn_of(message)

    def seats(self) -> dict[str, SeatLine]:
        """The seats the newest table message shows, by player name."""
        message = self.table_message()
        return {} if message is None else seats_of(message)

    def results(self) -> dict[int, StoredMessage]:
        """The hands' results, by hand number: each the hand's table message, once
        it ends with the result."""
        messages = self.fake.state.messages
        for message in itertools.islice(messages.values(), self._scanned, None):
            if message.channel_id == self.channel_id and is_table_message(message):
                self._playing.append(message)
        self._scanned = len(messages)
        playing = []
        for message in self._playing:
            hand_no = result_hand(message)
            if hand_no is None:
                playing.append(message)
            else:
                self._results[hand_no] = message
        self._playing = playing
        return self._results

    async def next_turn(
        self, after: tuple[int, int] | None = None, timeout: float = 10.0
    ) -> Turn | None:
        """The first turn shown later than ``after``; ``None`` when none comes in time."""

        def newer() -> Turn | None:
            turn = self.turn()
            if turn is None or (after is not None and turn.key <= after):
                return None
            return turn

        try:
            return await self.fake.wait_for(newer, timeout)
        except TimeoutError:
            return None
