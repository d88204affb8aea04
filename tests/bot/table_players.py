"""Simulated players for a table runner: random requests a person could make.

Each request is one a button, a slash command or the raise form could send,
including ones the table will refuse (acting out of turn, a raise out of
range), so tests can check both what is applied and what is refused.
"""

from __future__ import annotations

import random

from bot.errors import CroupierError
from bot.tables.requests import ActionRequest, Move
from bot.tables.runner import TableRunner
from tests.bot.fake_clock import FakeClock

#: Moves a player to act picks from, weighted towards hands that go on.
MOVES: tuple[tuple[Move, int], ...] = (
    (Move.CHECK_OR_CALL, 8),
    (Move.FOLD, 2),
    (Move.MIN, 2),
    (Move.HALF_POT, 1),
    (Move.POT, 1),
    (Move.ALL_IN, 1),
    (Move.RAISE_TO, 1),
    (Move.CHECK, 1),
    (Move.CALL, 1),
)


def random_request(rng: random.Random, runner: TableRunner) -> ActionRequest:
    """A request for the player to act: sometimes legal, sometimes not."""
    moves, weights = zip(*MOVES, strict=True)
    move = rng.choices(moves, weights)[0]
    if move is not Move.RAISE_TO:
        return ActionRequest(move)
    choices = runner.snapshot().choices
    low, high = (1, 10_000) if choices is None else (choices.min_raise_to, choices.max_raise_to)
    return ActionRequest(move, rng.randint(max(1, low - 5), high + 5))


def player_to_act(runner: TableRunner) -> int | None:
    live = runner.live
    if live is None or live.hand.actor is None:
        return None
    return live.deal.players[live.hand.actor]


async def rebuy_the_busted(runner: TableRunner) -> None:
    """Bring every busted player back to the minimum buy-in and sit them in."""
    minimum = runner.engine_config.minimum_buy_in
    for seat in list(runner.table.seats.values()):
        if seat.stack < minimum and not seat.leaving:
            await runner.top_up(seat.player, minimum - seat.stack)
            await runner.sit_in(seat.player)


async def play_hands(runner: TableRunner, clock: FakeClock, rng: random.Random, hands: int) -> int:
    """Deal and play ``hands`` hands with random requests; return how many were refused.

    Busted players buy back in between hands, so the game goes on.
    """
    refused = 0
    for _ in range(hands):
        await runner.settled()
        if runner.live is None:
            await rebuy_the_busted(runner)
            await runner.settled()
            if runner.next_hand_at is None:
                break  # fewer than two can play
            clock.advance(max(0.0, runner.next_hand_at - clock.now()))
            await runner.settled()
        while (user_id := player_to_act(runner)) is not None:
            try:
                await runner.act(user_id, random_request(rng, runner))
            except CroupierError:
                refused += 1
                choices = runner.snapshot().choices
                facing_a_bet = choices is not None and not choices.can_check
                fallback = Move.FOLD if facing_a_bet and rng.random() < 0.3 else Move.CHECK_OR_CALL
                await runner.act(user_id, ActionRequest(fallback))
        await runner.settled()
    return refused
