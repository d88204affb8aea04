"""The command line on small files: JSON lines for replay, and a readable
account for show that keeps unknown cards hidden."""

import io
import json
from pathlib import Path

import pytest

from engine.phh.cli import main, run_replay

HAND = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000]
actions = ["d dh p1 AsKs", "d dh p2 ????", "d dh p3 7c2d", "p3 f", "p1 cbr 300", "p2 f"]
players = ["Ann", "Bo", "Cy"]
finishing_stacks = [10100, 9900, 10000]
"""


def test_replay_writes_a_json_line_per_hand_in_natural_order(tmp_path: Path) -> None:
    for name in ("10.phh", "2.phh"):
        (tmp_path / name).write_text(HAND)
    (tmp_path / "two.phhs").write_text(f"[a]\n{HAND}\n[b]\n{HAND}")
    out, err = io.StringIO(), io.StringIO()
    assert run_replay([str(tmp_path)], out, err) == 0
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [(Path(str(r["file"])).name, r["index"], r.get("name")) for r in records] == [
        ("2.phh", 0, None),
        ("10.phh", 0, None),
        ("two.phhs", 0, "a"),
        ("two.phhs", 1, "b"),
    ]
    assert records[0]["finishing_stacks"] == [10100, 9900, 10000]
    told = err.getvalue().splitlines()
    assert told[-1].startswith("4 hands: 4 ok, 0 refused")
    assert told[-2] == "files: 3 of 3 (100 %), done"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_replay_shows_its_progress_on_standard_error_only(tmp_path: Path) -> None:
    for number in range(30):
        (tmp_path / f"{number}.phh").write_text(HAND)
    out, err = io.StringIO(), io.StringIO()
    assert run_replay([str(tmp_path)], out, err) == 0
    assert all(json.loads(line)["ok"] for line in out.getvalue().splitlines())
    # Not a terminal: a plain line at each tenth, then the last word and the summary.
    assert err.getvalue().splitlines()[:-1] == [
        *(f"files: {n} of 30 ({n * 100 // 30} %)" for n in range(3, 30, 3)),
        "files: 30 of 30 (100 %), done",
    ]
    # A terminal: one line drawn again in place, with a bar.
    terminal = Terminal()
    assert run_replay([str(tmp_path)], io.StringIO(), terminal) == 0
    drawn = terminal.getvalue()
    assert "\r" in drawn and "files: [" in drawn
    bar = drawn.split("\n")[0].rsplit("\r", 1)[1]
    assert "30/30" in bar and bar.endswith("done\x1b[K"), bar


def test_a_file_that_is_not_toml_is_one_refused_line(tmp_path: Path) -> None:
    (tmp_path / "broken.phh").write_text("variant = ")
    out, err = io.StringIO(), io.StringIO()
    assert run_replay([str(tmp_path)], out, err) == 1
    (record,) = (json.loads(line) for line in out.getvalue().splitlines())
    assert record["ok"] is False and record["action_index"] is None
    assert "TOML" in record["error"]


def test_show_tells_the_hand_and_hides_unknown_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hand.phh"
    path.write_text(HAND)
    assert main(["show", str(path)]) == 0
    told = capsys.readouterr().out
    assert "Ann is dealt As Ks" in told
    assert "Bo is dealt ?? ??" in told
    assert "Ann raises to 300" in told
    assert "They match the recorded finishing stacks." in told
