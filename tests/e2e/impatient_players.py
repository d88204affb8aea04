"""Impatient players for the kill test: they act and never wait for the answer.

They read what a person would read (the newest table message of the channel:
who is to act, the buttons) and do what a person could do: click a button,
fill in the raise form, type an action command. Unlike
:mod:`tests.e2e.table_players`, they do not wait for the table to move on,
because the bot they play with may be killed at any moment.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.render.custom_ids import TABLE_BUTTON
from tests.e2e.fake_discord import FakeDiscord, Member, NoResponse, Reply, StoredMessage
from tests.e2e.table_view import is_table_message as shows_a_table

_TO_ACT = re.compile(r"To act: \*\*(?P<name>.+?)\*\*, the clock acts <t:(?P<deadline>\d+):R>")
_HAND_NO = re.compile(r"\*\*Hand (?P<hand>\d+)\*\*")

#: Buttons a player to act clicks, weighted towards hands that go on.
ACTION_WEIGHTS: dict[str, int] = {
    "call": 10,
    "fold": 2,
    "min": 2,
    "half": 1,
    "pot": 1,
    "allin": 1,
    "raise": 1,
    # Stud: bring in, or bet the small or big bet on an open pair.
    "bringin": 10,
    "small": 2,
    "big": 1,
    # Draw games and Pineapple: the only button while cards are thrown away.
    "discard": 10,
    # The showdown, a hand that cannot win: show it or muck it.
    "show": 3,
    "muck": 5,
}
SELECT_MENU = 3


@dataclass(frozen=True)
class TableView:
    """The newest table message of a channel, as a player reads it."""

    message: StoredMessage
    table_id: int | None
    hand_no: int | None
    seq: int | None
    actor: str | None
    deadline: int | None
    buttons: dict[str, str]  # action -> custom id, enabled ones only

    @classmethod
    def of(cls, message: StoredMessage) -> TableView:
        text = message.text()
        buttons: dict[str, str] = {}
        table_id = seq = hand_no = None
        for component in message.all_components():
            found = TABLE_BUTTON.fullmatch(str(component.get("custom_id", "")))
            if found is None:
                continue
            table_id, hand_no, seq = int(found["table"]), int(found["hand"]), int(found["seq"])
            if not component.get("disabled"):
                buttons[found["action"]] = found.group(0)
        if hand_no is None and (numbered := _HAND_NO.search(text)) is not None:
            hand_no = int(numbered["hand"])
        to_act = _TO_ACT.search(text)
        return cls(
            message,
            table_id,
            hand_no,
            seq,
            None if to_act is None else to_act["name"],
            None if to_act is None else int(to_act["deadline"]),
            buttons,
        )


def is_table_message(message: StoredMessage, bot_id: int) -> bool:
    return (
        message.author_id == bot_id
        and not message.ephemeral
        and message.kind != "dm"
        and shows_a_table(message)
    )


def newest_table(
    fake: FakeDiscord,
    channel_id: int,
    *,
    after: int = 0,
    versions: Mapping[int, int] | None = None,
) -> TableView | None:
    """The table message of ``channel_id`` posted last (with an id above ``after``,
    or, given the ``versions`` messages had then, edited since)."""
    bot_id = fake.state.bot.id
    for message in reversed(fake.messages(channel_id)):
        edited = versions is not None and message.version > versions.get(message.id, 0)
        if message.id <= after and not edited:
            if versions is None:
                break
            continue
        if is_table_message(message, bot_id):
            return TableView.of(message)
    return None


def text_input_id(modal: dict[str, Any]) -> str:
    """The custom id of the first text input of a modal the bot opened."""
    stack = list(modal.get("components") or [])
    while stack:
        component = stack.pop(0)
        if component.get("type") == 4:
            return str(component["custom_id"])
        stack[:0] = list(component.get("components") or [])
        if "component" in component:
            stack.insert(0, component["component"])
    raise LookupError("the modal has no text input")


class Players:
    """The members who play at one channel's table, by display name."""

    def __init__(self, fake: FakeDiscord, channel_id: int, members: list[Member]) -> None:
        self.fake = fake
        self.channel_id = channel_id
        self.by_name = {member.name: member for member in members}

    def view(
        self, *, after: int = 0, versions: Mapping[int, int] | None = None
    ) -> TableView | None:
        return newest_table(self.fake, self.channel_id, after=after, versions=versions)

    async def act(self, rng: random.Random, view: TableView, *, wait: bool = False) -> Reply | None:
        """The player to act clicks a random enabled action button (or types a command)."""
        member = self.by_name.get(view.actor or "")
        offered = [action for action in ACTION_WEIGHTS if action in view.buttons]
        if member is None or not offered:
            return None
        action = rng.choices(offered, [ACTION_WEIGHTS[a] for a in offered])[0]
        if rng.random() < 0.15:  # some players type instead of clicking
            if action in ("show", "muck"):
                return await member.slash("poker", action, channel=self.channel_id, wait=wait)
            command = {"call": "call", "fold": "fold"}.get(action, "call")
            return await member.slash(command, channel=self.channel_id, wait=wait)
        if action == "discard":
            return await self._discard(rng, member, view)
        if action == "raise":
            try:
                opened = await member.click(
                    custom_id=view.buttons["raise"], message=view.message, timeout=1.0
                )
            except NoResponse:  # the bot is gone, or slow: the form never opened
                return None
            if opened.modal is None:
                return opened
            amount = rng.choice(["20", "40", "100", "abc", "-5", "1e9", "99999999"])
            return await member.submit_modal({text_input_id(opened.modal): amount}, wait=wait)
        return await member.click(custom_id=view.buttons[action], message=view.message, wait=wait)

    async def _discard(self, rng: random.Random, member: Member, view: TableView) -> Reply | None:
        """Open the discard menu (only the player sees it) and throw some cards away."""
        try:
            opened = await member.click(
                custom_id=view.buttons["discard"], message=view.message, timeout=1.0
            )
        except NoResponse:
            return None
        menu = opened.message
        if menu is None:
            return opened
        selects = [c for c in menu.all_components() if c.get("type") == SELECT_MENU]
        if not selects or ("Stand pat" in menu.button_labels and rng.random() < 0.3):
            if "Stand pat" not in menu.button_labels:
                return opened
            return await member.click("Stand pat", message=menu, wait=False)
        select = selects[0]
        values = [str(option["value"]) for option in select.get("options", [])]
        low = max(1, int(select.get("min_values", 1)))
        high = min(int(select.get("max_values", 1)), len(values))
        picked = rng.sample(values, rng.randint(low, high))
        return await member.select(str(select["custom_id"]), picked, message=menu, wait=False)
