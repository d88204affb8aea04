"""What a player asks for, and how it becomes an engine action.

Buttons and commands ask in a player's words: fold, check, call, bet or raise
to an amount, all in, or a quick size (the minimum raise, half the pot, the
pot); in stud also the bring-in, and the small or the big bet where an open
pair offers both; in a discard or draw, the cards to throw away; at the
showdown, to show or muck a hand that cannot win.
:func:`resolve` turns the request into the engine's action using only what the
engine offers in :class:`~engine.LegalActions` (the amount of each quick size
included); whether the action is legal is then the engine's decision
(:meth:`engine.Hand.verify`), with the engine's reason when it is not.

>>> from engine import LegalActions, Phase
>>> legal = LegalActions(0, Phase.BETTING, can_fold=True, call_amount=5, can_call=True,
...                      can_raise=True, min_raise_to=20, max_raise_to=1000,
...                      stack=995, bet=5, pot=15)
>>> resolve(ActionRequest(Move.POT), legal)  # call 5, then raise the pot of 20: to 30
BetOrRaise(to=30)
>>> resolve(ActionRequest(Move.CALL), LegalActions(0, Phase.BETTING, can_check=True))
Traceback (most recent call last):
...
bot.tables.errors.Refused: There is nothing to call; you can check.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from bot.tables.errors import Refused
from engine import (
    Action,
    BetOrRaise,
    Card,
    CheckOrCall,
    ChooseRunouts,
    Discard,
    Fold,
    LegalActions,
    Phase,
    PostBringIn,
    RaiseSize,
    ShowOrMuck,
)


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
    #: All in before the river at a run-it-twice table: the rest of the board twice, or once.
    RUN_TWICE = "twice"
    RUN_ONCE = "once"
    #: At the showdown, a hand that cannot win: turn it up, or throw it away unseen.
    SHOW = "show"
    MUCK = "muck"


#: The moves that name a size rather than an amount, and the engine's size for each.
QUICK_SIZES: Final[dict[Move, RaiseSize]] = {
    Move.MIN: RaiseSize.MIN,
    Move.HALF_POT: RaiseSize.HALF_POT,
    Move.POT: RaiseSize.POT,
    Move.ALL_IN: RaiseSize.ALL_IN,
}
#: The moves that stand for one action whatever the amounts.
_PLAIN: Final[dict[Move, Action]] = {
    Move.FOLD: Fold(),
    Move.CHECK_OR_CALL: CheckOrCall(),
    Move.BRING_IN: PostBringIn(),
    Move.RUN_TWICE: ChooseRunouts(2),
    Move.RUN_ONCE: ChooseRunouts(1),
    Move.SHOW: ShowOrMuck(True),
    Move.MUCK: ShowOrMuck(False),
}


@dataclass(frozen=True, slots=True)
class ActionRequest:
    move: Move
    #: The total to bet or raise to, for ``BET_TO`` and ``RAISE_TO``.
    amount: int | None = None
    #: The cards to throw away, for ``DISCARD``.
    cards: tuple[Card, ...] = ()


def resolve(request: ActionRequest, legal: LegalActions) -> Action:
    """The engine action a request stands for, or :class:`Refused` where the
    request itself makes no sense now (a check facing a bet, a call with
    nothing to call, a quick size the range does not reach).

    Everything else is the engine's to judge: a discard outside a discard, a
    bet during one, a bring-in with none due; and where no bet or raise is
    possible at all, the request becomes the smallest one, which the engine
    refuses with its reason (jacks or better to open, the cap, a betting round
    not reopened).
    """
    move = request.move
    if move is Move.DISCARD:
        return Discard(request.cards)
    plain = _PLAIN.get(move)
    if plain is not None:
        return plain
    if legal.phase is not Phase.BETTING:
        return CheckOrCall()  # refused by the engine: the cards come first
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
    if not legal.can_raise:
        if move is Move.ALL_IN and legal.can_call:
            # Nobody could call more: all in is a call (all in itself when the stack is short).
            return CheckOrCall()
        return BetOrRaise(legal.min_raise_to)
    if move in (Move.SMALL_BET, Move.BIG_BET):
        if len(legal.raise_choices) != 2:
            raise Refused("engine.cannot_raise")
        return BetOrRaise(legal.raise_choices[0 if move is Move.SMALL_BET else 1])
    to = legal.raise_to(QUICK_SIZES[move])
    if to is None:
        raise Refused(
            "table.quick_size_unavailable", low=legal.min_raise_to, high=legal.max_raise_to
        )
    return BetOrRaise(to)
