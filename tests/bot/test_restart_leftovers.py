"""What a table owes its players across a restart and over a long evening: a
hand's result settled just before the process died is still posted, and a
player who sits out for a long time gets their stack back."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.database import Database
from bot.render.message import OutgoingMessage
from bot.tables.outlet import PrivateSlot, TableClick
from bot.tables.requests import ActionRequest, Move
from bot.tables.restore import restore_runner
from bot.tables.runner import TableRunner
from bot.tables.table_store import TableStore
from tests.bot.fake_clock import FakeClock
from tests.bot.ledger_checks import assert_chips_reconcile
from tests.bot.table_fakes import (
    GUILD,
    STARTING_CHIPS,
    RecordingOutlet,
    config,
    deal_next,
    new_table,
    seated_table,
    services,
    to_act,
)

ANN, BEN, CAT = 11, 12, 13


class DyingOutlet(RecordingOutlet):
    """The process dies before any table message reaches Discord."""

    async def show_table(
        self, message: OutgoingMessage, *, fresh: bool, clicks: Sequence[TableClick] = ()
    ) -> None:
        return None


async def restored(database: Database, clock: FakeClock, outlet: RecordingOutlet) -> TableRunner:
    (stored,) = await TableStore(database).open_tables()
    runner = await restore_runner(stored, services(database, clock), outlet)
    await runner.start()
    await runner.settled()
    return runner


async def test_a_result_that_never_reached_the_channel_is_shown_after_a_restart(
    database: Database,
) -> None:
    clock = FakeClock()
    runner = await new_table(database, clock, DyingOutlet())
    await runner.join(ANN, "Ann", buy_in=500)
    await runner.join(BEN, "Ben", buy_in=500)
    await deal_next(runner, clock)
    await runner.act(to_act(runner), ActionRequest(Move.FOLD))
    await runner.settled()
    await runner.stop()  # the result went nowhere

    outlet = RecordingOutlet()
    after = await restored(database, clock, outlet)
    # The hand's message, edited again, ends with its result: no message of its own.
    shown = outlet.table.public_text()
    assert "Hand 1" in shown and "wins the pot" in shown, shown
    assert not [text for text in outlet.posts() if "Hand 1" in text]
    # Once shown and the table has moved on, a second restart posts it no more.
    await deal_next(after, clock)
    await after.stop()
    again = RecordingOutlet()
    last = await restored(database, clock, again)
    assert not [text for text in again.posts() if "Hand 1" in text]
    assert "Hand 2" in again.table.public_text()
    await last.stop()


async def test_a_restart_between_hands_keeps_the_result_on_the_hand_s_message(
    database: Database,
) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    runner = await new_table(database, clock, outlet)
    await runner.join(ANN, "Ann", buy_in=500)
    await runner.join(BEN, "Ben", buy_in=500)
    await deal_next(runner, clock)
    await runner.act(to_act(runner), ActionRequest(Move.FOLD))
    await runner.settled()
    assert "wins the pot" in outlet.table.public_text()
    await runner.stop()

    again = RecordingOutlet()
    after = await restored(database, clock, again)
    (edit,) = [d for d in again.deliveries if d.kind == "table"]
    assert "wins the pot" in edit.message.public_text()  # (fresh: this outlet keeps no ids)
    assert not again.posts()
    await after.stop()


async def test_a_player_who_sits_out_too_long_is_cashed_out(database: Database) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    record = await TableStore(database).create(GUILD, 500, 1, config())
    patient = replace(services(database, clock), sit_out_seconds=600)
    runner = TableRunner(record, config(), patient, outlet)
    await runner.start()
    await runner.join(ANN, "Ann", buy_in=500)
    await runner.join(CAT, "Cat", buy_in=500)
    await runner.sit_out(CAT)
    await runner.settled()
    clock.advance(599)
    await runner.settled()
    assert runner.table.is_seated(CAT), "not yet"
    clock.advance(2)
    await runner.settled()
    assert not runner.table.is_seated(CAT)
    assert await runner.cashier.balance(GUILD, CAT) == STARTING_CHIPS
    assert any("Cat sat out for more than 10 minutes" in text for text in outlet.posts())
    assert runner.table.is_seated(ANN), "a player who plays keeps the seat"
    await assert_chips_reconcile(database)
    await runner.stop()


async def test_sitting_out_is_timed_across_a_restart(database: Database) -> None:
    clock = FakeClock()
    record = await TableStore(database).create(GUILD, 500, 1, config())
    patient = replace(services(database, clock), sit_out_seconds=600)
    runner = TableRunner(record, config(), patient, RecordingOutlet())
    await runner.start()
    await runner.join(ANN, "Ann", buy_in=500)
    await runner.join(CAT, "Cat", buy_in=500)
    await runner.sit_out(CAT)
    await runner.sit_out(ANN)  # a change saved after Cat's sit-out began
    await runner.stop()
    clock.advance(400)
    (stored,) = await TableStore(database).open_tables()
    after = await restore_runner(stored, patient, RecordingOutlet())
    await after.start()
    clock.advance(201)
    await after.settled()
    assert not after.table.is_seated(CAT), "600 seconds in all, the restart included"
    await after.stop()


class LostDms(RecordingOutlet):
    """DMs to ``lost`` never reach Discord (the process died while sending them)."""

    def __init__(self, lost: set[int]) -> None:
        super().__init__()
        self.lost = lost

    async def send_private(
        self, user_id: int, message: OutgoingMessage, *, slot: PrivateSlot | None = None
    ) -> bool:
        if user_id in self.lost:
            raise ConnectionError("the process is gone")
        return await super().send_private(user_id, message, slot=slot)


async def test_after_a_restart_only_the_cards_never_delivered_are_dmed_again(
    database: Database,
) -> None:
    clock = FakeClock()
    runner = await new_table(database, clock, LostDms({BEN}))
    for user_id, name in ((ANN, "Ann"), (BEN, "Ben"), (CAT, "Cat")):
        await runner.join(user_id, name, buy_in=500)
    await deal_next(runner, clock)
    live = runner.live
    assert live is not None and live.hand_no == 1
    await runner.settled()
    await runner.stop()

    outlet = RecordingOutlet()
    after = await restored(database, clock, outlet)
    # Ann's and Cat's DMs of this hand went out (and were saved as such): only
    # Ben, whose DM never left, gets his cards.
    assert [d.user_id for d in outlet.deliveries if d.kind == "dm"] == [BEN]
    await after.stop()

    # Once Ben's DM went out too, a second restart sends nobody anything.
    again = RecordingOutlet()
    last = await restored(database, clock, again)
    assert not [d for d in again.deliveries if d.kind == "dm"]
    await last.stop()


async def test_stud_up_cards_dealt_since_the_last_dm_bring_no_dm_after_a_restart(
    database: Database,
) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    names = {ANN: "Ann", BEN: "Ben", CAT: "Cat"}
    runner = await seated_table(database, clock, outlet, config(variant="F7S"), names, seed=5)
    await runner.act(to_act(runner), ActionRequest(Move.BRING_IN))
    live = runner.live
    assert live is not None
    while live.hand.street_index == 0:
        await runner.act(to_act(runner), ActionRequest(Move.CHECK_OR_CALL))
    # Fourth street: an up card each, which the table shows; no DM for it.
    assert all(len(cards) == 4 for cards in live.hand.hole_cards)
    assert len(outlet.dms(ANN)) == 1
    await runner.settled()
    await runner.stop()

    after_restart = RecordingOutlet()
    after = await restored(database, clock, after_restart)
    assert not [d for d in after_restart.deliveries if d.kind == "dm"]
    await after.stop()
