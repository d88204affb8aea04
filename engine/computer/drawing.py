"""Draw games: which cards to keep, when to stand pat, and now and then a snow.

* Deuce-to-seven (and ace-to-five) lowball keeps its different low cards,
  seven or lower with draws to come, eight or lower at the last draw, and
  stands pat with a made low good enough for the draws left (an eight with
  three to come, a ten at the last); a made hand not good enough breaks its
  top card.
* Badugi keeps its best badugi, and throws a high card out of it while there
  are draws enough to replace it; a four-card badugi stands pat when low
  enough for the draws left.
* Five card draw keeps what it made (pat with a straight or better), a pair,
  two pair or trips, four to a flush or an open-ended straight, else its two
  highest cards (the ace alone when drawing four is allowed).

Snowing: on the last draw a weak hand facing drawing opponents may stand pat
and bet as if it were made, as often as the style bluffs.

>>> from engine.cards import parse_cards
>>> [str(c) for c in lowball_keep(parse_cards("7h5d4c3s2h"), draws_left=1, ace_low=False)]
['2h', '3s', '4c', '5d', '7h']
>>> [str(c) for c in lowball_keep(parse_cards("Kh8d4c3s3h"), draws_left=3, ace_low=False)]
['3h', '4c']
>>> [str(c) for c in badugi_keep(parse_cards("Ah2d3c3s"), draws_left=2)]
['Ah', '2d', '3c']
>>> [str(c) for c in high_draw_keep(parse_cards("9h9d4c3sKh"))]
['9h', '9d']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Final

from engine.actions import Discard
from engine.cards import Card
from engine.computer.draw_outs import STRAIGHT_WINDOWS, rank_mask, suit_counts
from engine.computer.styles import Style
from engine.evaluation import Evaluation, high_strength
from engine.evaluation.lows import badugi
from engine.hand import Phase
from engine.seat_view import SeatView

__all__ = [
    "badugi_keep",
    "choose_draw",
    "draws_left",
    "high_draw_keep",
    "low_rank",
    "lowball_keep",
    "lowball_made",
]

#: Deuce-to-seven ranks (deuce 0 … ace 12) of the worst made low to stand pat
#: with, by the draws still to come counting this one.
_PAT_27: Final = {1: 8, 2: 7, 3: 6}  # ten, nine, eight
#: Badugi, ace-low ranks (ace 0 … king 12): the same.
_PAT_BADUGI: Final = {1: 10, 2: 8, 3: 7}  # jack, nine, eight


def draws_left(view: SeatView) -> int:
    """Draws still to come, counting the one being made now."""
    streets = view.variant.streets
    start = view.street_index + (0 if view.phase is Phase.DISCARDING else 1)
    return sum(1 for street in streets[start:] if street.draw)


def low_rank(card: Card, ace_low: bool) -> int:
    """A card's rank for a low game: ace lowest when ``ace_low``, else highest."""
    if ace_low:
        return 0 if card.rank == 12 else card.rank + 1
    return card.rank


def lowball_made(cards: Sequence[Card], ace_low: bool) -> bool:
    """Five different ranks, and (deuce-to-seven) no straight or flush."""
    ranks = [low_rank(card, ace_low) for card in cards]
    if len(cards) != 5 or len(set(ranks)) != 5:
        return False
    if ace_low:
        return True
    if len({card.suit for card in cards}) == 1:
        return False
    mask = rank_mask(cards)
    return not any(mask & window == window for window in STRAIGHT_WINDOWS)


def lowball_keep(cards: Sequence[Card], draws_left: int, ace_low: bool) -> list[Card]:
    """The cards a lowball hand keeps, lowest first."""
    ordered = sorted(cards, key=lambda card: (low_rank(card, ace_low), card.suit))
    # Seven or lower with draws to come, eight or lower at the last draw.
    seven = 5 if not ace_low else 6
    cutoff = seven + (1 if draws_left <= 1 else 0)
    pat_line = _PAT_27.get(min(draws_left, 3), 8) + (1 if ace_low else 0)
    if lowball_made(ordered, ace_low):
        if low_rank(ordered[-1], ace_low) <= pat_line:
            return ordered
        return ordered[:4] if low_rank(ordered[3], ace_low) <= cutoff + 1 else ordered[:3]
    kept: list[Card] = []
    for card in ordered:
        rank = low_rank(card, ace_low)
        if rank <= cutoff and all(low_rank(k, ace_low) != rank for k in kept):
            kept.append(card)
    kept = kept[:4]
    if not kept:
        kept = ordered[:1] if low_rank(ordered[0], ace_low) <= cutoff + 2 else []
    return kept


def best_badugi(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards that make the best badugi (different ranks and suits, lowest)."""
    best: tuple[Card, ...] = ()
    best_strength = -1
    for size in range(min(4, len(cards)), 0, -1):
        for subset in combinations(cards, size):
            strength = badugi(subset)
            if strength is not None and strength > best_strength:
                best, best_strength = subset, strength
        if best:
            return best
    return best


def badugi_keep(cards: Sequence[Card], draws_left: int) -> list[Card]:
    """The cards a badugi hand keeps, lowest first."""
    kept = sorted(best_badugi(cards), key=lambda card: low_rank(card, True))
    if len(kept) == 4:
        if low_rank(kept[-1], True) <= _PAT_BADUGI.get(min(draws_left, 3), 7):
            return kept
        return kept[:3]
    # Throw a high card out of a three-card badugi while draws can replace it.
    while kept and draws_left >= 2 and low_rank(kept[-1], True) >= 9 - (3 - len(kept)):
        kept = kept[:-1]
    return kept


def high_draw_keep(cards: Sequence[Card]) -> list[Card]:
    """The cards a five card draw hand keeps."""
    if len(cards) == 5 and high_strength(cards) > _PAT_HIGH:
        return list(cards)  # a straight or better
    by_rank: dict[int, list[Card]] = {}
    for card in cards:
        by_rank.setdefault(card.rank, []).append(card)
    made = [card for group in by_rank.values() if len(group) >= 2 for card in group]
    if made:
        return sorted(made, key=lambda card: -card.rank)
    counts = suit_counts(cards)
    for suit in range(4):
        if counts[suit] == 4:
            return [card for card in cards if card.suit == suit]
    mask = rank_mask(cards)
    for low in range(0, 9):
        window = 0b1111 << low
        if mask & window == window and low not in (0, 9):  # open at both ends
            return [card for card in cards if (1 << card.rank) & window]
    return sorted(cards, key=lambda card: -card.rank)[:2]


#: Five card draw: strengths above this are straights or better (stand pat).
_PAT_HIGH: Final = 5853


def _keep(view: SeatView, left: int) -> list[Card]:
    cards = list(view.hole_cards)
    evaluation = view.variant.evaluations[0]
    if evaluation is Evaluation.DEUCE_TO_SEVEN_LOW:
        return lowball_keep(cards, left, ace_low=False)
    if evaluation in (Evaluation.ACE_TO_FIVE_LOW, Evaluation.EIGHT_OR_BETTER_LOW):
        return lowball_keep(cards, left, ace_low=True)
    if evaluation is Evaluation.BADUGI:
        return badugi_keep(cards, left)
    return high_draw_keep(cards)


def choose_draw(view: SeatView, style: Style, rng: random.Random) -> Discard:
    """The cards to throw away at this draw (none: stand pat)."""
    legal = view.legal
    assert legal is not None
    cards = list(view.hole_cards)
    left = draws_left(view)
    kept = _keep(view, left)
    if left == 1 and len(cards) - len(kept) >= 2 and _may_snow(view, style, rng):
        kept = cards
    # The rest, best to worst, for when the limits ask for more or fewer cards.
    evaluation = view.variant.evaluations[0]
    ace_low = evaluation is not Evaluation.DEUCE_TO_SEVEN_LOW
    rest = sorted((c for c in cards if c not in kept), key=lambda c: low_rank(c, ace_low))
    if evaluation is Evaluation.STANDARD_HIGH:
        rest.reverse()
    order = kept + rest
    count = max(legal.discard_min, min(legal.discard_max, len(cards) - len(kept)))
    street = view.variant.streets[view.street_index]
    if count > view.draw_rules.base_limit(street.max_draw, len(cards)):
        # Drawing beyond the usual limit is allowed only keeping an ace.
        aces = [c for c in order if c.rank == 12]
        if aces:
            order.remove(aces[0])
            order.insert(0, aces[0])
        else:
            count = max(legal.discard_min, view.draw_rules.base_limit(street.max_draw, len(cards)))
    return Discard(tuple(order[len(cards) - count :]) if count else ())


def _may_snow(view: SeatView, style: Style, rng: random.Random) -> bool:
    """A snow: only against opponents who are all still drawing, as often as the style bluffs."""
    last_draws = [view.draw_counts(i) for i in view.opponents]
    drawing = all(counts and counts[-1] >= 1 for counts in last_draws)
    return drawing and len(view.opponents) <= 2 and rng.random() < style.bluffing * 0.8
