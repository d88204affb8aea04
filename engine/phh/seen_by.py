"""A hand's history as one player saw it: every card they did not see is ``??``.

A player sees their own cards, the board, up cards and the hands shown at the
showdown (:func:`engine.events.cards_seen_by` says which). A card someone threw
away unseen (a draw, Pineapple's discard) stays hidden even when that player
showed down later, and so does everything a folded player held.

>>> from engine.cards import parse_cards
>>> history = HandHistory("NT", starting_stacks=(200, 200), blinds_or_straddles=(1, 2),
...                       min_bet=2, actions=("d dh p1 AsKs", "d dh p2 7c2d", "p2 f"))
>>> history_seen_by(history, 0, parse_cards("AsKs")).actions
('d dh p1 AsKs', 'd dh p2 ????', 'p2 f')
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from engine.cards import Card
from engine.phh.history import HandHistory
from engine.phh.notation import Dealing, Discarding, Line, format_line, parse_line


def history_seen_by(history: HandHistory, player: int, seen: Collection[Card]) -> HandHistory:
    """``history`` as the player at hand index ``player`` saw the hand: every
    card dealt to or thrown away by another player that is not in ``seen`` is
    written ``??``."""
    lines = [_masked(parse_line(raw), player, seen) or raw for raw in history.actions]
    return replace(history, actions=tuple(lines))


def _masked(line: Line, player: int, seen: Collection[Card]) -> str | None:
    """The line with the cards ``player`` did not see hidden, or None if it shows nothing hidden."""
    if not isinstance(line, Dealing | Discarding) or line.player in (None, player):
        return None
    # Cards thrown away are never shown, even if the stub brings one back to a
    # hand that shows down later: hiding them all tells nobody who discarded what.
    visible = seen if isinstance(line, Dealing) else ()
    if all(card is None or card in visible for card in line.cards):
        return None
    hidden = tuple(card if card is not None and card in visible else None for card in line.cards)
    return format_line(replace(line, cards=hidden))
