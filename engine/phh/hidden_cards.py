"""Unknown cards (``??``) in a record, made into real cards before a replay.

PHH writes a card nobody saw as ``??`` (``d dh p5 ????????``). The engine deals
real cards, so each unknown card is resolved first:

1. If the player later shows the hand (``p5 sm AsKd…``), the shown cards that
   were not known at the deal are the ones dealt then: each unknown card the
   player still holds at the show takes one of them, in order. A shown card
   that the record deals elsewhere (to another player or the board) is not
   used; the replay then refuses the show.
2. Every other unknown card (never shown, discarded unseen, mucked) becomes a
   card that appears nowhere in the hand's record, taken in
   :func:`filler_order`: the lowest first (deuce of clubs), or the highest
   first (ace of spades) in games where the lowest up card brings in, so that
   an unknown up card never makes its player the bring-in the record says
   someone else was. Such a card never decides a pot the record settles, but
   where the record leaves a showdown to the engine (the actions end before a
   hidden hand is shown), the chosen cards are what the engine evaluates.

A discard of unknown cards (``p2 sd ??``) throws away one of the player's
unknown cards. A showdown line that names unknown cards (``p4 sm ????``: shown
to nobody) is left as it is; only its known cards are checked.

>>> from engine.cards import DeckKind
>>> from engine.phh.notation import parse_line
>>> lines = [parse_line(t) for t in ("d dh p1 ????", "d dh p2 AsAh", "p1 sm Kd2c")]
>>> resolve(lines, DeckKind.STANDARD.cards)[0]
Dealing(player=0, cards=(Card('Kd'), Card('2c')))
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card
from engine.phh.notation import Dealing, Discarding, Line, Showdown
from engine.variants import Opening, Variant


class _Unknown:
    """One unknown card of the record, until it is resolved."""

    __slots__ = ("card",)

    def __init__(self) -> None:
        self.card: Card | None = None


Token = Card | _Unknown


def filler_order(variant: Variant) -> tuple[Card, ...]:
    """The order in which cards stand in for unknown ones: lowest first, or
    highest first where the lowest up card brings in (stud); razz, where the
    highest up card brings in, keeps lowest first."""
    cards = variant.deck.cards
    if any(street.opening is Opening.LOW_CARD for street in variant.streets):
        return cards[::-1]
    return cards


def has_unknown(lines: Sequence[Line]) -> bool:
    """Whether any dealing or discard in ``lines`` names an unknown card."""
    return any(isinstance(line, Dealing | Discarding) and None in line.cards for line in lines)


def resolve(lines: Sequence[Line], deck: Sequence[Card]) -> list[Line]:
    """``lines`` with every unknown card of a dealing or discard made real.

    ``deck`` is the variant's cards in the order fillers are taken. Cards the
    record names are never used as fillers; if the deck runs out, a card stays
    unknown and the replay refuses that dealing.
    """
    if not has_unknown(lines):
        return list(lines)
    dealt_known = {
        card for line in lines if isinstance(line, Dealing) for card in line.cards if card
    }
    named = {
        card
        for line in lines
        if isinstance(line, Dealing | Discarding | Showdown)
        for card in line.cards
        if card is not None
    }
    held: dict[int, list[Token]] = {}
    tokens: list[tuple[Token, ...] | None] = []
    for index, line in enumerate(lines):
        match line:
            case Dealing(player, cards):
                dealt = tuple(_Unknown() if c is None else c for c in cards)
                if player is not None:
                    held.setdefault(player, []).extend(dealt)
                tokens.append(dealt)
            case Discarding(player, cards):
                tokens.append(_discard(held.setdefault(player, []), cards, lines[index + 1 :]))
            case Showdown(player, True, cards):
                _show(held.get(player, []), cards, dealt_known)
                tokens.append(None)
            case _:
                tokens.append(None)
    # Shown cards are named in the record, so no filler can repeat one.
    fillers = (card for card in deck if card not in named)
    resolved: list[Line] = []
    for line, row in zip(lines, tokens, strict=True):
        if row is None or not isinstance(line, Dealing | Discarding):
            resolved.append(line)
            continue
        real: list[Card | None] = []
        for token in row:
            if isinstance(token, _Unknown):
                if token.card is None:
                    token.card = next(fillers, None)
                real.append(token.card)
            else:
                real.append(token)
        if isinstance(line, Dealing):
            resolved.append(Dealing(line.player, tuple(real)))
        else:
            resolved.append(Discarding(line.player, tuple(real)))
    return resolved


def _discard(
    holding: list[Token], cards: tuple[Card | None, ...], later: Sequence[Line]
) -> tuple[Token, ...]:
    """Take the discarded cards out of ``holding``; an unknown one is one of
    the unknown cards held (else a known card the player does not show later)."""
    thrown: list[Token] = []
    for card in cards:
        if card is not None:
            if card in holding:
                holding.remove(card)
            thrown.append(card)
            continue
        choice: Token | None = next((t for t in holding if isinstance(t, _Unknown)), None)
        if choice is None:
            kept = {c for line in later if isinstance(line, Showdown) for c in line.cards if c}
            choice = next(
                (t for t in holding if t not in kept and t not in cards),
                holding[0] if holding else None,
            )
        if choice is None:
            thrown.append(_Unknown())  # nothing held: the replay refuses the discard
            continue
        holding.remove(choice)
        thrown.append(choice)
    return tuple(thrown)


def _show(holding: list[Token], cards: tuple[Card | None, ...], dealt_known: set[Card]) -> None:
    """Give the unknown cards in ``holding`` the shown cards not known at the deal."""
    unknown = [t for t in holding if isinstance(t, _Unknown) and t.card is None]
    for card in cards:
        if card is None or card in holding or card in dealt_known or not unknown:
            continue
        unknown.pop(0).card = card
