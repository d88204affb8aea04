r"""What a message says: text, an embed, buttons; what every renderer returns
and every outlet delivers.

>>> OutgoingMessage(content="Hand 3", buttons=(ButtonSpec("id", "Fold"),)).public_text()
'Hand 3\nFold'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import discord

ButtonStyle = Literal["primary", "secondary", "success", "danger"]


@dataclass(frozen=True, slots=True)
class ButtonSpec:
    """One button: its custom id, label, colour, row (0–4) and whether it is greyed out."""

    custom_id: str
    label: str
    style: ButtonStyle = "secondary"
    row: int = 0
    disabled: bool = False


@dataclass(frozen=True, slots=True)
class OutgoingMessage:
    """What a message says: text, an embed, buttons. Built by ``bot.render``."""

    content: str | None = None
    embed: discord.Embed | None = None
    buttons: tuple[ButtonSpec, ...] = field(default=())

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
        return "\n".join(parts)
