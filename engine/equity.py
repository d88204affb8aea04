"""Equity: each hand's chance to win, tie and share the pot, in every game with a board and in stud.

Public API
==========

* :func:`equities` — known hands (all in: everyone's cards face up; stud: up
  and down cards), a board so far and dead cards: each hand's chance to win,
  to tie, its share of the pot and, in Hi-Lo, its chance to scoop and to take
  half.
* :func:`equity_vs_range` — one known hand against opponents whose cards are
  unknown: random hands, weighted :class:`Range` s of hole-card combinations,
  or in stud the up cards they show. For computer players.
* :class:`EquityResult` (``hands``, ``exact``, ``deals``, ``split``, ``margin``) and
  :class:`HandEquity` (``equity``, ``win``, ``tie``, ``scoop``, ``half``,
  ``margin``) are what both return.

Both enumerate every run-out exactly when that fits the time budget and
simulate otherwise; ``EquityResult.exact`` says which, so a table can print
"≈" before a simulated figure, and ``margin`` bounds a simulated figure's
error (the half-width of its 99.9 % confidence interval; 0 when exact).

>>> from engine.cards import parse_cards as cards
>>> result = equities("NT", [cards("AhKh"), cards("QsQd")], cards("Jh Th 2c"))
>>> result.exact, result.deals
(True, 990)
>>> [round(hand.equity, 4) for hand in result.hands]
[0.5606, 0.4394]
>>> turn = equities("NT", [cards("AsAd"), cards("KsKd")], cards("Ac Kc 2h 7d"))
>>> turn.hands[1].win == 1 / 44  # only the last king saves the kings
True
>>> hilo = equities("PO/8", [cards("As2s3d4d"), cards("KhKdQcJc")], cards("5c 6h Kc"))
>>> round(hilo.hands[0].scoop, 3), round(hilo.hands[0].half, 3), round(hilo.hands[0].equity, 3)
(0.223, 0.521, 0.484)
>>> preflop = equities("NT", [cards("AsAd"), cards("KhKc"), cards("7d8d")])
>>> preflop.exact, preflop.deals  # every board, counted by classes
(True, 1370754)
>>> import random
>>> bot = equity_vs_range("NT", cards("AsAh"), 1, rng=random.Random(1))
>>> bot.exact, bot.deals, abs(bot.hands[0].equity - 0.852) < bot.hands[0].margin
(False, 10000, True)
>>> villain = Range({tuple(cards("QsQd")): 1.0, tuple(cards("JcJd")): 2.0})
>>> read = equity_vs_range("NT", cards("AhKh"), [villain], cards("Jh Th 2c 5s"))
>>> read.exact, read.deals  # two combinations, 44 rivers each
(True, 88)

Every strength comes from :mod:`engine.evaluation.batch`, the engine's own
lookup tables run over NumPy arrays (the strengths are exactly those
:func:`~engine.evaluation.evaluate` gives). The calculation is pure: no
clock is read unless the caller passes one with a time budget, and random
numbers come only from the :class:`random.Random` passed in (a fixed seed by
default, so the same question always gets the same answer).

How it is fast, and why this way
================================

Measured on the project's 2-core machine (``python -m bench.equity`` prints
the figures with PokerKit's ``calculate_equities`` and eval7 on the same
questions):

* Judging hands one at a time in pure Python costs about a microsecond a
  hand even with the engine's fast evaluator; preflop three-way Hold'em
  within ±0.5 % needs on the order of 100,000 run-outs (three hands each),
  so a Python loop cannot meet 50 ms. NumPy (a well-kept, ubiquitous library)
  runs the same table lookups over whole arrays: under 10 ns a hand, about
  30 ns with dealing the cards and settling the pot.
* Exact enumeration wherever the number of run-outs times hands is small
  (:data:`EXACT_BUDGET`), or the run-outs are no more than sampling would
  draw anyway (:data:`EXACT_DEALS`): heads-up from the flop is 990
  run-outs, well under a millisecond of array work, so every flop, turn and
  river question with known hands is exact. Stud from sixth street and
  Omaha from the flop are exact too.
* Hold'em and Omaha before the flop with every hand known are exact as
  well, by an enumeration trick (:mod:`engine.board_classes`): a board
  matters to these hands only through its ranks unless three of its cards
  share a suit, so the 1.37 million boards (three-way Hold'em) fall into at
  most 152,607 classes that judge alike, each judged once on a
  representative board and weighted by how many boards it stands for.
  Three-way Hold'em takes about 8 ms that way, against about 12 ms for
  sampling 131,072 boards to a 0.45 % margin and 60-85 ms for judging every
  board; heads-up Omaha about 70 ms. (Also measured and dropped:
  stratifying samples by flop, a quarter to a half less variance,
  superseded by exactness; and a Hold'em-only shortcut reading strengths
  straight from the classes, about 3 ms faster, not worth a second path.)
* Simulation otherwise (stud before sixth street, opponents' unknown
  cards), in batches, stopping as soon as every figure's margin is within
  ``target_margin`` (0.5 % by default) or the sample budget is spent: about
  90,000 deals for a 99.9 % margin of 0.5 % three-way. Deals are uniformly
  random, each drawn without replacement.
* Opponents' unknown cards are dealt like the board: uniformly among unseen
  cards, or from a weighted :class:`Range` by inverse transform of its
  cumulative weights, a deal whose opponents' combinations collide being
  dropped (which is exactly conditioning on the cards not colliding).
  Against one range on the turn or river (or a random hand on the river) the
  enumeration is exact: every combination, weighted, with every run-out.
  Enumeration is chosen only while it counts at most four times the deals
  of the sample budget, so a computer player asking for 2,000 deals never
  waits for 400,000 exact ones.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain
from math import prod
from typing import Final

import numpy as np
import numpy.typing as npt

from engine.board_classes import board_classes, class_count
from engine.cards import Card
from engine.evaluation import Evaluation
from engine.evaluation.batch import BatchJudge, Dealt, Strengths, judge_for
from engine.runouts import Positions, deal_count, enumerate_deals, sample_cards, skip_taken
from engine.variants import VARIANTS, Variant

__all__ = [
    "EXACT_BUDGET",
    "EXACT_DEALS",
    "EXACT_OVER_SAMPLES",
    "EquityResult",
    "HandEquity",
    "Range",
    "equities",
    "equity_vs_range",
]

#: Deals times hands (times the 60 two-plus-three choices of an Omaha hand)
#: enumerated exactly without being asked; past it the calculation simulates.
EXACT_BUDGET: Final = 1_000_000
#: Deals always enumerated (when the sample budget allows): a deal costs the
#: same counted or sampled, and sampling to a 0.5 % margin draws about as many.
EXACT_DEALS: Final = 150_000
#: Enumeration is chosen over sampling only while it counts at most this many
#: times the deals of the sample budget.
EXACT_OVER_SAMPLES: Final = 4
#: Two-sided 99.9 % quantile of the normal distribution: the margin is this
#: many standard errors.
CONFIDENCE_Z: Final = 3.2905
_BATCH: Final = 1 << 15
_OMAHA_BATCH: Final = 1 << 12
_FIRST_TIMED_BATCH: Final = 1 << 8
#: Most deals drawn at once when opponents' ranges often collide.
_MOST_DRAWN: Final = 1 << 18


@dataclass(frozen=True, slots=True)
class HandEquity:
    """One hand's prospects, each a probability (a share of the pot for ``equity``)."""

    #: The share of the pot this hand can expect (wins, splits and halves counted).
    equity: float
    #: Takes the whole pot alone (in Hi-Lo: scoops).
    win: float
    #: Takes part of the pot but not all of it alone (a split pot; in Hi-Lo any
    #: half or quarter).
    tie: float
    #: Hi-Lo: takes one half alone and no part of the other (0 in other games).
    half: float
    #: Half-width of the 99.9 % confidence interval of every figure above; 0 when exact.
    margin: float

    @property
    def scoop(self) -> float:
        """Hi-Lo: takes both halves (the whole pot) alone; the same as ``win``."""
        return self.win


@dataclass(frozen=True, slots=True)
class EquityResult:
    """The prospects of every hand, in the order they were given."""

    hands: tuple[HandEquity, ...]
    #: Every run-out was counted (``True``), or a random sample of them (print "≈").
    exact: bool
    #: How many deals were counted: run-outs (and opponents' hands) enumerated or sampled.
    deals: int
    #: The game splits the pot between a high and a low hand.
    split: bool

    @property
    def margin(self) -> float:
        """The largest margin of any hand's figures (0 when exact)."""
        return max((hand.margin for hand in self.hands), default=0.0)


@dataclass(frozen=True, slots=True, init=False)
class Range:
    """The hole cards an opponent may hold, each combination with a weight.

    Weights are relative (a combination of weight 2 is twice as likely as one
    of weight 1, before card removal); combinations holding a card that is
    seen (the hero's, the board's, a dead card) are left out by the
    calculation.

    >>> from engine.cards import parse_cards as cards
    >>> villain = Range({tuple(cards("KsKh")): 1.0, tuple(cards("AsKs")): 0.5})
    >>> len(villain), villain.weights
    (2, (1.0, 0.5))
    """

    combos: tuple[tuple[Card, ...], ...]
    weights: tuple[float, ...]
    # The same as arrays, worked out once: card codes (one row per combination),
    # the bit mask of each combination's cards, the weights.
    _codes: npt.NDArray[np.intp] = field(compare=False, repr=False)
    _masks: npt.NDArray[np.uint64] = field(compare=False, repr=False)
    _weights: npt.NDArray[np.float64] = field(compare=False, repr=False)

    def __init__(
        self,
        combos: Mapping[tuple[Card, ...], float] | Iterable[Sequence[Card]],
        weights: Iterable[float] | None = None,
    ) -> None:
        if isinstance(combos, Mapping):
            if weights is not None:
                raise ValueError("Give the weights in the mapping or apart, not both.")
            pairs = list(combos.items())
            cards_of = [tuple(combo) for combo, _ in pairs]
            weight_of = [float(weight) for _, weight in pairs]
        else:
            cards_of = [tuple(combo) for combo in combos]
            weight_of = [1.0] * len(cards_of) if weights is None else [float(w) for w in weights]
        if len(weight_of) != len(cards_of):
            raise ValueError("A range needs one weight for each combination.")
        if not all(isinstance(card, Card) for combo in cards_of for card in combo):
            wrong = next(c for combo in cards_of for c in combo if not isinstance(c, Card))
            raise ValueError(f"{wrong!r} is not a card.")
        if len({len(combo) for combo in cards_of}) > 1:
            raise ValueError("Every combination of a range has the same number of cards.")
        size = len(cards_of[0]) if cards_of else 0
        codes = np.array(cards_of, dtype=np.intp).reshape(len(cards_of), size)
        ordered = np.sort(codes, axis=1)
        twice = np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1))
        if twice.size:
            raise ValueError(f"The combination {_text(cards_of[twice[0]])} holds a card twice.")
        weight_array = np.array(weight_of, dtype=np.float64)
        if not (np.isfinite(weight_array) & (weight_array >= 0)).all():
            raise ValueError("Range weights must be finite and not negative.")
        masks = np.bitwise_or.reduce(np.uint64(1) << codes.astype(np.uint64), axis=1)
        for name, value in (
            ("combos", tuple(cards_of)),
            ("weights", tuple(weight_of)),
            ("_codes", codes),
            ("_masks", masks.astype(np.uint64)),
            ("_weights", weight_array),
        ):
            object.__setattr__(self, name, value)

    def __len__(self) -> int:
        return len(self.combos)


#: An opponent for :func:`equity_vs_range`: a range, or the cards known of
#: their hand (none: a random hand; stud: the up cards).
Opponent = Range | Sequence[Card]


def equities(
    variant: Variant | str,
    hands: Sequence[Sequence[Card]],
    board: Sequence[Card] = (),
    dead: Sequence[Card] = (),
    *,
    rng: random.Random | None = None,
    exact: bool | None = None,
    max_samples: int = 300_000,
    target_margin: float | None = 0.005,
    time_budget: float | None = None,
    clock: Callable[[], float] | None = None,
) -> EquityResult:
    """Each hand's chance to win, tie and its share of the pot, with the board to come.

    ``variant`` is a :class:`~engine.variants.Variant` or its code (``"NT"``,
    ``"PO/8"``, ``"F7S"``, …): any game with a board (Pineapple after its
    discard) or stud. ``hands`` are each player's known cards: hole cards, or
    in stud the up and down cards so far (a hand given fewer cards than it
    holds at showdown gets random ones for the rest). ``board`` is the board
    so far (in stud, a common card dealt when the deck ran short), ``dead``
    any other card known to be out of play (a folded hand that was shown).

    ``exact``: ``None`` enumerates every run-out when there are at most
    :data:`EXACT_DEALS` of them or they cost at most :data:`EXACT_BUDGET`
    hand evaluations, and at most :data:`EXACT_OVER_SAMPLES` times
    ``max_samples``, and simulates otherwise; ``True`` always enumerates
    (however long it takes), ``False`` always simulates. A simulation draws
    deals with ``rng`` in batches until every figure's margin is at most
    ``target_margin`` (``None``: no such stop), ``max_samples`` deals are
    drawn, or ``time_budget`` seconds have passed on ``clock`` (the engine
    reads no clock of its own; batches start at 256 deals and are sized to
    the time left at the pace so far, so the budget is overrun by little).
    Bad input raises ``ValueError`` with a sentence saying what is wrong.
    """
    game = _Game.of(variant)
    question = _Question.build(game, [tuple(hand) for hand in hands], (), tuple(board), dead)
    return _answer(
        question,
        rng=rng,
        exact=exact,
        max_samples=max_samples,
        target_margin=target_margin,
        time_budget=time_budget,
        clock=clock,
    )


def equity_vs_range(
    variant: Variant | str,
    hand: Sequence[Card],
    opponents: int | Sequence[Opponent],
    board: Sequence[Card] = (),
    dead: Sequence[Card] = (),
    *,
    rng: random.Random | None = None,
    exact: bool | None = None,
    max_samples: int = 10_000,
    target_margin: float | None = None,
    time_budget: float | None = None,
    clock: Callable[[], float] | None = None,
) -> EquityResult:
    """``hand``'s prospects against opponents whose cards are not known.

    ``opponents`` is how many random hands, or one entry per opponent: a
    :class:`Range` (Hold'em, Omaha: weighted hole-card combinations, those
    holding a seen card left out) or the cards known of that hand (stud: the
    up cards; an empty sequence for a random hand). The hero's figures are
    ``hands[0]`` of the result, the opponents' follow in order.

    Exact where that counts few deals (one range on the turn or river, a
    random hand on the river, for instance); else at most ``max_samples``
    deals, fewer when ``target_margin`` is reached or ``time_budget`` seconds
    pass on ``clock``. The other arguments are those of :func:`equities`. A
    computer player deciding within 50 ms can afford a few thousand deals:
    2,000 against one to three unknown hands take about 1 ms (p50) and 5 ms
    (p99) of CPU time on the project's machine.
    """
    game = _Game.of(variant)
    if isinstance(opponents, int):
        if opponents < 1:
            raise ValueError("Name at least one opponent.")
        opponents = [()] * opponents
    known: list[tuple[Card, ...]] = [tuple(hand)]
    ranges: list[Range | None] = [None]
    for opponent in opponents:
        if isinstance(opponent, Range):
            known.append(())
            ranges.append(opponent)
        else:
            known.append(tuple(opponent))
            ranges.append(None)
    question = _Question.build(game, known, tuple(ranges), tuple(board), dead)
    return _answer(
        question,
        rng=rng,
        exact=exact,
        max_samples=max_samples,
        target_margin=target_margin,
        time_budget=time_budget,
        clock=clock,
    )


# --- The question: the game, the cards seen, what is still to come ---------------------


@dataclass(frozen=True, slots=True)
class _Game:
    variant: Variant
    judges: tuple[BatchJudge, ...]
    #: Cards a hand holds at showdown, and board cards at showdown (0: stud).
    hole: int
    board: int
    #: Combinations one hand is judged by (60 in Omaha), for the cost of enumerating.
    work: int

    @staticmethod
    def of(variant: Variant | str) -> _Game:
        if isinstance(variant, str):
            found = VARIANTS.get(variant)
            if found is None:
                known = ", ".join(sorted(VARIANTS))
                raise ValueError(f"There is no game {variant!r}; the games are {known}.")
            variant = found
        if any(street.draw for street in variant.streets):
            raise ValueError(
                f"Equity is worked out for games with a board and for stud; "
                f"{variant.name} is a draw game."
            )
        if variant.boards > 1:
            # Each board wins its own share of the pot; a single run-out's odds
            # would name one winner where there are two, so refuse rather than mislead.
            raise ValueError(
                f"Equity is worked out for games with one board; {variant.name} deals "
                f"{variant.boards}."
            )
        judges = tuple(judge_for(evaluation) for evaluation in variant.evaluations)
        board = sum(street.board for street in variant.streets)
        omaha = Evaluation.OMAHA_HIGH in variant.evaluations
        return _Game(variant, judges, variant.hole_card_count, board, 60 if omaha else 1)

    @property
    def split(self) -> bool:
        return len(self.judges) > 1


@dataclass(frozen=True, slots=True)
class _Question:
    game: _Game
    board: tuple[Card, ...]
    board_missing: int
    hands: tuple[tuple[Card, ...], ...]
    #: Cards each hand still gets at random (0 for a hand taken from a range).
    missing: tuple[int, ...]
    ranges: tuple[_Combos | None, ...]
    #: Codes of the unseen cards of the game's deck.
    pool: npt.NDArray[np.intp]

    @staticmethod
    def build(
        game: _Game,
        hands: list[tuple[Card, ...]],
        ranges: tuple[Range | None, ...],
        board: tuple[Card, ...],
        dead: Sequence[Card],
    ) -> _Question:
        if not hands:
            raise ValueError("There are no hands to compare.")
        ranges = ranges or (None,) * len(hands)
        dead = tuple(dead)
        deck = frozenset(game.variant.deck.cards)
        seen: set[Card] = set()
        for card in chain(chain.from_iterable(hands), board, dead):
            if not isinstance(card, Card):
                raise ValueError(f"{card!r} is not a card.")
            if card in seen:
                raise ValueError(f"{card} appears twice.")
            if card not in deck:
                raise ValueError(f"{card} is not in the deck of {game.variant.name}.")
            seen.add(card)
        board_size, hole = game.board, game.hole
        if game.board == 0:  # stud: a common card is dealt when the deck runs short
            board_size, hole = len(board), game.hole - len(board)
            if len(board) > 1:
                raise ValueError("Stud has at most one common card.")
        elif len(board) > board_size:
            raise ValueError(f"The board of {game.variant.name} has {board_size} cards at most.")
        for number, hand in enumerate(hands, start=1):
            if len(hand) > hole:
                raise ValueError(
                    f"Hand {number} has {len(hand)} cards; a hand in {game.variant.name} "
                    f"holds {hole}" + (" after the discard." if _discards(game.variant) else ".")
                )
        pool = np.array([card for card in game.variant.deck.cards if card not in seen], np.intp)
        combos = tuple(
            None if entry is None else _Combos.of(entry, hole, seen, deck, number)
            for number, entry in enumerate(ranges, start=1)
        )
        missing = [
            0 if combo is not None else hole - len(hand)
            for hand, combo in zip(hands, combos, strict=True)
        ]
        board_missing = board_size - len(board)
        from_ranges = sum(hole for combo in combos if combo is not None)
        if board_missing + sum(missing) + from_ranges > pool.size:
            needed = set(missing)
            if game.board == 0 and not board and len(needed) == 1 and needed != {0}:
                # Stud at a full table: the last card is one common card for everyone.
                missing = [count - 1 for count in missing]
                board_missing = 1
            if board_missing + sum(missing) + from_ranges > pool.size:
                raise ValueError("There are not enough unseen cards to deal every hand.")
        return _Question(game, board, board_missing, tuple(hands), tuple(missing), combos, pool)

    @property
    def players(self) -> int:
        return len(self.hands)


def _mask_of(cards: Iterable[Card]) -> int:
    """The bit mask of card codes."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _discards(variant: Variant) -> bool:
    return any(street.discard for street in variant.streets)


def _text(cards: Sequence[Card]) -> str:
    return "".join(str(card) for card in cards)


@dataclass(frozen=True, slots=True)
class _Combos:
    """A range with the combinations seen cards rule out removed, as arrays."""

    #: Card codes, one row per card of a combination, one column per combination.
    cards: npt.NDArray[np.intp]
    masks: npt.NDArray[np.uint64]
    weights: npt.NDArray[np.float64]
    cumulative: npt.NDArray[np.float64]

    @staticmethod
    def of(entry: Range, hole: int, seen: set[Card], deck: frozenset[Card], number: int) -> _Combos:
        codes, masks, weights = entry._codes, entry._masks, entry._weights
        if codes.shape[0] and codes.shape[1] != hole:
            raise ValueError(
                f"The range of hand {number} holds {_text(entry.combos[0])}; "
                f"hands here have {hole} cards."
            )
        outside = np.flatnonzero(masks & ~np.uint64(_mask_of(deck)))
        if outside.size:
            raise ValueError(
                f"The range of hand {number} holds {_text(entry.combos[outside[0]])}, "
                "not in this deck."
            )
        kept = np.flatnonzero(((masks & np.uint64(_mask_of(seen))) == 0) & (weights > 0))
        if not kept.size:
            raise ValueError(
                f"No hand in the range of hand {number} is possible with the cards seen."
            )
        kept_weights = weights.take(kept)
        return _Combos(
            codes.take(kept, axis=0).T.copy(),
            masks.take(kept),
            kept_weights,
            np.cumsum(kept_weights),
        )

    def __len__(self) -> int:
        return int(self.cards.shape[1])


# --- Deals: enumerated or sampled -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Batch:
    size: int
    board: Dealt
    holes: list[Dealt]
    #: Weight of each deal (``None``: all equal).
    weights: npt.NDArray[np.float64] | None


def _groups(question: _Question) -> list[int]:
    return [question.board_missing, *question.missing]


def _assemble(
    question: _Question,
    size: int,
    random_cards: Sequence[npt.NDArray[np.intp]],
    range_cards: Mapping[int, npt.NDArray[np.intp]],
    weights: npt.NDArray[np.float64] | None,
) -> _Batch:
    """A batch from the columns of random cards (board first, then each hand's)
    and the ranges' chosen combinations (player -> rows of card codes)."""
    position = question.board_missing
    board = Dealt(tuple(question.board), tuple(random_cards[:position]))
    holes = []
    for player, (hand, count) in enumerate(zip(question.hands, question.missing, strict=True)):
        columns = tuple(random_cards[position : position + count])
        position += count
        chosen = range_cards.get(player)
        if chosen is not None:
            columns += tuple(chosen)
        holes.append(Dealt(tuple(hand), columns))
    return _Batch(size, board, holes, weights)


def _range_rows(
    question: _Question,
) -> tuple[dict[int, npt.NDArray[np.intp]], npt.NDArray[np.float64]]:
    """Every compatible choice of a combination per range: the combination index of
    each range player (one entry per row) and the row's weight."""
    indices: dict[int, npt.NDArray[np.intp]] = {}
    weights = np.ones(1)
    masks = np.zeros(1, dtype=np.uint64)
    for player, combos in enumerate(question.ranges):
        if combos is None:
            continue
        rows, choices = weights.size, len(combos)
        row_of = np.repeat(np.arange(rows), choices)
        choice = np.tile(np.arange(choices), rows)
        combo_masks = combos.masks.take(choice)
        keep = np.flatnonzero((masks.take(row_of) & combo_masks) == 0)
        row_of, choice = row_of.take(keep), choice.take(keep)
        indices = {other: index.take(row_of) for other, index in indices.items()}
        indices[player] = choice
        weights = weights.take(row_of) * combos.weights.take(choice)
        masks = masks.take(row_of) | combo_masks.take(keep)
    return indices, weights


def _exact_size(question: _Question) -> int:
    """Deals an enumeration would count."""
    from_ranges = [len(combos) for combos in question.ranges if combos is not None]
    pool = question.pool.size - sum(question.game.hole for _ in from_ranges)
    runouts = deal_count(pool, _groups(question))
    return runouts * prod(from_ranges)


def _enumerated(question: _Question) -> Iterator[_Batch]:
    indices, weights = _range_rows(question)
    if weights.size == 0:
        raise ValueError("The ranges leave no possible deal.")
    pool = question.pool
    taken_cards = [
        combos.cards.take(indices[player], axis=1)
        for player, combos in enumerate(question.ranges)
        if combos is not None
    ]
    # Where each row's range cards sit in the pool, sorted, to skip them.
    position_of = np.full(52, -1, dtype=np.intp)
    position_of[pool] = np.arange(pool.size)
    taken = (
        np.sort(position_of.take(np.vstack(taken_cards)), axis=0)
        if taken_cards
        else np.zeros((0, 1), dtype=np.intp)
    )
    runouts = enumerate_deals(pool.size - taken.shape[0], _groups(question))
    per_row = runouts.shape[1]
    chunk = _OMAHA_BATCH if question.game.work > 1 else _BATCH
    rows_per_chunk = max(1, chunk // per_row)
    for first_row in range(0, weights.size, rows_per_chunk):
        rows = np.arange(first_row, min(first_row + rows_per_chunk, weights.size))
        for first_runout in range(0, per_row, chunk):
            part = runouts[:, first_runout : first_runout + chunk].astype(np.intp)
            row_of = np.repeat(rows, part.shape[1])
            relative: Positions = np.tile(part, (1, rows.size))
            if taken.shape[0]:
                relative = skip_taken(relative, taken.take(row_of, axis=1))
            cards = pool.take(relative)
            range_cards = {
                player: question.ranges[player].cards.take(index.take(row_of), axis=1)  # type: ignore[union-attr]
                for player, index in indices.items()
            }
            row_weights = None if not indices else weights.take(row_of)
            yield _assemble(question, row_of.size, list(cards), range_cards, row_weights)


def _sampled(
    question: _Question, generator: np.random.Generator, sizes: Iterator[int]
) -> Iterator[_Batch]:
    count = question.board_missing + sum(question.missing)
    #: Share of deals whose opponents' combinations do not collide, as last seen.
    apart_share = 1.0
    for size in sizes:
        # Draw enough that, once collisions are dropped, ``size`` deals are left.
        drawn = size if apart_share == 1.0 else int(size / max(apart_share, 0.01) * 1.1) + 16
        drawn = min(drawn, _MOST_DRAWN)
        held = np.zeros(drawn, dtype=np.uint64)
        range_cards: dict[int, npt.NDArray[np.intp]] = {}
        apart = np.ones(drawn, dtype=np.bool_)
        for player, combos in enumerate(question.ranges):
            if combos is None:
                continue
            targets = generator.random(drawn) * combos.cumulative[-1]
            choice = np.searchsorted(combos.cumulative, targets, side="right")
            choice = np.minimum(choice, len(combos) - 1)
            chosen_masks = combos.masks.take(choice)
            apart &= (held & chosen_masks) == 0
            held |= chosen_masks
            range_cards[player] = combos.cards.take(choice, axis=1)
        if not apart.all() or drawn > size:
            # Opponents' combinations that collide: that deal cannot happen.
            keep = np.flatnonzero(apart)
            apart_share = keep.size / drawn
            if not keep.size and drawn == _MOST_DRAWN:
                raise ValueError("The opponents' ranges (almost) never fit together.")
            keep = keep[:size]
            held = held.take(keep)
            range_cards = {
                player: cards.take(keep, axis=1) for player, cards in range_cards.items()
            }
        random_cards = sample_cards(question.pool, count, held, generator)
        yield _assemble(question, held.size, random_cards, range_cards, None)


# --- Who wins what -----------------------------------------------------------------------


@dataclass(slots=True)
class _Tally:
    """Running sums over the deals counted so far, one entry per hand."""

    players: int
    deals: int = 0
    weight: float = 0.0
    share: npt.NDArray[np.float64] | None = None
    share_squared: npt.NDArray[np.float64] | None = None
    win: npt.NDArray[np.float64] | None = None
    tie: npt.NDArray[np.float64] | None = None
    half: npt.NDArray[np.float64] | None = None

    def add(self, batch: _Batch, judges: Sequence[BatchJudge]) -> None:
        high = np.stack(judges[0].strengths(batch.board, batch.holes, batch.size))
        low = (
            np.stack(judges[1].strengths(batch.board, batch.holes, batch.size))
            if len(judges) > 1
            else None
        )
        self.add_strengths(high, low, batch.weights)

    def add_strengths(
        self,
        high: Strengths,
        low: Strengths | None,
        weights: npt.NDArray[np.float64] | None,
        deals: int | None = None,
    ) -> None:
        """Counts deals judged (one row per hand, one column per deal or class
        of deals of that weight); ``deals``: how many deals they stand for."""
        share, win, tie, half = _settle(high, low)
        size = high.shape[1]

        def total(
            values: npt.NDArray[np.float64] | npt.NDArray[np.bool_],
        ) -> npt.NDArray[np.float64]:
            if weights is None:
                return np.asarray(values.sum(axis=1), dtype=np.float64)
            # Not ``values @ weights``: a bool matrix takes a slow generic loop,
            # and BLAS threads wait on each other on a busy machine.
            return np.asarray(np.einsum("ij,j->i", values, weights), dtype=np.float64)

        sums = [total(share), total(share * share), total(win), total(tie), total(half)]
        if self.share is None:
            self.share, self.share_squared, self.win, self.tie, self.half = sums
        else:
            for mine, more in zip(
                (self.share, self.share_squared, self.win, self.tie, self.half), sums, strict=True
            ):
                assert mine is not None
                mine += more
        self.deals += size if deals is None else deals
        self.weight += float(size if weights is None else weights.sum())

    def margins(self) -> npt.NDArray[np.float64]:
        """Each hand's 99.9 % margin over equity, win and tie (sampled deals)."""
        assert self.share is not None and self.share_squared is not None
        assert self.win is not None and self.tie is not None and self.half is not None
        n = self.weight
        if self.deals < 2:
            return np.ones(self.players)
        mean = self.share / n
        variance = np.maximum(self.share_squared / n - mean * mean, 0.0)
        for counted in (self.win, self.tie, self.half):
            p = counted / n
            variance = np.maximum(variance, p * (1 - p))
        return np.asarray(CONFIDENCE_Z * np.sqrt(variance / (n - 1)), dtype=np.float64)

    def result(self, exact: bool, split: bool) -> EquityResult:
        assert self.share is not None and self.win is not None
        assert self.tie is not None and self.half is not None
        n = self.weight
        margins = np.zeros(self.players) if exact else self.margins()
        hands = tuple(
            HandEquity(
                equity=float(self.share[i] / n),
                win=float(self.win[i] / n),
                tie=float(self.tie[i] / n),
                half=float(self.half[i] / n),
                margin=float(margins[i]),
            )
            for i in range(self.players)
        )
        return EquityResult(hands, exact, self.deals, split)


def _settle(
    high: Strengths, low: Strengths | None
) -> tuple[
    npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.bool_]
]:
    """Shares of the pot, and who wins it alone, shares it, or takes half, per hand
    (rows) and deal (columns), from the strengths of the high (and low) hands."""
    high_winners = high == high.max(axis=0)
    high_count = high_winners.sum(axis=0)
    high_alone = high_winners & (high_count == 1)
    high_share = high_winners / high_count
    if low is None:
        return high_share, high_alone, high_winners & ~high_alone, np.zeros_like(high_alone)
    best_low = low.max(axis=0)
    has_low = best_low > 0
    low_winners = (low == best_low) & has_low
    low_count = np.maximum(low_winners.sum(axis=0), 1)
    low_alone = low_winners & (low_count == 1)
    share = np.where(has_low, 0.5 * (high_share + low_winners / low_count), high_share)
    win = high_alone & (~has_low | low_alone)
    tie = (share > 0) & ~win
    half = (high_alone & ~low_winners & has_low) | (low_alone & ~high_winners)
    return share, win, tie, half


#: Classes of boards judged at once (Omaha's judge holds ten triples per board).
_CLASS_BATCH: Final = 1 << 16


def _classes_apply(question: _Question) -> bool:
    """Whether every board can be counted by classes (:mod:`engine.board_classes`):
    two hole cards per hand with any five of seven, or Omaha; every hand known;
    the whole board to come; and fewer classes than boards (not so with the
    20-card deck of Royal Hold'em)."""
    game = question.game
    return (
        (game.hole == 2 or game.work > 1)
        and game.board == 5
        and not question.board
        and not any(question.missing)
        and all(combos is None for combos in question.ranges)
        and deal_count(question.pool.size, [5]) > _classes(question)
    )


def _classes(question: _Question) -> int:
    return class_count(question.game.variant.deck.lowest_rank)


def _answer(
    question: _Question,
    *,
    rng: random.Random | None,
    exact: bool | None,
    max_samples: int,
    target_margin: float | None,
    time_budget: float | None,
    clock: Callable[[], float] | None,
) -> EquityResult:
    if max_samples < 1:
        raise ValueError("The sample budget must be at least one deal.")
    if time_budget is not None and clock is None:
        raise ValueError("A time budget needs a clock to read.")
    game = question.game
    tally = _Tally(question.players)
    if _classes_apply(question) and (
        exact or (exact is None and EXACT_OVER_SAMPLES * max_samples >= _classes(question))
    ):
        # Hold'em or Omaha with every hand known and the whole board to come:
        # every board counted, by classes of boards that judge alike.
        classes = board_classes(game.variant.deck.lowest_rank, question.pool.tolist())
        holes = [Dealt(hand) for hand in question.hands]
        for first in range(0, classes.weights.size, _CLASS_BATCH):
            part = slice(first, first + _CLASS_BATCH)
            board = Dealt((), tuple(column[part] for column in classes.boards))
            weights = classes.weights[part]
            tally.add(_Batch(weights.size, board, holes, weights), game.judges)
        tally.deals = deal_count(question.pool.size, [5])
        return tally.result(True, game.split)
    if exact is None:
        # Enumerate when that is cheap in itself and not much more work than
        # the sampling the caller budgeted for (a bot asking for 2,000 deals
        # does not want 400,000 counted exactly).
        size = _exact_size(question)
        exact = size <= EXACT_OVER_SAMPLES * max_samples and (
            size <= EXACT_DEALS or size * question.players * game.work <= EXACT_BUDGET
        )
    if exact:
        for batch in _enumerated(question):
            tally.add(batch, game.judges)
        return tally.result(True, game.split)
    source = rng if rng is not None else random.Random(0)
    generator = np.random.Generator(np.random.PCG64(source.getrandbits(128)))
    started = clock() if clock is not None and time_budget is not None else 0.0
    largest = _OMAHA_BATCH if game.work > 1 else _BATCH

    def sizes() -> Iterator[int]:
        size = _FIRST_TIMED_BATCH if time_budget is not None else largest
        while tally.deals < max_samples:
            yield min(size, max_samples - tally.deals)
            if target_margin is not None and tally.margins().max() <= target_margin:
                return
            size = min(size * 2, largest)
            if time_budget is not None and clock is not None:
                spent = clock() - started
                if spent >= time_budget:
                    return
                # As many deals as the time left allows, at the pace so far.
                pace = tally.deals / spent if spent > 0 else float("inf")
                size = max(_FIRST_TIMED_BATCH // 4, min(size, int(pace * (time_budget - spent))))

    for batch in _sampled(question, generator, sizes()):
        tally.add(batch, game.judges)
    if tally.deals == 0:
        raise ValueError("The ranges leave no possible deal.")
    return tally.result(False, game.split)
