"""In a draw game nobody learns which of an opponent's shown cards were dealt
first and which were drawn: not from their /history copy (``d dh p1 ????2d7c4h``
used to show the three kept), not from /poker verify's deck positions. Each
player still sees their own cards in full, and the copy still replays."""

from __future__ import annotations

import pytest

from bot.database import Database
from bot.tables.deck_openings import hand_opening
from bot.tables.histories import history_for_player
from bot.tables.requests import ActionRequest, Move
from bot.tables.runner import TableRunner
from engine.cards import Card
from engine.events import HoleCardsDealt
from engine.fairness import check_opening
from engine.hand import Phase
from engine.phh import loads, replay
from engine.phh.notation import Dealing, Showdown, parse_line
from tests.bot.fake_clock import FakeClock
from tests.bot.table_fakes import RecordingOutlet, config, seated_table

ANN, BEN = 11, 12
CALL = ActionRequest(Move.CHECK_OR_CALL)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


async def drawn_hand(
    database: Database, clock: FakeClock, *, ben_draws: bool = False
) -> tuple[TableRunner, int, object]:
    """Five card draw, provably fair: Ann throws away two and draws two, Ben stands
    pat (or draws one), both show down."""
    runner = await seated_table(
        database,
        clock,
        RecordingOutlet(),
        config(variant="F5D", provably_fair=True),
        {ANN: "Ann", BEN: "Ben"},
        seed=3,
    )
    live = runner.live
    assert live is not None
    while runner.live is live:
        hand = live.hand
        legal = hand.legal_actions()
        user = live.deal.players[legal.player]
        if hand.phase is Phase.DISCARDING:
            held = tuple(hand.hole_cards[legal.player])
            thrown = held[:2] if user == ANN else held[:1] if ben_draws else ()
            await runner.act(user, ActionRequest(Move.DISCARD, cards=thrown))
        elif hand.phase is Phase.SHOWDOWN:  # a hand that cannot win
            await runner.act(user, ActionRequest(Move.MUCK))
        else:
            await runner.act(user, CALL)
    await runner.settled()
    return runner, live.deal.number, live


async def test_verify_opens_no_card_of_an_opponent_who_drew(
    database: Database, clock: FakeClock
) -> None:
    runner, hand_no, live = await drawn_hand(database, clock)
    hand = live.hand  # type: ignore[attr-defined]
    ann = live.deal.players.index(ANN)  # type: ignore[attr-defined]
    dealt_to_ann = {
        card for e in hand.events if isinstance(e, HoleCardsDealt) and e.player == ann
        for card in e.cards
    }  # fmt: skip
    assert len(dealt_to_ann) == 7 and len(hand.hole_cards[ann]) == 5
    for asker, sees_ann in ((BEN, False), (ANN, True), (99, False)):
        found = await hand_opening(database, runner.table_id, hand_no, asker)
        assert found is not None and found.opening is not None
        assert check_opening(found.opening, live.commitment)  # type: ignore[attr-defined]
        opened = {card.card for card in found.opening.cards}
        if sees_ann:
            assert dealt_to_ann <= opened
        else:
            assert not opened & dealt_to_ann, "Ann's positions would tell what she kept"
    bens = await hand_opening(database, runner.table_id, hand_no, BEN)
    assert bens is not None and bens.opening is not None
    ben = live.deal.players.index(BEN)  # type: ignore[attr-defined]
    assert set(hand.hole_cards[ben]) <= {card.card for card in bens.opening.cards}
    await runner.stop()


async def test_history_hides_the_order_an_opponent_drew_in_and_still_replays(
    database: Database, clock: FakeClock
) -> None:
    runner, _, live = await drawn_hand(database, clock)
    hand_id = live.hand_id  # type: ignore[attr-defined]
    ann = live.deal.players.index(ANN)  # type: ignore[attr-defined]
    shown_by_ann = list(live.hand.hole_cards[ann])  # type: ignore[attr-defined]
    house = await database.fetch_value("SELECT phh FROM hands WHERE id = ?", (hand_id,))
    bens = await history_for_player(database, hand_id, BEN)
    anns = await history_for_player(database, hand_id, ANN)
    assert bens is not None and anns is not None
    lines = [parse_line(raw) for raw in loads(bens).actions]
    for line in lines:
        if isinstance(line, Dealing) and line.player == ann:
            assert set(line.cards) == {None}, f"Ann's deal shows cards: {line}"
    (show,) = [line for line in lines if isinstance(line, Showdown) and line.player == ann]
    assert set(show.cards) == set(shown_by_ann)
    ranked = sorted(shown_by_ann, key=lambda c: (-Card(c).rank, Card(c).suit))
    assert list(show.cards) == ranked, "shown in rank order, not as dealt and drawn"
    own = [parse_line(raw) for raw in loads(anns).actions]
    assert any(isinstance(line, Dealing) and line.player == ann and None not in line.cards
               for line in own), "Ann sees her own deal"  # fmt: skip
    for text in (bens, anns):
        result = replay(loads(text))
        assert result.ok and result.matches_recorded, result
        assert loads(text).finishing_stacks == loads(house).finishing_stacks
    await runner.stop()


async def test_the_table_message_and_the_result_show_a_drawn_hand_in_rank_order(
    database: Database, clock: FakeClock
) -> None:
    """Ann kept three cards and drew two: dealt order would show the two last."""
    runner, _, live = await drawn_hand(database, clock)
    ann = live.deal.players.index(ANN)  # type: ignore[attr-defined]
    held = list(live.hand.hole_cards[ann])  # type: ignore[attr-defined]
    ranked = tuple(sorted(held, key=lambda c: (-c.rank, c.suit)))
    assert tuple(held) != ranked, "the seed deals a hand whose dealt order tells the draw"
    (seat,) = [line for line in runner.snapshot().seats if line.user_id == ANN]
    assert seat.shown == ranked
    outlet = runner.publisher.outlet
    assert isinstance(outlet, RecordingOutlet)
    table = outlet.table.public_text()
    assert " ".join(card.symbol for card in held) not in table
    assert "wins" in table  # the hand's message, ending with its result
    await runner.stop()


async def test_a_spectator_of_a_draw_showdown_where_both_drew_sees_nothing_but_no_void(
    database: Database, clock: FakeClock
) -> None:
    """Both players drew: a spectator may open none of their cards, and the hand
    is over, not voided (/poker verify says which)."""
    runner, hand_no, _ = await drawn_hand(database, clock, ben_draws=True)
    found = await hand_opening(database, runner.table_id, hand_no, 99)
    assert found is not None and found.over and found.opening is not None
    assert not found.opening.cards and not found.voided
    await runner.stop()
