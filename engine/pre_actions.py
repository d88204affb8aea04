"""Pre-actions: a decision a player makes before their turn, taken the moment it comes.

Online rooms let a player tick "check/fold" or "call 40" while others are
still thinking. This module owns the rules of that: which pre-actions a
player may choose at a given moment (:func:`offered_pre_actions`), whether a
choice still stands after the hand moved on (:func:`still_stands`), and
which action it becomes when the turn comes (:func:`pre_action_move`).

- **check/fold**: check if nothing is to be called, else fold; lasts the
  betting round.
- **check**: check; cleared as soon as there is something to call.
- **call** (an amount): call exactly the price it was chosen at; cleared as
  soon as that price changes (someone raised).
- **call any**: check or call whatever the price; lasts the betting round.
- **fold to any bet**: fold when something is to be called, check otherwise;
  lasts the whole hand.

A choice never bets or raises, and never decides for a stud player who may
post the bring-in (that choice is theirs alone).

>>> from engine.hand import Hand, HandSetup
>>> from engine.variants import VARIANTS
>>> from engine.cards import parse_cards
>>> from engine.actions import BetOrRaise
>>> deck = tuple(parse_cards("AsAhKsKh2c7d9s3hJc4d5s6h"))
>>> hand = Hand(HandSetup(VARIANTS["NT"], (1000, 1000, 1000), blinds=(5, 10, 0),
...             min_bet=10, deck=deck))
>>> hand.to_act, price_for(hand, 0)
(2, 5)
>>> [kind.value for kind in offered_pre_actions(hand, 0)]
['call', 'call_any', 'fold_any']
>>> choice = choose_pre_action(hand, 0, PreAction.CALL)
>>> _ = hand.act(2, BetOrRaise(40))      # a raise: the price changes ...
>>> still_stands(choice, hand, 0)        # ... so "call 5" is cleared
False
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.actions import Action, CheckOrCall, Fold
from engine.errors import IllegalAction
from engine.hand import Hand, LegalActions, Phase


class PreAction(Enum):
    CHECK_FOLD = "check_fold"
    CHECK = "check"
    CALL = "call"
    CALL_ANY = "call_any"
    FOLD_TO_ANY_BET = "fold_any"


#: Offered when nothing is to be called, and when something is.
_WHEN_FREE = (PreAction.CHECK_FOLD, PreAction.CHECK, PreAction.CALL_ANY, PreAction.FOLD_TO_ANY_BET)
_WHEN_PRICED = (PreAction.CALL, PreAction.CALL_ANY, PreAction.FOLD_TO_ANY_BET)


@dataclass(frozen=True, slots=True)
class PreActionChoice:
    """A pre-action as chosen: its kind, the price to call when it was chosen,
    and the street it was chosen on."""

    kind: PreAction
    price: int
    street: int


def price_for(hand: Hand, player: int) -> int:
    """What ``player`` would have to add to call now (their whole stack when
    that puts them all in), whether or not it is their turn."""
    owed = max(hand.bets) - hand.bets[player]
    return max(0, min(owed, hand.stacks[player]))


def _may_pre_act(hand: Hand, player: int) -> bool:
    """In a betting round, still in the hand with chips, and not to act now."""
    return (
        hand.phase is Phase.BETTING
        and not hand.is_complete
        and not hand.folded[player]
        and hand.stacks[player] > 0
        and hand.to_act != player
    )


def offered_pre_actions(hand: Hand, player: int) -> tuple[PreAction, ...]:
    """The pre-actions ``player`` may choose now (none on their own turn)."""
    if not _may_pre_act(hand, player):
        return ()
    return _WHEN_PRICED if price_for(hand, player) else _WHEN_FREE


def choose_pre_action(hand: Hand, player: int, kind: PreAction) -> PreActionChoice:
    """``player``'s choice of ``kind`` now; refused when it is not offered."""
    if kind not in offered_pre_actions(hand, player):
        raise IllegalAction("pre_action_not_offered")
    return PreActionChoice(kind, price_for(hand, player), hand.street_index)


def still_stands(choice: PreActionChoice, hand: Hand, player: int) -> bool:
    """Whether the choice still applies: the player is still in with chips, the
    street is the same (fold to any bet: the hand is), and the price it was
    chosen for has not changed where that matters."""
    if hand.is_complete or hand.folded[player] or hand.stacks[player] == 0:
        return False
    if choice.kind is PreAction.FOLD_TO_ANY_BET:
        return True
    if hand.street_index != choice.street:
        return False
    price = price_for(hand, player)
    if choice.kind is PreAction.CHECK:
        return price == 0
    if choice.kind is PreAction.CALL:
        return price == choice.price
    return True


def pre_action_move(choice: PreActionChoice, legal: LegalActions) -> Action | None:
    """The action the choice takes on the player's turn (``legal``), or ``None``
    when it does not decide this turn (the player then decides themselves)."""
    if legal.phase is not Phase.BETTING or legal.can_post_bring_in:
        return None
    kind = choice.kind
    if kind is PreAction.CALL_ANY:
        return CheckOrCall()
    if kind is PreAction.CHECK:
        return CheckOrCall() if legal.can_check else None
    if kind is PreAction.CALL:
        return CheckOrCall() if legal.call_amount == choice.price and legal.can_call else None
    # check/fold and fold to any bet: check when free, else fold.
    if legal.can_check:
        return CheckOrCall()
    return Fold() if legal.can_fold else None
