"""Computer players at a running table: seated and staked by the house bank,
deciding from their seat's view after a pause on the table's clock, logged
like any player's actions, deciding again after a restart, leaving with their
chips back to the bank, in tournaments too; and never seeing a card a member
in their seat could not."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator, Iterator
from dataclasses import replace
from typing import Any

import pytest

import bot.tables.computer_seats as computer_seats
from bot.database import Database
from bot.house_bank import house_bank
from bot.stats import against_computers, leaderboard
from bot.tables.errors import Refused
from bot.tables.requests import ActionRequest, Move
from bot.tables.restore import restore_runner
from bot.tables.runner import TableRunner
from bot.tables.table_store import TableStore
from bot.tables.view import private_view
from engine import Action, Card, Hand, HandShown, Phase, SeatView, UpCardsDealt
from tests.audited import assert_audit_clean
from tests.bot.fake_clock import FakeClock
from tests.bot.table_fakes import (
    CHANNEL,
    CREATOR,
    GUILD,
    STARTING_CHIPS,
    RecordingOutlet,
    StackedDecks,
    config,
    deal_next,
    services,
)

ANN = 11
CALL = ActionRequest(Move.CHECK_OR_CALL)
PACE = 2.0


async def table(
    database: Database, clock: FakeClock, outlet: RecordingOutlet, **changes: object
) -> TableRunner:
    settings = config(**changes)
    record = await TableStore(database).create(GUILD, CHANNEL, CREATOR, settings)
    shared = replace(services(database, clock), computer_pace_seconds=PACE)
    runner = TableRunner(record, settings, shared, outlet)
    await runner.start()
    return runner


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def runner(
    database: Database, clock: FakeClock, outlet: RecordingOutlet
) -> AsyncIterator[TableRunner]:
    runner = await table(database, clock, outlet)
    yield runner
    await runner.stop()


@pytest.fixture
def outlet() -> RecordingOutlet:
    return RecordingOutlet()


async def step(runner: TableRunner, clock: FakeClock) -> None:
    """Ann calls when it is her turn, mucks a hand that cannot win at the
    showdown (and buys back in when she busts); otherwise the clock moves to
    what is due next."""
    await runner.settled()
    live = runner.live
    actor = None if live is None or live.hand.is_complete else live.hand.to_act
    if live is not None and actor is not None and live.deal.players[actor] == ANN:
        if live.hand.phase is Phase.SHOWDOWN:
            await runner.act(ANN, ActionRequest(Move.MUCK))
            return
        try:
            await runner.act(ANN, CALL)
        except Refused:  # stud's first round: the bring-in
            await runner.act(ANN, ActionRequest(Move.BRING_IN))
        return
    wake = clock.next_wake
    if live is None and runner.table.is_seated(ANN) and runner.table.seat_of(ANN).busted:
        await runner.top_up(ANN, 500)  # she busted: the table waits for her
        return
    assert wake is not None, "nothing is due at the table"
    clock.advance(max(0.0, wake - clock.now()))


async def play_hands(runner: TableRunner, clock: FakeClock, hands: int) -> None:
    start = runner.table.hands_played
    for _ in range(hands * 200):
        await runner.settled()
        if runner.table.hands_played >= start + hands and runner.live is None:
            return
        await step(runner, clock)
    raise AssertionError("the table stopped dealing")


def cards_in(value: object) -> Iterator[Card]:
    """Every card anywhere in ``value``: its fields, tuples and events, deeply."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, tuple | list | set | frozenset):
        for item in value:
            yield from cards_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from cards_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from cards_in(getattr(value, field.name))


def hidden_from(hand: Hand, seat: int) -> set[Card]:
    """The cards a member in ``seat`` cannot know: the others' face-down cards
    not shown, and the deck still to come."""
    public: set[Card] = set()
    for event in hand.events:
        if event.visible_to is None and isinstance(event, UpCardsDealt | HandShown):
            public.update(event.cards)
    others = {
        card for player, cards in enumerate(hand.hole_cards) if player != seat for card in cards
    }
    stub = set(hand.setup.deck or ()) - set(cards_in(hand.hole_cards)) - set(cards_in(hand.boards))
    return (others - public) | stub


async def test_a_member_plays_computer_players_staked_by_the_house_bank(
    runner: TableRunner, clock: FakeClock, database: Database
) -> None:
    added = await runner.add_computer("tight-aggressive", None)
    assert added.seat_no == 1 and added.amount == 1000  # 100 big blinds, within the range
    assert await house_bank(database, GUILD) == -1000
    assert runner.state.name(added.user_id) == "Bot Ada"  # the style is told once, on joining
    await runner.add_computer(None, 4)
    await runner.join(ANN, "Ann", buy_in=500)
    assert runner.computers.styles[added.user_id].name == "tight-aggressive"

    await play_hands(runner, clock, 12)
    actions = await database.fetch_all(
        "SELECT actor, COUNT(*) AS n FROM hand_actions GROUP BY actor ORDER BY actor"
    )
    by_actor = {row["actor"]: row["n"] for row in actions}
    assert by_actor.get(-1, 0) > 0 and by_actor.get(-2, 0) > 0  # logged as theirs
    assert by_actor.get(None, 0) == 0  # the clock never acted for anyone

    # Ann's record against them; the bots are ranked nowhere.
    record = await against_computers(database, GUILD, ANN)
    assert record.hands >= 12
    net = await database.fetch_value(
        "SELECT SUM(net) FROM hand_players WHERE user_id = ? AND tournament = 0", (ANN,)
    )
    assert record.net == net
    for board in ("net", "hands_won"):
        page = await leaderboard(database, GUILD, board)
        assert all(entry.user_id > 0 for entry in page.entries)
    assert await assert_audit_clean(database)


async def test_a_computer_player_waits_its_pause_without_holding_up_the_table(
    runner: TableRunner, clock: FakeClock, outlet: RecordingOutlet
) -> None:
    computer = (await runner.add_computer(None, None)).user_id
    await runner.join(ANN, "Ann", buy_in=500)
    for _ in range(20):
        await runner.settled()
        live = runner.live
        if live is not None and live.deal.players[live.hand.actor or 0] == computer:
            break
        await step(runner, clock)
    live = runner.live
    assert live is not None and live.deal.players[live.hand.actor or 0] == computer
    before = live.seq
    # Ann may look at her cards while it thinks; it has not acted yet.
    assert runner.private_view(ANN).cards
    assert live.deadline is not None
    assert 0.6 * PACE <= live.deadline - clock.now() <= 1.4 * PACE
    clock.advance(live.deadline - clock.now() - 0.01)
    await runner.settled()
    assert live.seq == before
    clock.advance(0.01)
    await runner.settled()
    assert runner.live is not live or live.seq == before + 1


async def test_what_a_computer_player_decides_from_holds_no_card_its_seat_could_not_see(
    database: Database, clock: FakeClock, outlet: RecordingOutlet, monkeypatch: Any
) -> None:
    seen: list[tuple[SeatView, set[Card], tuple[Card, ...]]] = []
    real_seat_view = computer_seats.seat_view

    def watched(hand: Hand, index: int) -> SeatView:
        view = real_seat_view(hand, index)
        seen.append((view, hidden_from(hand, index), tuple(hand.hole_cards[index])))
        return view

    monkeypatch.setattr(computer_seats, "seat_view", watched)
    # Stud deals cards face up and down, so the view must sort them; then hold'em.
    for changes in ({"variant": "F7S", "seats": 4}, {}):
        runner = await table(database, clock, outlet, **changes)
        for _ in range(3):
            await runner.add_computer(None, None)
        await runner.join(ANN, "Ann", buy_in=500)
        await play_hands(runner, clock, 6)
        live = runner.live or runner.state.last_hand
        assert live is not None
        await runner.close(CREATOR)
        await runner.stop()
    assert len(seen) > 40
    for view, hidden, own in seen:
        assert not set(cards_in(view)) & hidden
        assert view.hole_cards == own
    await assert_audit_clean(database)


async def test_a_members_private_view_is_the_seat_view(
    runner: TableRunner, clock: FakeClock
) -> None:
    await runner.add_computer(None, None)
    await runner.join(ANN, "Ann", buy_in=500)
    await play_hands(runner, clock, 1)
    while runner.live is None:
        await step(runner, clock)
    live = runner.live
    index = live.deal.players.index(ANN)
    shown = private_view(runner.state, live, index)
    view = computer_seats.seat_view(live.hand, index)
    assert (shown.cards, shown.board) == (view.hole_cards, view.board)


async def test_after_a_restart_a_computer_player_simply_decides_again(
    database: Database, clock: FakeClock, outlet: RecordingOutlet
) -> None:
    runner = await table(database, clock, outlet)
    computer = (await runner.add_computer("calling-station", None)).user_id
    await runner.join(ANN, "Ann", buy_in=500)
    for _ in range(50):
        await runner.settled()
        live = runner.live
        if live is not None and live.deal.players[live.hand.actor or 0] == computer:
            break
        await step(runner, clock)
    live = runner.live
    assert live is not None
    seq, hand_no = live.seq, live.hand_no
    await runner.stop()

    stored = await TableStore(database).open_tables()
    shared = replace(services(database, clock), computer_pace_seconds=PACE)
    again = await restore_runner(stored[0], shared, RecordingOutlet())
    await again.start()
    assert again.computers.styles[computer].name == "calling-station"
    assert again.live is not None and (again.live.hand_no, again.live.seq) == (hand_no, seq)
    await play_hands(again, clock, 3)
    assert again.table.hands_played >= hand_no + 2
    await again.stop()
    await assert_audit_clean(database)


async def test_removing_computer_players_returns_their_chips_to_the_bank(
    runner: TableRunner, clock: FakeClock, database: Database
) -> None:
    first = (await runner.add_computer(None, None)).user_id
    await runner.add_computer("loose-aggressive", None)
    await runner.join(ANN, "Ann", buy_in=500)
    await play_hands(runner, clock, 4)
    while runner.live is None:
        await step(runner, clock)
    left = await runner.remove_computer(None)  # the last seated, in the hand being played
    assert left.movement is None
    await play_hands(runner, clock, 1)
    assert len(runner.computers.seated()) == 1
    # It played its hand out, deciding for itself: the clock never acted for it.
    assert await database.fetch_value("SELECT COUNT(*) FROM hand_actions WHERE actor IS NULL") == 0
    stack = runner.table.seat_of(first).stack
    bank_before = await house_bank(database, GUILD)
    left = await runner.remove_computer(1)
    assert left.movement is not None and left.movement.amount == stack
    assert await house_bank(database, GUILD) == bank_before + stack
    assert runner.computers.seated() == []
    kinds = await database.fetch_all(
        "SELECT kind, COUNT(*) AS n FROM ledger WHERE user_id IS NULL GROUP BY kind"
    )
    assert {row["kind"]: row["n"] for row in kinds} == {"house_stake": 2, "house_return": 2}
    # With only computer players left nothing more is dealt; Ann keeps her chips.
    with pytest.raises(Refused) as refused:
        await runner.remove_computer(None)
    assert refused.value.message_key == "computer.none_seated"
    await assert_audit_clean(database)


async def test_refusals_change_nothing(
    database: Database, clock: FakeClock, outlet: RecordingOutlet
) -> None:
    runner = await table(database, clock, outlet, computer_players=False)
    with pytest.raises(Refused) as refused:
        await runner.add_computer(None, None)
    assert refused.value.message_key == "computer.not_allowed"
    await runner.close(CREATOR)
    await runner.stop()

    runner = await table(database, clock, outlet)
    with pytest.raises(Refused) as refused:
        await runner.add_computer("shark", None)
    assert refused.value.message_key == "computer.unknown_style"
    await runner.join(ANN, "Ann", buy_in=500)
    with pytest.raises(Refused) as refused:
        await runner.add_computer(None, 1)  # Ann's seat
    assert refused.value.message_key == "engine.seat_taken"
    with pytest.raises(Refused) as refused:
        await runner.remove_computer(1)
    assert refused.value.message_key == "computer.not_in_seat"
    assert await house_bank(database, GUILD) == 0
    assert runner.computers.styles == {}
    assert await runner.cashier.balance(GUILD, ANN) == STARTING_CHIPS - 500
    await runner.stop()


async def test_computer_players_fill_a_tournament_and_their_prizes_go_to_the_bank(
    database: Database, clock: FakeClock, outlet: RecordingOutlet
) -> None:
    runner = await table(
        database,
        clock,
        outlet,
        seats=3,
        tournament=True,
        tournament_buy_in=200,
        starting_stack=300,
        level_hands=3,
    )
    await runner.join(ANN, "Ann")
    await runner.add_computer("loose-aggressive", None)
    await runner.add_computer("tight-aggressive", None)  # the last seat starts it
    assert await house_bank(database, GUILD) == -400
    for _ in range(5000):
        if runner.closed:
            break
        await step(runner, clock)
        await runner.settled()
    assert runner.closed
    prizes = await database.fetch_all(
        "SELECT user_id, place, prize FROM tournament_entries ORDER BY place"
    )
    paid_to_bots = sum(row["prize"] for row in prizes if row["user_id"] < 0)
    assert sum(row["prize"] for row in prizes) == 600
    assert await house_bank(database, GUILD) == -400 + paid_to_bots
    assert await runner.cashier.balance(GUILD, ANN) == STARTING_CHIPS - 200 + sum(
        row["prize"] for row in prizes if row["user_id"] == ANN
    )
    await assert_audit_clean(database)


async def test_a_computer_player_that_cannot_decide_never_stops_the_table(
    runner: TableRunner, clock: FakeClock, monkeypatch: Any, caplog: Any
) -> None:
    def broken(self: object, view: SeatView, rng: object) -> Action:
        raise ValueError(f"cannot read {view.hole_cards}")

    monkeypatch.setattr(computer_seats.ComputerPlayer, "decide", broken)
    await runner.add_computer(None, None)
    await runner.join(ANN, "Ann", buy_in=500)
    await play_hands(runner, clock, 3)  # the clock checks or folds for it
    assert "could not decide (ValueError)" in caplog.text
    assert "cannot read" not in caplog.text  # the message could hold its cards


async def until_no_hand(runner: TableRunner, clock: FakeClock) -> None:
    """Play on until no hand is being played (Ann calling)."""
    for _ in range(400):
        await runner.settled()
        if runner.live is None:
            return
        await step(runner, clock)
    raise AssertionError("the hand never ended")


async def test_computer_players_leave_a_table_no_member_plays_at(
    runner: TableRunner, clock: FakeClock, database: Database, outlet: RecordingOutlet
) -> None:
    await runner.add_computer(None, None)
    await runner.add_computer("calling-station", None)
    await runner.join(ANN, "Ann", buy_in=500)
    await play_hands(runner, clock, 2)
    await until_no_hand(runner, clock)
    await runner.sit_out(ANN)  # a short break: they wait for her
    await runner.settled()
    clock.advance(computer_seats.IDLE_SECONDS - 10)
    await runner.settled()
    assert len(runner.computers.seated()) == 2
    await runner.sit_in(ANN)  # back in time: the wait is forgotten
    await play_hands(runner, clock, 1)
    await until_no_hand(runner, clock)
    stacks = sum(runner.table.seat_of(uid).stack for uid in runner.computers.seated())
    bank_before = await house_bank(database, GUILD)
    await runner.leave(ANN)  # the last member goes
    await runner.settled()
    played = runner.table.hands_played
    clock.advance(computer_seats.IDLE_SECONDS - 1)
    await runner.settled()
    assert len(runner.computers.seated()) == 2  # still within the wait
    assert clock.next_wake is not None
    clock.advance(clock.next_wake - clock.now())
    await runner.settled()
    assert runner.computers.seated() == [] and runner.table.seats == {}
    assert runner.table.hands_played == played  # no hand among computer players alone
    assert runner.computers.styles == {}
    assert await house_bank(database, GUILD) == bank_before + stacks
    told = outlet.posts()[-1]
    assert "computer players have left" in told and f"**{stacks:,}**" in told
    assert clock.next_wake is None  # an empty table waits for nobody
    await assert_audit_clean(database)


async def test_computer_players_leave_when_every_member_sits_out(
    runner: TableRunner, clock: FakeClock, database: Database
) -> None:
    await runner.add_computer(None, None)
    await runner.join(ANN, "Ann", buy_in=500)
    await play_hands(runner, clock, 1)
    await until_no_hand(runner, clock)
    await runner.sit_out(ANN)
    await runner.settled()
    (bot,) = runner.computers.seated()
    stack = runner.table.seat_of(bot).stack
    bank_before = await house_bank(database, GUILD)
    clock.advance(computer_seats.IDLE_SECONDS)
    await runner.settled()
    assert runner.computers.seated() == []
    assert runner.table.is_seated(ANN)  # she keeps her seat and her chips
    assert await house_bank(database, GUILD) == bank_before + stack
    await assert_audit_clean(database)


async def test_a_computer_player_cannot_be_removed_from_a_tournament_under_way(
    database: Database, clock: FakeClock, outlet: RecordingOutlet
) -> None:
    runner = await table(
        database,
        clock,
        outlet,
        seats=2,
        tournament=True,
        tournament_buy_in=200,
        starting_stack=300,
    )
    await runner.join(ANN, "Ann")
    bot = (await runner.add_computer(None, None)).user_id  # the last seat starts it
    await runner.settled()
    with pytest.raises(Refused) as refused:
        await runner.remove_computer(None)
    assert refused.value.message_key == "computer.no_leave_tournament"
    assert runner.table.is_seated(bot) and not runner.table.seat_of(bot).leaving
    assert await house_bank(database, GUILD) == -200
    await runner.stop()


async def test_the_table_says_a_computer_player_is_thinking_without_a_clock(
    runner: TableRunner, clock: FakeClock, outlet: RecordingOutlet
) -> None:
    await runner.add_computer(None, None)
    await runner.join(ANN, "Ann", buy_in=500)
    for _ in range(50):
        await runner.settled()
        live = runner.live
        if live is not None and runner.computers.to_act(live) is not None:
            break
        await step(runner, clock)
    snapshot = runner.snapshot()
    assert snapshot.actor_id is not None and snapshot.actor_id < 0
    assert snapshot.deadline is None
    text = outlet.table.public_text()
    assert "thinking" in text and "the clock acts" not in text


async def test_a_computer_player_shows_the_seven_deuce_it_won_and_collects_the_bounty(
    database: Database, clock: FakeClock, outlet: RecordingOutlet
) -> None:
    # Bot Ada (seat 1) and Ann (seat 2) at a table with a 7-2 bounty of 50:
    # Ann's ace takes the button; hand 1 deals Ada 7s 2d, Ann Ah Kh.
    settings = config(seven_deuce_bounty=50)
    record = await TableStore(database).create(GUILD, CHANNEL, CREATOR, settings)
    shared = replace(
        services(database, clock),
        computer_pace_seconds=PACE,
        rng=StackedDecks("Kd As", "7s Ah 2d Kh"),
    )
    runner = TableRunner(record, settings, shared, outlet)
    await runner.start()
    ada = (await runner.add_computer(None, None)).user_id
    await runner.join(ANN, "Ann", buy_in=500)
    await deal_next(runner, clock)
    live = runner.live
    assert live is not None and live.deal.players == (ada, ANN)
    # Ann folds her small blind on the button: Ada wins the blinds with
    # seven-deuce, nobody calling, and shows it before the next deal.
    await runner.act(ANN, ActionRequest(Move.FOLD))
    await runner.settled()
    assert runner.live is None
    assert outlet.posts()[-1] == (
        "**Bot Ada** shows 7♠ 2♦ (hand 1).\n7-2 bounty: Bot Ada collects 50."
    )
    # Ada: 1,000 bought in, Ann's 5 and the bounty of 50; Ann 500 - 5 - 50.
    stacks = {seat.player: seat.stack for seat in runner.table.seats.values()}
    assert stacks == {ada: 1055, ANN: 445}
    rows = await database.fetch_all("SELECT user_id, stack FROM seats ORDER BY seat_no")
    assert [tuple(row) for row in rows] == [(ada, 1055), (ANN, 445)]
    shown = await database.fetch_value("SELECT cards FROM hand_shows WHERE user_id = ?", (ada,))
    assert shown == "7s 2d"
    await runner.stop()
    await assert_audit_clean(database)


async def test_a_computer_player_busted_by_a_members_bounty_buys_back_in_and_the_table_deals(
    database: Database, clock: FakeClock, outlet: RecordingOutlet
) -> None:
    # Issue 24: a member showed the seven-deuce she won uncontested; the bounty
    # took the computer players' last chips and they stayed seated at 0, the
    # table never dealing again (their buy-back ran before the show).
    settings = config(seven_deuce_bounty=50, min_buy_in=50, max_buy_in=50)
    record = await TableStore(database).create(GUILD, CHANNEL, CREATOR, settings)
    shared = replace(
        services(database, clock),
        computer_pace_seconds=PACE,
        # Ann's ace takes the button; hand 1 deals Ada 3c 8d, Ann 7s 2d.
        rng=StackedDecks("Kd As", "3c 7s 8d 2d"),
    )
    runner = TableRunner(record, settings, shared, outlet)
    await runner.start()
    ada = (await runner.add_computer(None, None)).user_id
    await runner.join(ANN, "Ann", buy_in=50)
    await deal_next(runner, clock)
    live = runner.live
    assert live is not None and live.deal.players == (ada, ANN)
    await runner.act(ANN, ActionRequest(Move.ALL_IN))
    for _ in range(10):  # Ada thinks, then folds her 3-8 to the shove
        if runner.live is None:
            break
        clock.advance(PACE * 2)
        await runner.settled()
    assert runner.live is None and runner.table.seat_of(ada).stack == 40
    await runner.show_cards(ANN)
    await runner.settled()
    # Ada paid her last 40 and bought back in from the bank: never seated at 0.
    seat = runner.table.seat_of(ada)
    assert (seat.stack, seat.busted) == (50, False)
    await deal_next(runner, clock)
    assert runner.live is not None and runner.live.hand_no == 2
    await runner.stop()
    await assert_audit_clean(database)


async def test_a_busted_computer_player_that_cannot_buy_back_in_leaves_the_table(
    database: Database,
    clock: FakeClock,
    outlet: RecordingOutlet,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The same hand as above, but the bank's buy-back fails (a fault injected
    # into the desk): Ada leaves instead of sitting at 0.
    settings = config(seven_deuce_bounty=50, min_buy_in=50, max_buy_in=50)
    record = await TableStore(database).create(GUILD, CHANNEL, CREATOR, settings)
    shared = replace(
        services(database, clock),
        computer_pace_seconds=PACE,
        rng=StackedDecks("Kd As", "3c 7s 8d 2d"),
    )
    runner = TableRunner(record, settings, shared, outlet)
    await runner.start()
    ada = (await runner.add_computer(None, None)).user_id
    await runner.join(ANN, "Ann", buy_in=50)
    await deal_next(runner, clock)
    await runner.act(ANN, ActionRequest(Move.ALL_IN))
    for _ in range(10):
        if runner.live is None:
            break
        clock.advance(PACE * 2)
        await runner.settled()
    assert runner.live is None

    async def fails(user_id: int, amount: int) -> Any:
        raise RuntimeError("the bank's write failed")

    monkeypatch.setattr(runner.desk, "top_up", fails)
    await runner.show_cards(ANN)
    await runner.settled()
    assert not runner.table.is_seated(ada)
    assert all(seat.stack > 0 for seat in runner.table.seats.values())
    await runner.stop()
    await assert_audit_clean(database)


async def test_a_computer_player_left_at_zero_by_a_failed_buy_back_buys_back_in_on_restart(
    database: Database,
    clock: FakeClock,
    outlet: RecordingOutlet,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The bank's buy-back and the departure both fail (faults injected into the
    # desk), so Ada sits at 0 and no hand can be dealt; the restarted table
    # does not stall on her: she buys back in before anything else.
    settings = config(seven_deuce_bounty=50, min_buy_in=50, max_buy_in=50)
    record = await TableStore(database).create(GUILD, CHANNEL, CREATOR, settings)
    shared = replace(
        services(database, clock),
        computer_pace_seconds=PACE,
        rng=StackedDecks("Kd As", "3c 7s 8d 2d"),
    )
    runner = TableRunner(record, settings, shared, outlet)
    await runner.start()
    ada = (await runner.add_computer(None, None)).user_id
    await runner.join(ANN, "Ann", buy_in=50)
    await deal_next(runner, clock)
    await runner.act(ANN, ActionRequest(Move.ALL_IN))
    for _ in range(10):
        if runner.live is None:
            break
        clock.advance(PACE * 2)
        await runner.settled()

    async def fails(*_: Any) -> Any:
        raise RuntimeError("the bank's write failed")

    monkeypatch.setattr(runner.desk, "top_up", fails)
    monkeypatch.setattr(runner.desk, "leave", fails)
    await runner.show_cards(ANN)
    await runner.settled()
    assert runner.table.seat_of(ada).stack == 0 and not runner.table.can_deal
    await runner.stop()

    stored = await TableStore(database).open_tables()
    again = await restore_runner(stored[0], replace(shared, rng=None), RecordingOutlet())
    await again.start()
    await again.settled()
    assert again.table.seat_of(ada).stack == 50 and again.table.can_deal
    await deal_next(again, clock)
    assert again.live is not None and again.live.hand_no == 2
    await again.stop()
    await assert_audit_clean(database)


async def test_asking_when_the_computer_players_leave_changes_nothing(
    runner: TableRunner, clock: FakeClock
) -> None:
    await runner.add_computer(None, None)
    await runner.add_computer("calling-station", None)
    await runner.settled()
    computers = runner.computers
    noticed = computers.idle_since
    assert noticed is not None  # the change that seated them saw the table idle
    for later in (100.0, 200.0):  # asked at any moment, the answer and the wait stay
        assert computers.idle_departure() == noticed + computer_seats.IDLE_SECONDS
        assert computers.idle_since == noticed
        clock.advance(later)
    await runner.join(ANN, "Ann", buy_in=500)
    await runner.settled()
    assert computers.idle_departure() is None and computers.idle_since is None
