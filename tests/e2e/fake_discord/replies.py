"""What the bot answered to one member action, as a test reads it.

A `Reply` wraps an interaction record: the callback type the bot chose, the
message it showed (created, or updated in place), whether only the member
sees it, the modal it opened and the followups it sent. It reads live state,
so after a defer `await reply.settled()` shows the finished answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import interactions as ix
from .interactions import InteractionRecord
from .messages import StoredMessage

if TYPE_CHECKING:
    from .server import FakeDiscord


class NoResponse(AssertionError):
    """The bot did not answer an interaction in time (or Discord refused its answer)."""


class Reply:
    """The bot's answer to one interaction."""

    def __init__(self, fake: FakeDiscord, record: InteractionRecord, action: str) -> None:
        self._fake = fake
        self.interaction = record
        self.action = action

    def __repr__(self) -> str:
        return (
            f"<Reply to {self.action}: type={self.type} ephemeral={self.ephemeral} {self.text!r}>"
        )

    @property
    def type(self) -> int | None:
        """4 message, 5 deferred message, 6 deferred update, 7 update, 9 modal; None: no answer."""
        return self.interaction.response_type

    @property
    def deferred(self) -> bool:
        return self.type in (ix.DEFERRED_CHANNEL_MESSAGE, ix.DEFERRED_UPDATE_MESSAGE)

    @property
    def silent(self) -> bool:
        """Acknowledged without a message of its own (6: a deferred update; 7: the
        clicked message updated in the answer): how a table click that acted is
        answered, the table message showing the action."""
        return self.type in (ix.DEFERRED_UPDATE_MESSAGE, ix.UPDATE_MESSAGE)

    @property
    def said(self) -> list[str]:
        """What the bot told the member so far: the answer's own message (4, 5),
        then each followup. An updated message (7) is not something said."""
        told = []
        if self.type in (ix.CHANNEL_MESSAGE, ix.DEFERRED_CHANNEL_MESSAGE) and self.message:
            told.append(self.message.text())
        told.extend(m.text() for m in self.followups)
        return [text for text in told if text]

    async def sentence(self, timeout: float = 5.0) -> str:
        """The first thing the bot told the member (a refusal, a confirmation): the
        answer's own message, or the first followup of a silent answer."""
        await self.settled(timeout)
        if self.silent:
            return (await self.followup(timeout=timeout)).text()
        return self.said[0] if self.said else ""

    @property
    def message(self) -> StoredMessage | None:
        """The message the answer shows: a new one (4, 5) or the updated one (6, 7)."""
        message_id = self.interaction.original_message_id
        return self._fake.state.messages.get(message_id) if message_id else None

    @property
    def content(self) -> str:
        return self.message.content if self.message else ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.message.embeds if self.message else []

    @property
    def ephemeral(self) -> bool:
        return bool(self.message and self.message.ephemeral)

    @property
    def button_labels(self) -> list[str]:
        return self.message.button_labels if self.message else []

    @property
    def text(self) -> str:
        """Everything readable in the answer and its followups, one piece per line."""
        parts = [self.message.text()] if self.message else []
        parts.extend(m.text() for m in self.followups)
        if self.modal:
            parts.append(str(self.modal.get("title", "")))
        return "\n".join(p for p in parts if p)

    @property
    def modal(self) -> dict[str, Any] | None:
        return self.interaction.modal

    @property
    def followups(self) -> list[StoredMessage]:
        messages = self._fake.state.messages
        return [messages[i] for i in self.interaction.followup_ids]

    async def answered(self, timeout: float | None = None) -> Reply:
        """Wait for the bot's first answer; `NoResponse` if none comes in time."""
        wait = self._fake.reply_timeout if timeout is None else timeout
        try:
            await self._fake.wait_for(lambda: self.interaction.acknowledged, timeout=wait)
        except TimeoutError:
            refused = self.interaction.refused_codes
            why = f" (Discord refused the bot's answers: {refused})" if refused else ""
            raise NoResponse(
                f"the bot did not answer {self.action} within {wait:.1f} s{why}"
            ) from None
        return self

    async def settled(self, timeout: float = 5.0) -> Reply:
        """After a "thinking" defer, wait until the bot filled the message in."""
        await self.answered()

        def filled() -> bool:
            message = self.message
            return message is not None and not message.loading

        if self.type == ix.DEFERRED_CHANNEL_MESSAGE:
            await self._fake.wait_for(filled, timeout=timeout)
        return self

    async def followup(self, number: int = 1, timeout: float = 5.0) -> StoredMessage:
        """The `number`-th followup message, waiting for it to arrive."""
        await self._fake.wait_for(lambda: len(self.interaction.followup_ids) >= number, timeout)
        return self.followups[number - 1]
