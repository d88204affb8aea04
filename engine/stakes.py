"""What a table plays for: blinds, antes and bet sizes, and a tournament's
schedule of blind levels with the clock that moves through it.

Time enters only as numbers the caller passes in (hands played, seconds
elapsed), so a level change is as reproducible as everything else.

>>> schedule = BlindSchedule((BlindLevel(25, 50, hands=10), BlindLevel(50, 100, ante=100)))
>>> clock = LevelClock(schedule)
>>> clock.advance_if_due(hands_played=9), clock.level.big_blind
(False, 50)
>>> clock.advance_if_due(hands_played=10), clock.stakes.big_blind, clock.stakes.ante_kind.value
(True, 100, 'big-blind')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from engine.errors import RulesError
from engine.variants import Variant

#: A table's defaults in big blinds, where its creator names no amount: the
#: buy-in range of a cash table, the most rake a pot pays, and a sit-and-go's
#: buy-in and the stack everyone starts it with.
MIN_BUY_IN_BIG_BLINDS: Final = 20
MAX_BUY_IN_BIG_BLINDS: Final = 100
RAKE_CAP_BIG_BLINDS: Final = 3
TOURNAMENT_BUY_IN_BIG_BLINDS: Final = 20
STARTING_STACK_BIG_BLINDS: Final = 100
#: The most chips any amount at a table may be: a blind, a buy-in, a stack.
MAX_CHIPS: Final = 1_000_000_000


class AnteKind(Enum):
    """Who posts the ante."""

    NONE = "none"
    #: Every player dealt in posts it.
    EVERY_PLAYER = "every-player"
    #: The big blind posts it for the whole table (one ante per hand).
    BIG_BLIND = "big-blind"


@dataclass(frozen=True, slots=True)
class Stakes:
    """Blinds, antes and bet sizes.

    ``straddle`` allows a live straddle of twice the big blind by the player
    left of the big blind (no-limit and pot-limit only; the table checks).
    ``small_bet`` and ``big_bet`` are the fixed-limit bets, or the spread-limit
    ceilings, of the early and the late streets (default: one and two big
    blinds); ``min_bet`` is the smallest bet in no-limit, pot-limit and spread
    limit (default: the big blind). ``bring_in`` is the stud forced bet.
    """

    small_blind: int
    big_blind: int
    ante: int = 0
    ante_kind: AnteKind = AnteKind.NONE
    straddle: bool = False
    small_bet: int = 0
    big_bet: int = 0
    min_bet: int = 0
    bring_in: int = 0

    def __post_init__(self) -> None:
        if not 0 < self.small_blind <= self.big_blind <= MAX_CHIPS:
            raise RulesError("blinds", small_blind=self.small_blind, big_blind=self.big_blind)
        if min(self.ante, self.small_bet, self.big_bet, self.min_bet, self.bring_in) < 0:
            raise RulesError("stakes_negative")
        if (self.ante > 0) != (self.ante_kind is not AnteKind.NONE):
            raise RulesError("ante_kind")

    @property
    def straddle_amount(self) -> int:
        return 2 * self.big_blind

    @property
    def fixed_small_bet(self) -> int:
        """The bet of the early streets in fixed and spread limit."""
        return self.small_bet or self.big_blind

    @property
    def fixed_big_bet(self) -> int:
        """The bet of the late streets in fixed and spread limit."""
        return self.big_bet or 2 * self.fixed_small_bet

    @property
    def smallest_bet(self) -> int:
        return self.min_bet or self.big_blind


def stud_stakes(small_blind: int, big_blind: int) -> Stakes:
    """The stakes of a stud game, from the two numbers every table is created with.

    A stud game has no blinds, so its "blinds" name the bets: everyone antes
    a fifth of the small blind (rounded, at least 1), the lowest (or highest)
    up card brings in for the small blind (at most half the big blind when the
    two are equal, at least 1), the small bet is the big blind and the big bet
    twice the big blind. At 5/10: ante 1, bring-in 5, bets 10/20.

    >>> stakes = stud_stakes(5, 10)
    >>> stakes.ante, stakes.bring_in, stakes.fixed_small_bet, stakes.fixed_big_bet
    (1, 5, 10, 20)
    """
    bring_in = small_blind if small_blind < big_blind else max(1, big_blind // 2)
    return Stakes(
        small_blind,
        big_blind,
        ante=max(1, (small_blind + 2) // 5),
        ante_kind=AnteKind.EVERY_PLAYER,
        small_bet=big_blind,
        big_bet=2 * big_blind,
        bring_in=bring_in,
    )


def plays_for_antes(game: Variant) -> bool:
    """Whether ``game`` is dealt with neither blinds nor a bring-in (Five Card
    Draw): everyone antes, and the bets are fixed (:func:`ante_stakes`)."""
    return not game.uses_blinds and not game.uses_bring_in


def takes_table_ante(game: Variant) -> bool:
    """Whether a table dealing ``game`` alone may add its own ante (from
    everyone, or from the big blind for the table): only where blinds are
    posted; stud and the games played for antes have theirs already."""
    return game.uses_blinds


def takes_straddle(game: Variant) -> bool:
    """Whether a table dealing ``game`` alone may offer live straddles: only
    no-limit and pot-limit games dealt with blinds, where the straddle acts as
    a third blind that sets the size of every raise."""
    return game.uses_blinds and game.betting.is_big_bet


def ante_stakes(small_blind: int, big_blind: int) -> Stakes:
    """The stakes of a game dealt with neither blinds nor a bring-in (Five Card
    Draw, jackpots or not), from the table's two numbers: everyone antes the
    small blind, the bets are the big blind before the draw and twice it after.

    >>> stakes = ante_stakes(5, 10)
    >>> stakes.ante, stakes.fixed_small_bet, stakes.fixed_big_bet
    (5, 10, 20)
    """
    return Stakes(small_blind, big_blind, ante=small_blind, ante_kind=AnteKind.EVERY_PLAYER)


def table_stakes(
    game: Variant,
    small_blind: int,
    big_blind: int,
    *,
    ante: int = 0,
    big_blind_ante: bool = False,
    straddle: bool = False,
) -> Stakes:
    """The stakes a table dealing ``game`` alone plays for, from the two numbers
    every table is created with: stud's ante, bring-in and bets
    (:func:`stud_stakes`), everyone's ante in a game without blinds
    (:func:`ante_stakes`), else the two blinds with the table's own ante (from
    everyone, or from the big blind for the table) and live straddles.

    >>> from engine.variants import VARIANTS
    >>> table_stakes(VARIANTS["F7S"], 5, 10).bring_in, table_stakes(VARIANTS["F5D"], 5, 10).ante
    (5, 5)
    >>> table_stakes(VARIANTS["NT"], 5, 10, ante=10, big_blind_ante=True).ante_kind.value
    'big-blind'

    An ante only where blinds are posted, at most the big blind; a straddle
    only where :func:`takes_straddle`; else a :class:`~engine.errors.RulesError`:

    >>> table_stakes(VARIANTS["NT"], 5, 10, ante=20)
    Traceback (most recent call last):
    engine.errors.RulesError: The ante must be from 1 chip to the big blind (10), not 20.
    """
    if not 0 < small_blind <= big_blind <= MAX_CHIPS:
        raise RulesError("blinds", small_blind=small_blind, big_blind=big_blind)
    if ante or big_blind_ante:
        if not takes_table_ante(game):
            raise RulesError("ante_game", variant=game.name)
        if not 1 <= ante <= big_blind:
            raise RulesError("ante", ante=ante, big_blind=big_blind)
    if straddle and not takes_straddle(game):
        raise RulesError("straddle", variant=game.name)
    if game.uses_bring_in:
        return stud_stakes(small_blind, big_blind)
    if plays_for_antes(game):
        return ante_stakes(small_blind, big_blind)
    ante_kind = AnteKind.NONE
    if ante:
        ante_kind = AnteKind.BIG_BLIND if big_blind_ante else AnteKind.EVERY_PLAYER
    return Stakes(small_blind, big_blind, ante, ante_kind, straddle=straddle)


@dataclass(frozen=True, slots=True)
class BlindLevel:
    """One level of a tournament: its blinds and ante, and how long it lasts,
    in hands or in seconds. The last level of a schedule may last forever."""

    small_blind: int
    big_blind: int
    ante: int = 0
    hands: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if (self.hands is not None and self.seconds is not None) or (
            (self.hands is not None and self.hands <= 0)
            or (self.seconds is not None and self.seconds <= 0)
        ):
            raise RulesError("level_length")

    @property
    def lasts_forever(self) -> bool:
        return self.hands is None and self.seconds is None


@dataclass(frozen=True, slots=True)
class BlindSchedule:
    """A tournament's blind levels in order, and who posts their antes."""

    levels: tuple[BlindLevel, ...]
    ante_kind: AnteKind = AnteKind.BIG_BLIND

    def __post_init__(self) -> None:
        if not self.levels:
            raise RulesError("schedule_empty")
        if self.ante_kind is AnteKind.NONE and any(level.ante for level in self.levels):
            raise RulesError("schedule_ante_kind")
        for level in self.levels[:-1]:
            if level.lasts_forever:
                raise RulesError("schedule_last_level")

    def stakes(self, index: int) -> Stakes:
        """The stakes of level ``index`` (0-based)."""
        level = self.levels[index]
        kind = self.ante_kind if level.ante else AnteKind.NONE
        return Stakes(level.small_blind, level.big_blind, level.ante, kind)


@dataclass(slots=True)
class LevelClock:
    """Where a tournament is in its schedule.

    A level ends after its number of hands, or once its seconds have passed
    since it began; the next level begins where the last one ended (not when
    somebody noticed), so a late check never stretches the schedule. If a
    check comes after several levels have ended, it moves through all of them.
    """

    schedule: BlindSchedule
    index: int = 0
    #: Hands played and seconds elapsed when the current level began.
    began_at_hand: int = 0
    began_at_second: float = 0.0

    @property
    def level(self) -> BlindLevel:
        return self.schedule.levels[self.index]

    @property
    def stakes(self) -> Stakes:
        return self.schedule.stakes(self.index)

    def advance_if_due(self, hands_played: int, elapsed_seconds: float | None = None) -> bool:
        """Move to the next level while the current one has run its course;
        returns whether the level changed. Without ``elapsed_seconds`` a level
        timed in seconds never ends."""
        changed = False
        while self.index + 1 < len(self.schedule.levels):
            level = self.level
            if level.hands is not None and hands_played - self.began_at_hand >= level.hands:
                self.began_at_hand += level.hands
                if elapsed_seconds is not None:
                    self.began_at_second = elapsed_seconds
            elif (
                level.seconds is not None
                and elapsed_seconds is not None
                and elapsed_seconds - self.began_at_second >= level.seconds
            ):
                self.began_at_second += level.seconds
                self.began_at_hand = hands_played
            else:
                break
            self.index += 1
            changed = True
        return changed
