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

CI runs one round (a faulty hand and a faulty restore) per game with a seed
drawn afresh; ``CROUPIER_FAULT_HANDS=2000`` plays about that many hands in
all, shared between the games, and ``CROUPIER_FAULT_SEED=<seed>`` replays the
seed a failure printed.
"""

from __future__ import annotations

import contextlib
import logging
import os
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from bot.database import Database
from bot.errors import CroupierError
from bot.i18n import t
from bot.tables.requests import ActionRequest, Move
from bot.tables.runner import TableRunner
from bot.tables.table_settings import TableSettings, dealt_variants
from engine import Hand, Phase, Table
from tests.audited import assert_audit_clean
from tests.bot.fake_clock import FakeClock
from tests.bot.ledger_checks import assert_chips_reconcile
from tests.bot.table_fakes import (
    CHANNEL,
    STARTING_CHIPS,
    RecordingOutlet,
    config,
    new_table,
    registry,
)
from tests.bot.table_players import fallback_request, player_to_act, random_request

PLAYERS = {11: "Ann", 12: "Ben", 13: "Cat"}
GAMES = sorted(dealt_variants())
#: Hands in all (0: CI's budget, one round of two hands per game).
FAULT_HANDS = int(os.environ.get("CROUPIER_FAULT_HANDS", "0"))
ROUNDS = max(1, FAULT_HANDS // (2 * len(GAMES)))
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
        if live.hand.legal_actions().phase is Phase.RUN_IT_TWICE:
            return ActionRequest(Move.RUN_TWICE if self.rng.random() < 0.7 else Move.RUN_ONCE)
        return random_request(self.rng, runner)

    def _fallback(self, runner: TableRunner) -> ActionRequest | None:
        if player_to_act(runner) is None:
            return None
        if runner.live is not None and runner.live.hand.legal_actions().phase is Phase.RUN_IT_TWICE:
            return ActionRequest(Move.RUN_ONCE)
        return fallback_request(self.rng, runner)

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
    caplog.set_level(logging.ERROR, logger="bot")
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
                if len(faults.fired) > struck:
                    break
            faults.disarm()
            # A fault while the bot restores a hand it was playing.
            await play.deal()
            await play.play(steps=rng.randint(0, 6))
            faults.arm(rng.randint(1, RESTORE_STEPS))
            await play.restart()
            await play.play()
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
