"""PHH action lines as values: who did what, with which cards and amounts.

This module owns the grammar of one entry of a PHH ``actions`` array (the
dealer's ``d dh``/``d db`` lines and every player's line), including what the
engine's own :mod:`engine.actions` notation does not need: unknown cards
``??``, amounts that are not whole numbers (``p4 cbr 0.75``), commentaries
after ``#`` and no-op lines.

An unknown card reads as ``None``.

>>> parse_line("d dh p5 ????Ad  # hidden")
Dealing(player=4, cards=(None, None, Card('Ad')))
>>> parse_line("p3 cbr 0.75")
Betting(player=2, verb='cbr', amount=Decimal('0.75'))
>>> parse_line("p2 sm"), parse_line("p2 sm -")
(Showdown(player=1, show=False, cards=()), Showdown(player=1, show=True, cards=()))

:func:`format_line` writes a line back:

>>> format_line(Dealing(4, (None, None, Card.parse("Ad"))))
'd dh p5 ????Ad'
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Final

from engine.cards import ALL_CARDS, Card, CardError

#: A chip amount as PHH records it: TOML integers stay ``int``, TOML floats are
#: read as exact decimals (``0.10`` stays one tenth).
Amount = int | Decimal


class NotationError(ValueError):
    """An entry of a PHH ``actions`` array could not be read."""


@dataclass(frozen=True, slots=True)
class Dealing:
    """``d dh pN cards`` (``player`` set) or ``d db cards`` (``player`` is None)."""

    player: int | None
    cards: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class Betting:
    """``f``, ``cc``, ``pb`` or ``cbr amount`` by a player."""

    player: int
    verb: str
    amount: Amount | None = None


@dataclass(frozen=True, slots=True)
class Discarding:
    """``sd`` (stand pat) or ``sd cards``."""

    player: int
    cards: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class Showdown:
    """``sm cards`` or ``sm -`` (show; ``cards`` empty for the dash) or ``sm`` (muck)."""

    player: int
    show: bool
    cards: tuple[Card | None, ...] = ()


@dataclass(frozen=True, slots=True)
class NoOperation:
    """An empty line or a standalone commentary."""


Line = Dealing | Betting | Discarding | Showdown | NoOperation

_CARD_BY_TEXT: Final[dict[str, Card | None]] = {str(card): card for card in ALL_CARDS}
_CARD_BY_TEXT["??"] = None


def parse_cards(text: str) -> tuple[Card | None, ...]:
    """Read PHH card notation: two characters a card, ``??`` for an unknown one.

    >>> parse_cards("As??")
    (Card('As'), None)
    """
    if len(text) % 2:
        raise NotationError(f"“{text}” is not a list of cards; write them like AsKd or ????.")
    cards: list[Card | None] = []
    for i in range(0, len(text), 2):
        chunk = text[i : i + 2]
        try:
            cards.append(_CARD_BY_TEXT[chunk])
        except KeyError:
            try:
                cards.append(Card.parse(chunk))
            except CardError as error:
                raise NotationError(str(error)) from None
    return tuple(cards)


def format_cards(cards: tuple[Card | None, ...]) -> str:
    """Write cards as PHH does, ``??`` for an unknown one."""
    return "".join("??" if card is None else str(card) for card in cards)


def parse_amount(text: str) -> Amount:
    """Read a whole or decimal amount exactly: ``600`` or ``0.75``."""
    try:
        return int(text)
    except ValueError:
        pass
    try:
        amount = Decimal(text)
    except InvalidOperation:
        raise NotationError(f"“{text}” is not an amount.") from None
    if not amount.is_finite():
        raise NotationError(f"“{text}” is not an amount.")
    return amount


def _player(word: str) -> int:
    if len(word) < 2 or word[0] != "p" or not word[1:].isdigit() or int(word[1:]) < 1:
        raise NotationError(f"“{word}” is not a player; write p1, p2, …")
    return int(word[1:]) - 1


def parse_line(text: str) -> Line:
    """Read one entry of a PHH ``actions`` array. Player indices are 0-based."""
    words = text.split("#", 1)[0].split()
    if not words:
        return NoOperation()
    match words:
        case ["d", "dh", player, cards]:
            return Dealing(_player(player), parse_cards(cards))
        case ["d", "db", cards]:
            return Dealing(None, parse_cards(cards))
        case ["d", *_]:
            raise NotationError(f"“{text.strip()}” is not a dealing this format knows.")
        case [actor, ("f" | "cc" | "pb") as verb]:
            return Betting(_player(actor), verb)
        case [actor, "cbr", amount]:
            return Betting(_player(actor), "cbr", parse_amount(amount))
        case [actor, "sd"]:
            return Discarding(_player(actor), ())
        case [actor, "sd", cards]:
            return Discarding(_player(actor), parse_cards(cards))
        case [actor, "sm"]:
            return Showdown(_player(actor), False)
        case [actor, "sm", "-"]:
            return Showdown(_player(actor), True)
        case [actor, "sm", cards]:
            return Showdown(_player(actor), True, parse_cards(cards))
    raise NotationError(f"“{text.strip()}” is not an action this format knows.")


def format_line(line: Line) -> str:
    """Write one entry of a PHH ``actions`` array (commentaries are not kept).
    Player indices are 0-based, as :func:`parse_line` reads them."""
    match line:
        case Dealing(None, cards):
            return f"d db {format_cards(cards)}"
        case Dealing(int() as player, cards):
            return f"d dh p{player + 1} {format_cards(cards)}"
        case Betting(player, verb, None):
            return f"p{player + 1} {verb}"
        case Betting(player, verb, amount):
            return f"p{player + 1} {verb} {amount}"
        case Discarding(player, cards):
            return f"p{player + 1} sd {format_cards(cards)}".rstrip()
        case Showdown(player, False, _):
            return f"p{player + 1} sm"
        case Showdown(player, True, cards):
            return f"p{player + 1} sm {format_cards(cards) or '-'}"
    return ""
