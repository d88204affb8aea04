"""A local room in this process for the web tests and the pictures: the table
of ``python -m bot play`` on a temporary database, with its web server, and
headless Chromium from Debian's package (never a browser Playwright downloads)."""

from __future__ import annotations

import contextlib
import random
import shutil
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from bot.database import Database
from bot.local_play import PlayOptions, QuietOutlet, local_member, local_services, open_local_table
from bot.tables.clock import Clock
from bot.tables.registry import TableRegistry
from bot.tables.runner import TableRunner
from bot.tables.state import TableState
from bot.web_surface import LocalMember, WebRoomSetup, load_web_surface
from web.frames import Frame
from web.room import Connection
from web.server import WebRoomServer

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    """Debian's chromium, if this machine has it."""
    found = shutil.which("chromium") or (CHROMIUM if Path(CHROMIUM).exists() else None)
    return found


@dataclass
class LocalRoom:
    database: Database
    registry: TableRegistry
    runner: TableRunner
    member: LocalMember
    server: WebRoomServer
    #: Every frame built: (connection, frame, what the checker needs of the table then).
    frames: list[tuple[Connection, Frame, Any]] = field(default_factory=list)

    @property
    def player_url(self) -> str:
        return f"{self.server.url}/table/{self.runner.table_id}?key={self.member.key}"

    @property
    def spectator_url(self) -> str:
        return f"{self.server.url}/table/{self.runner.table_id}"


@contextlib.asynccontextmanager
async def local_room(
    path: Path,
    options: PlayOptions | None = None,
    *,
    clock: Clock | None = None,
    seed: int = 5,
    witness: Callable[[Connection, Frame, TableState], Any] | None = None,
    hand_pause: float = 1.0,
    computer_pace: float = 0.2,
    flood_limit: int = 20,
    avatar_url: Callable[[int], str | None] | None = None,
) -> AsyncIterator[LocalRoom]:
    database = await Database.open(path)
    services = replace(
        local_services(database, clock),
        rng=random.Random(seed),
        hand_pause_seconds=hand_pause,
        computer_pace_seconds=computer_pace,
        runout_pause_seconds=0.0,
    )
    registry = TableRegistry(services, lambda channel_id: QuietOutlet())
    member = local_member()
    server = load_web_surface(
        WebRoomSetup(
            registry,
            port=0,
            local_member=member,
            flood_limit=flood_limit,
            avatar_url=avatar_url,
        )
    )
    assert isinstance(server, WebRoomServer)
    room: LocalRoom | None = None
    try:
        runner = await open_local_table(registry, options or PlayOptions(computers=2), member)
        room = LocalRoom(database, registry, runner, member, server)
        record = room.frames

        def keep(connection: Connection, frame: Frame, state: TableState) -> None:
            record.append(
                (connection, frame, witness(connection, frame, state) if witness else None)
            )

        server.witnesses.append(keep)
        await server.start()
        yield room
    finally:
        await server.stop()
        await registry.stop_all()
        await database.close()
