"""Conformance: the real hand histories in ``shared/phh`` (beside the
repository) replay through the engine to their recorded finishing stacks.

- all 10,000 Pluribus hands (eight of them record half chips from exactly
  divided split pots: those match within one chip, and say so);
- every hand of the 2023 WSOP Players Championship final table whose variant
  the engine deals (NT, PO, FT and FO/8 at least; the stud and draw variants
  join as they are added);
- the famous and PokerStars hands, which record no finishing stacks, replay.

One test per folder keeps this fast; the command line is run once as well.
"""

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from engine.phh import HandHistory, load, replay
from engine.variants import VARIANTS

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO.parent / "shared" / "phh"

pytestmark = pytest.mark.skipif(
    not CORPUS.is_dir(),
    reason=f"the PHH corpus is not at {CORPUS} (the shared/ folder beside the repository)",
)


def corpus(folder: str) -> list[tuple[Path, HandHistory]]:
    return [
        (path, history)
        for path in sorted((CORPUS / folder).rglob("*.phh*"))
        for history in load(path)
    ]


def test_every_pluribus_hand_matches_its_finishing_stacks() -> None:
    hands = corpus("pluribus")
    assert len(hands) == 10_000
    failures = []
    tolerances: Counter[object] = Counter()
    for path, history in hands:
        result = replay(history)
        if not (result.ok and result.matches_recorded):
            failures.append((str(path), result.action_index, result.error))
        tolerances[result.tolerance] += 1
    assert failures == []
    assert tolerances == {0: 9_992, 1: 8}


def test_every_wsop_hand_of_a_dealt_variant_matches_its_finishing_stacks() -> None:
    replayed: Counter[str] = Counter()
    failures = []
    for path, history in corpus("wsop-2023-43-5"):
        if history.variant not in VARIANTS:
            continue
        result = replay(history)
        replayed[history.variant] += 1
        if not (result.ok and result.matches_recorded is True):
            failures.append((path.name, result.action_index, result.action, result.error))
    assert failures == []
    assert {"NT", "PO", "FT", "FO/8"} <= set(replayed)
    assert sum(replayed[code] for code in ("NT", "PO", "FT", "FO/8")) == 39


def test_the_historical_hands_replay() -> None:
    replayed = 0
    for path, history in corpus("historical"):
        if history.variant not in VARIANTS:
            continue
        result = replay(history)
        assert result.ok, (path.name, result.action_index, result.action, result.error)
        assert result.complete, path.name
        replayed += 1
    # Three famous hands (PO, NT, NS) and three PokerStars ones; the badugi and
    # triple-draw hands join when the engine deals those variants.
    assert replayed >= 6


def test_the_command_line_replays_files_and_folders() -> None:
    arguments = [
        str(CORPUS / "pluribus" / "100"),
        str(CORPUS / "wsop-2023-43-5" / "1.phh"),
        str(CORPUS / "historical" / "ps_25NL_sample.phhs"),
    ]
    done = subprocess.run(
        [sys.executable, "-m", "engine.phh", "replay", *arguments],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in done.stdout.splitlines()]
    pluribus = len(list((CORPUS / "pluribus" / "100").glob("*.phh")))
    assert len(records) == pluribus + 1 + 3
    # Folders are read in natural order: 2.phh before 10.phh.
    assert [Path(r["file"]).name for r in records[:3]] == ["0.phh", "1.phh", "2.phh"]
    assert all(r["ok"] for r in records)
    assert records[pluribus]["matches_recorded"] is True
    assert records[pluribus]["finishing_stacks"] == [7340000, 3775000, 5110000, 8935000, 4545000]
    bulk = records[-3:]
    assert [(r["index"], r["name"]) for r in bulk] == [(0, "1"), (1, "2"), (2, "9")]
    assert all(r["matches_recorded"] is None for r in bulk)
    assert f"{len(records)} hands: {len(records)} ok" in done.stderr
    in_two = subprocess.run(
        [sys.executable, "-m", "engine.phh", "replay", "--jobs", "2", *arguments],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert (in_two.returncode, in_two.stdout) == (0, done.stdout)


def test_the_command_line_exits_1_and_names_a_refused_action(tmp_path: Path) -> None:
    source = (CORPUS / "wsop-2023-43-5" / "1.phh").read_text()
    (tmp_path / "bad.phh").write_text(source.replace("'p4 cbr 170000'", "'p4 cbr 90000'"))
    (tmp_path / "off.phh").write_text(source.replace("8935000", "8935001"))
    done = subprocess.run(
        [sys.executable, "-m", "engine.phh", "replay", str(tmp_path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    bad, off = (json.loads(line) for line in done.stdout.splitlines())
    assert bad == {
        "file": str(tmp_path / "bad.phh"),
        "index": 0,
        "ok": False,
        "action_index": 6,
        "action": "p4 cbr 90000",
        "error": "The minimum raise is to 160000.",
    }
    assert off["ok"] is True and off["matches_recorded"] is False
