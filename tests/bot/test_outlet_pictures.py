"""A result's picture goes out as an attachment; where the bot may post but
not attach files, the words go out alone (the picture is never worth the
result)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord

from bot.render.message import OutgoingFile, OutgoingMessage
from bot.tables.outlet import DiscordOutlet


@dataclass
class _Response:
    status: int = 403
    reason: str = "Forbidden"


@dataclass
class Channel:
    refuse_files: bool
    sent: list[dict[str, Any]] = field(default_factory=list)

    async def send(self, **fields: Any) -> None:
        files = fields.get("files")
        if self.refuse_files and files not in (None, discord.utils.MISSING):
            raise discord.Forbidden(_Response(), {"code": 50013, "message": "Missing Permissions"})  # type: ignore[arg-type]
        self.sent.append(fields)


@dataclass
class Client:
    channel: Channel

    def get_partial_messageable(self, channel_id: int) -> Channel:
        return self.channel


def result() -> OutgoingMessage:
    embed = discord.Embed(title="Hand 7", description="Ann wins the pot of **120**.")
    embed.set_image(url="attachment://showdown.png")
    return OutgoingMessage(embed=embed, files=(OutgoingFile("showdown.png", b"png", "alt"),))


async def test_the_picture_is_attached() -> None:
    channel = Channel(refuse_files=False)
    await DiscordOutlet(Client(channel), 1).post(result())  # type: ignore[arg-type]
    (sent,) = channel.sent
    (file,) = sent["files"]
    assert file.filename == "showdown.png" and file.description == "alt"


async def test_without_permission_to_attach_the_words_go_out_alone() -> None:
    channel = Channel(refuse_files=True)
    await DiscordOutlet(Client(channel), 1).post(result())  # type: ignore[arg-type]
    (sent,) = channel.sent
    assert sent["files"] is discord.utils.MISSING
    assert sent["embed"].description == "Ann wins the pot of **120**."
    assert not sent["embed"].image  # no picture pointing at a file that is not there
