"""Five card draw jackpots at a Discord table: jacks or better to open, a pot
nobody opened waits on the table (and in the database) for the next deal,
across a restart, and goes back to the players if the game ends first; the
chips reconcile and the audit replays every hand."""

from __future__ import annotations

import pytest

from bot.database import Database
from bot.tables.errors import Refused
from bot.tables.registry import TableRegistry
from bot.tables.requests import ActionRequest, Move
from bot.tables.runner import TableRunner
from bot.tables.table_settings import TableSettingsError
from engine.hand import Phase
from tests.audited import assert_audit_clean
from tests.bot.fake_clock import FakeClock
from tests.bot.ledger_checks import assert_chips_reconcile
from tests.bot.table_fakes import (
    CHANNEL,
    CREATOR,
    GUILD,
    STARTING_CHIPS,
    RecordingOutlet,
    config,
    registry,
)
from tests.engine.dealing import Rigged

ANN, BEN, CAT = 11, 12, 13
NAMES = {ANN: "Ann", BEN: "Ben", CAT: "Cat"}


def dealt(*hands: str) -> Rigged:
    """Shuffles that deal these five-card hands (hand index 0 first), one card
    at a time round the table; the draw for the button gives seat 3 the 4c."""
    split = [hand.split() for hand in hands]
    return Rigged(" ".join(card for round_ in zip(*split, strict=True) for card in round_))


NOBODY_OPENS = dealt("2c 5d 8h Jc Ks", "3c 6d 9h Qc As", "4c 7d Th Kd 2s")
FIRST_OPENS = dealt("Jh Js 7c 4d 2h", "3c 6d 9h Qc As", "4c 7d Th Kd 2s")


async def deal(runner: TableRunner, clock: FakeClock, deck: Rigged) -> None:
    runner.dealer.rng = deck
    await runner.settled()
    assert runner.state.next_hand_at is not None
    clock.advance(runner.state.next_hand_at - clock.now())
    await runner.settled()
    assert runner.live is not None


def to_act(runner: TableRunner) -> int:
    live = runner.live
    assert live is not None
    return live.deal.players[live.hand.legal_actions().player]


async def check_around(runner: TableRunner) -> None:
    while (live := runner.live) is not None:
        legal = live.hand.legal_actions()
        move = Move.DISCARD if legal.phase is Phase.DISCARDING else Move.CHECK_OR_CALL
        await runner.act(to_act(runner), ActionRequest(move))
    await runner.settled()


async def carried_pot(database: Database) -> int:
    return int(await database.fetch_value("SELECT carried_pot FROM tables"))


async def a_pot_nobody_opened(
    database: Database, clock: FakeClock
) -> tuple[TableRegistry, list[RecordingOutlet], TableRunner]:
    tables, outlets = registry(database, clock)
    runner = await tables.create(
        GUILD, CHANNEL, CREATOR, config(variant="F5D", jackpots=True, seats=6)
    )
    for user_id, name in NAMES.items():
        await runner.join(user_id, name, buy_in=500)
    await deal(runner, clock, NOBODY_OPENS)
    text = outlets[0].table.public_text()
    assert "Jackpots: jacks or better to open · ante 5 · bets 10/20" in text
    with pytest.raises(Refused) as refused:
        await runner.act(to_act(runner), ActionRequest(Move.MIN))
    assert refused.value.sentence("en") == "You need jacks or better to open."
    await check_around(runner)
    return tables, outlets, runner


async def test_a_pot_nobody_opened_waits_for_the_next_deal_across_a_restart(
    database: Database,
) -> None:
    clock = FakeClock()
    before, outlets, runner = await a_pot_nobody_opened(database, clock)
    assert not outlets[0].posts()  # the result ends the hand's own message
    result = outlets[0].table.public_text()
    assert "Nobody opened: the pot of **15** waits for the next deal." in result
    assert "Carried to the next deal: **15**" in outlets[0].table.public_text()
    assert await carried_pot(database) == 15
    assert [seat.stack for seat in runner.table.seats.values()] == [495, 495, 495]
    await assert_chips_reconcile(database)
    await before.stop_all()

    after, outlets = registry(database, clock)
    (runner,) = await after.restore_all()
    assert runner.table.carried_pot == 15
    await deal(runner, clock, FIRST_OPENS)
    live = runner.live
    assert live is not None and live.hand.pot_total == 30
    opener = to_act(runner)
    await runner.act(opener, ActionRequest(Move.MIN))  # opens with the jacks for 10
    while runner.live is not None:
        await runner.act(to_act(runner), ActionRequest(Move.FOLD))
    await runner.settled()
    stacks = {seat.player: seat.stack for seat in runner.table.seats.values()}
    assert stacks[opener] == 490 - 10 + 40
    assert sorted(stacks.values()) == [490, 490, 520]
    assert await carried_pot(database) == 0

    await deal(runner, clock, NOBODY_OPENS)
    await check_around(runner)
    assert await carried_pot(database) == 15
    # The creator closes the table: the 15 carried go back, 5 to each player.
    movements = (await runner.close(by=CREATOR)).movements
    assert sorted(movement.amount for movement in movements) == [490, 490, 520]
    assert await carried_pot(database) == 0
    await after.stop_all()
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)


async def test_the_last_player_to_leave_takes_the_carried_pot(database: Database) -> None:
    clock = FakeClock()
    tables, _, runner = await a_pot_nobody_opened(database, clock)
    await runner.leave(BEN)
    await runner.leave(CAT)
    assert await carried_pot(database) == 15  # dead money while someone could still play
    left = await runner.leave(ANN)
    assert left.movement is not None and left.movement.amount == 495 + 15
    assert await carried_pot(database) == 0
    balance = await database.fetch_value("SELECT chips FROM balances WHERE user_id = ?", (ANN,))
    assert balance == STARTING_CHIPS - 500 + 510
    await tables.stop_all()
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)


@pytest.mark.parametrize("variant", ["NT", "F2L3D", "F7S"])
def test_jackpots_are_for_five_card_draw_only(variant: str) -> None:
    with pytest.raises(TableSettingsError) as refused:
        config(variant=variant, jackpots=True)
    assert refused.value.message_key == "engine.jackpots"


def test_a_mix_has_no_jackpots() -> None:
    with pytest.raises(TableSettingsError):
        config(rotation="ppc", jackpots=True)
