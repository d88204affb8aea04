"""Logging: the bot's level is not the libraries', and no level writes a credential
or the data libraries carry (statement parameters, request bodies, gateway events)."""

from __future__ import annotations

import functools
import io
import logging
from collections.abc import Iterator

import pytest

from bot.log_setup import configure_logging

TOKEN = "MTAx.bot-token.secret"


@pytest.fixture
def log_text() -> Iterator[io.StringIO]:
    stream = io.StringIO()
    root = logging.getLogger()
    saved = (root.level, list(root.handlers), logging.getLogger("bot").level)
    yield stream
    for handler in list(root.handlers):
        if handler not in saved[1]:
            root.removeHandler(handler)
    root.setLevel(saved[0])
    logging.getLogger("bot").setLevel(saved[2])
    logging.getLogger("cogs").setLevel(logging.NOTSET)


def test_the_bots_level_does_not_turn_on_the_libraries_debug(log_text: io.StringIO) -> None:
    configure_logging("DEBUG", secrets=[TOKEN], stream=log_text)
    logging.getLogger("bot.tables.runner").debug("own debug line")
    logging.getLogger("cogs.tables").debug("cog debug line")
    logging.getLogger("aiosqlite").debug("executing %s", "a statement")
    logging.getLogger("discord.http").debug("a request body")
    logging.getLogger("discord.client").info("library info line")
    text = log_text.getvalue()
    assert "own debug line" in text and "cog debug line" in text
    assert "library info line" in text
    assert "a statement" not in text and "a request body" not in text


def test_library_debug_keeps_words_and_withholds_data(log_text: io.StringIO) -> None:
    configure_logging("INFO", "DEBUG", secrets=[TOKEN], stream=log_text)
    url = "https://discord.com/api/v10/webhooks/1234/aW50ZXJhY3Rpb24tdG9rZW4/messages/@original"
    body = '{"embeds":[{"title":"Your cards, hand 3","description":"A\\u2660 K\\u2666"}]}'
    logging.getLogger("discord.http").debug(
        "%s %s with %s has returned %s", "PATCH", url, body, 200
    )
    statement = functools.partial(print, "UPDATE hands SET secret = ?", ("ab" * 32,))
    logging.getLogger("aiosqlite").debug("executing %s", statement)
    event = {"t": "INTERACTION_CREATE", "d": {"token": "aW50ZXJhY3Rpb24tdG9rZW4"}}
    logging.getLogger("discord.gateway").debug("For Shard ID %s: WebSocket Event: %s", 0, event)
    text = log_text.getvalue()
    assert "PATCH https://discord.com/api/v10/webhooks/1234/<redacted>/messages/@original" in text
    assert "has returned 200" in text
    assert "aW50ZXJhY3Rpb24tdG9rZW4" not in text
    assert "\\u2660" not in text and "Your cards" not in text
    assert "ab" * 32 not in text and "executing <withheld>" in text
    assert "WebSocket Event: <withheld>" in text


def test_no_level_writes_the_token_or_an_interaction_token(log_text: io.StringIO) -> None:
    configure_logging("DEBUG", "DEBUG", secrets=[TOKEN], stream=log_text)
    try:
        raise RuntimeError(
            f"Authorization: Bot {TOKEN} refused at /interactions/99/tok-en/callback"
        )
    except RuntimeError:
        logging.getLogger("bot").exception("a failure with %s", {"token": "tok-en"})
    logging.getLogger("discord.client").warning("login with %s", TOKEN)
    text = log_text.getvalue()
    assert TOKEN not in text and "tok-en" not in text
    assert "Traceback" in text and "<redacted>" in text
