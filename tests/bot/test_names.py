"""Player names as the bot shows them: nothing a member puts in their name acts
as markdown, a mention or a link, hides or reorders text, and a file gets the
name back as it was typed."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.render.limits import NAME, shorten
from bot.render.names import clean_name, plain_name, shown_name


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("[FREE](https://evil.example/x)", "\\[FREE\\]\\(https\u200b://evil\\.example/x\\)"),
        ("# HEADING", "\\# HEADING"),
        ("-# small", "\\-\\# small"),
        ("**x**", "\\*\\*x\\*\\*"),
        ("||gone||", "\\|\\|gone\\|\\|"),
        ("`code`", "\\`code\\`"),
        ("> quote", "\\> quote"),
        ("1. list", "1\\. list"),
        ("@everyone", "@\u200beveryone"),
        ("@HERE", "@\u200bHERE"),
        ("<@123456789012345678>", "\\<@123456789012345678\\>"),
        ("<#123456789012345678>", "\\<\\#123456789012345678\\>"),
        ("Ann\u202eeviL", "AnneviL"),
        ("Ben\u200b\u200dny", "Benny"),
        ("two\nlines", "two lines"),
        ("\u2066\u2069", "?"),
        ("Zoë", "Zoë"),
    ],
)
def test_a_hostile_name_is_shown_as_text(raw: str, shown: str) -> None:
    assert shown_name(raw) == shown


def test_a_long_name_is_cut_before_it_is_escaped() -> None:
    assert clean_name("x" * 40) == "x" * (NAME - 1) + "…"


@given(st.text(max_size=60))
def test_cutting_an_escaped_name_never_unescapes_it(raw: str) -> None:
    """Whatever the cut, every markdown character left keeps its backslash."""
    shown = shown_name(raw)
    for limit in range(1, len(shown) + 1):
        cut = shorten(shown, limit).removesuffix("…")
        index = 0
        while index < len(cut):
            if cut[index] == "\\":
                index += 2
                continue
            assert cut[index] not in "*_~|`>#-[]()<", (raw, cut)
            index += 1


@given(st.text(max_size=30))
def test_a_file_gets_the_cleaned_name_back(raw: str) -> None:
    assert plain_name(shown_name(raw)) == clean_name(raw)
