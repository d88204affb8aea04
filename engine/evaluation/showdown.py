"""Judging a player's hand at showdown: :func:`evaluate`, for every :class:`Evaluation`.

This module decides *which* cards may combine (any five, or exactly two hole
cards with three from the board, or a badugi's rainbow), picks the best
combination by the evaluation's strength, and dresses it as a
:class:`HandValue` with its cards in reading order. The strengths themselves
come from :mod:`.fast_high` (high hands) and :mod:`.lows`.

>>> from engine.cards import parse_cards as cards
>>> evaluate(Evaluation.STANDARD_HIGH, cards("KsKd"), cards("Kh4c4d9s2h")).describe()
'Full house, kings full of fours'
>>> evaluate(Evaluation.OMAHA_HIGH, cards("AhKh2c3c"), cards("QhJhTh4s5s")).describe()
'Royal flush'
>>> evaluate(Evaluation.EIGHT_OR_BETTER_LOW, cards("9c9d"), cards("Ks4h3s2dTc")) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations
from typing import Final

from engine.cards import ACE, Card
from engine.evaluation import lows
from engine.evaluation.fast_high import high_strength, table_strength
from engine.evaluation.high_tables import (
    SHORT_DECK,
    STANDARD,
    HighTables,
    manila,
    short_deck_straight_over_trips,
)
from engine.evaluation.kinds import Category, Evaluation
from engine.evaluation.value import HandValue
from engine.evaluation.wording import high_phrase

SHORT_DECK_LOWEST_RANK: Final = 4  # the six

#: Five cards -> strength (``None``: these five do not make a hand of this kind).
_FiveCardJudge = Callable[[Sequence[Card]], "int | None"]


def _high_judge(tables: HighTables) -> _FiveCardJudge:
    def judge(five: Sequence[Card]) -> int | None:
        return table_strength(five, tables)

    return judge


def _lazy_high_judge(tables: Callable[[], HighTables]) -> _FiveCardJudge:
    """A judge whose tables are built the first time a hand is judged."""

    def judge(five: Sequence[Card]) -> int | None:
        return table_strength(five, tables())

    return judge


#: Each high evaluation's tables, built on first use for the rarer decks.
_HIGH_TABLES: Final[dict[Evaluation, Callable[[], HighTables]]] = {
    Evaluation.STANDARD_HIGH: lambda: STANDARD,
    Evaluation.OMAHA_HIGH: lambda: STANDARD,
    Evaluation.DOUBLE_HOLDEM_HIGH: lambda: STANDARD,
    Evaluation.SHORT_DECK_HIGH: lambda: SHORT_DECK,
    Evaluation.SHORT_DECK_STRAIGHT_OVER_TRIPS: short_deck_straight_over_trips,
    Evaluation.MANILA_HIGH: manila,
}
#: The lowest rank of each evaluation's deck, where it is not the deuce.
_LOWEST_RANK: Final = {
    Evaluation.SHORT_DECK_HIGH: (4, "the short deck (sixes to aces)"),
    Evaluation.SHORT_DECK_STRAIGHT_OVER_TRIPS: (4, "the short deck (sixes to aces)"),
    Evaluation.MANILA_HIGH: (5, "Manila's deck (sevens to aces)"),
}


_JUDGES: Final[dict[Evaluation, _FiveCardJudge]] = {
    Evaluation.STANDARD_HIGH: _high_judge(STANDARD),
    Evaluation.OMAHA_HIGH: _high_judge(STANDARD),
    Evaluation.SHORT_DECK_HIGH: _high_judge(SHORT_DECK),
    Evaluation.SHORT_DECK_STRAIGHT_OVER_TRIPS: _lazy_high_judge(short_deck_straight_over_trips),
    Evaluation.MANILA_HIGH: _lazy_high_judge(manila),
    Evaluation.DOUBLE_HOLDEM_HIGH: _high_judge(STANDARD),
    Evaluation.EIGHT_OR_BETTER_LOW: lows.eight_or_better,
    Evaluation.OMAHA_EIGHT_OR_BETTER_LOW: lows.eight_or_better,
    Evaluation.ACE_TO_FIVE_LOW: lows.ace_to_five,
    Evaluation.DEUCE_TO_SEVEN_LOW: lows.deuce_to_seven,
}
#: Exactly two hole cards and three board cards.
_OMAHA: Final = frozenset(
    {Evaluation.OMAHA_HIGH, Evaluation.OMAHA_EIGHT_OR_BETTER_LOW, Evaluation.MANILA_HIGH}
)
# Members tested per hand, as globals (an Enum member read off its class is slow in 3.11).
_STANDARD_HIGH: Final = Evaluation.STANDARD_HIGH
_OMAHA_HIGH: Final = Evaluation.OMAHA_HIGH
_SHORT_DECK_HIGH: Final = Evaluation.SHORT_DECK_HIGH
_DOUBLE_HOLDEM_HIGH: Final = Evaluation.DOUBLE_HOLDEM_HIGH


def strength_of(
    evaluation: Evaluation, hole: Sequence[Card], board: Sequence[Card] = ()
) -> int | None:
    """``evaluate(evaluation, hole, board).strength`` (``None`` where
    :func:`evaluate` gives ``None``), without dressing the hand as a
    :class:`HandValue` where a fast path knows the strength at once.

    Cards are checked only where :func:`evaluate` runs; the fast path trusts
    the caller (a hand judging the cards it dealt).

    >>> from engine.cards import parse_cards as cards
    >>> hand = evaluate(Evaluation.STANDARD_HIGH, cards("KsKd"), cards("Kh4c4d9s2h"))
    >>> strength_of(Evaluation.STANDARD_HIGH, cards("KsKd"), cards("Kh4c4d9s2h")) == hand.strength
    True
    """
    if evaluation is _STANDARD_HIGH and 5 <= len(hole) + len(board) <= 7:
        return high_strength((*hole, *board))
    if evaluation is _DOUBLE_HOLDEM_HIGH and len(hole) == 3 and 3 <= len(board) <= 5:
        outer, point, other = hole
        return max(high_strength((outer, point, *board)), high_strength((point, other, *board)))
    value = evaluate(evaluation, hole, board)
    return None if value is None else value.strength


def describe_strength(evaluation: Evaluation, strength: int) -> str | None:
    """The English name of a hand of ``strength`` by ``evaluation``, read off the
    strength alone (high hands), or ``None`` where the cards are needed (lows
    and badugi, named by their cards): then ask :func:`evaluate`.

    >>> from engine.cards import parse_cards as cards
    >>> value = evaluate(Evaluation.STANDARD_HIGH, cards("KsKd"), cards("Kh4c4d9s2h"))
    >>> describe_strength(Evaluation.STANDARD_HIGH, value.strength)
    'Full house, kings full of fours'
    """
    # Identity tests, not a dict: hashing an Enum member runs Python code.
    if evaluation is _STANDARD_HIGH or evaluation is _OMAHA_HIGH:
        tables, phrases = STANDARD, _STANDARD_PHRASES
    elif evaluation is _SHORT_DECK_HIGH:
        tables, phrases = SHORT_DECK, _SHORT_DECK_PHRASES
    elif evaluation in _HIGH_TABLES:
        tables = _HIGH_TABLES[evaluation]()
        phrases = _OTHER_PHRASES.setdefault(evaluation, {})
    else:
        return None
    phrase = phrases.get(strength)
    if phrase is None:
        code = tables.codes[strength]  # the distinct ranks in reading order, four bits each
        phrase = high_phrase(tables.category(strength), (code >> 16 & 15, code >> 12 & 15))
        phrases[strength] = phrase
    return phrase


# Each hand shown at a showdown is named: the names, once worked out, by strength
# (at most 7,462 of them for the 52-card deck).
_STANDARD_PHRASES: dict[int, str] = {}
_SHORT_DECK_PHRASES: dict[int, str] = {}
_OTHER_PHRASES: dict[Evaluation, dict[int, str]] = {}


def evaluate(
    evaluation: Evaluation, hole: Sequence[Card], board: Sequence[Card] = ()
) -> HandValue | None:
    """The best hand ``hole`` and ``board`` make when judged by ``evaluation``.

    ``board`` is empty in stud and draw games. Any five of the cards play,
    except in the Omaha evaluations (exactly two hole cards and three board
    cards) and badugi (the best set of up to four cards of different ranks
    and suits). Returns ``None`` only for an eight-or-better low that does
    not qualify. Raises ``ValueError`` for cards that cannot make a hand: too
    few, a card twice, or a card below the six in short deck.
    """
    hole, board = tuple(hole), tuple(board)
    _check(evaluation, hole, board)
    if evaluation is Evaluation.BADUGI:
        return _badugi(hole + board)
    candidates: Iterable[tuple[Card, ...]]
    if evaluation in _OMAHA:
        candidates = (
            two + three for two in combinations(hole, 2) for three in combinations(board, 3)
        )
    elif evaluation is _DOUBLE_HOLDEM_HIGH:
        # The point card (the middle one) plays with either outer card.
        pairs = (hole[:2], hole[1:]) if len(hole) == 3 else (hole,)
        candidates = (five for pair in pairs for five in combinations(pair + board, 5))
    else:
        candidates = combinations(hole + board, 5)
    judge = _JUDGES[evaluation]
    best: tuple[Card, ...] = ()
    best_strength = -1
    # The fast path knows the best strength at once; the search then only has
    # to find five cards that reach it, and can stop there.
    target = (
        high_strength(hole + board)
        if evaluation is Evaluation.STANDARD_HIGH and 5 <= len(hole) + len(board) <= 7
        else None
    )
    for five in candidates:
        strength = judge(five)
        if strength is not None and strength > best_strength:
            best, best_strength = five, strength
            if strength == target:
                break
    if not best:
        return None
    category = _category(evaluation, best, best_strength)
    return HandValue(
        evaluation, best_strength, _reading_order(evaluation, category, best), category
    )


def _check(evaluation: Evaluation, hole: tuple[Card, ...], board: tuple[Card, ...]) -> None:
    cards = hole + board
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"{card!r} is not a Card.")
    if len(set(cards)) != len(cards):
        raise ValueError("The same card appears twice.")
    if evaluation in _OMAHA:
        if len(hole) < 2 or len(board) < 3:
            raise ValueError("An Omaha hand needs two hole cards and three board cards.")
    elif evaluation is Evaluation.BADUGI:
        if not cards:
            raise ValueError("A badugi hand needs at least one card.")
    elif len(cards) < 5:
        raise ValueError(f"A hand needs five cards; there are {len(cards)}.")
    deck = _LOWEST_RANK.get(evaluation)
    if deck is not None:
        low = [card for card in cards if card.rank < deck[0]]
        if low:
            raise ValueError(f"{low[0]} is not in {deck[1]}.")


def _badugi(cards: tuple[Card, ...]) -> HandValue:
    best: tuple[Card, ...] = ()
    best_strength = -1
    for size in range(min(4, len(cards)), 0, -1):
        for subset in combinations(cards, size):
            strength = lows.badugi(subset)
            if strength is not None and strength > best_strength:
                best, best_strength = subset, strength
        if best:
            break  # more cards always beat fewer
    ordered = tuple(sorted(best, key=lambda card: lows.ace_low(card.rank), reverse=True))
    category = lows.BADUGI_CATEGORIES[len(best) - 1]
    return HandValue(Evaluation.BADUGI, best_strength, ordered, category)


def _category(evaluation: Evaluation, five: tuple[Card, ...], strength: int) -> Category:
    if evaluation in _HIGH_TABLES:
        return _HIGH_TABLES[evaluation]().category(strength)
    if evaluation is Evaluation.DEUCE_TO_SEVEN_LOW:
        return lows.deuce_to_seven_category(five)
    return lows.ace_to_five_category(five)


def _reading_order(
    evaluation: Evaluation, category: Category, five: tuple[Card, ...]
) -> tuple[Card, ...]:
    """The cards as a player reads them: most copies first, then highest (lowest rank last)."""
    aces_low = evaluation in (
        Evaluation.ACE_TO_FIVE_LOW,
        Evaluation.EIGHT_OR_BETTER_LOW,
        Evaluation.OMAHA_EIGHT_OR_BETTER_LOW,
    )

    def rank(card: Card) -> int:
        return lows.ace_low(card.rank) if aces_low else card.rank

    copies = {r: sum(1 for card in five if rank(card) == r) for r in map(rank, five)}
    ordered = sorted(
        five, key=lambda card: (copies[rank(card)], rank(card), card.suit), reverse=True
    )
    straight = category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH)
    if straight and ordered[0].rank == ACE and ordered[1].rank != ACE - 1:
        # A straight whose ace is not topped by a king plays the ace low:
        # 5-4-3-2-A, or 9-8-7-6-A in short deck.
        ordered = ordered[1:] + ordered[:1]
    return tuple(ordered)
