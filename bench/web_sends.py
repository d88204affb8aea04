"""What one frame's send costs the bot: ``python -m bench.web_sends [--viewers 300]``.

The send alone, without a table: this process serves ``--viewers`` websockets
with the room's own :class:`web.room.Connection` (aiohttp, permessage-deflate
as a browser asks for it; ``--no-deflate``: not asked), and a child process
reads them. Every ``--tick`` seconds each connection is offered a table frame
of about 2.6 KB (a spectator's, numbered per connection, its text changing a
little at every tick as a table's does). Windows of ``--seconds`` alternate
between the two ways a frame reaches the socket: ``pump`` (the connection's
pump task is woken for every frame: the room before the direct write) and
``direct`` (written from the offer itself while the socket's buffer is empty:
the room now). For each window it prints this process's CPU (user + system:
the kernel's send counted, the readers' not) per frame offered, and the
frames the readers got. ``--rounds`` pairs, alternated, so that the machine's
other load falls on both alike. For instruction counts (the machine's load
aside): ``valgrind --tool=callgrind python -m bench.web_sends --modes direct
--ticks 40 --rounds 1`` and ``--rounds 2`` (the reader is not traced): the
difference between the two counts over one window's frames. Linux only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import sys
import time
from typing import Any

import aiohttp
from aiohttp import web

from web.frames import frame_text
from web.room import Connection
from web.viewers import Viewer


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _public(tick: int) -> dict[str, Any]:
    """A spectator's public part, about the size of a six-seat table's."""
    return {
        "table_id": 17,
        "hand_no": 40 + tick // 12,
        "seq": tick,
        "street": "flop",
        "board": ["Ah", "7d", "2c"],
        "pot": 120 + 20 * (tick % 12),
        "actor_id": str(1000 + tick % 6),
        "seats": [
            {
                "seat": seat,
                "user_id": str(1000 + seat),
                "name": f"Player {seat}",
                "avatar": f"/avatar/{1000 + seat}.png",
                "stack": 1000 - 20 * ((tick + seat) % 7),
                "bet": 20 * ((tick + seat) % 3),
                "folded": (tick + seat) % 5 == 0,
                "all_in": False,
                "sitting_out": False,
                "held": 2,
                "last_action": ["check", "call", "raise", "fold"][(tick + seat) % 4],
                "label": f"Player {seat} · {1000 - 20 * ((tick + seat) % 7)} chips",
            }
            for seat in range(1, 7)
        ],
        "pots": [{"amount": 120 + 20 * (tick % 12), "eligible": [str(1000 + s) for s in range(6)]}],
        "log": [f"Player {(tick + i) % 6 + 1} checks" for i in range(8)],
        "words": {"pot": "Pot", "to_act": "to act", "dealer": "Dealer", "blinds": "Blinds 10/20"},
    }


async def _serve(viewers: int) -> tuple[web.AppRunner, str, list[Connection]]:
    connections: list[Connection] = []
    arrived = asyncio.Event()

    async def socket(request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(heartbeat=30.0)
        await ws.prepare(request)
        connection = Connection(ws, Viewer(None, None, None, "en"), request.transport)
        connections.append(connection)
        if len(connections) == viewers:
            arrived.set()
        pump = asyncio.get_running_loop().create_task(connection.pump())
        try:
            async for _ in ws:
                pass
        finally:
            pump.cancel()
        return ws

    app = web.Application()
    app.router.add_get("/ws", socket)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    return runner, f"ws://127.0.0.1:{port}/ws", connections


async def _read(url: str, viewers: int, deflate: bool) -> None:
    """The child: read every socket; print how many frames each window brought."""
    counts = [0]

    async def one(session: aiohttp.ClientSession) -> None:
        async with session.ws_connect(url, compress=15 if deflate else 0, max_msg_size=0) as ws:
            async for message in ws:
                if message.type is not aiohttp.WSMsgType.TEXT:
                    break
                counts[0] += 1

    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        tasks = [asyncio.create_task(one(session)) for _ in range(viewers)]
        loop = asyncio.get_running_loop()
        while True:  # the parent asks between windows
            line = await loop.run_in_executor(None, sys.stdin.readline)
            print(counts[0], flush=True)
            if line.strip() in ("end", ""):
                break
        for task in tasks:
            task.cancel()


async def _main(args: argparse.Namespace) -> None:
    runner, url, connections = await _serve(args.viewers)
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bench.web_sends",
        "--read",
        url,
        "--viewers",
        str(args.viewers),
        *([] if args.deflate else ["--no-deflate"]),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
    )
    assert child.stdin is not None and child.stdout is not None
    while len(connections) < args.viewers:
        await asyncio.sleep(0.05)
    transports = {c: c.transport for c in connections}

    async def read_count(last: bool = False) -> int:
        assert child.stdin is not None and child.stdout is not None
        child.stdin.write(b"end\n" if last else b"count\n")
        await child.stdin.drain()
        return int(await child.stdout.readline())

    tick = 0
    results: dict[str, list[float]] = {"pump": [], "direct": []}
    modes = args.modes.split(",") * args.rounds
    await read_count()
    for index, mode in enumerate(modes):
        for connection in connections:
            connection.transport = transports[connection] if mode == "direct" else None
        await asyncio.sleep(0.5)
        before_count = await read_count()
        offered = 0
        start_cpu, start = _cpu(), time.monotonic()
        end = start + args.seconds
        next_tick = start
        ticks = 0
        while (ticks < args.ticks) if args.ticks else (time.monotonic() < end):
            ticks += 1
            public_text = json.dumps(_public(tick))
            text = frame_text(public_text, None)
            for connection in connections:
                connection.offer({"type": "table", "table": None, "me": None}, text)
            offered += len(connections)
            tick += 1
            next_tick += args.tick
            await asyncio.sleep(max(0.0, next_tick - time.monotonic()))
        cpu = _cpu() - start_cpu
        await asyncio.sleep(0.5)
        got = await read_count(last=index == len(modes) - 1) - before_count
        direct = sum(c.frames_direct for c in connections)
        per_frame = 1e6 * cpu / offered
        results[mode].append(per_frame)
        print(
            json.dumps(
                {
                    "window": index + 1,
                    "mode": mode,
                    "frames_offered": offered,
                    "frames_read": got,
                    "frames_direct_so_far": direct,
                    "cpu_us_per_frame": round(per_frame, 2),
                    "loadavg": round(__import__("os").getloadavg()[0], 2),
                }
            ),
            flush=True,
        )
    await child.wait()
    await runner.cleanup()
    summary = {mode: sorted(round(v, 2) for v in values) for mode, values in results.items()}
    print(json.dumps({"summary": True, "deflate": args.deflate, "cpu_us_per_frame": summary}))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--viewers", type=int, default=300)
    parser.add_argument("--tick", type=float, default=0.1, help="seconds between frames")
    parser.add_argument("--seconds", type=float, default=5.0, help="each window")
    parser.add_argument("--rounds", type=int, default=3, help="pump/direct pairs")
    parser.add_argument("--modes", default="pump,direct", help="the windows of a round")
    parser.add_argument(
        "--ticks", type=int, default=0, help="each window this many ticks (not --seconds)"
    )
    parser.add_argument("--no-deflate", dest="deflate", action="store_false")
    parser.add_argument("--read", metavar="URL", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.read:
        asyncio.run(_read(args.read, args.viewers, args.deflate))
    else:
        asyncio.run(_main(args))


if __name__ == "__main__":
    main()
