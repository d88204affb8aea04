"""The command line: ``python -m engine.phh replay FILE...`` and ``show FILE``.

``replay`` reads ``.phh`` and ``.phhs`` files, and folders of them searched
recursively in a stable (natural) order, replays every hand and prints one
JSON object per hand::

    {"file": "…/0.phh", "index": 0, "ok": true, "finishing_stacks": [...],
     "matches_recorded": true}
    {"file": "…", "index": 0, "ok": false, "action_index": 7,
     "action": "p3 cbr 13", "error": "The minimum raise is to 20."}

``index`` counts the hands of a file from 0 (a ``.phhs`` entry also gives its
table ``name``). ``matches_recorded`` is null when the file records no
finishing stacks; ``tolerance`` appears when the recorded stacks are not whole
chips and the comparison allowed that much. Progress (files replayed, see
:mod:`engine.progress`) and a summary go to standard error.
The exit status is 0 only if every hand replayed and every recorded
``finishing_stacks`` matched. ``--jobs N`` replays files in N processes.

``show`` prints a readable account of each hand in a file.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import re
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TextIO

from engine.phh.history import HandHistory, HistoryError
from engine.phh.notation import NotationError
from engine.phh.reading import BULK_SUFFIX, SINGLE_SUFFIX, from_fields, parse_toml
from engine.phh.replaying import replay
from engine.phh.summary import describe
from engine.progress import Progress


def _natural_key(path: Path) -> list[tuple[int, int, str]]:
    """Sort ``pluribus/2.phh`` before ``pluribus/10.phh``."""
    return [
        (0, int(part), "") if part.isdigit() else (1, 0, part)
        for part in re.split(r"(\d+)", str(path))
        if part
    ]


def find_files(arguments: Sequence[str]) -> Iterator[Path]:
    """The files named, and the ``.phh``/``.phhs`` files under the folders named."""
    for argument in arguments:
        path = Path(argument)
        if path.is_dir():
            found = [
                p
                for p in path.rglob("*")
                if p.suffix in (SINGLE_SUFFIX, BULK_SUFFIX) and p.is_file()
            ]
            yield from sorted(found, key=_natural_key)
        else:
            yield path


def read_hands(path: Path) -> Iterator[tuple[str | None, HandHistory | HistoryError]]:
    """Each hand of a file with its table name (None in a ``.phh``), or the
    error that kept it from being read."""
    try:
        tables = parse_toml(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        yield None, HistoryError(f"Cannot read the file: {error}")
        return
    except HistoryError as error:
        yield None, error
        return
    if path.suffix != BULK_SUFFIX:
        entries: list[tuple[str | None, object]] = [(None, tables)]
    else:
        entries = list(tables.items())
    for name, table in entries:
        if not isinstance(table, dict):
            yield name, HistoryError(f"{name} is not a table of hand fields.")
            continue
        try:
            yield name, from_fields(table)
        except HistoryError as error:
            yield name, error


def replay_file(path: Path) -> list[dict[str, object]]:
    """The JSON record of every hand in one file."""
    records = []
    for index, (name, entry) in enumerate(read_hands(path)):
        record: dict[str, object] = {"file": str(path), "index": index}
        if name is not None:
            record["name"] = name
        if isinstance(entry, HistoryError):
            record.update(ok=False, action_index=None, action=None, error=str(entry))
        else:
            try:
                record.update(replay(entry).record())
            except Exception as error:  # one broken hand must not hide the others
                record.update(
                    ok=False,
                    action_index=None,
                    action=None,
                    error=f"internal error: {type(error).__name__}: {error}",
                )
        records.append(record)
    return records


def run_replay(arguments: Sequence[str], out: TextIO, err: TextIO, jobs: int = 1) -> int:
    started = time.perf_counter()
    hands = refused = mismatched = 0
    files = list(find_files(arguments))
    with contextlib.ExitStack() as stack:
        progress = stack.enter_context(Progress(len(files), "files", err))
        if jobs > 1 and len(files) > 1:
            pool = stack.enter_context(multiprocessing.Pool(jobs))
            per_file: Iterable[list[dict[str, object]]] = pool.imap(replay_file, files, 32)
        else:
            per_file = map(replay_file, files)
        for records in per_file:
            for record in records:
                hands += 1
                if not record["ok"]:
                    refused += 1
                elif record["matches_recorded"] is False:
                    mismatched += 1
                out.write(json.dumps(record) + "\n")
            progress.advance()
    elapsed = time.perf_counter() - started
    err.write(
        f"{hands} hands: {hands - refused - mismatched} ok, {refused} refused, "
        f"{mismatched} not matching the recorded stacks, in {elapsed:.1f} s\n"
    )
    return 0 if hands and not refused and not mismatched else 1


def run_show(arguments: Sequence[str], out: TextIO) -> int:
    status = 0
    for path in find_files(arguments):
        for index, (name, entry) in enumerate(read_hands(path)):
            title = f"{path} [{name}]" if name is not None else f"{path}"
            if len(arguments) > 1 or name is not None or index:
                out.write(f"=== {title}\n")
            if isinstance(entry, HistoryError):
                out.write(f"cannot read: {entry}\n")
                status = 1
                continue
            result = replay(entry)
            try:
                out.write(describe(entry, result) + "\n")
            except NotationError:
                out.write(f"Refused at action {result.action_index}: {result.error}\n")
            status |= 0 if result.ok and result.matches_recorded is not False else 1
    return status


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine.phh", description="Replay and show PHH hand histories."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    replay_command = commands.add_parser(
        "replay", help="replay hands; one JSON line per hand; exit 0 if all replay and match"
    )
    replay_command.add_argument("paths", nargs="+", metavar="FILE", help=".phh, .phhs or folder")
    replay_command.add_argument(
        "-j",
        "--jobs",
        type=int,
        default=1,
        metavar="N",
        help="replay files in N processes (the output order stays the same)",
    )
    show_command = commands.add_parser("show", help="print a readable account of each hand")
    show_command.add_argument("paths", nargs="+", metavar="FILE", help=".phh, .phhs or folder")
    arguments = parser.parse_args(argv)
    try:
        if arguments.command == "replay":
            return run_replay(arguments.paths, sys.stdout, sys.stderr, arguments.jobs)
        return run_show(arguments.paths, sys.stdout)
    except BrokenPipeError:
        # The reader stopped early (``| head``); as the Python docs advise, point
        # stdout at devnull so that the flush at exit does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
