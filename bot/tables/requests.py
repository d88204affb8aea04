"""What a player asks for, and how it becomes an engine action.

Buttons and commands ask in a player's words: fold, check, call, bet or raise
to an amount, all in, or a quick size (the minimum raise, half the pot, the
pot); in stud also the bring-in, and the small or the big bet where an open
pair offers both. :func:`resolve` turns the request into the engine's action using only
the amounts the engine offers in :class:`~engine.hand.LegalActions`; whether
the action is legal is then the engine's decision.

>>> from engine.hand import LegalActions, Phase
>>> legal = LegalActions(0, Phase.BETTING, can_fold=True, call_amount=5, can_call=True,
...                      can_raise=True, min_raise_to=20, max_raise_to=1000,
...                      stack=995, bet=5, pot=15)
>>> quick_raise_to(Move.POT, legal)  # call 5, then raise the pot of 20: to 30
30
>>> resolve(ActionRequest(Move.HALF_POT), legal)
BetOrRaise(to=20)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from bot.tables.errors import Refused
from engine.actions import Action, BetOrRaise, CheckOrCall, Discard, Fold, PostBringIn
from engine.cards import Card
from engine.hand import LegalActions, Phase


class Move(Enum):
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    CHECK_OR_CALL = "call_or_check"
    BET_TO = "bet"
    RAISE_TO = "raise"
    ALL_IN = "allin"
    MIN = "min"
    HALF_POT = "half"
    POT = "pot"
    #: Stud: post the bring-in rather than complete.
    BRING_IN = "bringin"
    #: Stud's open pair on fourth street: bet or raise the small or the big bet.
    SMALL_BET = "small"
    BIG_BET = "big"
    #: Discard (Pineapple) or draw: throw away the request's ``cards``; none is standing pat.
    DISCARD = "discard"


#: The quick sizes offered as buttons, in the order they are shown.
QUICK_SIZES: tuple[Move, ...] = (Move.MIN, Move.HALF_POT, Move.POT, Move.ALL_IN)


@dataclass(frozen=True, slots=True)
class ActionRequest:
    move: Move
    #: The total to bet or raise to, for ``BET_TO`` and ``RAISE_TO``.
    amount: int | None = None
    #: The cards to throw away, for ``DISCARD``.
    cards: tuple[Card, ...] = ()


def all_in_to(legal: LegalActions) -> int:
    """The bet that puts the player all in."""
    return legal.bet + legal.stack


def quick_raise_to(move: Move, legal: LegalActions) -> int | None:
    """The bet or raise a quick size stands for, or ``None`` where it is not offered.

    Half pot and pot mean: call first, then bet that share of the pot as it
    would be after the call. A size outside what the engine offers is not
    offered at all rather than silently changed.
    """
    if not legal.can_raise:
        return None
    if move is Move.MIN:
        return legal.min_raise_to
    if move is Move.ALL_IN:
        reach = all_in_to(legal)
        return reach if legal.max_raise_to == reach else None
    if move not in (Move.HALF_POT, Move.POT):
        raise ValueError(f"{move} is not a quick size")
    facing = legal.bet + legal.call_amount
    pot_after_call = legal.pot + legal.call_amount
    to = facing + (pot_after_call if move is Move.POT else pot_after_call // 2)
    if not legal.allows_raise_to(to):
        return None
    return to


def choice_raise_to(move: Move, legal: LegalActions) -> int | None:
    """The small or the big bet of stud's open pair, or ``None`` where there is no such choice."""
    if not legal.can_raise or len(legal.raise_choices) != 2:
        return None
    if move is Move.SMALL_BET:
        return legal.raise_choices[0]
    if move is Move.BIG_BET:
        return legal.raise_choices[1]
    raise ValueError(f"{move} is not a choice of bet sizes")


def resolve(request: ActionRequest, legal: LegalActions) -> Action:
    """The engine action a request stands for, or :class:`Refused` if none does."""
    move = request.move
    if move is Move.DISCARD or legal.phase is Phase.DISCARDING:
        if move is not Move.DISCARD or legal.phase is not Phase.DISCARDING:
            raise Refused("table.not_discarding" if move is Move.DISCARD else "table.discard_first")
        if not legal.discard_min <= len(request.cards) <= legal.discard_max:
            raise Refused("table.discard_count", low=legal.discard_min, high=legal.discard_max)
        return Discard(request.cards)
    if move is Move.BRING_IN:
        if not legal.can_post_bring_in:
            raise Refused("table.no_bring_in")
        return PostBringIn()
    if move in (Move.SMALL_BET, Move.BIG_BET):
        choice = choice_raise_to(move, legal)
        if choice is None:
            raise Refused("engine.cannot_raise")
        return BetOrRaise(choice)
    if move is Move.FOLD:
        return Fold()
    if move is Move.CHECK_OR_CALL:
        return CheckOrCall()
    if move is Move.CHECK:
        if not legal.can_check:
            raise Refused("engine.cannot_check", amount=legal.call_amount)
        return CheckOrCall()
    if move is Move.CALL:
        if not legal.can_call:
            raise Refused("table.nothing_to_call")
        return CheckOrCall()
    if move in (Move.BET_TO, Move.RAISE_TO):
        if request.amount is None:
            raise ValueError("a bet or raise needs an amount")
        return BetOrRaise(request.amount)
    if move is Move.ALL_IN and not legal.can_raise and legal.can_call:
        # Nobody could call more: all in is a call (all in itself when the stack is short).
        return CheckOrCall()
    to = quick_raise_to(move, legal)
    if to is None:
        if not legal.can_raise:
            raise Refused("engine.cannot_raise")
        raise Refused(
            "table.quick_size_unavailable", low=legal.min_raise_to, high=legal.max_raise_to
        )
    return BetOrRaise(to)
