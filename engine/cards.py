"""Cards and decks: parsing, formatting, shuffling and dealing.

A :class:`Card` is a small immutable ``int`` from 0 to 51: ``rank * 4 + suit``,
ranks from deuce (0) to ace (12), suits clubs, diamonds, hearts, spades (0 to 3),
the order the rules use to break ties by suit. Being an ``int``, a card indexes
lookup tables directly, which keeps hand evaluation fast.

>>> Card.parse("As")
Card('As')
>>> str(Card.parse("td"))
'Td'
>>> Card.parse("As").rank, Card.parse("As").suit
(12, 3)
>>> [str(c) for c in parse_cards("AsKd")]
['As', 'Kd']
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from enum import Enum
from typing import Final

from engine.sentences import HAND_WORDS

RANK_CHARS: Final = "23456789TJQKA"
SUIT_CHARS: Final = "cdhs"
#: Ranks by name, singular and plural, for describing hands: the English
#: catalogue's words (engine/sentences.py is generated from it).
RANK_NAMES: Final = tuple(HAND_WORDS[f"rank.name.{rank}"] for rank in range(13))
RANK_PLURALS: Final = tuple(HAND_WORDS[f"rank.plural.{rank}"] for rank in range(13))
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS: Final = ("♣", "♦", "♥", "♠")

ACE: Final = 12
DEUCE: Final = 0


class CardError(ValueError):
    """A card or list of cards could not be read."""


class Card(int):
    """One playing card. Compare and hash as its integer code."""

    __slots__ = ()

    def __new__(cls, code: int) -> Card:
        if not 0 <= code < 52:
            raise CardError(f"There is no card with code {code}.")
        return _CARDS[code] if _CARDS else int.__new__(cls, code)

    @staticmethod
    def of(rank: int, suit: int) -> Card:
        """The card of ``rank`` (0 = deuce … 12 = ace) and ``suit`` (0 = clubs … 3 = spades)."""
        if not (0 <= rank < 13 and 0 <= suit < 4):
            raise CardError(f"There is no card of rank {rank} and suit {suit}.")
        return _CARDS[rank * 4 + suit]

    @staticmethod
    def parse(text: str) -> Card:
        """Read a card written as rank then suit: ``As``, ``Td``, ``7c`` (``10h`` also works)."""
        text = text.strip()
        if len(text) == 3 and text[:2] == "10":
            text = "T" + text[2]
        if len(text) != 2:
            raise CardError(f"“{text}” is not a card; write it like As, Td or 7c.")
        rank = RANK_CHARS.find(text[0].upper())
        suit = SUIT_CHARS.find(text[1].lower())
        if rank < 0 or suit < 0:
            raise CardError(f"“{text}” is not a card; write it like As, Td or 7c.")
        return _CARDS[rank * 4 + suit]

    @property
    def rank(self) -> int:
        return int(self) >> 2

    @property
    def suit(self) -> int:
        return int(self) & 3

    @property
    def symbol(self) -> str:
        """Rank and suit symbol, as on the table message: ``A♠``."""
        return RANK_CHARS[self >> 2] + SUIT_SYMBOLS[self & 3]

    def __str__(self) -> str:
        return RANK_CHARS[self >> 2] + SUIT_CHARS[self & 3]

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


_CARDS: tuple[Card, ...] = ()
_CARDS = tuple(int.__new__(Card, code) for code in range(52))

#: Every card, deuce of clubs first.
ALL_CARDS: Final[tuple[Card, ...]] = _CARDS


def parse_cards(text: str) -> list[Card]:
    """Read cards written together or apart: ``"AsKd"``, ``"As Kd"``, ``"As,Kd"``.

    >>> [str(c) for c in parse_cards("Th 9h 8h")]
    ['Th', '9h', '8h']
    """
    compact = "".join(ch for ch in text if not ch.isspace() and ch not in ",;")
    compact = compact.replace("10", "T")
    if len(compact) % 2:
        raise CardError(f"“{text.strip()}” is not a list of cards; write them like AsKd.")
    return [Card.parse(compact[i : i + 2]) for i in range(0, len(compact), 2)]


def format_cards(cards: Iterable[Card], separator: str = "") -> str:
    """Write cards the way :func:`parse_cards` reads them."""
    return separator.join(str(card) for card in cards)


class DeckKind(Enum):
    """Which cards a game is played with."""

    STANDARD = "standard"  # 52 cards
    SHORT = "short"  # 36 cards: sixes to aces
    ROYAL = "royal"  # 20 cards: tens to aces
    MANILA = "manila"  # 32 cards: sevens to aces

    @property
    def lowest_rank(self) -> int:
        # Keyed by value: hashing an Enum member runs Python code, a str's does not.
        return _LOWEST_RANKS[self.value]

    @property
    def cards(self) -> tuple[Card, ...]:
        return _DECK_CARDS[self.value]


_LOWEST_RANKS: Final = {
    DeckKind.STANDARD.value: 0,
    DeckKind.SHORT.value: 4,
    DeckKind.ROYAL.value: 8,
    DeckKind.MANILA.value: 5,
}


#: Each deck's cards, worked out once (every hand asks for them).
_DECK_CARDS: Final = {kind.value: ALL_CARDS[_LOWEST_RANKS[kind.value] * 4 :] for kind in DeckKind}


class DeckError(ValueError):
    """A card was asked for that the deck cannot give."""


class Deck:
    """The cards still to be dealt, in the order they will be dealt.

    A deck is shuffled with the operating system's randomness
    (:class:`secrets.SystemRandom`) unless a seeded :class:`random.Random` is
    given (tests and replays). ``Deck(order)`` keeps a given order, which is how
    a hand is rebuilt exactly.

    >>> deck = Deck.shuffled(DeckKind.STANDARD, random.Random(7))
    >>> len(deck)
    52
    >>> card = deck.deal()
    >>> len(deck), card in deck
    (51, False)
    """

    __slots__ = ("_cards", "_position")

    def __init__(self, order: Sequence[Card]) -> None:
        if len(set(order)) != len(order):
            raise DeckError("A deck cannot hold the same card twice.")
        self._cards: list[Card] = list(order)
        self._position = 0

    @classmethod
    def shuffled(cls, kind: DeckKind = DeckKind.STANDARD, rng: random.Random | None = None) -> Deck:
        order = list(kind.cards)
        (rng if rng is not None else secrets.SystemRandom()).shuffle(order)
        return cls(order)

    @property
    def order(self) -> tuple[Card, ...]:
        """The full original order, including cards already dealt."""
        return tuple(self._cards)

    @property
    def remaining(self) -> tuple[Card, ...]:
        return tuple(self._cards[self._position :])

    def __len__(self) -> int:
        return len(self._cards) - self._position

    def __contains__(self, card: object) -> bool:
        return card in self._cards[self._position :]

    def deal(self) -> Card:
        if self._position >= len(self._cards):
            raise DeckError("The deck is empty.")
        card = self._cards[self._position]
        self._position += 1
        return card

    def deal_many(self, count: int) -> list[Card]:
        if count > len(self):
            raise DeckError(f"The deck has {len(self)} cards left, not {count}.")
        start = self._position
        self._position += count
        return self._cards[start : self._position]

    def take(self, cards: Sequence[Card]) -> None:
        """Remove specific cards, as when a recorded deal is replayed.

        The cards move to the dealt part of the deck; a card that is not among
        the remaining ones (dealt already, or not in this deck) is refused.
        """
        remaining = self._cards[self._position :]
        for card in cards:
            if card not in remaining:
                raise DeckError(f"{card} was already dealt or is not in this deck.")
            remaining.remove(card)
        self._cards[self._position :] = list(cards) + remaining
        self._position += len(cards)
