"""The baselines every computer style must beat in ``python -m bench.bots``.

Each decides, like a computer player, from its seat's view and a random
generator only:

* ``random``: any legal action, equally likely by kind, any amount;
* ``station``: checks and calls everything, never raises, never folds;
* ``maniac``: raises (or completes) whenever it may, up to about the pot, and
  never folds.

The station and the maniac draw and discard by a plain rule (keep low cards
in lowball, the best badugi cards, pairs in high draw; throw the lowest card
in Pineapple); the random player throws away any cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from engine.actions import Action, BetOrRaise, CheckOrCall, Discard, Fold, PostBringIn, ShowOrMuck
from engine.cards import Card
from engine.evaluation import Evaluation
from engine.hand import Phase
from engine.seat_view import SeatView


class Decider(Protocol):
    def decide(self, view: SeatView, rng: random.Random) -> Action: ...


def _plain_keep(view: SeatView) -> list[Card]:
    cards = list(view.hole_cards)
    evaluation = view.variant.evaluations[0]
    if evaluation is Evaluation.DEUCE_TO_SEVEN_LOW or evaluation.is_low:
        ace_low = evaluation is not Evaluation.DEUCE_TO_SEVEN_LOW

        def rank(card: Card) -> int:
            return (card.rank + 1) % 13 if ace_low else card.rank

        eight = 7 if ace_low else 6
        kept: list[Card] = []
        suits: set[int] = set()
        for card in sorted(cards, key=rank):
            if rank(card) > eight or any(rank(k) == rank(card) for k in kept):
                continue
            if evaluation is Evaluation.BADUGI:
                if card.suit in suits:
                    continue
                suits.add(card.suit)
            kept.append(card)
        return kept
    pairs = [c for c in cards if sum(1 for d in cards if d.rank == c.rank) >= 2]
    return pairs or sorted(cards, key=lambda c: -c.rank)[:2]


def _draw(view: SeatView, rng: random.Random, plain: bool) -> Discard:
    legal = view.legal
    assert legal is not None
    cards = list(view.hole_cards)
    street = view.variant.streets[view.street_index]
    # The usual limit: drawing more needs an ace kept, which these players ignore.
    top = min(legal.discard_max, view.draw_rules.base_limit(street.max_draw, len(cards)))
    top = max(top, legal.discard_min)
    if not street.draw:  # Pineapple: throw the lowest (or any) card
        if plain:
            return Discard(tuple(sorted(cards, key=lambda c: c.rank)[: legal.discard_min]))
        return Discard(tuple(rng.sample(cards, legal.discard_min)))
    if not plain:
        return Discard(tuple(rng.sample(cards, rng.randint(legal.discard_min, top))))
    kept = _plain_keep(view)
    thrown = [c for c in cards if c not in kept]
    count = max(legal.discard_min, min(top, len(thrown)))
    rest = [c for c in cards if c not in thrown]
    return Discard(tuple((thrown + rest)[:count]))


class RandomPlayer:
    name = "random"

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        legal = view.legal
        assert legal is not None
        if legal.phase is Phase.SHOWDOWN:
            return ShowOrMuck(True)
        if legal.phase is Phase.DISCARDING:
            return _draw(view, rng, plain=False)
        choices: list[Callable[[], Action]] = [CheckOrCall]
        if legal.can_post_bring_in:
            choices = [PostBringIn]
        if legal.can_fold:
            choices.append(Fold)
        if legal.can_raise:
            if legal.raise_choices:
                amount = rng.choice(legal.raise_choices)
            else:
                amount = rng.randint(legal.min_raise_to, legal.max_raise_to)
            choices.append(lambda: BetOrRaise(amount))
        return rng.choice(choices)()


class StationPlayer:
    name = "station"

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        legal = view.legal
        assert legal is not None
        if legal.phase is Phase.SHOWDOWN:
            return ShowOrMuck(True)
        if legal.phase is Phase.DISCARDING:
            return _draw(view, rng, plain=True)
        if legal.can_post_bring_in:
            return PostBringIn()
        return CheckOrCall()


class ManiacPlayer:
    name = "maniac"

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        legal = view.legal
        assert legal is not None
        if legal.phase is Phase.SHOWDOWN:
            return ShowOrMuck(True)
        if legal.phase is Phase.DISCARDING:
            return _draw(view, rng, plain=True)
        if legal.can_raise:
            if legal.raise_choices:
                return BetOrRaise(legal.raise_choices[-1])
            current = legal.bet + legal.call_amount
            pot_raise = current + legal.pot + legal.call_amount
            high = max(legal.min_raise_to, min(legal.max_raise_to, pot_raise))
            return BetOrRaise(rng.randint(legal.min_raise_to, high))
        if legal.can_post_bring_in:
            return PostBringIn()
        return CheckOrCall()


BASELINES: dict[str, Decider] = {
    "random": RandomPlayer(),
    "station": StationPlayer(),
    "maniac": ManiacPlayer(),
}
