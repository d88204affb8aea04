"""Run the fake on its own: ``python -m tests.e2e.fake_discord --port N``.

Prints one JSON line with the urls, token and ids (port 0 picks a free port),
then serves until SIGINT or SIGTERM. Point the bot at it with
``DISCORD_API_BASE`` and ``DISCORD_GATEWAY_URL`` and drive it through the
control API (see control.py).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import signal
import sys

from .server import DEFAULT_TOKEN, FakeDiscord


async def serve(args: argparse.Namespace) -> None:
    fake = FakeDiscord(host=args.host, port=args.port, token=args.token)
    await fake.start()
    print(json.dumps(fake.describe()), flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    try:
        await stop.wait()
    finally:
        await fake.stop()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.e2e.fake_discord")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--token", default=DEFAULT_TOKEN)
    parser.add_argument("--log-level", default="WARNING")
    args = parser.parse_args(argv)
    logging.basicConfig(level=args.log_level, stream=sys.stderr)
    asyncio.run(serve(args))


if __name__ == "__main__":
    main()
