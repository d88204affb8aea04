"""How a table's session ledger looks in Discord: one embed, a line a player
(biggest winner first), the house's rake, every word and number from the
catalogue. Members are mentions, which an embed shows as names and never pings.
"""

from __future__ import annotations

from collections.abc import Mapping

import discord

from bot.house_bank import is_computer
from bot.i18n import t
from bot.render.message import EMBED_COLOUR
from bot.session_ledger import LedgerLine, SessionLedger

#: Discord's limit on an embed's description.
_MOST_CHARACTERS = 4096


def session_ledger_embed(
    ledger: SessionLedger, locale: str, names: Mapping[int, str] | None = None
) -> discord.Embed:
    """The ledger as an embed; ``names``: computer players' names (members are mentions)."""
    known = names or {}
    title = "ledger.title_session_chips" if ledger.session_chips else "ledger.title"
    embed = discord.Embed(title=t(title, locale), colour=EMBED_COLOUR)
    lines = [_line(line, locale, known) for line in ledger.lines]
    if not lines:
        lines.append(t("ledger.empty", locale))
    if ledger.rake:
        lines.append(t("ledger.rake", locale, amount=ledger.rake))
    if ledger.carried_pot:
        lines.append(t("ledger.carried_pot", locale, amount=ledger.carried_pot))
    description = "\n".join(lines)
    if len(description) > _MOST_CHARACTERS:
        description = description[: _MOST_CHARACTERS - 1] + "…"
    embed.description = description
    footer = "ledger.footer_session_chips" if ledger.session_chips else "ledger.footer"
    embed.set_footer(text=t(footer, locale, stack=ledger.session_chips))
    return embed


def _line(line: LedgerLine, locale: str, names: Mapping[int, str]) -> str:
    if is_computer(line.user_id):
        player = names.get(line.user_id) or t("ledger.computer_player", locale)
    else:
        player = f"<@{line.user_id}>"
    parts = [player, t("ledger.bought_in", locale, amount=line.bought_in)]
    if line.topped_up:
        parts.append(t("ledger.topped_up", locale, amount=line.topped_up))
    if line.cashed_out or not line.seated:
        parts.append(t("ledger.cashed_out", locale, amount=line.cashed_out))
    if line.seated:
        parts.append(t("ledger.at_table", locale, amount=line.at_table))
    parts.append(t("ledger.net", locale, net=line.net))
    return " · ".join(parts)
