"""How the running bot logs, and what it never writes to a log.

``CROUPIER_LOG_LEVEL`` sets the bot's own loggers (``bot``, ``cogs``);
libraries (discord.py, aiosqlite, asyncio, aiohttp ...) log at
``CROUPIER_LIBRARY_LOG_LEVEL`` (INFO unless asked), because at DEBUG they
dump what they carry: aiosqlite every statement with its parameters (the
deck's order, the provably fair secret), discord.py every request body (hole
cards in a DM) and every gateway event (interaction tokens, the cards picked
in a discard menu).

Whatever the levels, two guards stand between a record and the log:

- :class:`LibraryDetailFilter` withholds the arguments of a library's DEBUG
  records that are data rather than plain words: a request body, a gateway
  event, a statement and its parameters become ``<withheld>``, while methods,
  URLs, numbers and status codes stay.
- :class:`RedactingFormatter` removes credentials from every finished line,
  tracebacks included: the bot token, and the interaction and webhook tokens
  in URLs and payloads (each lets its holder post as the bot for 15 minutes).

The bot's own loggers never log a card, a deck or a secret in the first place.
"""

from __future__ import annotations

import logging
import re
import sys
from collections.abc import Iterable
from typing import Final, TextIO

#: The bot's own loggers; every other logger belongs to a library.
OWN_LOGGERS: Final = ("bot", "cogs")
WITHHELD: Final = "<withheld>"
REDACTED: Final = "<redacted>"

#: A plain argument a library's DEBUG record may keep: a word, a number, a method, a route.
_PLAIN: Final = re.compile(r"[\w.:/@{}?=&%+-]{0,200}")
_SECRET_PATTERNS: Final = (
    # Interaction callbacks and webhook followups carry the token in the path.
    re.compile(r"(/interactions/\d+/)[^/\s'\"?]+"),
    re.compile(r"(/webhooks/\d+/)[^/\s'\"?]+"),
    # A token in a JSON or Python mapping ("token": "..."), as in INTERACTION_CREATE.
    re.compile(r"""(['"]token['"]\s*:\s*['"])[^'"]+"""),
    # An Authorization header.
    re.compile(r"""(['"]?Authorization['"]?\s*[:=]\s*['"]?(?:Bot\s+)?)[^'"\s,}]+""", re.I),
)


def redact(text: str, secrets: Iterable[str] = ()) -> str:
    """``text`` without the given ``secrets`` and without any interaction or
    webhook token.

    >>> redact("POST /api/v10/interactions/12/aW50ZXJhY3Rpb24/callback")
    'POST /api/v10/interactions/12/<redacted>/callback'
    >>> redact("{'token': 'abc', 'id': '1'}")
    "{'token': '<redacted>', 'id': '1'}"
    >>> redact("login with MTIz.secret", ["MTIz.secret"])
    'login with <redacted>'
    """
    for secret in secrets:
        if secret:
            text = text.replace(secret, REDACTED)
    for pattern in _SECRET_PATTERNS:
        text = pattern.sub(lambda match: match.group(1) + REDACTED, text)
    return text


def is_own(logger_name: str) -> bool:
    """Whether the logger is one of the bot's own (``bot``, ``cogs`` and below)."""
    return any(logger_name == own or logger_name.startswith(own + ".") for own in OWN_LOGGERS)


class LibraryDetailFilter(logging.Filter):
    """Withholds the data a library puts into its DEBUG records (bodies, events,
    statements), keeping plain words, numbers and URLs."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno >= logging.INFO or is_own(record.name) or not record.args:
            return True
        args = record.args if isinstance(record.args, tuple) else (record.args,)
        record.args = tuple(_plain_or_withheld(arg) for arg in args)
        return True


def _plain_or_withheld(value: object) -> object:
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, str) and _PLAIN.fullmatch(value):
        return value
    if isinstance(value, str) and value.startswith(("http://", "https://", "ws://", "wss://")):
        return value if " " not in value else WITHHELD
    return WITHHELD


class RedactingFormatter(logging.Formatter):
    """Formats with ``inner``, then removes every credential from the line."""

    def __init__(self, inner: logging.Formatter, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        self.inner = inner
        self.secrets = tuple(secret for secret in secrets if secret)

    def format(self, record: logging.LogRecord) -> str:
        return redact(self.inner.format(record), self.secrets)


def configure_logging(
    level: str,
    library_level: str = "INFO",
    *,
    secrets: Iterable[str] = (),
    stream: TextIO | None = None,
) -> logging.Handler:
    """Send every log record to ``stream`` (stderr), the bot's own at ``level``,
    every library's at ``library_level``, through both guards; return the handler."""
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    inner = logging.Formatter(
        "[{asctime}] [{levelname:<8}] {name}: {message}", "%Y-%m-%d %H:%M:%S", style="{"
    )
    handler.setFormatter(RedactingFormatter(inner, secrets))
    handler.addFilter(LibraryDetailFilter())
    root = logging.getLogger()
    for old in [h for h in root.handlers if getattr(h, "croupier", False)]:
        root.removeHandler(old)
    handler.croupier = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    root.setLevel(logging.getLevelName(library_level))
    for name in OWN_LOGGERS:
        logging.getLogger(name).setLevel(logging.getLevelName(level))
    return handler
