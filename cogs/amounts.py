"""Reading a number of chips someone typed or chose, before anything uses it.

Discord's option ranges are enforced by Discord alone, and a form's text is
whatever was typed, so every amount is checked here: a whole number written
with the digits 0–9 and nothing else, from 1 to the cashier's maximum. Whether
it is a legal bet is the engine's question, asked afterwards.

>>> parse_chip_amount(" 250 ", low=20, high=1000)
250
>>> try:
...     parse_chip_amount("1e9", low=20, high=1000)
... except BadAmount as refusal:
...     print(refusal)
'1e9' is not an amount I can use: type a whole number of chips from 20 to 1,000, like 20.
"""

from __future__ import annotations

from typing import Final

import discord

from bot.cashier import MAX_AMOUNT
from bot.render.limits import shorten
from bot.tables.errors import BadAmount

#: The most digits an amount may have: MAX_AMOUNT has ten.
MAX_DIGITS: Final = len(str(MAX_AMOUNT))
#: How much of what was typed is quoted back.
QUOTED: Final = 20


def quoted(text: str) -> str:
    """What someone typed, safe to quote back: short, one line, no markdown."""
    one_line = " ".join(text.split())
    return discord.utils.escape_markdown(shorten(one_line, QUOTED))


def parse_chip_amount(text: str, *, low: int, high: int) -> int:
    """The amount in ``text``, or :class:`BadAmount` naming the range ``low``–``high``."""
    cleaned = text.strip()
    if not cleaned or len(cleaned) > MAX_DIGITS or not (cleaned.isascii() and cleaned.isdigit()):
        raise BadAmount(text=quoted(text), low=low, high=high)
    amount = int(cleaned)
    if not 1 <= amount <= MAX_AMOUNT:
        raise BadAmount(text=quoted(text), low=low, high=high)
    return amount


def checked_amount(value: object, *, low: int = 1, high: int = MAX_AMOUNT) -> int:
    """A slash command's integer option, checked again here."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadAmount(text=quoted(str(value)), low=low, high=high)
    return value
