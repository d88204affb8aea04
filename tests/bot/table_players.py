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
from engine.errors import IllegalAction
from engine.hand import Phase
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
    """A request for the player to act: sometimes legal, sometimes not.

    In a draw or discard the player throws away some of their own cards; in
    stud, the player who must bring in mostly does.
    """
    live = runner.live
    if live is not None and player_to_act(runner) is not None:
        legal = live.hand.legal_actions()
        if legal.phase is Phase.DISCARDING:
            held = list(live.hand.hole_cards[legal.player])
            count = rng.randint(legal.discard_min, min(legal.discard_max, len(held)))
            return ActionRequest(Move.DISCARD, cards=tuple(rng.sample(held, count)))
        if legal.phase is Phase.SHOWDOWN:  # a hand that cannot win
            return ActionRequest(Move.SHOW if rng.random() < 0.5 else Move.MUCK)
        if legal.can_post_bring_in and rng.random() < 0.7:
            return ActionRequest(Move.BRING_IN)
    moves, weights = zip(*MOVES, strict=True)
    move = rng.choices(moves, weights)[0]
    if move is not Move.RAISE_TO:
        return ActionRequest(move)
    choices = runner.snapshot().choices
    low, high = (1, 10_000) if choices is None else (choices.min_raise_to, choices.max_raise_to)
    return ActionRequest(move, rng.randint(max(1, low - 5), high + 5))


def fallback_request(rng: random.Random, runner: TableRunner) -> ActionRequest:
    """A request that is always accepted: stand pat, bring in, muck, or check,
    call or fold."""
    live = runner.live
    assert live is not None
    legal = live.hand.legal_actions()
    if legal.phase is Phase.SHOWDOWN:
        return ActionRequest(Move.MUCK)
    if legal.phase is Phase.DISCARDING:
        return ActionRequest(Move.DISCARD, cards=tuple(live.hand.hole_cards[legal.player])[:0])
    if legal.can_post_bring_in:
        return ActionRequest(Move.BRING_IN)
    facing_a_bet = legal.can_fold and not legal.can_check
    return ActionRequest(Move.FOLD if facing_a_bet and rng.random() < 0.3 else Move.CHECK_OR_CALL)


def player_to_act(runner: TableRunner) -> int | None:
    """Who the hand waits for: to bet, to discard or draw, or to show or muck."""
    live = runner.live
    if live is None or live.hand.is_complete:
        return None
    try:
        return live.deal.players[live.hand.legal_actions().player]
    except IllegalAction:
        return None


async def rebuy_the_busted(runner: TableRunner) -> None:
    """Bring every busted player back to the minimum buy-in and sit them in."""
    minimum = runner.table.rules.minimum_buy_in
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
            if runner.state.next_hand_at is None:
                break  # fewer than two can play
            clock.advance(max(0.0, runner.state.next_hand_at - clock.now()))
            await runner.settled()
        while (user_id := player_to_act(runner)) is not None:
            try:
                await runner.act(user_id, random_request(rng, runner))
            except CroupierError:
                refused += 1
                await runner.act(user_id, fallback_request(rng, runner))
        await runner.settled()
    return refused
