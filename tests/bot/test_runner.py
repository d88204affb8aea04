"""The table runner with a fake clock and a recording outlet on a temporary
database: hands from deal to settlement, refusals, the clock, leaving, closing,
restarts, and what the channel may and may not see."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Sequence

import pytest

from bot.cashier import InsufficientChips
from bot.database import Database
from bot.errors import CroupierError
from bot.render.message import OutgoingMessage
from bot.tables.errors import (
    NoHandNow,
    NotSeated,
    NotYourTurn,
    Refused,
    StaleButton,
    StaleHand,
    TableIsClosed,
)
from bot.tables.outlet import TableClick
from bot.tables.requests import ActionRequest, Move
from bot.tables.restore import restore_runner
from bot.tables.runner import TableRunner
from bot.tables.table_store import TableStore, set_dm_cards
from engine.cards import Card
from engine.events import HandShown
from engine.phh import loads, replay
from tests.bot.fake_clock import FakeClock
from tests.bot.ledger_checks import assert_chips_reconcile
from tests.bot.table_fakes import (
    CHANNEL,
    GUILD,
    STARTING_CHIPS,
    RecordingOutlet,
    check_or_call,
    config,
    deal_next,
    new_table,
    services,
    to_act,
)

ANN, BEN, CAT, DAN = 11, 12, 13, 14
NAMES = {ANN: "Ann", BEN: "Ben", CAT: "Cat", DAN: "Dan"}

CALL = ActionRequest(Move.CHECK_OR_CALL)
FOLD = ActionRequest(Move.FOLD)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def outlet() -> RecordingOutlet:
    return RecordingOutlet()


@pytest.fixture
async def runner(
    database: Database, clock: FakeClock, outlet: RecordingOutlet
) -> AsyncIterator[TableRunner]:
    table = await new_table(database, clock, outlet)
    yield table
    await table.stop()


async def seat(runner: TableRunner, *players: int, buy_in: int = 500) -> None:
    for player in players:
        await runner.join(player, NAMES[player], buy_in=buy_in)


deal = deal_next


async def play_out(runner: TableRunner) -> None:
    """Everyone checks or calls until the hand ends."""
    while runner.live is not None:
        await check_or_call(runner)
    await runner.settled()


async def logged_actions(database: Database) -> int:
    count: int = await database.fetch_value("SELECT COUNT(*) FROM hand_actions")
    return count


async def balance(runner: TableRunner, user_id: int) -> int:
    value = await runner.cashier.balance(GUILD, user_id)
    assert value is not None
    return value


# ---------------------------------------------------------------- a hand


async def test_the_first_button_is_drawn_by_high_card_and_shown(
    runner: TableRunner, clock: FakeClock, outlet: RecordingOutlet
) -> None:
    await seat(runner, ANN, BEN, CAT)
    await deal(runner, clock)
    live = runner.live
    assert live is not None
    draw = live.deal.button_draw
    assert draw is not None and {seat for seat, _ in draw.cards} == {1, 2, 3}
    assert live.deal.button_seat == draw.winner
    assert "Draw for the button" in outlet.table.public_text()
    assert [d.fresh for d in outlet.deliveries if d.kind == "table"].count(True) == 2


async def test_a_hand_plays_to_the_end_and_chips_reconcile(
    runner: TableRunner, clock: FakeClock, outlet: RecordingOutlet, database: Database
) -> None:
    await seat(runner, ANN, BEN, CAT)
    await deal(runner, clock)
    first = to_act(runner)
    acted = await runner.act(first, ActionRequest(Move.RAISE_TO, 40))
    assert (acted.kind, acted.to) == ("raise", 40)
    await play_out(runner)
    assert runner.live is None
    row = await database.fetch_one("SELECT status, result FROM hands")
    assert row is not None and row["status"] == "finished"
    players = await database.fetch_all("SELECT * FROM hand_players")
    assert len(players) == 3
    assert sum(p["net"] for p in players) == 0
    assert any(p["won_chips"] > 0 for p in players)
    stacks = {r["user_id"]: r["stack"] for r in await database.fetch_all("SELECT * FROM seats")}
    assert sum(stacks.values()) == 1500
    assert "wins" in outlet.table.public_text()  # the hand's message ends with its result
    phh = await database.fetch_value("SELECT phh FROM hands")
    history = loads(phh)
    assert runner.state.last_hand is not None
    assert list(history.players) == [NAMES[uid] for uid in runner.state.last_hand.deal.players]
    assert replay(history).matches_recorded
    await assert_chips_reconcile(database)


async def test_hands_keep_coming_while_two_sit_in_and_stop_when_fewer(
    runner: TableRunner, clock: FakeClock
) -> None:
    await seat(runner, ANN, BEN)
    await deal(runner, clock)
    button = runner.live.deal.button_seat if runner.live else None
    await play_out(runner)
    await deal(runner, clock)
    assert runner.live is not None and runner.live.hand_no == 2
    assert runner.live.deal.button_seat != button  # the button moved
    await runner.act(to_act(runner), FOLD)
    await runner.sit_out(BEN)
    await runner.settled()
    assert runner.state.next_hand_at is None and runner.live is None


async def test_a_side_pot_is_formed_and_paid(
    runner: TableRunner, clock: FakeClock, outlet: RecordingOutlet, database: Database
) -> None:
    await runner.join(ANN, "Ann", buy_in=100)
    await runner.join(BEN, "Ben", buy_in=300)
    await runner.join(CAT, "Cat", buy_in=600)
    await deal(runner, clock)
    while runner.live is not None:
        await runner.act(to_act(runner), ActionRequest(Move.ALL_IN))
    await runner.settled()
    posts = outlet.posts()
    result = outlet.table.public_text()  # the hand's message ends with its result
    assert "main pot" in result and "side pot" in result
    assert not [post for post in posts if "main pot" in post]
    # Whoever lost everything is told how to go on.
    busted = [post for post in posts if "is out of chips" in post]
    assert busted and all("/poker topup" in post and "/poker leave" in post for post in busted)
    await assert_chips_reconcile(database)
    finished = await database.fetch_all("SELECT finishing_stack FROM hand_players")
    assert sum(r["finishing_stack"] for r in finished) == 1000


# ---------------------------------------------------------------- refusals


async def _state(runner: TableRunner, database: Database) -> tuple[object, ...]:
    live = runner.live
    assert live is not None
    hand = live.hand
    return (
        len(hand.actions),
        tuple(hand.stacks),
        tuple(hand.bets),
        hand.actor,
        await logged_actions(database),
    )


async def test_refused_actions_change_nothing(
    runner: TableRunner, clock: FakeClock, database: Database
) -> None:
    await seat(runner, ANN, BEN, CAT)
    await deal(runner, clock)
    live = runner.live
    assert live is not None
    actor = to_act(runner)
    other = next(p for p in live.deal.players if p != actor)
    before = await _state(runner, database)
    refusals: list[tuple[int, ActionRequest, dict[str, int], type[CroupierError], str | None]] = [
        (other, CALL, {}, NotYourTurn, None),
        (actor, ActionRequest(Move.RAISE_TO, 15), {}, Refused, "engine.min_raise"),
        (actor, ActionRequest(Move.RAISE_TO, 10_000), {}, Refused, "engine.not_enough_chips"),
        (actor, ActionRequest(Move.CHECK), {}, Refused, "engine.cannot_check"),
        (actor, CALL, {"hand_no": live.hand_no + 1}, StaleHand, None),
        (actor, CALL, {"seq": len(live.hand.actions) + 1}, StaleButton, None),
        (DAN, CALL, {}, NotSeated, None),
    ]
    for user, request, where, error, key in refusals:
        with pytest.raises(error) as caught:
            await runner.act(user, request, **where)
        if key is not None:
            assert caught.value.message_key == key
        assert caught.value.sentence("en")  # every refusal reads as a sentence
        assert await _state(runner, database) == before, (user, request)


async def test_a_double_click_is_taken_once(
    runner: TableRunner, clock: FakeClock, database: Database
) -> None:
    await seat(runner, ANN, BEN)
    await deal(runner, clock)
    live = runner.live
    assert live is not None
    actor, seq = to_act(runner), len(live.hand.actions)
    results = await asyncio.gather(
        runner.act(actor, CALL, hand_no=live.hand_no, seq=seq),
        runner.act(actor, CALL, hand_no=live.hand_no, seq=seq),
        return_exceptions=True,
    )
    assert sum(isinstance(r, StaleButton) for r in results) == 1
    assert await logged_actions(database) == 1


async def test_no_hand_no_action(runner: TableRunner) -> None:
    await seat(runner, ANN)
    with pytest.raises(NoHandNow):
        await runner.act(ANN, CALL)
    with pytest.raises(StaleHand):
        await runner.act(ANN, CALL, hand_no=1)


# ------------------------------------------------------------------ seating


async def test_buy_in_range_and_seats_are_checked(runner: TableRunner) -> None:
    for amount, key in ((50, "engine.buy_in_too_small"), (1001, "engine.buy_in_too_large")):
        with pytest.raises(Refused) as caught:
            await runner.join(ANN, "Ann", buy_in=amount)
        assert caught.value.message_key == key
    assert ANN not in runner.state.players
    movement = await runner.join(ANN, "Ann")  # the most the table allows
    assert movement.amount == 1000 and movement.seat_no == 1
    with pytest.raises(Refused, match="already sit in seat 1"):
        await runner.join(ANN, "Ann", buy_in=100)
    with pytest.raises(Refused, match="Seat 1 is taken"):
        await runner.join(BEN, "Ben", buy_in=100, seat=1)
    with pytest.raises(Refused, match="no seat 7"):
        await runner.join(BEN, "Ben", buy_in=100, seat=7)
    assert await balance(runner, ANN) == STARTING_CHIPS - 1000


async def test_a_player_cannot_buy_in_with_less_than_the_minimum(
    database: Database, clock: FakeClock, outlet: RecordingOutlet
) -> None:
    runner = await new_table(database, clock, outlet, config(min_buy_in=20_000, max_buy_in=30_000))
    with pytest.raises(InsufficientChips):
        await runner.join(ANN, "Ann")


async def test_a_refused_buy_in_leaves_the_table_as_it_was(
    database: Database, clock: FakeClock, outlet: RecordingOutlet
) -> None:
    runner = await new_table(database, clock, outlet, config(max_buy_in=20_000))
    with pytest.raises(InsufficientChips):
        await runner.join(ANN, "Ann", buy_in=STARTING_CHIPS + 1)
    assert not runner.table.is_seated(ANN) and ANN not in runner.state.players
    assert runner.table.ledger.bought_in == 0
    await runner.join(ANN, "Ann", buy_in=STARTING_CHIPS)  # the seat is still free
    assert runner.table.seat_of(ANN).number == 1


async def test_top_up_between_hands_only_and_not_above_the_maximum(
    runner: TableRunner, clock: FakeClock, database: Database
) -> None:
    await seat(runner, ANN, BEN)
    with pytest.raises(Refused, match="at most"):
        await runner.top_up(ANN, 501)
    movement = await runner.top_up(ANN, 500)
    assert movement.stack == 1000
    await deal(runner, clock)
    with pytest.raises(Refused, match="between your hands"):
        await runner.top_up(BEN, 10)
    await assert_chips_reconcile(database)


async def test_leaving_mid_hand_cashes_out_when_the_hand_ends(
    runner: TableRunner, clock: FakeClock, database: Database
) -> None:
    await seat(runner, ANN, BEN, CAT)
    await deal(runner, clock)
    live = runner.live
    assert live is not None
    leaver = next(p for p in live.deal.players if p != to_act(runner))
    left = await runner.leave(leaver)
    assert left.movement is None
    assert (
        await database.fetch_value("SELECT COUNT(*) FROM seats WHERE user_id = ?", (leaver,)) == 1
    )
    await play_out(runner)
    assert (
        await database.fetch_value("SELECT COUNT(*) FROM seats WHERE user_id = ?", (leaver,)) == 0
    )
    assert leaver not in runner.state.players
    folded = await database.fetch_one(
        "SELECT finishing_stack FROM hand_players WHERE user_id = ?", (leaver,)
    )
    assert folded is not None
    assert await balance(runner, leaver) == STARTING_CHIPS - 500 + folded["finishing_stack"]
    await assert_chips_reconcile(database)


async def test_leaving_between_hands_cashes_out_at_once(
    runner: TableRunner, database: Database
) -> None:
    await seat(runner, ANN, BEN)
    left = await runner.leave(BEN)
    assert left.movement is not None and left.movement.amount == 500
    assert await balance(runner, BEN) == STARTING_CHIPS
    with pytest.raises(NotSeated):
        await runner.leave(BEN)


async def test_voiding_returns_every_stack_and_tells_the_table_why(
    runner: TableRunner, clock: FakeClock, database: Database, outlet: RecordingOutlet
) -> None:
    await seat(runner, ANN, BEN, CAT)
    await deal(runner, clock)
    await runner.act(to_act(runner), ActionRequest(Move.RAISE_TO, 100))
    closed = await runner.close(by=ANN, void_reason="a card was exposed", by_name="Ann")
    assert not closed.after_hand
    assert sorted(m.amount for m in closed.movements) == [500, 500, 500]
    for player in (ANN, BEN, CAT):
        assert await balance(runner, player) == STARTING_CHIPS
    assert await database.fetch_value("SELECT status FROM hands") == "voided"
    assert await database.fetch_value("SELECT status FROM tables") == "closed"
    assert await database.fetch_value("SELECT COUNT(*) FROM seats") == 0
    await assert_chips_reconcile(database)
    with pytest.raises(TableIsClosed):
        await runner.join(DAN, "Dan", buy_in=100)
    await runner.settled()
    assert "closed" in outlet.table.public_text()
    (voided,) = [text for text in outlet.posts() if "voided" in text]
    assert "voided by Ann" in voided and "Reason: a card was exposed" in voided


# -------------------------------------------------------------------- clock


async def test_the_clock_checks_when_it_can_and_folds_otherwise(
    runner: TableRunner, clock: FakeClock, database: Database
) -> None:
    await seat(runner, ANN, BEN)
    await deal(runner, clock)
    live = runner.live
    assert live is not None
    facing_the_big_blind = to_act(runner)
    clock.advance(30)
    await runner.settled()
    assert runner.live is None, "the small blind faced a bet and was folded"
    row = await database.fetch_one("SELECT actor, action FROM hand_actions ORDER BY seq")
    assert row is not None and row["actor"] is None and row["action"].endswith(" f")
    assert runner.state.players[facing_the_big_blind].timeouts == 1

    await deal(runner, clock)
    await check_or_call(runner)  # the small blind completes
    big_blind = to_act(runner)
    clock.advance(30)
    await runner.settled()
    assert runner.live is not None, "the big blind could check, so the clock checked"
    last = await database.fetch_one(
        "SELECT actor, action FROM hand_actions ORDER BY hand_id DESC, seq DESC"
    )
    assert last is not None and last["actor"] is None and last["action"].endswith(" cc")
    # Heads-up the blinds swap: the player the clock folded is now the big blind.
    assert big_blind == facing_the_big_blind
    assert runner.state.players[big_blind].timeouts == 2


async def test_two_timeouts_in_a_row_sit_the_player_out(
    runner: TableRunner, clock: FakeClock
) -> None:
    await seat(runner, ANN, BEN, CAT)
    await deal(runner, clock)
    sleeper = to_act(runner)
    timeouts = 0
    for _ in range(40):
        if runner.live is None:
            await deal(runner, clock)
        if to_act(runner) != sleeper:
            await check_or_call(runner)
            continue
        clock.advance(30)
        await runner.settled()
        timeouts += 1
        if timeouts == 2:
            break
    assert timeouts == 2
    assert runner.table.seat_of(sleeper).sitting_out
    await runner.sit_in(sleeper)
    assert runner.state.players[sleeper].timeouts == 0


async def test_acting_resets_the_timeouts(runner: TableRunner, clock: FakeClock) -> None:
    await seat(runner, ANN, BEN)
    await deal(runner, clock)
    sleeper = to_act(runner)
    clock.advance(30)
    await runner.settled()
    await deal(runner, clock)
    while runner.live is not None and to_act(runner) != sleeper:
        await check_or_call(runner)
    if runner.live is not None:
        await runner.act(sleeper, CALL)
    assert runner.state.players[sleeper].timeouts == 0


# --------------------------------------------------------------- private


async def test_hole_cards_go_by_dm_and_a_refused_dm_is_not_tried_again(
    runner: TableRunner, clock: FakeClock, outlet: RecordingOutlet, database: Database
) -> None:
    outlet.closed_dms.add(BEN)
    await set_dm_cards(database, CAT, False)
    await seat(runner, ANN, BEN, CAT)
    for _ in range(2):
        await deal(runner, clock)
        live = runner.live
        assert live is not None
        ann = live.index_of(ANN)
        assert ann is not None
        ann_cards = " ".join(c.symbol for c in live.hand.hole_cards[ann])
        assert ann_cards in outlet.dms(ANN)[-1].message.public_text()
        await play_out(runner)
    assert len(outlet.dms(ANN)) == 2
    # Each refusal counts against the bot at Discord: Ben is tried once this session,
    # and told once, ephemerally, by the cogs (tests/e2e/test_table_faults_e2e.py).
    assert len(outlet.dms(BEN)) == 1 and not outlet.dms(BEN)[0].delivered
    assert outlet.dms(CAT) == []
    assert not [text for text in outlet.posts() if f"<@{BEN}>" in text], "nothing in public"
    refusals = runner.services.dm_refusals
    assert not refusals.allows(BEN) and refusals.take_untold(BEN) and refusals.count == 1


async def test_private_view_shows_the_players_cards_and_best_hand(
    runner: TableRunner, clock: FakeClock
) -> None:
    await seat(runner, ANN, BEN)
    await deal(runner, clock)
    view = runner.private_view(ANN)
    live = runner.live
    assert live is not None
    index = live.index_of(ANN)
    assert index is not None
    assert view.cards == tuple(live.hand.hole_cards[index])
    while runner.live is not None and len(runner.live.hand.board) < 3:
        await check_or_call(runner)
    if runner.live is not None:
        assert runner.private_view(ANN).best  # five cards known: a best hand
    with pytest.raises(NotSeated):
        runner.private_view(DAN)


def _hidden_cards(text: str, cards: list[Card]) -> list[Card]:
    return [c for c in cards if c.symbol in text or str(c) in text]


async def test_hole_cards_never_appear_in_public_before_showdown(
    database: Database, clock: FakeClock
) -> None:
    outlet = RecordingOutlet()
    runner = await new_table(database, clock, outlet, seed=3)
    await seat(runner, ANN, BEN, CAT, DAN)
    holes: dict[int, dict[int, list[Card]]] = {}
    shown: dict[int, set[int]] = {}
    for hand_no in range(1, 7):
        await deal(runner, clock)
        live = runner.live
        assert live is not None and live.hand_no == hand_no
        holes[hand_no] = {
            uid: list(live.hand.hole_cards[i]) for i, uid in enumerate(live.deal.players)
        }
        step = 0
        while runner.live is not None:
            step += 1
            request = FOLD if step % 7 == 0 else CALL
            try:
                await runner.act(to_act(runner), request)
            except Refused:
                await check_or_call(runner)
        shown[hand_no] = {
            live.deal.players[e.player] for e in live.hand.events if isinstance(e, HandShown)
        }
        await runner.settled()
    assert any(shown.values()), "some hands went to showdown"
    checked = 0
    for delivery in outlet.public:
        text = delivery.message.public_text()
        lines = [
            ln
            for ln in text.splitlines()
            if not ln.removeprefix("-# ").startswith("Draw for the button")
        ]
        text = "\n".join(lines)
        for hand_no, by_player in holes.items():
            if f"Hand {hand_no}**" not in text and f"Hand {hand_no}\n" not in text + "\n":
                continue
            over = "The hand is over." in text or delivery.kind == "post"
            # While a loser chooses at the showdown, the hands shown so far are public.
            over = over or "show or muck" in text
            for player, cards in by_player.items():
                checked += 1
                leaked = _hidden_cards(text, cards)
                if over and player in shown[hand_no]:
                    continue
                assert not leaked, (hand_no, player, leaked, text)
    assert checked


# ------------------------------------------------------------------ restarts


async def _restore(
    database: Database, clock: FakeClock, outlet: RecordingOutlet, seed: int = 99
) -> TableRunner:
    (stored,) = await TableStore(database).open_tables()
    runner = await restore_runner(stored, services(database, clock, seed), outlet)
    await runner.start()
    return runner


async def test_a_new_runner_rebuilds_the_hand_from_the_log_and_finishes_it(
    runner: TableRunner, clock: FakeClock, database: Database
) -> None:
    await seat(runner, ANN, BEN, CAT)
    await deal(runner, clock)
    await runner.act(to_act(runner), ActionRequest(Move.RAISE_TO, 30))
    await check_or_call(runner)
    live = runner.live
    assert live is not None
    cards_before = [list(c) for c in live.hand.hole_cards]
    actor_before, seq_before = to_act(runner), len(live.hand.actions)
    await runner.stop()  # the old process is gone

    outlet = RecordingOutlet()
    restored = await _restore(database, clock, outlet)
    await restored.settled()
    resumed = restored.live
    assert resumed is not None and resumed.hand_no == 1
    assert [list(c) for c in resumed.hand.hole_cards] == cards_before
    assert to_act(restored) == actor_before and len(resumed.hand.actions) == seq_before
    assert next(d for d in outlet.deliveries if d.kind == "table").fresh
    # Every DM of the hand went out before the restart, and was saved: none again.
    assert not [d for d in outlet.deliveries if d.kind == "dm"]
    assert restored.state.players[ANN].name == "Ann"
    await play_out(restored)
    assert await database.fetch_value("SELECT status FROM hands") == "finished"
    await assert_chips_reconcile(database)
    await deal(restored, clock)  # the hand loop carries on
    assert restored.live is not None and restored.live.hand_no == 2
    await restored.stop()


async def test_the_clock_restarts_after_a_restart(
    runner: TableRunner, clock: FakeClock, database: Database
) -> None:
    await seat(runner, ANN, BEN)
    await deal(runner, clock)
    await runner.stop()
    restored = await _restore(database, clock, RecordingOutlet())
    clock.advance(30)
    await restored.settled()
    assert restored.live is None  # the clock folded the small blind
    await restored.stop()


async def test_a_log_that_cannot_be_replayed_voids_the_hand(
    runner: TableRunner, clock: FakeClock, database: Database
) -> None:
    await seat(runner, ANN, BEN, CAT)
    await deal(runner, clock)
    await runner.act(to_act(runner), ActionRequest(Move.RAISE_TO, 60))
    await runner.stop()
    async with database.transaction() as tx:  # a damaged log: an impossible raise
        await tx.execute(
            "INSERT INTO hand_actions (hand_id, seq, actor, action) VALUES (1, 2, NULL, 'p1 cbr 5')"
        )
    outlet = RecordingOutlet()
    restored = await _restore(database, clock, outlet)
    await restored.settled()
    assert await database.fetch_value("SELECT status FROM hands WHERE id = 1") == "voided"
    stacks = [r["stack"] for r in await database.fetch_all("SELECT stack FROM seats")]
    assert stacks == [500, 500, 500]
    assert any("voided" in text for text in outlet.posts())
    await assert_chips_reconcile(database)
    await deal(restored, clock)  # play goes on with a fresh hand
    assert restored.live is not None and restored.live.hand_no == 2
    await restored.stop()


# ------------------------------------------------------------- concurrency


class BlockedOutlet(RecordingOutlet):
    """An outlet whose table edits hang until released, like a rate-limited channel."""

    def __init__(self) -> None:
        super().__init__()
        self.release = asyncio.Event()

    async def show_table(
        self, message: OutgoingMessage, *, fresh: bool, clicks: Sequence[TableClick] = ()
    ) -> None:
        await self.release.wait()
        await super().show_table(message, fresh=fresh)


async def test_a_slow_discord_does_not_hold_up_the_table(
    database: Database, clock: FakeClock
) -> None:
    outlet = BlockedOutlet()
    runner = await new_table(database, clock, outlet)
    await seat(runner, ANN, BEN)
    clock.advance(5)
    await asyncio.wait_for(runner.tick(), 1)
    assert runner.live is not None
    for _ in range(3):
        if runner.live is None:
            break
        await asyncio.wait_for(runner.act(to_act(runner), CALL), 1)
    assert not runner.publisher.idle
    outlet.release.set()
    await runner.settled()
    assert outlet.deliveries
    await runner.stop()


async def test_two_tables_never_wait_for_each_other(database: Database, clock: FakeClock) -> None:
    first = await new_table(database, clock, RecordingOutlet(), channel_id=CHANNEL)
    second = await new_table(database, clock, RecordingOutlet(), channel_id=CHANNEL + 1)
    await seat(first, ANN, BEN)
    await second.join(CAT, "Cat", buy_in=500)
    await second.join(DAN, "Dan", buy_in=500)
    await deal(second, clock)
    async with first._lock:  # the first table is busy for as long as it likes
        await asyncio.wait_for(second.act(to_act(second), CALL), 1)
    await first.stop()
    await second.stop()


# ------------------------------------------------------- database failures


def fail_once(monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> list[int]:
    """Make ``owner.name`` raise the first time it is called; count the calls."""
    real = getattr(owner, name)
    calls: list[int] = []

    async def flaky(*args: object, **kwargs: object) -> object:
        calls.append(1)
        if len(calls) == 1:
            raise sqlite3.OperationalError("disk I/O error")
        return await real(*args, **kwargs)

    monkeypatch.setattr(owner, name, flaky)
    return calls


async def test_a_hand_the_database_could_not_settle_is_settled_by_the_clock(
    runner: TableRunner, clock: FakeClock, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    await seat(runner, ANN, BEN)
    await deal(runner, clock)
    calls = fail_once(monkeypatch, runner.hand_log, "finish")
    with pytest.raises(sqlite3.OperationalError):
        await runner.act(to_act(runner), FOLD)
    assert runner.live is not None and runner.live.hand.is_complete
    assert await database.fetch_value("SELECT status FROM hands") == "in_progress"
    assert runner.table.deal is not None  # the table is as it was before settling
    clock.advance(5)
    await runner.settled()
    assert len(calls) == 2 and runner.live is None
    assert await database.fetch_value("SELECT status FROM hands") == "finished"
    await assert_chips_reconcile(database)
    await deal(runner, clock)  # and play goes on


async def test_a_deal_the_database_refused_is_tried_again(
    runner: TableRunner, clock: FakeClock, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = fail_once(monkeypatch, runner.hand_log, "start")
    await seat(runner, ANN, BEN)
    await runner.settled()
    clock.advance(5)
    await runner.settled()
    assert runner.live is None and runner.table.deal is None and runner.table.hand_number == 0
    await deal(runner, clock)
    assert len(calls) == 2
    assert runner.live is not None and runner.live.hand_no == 1


async def test_a_refused_join_keeps_the_seated_players_record(runner: TableRunner) -> None:
    await runner.join(ANN, "Ann", buy_in=500, locale="de")
    runner.state.players[ANN].timeouts = 1
    with pytest.raises(Refused):
        await runner.join(ANN, "Someone else", buy_in=500)
    assert runner.state.players[ANN].name == "Ann" and runner.state.players[ANN].timeouts == 1
