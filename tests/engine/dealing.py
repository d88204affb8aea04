"""Helpers for table tests: a rigged shuffle and players who act for a hand."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.actions import Action, BetOrRaise, CheckOrCall, Discard, Fold, PostBringIn, ShowOrMuck
from engine.cards import Card, parse_cards
from engine.hand import Hand, Phase


class Rigged(random.Random):
    """A shuffle that puts ``top`` (cards as text) first, in that order, and
    leaves the rest as they were. Every shuffle it does is rigged the same way,
    the draw for the button included."""

    def __init__(self, top: str = "") -> None:
        super().__init__(0)
        self.top: list[Card] = parse_cards(top) if top else []

    def shuffle(self, x: Any) -> None:
        rest = [card for card in x if card not in self.top]
        x[:] = [card for card in self.top if card in x] + rest


def fold_to_the_big_blind(hand: Hand) -> None:
    """Everyone folds when they can, checks otherwise, until the hand is over."""
    while not hand.is_complete:
        legal = hand.legal_actions()
        hand.act(legal.player, Fold() if legal.can_fold else CheckOrCall())


def check_down(hand: Hand) -> None:
    """Everyone calls or checks to the showdown."""
    while not hand.is_complete:
        legal = hand.legal_actions()
        if legal.phase is Phase.DISCARDING:
            held = hand.hole_cards[legal.player]
            hand.act(legal.player, Discard(tuple(held[: legal.discard_min])))
        else:
            hand.act(legal.player, CheckOrCall())


def random_action(hand: Hand, rng: random.Random) -> tuple[int, Action]:
    """A legal action for the player to act, chosen at random, often aggressive
    enough to reach all-ins and side pots."""
    legal = hand.legal_actions()
    player = legal.player
    if legal.phase is Phase.DISCARDING:
        count = rng.randint(legal.discard_min, legal.discard_max)
        return player, Discard(tuple(rng.sample(hand.hole_cards[player], count)))
    if legal.phase is Phase.SHOWDOWN:
        return player, ShowOrMuck(not legal.can_muck or rng.random() < 0.5)
    if legal.can_post_bring_in:
        return player, PostBringIn()
    roll = rng.random()
    if legal.can_fold and roll < 0.25:
        return player, Fold()
    if legal.can_raise and roll > 0.7:
        low, high = legal.min_raise_to, legal.max_raise_to
        if rng.random() < 0.3:
            return player, BetOrRaise(high)
        if legal.raise_choices:  # stud's open pair: the small or the big bet
            return player, BetOrRaise(rng.choice(legal.raise_choices))
        return player, BetOrRaise(rng.randint(low, high))
    return player, CheckOrCall()


def play_randomly(hand: Hand, rng: random.Random) -> None:
    while not hand.is_complete:
        player, action = random_action(hand, rng)
        hand.act(player, action)


def cards(text: str) -> Sequence[Card]:
    return parse_cards(text)
