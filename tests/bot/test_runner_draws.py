"""Discards and draws at a Discord table: Pineapple's one discard and the
draw games' exchanges, asked of each player in turn with a menu of their own
cards; who still has to throw away cards on the table message; the clock's
choice (Pineapple's lowest card, standing pat in a draw); and hands played to
the end with the chips reconciled and no hidden card in public."""

from __future__ import annotations

import pytest

from bot.database import Database
from bot.tables.errors import NotYourTurn, Refused
from bot.tables.requests import ActionRequest, Move
from bot.tables.runner import TableRunner
from engine.cards import Card
from engine.hand import Phase
from tests.bot.fake_clock import FakeClock
from tests.bot.ledger_checks import assert_chips_reconcile
from tests.bot.table_fakes import RecordingOutlet, config, seated_table

ANN, BEN, CAT = 11, 12, 13
NAMES = {ANN: "Ann", BEN: "Ben", CAT: "Cat"}
CALL = ActionRequest(Move.CHECK_OR_CALL)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


async def dealt_table(
    database: Database, clock: FakeClock, outlet: RecordingOutlet, variant: str
) -> TableRunner:
    return await seated_table(database, clock, outlet, config(variant=variant), NAMES, seed=9)


def turn(runner: TableRunner) -> tuple[int, int]:
    """(user id, player index) of whoever is to bet, discard or draw."""
    live = runner.live
    assert live is not None
    index = live.hand.legal_actions().player
    return live.deal.players[index], index


async def call_until_discarding(runner: TableRunner) -> None:
    while runner.live is not None and runner.live.hand.phase is not Phase.DISCARDING:
        await runner.act(turn(runner)[0], CALL)
    await runner.settled()


def public_during_hand(outlet: RecordingOutlet) -> list[str]:
    texts = (d.message.public_text() for d in outlet.public if d.kind == "table")
    return [
        "\n".join(ln for ln in text.splitlines() if not ln.startswith("Draw for"))
        for text in texts
        # At the showdown the hands shown so far are public while a loser chooses.
        if "The hand is over." not in text and "show or muck" not in text
    ]


async def play_to_the_end(runner: TableRunner, choose: int) -> list[Card]:
    """Call every bet and throw away ``choose`` cards (the highest) at each
    discard or draw; returns every card that was ever hidden in a hand."""
    live = runner.live
    assert live is not None
    hidden: set[Card] = set()
    while runner.live is not None:
        for cards in live.hand.hole_cards:
            hidden.update(cards)
        user_id, index = turn(runner)
        legal = live.hand.legal_actions()
        if legal.phase is Phase.DISCARDING:
            count = max(legal.discard_min, min(choose, legal.discard_max))
            held = sorted(live.hand.hole_cards[index], key=lambda c: (c.rank, c.suit))
            cards = tuple(held[len(held) - count :]) if count else ()
            await runner.act(user_id, ActionRequest(Move.DISCARD, cards=cards))
        elif legal.phase is Phase.SHOWDOWN:  # a hand that cannot win
            await runner.act(user_id, ActionRequest(Move.MUCK))
        else:
            await runner.act(user_id, CALL)
    await runner.settled()
    return sorted(hidden)


async def test_pineapple_asks_each_player_to_discard_one_and_plays_out(
    database: Database, clock: FakeClock
) -> None:
    outlet = RecordingOutlet()
    runner = await dealt_table(database, clock, outlet, "NP")
    live = runner.live
    assert live is not None
    await call_until_discarding(runner)
    text = outlet.table.public_text()
    assert "Still to discard:" in text
    assert "Discard…" in [b.label for b in outlet.table.buttons]
    user_id, index = turn(runner)
    menu = runner.discard_choices(user_id, hand_no=live.hand_no, seq=len(live.hand.actions))
    assert menu.cards == tuple(live.hand.hole_cards[index]) and (menu.low, menu.high) == (1, 1)
    assert not menu.draw
    hidden = await play_to_the_end(runner, choose=1)
    assert live.hand.is_complete and all(len(c) == 2 for c in live.hand.hole_cards)
    assert any(action.kind == "discard" for action in live.actions)
    await assert_chips_reconcile(database)
    during = public_during_hand(outlet)
    assert during
    for text in during:
        assert not [c for c in hidden if c.symbol in text and c not in live.hand.board], text
    await runner.stop()


async def test_a_discard_must_be_the_players_own_cards_in_the_right_number(
    database: Database, clock: FakeClock
) -> None:
    outlet = RecordingOutlet()
    runner = await dealt_table(database, clock, outlet, "NP")
    live = runner.live
    assert live is not None
    await call_until_discarding(runner)
    user_id, index = turn(runner)
    others = [c for i, cards in enumerate(live.hand.hole_cards) if i != index for c in cards]
    mine = live.hand.hole_cards[index]
    for cards, key in (
        ((others[0],), "engine.card_not_held"),
        ((mine[0], mine[0]), "engine.must_discard"),
        ((), "engine.must_discard"),
        ((mine[0], mine[1]), "engine.must_discard"),
    ):
        with pytest.raises(Refused) as refused:
            await runner.act(user_id, ActionRequest(Move.DISCARD, cards=cards))
        assert refused.value.message_key == key
    with pytest.raises(Refused) as refused:
        await runner.act(user_id, CALL)
    assert refused.value.message_key == "engine.discard_first"
    someone_else = next(uid for uid in live.deal.players if uid != user_id)
    with pytest.raises(NotYourTurn):
        await runner.act(someone_else, ActionRequest(Move.DISCARD, cards=()))
    await runner.stop()


async def test_the_clock_discards_the_lowest_card_in_pineapple(
    database: Database, clock: FakeClock
) -> None:
    outlet = RecordingOutlet()
    runner = await dealt_table(database, clock, outlet, "NP")
    live = runner.live
    assert live is not None
    await call_until_discarding(runner)
    _, index = turn(runner)
    lowest = min(live.hand.hole_cards[index], key=lambda c: (c.rank, c.suit))
    assert live.deadline is not None
    clock.advance(live.deadline - clock.now())
    await runner.settled()
    assert lowest not in live.hand.hole_cards[index] and len(live.hand.hole_cards[index]) == 2
    last = live.last_action
    assert last is not None and last.kind == "discard" and last.by_clock
    await runner.stop()


@pytest.mark.parametrize("variant", ["F5D", "N2L1D", "F2L3D", "FB"])
async def test_a_draw_hand_plays_out_and_the_clock_stands_pat(
    database: Database, clock: FakeClock, variant: str
) -> None:
    outlet = RecordingOutlet()
    runner = await dealt_table(database, clock, outlet, variant)
    live = runner.live
    assert live is not None
    await call_until_discarding(runner)
    assert runner.live is live, "everyone called: the hand reaches the draw"
    assert "Still to draw:" in outlet.table.public_text()
    assert "Draw…" in [b.label for b in outlet.table.buttons]
    _, index = turn(runner)
    before = list(live.hand.hole_cards[index])
    assert live.deadline is not None
    clock.advance(live.deadline - clock.now())
    await runner.settled()
    assert live.hand.hole_cards[index] == before
    last = live.last_action
    assert last is not None and last.kind == "stand_pat" and last.by_clock
    await play_to_the_end(runner, choose=2)
    assert live.hand.is_complete
    assert any(action.kind == "draw" for action in live.actions)
    await assert_chips_reconcile(database)
    await runner.stop()


async def test_a_hand_restored_in_a_draw_resumes_where_it_was(
    database: Database, clock: FakeClock
) -> None:
    from tests.bot.test_runner import _restore

    outlet = RecordingOutlet()
    runner = await dealt_table(database, clock, outlet, "F2L3D")
    live = runner.live
    assert live is not None
    await call_until_discarding(runner)
    user_id, index = turn(runner)
    await runner.act(user_id, ActionRequest(Move.DISCARD, cards=(live.hand.hole_cards[index][0],)))
    cards_before = [list(c) for c in live.hand.hole_cards]
    told_before = [(a.kind, a.amount) for a in live.actions]
    await runner.stop()

    restored = await _restore(database, clock, RecordingOutlet())
    await restored.settled()
    resumed = restored.live
    assert resumed is not None and resumed.hand.phase is Phase.DISCARDING
    assert [list(c) for c in resumed.hand.hole_cards] == cards_before
    assert [(a.kind, a.amount) for a in resumed.actions] == told_before
    assert resumed.actions[-1].kind == "draw"
    await play_to_the_end(restored, choose=0)
    await assert_chips_reconcile(database)
    await restored.stop()


async def test_the_cards_drawn_reach_each_player_by_dm(
    database: Database, clock: FakeClock
) -> None:
    outlet = RecordingOutlet()
    runner = await dealt_table(database, clock, outlet, "F5D")
    live = runner.live
    assert live is not None
    await call_until_discarding(runner)
    before = {uid: len(outlet.dms(uid)) for uid in NAMES}
    held = [tuple(cards) for cards in live.hand.hole_cards]
    while live.hand.phase is Phase.DISCARDING:
        user_id, index = turn(runner)
        await runner.act(user_id, ActionRequest(Move.DISCARD, cards=held[index][:2]))
    await runner.settled()
    assert runner.live is live
    for index, user_id in enumerate(live.deal.players):
        new_hand = live.hand.hole_cards[index]
        assert set(new_hand) != set(held[index])
        (fresh,) = outlet.dms(user_id)[before[user_id] :]
        text = fresh.message.public_text()
        assert f"Your cards, hand {live.hand_no}" in text
        assert all(card.symbol in text for card in new_hand)
    await runner.stop()


async def test_five_card_draw_is_played_for_antes(database: Database, clock: FakeClock) -> None:
    """The seeds: Five Card Draw is dealt after everyone antes; with no blinds,
    the table's 5/10 are the ante and the bets."""
    outlet = RecordingOutlet()
    runner = await dealt_table(database, clock, outlet, "F5D")
    live = runner.live
    assert live is not None
    assert live.deal.setup.antes == (5, 5, 5) and not live.deal.setup.blinds
    assert "Ante 5 · bets 10/20" in outlet.table.public_text()
    assert "Jackpots" not in outlet.table.public_text()
    await runner.stop()
