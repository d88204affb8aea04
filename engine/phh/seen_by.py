"""A hand's history as one player saw it: every card they did not see is ``??``.

A player sees their own cards, the board, up cards and the hands shown at the
showdown (:func:`engine.events.cards_seen_by` says which). A card someone threw
away unseen (a draw, Pineapple's discard) stays hidden even when that player
showed down later, and so does everything a folded player held.

In a draw game the order of an opponent's cards would tell which were dealt
first and which were drawn (``d dh p1 ????2d7c4h`` kept three), so for an
opponent who ``drew`` every dealing line is hidden whole and their shown hand
is written in rank order: the copy still replays (the shown cards stand for
the hidden ones, see :mod:`engine.phh.hidden_cards`) to the same stacks.

>>> from engine.cards import parse_cards
>>> history = HandHistory("NT", starting_stacks=(200, 200), blinds_or_straddles=(1, 2),
...                       min_bet=2, actions=("d dh p1 AsKs", "d dh p2 7c2d", "p2 f"))
>>> history_seen_by(history, 0, parse_cards("AsKs")).actions
('d dh p1 AsKs', 'd dh p2 ????', 'p2 f')
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import replace

from engine.cards import Card
from engine.phh.history import HandHistory
from engine.phh.notation import Dealing, Discarding, Line, Showdown, format_line, parse_line


def history_seen_by(
    history: HandHistory, player: int, seen: Collection[Card], *, drew: Collection[int] = ()
) -> HandHistory:
    """``history`` as the player at hand index ``player`` saw the hand: every
    card dealt to or thrown away by another player that is not in ``seen`` is
    written ``??``; every card dealt to another player who ``drew``
    (:func:`engine.events.players_who_drew`) too, and that player's shown hand
    is in rank order."""
    hidden = {other for other in drew if other != player}
    lines = [_masked(parse_line(raw), player, seen, hidden) or raw for raw in history.actions]
    return replace(history, actions=tuple(lines))


def _in_rank_order(cards: Iterable[Card | None]) -> tuple[Card | None, ...]:
    known = sorted((card for card in cards if card is not None), key=lambda c: (-c.rank, c.suit))
    return (*known, *(None for card in cards if card is None))


def _masked(line: Line, player: int, seen: Collection[Card], hidden: Collection[int]) -> str | None:
    """The line with the cards ``player`` did not see hidden, or None if it shows nothing hidden."""
    if isinstance(line, Showdown) and line.player in hidden and line.show and line.cards:
        return format_line(replace(line, cards=_in_rank_order(line.cards)))
    if isinstance(line, Dealing) and line.player is not None and line.player in hidden:
        return format_line(replace(line, cards=(None,) * len(line.cards)))
    if not isinstance(line, Dealing | Discarding) or line.player in (None, player):
        return None
    # Cards thrown away are never shown, even if the stub brings one back to a
    # hand that shows down later: hiding them all tells nobody who discarded what.
    visible = seen if isinstance(line, Dealing) else ()
    if all(card is None or card in visible for card in line.cards):
        return None
    masked: tuple[Card | None, ...] = tuple(
        card if card is not None and card in visible else None for card in line.cards
    )
    return format_line(replace(line, cards=masked))
