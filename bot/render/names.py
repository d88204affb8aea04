r"""Player names made safe to show in a Discord message, and made plain again for files.

A member chooses their own display name, and the bot shows it in the table
message, the results, tournament announcements and statistics: a name must
read as the name and nothing else. :func:`shown_name` removes what can hide or
reorder text (control, bidi and zero-width characters), folds line breaks into
spaces, cuts it to the table's length, and escapes everything Discord would
otherwise interpret: markdown (bold, spoilers, code, headings, lists, block
quotes, masked links), mentions (``@everyone``, ``<@id>``, ``<#id>``) and bare
links. Escaping works character by character, so cutting an escaped name
never turns a character back into markdown.

A name is escaped once, where it enters the table (``/poker join``); places
that write a file rather than a message (the PHH hand history) take it back
to plain text with :func:`plain_name`.

>>> print(shown_name("**x** [FREE](evil)"))
\*\*x\*\* \[FREE\]\(evil\)
>>> print(shown_name("# HEADING"))
\# HEADING
>>> plain_name(shown_name("**x** @here [a](https://b)"))
'**x** @here [a](https://b)'
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final, Protocol

from bot.render.limits import NAME

#: What a name becomes when nothing printable is left of it.
NO_NAME: Final = "?"
_ZERO_WIDTH_SPACE: Final = "\u200b"
#: Characters that format or reorder text without being seen: controls (Cc) and
#: format characters (Cf: bidi overrides and isolates, zero-width spaces and joiners,
#: the soft hyphen, the byte-order mark), and line or paragraph separators.
_INVISIBLE: Final = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"})
#: Every character Discord's markdown or mention syntax gives a meaning to.
_MARKDOWN: Final = re.compile(r"([\\*_~|`>#\-\[\]()<!.+=])")
_MENTION: Final = re.compile(r"@(everyone|here)", re.IGNORECASE)
_LINK: Final = re.compile(r"(?i)\b([a-z][a-z0-9+.-]{1,20}):(?=//)")
_ESCAPE: Final = re.compile(r"\\(.)")


def clean_name(raw: str, limit: int = NAME) -> str:
    """``raw`` without invisible characters, on one line, at most ``limit`` long."""
    visible = "".join(
        " " if char.isspace() else char
        for char in unicodedata.normalize("NFC", raw)
        if char.isspace() or unicodedata.category(char) not in _INVISIBLE
    )
    name = " ".join(visible.split())
    if len(name) > limit:
        name = name[: limit - 1].rstrip() + "…"
    return name or NO_NAME


def escape_name(name: str) -> str:
    """``name`` with every markdown, mention and link character made literal."""
    escaped = _MARKDOWN.sub(r"\\\1", name)
    escaped = _MENTION.sub("@" + _ZERO_WIDTH_SPACE + r"\1", escaped)
    return _LINK.sub(r"\1" + _ZERO_WIDTH_SPACE + ":", escaped)


def shown_name(raw: str, limit: int = NAME) -> str:
    """A member's name as the bot shows it in a message: cleaned, cut, escaped."""
    return escape_name(clean_name(raw, limit))


def plain_name(shown: str) -> str:
    """A name from :func:`shown_name` as plain text again, for a file."""
    return _ESCAPE.sub(r"\1", shown).replace(_ZERO_WIDTH_SPACE, "")


class HasDisplayName(Protocol):
    """A Discord member (or user): what Discord shows as their name there."""

    @property
    def display_name(self) -> str: ...


def seat_name(member: HasDisplayName) -> str:
    """The name a member sits at a table under: their display name in that
    server (the server nickname, else the global name), made safe. ``/poker
    join``, the seat desk and the web room's "Sit down" all name them so."""
    return shown_name(member.display_name)
