"""Test doubles for the table runner: an outlet that records every delivery,
a table set up on a temporary database with a fake clock, and decks stacked
card by card."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from bot.cashier import Cashier
from bot.daily import DailyReward
from bot.database import Database
from bot.render.message import OutgoingMessage
from bot.tables.outlet import PrivateSlot, TableClick
from bot.tables.registry import TableRegistry
from bot.tables.requests import ActionRequest, Move
from bot.tables.runner import TableRunner
from bot.tables.services import TableServices
from bot.tables.table_settings import TableSettings
from bot.tables.table_store import TableStore
from engine import Phase, parse_cards
from tests.bot.fake_clock import FakeClock

GUILD, CHANNEL, CREATOR = 100, 500, 1
STARTING_CHIPS = 10_000


@dataclass(frozen=True)
class Delivery:
    kind: Literal["table", "post", "dm", "notice"]
    message: OutgoingMessage
    fresh: bool = False
    user_id: int | None = None
    delivered: bool = True
    #: A DM that edited the one sent before in its slot.
    edit: bool = False


@dataclass
class RecordingOutlet:
    """Records what the runner sent; refuses DMs to the players in ``closed_dms``."""

    deliveries: list[Delivery] = field(default_factory=list)
    closed_dms: set[int] = field(default_factory=set)

    async def show_table(
        self, message: OutgoingMessage, *, fresh: bool, clicks: Sequence[TableClick] = ()
    ) -> None:
        self.deliveries.append(Delivery("table", message, fresh))

    async def post(self, message: OutgoingMessage) -> None:
        self.deliveries.append(Delivery("post", message))

    async def send_private(
        self, user_id: int, message: OutgoingMessage, *, slot: PrivateSlot | None = None
    ) -> bool:
        delivered = user_id not in self.closed_dms
        edit = slot is not None and slot.message_id is not None
        self.deliveries.append(
            Delivery("dm", message, user_id=user_id, delivered=delivered, edit=edit)
        )
        if delivered and slot is not None and slot.message_id is None:
            slot.message_id = len(self.deliveries)
        return delivered

    async def post_notice(self, user_id: int, message: OutgoingMessage) -> int | None:
        self.deliveries.append(Delivery("notice", message, user_id=user_id))
        return len(self.deliveries)

    @property
    def public(self) -> list[Delivery]:
        return [d for d in self.deliveries if d.kind in ("table", "post")]

    @property
    def table(self) -> OutgoingMessage:
        return [d for d in self.deliveries if d.kind == "table"][-1].message

    def posts(self) -> list[str]:
        return [d.message.public_text() for d in self.deliveries if d.kind == "post"]

    def dms(self, user_id: int) -> list[Delivery]:
        return [d for d in self.deliveries if d.kind == "dm" and d.user_id == user_id]


class StackedDecks(random.Random):
    """A fixed deck for each shuffle in turn (the draw for the button first):
    ``tops`` on top, the rest in the deck's order; the last serves every
    shuffle after it."""

    def __init__(self, *tops: str) -> None:
        super().__init__(0)
        self.tops = [parse_cards(top) for top in tops]

    def shuffle(self, x: Any) -> None:
        top = self.tops.pop(0) if len(self.tops) > 1 else self.tops[0]
        x[:] = [card for card in top if card in x] + [card for card in x if card not in top]


def config(**changes: object) -> TableSettings:
    options: dict[str, object] = {
        "variant": "NT",
        "small_blind": 5,
        "big_blind": 10,
        "min_buy_in": 100,
        "max_buy_in": 1000,
        "seats": 6,
        "action_seconds": 30,
    }
    options.update(changes)
    return TableSettings.checked(**options)


def services(database: Database, clock: FakeClock, seed: int = 7) -> TableServices:
    cashier = Cashier(
        database,
        starting_chips=STARTING_CHIPS,
        daily=DailyReward(base=100, streak_bonus=10, streak_cap=7),
    )
    return TableServices(database, cashier, clock, hand_pause_seconds=5, rng=random.Random(seed))


async def new_table(
    database: Database,
    clock: FakeClock,
    outlet: RecordingOutlet,
    table_config: TableSettings | None = None,
    *,
    seed: int = 7,
    channel_id: int = CHANNEL,
) -> TableRunner:
    table_config = table_config or config()
    record = await TableStore(database).create(GUILD, channel_id, CREATOR, table_config)
    runner = TableRunner(record, table_config, services(database, clock, seed), outlet)
    await runner.start()
    return runner


async def deal_next(runner: TableRunner, clock: FakeClock) -> None:
    """Let the pause between hands pass; a hand is then being played."""
    await runner.settled()
    assert runner.state.next_hand_at is not None, "no deal is due"
    clock.advance(runner.state.next_hand_at - clock.now())
    await runner.settled()
    assert runner.live is not None


async def seated_table(
    database: Database,
    clock: FakeClock,
    outlet: RecordingOutlet,
    table_config: TableSettings,
    players: Mapping[int, str],
    *,
    buy_in: int = 500,
    seed: int = 7,
) -> TableRunner:
    """A new table with ``players`` (user id: name) seated and its first hand dealt."""
    runner = await new_table(database, clock, outlet, table_config, seed=seed)
    for user_id, name in players.items():
        await runner.join(user_id, name, buy_in=buy_in)
    await deal_next(runner, clock)
    return runner


def to_act(runner: TableRunner) -> int:
    """The user id of the player whose turn it is (to bet, draw, or show or muck)."""
    live = runner.live
    assert live is not None and live.hand.to_act is not None
    return live.deal.players[live.hand.to_act]


async def check_or_call(runner: TableRunner) -> None:
    """The player to act checks or calls; at the showdown, a player whose hand
    cannot win mucks it, as the clock would."""
    live = runner.live
    assert live is not None
    showdown = live.hand.phase is Phase.SHOWDOWN
    await runner.act(to_act(runner), ActionRequest(Move.MUCK if showdown else Move.CHECK_OR_CALL))


def registry(database: Database, clock: FakeClock) -> tuple[TableRegistry, list[RecordingOutlet]]:
    """A table registry whose tables each get a recording outlet, and those outlets."""
    outlets: list[RecordingOutlet] = []

    def outlet_for(channel_id: int) -> RecordingOutlet:
        outlets.append(RecordingOutlet())
        return outlets[-1]

    return TableRegistry(services(database, clock), outlet_for), outlets
