"""The sentences that word what a player did, by the engine's typed kinds.

Each function maps every kind to its catalogue key with an exhaustive
``match``: a kind the engine adds without a sentence here is a type error
(mypy's ``assert_never``), not a missing key found by a player.

>>> from bot.i18n import t
>>> t(told_key("raise"), name="Ann", amount=50, to=60)
'Ann raises to 60'
>>> t(acted_key("stand_pat"), amount=0, to=0)
'You stood pat.'
"""

from __future__ import annotations

from typing import assert_never

from engine import ActionKind, RaiseSize


def told_key(kind: ActionKind) -> str:
    """What the table message says someone did ("Ann raises to 60")."""
    match kind:
        case "fold":
            return "action.fold"
        case "check":
            return "action.check"
        case "call":
            return "action.call"
        case "bet":
            return "action.bet"
        case "raise":
            return "action.raise"
        case "complete":
            return "action.complete"
        case "bring-in":
            return "action.bring-in"
        case "discard":
            return "action.discard"
        case "draw":
            return "action.draw"
        case "stand_pat":
            return "action.stand_pat"
        case "point_card":
            return "action.point_card"
        case "run_twice" | "run_once":
            return f"action.{kind}"
        case "show" | "muck":
            return f"action.{kind}"
    assert_never(kind)


def acted_key(kind: ActionKind) -> str:
    """What the player who acted is told ("You raised to 60.")."""
    match kind:
        case "fold":
            return "acted.fold"
        case "check":
            return "acted.check"
        case "call":
            return "acted.call"
        case "bet":
            return "acted.bet"
        case "raise":
            return "acted.raise"
        case "complete":
            return "acted.complete"
        case "bring-in":
            return "acted.bring-in"
        case "discard":
            return "acted.discard"
        case "draw":
            return "acted.draw"
        case "stand_pat":
            return "acted.stand_pat"
        case "point_card":
            return "acted.point_card"
        case "run_twice" | "run_once":
            return f"acted.{kind}"
        case "show" | "muck":
            return f"acted.{kind}"
    assert_never(kind)


def quick_size_key(size: RaiseSize) -> str:
    """The label of a quick size's button ("½ Pot (130)")."""
    match size:
        case RaiseSize.MIN:
            return "button.quick.min"
        case RaiseSize.HALF_POT:
            return "button.quick.half"
        case RaiseSize.POT:
            return "button.quick.pot"
        case RaiseSize.ALL_IN:
            return "button.quick.allin"
    assert_never(size)
