"""What the lease fence costs a hand's actions: ``python -m bench.lease_fence
[--tables 1] [--actions 50] [--blocks 40] [--database PATH_OR_URL] [--postgresql]``.

``--tables`` tasks each append ``--actions`` hand actions one after the other
through the group commit (:meth:`bot.database.Database.commit_grouped`, as a
table's write-ahead log does): one block. Blocks alternate between the
launcher's fence (:class:`bot.database.lease.LeaseKeeper`: every transaction
first reads the process's lease rows) and none, on one database, so that the
machine's changing load falls on both alike. Prints one JSON object per
database: the median milliseconds per action and per transaction of each, and
the fenced time as a share of the unfenced. One table is the worst case (each
action its own transaction); many tables share transactions and the fence's
read with them. SQLite in a temporary folder by default (``--database`` names
another file, e.g. on ``/dev/shm`` to leave the disk's sync out);
``--postgresql`` also runs a throwaway PostgreSQL server (durable: ``fsync``
on), which needs PostgreSQL's server programs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.database import Database
from bot.database.lease import Lease, LeaseKeeper


async def measure(target: str, *, tables: int, actions: int, blocks: int) -> dict[str, Any]:
    database = await Database.open(target)
    try:
        lease = await Lease.take(database)
        fence = LeaseKeeper(database, [lease]).fence
        hands = []
        async with database.transaction() as tx:
            for channel in range(1, tables + 1):
                table_id = await tx.insert(
                    "INSERT INTO tables (guild_id, channel_id, creator_id, config, state,"
                    " tournament) VALUES (1, ?, 1, '{}', '{}', 0)",
                    (channel,),
                )
                hands.append(
                    await tx.insert(
                        "INSERT INTO hands (table_id, hand_no, variant, initial)"
                        " VALUES (?, 1, 'NT', '{}')",
                        (table_id,),
                    )
                )
        sequence = dict.fromkeys(hands, 0)

        async def table(hand_id: int) -> None:
            for _ in range(actions):
                sequence[hand_id] += 1
                await database.commit_grouped(
                    (
                        "INSERT INTO hand_actions (hand_id, seq, actor, action)"
                        " VALUES (?, ?, NULL, 'p1 cc')",
                        (hand_id, sequence[hand_id]),
                    )
                )

        per_action: dict[bool, list[float]] = {True: [], False: []}
        per_transaction: dict[bool, list[float]] = {True: [], False: []}
        for block in range(blocks):
            fenced = block % 2 == 1
            database.fence = fence if fenced else None
            group = database.group_commit
            before = group.transactions if group is not None else 0
            began = time.perf_counter()
            await asyncio.gather(*(table(hand_id) for hand_id in hands))
            milliseconds = (time.perf_counter() - began) * 1000
            group = database.group_commit
            assert group is not None
            per_action[fenced].append(milliseconds / (tables * actions))
            per_transaction[fenced].append(milliseconds / (group.transactions - before))
        database.fence = fence
        await lease.release()
    finally:
        await database.close()
    found: dict[str, Any] = {"tables": tables, "actions_per_block": tables * actions}
    for fenced, name in ((False, "unfenced"), (True, "fenced")):
        found[f"{name}_ms_per_action"] = round(statistics.median(per_action[fenced]), 4)
        found[f"{name}_ms_per_transaction"] = round(statistics.median(per_transaction[fenced]), 4)
    found["fenced_share"] = round(
        found["fenced_ms_per_action"] / found["unfenced_ms_per_action"], 3
    )
    return found


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=1)
    parser.add_argument("--actions", type=int, default=50)
    parser.add_argument("--blocks", type=int, default=40)
    parser.add_argument("--database", help="a SQLite file to make (it must not exist)")
    parser.add_argument("--postgresql", action="store_true")
    arguments = parser.parse_args(argv)
    sizes = {"tables": arguments.tables, "actions": arguments.actions, "blocks": arguments.blocks}
    with tempfile.TemporaryDirectory() as folder:
        sqlite = arguments.database or str(Path(folder) / "fence.db")
        result = asyncio.run(measure(sqlite, **sizes))
        print(json.dumps({"database": "sqlite", "file": sqlite} | result), flush=True)
    if arguments.postgresql:
        from tests.postgresql_server import PostgresServer

        server = PostgresServer(durable=True)
        server.start()
        try:
            url = asyncio.run(server.new_database())
            result = asyncio.run(measure(url, **sizes))
        finally:
            server.stop()
        print(json.dumps({"database": "postgresql"} | result), flush=True)


if __name__ == "__main__":
    main()
