"""What the bot must be allowed to do in a channel before it opens a table there.

A table lives in one message the bot posts and edits (an embed with buttons),
in the channel or in a thread the bot opens for it. Discord sends the bot's
own permissions in that channel with every interaction (``app_permissions``),
so ``/poker create`` checks them first: a table nobody can see helps no one,
and every post Discord refuses counts towards its ban of clients that make too
many invalid requests.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.errors import CroupierError
from bot.i18n import t

#: The permissions any table needs, as (discord.py's name, the catalogue key of its name).
FOR_A_TABLE: tuple[tuple[str, str], ...] = (
    ("view_channel", "permission.view_channel"),
    ("embed_links", "permission.embed_links"),
)
#: What a table in the channel itself needs in addition.
IN_THE_CHANNEL: tuple[tuple[str, str], ...] = (("send_messages", "permission.send_messages"),)
#: What a table in a thread the bot opens in the channel needs in addition.
IN_A_THREAD: tuple[tuple[str, str], ...] = (
    ("create_public_threads", "permission.create_public_threads"),
    ("send_messages_in_threads", "permission.send_messages_in_threads"),
)


class BotCannotPost(CroupierError):
    """The bot lacks permissions a table needs in this channel."""

    key = "tables.bot_cannot_post"

    def __init__(self, missing: Sequence[str]) -> None:
        super().__init__()
        self.missing = tuple(missing)

    def sentence(self, locale: str = "en") -> str:
        names = ", ".join(t(key, locale) for key in self.missing)
        return t(self.message_key, locale, permissions=names)


def check_can_run_a_table(granted: discord.Permissions, *, in_thread: bool) -> None:
    """Raise :class:`BotCannotPost` naming every permission the table would lack."""
    needed = FOR_A_TABLE + (IN_A_THREAD if in_thread else IN_THE_CHANNEL)
    missing = [key for name, key in needed if not getattr(granted, name)]
    if missing:
        raise BotCannotPost(missing)
