"""Local play: ``python -m bot play``, a table in the browser against computer
players, without Discord, a token or any setting.

It opens (or makes) a SQLite ledger of its own, :func:`data_folder`'s
``local-play.db`` (``CROUPIER_PLAY_DATA`` names another folder; the current
folder when the user's data folder cannot be written), opens one table of the
game asked for with the computer players asked for, seats the one person (the
:class:`~bot.web_surface.LocalMember`, granted the starting chips like any new
member) and starts the web room (:mod:`bot.web_surface`) on 127.0.0.1. The
address printed carries a key: the browser that opens it plays, any other only
watches. Nothing goes to Discord: the table's outlet keeps nothing
(:class:`QuietOutlet`), the page shows the table.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import secrets
import signal
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from bot.cashier import Cashier
from bot.daily import DailyReward
from bot.database import Database
from bot.i18n import t
from bot.render.message import OutgoingMessage
from bot.tables.clock import Clock, SystemClock
from bot.tables.outlet import PrivateSlot, TableClick
from bot.tables.registry import TableRegistry
from bot.tables.runner import TableRunner
from bot.tables.services import TableServices
from bot.tables.table_settings import TableSettings, TableSettingsError, dealt_variants
from bot.web_surface import LocalMember, WebRoomSetup, WebSurface, load_web_surface
from engine import STYLES

#: The one server, channel and member of local play (not Discord's ids).
LOCAL_GUILD: Final = 1
LOCAL_CHANNEL: Final = 1
LOCAL_MEMBER: Final = 1
#: The seat's name when none is given: ``play.default_name`` in the player's language.
LOCAL_NAME: Final = "Player"
STARTING_CHIPS: Final = 10_000
DATABASE_NAME: Final = "local-play.db"


class QuietOutlet:
    """Local play's outlet: there is no Discord to post to; the page is the table."""

    async def show_table(
        self, message: OutgoingMessage, *, fresh: bool, clicks: Sequence[TableClick] = ()
    ) -> None:
        return None

    async def post(self, message: OutgoingMessage) -> None:
        return None

    async def send_private(
        self, user_id: int, message: OutgoingMessage, *, slot: PrivateSlot | None = None
    ) -> bool:
        return True  # the page shows the player's cards

    async def post_notice(self, user_id: int, message: OutgoingMessage) -> int | None:
        return None


@dataclass(frozen=True, slots=True)
class PlayOptions:
    game: str = "NT"
    computers: int = 3
    style: str | None = None
    small_blind: int = 5
    big_blind: int = 10
    seats: int = 6
    action_seconds: int = 60
    locale: str = "en"
    #: Seconds in each player's time bank (0: none).
    time_bank: int = 0


def data_folder() -> Path:
    """Where local play keeps its ledger: ``CROUPIER_PLAY_DATA``, else the user's
    data folder (``$XDG_DATA_HOME/croupier``, ``~/.local/share/croupier``;
    ``%APPDATA%\\croupier`` on Windows), else the current folder."""
    chosen = os.environ.get("CROUPIER_PLAY_DATA")
    if chosen:
        return Path(chosen)
    if sys.platform == "win32" and os.environ.get("APPDATA"):
        base = Path(os.environ["APPDATA"])
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    folder = base / "croupier"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return Path.cwd()
    return folder if os.access(folder, os.W_OK) else Path.cwd()


def table_settings(options: PlayOptions) -> TableSettings:
    big = options.big_blind
    return TableSettings.checked(
        variant=options.game,
        small_blind=options.small_blind,
        big_blind=big,
        min_buy_in=20 * big,
        max_buy_in=100 * big,
        seats=options.seats,
        action_seconds=options.action_seconds,
        locale=options.locale,
        time_bank_seconds=options.time_bank,
    )


def local_services(database: Database, clock: Clock | None = None) -> TableServices:
    cashier = Cashier(
        database,
        starting_chips=STARTING_CHIPS,
        daily=DailyReward(base=1_000, streak_bonus=100, streak_cap=7),
    )
    return TableServices(
        database,
        cashier,
        clock if clock is not None else SystemClock(),
        hand_pause_seconds=3.0,
        runout_pause_seconds=1.0,
        computer_pace_seconds=1.0,
    )


async def open_local_table(
    registry: TableRegistry, options: PlayOptions, member: LocalMember
) -> TableRunner:
    """The local table, new: one left open by an earlier run is closed first
    (every stack back to its owner), then the person and the computer players sit."""
    await registry.restore_all()
    if registry.get(LOCAL_CHANNEL) is not None:
        await registry.close(
            LOCAL_CHANNEL,
            by=member.user_id,
            void_reason=t("play.earlier_table", options.locale),
            by_name=member.name,
        )
    config = table_settings(options)
    runner = await registry.create(LOCAL_GUILD, LOCAL_CHANNEL, member.user_id, config)
    balance = await registry.services.cashier.balance(LOCAL_GUILD, member.user_id)
    buy_in = min(config.max_buy_in, balance) if balance is not None else config.max_buy_in
    if balance is None or balance >= config.min_buy_in:
        await runner.join(member.user_id, member.name, buy_in=buy_in, locale=options.locale)
    for _ in range(options.computers):
        await runner.add_computer(options.style, None)
    return runner


def terminal_language(environment: Mapping[str, str] | None = None) -> str:
    """The language the person's system speaks (``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``, as the C library reads them), if local play speaks it, else English."""
    environment = os.environ if environment is None else environment
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environment.get(name)
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"


def local_member(name: str = LOCAL_NAME) -> LocalMember:
    return LocalMember(LOCAL_GUILD, LOCAL_MEMBER, name, secrets.token_urlsafe(18))


def parse_options(argv: Sequence[str]) -> tuple[PlayOptions, int, str]:
    parser = argparse.ArgumentParser(
        prog="python -m bot play",
        description="Play at a local table in your browser against computer players.",
    )
    parser.add_argument("--port", type=int, default=8765, help="the port (default 8765; 0: any)")
    parser.add_argument("--game", default="NT", choices=sorted(dealt_variants()))
    parser.add_argument("--bots", type=int, default=3, help="computer players (1-9, default 3)")
    parser.add_argument("--style", choices=sorted(STYLES), default=None)
    parser.add_argument(
        "--name", default=None, help="your name at the table (default: Player, in your language)"
    )
    parser.add_argument(
        "--language",
        "--lang",
        choices=("en", "de"),
        default=None,
        help="the table's language (default: your system's, else English)",
    )
    arguments = parser.parse_args(argv)
    if not 1 <= arguments.bots <= 9:
        parser.error("--bots is 1 to 9")
    language = arguments.language or terminal_language()
    # The seat is named in the player's language unless they chose a name.
    name = (arguments.name or "").strip() or t("play.default_name", language)
    options = PlayOptions(
        game=arguments.game,
        computers=arguments.bots,
        style=arguments.style,
        seats=max(6, arguments.bots + 1) if arguments.bots < 9 else 10,
        locale=language,
    )
    return options, arguments.port, name


def main(argv: Sequence[str]) -> int:
    options, port, name = parse_options(argv)
    try:
        table_settings(options)
    except TableSettingsError as error:
        print(error, file=sys.stderr)
        return 2
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(play(options, port, name))
    return 0


async def play(options: PlayOptions, port: int, name: str) -> None:
    path = data_folder() / DATABASE_NAME
    database = await Database.open(path)
    member = local_member(name)
    registry = TableRegistry(local_services(database), lambda channel_id: QuietOutlet())
    surface: WebSurface | None = None
    try:
        runner = await open_local_table(registry, options, member)
        surface = load_web_surface(
            WebRoomSetup(registry, port=port, local_member=member, flood_limit=20)
        )
        await surface.start()
        print(t("play.ledger", options.locale, path=path))
        print(t("play.open", options.locale, url=f"{surface.url}/table/{runner.table_id}"))
        print(f"  {surface.url}/table/{runner.table_id}?key={member.key}", flush=True)
        stop = asyncio.Event()
        with contextlib.suppress(NotImplementedError):
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        await stop.wait()
    finally:
        if surface is not None:
            await surface.stop()
        await registry.stop_all()
        await database.close()
