"""/poker verify opens only what the asker saw: a folded hand stays closed.

A provably fair table plays a hand in which one player folds before the flop
and two show down; then each person's opening is built from the database as
the command builds it, and checked against the commitment the table showed.
"""

from __future__ import annotations

import pytest

from bot.database import Database
from bot.tables.deck_openings import hand_opening
from bot.tables.requests import ActionRequest, Move
from bot.tables.runner import TableRunner
from engine.cards import Card
from engine.fairness import Opening, check_opening
from tests.bot.fake_clock import FakeClock
from tests.bot.table_fakes import RecordingOutlet, check_or_call, config, seated_table, to_act

ANN, BEN, CAT, RAIL = 11, 12, 13, 99
NAMES = {ANN: "Ann", BEN: "Ben", CAT: "Cat"}


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


async def fair_table(database: Database, clock: FakeClock) -> TableRunner:
    fair = config(provably_fair=True)
    return await seated_table(database, clock, RecordingOutlet(), fair, NAMES)


def opened(opening: Opening) -> set[Card]:
    return {card.card for card in opening.cards}


async def test_each_person_opens_the_board_the_shown_hands_and_only_their_own_cards(
    database: Database, clock: FakeClock
) -> None:
    runner = await fair_table(database, clock)
    live = runner.live
    assert live is not None and live.commitment is not None
    hand_no = live.deal.number
    pending = await hand_opening(database, runner.table_id, hand_no, ANN)
    assert pending is not None and pending.opening is None and not pending.over
    folder = to_act(runner)
    await runner.act(folder, ActionRequest(Move.FOLD))
    while runner.live is live:
        await check_or_call(runner)
    await runner.settled()
    hand = live.hand
    assert hand.is_complete and len(hand.board) == 5
    hole = {user: set(hand.hole_cards[live.deal.index_of(user)]) for user in (ANN, BEN, CAT)}
    shown = {user for user in (ANN, BEN, CAT) if user != folder}
    shown_cards = set().union(*(hole[user] for user in shown))
    # A loser at showdown may muck; then his cards are opened to him alone.
    for user in (ANN, BEN, CAT, RAIL):
        found = await hand_opening(database, runner.table_id, hand_no, user)
        assert found is not None and found.over and found.opening is not None
        assert check_opening(found.opening, live.commitment)
        cards = opened(found.opening)
        assert set(hand.board) <= cards
        assert (hole[folder] <= cards) == (user == folder)
        if user in hole:
            assert hole[user] <= cards
        assert cards <= set(hand.board) | shown_cards | hole.get(user, set())
        text = found.opening.to_text()
        assert live.secret is not None and live.secret not in text
        if user != folder:
            assert not [card for card in hole[folder] if f" {card} " in text]
    await runner.stop()


async def test_a_hand_that_is_not_there_has_no_opening(
    database: Database, clock: FakeClock
) -> None:
    runner = await fair_table(database, clock)
    assert await hand_opening(database, runner.table_id, 99, ANN) is None
    await runner.stop()
