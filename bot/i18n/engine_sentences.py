"""Writes the engine's English sentences from the English catalogue.

The engine refuses with keys and values (``IllegalAction``, ``TableError``,
``RulesError``) and describes a judged hand as data; the catalogues word them
(``engine.<key>``, ``hand.<category>``, ``rank.name.<n>``). So that an engine
used as a library still reads well in English without a second wording to drift
apart, :mod:`engine.sentences` is generated from this catalogue's ``engine.*``
sentences and its names of hands and ranks, plain: no Markdown bold, numbers
without the catalogue's grouping (``{amount:int}`` becomes ``{amount}``). The
engine cannot import the bot, so the file is written here and a test
(tests/bot/test_i18n.py) fails when it is out of date::

    python -m bot.i18n.engine_sentences      # rewrites engine/sentences.py

>>> plain("The minimum raise is to **{amount:int}**.")
'The minimum raise is to {amount}.'
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Final

from bot.i18n import en

PREFIX: Final = "engine."
TARGET: Final = Path(__file__).resolve().parents[2] / "engine" / "sentences.py"

_HEADER: Final = '''"""The English sentence of every refusal the engine raises, by key.

Generated from the English catalogue (bot/i18n/en.py, its ``engine.*`` keys)
by ``python -m bot.i18n.engine_sentences``: do not edit here; change the
catalogue and run it. The bot translates the same keys in every language.
"""

# ruff: noqa: E501

from typing import Final

SENTENCES: Final[dict[str, str]] = {
'''
#: The catalogue's names of a hand (``hand.pair``...) and of the ranks, which the
#: engine's English descriptions use (not ``hand.with.*``, the bot's phrasing).
HAND_WORD_PREFIXES: Final = ("hand.", "rank.name.", "rank.plural.")


def plain(sentence: str) -> str:
    """A catalogue sentence as the engine writes it: no bold, plain numbers."""
    return re.sub(r"\{(\w+):(\+?)int\}", r"{\1:\2}", sentence).replace(":}", "}").replace("**", "")


def engine_sentences() -> dict[str, str]:
    """The engine's keys and their plain English sentences, sorted by key."""
    return {
        key.removeprefix(PREFIX): plain(sentence)
        for key, sentence in sorted(en.MESSAGES.items())
        if key.startswith(PREFIX)
    }


def hand_words() -> dict[str, str]:
    """The names of hands and ranks the engine's descriptions use, by catalogue key."""
    return {
        key: plain(words)
        for key, words in sorted(en.MESSAGES.items())
        if key.startswith(HAND_WORD_PREFIXES) and not key.startswith(("hand.with.", "hand.kicker"))
    }


def source() -> str:
    """The text of engine/sentences.py."""

    def entries(words: dict[str, str]) -> str:
        return "".join(
            f"    {json.dumps(key)}: {json.dumps(text, ensure_ascii=False)},\n"
            for key, text in words.items()
        )

    hands = "\n#: How a hand and a rank are named (the catalogue's hand.* and rank.* keys).\n"
    hands += "HAND_WORDS: Final[dict[str, str]] = {\n"
    return _HEADER + entries(engine_sentences()) + "}\n" + hands + entries(hand_words()) + "}\n"


def main() -> int:
    TARGET.write_text(source(), encoding="utf-8")
    print(f"wrote {len(engine_sentences())} sentences to {TARGET}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
