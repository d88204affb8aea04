"""Show or muck at the table: a loser's turn at the showdown is an action like a
bet, logged before it is taken, so it survives a restart and the audit and
the hand's PHH replay it."""

from __future__ import annotations

import pytest

from bot.database import Database
from bot.render.table_message import table_message
from bot.render.views import LastAction
from bot.tables.errors import NotYourTurn, Refused
from bot.tables.restore import players_own
from bot.tables.runner import TableRunner
from bot.tables.view import told
from engine import HandMucked, HandShown, Phase, ShowOrMuck, format_cards
from tests.audited import assert_audit_clean
from tests.bot.fake_clock import FakeClock
from tests.bot.ledger_checks import assert_chips_reconcile
from tests.bot.table_fakes import RecordingOutlet, check_or_call, deal_next, new_table, to_act
from tests.bot.test_runner import _restore
from tests.engine.test_showdown_turns import (
    BOARD,
    THREE,
    act,
    check_round,
    check_to_the_river,
    named_hand,
)

ANN, BEN, CAT = 11, 12, 13
NAMES = {ANN: "Ann", BEN: "Ben", CAT: "Cat"}


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


async def to_a_showdown_turn(runner: TableRunner, clock: FakeClock) -> None:
    """Check down hands until one waits for a loser's show or muck."""
    for _ in range(20):
        if runner.live is None:
            await deal_next(runner, clock)
        while (live := runner.live) is not None:
            if live.hand.phase is Phase.SHOWDOWN:
                return
            await check_or_call(runner)
    raise AssertionError("no showdown waited for a choice")


async def test_a_showdown_turn_survives_a_restart_and_replays(
    database: Database, clock: FakeClock
) -> None:
    outlet = RecordingOutlet()
    runner = await new_table(database, clock, outlet)
    for user_id, name in NAMES.items():
        await runner.join(user_id, name, buy_in=500)
    await to_a_showdown_turn(runner, clock)
    live = runner.live
    assert live is not None
    chooser, hand_no = to_act(runner), live.hand_no
    told_before = [(a.name, a.kind, a.by_clock) for a in live.actions]
    index = live.deal.players.index(chooser)
    # The table says whose choice it is and offers it; nobody else may choose.
    snapshot = runner.snapshot()
    assert snapshot.showdown_choice and snapshot.actor_id == chooser
    labels = [button.label for button in table_message(snapshot, "en").buttons]
    assert "Show" in labels and "Muck" in labels
    other = next(uid for uid in NAMES if uid != chooser)
    with pytest.raises(NotYourTurn):
        await runner.muck_cards(other)
    with pytest.raises(Refused) as refused:  # at the showdown the whole hand or nothing
        await runner.show_cards(chooser, 0)
    assert refused.value.message_key == "table.show_whole_at_showdown"
    await runner.stop()  # the process stops while the player thinks

    restored = await _restore(database, clock, RecordingOutlet())
    await restored.settled()
    resumed = restored.live
    assert resumed is not None and resumed.hand_no == hand_no
    assert resumed.hand.phase is Phase.SHOWDOWN and to_act(restored) == chooser
    assert [(a.name, a.kind, a.by_clock) for a in resumed.actions] == told_before
    shown = await restored.show_cards(chooser)
    assert shown.cards == tuple(resumed.hand.hole_cards[index]) and shown.hand_no == hand_no
    told = restored.live or restored.state.last_hand
    assert told is not None
    assert (told.actions[-1].name, told.actions[-1].kind) == (NAMES[chooser], "show")
    while (live := restored.live) is not None and live.hand_no == hand_no:
        await restored.muck_cards(to_act(restored))
    await restored.settled()
    last = restored.state.last_hand
    assert last is not None and last.hand_no == hand_no
    events = last.hand.events
    assert any(isinstance(e, HandShown) and e.player == index for e in events)

    # The log holds the choices: a second restart replays the same actions, the
    # audit replays the finished hand, and its PHH writes each show and muck.
    phh = await database.fetch_value(
        "SELECT phh FROM hands WHERE hand_no = ? AND status = 'finished'", (hand_no,)
    )
    assert f"p{index + 1} sm {format_cards(shown.cards)}" in str(phh)
    mucked = [e.player for e in events if isinstance(e, HandMucked)]
    assert all(f"p{p + 1} sm'" in str(phh) or f'p{p + 1} sm"' in str(phh) for p in mucked)
    await assert_audit_clean(database)
    await assert_chips_reconcile(database)
    await restored.stop()


def test_a_restored_hand_tells_the_choices_made_and_not_the_hands_turned_up() -> None:
    hand = named_hand(THREE, BOARD)
    check_to_the_river(hand)
    check_round(hand)  # the kings are turned up; ace-high and the nines choose
    act(hand, 1, ShowOrMuck(True))
    act(hand, 2, ShowOrMuck(False))
    own = players_own(hand)
    assert len(own) == len(hand.actions)  # one event per action the log holds
    assert [(e.player, told(e)) for e in own[-2:]] == [
        (1, LastAction("", "show", 0, 0, False)),
        (2, LastAction("", "muck", 0, 0, False)),
    ]
