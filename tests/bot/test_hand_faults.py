"""An error inside a hand never locks chips (issue 24), proved by fault injection.

:class:`Faults` makes the engine raise at a random step: every call of the
methods a hand is dealt, played, restored and settled with (a hand's
``__init__``, ``act``, ``verify``, ``legal_actions``, ``timeout_action``, the
run-out's deals, ``finish``; the table's ``start_hand`` and ``finish_hand``)
counts as one step, and the n-th raises. It is the engine, wrapped by the test
(no hook in the product). At every game, hands are played by random players
with a fault armed, and the bot is restarted in the middle of hands with a
fault armed while it restores them (the replay of the write-ahead log and the
resumed hand alike). Afterwards every hand is over or voided with its
message, the table deals on, every seat is left with ``leave`` (the command
``/poker leave`` calls), every chip is back in a balance, and the audit is
clean to the chip.

A sit-and-go is played to its end the same way, its pool paid out to the chip.

CI runs one round (a faulty hand and a faulty restore) per game and one
tournament, with a seed drawn afresh; ``CROUPIER_FAULT_HANDS=2000`` plays
about that many hands in all, shared between the games (and 20 tournaments),
and ``CROUPIER_FAULT_SEED=<seed>`` replays the seed a failure printed.
"""

from __future__ import annotations

import contextlib
import logging
import os
import random
import sqlite3
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from bot.database import Database
from bot.errors import CroupierError
from bot.i18n import t
from bot.tables import restore
from bot.tables.errors import HandFailed
from bot.tables.hand_log import HandLog
from bot.tables.requests import ActionRequest, Move
from bot.tables.runner import TableRunner
from bot.tables.table_settings import TableSettings, dealt_variants
from engine import Hand, Phase, Table
from engine.errors import DealingError
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
    deal_next,
    new_table,
    registry,
    seated_table,
    to_act,
)
from tests.bot.table_players import fallback_request, player_to_act, random_request

PLAYERS = {11: "Ann", 12: "Ben", 13: "Cat"}
GAMES = sorted(dealt_variants())
#: Hands in all (0: CI's budget, one round of two hands per game).
FAULT_HANDS = int(os.environ.get("CROUPIER_FAULT_HANDS", "0"))
ROUNDS = max(1, FAULT_HANDS // (2 * len(GAMES)))
#: Sit-and-gos played to their end with faults (each some 10-40 hands).
TOURNAMENTS = max(1, FAULT_HANDS // 100)
#: The engine calls one hand makes, about: a fault is armed to fire within them.
STEPS_IN_A_HAND = 40
#: The engine calls restoring a hand makes at the least (deal it, replay, whose turn).
RESTORE_STEPS = 4


class InjectedFault(RuntimeError):
    """What the wrapped engine raises."""


class Faults:
    """The engine raising at its n-th step from the moment it is armed.

    While :meth:`quiet`, the test's own reads (whose turn it is, what a
    player may do) neither count nor raise. The message of each fault names
    the hole cards of its hand, which the log must never show.
    """

    STEPS: tuple[tuple[type, str], ...] = (
        (Hand, "__init__"),
        (Hand, "act"),
        (Hand, "verify"),
        (Hand, "legal_actions"),
        (Hand, "timeout_action"),
        (Hand, "deal_runout"),
        (Hand, "deal_runout_to"),
        (Hand, "finish"),
        (Table, "start_hand"),
        (Table, "finish_hand"),
    )

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.countdown: int | None = None
        self.silenced = 0
        #: Where each fault was raised, and the cards its message named.
        self.fired: list[str] = []
        self.cards_named: list[str] = []
        for owner, name in self.STEPS:
            monkeypatch.setattr(owner, name, self._faulty(getattr(owner, name), name))

    def arm(self, within: int) -> None:
        self.countdown = within

    def disarm(self) -> None:
        self.countdown = None

    @contextlib.contextmanager
    def quiet(self) -> Iterator[None]:
        self.silenced += 1
        try:
            yield
        finally:
            self.silenced -= 1

    def _faulty(self, real: Callable[..., Any], name: str) -> Callable[..., Any]:
        faults = self

        def step(this: Any, *args: Any, **kwargs: Any) -> Any:
            if faults.countdown is not None and not faults.silenced:
                faults.countdown -= 1
                if faults.countdown <= 0:
                    faults.countdown = None
                    with faults.quiet():
                        cards = " ".join(
                            str(card) for held in getattr(this, "hole_cards", ()) for card in held
                        )
                    faults.fired.append(name)
                    if cards:
                        faults.cards_named.append(cards)
                    raise InjectedFault(f"injected into {name}; the hole cards: {cards}")
            return real(this, *args, **kwargs)

        return step


class Game:
    """One table of one game, its random players, and restarts of the bot."""

    def __init__(
        self,
        database: Database,
        settings: TableSettings,
        rng: random.Random,
        faults: Faults,
    ) -> None:
        self.database = database
        self.settings = settings
        self.rng = rng
        self.faults = faults
        self.clock = FakeClock()
        self.outlets: list[RecordingOutlet] = []
        self.runner: TableRunner | None = None
        #: Players go all in often (a tournament that should end).
        self.all_in_often = False

    async def open(self) -> None:
        outlet = RecordingOutlet()
        self.outlets.append(outlet)
        self.runner = await new_table(self.database, self.clock, outlet, self.settings)

    @property
    def table(self) -> TableRunner:
        assert self.runner is not None
        return self.runner

    def posts(self) -> list[str]:
        return [text for outlet in self.outlets for text in outlet.posts()]

    async def seat_everyone(self) -> None:
        """Between hands: everyone seated, in, and with chips to play."""
        runner = self.table
        if runner.closed:  # closed with every stack home: a table of the game again
            await self.open()
            runner = self.table
        with self.faults.quiet():
            minimum = runner.table.rules.minimum_buy_in
            for user_id, name in PLAYERS.items():
                if not runner.table.is_seated(user_id):
                    await runner.join(user_id, name, buy_in=minimum * 2)
                seat = runner.table.seat_of(user_id)
                if seat.stack < minimum and not seat.leaving:
                    await runner.top_up(user_id, minimum - seat.stack)
                if runner.table.seat_of(user_id).sitting_out:
                    await runner.sit_in(user_id)

    async def deal(self) -> None:
        runner = self.table
        await runner.settled()
        assert runner.live is None
        await self.seat_everyone()
        runner = self.table
        await runner.settled()
        assert runner.state.next_hand_at is not None, "the table deals on"
        self.clock.advance(max(0.0, runner.state.next_hand_at - self.clock.now()))
        await runner.settled()

    async def play(self, steps: int | None = None) -> None:
        """Random players act (now and then the clock for them) until the hand is
        over or voided, which it must be within 400 steps; or for ``steps`` steps."""
        for _ in range(400 if steps is None else steps):
            runner = self.table
            await runner.settled()
            live = runner.live
            if live is None or runner.closed:
                return
            with self.faults.quiet():
                user_id = player_to_act(runner)
                request = None if user_id is None else self._request(runner)
            if user_id is None or request is None or self.rng.random() < 0.05:
                # A run-out's pause, a settlement tried again, or the clock acting.
                wake = live.deadline if live.deadline is not None else runner.retry_at
                self.clock.advance(max(1.0, (wake or 0.0) - self.clock.now()))
                continue
            try:
                await runner.act(user_id, request)
            except CroupierError:  # a refusal; or the hand failed, and is voided
                with self.faults.quiet():
                    fallback = self._fallback(runner)
                if fallback is not None:
                    with contextlib.suppress(CroupierError):
                        await runner.act(user_id, fallback)
        if steps is None:
            raise AssertionError(f"hand {self.table.live and self.table.live.hand_no} never ended")

    def _request(self, runner: TableRunner) -> ActionRequest | None:
        live = runner.live
        assert live is not None
        legal = live.hand.legal_actions()
        if legal.phase is Phase.RUN_IT_TWICE:
            return ActionRequest(Move.RUN_TWICE if self.rng.random() < 0.7 else Move.RUN_ONCE)
        if self.all_in_often and legal.phase is Phase.BETTING and not legal.can_post_bring_in:
            roll = self.rng.random()
            if roll < 0.4 and legal.can_raise:
                return ActionRequest(Move.ALL_IN)
            return ActionRequest(Move.FOLD if roll > 0.8 and legal.can_fold else Move.CHECK_OR_CALL)
        return random_request(self.rng, runner)

    def _fallback(self, runner: TableRunner) -> ActionRequest | None:
        if player_to_act(runner) is None:
            return None
        if runner.live is not None and runner.live.hand.legal_actions().phase is Phase.RUN_IT_TWICE:
            return ActionRequest(Move.RUN_ONCE)
        return fallback_request(self.rng, runner)

    async def agrees(self, when: str) -> None:
        """Between hands the table's memory and the database hold the same stacks."""
        runner = self.table
        await runner.settled()
        if runner.live is not None or runner.closed:
            return
        rows = await self.database.fetch_all(
            "SELECT seat_no, user_id, stack FROM seats WHERE table_id = ?", (runner.table_id,)
        )
        held = {(s.number, s.player, s.stack) for s in runner.table.seats.values()}
        assert held == {tuple(row) for row in rows}, f"{when}: memory and database differ"

    async def restart(self) -> None:
        """The bot stops in the middle of whatever it was doing and starts again."""
        await self.table.stop()
        tables, outlets = registry(self.database, self.clock)
        restored = await tables.restore_all()
        self.outlets.extend(outlets)
        assert len(restored) <= 1
        runner = tables.get(CHANNEL)
        if runner is None:  # the table was closed: every stack went home
            seats = await self.database.fetch_value("SELECT COUNT(*) FROM seats")
            assert seats == 0, "a table that is not restored holds no chips"
            self.runner = None
            await self.open()
            return
        self.runner = runner

    async def leave_all(self) -> None:
        """Every seat is reachable: each player leaves with their stack."""
        runner = self.table
        await runner.settled()
        assert runner.live is None
        for user_id in list(PLAYERS):
            if runner.table.is_seated(user_id):
                stack = runner.table.seat_of(user_id).stack
                left = await runner.leave(user_id)
                assert left.movement is not None and left.movement.amount == stack
        await runner.settled()


def table_settings(game: str, rng: random.Random) -> TableSettings:
    """A three-seat table of ``game``, with run it twice where the game has a board."""
    try:
        return config(variant=game, seats=3, run_it_twice=rng.random() < 0.7)
    except CroupierError:
        return config(variant=game, seats=3)


def fault_seed() -> int:
    chosen = os.environ.get("CROUPIER_FAULT_SEED")
    return int(chosen) if chosen else random.SystemRandom().randrange(2**32)


@pytest.mark.parametrize("game", GAMES)
async def test_an_error_at_a_random_step_of_a_hand_never_locks_chips(
    database: Database,
    game: str,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    seed = fault_seed()
    rng = random.Random(f"{seed}-{game}")
    faults = Faults(monkeypatch)
    caplog.set_level(logging.WARNING, logger="bot")
    try:
        play = Game(database, table_settings(game, rng), rng, faults)
        await play.open()
        for _ in range(ROUNDS):
            # A fault while hands are played: armed until it strikes.
            struck = len(faults.fired)
            faults.arm(rng.randint(1, STEPS_IN_A_HAND))
            for _hand in range(10):
                await play.deal()
                await play.play()
                await play.agrees(f"after hand {play.table.table.hand_number}")
                if len(faults.fired) > struck:
                    break
            faults.disarm()
            # A fault while the bot restores a hand it was playing.
            await play.deal()
            await play.play(steps=rng.randint(0, 6))
            faults.arm(rng.randint(1, RESTORE_STEPS))
            await play.restart()
            await play.agrees("after a restart")
            await play.play()
            await play.agrees(f"after hand {play.table.table.hand_number}, restored")
            faults.disarm()
        await play.table.settled()
        assert faults.fired, "no fault was injected"
        await check_afterwards(play, database, faults, caplog)
    except BaseException:
        print(f"CROUPIER_FAULT_SEED={seed} (game {game}); faults injected into {faults.fired}")
        raise


async def check_afterwards(
    play: Game, database: Database, faults: Faults, caplog: pytest.LogCaptureFixture
) -> None:
    # No hand is left hanging: each is over or voided, and each voided one was told.
    hanging = await database.fetch_value("SELECT COUNT(*) FROM hands WHERE status = 'in_progress'")
    assert hanging == 0
    voided = await database.fetch_all(
        "SELECT hand_no, table_id FROM hands WHERE status = 'voided' ORDER BY id"
    )
    told = play.posts()
    for row in voided:
        sentences = (
            t("table.hand_failed_voided", "en", hand_no=row["hand_no"]),
            t("table.hand_voided", "en", hand_no=row["hand_no"]),
        )
        assert any(sentence in told for sentence in sentences), f"hand {row['hand_no']} untold"
    # The log says why, with the traceback, and names no card.
    faulted = [r for r in caplog.records if "InjectedFault" in r.getMessage()]
    if voided:
        assert faulted and all("Traceback" in r.getMessage() for r in faulted)
    logged = "\n".join(r.getMessage() for r in caplog.records)
    for cards in faults.cards_named:
        assert cards not in logged
    # Every seat is reachable, and every chip goes home.
    await play.leave_all()
    assert await database.fetch_value("SELECT COUNT(*) FROM seats") == 0
    balances = await database.fetch_value("SELECT SUM(chips) FROM balances")
    rake = await database.fetch_value(
        "SELECT COALESCE(SUM(delta), 0) FROM ledger WHERE kind = 'rake'"
    )
    assert balances + rake == STARTING_CHIPS * len(PLAYERS)
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)
    await play.table.stop()


# ------------------------------------------------- one fault, looked at closely

ANN, BEN, CAT = PLAYERS
CALL = ActionRequest(Move.CHECK_OR_CALL)


def fail_next(
    monkeypatch: pytest.MonkeyPatch, owner: type, name: str, error: Exception
) -> list[int]:
    """Make ``owner.name`` raise ``error`` the next time it is called; count the calls."""
    real = getattr(owner, name)
    calls: list[int] = []

    def failing(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:
            raise error
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, failing)
    return calls


async def stacks(database: Database) -> list[int]:
    return [
        r["stack"] for r in await database.fetch_all("SELECT stack FROM seats ORDER BY seat_no")
    ]


async def balances(database: Database) -> list[int]:
    rows = await database.fetch_all("SELECT chips FROM balances ORDER BY user_id")
    return [r["chips"] for r in rows]


@pytest.mark.both_databases
@pytest.mark.parametrize("locale", ["en", "de"])
async def test_an_error_at_a_click_voids_the_hand_and_the_table_deals_on(
    database: Database,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    locale: str,
) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    runner = await seated_table(database, clock, outlet, config(locale=locale), PLAYERS)
    await runner.act(to_act(runner), ActionRequest(Move.RAISE_TO, 30))
    # What the run-it-twice click met (issue 24), at the next click.
    fail_next(monkeypatch, Hand, "act", DealingError("The stub holds 0 cards, not 1"))
    with pytest.raises(HandFailed) as refused:
        await runner.act(to_act(runner), CALL)
    assert refused.value.sentence(locale) == t("table.hand_failed", locale, hand_no=1)
    await runner.settled()
    assert runner.live is None and not runner.closed
    assert await database.fetch_value("SELECT status FROM hands WHERE hand_no = 1") == "voided"
    assert await stacks(database) == [500, 500, 500]
    refunds = await database.fetch_value(
        "SELECT COUNT(*) FROM ledger WHERE kind = 'void_refund' AND hand_id = 1"
    )
    assert refunds == 3
    assert t("table.hand_failed_voided", locale, hand_no=1) in outlet.posts()
    (record,) = [r for r in caplog.records if "failed and is voided" in r.getMessage()]
    assert record.levelno == logging.ERROR
    assert "Traceback" in record.getMessage() and "DealingError" in record.getMessage()
    await deal_next(runner, clock)  # the table goes on
    assert runner.live is not None and runner.live.hand_no == 2
    await assert_audit_clean(database)
    await runner.stop()


async def test_a_hand_the_database_would_not_let_us_void_is_voided_by_the_clock(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    runner = await seated_table(database, clock, outlet, config(), PLAYERS)
    fail_next(monkeypatch, Hand, "act", InjectedFault("broken"))
    calls = fail_next(monkeypatch, HandLog, "void", sqlite3.OperationalError("disk I/O error"))
    with pytest.raises(sqlite3.OperationalError):
        await runner.act(to_act(runner), CALL)
    assert runner.live is not None  # still broken, and waiting for the database
    clock.advance(1)
    await runner.settled()
    assert len(calls) == 2 and runner.live is None
    assert await database.fetch_value("SELECT status FROM hands WHERE hand_no = 1") == "voided"
    assert t("table.hand_failed_voided", "en", hand_no=1) in outlet.posts()
    await deal_next(runner, clock)
    await assert_audit_clean(database)
    await runner.stop()


async def test_a_table_whose_hand_cannot_even_be_voided_closes_with_every_stack_home(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    runner = await seated_table(database, clock, outlet, config(), PLAYERS)
    await runner.act(to_act(runner), ActionRequest(Move.RAISE_TO, 30))
    fail_next(monkeypatch, Hand, "act", InjectedFault("broken"))
    fail_next(monkeypatch, Table, "void_hand", InjectedFault("broken too"))
    with pytest.raises(HandFailed):
        await runner.act(to_act(runner), CALL)
    await runner.settled()
    assert runner.closed
    assert await database.fetch_value("SELECT COUNT(*) FROM seats") == 0
    assert await balances(database) == [STARTING_CHIPS] * 3
    reason = t("table.void_reason_failed", "en")
    assert any(reason in text for text in outlet.posts())
    await assert_audit_clean(database)
    await runner.stop()


@pytest.mark.both_databases
async def test_a_table_that_cannot_be_restored_as_saved_is_restored_from_its_seats(
    database: Database, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    runner = await seated_table(database, clock, outlet, config(), PLAYERS)
    await runner.act(to_act(runner), ActionRequest(Move.RAISE_TO, 30))
    await runner.stop()  # the process is gone
    fail_next(monkeypatch, restore, "restored_table", InjectedFault("unreadable"))
    tables, outlets = registry(database, clock)
    (restored,) = await tables.restore_all()
    await restored.settled()
    assert restored.live is None
    assert await database.fetch_value("SELECT status FROM hands WHERE hand_no = 1") == "voided"
    assert await stacks(database) == [500, 500, 500]
    assert any(t("table.hand_voided", "en", hand_no=1) in o.posts() for o in outlets)
    assert any("Could not restore table 1 as saved" in r.getMessage() for r in caplog.records)
    # Every seat is reachable: one player leaves, the table is closed, all chips go home.
    left = await restored.leave(ANN)
    assert left.movement is not None and left.movement.amount == 500
    closed = await tables.close(CHANNEL, by=BEN)
    assert sorted(m.amount for m in closed.movements) == [500, 500]
    assert await balances(database) == [STARTING_CHIPS] * 3
    await assert_audit_clean(database)


async def test_an_error_while_a_hand_is_resumed_voids_it_and_the_table_plays_on(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    runner = await seated_table(database, clock, outlet, config(), PLAYERS)
    await runner.act(to_act(runner), ActionRequest(Move.RAISE_TO, 30))
    await runner.stop()
    # Replayed from the log, then whose turn it is: that raises.
    fail_next(monkeypatch, Hand, "legal_actions", InjectedFault("broken"))
    tables, outlets = registry(database, clock)
    (restored,) = await tables.restore_all()
    await restored.settled()
    assert restored.live is None
    assert await database.fetch_value("SELECT status FROM hands WHERE hand_no = 1") == "voided"
    assert any(t("table.hand_failed_voided", "en", hand_no=1) in o.posts() for o in outlets)
    await deal_next(restored, clock)
    assert restored.live is not None and restored.live.hand_no == 2
    await assert_audit_clean(database)
    await restored.stop()


@pytest.mark.parametrize("tournament", range(TOURNAMENTS))
async def test_a_tournament_whose_hands_and_restores_fail_plays_to_its_end(
    database: Database, monkeypatch: pytest.MonkeyPatch, tournament: int
) -> None:
    seed = fault_seed()
    rng = random.Random(f"{seed}-{tournament}")
    faults = Faults(monkeypatch)
    settings = config(
        tournament=True, tournament_buy_in=100, starting_stack=1000, level_hands=2, seats=6
    )
    play = Game(database, settings, rng, faults)
    play.all_in_often = True
    try:
        tables, outlets = registry(database, play.clock)
        play.outlets.extend(outlets)
        play.runner = await tables.create(GUILD, CHANNEL, CREATOR, settings)
        for user_id, name in PLAYERS.items():
            await play.table.join(user_id, name)
        await play.table.begin_tournament()
        for hand in range(200):
            runner = play.table
            await runner.settled()
            if runner.closed:
                break
            if faults.countdown is None and (hand == 0 or rng.random() < 0.5):
                faults.arm(rng.randint(1, STEPS_IN_A_HAND // 4))  # armed until it strikes
            if runner.live is None:
                assert runner.state.next_hand_at is not None, "the tournament deals on"
                play.clock.advance(max(0.0, runner.state.next_hand_at - play.clock.now()))
                await runner.settled()
            if hand % 4 == 3 and not play.table.closed:
                faults.arm(rng.randint(1, RESTORE_STEPS))
                await play.restart()
            await play.play()
        faults.disarm()
        assert play.table.closed, "the tournament ended"
        assert faults.fired, "no fault was injected"
        assert await database.fetch_value("SELECT SUM(prize_pool) FROM tables") == 0
        hanging = await database.fetch_value(
            "SELECT COUNT(*) FROM hands WHERE status = 'in_progress'"
        )
        assert hanging == 0
        balances = await database.fetch_value("SELECT SUM(chips) FROM balances")
        assert balances == STARTING_CHIPS * len(PLAYERS)
        await assert_chips_reconcile(database)
        await assert_audit_clean(database)
    except BaseException:
        print(f"CROUPIER_FAULT_SEED={seed} (tournament {tournament}); faults in {faults.fired}")
        raise


async def test_a_tournament_that_cannot_be_restored_as_saved_is_restored_from_its_seats(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = FakeClock()
    tables, _ = registry(database, clock)
    settings = config(tournament=True, tournament_buy_in=100, starting_stack=1000, seats=6)
    runner = await tables.create(GUILD, CHANNEL, CREATOR, settings)
    for user_id, name in PLAYERS.items():
        await runner.join(user_id, name)
    await runner.begin_tournament()
    await deal_next(runner, clock)
    await runner.act(to_act(runner), ActionRequest(Move.RAISE_TO, 60))
    await tables.stop_all()
    fail_next(monkeypatch, restore, "restored_table", InjectedFault("unreadable"))
    again, _ = registry(database, clock)
    (restored,) = await again.restore_all()
    await restored.settled()
    assert restored.live is None and restored.tournament_under_way
    assert await stacks(database) == [1000, 1000, 1000]
    # Ended early by a member who may: the pool is shared by chips, every chip home.
    closed = await again.close(CHANNEL, by=CREATOR, void_reason="", by_name="Host")
    assert len(closed.movements) == 0 and restored.closed
    assert await database.fetch_value("SELECT SUM(prize_pool) FROM tables") == 0
    assert await balances(database) == [STARTING_CHIPS] * 3
    await assert_audit_clean(database)
