"""The PHH action lines of a hand the engine dealt, from its events.

A hand's events say, in order, what the dealer dealt and what each player
did; its ``actions`` list holds the player actions that caused them. This
module walks both together and writes one PHH line per dealing and per
action: ``d dh`` (face-down and face-up cards of one deal on one line, down
cards first, as the engine deals them), ``d db``, the players' lines in the
engine's notation, a discard with its cards, and at showdown ``sm`` with the
cards shown or a bare ``sm`` for a muck, including the shows and mucks the
engine's automatic showdown made. Burned cards are not part of PHH.

>>> from engine.actions import BetOrRaise, Fold
>>> from engine.cards import parse_cards
>>> from engine.hand import Hand, HandSetup
>>> from engine.variants import VARIANTS
>>> hand = Hand(HandSetup(VARIANTS["NT"], (500, 500), blinds=(10, 5), min_bet=10,
...                       deck=tuple(parse_cards("AsKs7c2d"))))
>>> _ = hand.act(1, BetOrRaise(30)); _ = hand.act(0, Fold())
>>> action_lines(hand)
['d dh p1 As7c', 'd dh p2 Ks2d', 'p2 cbr 30', 'p1 f']
"""

from __future__ import annotations

from engine.actions import Action, Discard, ShowOrMuck, format_action
from engine.cards import format_cards
from engine.events import (
    BoardDealt,
    CardsDiscarded,
    HandMucked,
    HandShown,
    HoleCardsDealt,
    PlayerActed,
    PointCardChosen,
    UpCardsDealt,
)
from engine.hand import Hand


def action_lines(hand: Hand) -> list[str]:
    """Every dealing and action of ``hand`` so far, as PHH action lines."""
    lines: list[str] = []
    taken = 0  # how many of hand.actions the lines account for
    actions = hand.actions
    previous: object = None

    def take(player: int, kind: type) -> Action | None:
        """The next recorded action if it caused this event, else None."""
        nonlocal taken
        if taken < len(actions):
            actor, action = actions[taken]
            if actor == player and isinstance(action, kind):
                taken += 1
                return action
        return None

    for event in hand.events:
        match event:
            case HoleCardsDealt(player, cards):
                lines.append(f"d dh p{player + 1} {format_cards(cards)}")
            case UpCardsDealt(player, cards):
                if isinstance(previous, HoleCardsDealt) and previous.player == player:
                    lines[-1] += format_cards(cards)  # the same deal's up cards
                else:
                    lines.append(f"d dh p{player + 1} {format_cards(cards)}")
            case BoardDealt(_, cards, board):
                # With more than one board, a commentary names the board; the
                # dealings alternate between them as the engine deals them.
                note = f" # board {board + 1}" if len(hand.boards) > 1 else ""
                lines.append(f"d db {format_cards(cards)}{note}")
            case PlayerActed(player):
                action = take(player, object)
                if action is None:
                    raise ValueError(f"The hand's actions do not explain {event}.")
                lines.append(format_action(player, action))
            case CardsDiscarded(player) | PointCardChosen(player):
                # A point card is written as the stand pat/discard action that
                # names it (PHH has no action of its own for it).
                discard = take(player, Discard)
                if discard is None:
                    raise ValueError(f"The hand's actions do not explain {event}.")
                lines.append(format_action(player, discard))
            case HandShown(player, cards):
                take(player, ShowOrMuck)
                lines.append(f"p{player + 1} sm {format_cards(cards)}")
            case HandMucked(player):
                take(player, ShowOrMuck)
                lines.append(f"p{player + 1} sm")
        previous = event
    return lines
