"""``python -m bench.web_viewers`` run tiny (two tables, two viewers each, half a
second a window), so that the benchmark does not rot: it plays, the viewers
read frames of the actions it timed, and it prints its figures. Nothing is
timed here (bench/RESULTS.md holds the figures)."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.e2e.bot_process import REPO_ROOT


def test_the_web_viewers_benchmark_runs_tiny() -> None:
    command = [sys.executable, "-m", "bench.web_viewers", "--tables", "2", "--viewers", "2"]
    command += ["--seated", "1", "--seconds", "0.5", "--warmup", "0.3", "--rounds", "1"]
    command += ["--grace", "0.5", "--no-page"]
    done = subprocess.run(
        command, cwd=REPO_ROOT, capture_output=True, text=True, timeout=240, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    windows, summary = lines[:-1], lines[-1]
    assert [window["viewers_per_table"] for window in windows] == [0, 2]
    assert all(window["actions"] > 0 for window in windows)
    assert summary["summary"] is True
    assert summary["action_to_every_viewer_ms"]["count"] > 0
    assert (
        summary["action_to_a_viewer_ms"]["count"] >= summary["action_to_every_viewer_ms"]["count"]
    )
    assert summary["bot_cpu_ms_per_action"]["without"] > 0
    assert summary["bot_cpu_ms_per_action"]["with"] > 0
    # A spectator's frames and a seated player's, both read.
    assert summary["bytes_per_frame"]["public"]["count"] > 0
    assert summary["bytes_per_frame"]["seat"]["count"] > 0
    # Each frame as deflate puts it on the wire: smaller than its text.
    deflated = summary["bytes_per_frame"]["deflated"]
    assert 0 < deflated["p50"] < summary["bytes_per_frame"]["public"]["p50"]
    assert summary["page"] == {"skipped": "--no-page given: page weight skipped"}
