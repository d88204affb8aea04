"""Why each pot of a finished hand went where it did, as data.

After a showdown a dealer says what every shown hand is and what won each
pot: "a pair of threes, king kicker" when the kicker decided against the best
losing hand, "a straight, nine high" when the hand itself did. This module
reads a finished :class:`~engine.hand.Hand` and returns that as data
(:class:`ShownHandVerdict`, :class:`PotVerdict`); the bot words it.

Only cards that were shown are described: a hand that was mucked or folded
never appears, a pot won without showing names no hand, and the kicker is
found against the hands that were shown.

"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Card
from engine.evaluation.described import (
    HandDescription,
    best_of,
    deciding_kicker,
    described,
)
from engine.evaluation.kinds import Evaluation
from engine.evaluation.showdown import evaluate
from engine.evaluation.value import HandValue
from engine.events import HandShown, PotAwarded
from engine.hand import Hand
from engine.variants import BoardAward, Variant

#: The evaluation (by its place in the variant's list) each share is judged by.
_EVALUATION_OF_SHARE = {"whole": 0, "high": 0, "low": 1}


@dataclass(frozen=True, slots=True)
class ShownHandVerdict:
    """A hand turned face up: whose, its cards, and what it makes by each of
    the variant's evaluations (a low that does not qualify is left out)."""

    player: int
    cards: tuple[Card, ...]
    hands: tuple[HandDescription, ...]


@dataclass(frozen=True, slots=True)
class PotVerdict:
    """One pot, or one half of a split pot, and why its winners won it."""

    pot_index: int
    #: ``"whole"``, ``"high"`` or ``"low"``, or ``"board 1"``, ``"board 2"`` ...
    share: str
    winners: tuple[int, ...]
    #: The winning hand; ``None`` when a winner did not show (everyone else folded).
    hand: HandDescription | None
    #: The rank of the winning kicker, when a kicker decided against the best
    #: losing hand shown for this pot; ``None`` when the hand itself decided
    #: (or the winners split it, or nobody else showed).
    kicker: int | None
    #: The cards each winner played (the best five), winner by winner.
    winning_cards: tuple[tuple[Card, ...], ...] = ()


def shown_hands(hand: Hand) -> tuple[ShownHandVerdict, ...]:
    """Every hand turned face up in ``hand``, in the order they were shown,
    each described with the final board (by each evaluation on each board,
    where there are several)."""
    verdicts = []
    for player in _shown_players(hand):
        values = _values(hand, player)
        verdicts.append(
            ShownHandVerdict(
                player,
                tuple(hand.hole_cards[player]),
                tuple(described(value) for value in values if value is not None),
            )
        )
    return tuple(verdicts)


def pot_verdicts(hand: Hand) -> tuple[PotVerdict, ...]:
    """Each pot awarded in the finished ``hand``, in the order it was awarded."""
    shown = set(_shown_players(hand))
    verdicts = []
    for event in hand.events:
        if not isinstance(event, PotAwarded):
            continue
        winners = tuple(player for player, _ in event.winners)
        k = _value_index(hand, event.share)
        # The winning hand is named when its owners showed it, even if everyone
        # else mucked (the engine then calls the pot uncontested).
        winning = [_values(hand, p)[k] for p in winners if p in shown]
        if not winning or len(winning) != len(winners) or None in winning:
            verdicts.append(PotVerdict(event.pot_index, event.share, winners, None, None))
            continue
        values = [value for value in winning if value is not None]
        eligible = hand.pots_awarded[event.pot_index].eligible
        losers = [_values(hand, p)[k] for p in eligible if p in shown and p not in winners]
        best_loser = best_of(value for value in losers if value is not None)
        kicker = None
        if best_loser is not None and len(values) == 1:
            kicker = deciding_kicker(values[0], best_loser)
        verdicts.append(
            PotVerdict(
                event.pot_index,
                event.share,
                winners,
                described(values[0]),
                kicker,
                tuple(value.cards for value in values),
            )
        )
    return tuple(verdicts)


def _shown_players(hand: Hand) -> list[int]:
    players: list[int] = []
    for event in hand.events:
        if isinstance(event, HandShown) and event.player not in players:
            players.append(event.player)
    return players


def _value_index(hand: Hand, share: str) -> int:
    """Which of :func:`_values` a share is judged by: the share's evaluation,
    on the share's board ("board 2") where each board wins its own share."""
    evaluations = len(hand.variant.evaluations)
    if share.startswith("board "):
        return (int(share.split()[1]) - 1) * evaluations
    return _EVALUATION_OF_SHARE[share]


def _values(hand: Hand, player: int) -> tuple[HandValue | None, ...]:
    """The player's hand by each evaluation, as the engine judges them: value
    ``k`` is evaluation ``k % E`` on board ``k // E``; where the best hand on
    any board takes all, the best of the boards by each evaluation."""
    hole = hand.hole_cards[player]
    per_board = [
        [_judged(evaluation, hole, board) for evaluation in hand.variant.evaluations]
        for board in hand.boards
    ]
    if len(per_board) == 1:
        return tuple(per_board[0])
    if hand.variant.board_award is BoardAward.BEST:
        return tuple(
            best_of(v for row in per_board if (v := row[k]) is not None)
            for k in range(len(hand.variant.evaluations))
        )
    return tuple(value for row in per_board for value in row)


def _judged(
    evaluation: Evaluation, hole: Sequence[Card], board: Sequence[Card]
) -> HandValue | None:
    try:
        return evaluate(evaluation, hole, board)
    except ValueError:  # too few cards to make a hand of this kind
        return None


def in_showing_order(variant: Variant, cards: Sequence[Card]) -> tuple[Card, ...]:
    """A shown hand's cards in the order everyone may see them.

    A draw game deals the cards drawn after the ones kept, so showing a hand
    in the order it was dealt would tell which cards were drawn: there the
    cards are shown from the highest rank down. Other games keep their order
    (stud's up cards were seen where they lie).

    >>> from engine.cards import parse_cards
    >>> from engine.variants import VARIANTS
    >>> " ".join(map(str, in_showing_order(VARIANTS["F5D"], parse_cards("2c9hKsKd7c"))))
    'Kd Ks 9h 7c 2c'
    >>> " ".join(map(str, in_showing_order(VARIANTS["NT"], parse_cards("2cAs"))))
    '2c As'
    """
    if not variant.draws:
        return tuple(cards)
    return tuple(sorted(cards, key=lambda card: (-card.rank, card.suit)))
