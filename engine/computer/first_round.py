"""The first betting round of every game (before the flop, third street, before
the first draw): which starting hands to play from which seat, how much to
open, when to re-raise, call or fold, and push-or-fold with a short stack.

Unopened, a style plays the best ``looseness`` share of hands from a middle
seat of six, fewer with more players still to act behind, more late and far
more heads-up, and raises ``raise_share`` of them (the best) rather than
limping; a stud bring-in completes with the best of them. Facing a raise it
estimates its equity against the raiser's range (:mod:`engine.computer.ranges`)
from where the two hands rank among all starting hands, allowing that the
raiser may be one who raises anything, re-raises the top of that range and
calls when the price and its style allow. The caller ranks the hand (each game
ranks its own starting hands) and says how close to even the game's match-ups
run.
"""

from __future__ import annotations

import math
import random
from itertools import pairwise
from typing import Final

from engine.actions import Action, BetOrRaise, CheckOrCall, Fold, PostBringIn
from engine.computer.betting import betting_rounds_left
from engine.computer.ranges import read_opponents
from engine.computer.styles import Style
from engine.seat_view import SeatView
from engine.variants import BettingStructure

__all__ = ["first_round_action", "multiway_equity", "preflop_equity"]

#: Heads-up equity against a range, by the share of that range the hand beats
#: (read off typical preflop match-ups: aces against a random hand win 85 %).
_EQUITY_BY_BEATEN: Final = (
    (0.0, 0.33),
    (0.2, 0.42),
    (0.5, 0.5),
    (0.75, 0.57),
    (0.9, 0.65),
    (1.0, 0.85),
)
#: Short of this many big blinds, a player goes all in or folds.
_SHORT: Final = 12


def preflop_equity(hand_percentile: float, range_share: float) -> float:
    """About how often a hand at ``hand_percentile`` (0 best) wins against a
    hand drawn from the best ``range_share`` of starting hands."""
    beaten = (
        0.0 if hand_percentile >= range_share else (range_share - hand_percentile) / range_share
    )
    for (x0, y0), (x1, y1) in pairwise(_EQUITY_BY_BEATEN):
        if beaten <= x1:
            return y0 + (y1 - y0) * (beaten - x0) / (x1 - x0)
    return _EQUITY_BY_BEATEN[-1][1]


def multiway_equity(equities: list[float]) -> float:
    """Equity against several opponents from the heads-up equities against each:
    their product, raised to the power that makes even chances come out at a
    fair share (a third three-way)."""
    if not equities:
        return 1.0
    n = len(equities)
    power = math.log(n + 1) / (n * math.log(2))
    return math.prod(equities) ** power


def _big_blind_index(view: SeatView) -> int:
    blinds = view.blinds
    if not blinds or not any(blinds):
        return view.player_count - 1
    return blinds.index(max(blinds))


def _players_behind(view: SeatView) -> int:
    """Opponents still in the hand who have not acted yet this round."""
    acted = {event.player for event in view.street_actions()}
    return sum(1 for player in view.opponents if player not in acted)


def _entered(view: SeatView) -> list[int]:
    """Opponents who put chips in by choice this round (or are all in)."""
    chose = {
        e.player for e in view.street_actions() if e.kind in ("call", "bet", "raise", "complete")
    }
    return [p for p in view.opponents if p in chose or view.stacks[p] == 0] or list(view.opponents)


def _open_share(style: Style, view: SeatView, behind: int) -> float:
    if view.player_count == 2:
        return min(0.95, style.looseness * 3.3)
    return min(0.9, style.looseness * math.pow(1.6, (4 - behind) / 2))


def first_round_action(
    view: SeatView, style: Style, rng: random.Random, hand: float, closeness: float = 1.0
) -> Action:
    """The first betting round with a starting hand at percentile ``hand``
    (0 best). ``closeness`` scales equities towards even: 1 in Hold'em, about
    a half in Omaha, where four cards run closer."""
    legal = view.legal
    assert legal is not None
    big_blind = view.big_blind
    reach = legal.stack + legal.bet
    deepest_other = max((view.stacks[i] + view.bets[i] for i in view.opponents), default=reach)
    effective = min(reach, deepest_other) / big_blind
    raises = view.raises_this_street()
    behind = _players_behind(view)
    no_limit = view.variant.betting is BettingStructure.NO_LIMIT
    if no_limit and effective <= _SHORT:
        return _push_or_fold(view, style, hand, effective, raises)
    if legal.can_post_bring_in:
        complete = _open_share(style, view, behind) * style.raise_share
        if legal.can_raise and hand <= complete:
            return BetOrRaise(legal.min_raise_to)
        return PostBringIn()
    if raises == 0:
        return _unopened(view, style, hand * rng.uniform(0.85, 1.15), behind)
    # Now and then a re-raise with a hand just below the re-raising range.
    light = rng.random() < style.bluffing
    return _facing_raise(view, style, hand, raises, closeness, light)


def _push_or_fold(
    view: SeatView, style: Style, hand: float, effective: float, raises: int
) -> Action:
    legal = view.legal
    assert legal is not None
    share = min(0.7, style.looseness * 1.3 * _SHORT / max(effective, 1))
    if raises:
        share *= 0.5
    if hand <= share:
        if legal.can_raise:
            return BetOrRaise(legal.max_raise_to)
        return CheckOrCall()
    return CheckOrCall() if legal.can_check else Fold()


def _open_to(view: SeatView, limpers: int) -> int:
    """An opening raise: two and a half big blinds, one more per limper, three
    from the small blind."""
    legal = view.legal
    assert legal is not None
    big_blind = view.big_blind
    small_blind_seat = view.player_count > 2 and view.seat == _big_blind_index(view) - 1
    to = int(big_blind * (3 if small_blind_seat else 2.5)) + limpers * big_blind
    return max(legal.min_raise_to, min(legal.max_raise_to, to))


def _unopened(view: SeatView, style: Style, hand: float, behind: int) -> Action:
    legal = view.legal
    assert legal is not None
    limpers = sum(1 for e in view.street_actions() if e.kind == "call")
    if legal.can_check:  # the big blind, nobody raised
        raise_share = (
            style.looseness * style.raise_share * (0.8 if view.player_count == 2 else 0.45)
        )
        if legal.can_raise and hand <= raise_share:
            return BetOrRaise(_open_to(view, limpers + 1))
        return CheckOrCall()
    share = _open_share(style, view, behind)
    if limpers:
        share *= 0.8
    raise_share = share * style.raise_share
    if legal.can_raise and hand <= raise_share:
        return BetOrRaise(_open_to(view, limpers))
    # Completing from the small blind costs half price.
    cheap = bool(view.blinds) and legal.call_amount * 2 <= view.big_blind
    if hand <= share * (1.3 if cheap else 1.0):
        return CheckOrCall()
    return Fold()


def _facing_raise(
    view: SeatView, style: Style, hand: float, raises: int, closeness: float, light: bool
) -> Action:
    legal = view.legal
    assert legal is not None
    reads = read_opponents(view, style.respect)
    entered = [reads[p] for p in _entered(view)]
    # The raiser may be one who raises anything: the less a style respects
    # a raise, the more it allows for that, and the more players raise at
    # once, the less likely they all hold the best hands.
    aggressors = {e.player for e in view.street_actions() if e.kind in ("bet", "raise", "complete")}
    anything = min(0.8, 0.1 + 0.25 * (1 - style.respect) + 0.15 * max(0, len(aggressors) - 1))
    equities = [
        0.5
        + (
            (1 - anything) * preflop_equity(hand, read.first)
            + anything * preflop_equity(hand, 1.0)
            - 0.5
        )
        * closeness
        for read in entered
    ]
    equity = multiway_equity(equities)
    tightest = min((read.first for read in entered), default=1.0)
    reraise_share = tightest * (0.15 + 0.25 * style.aggression) * (2.0 if light else 1.0)
    # Each raise narrows the next: a raising war stops short of the cap, or in
    # no limit short of all in, except with the very best hands.
    reraise_share *= 0.5 ** (raises - 1)
    if raises >= 4:
        reraise_share = 0.01 if view.variant.betting is BettingStructure.NO_LIMIT else 0.0
    if legal.can_raise and hand <= reraise_share:
        current = legal.bet + legal.call_amount
        to = int(current * (3 if raises == 1 else 2.3) + legal.call_amount * 0.5)
        reach = legal.stack + legal.bet
        if to >= reach * 0.4:
            to = reach
        return BetOrRaise(max(legal.min_raise_to, min(legal.max_raise_to, to)))
    price = legal.call_amount / (legal.pot + legal.call_amount)
    deep = view.variant.betting in (BettingStructure.NO_LIMIT, BettingStructure.POT_LIMIT)
    # The price of a call now understates what the rounds to come will cost,
    # more so the more rounds there are, unless the call is all in. A loose
    # style calls for less than the price, but not for nothing.
    rounds = betting_rounds_left(view)
    all_in = legal.call_amount >= legal.stack
    margin = (0.0 if all_in else 0.07 if deep else 0.015 * rounds) - min(
        0.1, style.call_slack + (style.looseness - 0.22) * 0.3
    )
    if equity >= price + margin:
        return CheckOrCall()
    return Fold()
