"""The ways a hand can be judged (:class:`Evaluation`) and kinds of made hand (:class:`Category`).

These two enums are the vocabulary the rest of :mod:`engine.evaluation` speaks;
they hold no logic beyond what names them.
"""

from __future__ import annotations

from enum import Enum


class Evaluation(Enum):
    """How a game judges a hand at showdown."""

    #: Best five of any cards, aces high (and low in A-2-3-4-5): Hold'em, Stud,
    #: five-card draw, Pineapple, and Royal Hold'em's 20-card deck.
    STANDARD_HIGH = "standard high"
    #: The 36-card deck (sixes to aces): a flush beats a full house, three of a
    #: kind beats a straight, and A-6-7-8-9 is the lowest straight.
    SHORT_DECK_HIGH = "short-deck high"
    #: Short deck where the table plays a straight over three of a kind (a flush
    #: still beats a full house): the other rule seed 000 mentions.
    SHORT_DECK_STRAIGHT_OVER_TRIPS = "short-deck high, straight over three of a kind"
    #: Exactly two hole cards and exactly three board cards.
    OMAHA_HIGH = "Omaha high"
    #: Manila's 32-card deck (sevens to aces): both hole cards and three board
    #: cards, a flush beats a full house, and the ace plays high only.
    MANILA_HIGH = "Manila high"
    #: Double Texas Hold'em: three hole cards, the middle one playing with each
    #: of the others (never the outer two together), any five with the board.
    DOUBLE_HOLDEM_HIGH = "Double Hold'em high"
    #: Any five cards, ace to five, five different ranks eight or lower.
    EIGHT_OR_BETTER_LOW = "eight-or-better low"
    #: The eight-or-better low made of exactly two hole and three board cards.
    OMAHA_EIGHT_OR_BETTER_LOW = "Omaha eight-or-better low"
    #: Razz: the lowest five, aces low, straights and flushes ignored.
    ACE_TO_FIVE_LOW = "ace-to-five low"
    #: Kansas City lowball: aces high only, straights and flushes count against.
    DEUCE_TO_SEVEN_LOW = "deuce-to-seven low"
    #: Four cards; the most cards of different ranks and suits, then the lowest.
    BADUGI = "badugi"

    @property
    def is_low(self) -> bool:
        """Whether the lowest cards win (every low and badugi)."""
        return self not in _HIGH_EVALUATIONS


_HIGH_EVALUATIONS = frozenset(
    {
        Evaluation.STANDARD_HIGH,
        Evaluation.SHORT_DECK_HIGH,
        Evaluation.SHORT_DECK_STRAIGHT_OVER_TRIPS,
        Evaluation.OMAHA_HIGH,
        Evaluation.MANILA_HIGH,
        Evaluation.DOUBLE_HOLDEM_HIGH,
    }
)


class Category(Enum):
    """The kind of hand the cards make, named as a player names it."""

    HIGH_CARD = "high card"
    PAIR = "pair"
    TWO_PAIR = "two pair"
    THREE_OF_A_KIND = "three of a kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full house"
    FOUR_OF_A_KIND = "four of a kind"
    STRAIGHT_FLUSH = "straight flush"
    #: Badugi hands are sized by how many cards play.
    ONE_CARD_BADUGI = "one-card badugi"
    TWO_CARD_BADUGI = "two-card badugi"
    THREE_CARD_BADUGI = "three-card badugi"
    FOUR_CARD_BADUGI = "four-card badugi"
