r"""What a message says: text, an embed, buttons, files; what every renderer returns
and every outlet delivers.

>>> OutgoingMessage(content="Hand 3", buttons=(ButtonSpec("id", "Fold"),)).public_text()
'Hand 3\nFold'
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Final, Literal

import discord

ButtonStyle = Literal["primary", "secondary", "success", "danger"]
#: The colour of every embed the bot posts.
EMBED_COLOUR: Final = discord.Colour.from_rgb(0x2E, 0x7D, 0x32)


@dataclass(frozen=True, slots=True)
class ButtonSpec:
    """One button: its custom id, label, colour, row (0–4) and whether it is greyed out."""

    custom_id: str
    label: str
    style: ButtonStyle = "secondary"
    row: int = 0
    disabled: bool = False


@dataclass(frozen=True, slots=True)
class OutgoingFile:
    """A file attached to a message (a picture), with its alt text."""

    filename: str
    data: bytes
    description: str | None = None

    def discord_file(self) -> discord.File:
        """A fresh discord.py file: one is used up by each send."""
        return discord.File(io.BytesIO(self.data), self.filename, description=self.description)


@dataclass(frozen=True, slots=True)
class OutgoingMessage:
    """What a message says: text, an embed, buttons, files. Built by ``bot.render``."""

    content: str | None = None
    embed: discord.Embed | None = None
    buttons: tuple[ButtonSpec, ...] = field(default=())
    files: tuple[OutgoingFile, ...] = field(default=())

    def public_text(self) -> str:
        """Everything a reader sees, as one string (for logs and tests)."""
        parts = [self.content or ""]
        if self.embed is not None:
            data = self.embed.to_dict()
            parts += [data.get("title", ""), data.get("description", "")]
            for item in data.get("fields", []):
                parts += [item["name"], item["value"]]
            parts.append(data.get("footer", {}).get("text", ""))
        parts += [button.label for button in self.buttons]
        parts += [f"[{file.filename}]" for file in self.files]
        return "\n".join(parts)
