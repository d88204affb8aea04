"""A stand-in for discord.Interaction that records what the bot answers.

Just enough to call a command's callback directly; the end-to-end tests run the
real client against a fake Discord instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord


@dataclass
class FakeUser:
    id: int
    name: str = "player"
    bot: bool = False

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def display_name(self) -> str:
        return self.name


@dataclass
class Answer:
    content: str | None
    embed: discord.Embed | None
    view: discord.ui.View | None
    ephemeral: bool
    kind: str
    files: tuple[discord.File, ...] = ()


@dataclass
class FakeResponse:
    answers: list[Answer]
    done: bool = False

    def is_done(self) -> bool:
        return self.done

    async def send_message(
        self,
        content: str | None = None,
        *,
        embed: discord.Embed | None = None,
        view: discord.ui.View | None = None,
        ephemeral: bool = False,
        allowed_mentions: discord.AllowedMentions | None = None,
    ) -> None:
        assert not self.done, "answered twice"
        self.done = True
        self.answers.append(Answer(content, embed, view, ephemeral, "message"))

    async def edit_message(
        self, *, embed: discord.Embed | None = None, view: discord.ui.View | None = None
    ) -> None:
        assert not self.done, "answered twice"
        self.done = True
        self.answers.append(Answer(None, embed, view, False, "edit"))

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        assert not self.done, "answered twice"
        self.done = True
        self.answers.append(Answer(None, None, None, ephemeral, "defer"))


@dataclass
class FakeFollowup:
    answers: list[Answer]

    async def send(
        self,
        content: str | None = None,
        *,
        embed: discord.Embed | None = None,
        file: discord.File | None = None,
        ephemeral: bool = False,
    ) -> None:
        files = () if file is None else (file,)
        self.answers.append(Answer(content, embed, None, ephemeral, "followup", files))


@dataclass
class FakeInteraction:
    client: Any
    user: FakeUser
    guild_id: int | None = 100
    locale: discord.Locale = discord.Locale.american_english
    answers: list[Answer] = field(default_factory=list)
    command: Any = None
    data: dict[str, Any] = field(default_factory=dict)
    #: discord.Interaction.extras: what handlers note on the interaction.
    extras: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.response = FakeResponse(self.answers)
        self.followup = FakeFollowup(self.answers)

    @property
    def answer(self) -> Answer:
        """The one answer; after a defer, the followup that fills it in."""
        answers = [a for a in self.answers if a.kind != "defer"] or self.answers
        (answer,) = answers
        return answer
