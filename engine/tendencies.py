"""What a finished hand says about how each player plays: the raw counts
behind the figures players compare (VPIP, PFR, aggression, went to showdown).

* *Voluntarily put chips in*: called, bet, raised or completed in the first
  betting round (before the flop, or on third street, or before the first
  draw). Blinds, antes, posts and the bring-in are forced and do not count;
  a big blind who only checks did not volunteer anything.
* *Raised first*: bet, raised or completed in that first round.
* *Aggressive actions* are bets, raises and completions in any round;
  *calls* are calls in any round. Their ratio is the aggression factor.
* *Saw the second round*: still in the hand when the second round began
  (saw the flop, fourth street, or the first draw), the basis of "went to
  showdown" percentages.

:func:`big_blind_of` is the unit of "big blinds won per 100 hands": the big
blind, or in games without blinds the small bet (what the big blind is in
limit games).

>>> from engine.hand import Hand
>>> from engine.variants import VARIANTS
>>> from engine.hand import HandSetup
>>> from engine.actions import BetOrRaise, CheckOrCall, Fold
>>> hand = Hand(HandSetup(VARIANTS["NT"], (1000, 1000, 1000), blinds=(5, 10, 0), min_bet=10,
...                       deck=tuple(VARIANTS["NT"].deck.cards)))
>>> for player, action in ((2, BetOrRaise(30)), (0, CheckOrCall()), (1, Fold())):
...     _ = hand.act(player, action)
>>> [(h.voluntarily_put_in, h.raised_first, h.saw_second_round) for h in habits(hand)]
[(True, False, True), (False, False, False), (True, True, True)]
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.events import PlayerActed, StreetStarted
from engine.hand import Hand, HandSetup

_VOLUNTARY = frozenset({"call", "bet", "raise", "complete"})
_AGGRESSIVE = frozenset({"bet", "raise", "complete"})


@dataclass(frozen=True, slots=True)
class PlayerHabits:
    """One player's share of one hand's statistics."""

    voluntarily_put_in: bool
    raised_first: bool
    aggressive_actions: int
    calls: int
    saw_second_round: bool


def habits(hand: Hand) -> tuple[PlayerHabits, ...]:
    """Each player's habits in ``hand`` (finished or not), by hand index."""
    n = hand.setup.player_count
    voluntary, raised = [False] * n, [False] * n
    aggressive, calls = [0] * n, [0] * n
    folded, saw_second = [False] * n, [False] * n
    round_index = 0
    for event in hand.events:
        if isinstance(event, StreetStarted):
            round_index = event.index
            if round_index == 1:
                saw_second = [not gone for gone in folded]
        elif isinstance(event, PlayerActed):
            player, kind = event.player, event.kind
            if kind == "fold":
                folded[player] = True
            if round_index == 0 and kind in _VOLUNTARY:
                voluntary[player] = True
                raised[player] = raised[player] or kind in _AGGRESSIVE
            if kind in _AGGRESSIVE:
                aggressive[player] += 1
            elif kind == "call":
                calls[player] += 1
    return tuple(
        PlayerHabits(voluntary[i], raised[i], aggressive[i], calls[i], saw_second[i])
        for i in range(n)
    )


def big_blind_of(setup: HandSetup) -> int:
    """The hand's big blind: its smallest bet in no-limit and pot-limit, its small
    bet in fixed limit and in games without blinds (at least 1)."""
    return setup.min_bet or setup.small_bet or max(setup.blinds, default=0) or 1
