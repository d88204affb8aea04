"""Every variant a table offers, played for a few hands by players who fold,
call, raise, bring in, discard and draw at random (and sometimes let the clock
act): every hand ends, and the chips reconcile."""

from __future__ import annotations

import random

import pytest

from bot.database import Database
from bot.tables.errors import Refused
from bot.tables.requests import ActionRequest, Move
from bot.tables.table_settings import dealt_variants
from engine.hand import Phase
from tests.bot.fake_clock import FakeClock
from tests.bot.ledger_checks import assert_chips_reconcile
from tests.bot.table_fakes import RecordingOutlet, config, new_table

PLAYERS = {11: "Ann", 12: "Ben", 13: "Cat"}


@pytest.mark.parametrize("variant", sorted(dealt_variants()))
async def test_random_hands_of_every_variant_end_with_the_chips_reconciled(
    database: Database, variant: str
) -> None:
    clock = FakeClock()
    rng = random.Random(variant)
    runner = await new_table(database, clock, RecordingOutlet(), config(variant=variant, seats=3))
    for user_id, name in PLAYERS.items():
        await runner.join(user_id, name, buy_in=1000)
    for _ in range(4):
        await runner.settled()
        assert runner.state.next_hand_at is not None
        clock.advance(runner.state.next_hand_at - clock.now())
        await runner.settled()
        for _step in range(200):
            live = runner.live
            if live is None:
                break
            legal = live.hand.legal_actions()
            user_id = live.deal.players[legal.player]
            roll = rng.random()
            if roll < 0.05 and live.deadline is not None:
                clock.advance(live.deadline - clock.now())
                await runner.settled()
                continue
            if legal.phase is Phase.SHOWDOWN:  # a hand that cannot win
                request = ActionRequest(Move.SHOW if roll < 0.5 else Move.MUCK)
            elif legal.phase is Phase.DISCARDING:
                held = list(live.hand.hole_cards[legal.player])
                count = rng.randint(legal.discard_min, legal.discard_max)
                request = ActionRequest(Move.DISCARD, cards=tuple(rng.sample(held, count)))
            elif legal.can_post_bring_in:
                request = ActionRequest(Move.BRING_IN if roll < 0.6 else Move.MIN)
            elif roll < 0.15 and legal.can_fold:
                request = ActionRequest(Move.FOLD)
            elif roll < 0.35 and legal.can_raise:
                request = ActionRequest(Move.MIN)
            else:
                request = ActionRequest(Move.CHECK_OR_CALL)
            try:
                await runner.act(user_id, request)
            except Refused:
                await runner.act(user_id, ActionRequest(Move.CHECK_OR_CALL))
        assert runner.live is None, "the hand ended"
        for user_id, name in PLAYERS.items():  # the clock may have sat someone out
            if runner.table.is_seated(user_id) and runner.table.seat_of(user_id).sitting_out:
                await runner.sit_in(user_id)
            if not runner.table.is_seated(user_id):
                await runner.join(user_id, name, buy_in=1000)
    await runner.settled()
    await assert_chips_reconcile(database)
    await runner.stop()
