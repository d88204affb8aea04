"""What a player can do, as small values, and their one-line notation.

The notation is PHH's (``f``, ``cc``, ``cbr 600``, ``pb``, ``sd AsKs``, ``sm``),
so a hand's action log is also the body of its hand history.

>>> format_action(2, BetOrRaise(600))
'p3 cbr 600'
>>> parse_action("p3 cbr 600")
(2, BetOrRaise(to=600))
>>> format_action(0, ChooseRunouts(2)), parse_action("p1 rc 2")
('p1 rc 2', (0, ChooseRunouts(count=2)))
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.cards import Card, CardError, format_cards, parse_cards


@dataclass(frozen=True, slots=True)
class Fold:
    """Give up the hand."""


@dataclass(frozen=True, slots=True)
class CheckOrCall:
    """Check when nothing is to be called, else call (all in if the stack is short)."""


@dataclass(frozen=True, slots=True)
class BetOrRaise:
    """Bet, raise or complete so that the player's bet this round totals ``to``."""

    to: int


@dataclass(frozen=True, slots=True)
class PostBringIn:
    """Stud: post the bring-in instead of completing."""


@dataclass(frozen=True, slots=True)
class Discard:
    """Throw away ``cards``: without replacement (Pineapple) or, in a draw game,
    for as many new ones. An empty tuple in a draw game is standing pat."""

    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class ShowOrMuck:
    """At showdown: turn the hand face up, or throw it away unseen."""

    show: bool = True


@dataclass(frozen=True, slots=True)
class ChooseRunouts:
    """Run it twice: how many times this player wants the rest of the board
    dealt (1 or 2). Twice only if everyone still in the hand says twice."""

    count: int


Action = Fold | CheckOrCall | BetOrRaise | PostBringIn | Discard | ShowOrMuck | ChooseRunouts


class RaiseSize(Enum):
    """The sizes a player names instead of an amount: the minimum raise, half
    the pot, the pot, all in (:meth:`engine.hand.LegalActions.raise_to` says
    what each comes to)."""

    MIN = "min"
    HALF_POT = "half"
    POT = "pot"
    ALL_IN = "allin"


class NotationError(ValueError):
    """A line of action notation could not be read."""


def format_action(player: int, action: Action) -> str:
    """Write ``action`` by the player at index ``player`` (0-based) in PHH notation."""
    actor = f"p{player + 1}"
    match action:
        case Fold():
            return f"{actor} f"
        case CheckOrCall():
            return f"{actor} cc"
        case BetOrRaise(to):
            return f"{actor} cbr {to}"
        case PostBringIn():
            return f"{actor} pb"
        case Discard(cards):
            return f"{actor} sd {format_cards(cards)}".rstrip()
        case ShowOrMuck(show):
            # PHH: "sm -" shows the cards already dealt, a bare "sm" mucks.
            return f"{actor} sm -" if show else f"{actor} sm"
        case ChooseRunouts(count):
            # Not PHH (which has no such action): the hand log's own line. A
            # PHH file says how often the board was run in ``_runout_count``.
            return f"{actor} rc {count}"
    raise NotationError(f"Cannot write {action!r}.")


def parse_action(text: str) -> tuple[int, Action]:
    """Read a player's action in PHH notation; the player index is 0-based.

    At showdown PHH writes a show with the cards (``p1 sm AsKs``) or, when
    they were named at the deal, with a dash (``p1 sm -``); a bare ``p1 sm``
    is a muck. The cards themselves are checked by whoever knows the hand.

    >>> parse_action("p2 sm"), parse_action("p2 sm -")
    ((1, ShowOrMuck(show=False)), (1, ShowOrMuck(show=True)))
    """
    words = text.split("#", 1)[0].split()
    if len(words) < 2 or not words[0].startswith("p") or not words[0][1:].isdigit():
        raise NotationError(f"“{text}” is not a player's action.")
    player = int(words[0][1:]) - 1
    if player < 0:
        raise NotationError(f"“{text}” names no player.")
    verb, rest = words[1], words[2:]
    try:
        match verb, rest:
            case "f", []:
                return player, Fold()
            case "cc", []:
                return player, CheckOrCall()
            case "cbr", [amount]:
                return player, BetOrRaise(int(amount))
            case "pb", []:
                return player, PostBringIn()
            case "sd", []:
                return player, Discard()
            case "sd", [cards]:
                return player, Discard(tuple(parse_cards(cards)))
            case "sm", []:
                return player, ShowOrMuck(False)
            case "sm", ["-"]:
                return player, ShowOrMuck(True)
            case "sm", [_cards]:
                return player, ShowOrMuck(True)
            case "rc", [count]:
                return player, ChooseRunouts(int(count))
    except (ValueError, CardError) as error:
        raise NotationError(f"“{text}”: {error}") from None
    raise NotationError(f"“{text}” is not an action this engine knows.")
