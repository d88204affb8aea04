"""What a stud player's face-up cards show: who brings in, who acts first,
whether an open pair allows the big bet.

Stud's betting order is not by seat: on third street the lowest door card
brings in (the highest in Razz), suits breaking ties; from fourth street the
best hand showing acts first (the lowest in Razz), the player nearest the
dealer's left first among equals. Only a player's own up cards count, never a
common card, and straights and flushes do not count among up cards.

:func:`showing_strength` has the signature the evaluator will provide; until
it lands this module computes it itself.

>>> from engine.cards import parse_cards
>>> from engine.evaluation import Evaluation
>>> pair = showing_strength(Evaluation.STANDARD_HIGH, parse_cards("9c9h"))
>>> ace_king = showing_strength(Evaluation.STANDARD_HIGH, parse_cards("AsKs"))
>>> pair > ace_king
True
>>> bring_in_player([parse_cards("Kd"), parse_cards("2s"), parse_cards("2c")], low_card=True)
2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.cards import ACE, Card
from engine.evaluation import Evaluation

#: Bits per rank in a packed strength: ranks 0 to 12 (ace low as 0 in Razz).
_RANK_BITS = 4
#: At most four cards show on the streets where the showing hand is compared.
_MAX_SHOWN = 4


def _pattern(ranks: Sequence[int]) -> int:
    """Pack up-card ranks as a high hand of one to four cards: the pattern
    (high cards, one pair, two pair, trips, quads) first, then the ranks that
    make it up, bigger groups and higher ranks first."""
    counts = Counter(ranks)
    ordered = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if shape[0] == 4:
        category = 4
    elif shape[0] == 3:
        category = 3
    elif shape[:2] == [2, 2]:
        category = 2
    elif shape[0] == 2:
        category = 1
    else:
        category = 0
    value = category
    for rank in ordered:
        value = (value << _RANK_BITS) | rank
    # Pad so that hands of equal pattern compare rank by rank.
    return value << (_RANK_BITS * (_MAX_SHOWN - len(ordered)))


def showing_strength(evaluation: Evaluation, up_cards: Sequence[Card]) -> int:
    """How good one to four up cards look under ``evaluation``; higher is better.

    Compare only hands with the same number of up cards. For high games
    (:attr:`Evaluation.STANDARD_HIGH`) quads beat trips beat two pair beat a
    pair beat high cards; for ace-to-five low (Razz) the lowest showing is
    best, aces low, any pair worse than no pair.
    """
    if not 1 <= len(up_cards) <= _MAX_SHOWN:
        raise ValueError(f"A stud hand shows one to four up cards, not {len(up_cards)}.")
    if evaluation is Evaluation.ACE_TO_FIVE_LOW:
        ace_low = [(card.rank + 1) % 13 for card in up_cards]
        return -_pattern(ace_low)
    if evaluation is Evaluation.STANDARD_HIGH:
        return _pattern([card.rank for card in up_cards])
    raise ValueError(f"Up cards are not compared under {evaluation.value}.")


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
