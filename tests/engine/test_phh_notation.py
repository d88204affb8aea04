"""PHH action lines read and written back by the notation's own functions."""

from __future__ import annotations

import pytest

from engine.phh.notation import format_line, parse_line

LINES = (
    "d dh p1 AsKs",
    "d dh p5 ????Ad",
    "d db 7d9s3h",
    "p3 f",
    "p2 cc",
    "p1 pb",
    "p4 cbr 600",
    "p4 cbr 0.75",
    "p2 sd",
    "p2 sd As??",
    "p1 sm",
    "p1 sm -",
    "p1 sm AsKs",
)


@pytest.mark.parametrize("text", LINES)
def test_a_line_written_back_reads_the_same(text: str) -> None:
    assert format_line(parse_line(text)) == text
    assert parse_line(format_line(parse_line(text))) == parse_line(text)
