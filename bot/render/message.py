r"""What a message says: text, an embed or a layout, buttons, files; what every
renderer returns and every outlet delivers.

A *layout* is a Components V2 message (discord.py's ``LayoutView``): one
container of text blocks and dividers, the buttons under it; such a message
carries no content and no embed. It is kept here as plain data so renderers stay
pure and the outlet alone builds discord.py's components from it.

>>> OutgoingMessage(content="Hand 3", buttons=(ButtonSpec("id", "Fold"),)).public_text()
'Hand 3\nFold'
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Final, Literal

import discord

ButtonStyle = Literal["primary", "secondary", "success", "danger", "link"]
#: The colour of every embed the bot posts.
EMBED_COLOUR: Final = discord.Colour.from_rgb(0x2E, 0x7D, 0x32)


@dataclass(frozen=True, slots=True)
class ButtonSpec:
    """One button: its custom id, label, colour, row (0–4) and whether it is greyed out;
    or a link button (``url``, no custom id: :func:`link_button`)."""

    custom_id: str
    label: str
    style: ButtonStyle = "secondary"
    row: int = 0
    disabled: bool = False
    url: str | None = None


def link_button(label: str, url: str, row: int = 0) -> ButtonSpec:
    """A button that opens ``url`` in the reader's browser (Discord asks them first)."""
    return ButtonSpec("", label, "link", row, url=url)


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
class TextBlock:
    """Markdown text in a layout (a Text Display)."""

    text: str


@dataclass(frozen=True, slots=True)
class Divider:
    """A line between two parts of a layout (a Separator)."""


@dataclass(frozen=True, slots=True)
class Picture:
    """A picture attached to the message, shown in the layout (a Media Gallery
    of one item): ``filename`` names one of the message's files."""

    filename: str
    description: str | None = None


LayoutBlock = TextBlock | Divider | Picture
#: Discord's limits on a Components V2 message: characters of all its text,
#: and components in all (container, texts, dividers, rows and buttons).
LAYOUT_TEXT: Final = 4000
LAYOUT_COMPONENTS: Final = 40


@dataclass(frozen=True, slots=True)
class OutgoingMessage:
    """What a message says: text, an embed, buttons, files. Built by ``bot.render``."""

    content: str | None = None
    embed: discord.Embed | None = None
    buttons: tuple[ButtonSpec, ...] = field(default=())
    files: tuple[OutgoingFile, ...] = field(default=())
    #: A Components V2 message: its blocks (then no content and no embed).
    layout: tuple[LayoutBlock, ...] = field(default=())

    def layout_text(self) -> str:
        """The text of the layout's blocks, as Discord counts it."""
        return "\n".join(block.text for block in self.layout if isinstance(block, TextBlock))

    def public_text(self) -> str:
        """Everything a reader sees, as one string (for logs and tests)."""
        parts = [self.content or ""]
        if self.embed is not None:
            data = self.embed.to_dict()
            parts += [data.get("title", ""), data.get("description", "")]
            for item in data.get("fields", []):
                parts += [item["name"], item["value"]]
            parts.append(data.get("footer", {}).get("text", ""))
        if self.layout:
            parts.append(self.layout_text())
        parts += [button.label for button in self.buttons]
        parts += [f"[{file.filename}]" for file in self.files]
        return "\n".join(parts)
