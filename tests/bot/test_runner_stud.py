"""Stud at a Discord table: the bring-in button and the clock's bring-in, up
cards on the table message (and never a down card), the stakes a stud table
derives from its blinds, and a hand played to the end with the chips reconciled."""

from __future__ import annotations

import pytest

from bot.database import Database
from bot.render.table_message import table_message
from bot.tables.errors import Refused
from bot.tables.requests import ActionRequest, Move, resolve
from bot.tables.runner import TableRunner
from bot.tables.table_settings import TableSettings, dealt_variants
from engine import HandShown, stud_stakes
from engine.actions import BetOrRaise, PostBringIn
from engine.cards import Card
from engine.hand import LegalActions, Phase
from tests.bot.fake_clock import FakeClock
from tests.bot.ledger_checks import assert_chips_reconcile
from tests.bot.table_fakes import RecordingOutlet, config, seated_table, to_act

ANN, BEN, CAT = 11, 12, 13
NAMES = {ANN: "Ann", BEN: "Ben", CAT: "Cat"}
CALL = ActionRequest(Move.CHECK_OR_CALL)
BRING_IN = ActionRequest(Move.BRING_IN)


async def stud_table(
    database: Database, clock: FakeClock, outlet: RecordingOutlet, variant: str = "F7S"
) -> TableRunner:
    return await seated_table(database, clock, outlet, config(variant=variant), NAMES, seed=5)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def down_cards(runner: TableRunner) -> list[Card]:
    """The cards dealt face down and not shown at the showdown (yet)."""
    live = runner.live
    assert live is not None
    hand = live.hand
    shown = {e.player for e in hand.events if isinstance(e, HandShown)}
    return [
        card
        for player, (cards, up) in enumerate(zip(hand.hole_cards, hand.up, strict=True))
        for card, face_up in zip(cards, up, strict=True)
        if not face_up and player not in shown
    ]


def up_cards(runner: TableRunner) -> list[Card]:
    live = runner.live
    assert live is not None
    return [card for i in range(len(live.deal.players)) for card in live.hand.up_cards(i)]


def table_text(outlet: RecordingOutlet) -> str:
    return outlet.table.public_text()


def test_stud_is_dealt() -> None:
    assert {"F7S", "F7S/8", "FR"} <= dealt_variants().keys()


def test_a_stud_table_takes_ante_bring_in_and_bets_from_its_blinds() -> None:
    stakes = (
        TableSettings.checked(
            variant="F7S", small_blind=5, big_blind=10, min_buy_in=100, max_buy_in=1000, seats=6
        )
        .rules()
        .first_stakes
    )
    assert (stakes.ante, stakes.bring_in, stakes.fixed_small_bet, stakes.fixed_big_bet) == (
        1,
        5,
        10,
        20,
    )
    tiny = stud_stakes(1, 1)
    assert tiny.ante == 1 and tiny.bring_in == 1 and tiny.fixed_small_bet == 1


async def test_the_bring_in_request_is_refused_when_none_is_pending(
    database: Database, clock: FakeClock
) -> None:
    pending = LegalActions(0, Phase.BETTING, can_post_bring_in=True, bring_in_amount=5)
    assert resolve(BRING_IN, pending) == PostBringIn()
    runner = await seated_table(database, clock, RecordingOutlet(), config(), NAMES)
    with pytest.raises(Refused) as refused:
        await runner.act(to_act(runner), BRING_IN)
    assert refused.value.sentence("en") == "There is no bring-in to post now."
    await runner.stop()


def test_an_open_pair_offers_the_small_and_the_big_bet() -> None:
    legal = LegalActions(
        0, Phase.BETTING, can_check=True, can_raise=True, is_bet=True,
        min_raise_to=10, max_raise_to=20, raise_choices=(10, 20),
    )  # fmt: skip
    assert resolve(ActionRequest(Move.SMALL_BET), legal) == BetOrRaise(10)
    assert resolve(ActionRequest(Move.BIG_BET), legal) == BetOrRaise(20)
    with pytest.raises(Refused):
        resolve(ActionRequest(Move.BIG_BET), LegalActions(0, Phase.BETTING, can_raise=True))


async def test_the_bring_in_has_its_button_beside_complete(
    database: Database, clock: FakeClock
) -> None:
    outlet = RecordingOutlet()
    runner = await stud_table(database, clock, outlet)
    labels = [button.label for button in outlet.table.buttons]
    assert "Bring in (5)" in labels and "Complete to 10" in labels
    assert "Fold" not in labels
    assert "Ante 1 · bring-in 5 · bets 10/20" in table_text(outlet)
    assert "(D)" not in table_text(outlet)  # stud's order follows the up cards
    # Nor is the draw for the button shown on the first hand: the bring-in decides.
    live = runner.live
    assert live is not None and live.hand_no == 1 and live.deal.button_draw is not None
    assert "Draw for the button" not in table_text(outlet)
    german = table_message(runner.snapshot(), "de").buttons
    assert "Bring-in (5)" in [button.label for button in german]
    await runner.stop()


async def test_the_clock_posts_a_pending_bring_in(database: Database, clock: FakeClock) -> None:
    outlet = RecordingOutlet()
    runner = await stud_table(database, clock, outlet)
    live = runner.live
    assert live is not None and live.hand.legal_actions().can_post_bring_in
    assert live.deadline is not None
    clock.advance(live.deadline - clock.now())
    await runner.settled()
    assert runner.live is live
    last = live.last_action
    assert last is not None and last.kind == "bring-in" and last.by_clock
    await runner.stop()


@pytest.mark.parametrize("variant", ["F7S", "F7S/8", "FR"])
async def test_a_stud_hand_plays_to_the_end_showing_up_cards_only(
    database: Database, clock: FakeClock, variant: str
) -> None:
    outlet = RecordingOutlet()
    runner = await stud_table(database, clock, outlet, variant)
    live = runner.live
    assert live is not None
    seen_up = 0
    while runner.live is not None:
        await runner.settled()
        text = table_text(outlet)
        for card in down_cards(runner):
            assert card.symbol not in text, (card, text)
        for card in up_cards(runner):
            assert card.symbol in text
            seen_up += 1
        legal = live.hand.legal_actions()
        request = BRING_IN if legal.can_post_bring_in else CALL
        if legal.phase is Phase.SHOWDOWN:  # a hand that cannot win
            request = ActionRequest(Move.MUCK)
        await runner.act(to_act(runner), request)
    await runner.settled()
    hidden = [
        card
        for cards, up in zip(live.hand.hole_cards, live.hand.up, strict=True)
        for card, face_up in zip(cards, up, strict=True)
        if not face_up
    ]
    # Before the showdown no down card shows; at the showdown, the hands shown.
    during_the_hand = [
        d.message.public_text()
        for d in outlet.public
        if d.kind == "table" and "The hand is over." not in d.message.public_text()
    ]
    assert during_the_hand
    shown = {c for e in live.hand.events if isinstance(e, HandShown) for c in e.cards}
    for text in during_the_hand:
        text = "\n".join(ln for ln in text.splitlines() if not ln.startswith("Draw for"))
        allowed = shown if "show or muck" in text else set()
        assert not [card for card in hidden if card.symbol in text and card not in allowed], text
    assert seen_up and live.hand.is_complete
    assert sum(live.hand.finishing_stacks) + live.hand.rake_taken == 1500
    await assert_chips_reconcile(database)
    await runner.stop()


async def test_the_seventh_street_card_reaches_each_player_by_dm(
    database: Database, clock: FakeClock
) -> None:
    outlet = RecordingOutlet()
    runner = await stud_table(database, clock, outlet)
    live = runner.live
    assert live is not None
    while runner.live is live and len(live.hand.hole_cards[0]) < 7:
        legal = live.hand.legal_actions()
        await runner.act(to_act(runner), BRING_IN if legal.can_post_bring_in else CALL)
    await runner.settled()
    assert runner.live is live, "everyone called: the hand reaches seventh street"
    for index, user_id in enumerate(live.deal.players):
        last = outlet.dms(user_id)[-1].message.public_text()
        cards = live.hand.hole_cards[index]
        assert len(cards) == 7 and all(card.symbol in last for card in cards)
    await runner.stop()
