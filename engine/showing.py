"""What a stud player's cards show: who brings in, who acts first, whether an
open pair allows the big bet, and who gets the odd chip of a split pot.

Stud's betting order is not by seat: on third street the lowest door card
brings in (the highest in Razz), suits breaking ties; from fourth street the
best hand showing acts first (the lowest in Razz), the player nearest the
dealer's left first among equals. Only a player's own up cards count, never a
common card, and straights and flushes do not count among up cards.

How good the up cards look is the evaluator's
:func:`~engine.evaluation.showing_strength`.

>>> from engine.cards import parse_cards
>>> from engine.evaluation import Evaluation, showing_strength
>>> pair = showing_strength(Evaluation.STANDARD_HIGH, parse_cards("9c9h"))
>>> ace_king = showing_strength(Evaluation.STANDARD_HIGH, parse_cards("AsKs"))
>>> pair > ace_king
True
>>> bring_in_player([parse_cards("Kd"), parse_cards("2s"), parse_cards("2c")], low_card=True)
2
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import ACE, Card
from engine.evaluation import Evaluation, showing_strength


def has_open_pair(up_cards: Sequence[Card]) -> bool:
    """Whether two of the up cards have the same rank (fourth-street big-bet option)."""
    ranks = [card.rank for card in up_cards]
    return len(set(ranks)) < len(ranks)


def _card_order(card: Card, *, ace_low: bool) -> tuple[int, int]:
    rank = card.rank
    if ace_low:
        rank = -1 if rank == ACE else rank
    return rank, card.suit


def bring_in_player(door_cards: Sequence[Sequence[Card]], *, low_card: bool) -> int:
    """The index of the player who must bring in.

    ``door_cards`` gives each player's up cards (empty for players out of the
    hand). With ``low_card`` (stud, stud hi-lo) the lowest card brings in, aces
    high and clubs the lowest suit; otherwise (Razz) the highest card does,
    aces low and spades the highest suit.
    """
    candidates = [
        (_card_order(cards[0], ace_low=not low_card), player)
        for player, cards in enumerate(door_cards)
        if cards
    ]
    if not candidates:
        raise ValueError("Nobody shows a card to bring in with.")
    if low_card:
        return min(candidates)[1]
    return max(candidates, key=lambda candidate: candidate[0])[1]


def first_to_act(up_cards: Sequence[Sequence[Card]], evaluation: Evaluation) -> int:
    """The index of the player whose up cards show best under ``evaluation``;
    among equals the one nearest the dealer's left (the lowest index).
    Players out of the hand have no up cards listed."""
    best: tuple[int, int] | None = None
    for player, cards in enumerate(up_cards):
        if not cards:
            continue
        strength = showing_strength(evaluation, cards)
        if best is None or strength > best[0]:
            best = (strength, player)
    if best is None:
        raise ValueError("Nobody shows any cards.")
    return best[1]


def odd_chip_order(
    winners: Sequence[int], cards: Sequence[Sequence[Card]], *, low: bool
) -> list[int]:
    """Stud's tied ``winners`` in the order odd chips go to them: the highest
    card by suit first in a high game (aces high, spades the highest suit), the
    lowest card by suit first in a low game (aces low, clubs the lowest suit),
    all of each player's ``cards`` counting, not only the five that play
    (Robert's Rules of Poker, "Ties"; Poker TDA, odd chips in stud).

    >>> from engine.cards import parse_cards
    >>> hands = [parse_cards("KsKd9c"), parse_cards("KhKc9d"), parse_cards("As2c3d")]
    >>> odd_chip_order([0, 1], hands, low=False)
    [0, 1]
    >>> odd_chip_order([0, 2], hands, low=True)
    [2, 0]
    """
    if low:
        return sorted(winners, key=lambda p: min(_card_order(c, ace_low=True) for c in cards[p]))
    return sorted(winners, key=lambda p: max(cards[p]), reverse=True)
