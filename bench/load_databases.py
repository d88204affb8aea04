"""SQLite against PostgreSQL, one bot process each, on the same tables:
``python -m bench.load_databases [--tables 100] [--seconds 20] [--rounds 2]``.

Each round runs :func:`bench.load.run_tables` twice with the same tables,
players and seeds: once on a fresh SQLite file, once on a fresh database of a
throwaway PostgreSQL server started for the run (:mod:`tests.postgresql_server`,
``durable``: ``fsync`` and ``synchronous_commit`` on, as SQLite's
``synchronous=FULL``; on one machine, reached over 127.0.0.1). The order
alternates from round to round, so a change in the machine's load does not
favour one of them.

Prints one JSON object per run (:mod:`bench.load`'s figures, with
``"database"``), then a summary: each database's actions per second and bot
CPU per action (the mean over the rounds) and PostgreSQL's actions per second
as a share of SQLite's (the goal of issue 16: at least 0.8). Needs PostgreSQL's
server programs (Debian: ``apt-get install postgresql``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench.load import run_tables
from tests.postgresql_server import PostgresServer, unavailable

DATABASES = ("sqlite", "postgresql")


async def compare(
    server: PostgresServer, tables: int, seconds: float, warmup: float, rounds: int, workdir: Path
) -> list[dict[str, Any]]:
    runs: list[dict[str, Any]] = []
    for round_no in range(rounds):
        order = DATABASES if round_no % 2 == 0 else DATABASES[::-1]
        for kind in order:
            url = await server.new_database() if kind == "postgresql" else None
            try:
                figures = await run_tables(tables, seconds, warmup, workdir, database_url=url)
            finally:
                if url is not None:
                    await server.drop_database(url)
            figures["round"] = round_no + 1
            runs.append(figures)
            print(json.dumps(figures), flush=True)
    return runs


def summary(runs: Sequence[dict[str, Any]]) -> dict[str, Any]:
    def mean(kind: str, figure: str) -> float:
        return round(statistics.fmean(r[figure] for r in runs if r["database"] == kind), 2)

    per_second = {kind: mean(kind, "actions_per_second") for kind in DATABASES}
    return {
        "summary": True,
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "tables": runs[0]["tables"],
        "rounds": len(runs) // len(DATABASES),
        "actions_per_second": per_second,
        "bot_cpu_ms_per_action": {kind: mean(kind, "bot_cpu_ms_per_action") for kind in DATABASES},
        "postgresql_over_sqlite": round(per_second["postgresql"] / per_second["sqlite"], 2),
        "audit_clean": all(r["audit_clean"] for r in runs),
        "loadavg": [r["loadavg"] for r in runs],
    }


async def main_async(arguments: argparse.Namespace) -> None:
    reason = unavailable()
    if reason is not None:
        raise SystemExit(f"No PostgreSQL to compare with: {reason}")
    server = PostgresServer(durable=True)
    server.start()
    try:
        with tempfile.TemporaryDirectory(prefix="croupier-load-db-") as scratch:
            workdir = Path(arguments.keep) if arguments.keep else Path(scratch)
            workdir.mkdir(parents=True, exist_ok=True)
            runs = await compare(
                server,
                arguments.tables,
                arguments.seconds,
                arguments.warmup,
                arguments.rounds,
                workdir,
            )
        print(json.dumps(summary(runs)), flush=True)
    finally:
        server.stop()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.load_databases", description=__doc__)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0, help="measured seconds per run")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds before measuring")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each database")
    parser.add_argument("--keep", help="keep logs and the SQLite databases in this folder")
    asyncio.run(main_async(parser.parse_args(argv)))


if __name__ == "__main__":
    main()
