"""Discord's size limits on what a message may carry, and trimming to them.

>>> shorten("Bartholomew the Magnificent", 12)
'Bartholomew…'
"""

from __future__ import annotations

from typing import Final

import discord

CONTENT: Final = 2000
EMBED_TITLE: Final = 256
EMBED_DESCRIPTION: Final = 4096
EMBED_FIELDS: Final = 25
FIELD_NAME: Final = 256
FIELD_VALUE: Final = 1024
FOOTER: Final = 2048
EMBED_TOTAL: Final = 6000
BUTTON_LABEL: Final = 80
BUTTONS_PER_ROW: Final = 5
ROWS: Final = 5
MODAL_TITLE: Final = 45
#: The longest player name a table shows; Discord's own display names are at most 32.
NAME: Final = 32


def shorten(text: str, limit: int) -> str:
    """``text``, cut to ``limit`` characters with an ellipsis when it is longer."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def embed_size(embed: discord.Embed) -> int:
    """The characters Discord counts towards an embed's 6000."""
    data = embed.to_dict()
    size = len(data.get("title", "")) + len(data.get("description", ""))
    size += len(data.get("footer", {}).get("text", ""))
    size += len(data.get("author", {}).get("name", ""))
    size += sum(len(f["name"]) + len(f["value"]) for f in data.get("fields", []))
    return size


def check_embed(embed: discord.Embed) -> discord.Embed:
    """``embed``, with its description cut until it fits Discord's total, or ValueError."""
    if len(embed.fields) > EMBED_FIELDS:
        raise ValueError(f"{len(embed.fields)} fields; Discord allows {EMBED_FIELDS}")
    excess = embed_size(embed) - EMBED_TOTAL
    if excess > 0 and embed.description:
        embed.description = shorten(embed.description, max(1, len(embed.description) - excess))
    if embed_size(embed) > EMBED_TOTAL:
        raise ValueError("the embed does not fit Discord's 6000 characters")
    return embed
