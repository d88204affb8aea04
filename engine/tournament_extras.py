"""A sit-and-go's rebuys, add-on and knockout bounties: who may buy chips when,
what part of each buy-in is a bounty, and who is paid a bounty when a player
busts.

- **Rebuys**: during the first ``rebuy_levels`` blind levels a player whose
  stack is at or below the starting stack may buy the starting stack again,
  for the buy-in, between their hands.
- **Add-on**: once per player, during the last rebuy level (the end of the
  rebuy period), ``add_on_chips`` for ``add_on_price``, whatever the stack.
- **Knockout bounties**: ``bounty`` chips of each buy-in and rebuy are set
  aside as a bounty on the player's head; the rest goes to the prize pool.
  When the player busts, the bounty on their head is paid to who busted them:
  the winners of the pot that busted them (the last pot they were in, the one
  their all-in capped), in proportion to what each won of that pot (TDA: a
  split pot splits the bounty), the odd chips one each to the first winners in
  the order the pot paid them. The winner of the tournament takes their own.
- **Progressive knockouts**: half of a bounty won is paid to the buster
  (the odd chip with it), the other half is added to the buster's own bounty.

A player busted during the rebuy levels may rebuy instead of being placed
(:class:`~engine.table.Table` keeps their seat until the end of the next
hand); their bounty is paid at the bust all the same, and a rebuy puts a new
``bounty`` on their head (a rebuy while still in adds ``bounty`` to it).

>>> extras = TournamentExtras(rebuy_levels=2, add_on_price=100, add_on_chips=1500, bounty=20)
>>> extras.rebuy_refusal(level_index=1, stack=900, starting_stack=1000, in_hand=False) is None
True
>>> extras.rebuy_refusal(level_index=2, stack=900, starting_stack=1000, in_hand=False)
'rebuys_over'
>>> extras.add_on_refusal(level_index=0, in_hand=False, taken=False)
'add_on_not_yet'
>>> extras.prize_part(100), knockout_payment(25, progressive=True)
(80, (13, 12))
>>> split_bounty(25, ((3, 100), (5, 100)))
((3, 13), (5, 12))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from engine.errors import RulesError
from engine.events import PotAwarded
from engine.pots import Pot
from engine.stakes import MAX_CHIPS

#: Rebuys are open for at most this many levels.
MAX_REBUY_LEVELS: Final = 10


@dataclass(frozen=True, slots=True)
class TournamentExtras:
    """A sit-and-go's rebuys, add-on and bounties (all off by default)."""

    rebuy_levels: int = 0
    add_on_price: int = 0
    add_on_chips: int = 0
    bounty: int = 0
    progressive: bool = False

    def __post_init__(self) -> None:
        if not 0 <= self.rebuy_levels <= MAX_REBUY_LEVELS:
            raise RulesError("rebuy_levels", levels=self.rebuy_levels, high=MAX_REBUY_LEVELS)
        if not (0 <= self.add_on_price <= MAX_CHIPS and 0 <= self.add_on_chips <= MAX_CHIPS):
            raise RulesError("add_on_amounts")
        if (self.add_on_price == 0) != (self.add_on_chips == 0):
            raise RulesError("add_on_amounts")
        if self.add_on_chips and not self.rebuy_levels:
            raise RulesError("add_on_without_rebuys")
        if not 0 <= self.bounty <= MAX_CHIPS:
            raise RulesError("bounty_amount", amount=self.bounty)
        if self.progressive and not self.bounty:
            raise RulesError("progressive_without_bounty")

    @property
    def any(self) -> bool:
        return bool(self.rebuy_levels or self.bounty)

    @property
    def has_add_on(self) -> bool:
        return self.add_on_chips > 0

    def check_buy_in(self, buy_in: int) -> None:
        """A bounty is a part of the buy-in: less than all of it."""
        if self.bounty and self.bounty >= buy_in:
            raise RulesError("bounty_too_large", amount=self.bounty, buy_in=buy_in)

    def rebuys_open(self, level_index: int) -> bool:
        """Whether the level (from 0) is one of the rebuy levels."""
        return level_index < self.rebuy_levels

    def add_on_open(self, level_index: int) -> bool:
        """The add-on is taken during the last rebuy level."""
        return self.has_add_on and level_index == self.rebuy_levels - 1

    def rebuy_refusal(
        self, *, level_index: int, stack: int, starting_stack: int, in_hand: bool
    ) -> str | None:
        """Why the player may not rebuy now (a sentence key), or ``None``."""
        if not self.rebuy_levels:
            return "no_rebuys"
        if not self.rebuys_open(level_index):
            return "rebuys_over"
        if in_hand:
            return "rebuy_in_hand"
        if stack > starting_stack:
            return "rebuy_stack_too_large"
        return None

    def add_on_refusal(
        self, *, level_index: int, in_hand: bool, taken: bool, busted: bool = False
    ) -> str | None:
        """Why the player may not take the add-on now (a sentence key), or
        ``None``. A busted player rebuys first: the add-on is for players in."""
        if not self.has_add_on:
            return "no_add_on"
        if taken:
            return "add_on_taken"
        if busted:
            return "add_on_busted"
        if level_index < self.rebuy_levels - 1:
            return "add_on_not_yet"
        if level_index >= self.rebuy_levels:
            return "add_on_over"
        if in_hand:
            return "add_on_in_hand"
        return None

    def prize_part(self, price: int) -> int:
        """What of a buy-in or rebuy goes to the prize pool (the rest is a bounty)."""
        return price - self.bounty


def knockout_payment(bounty: int, *, progressive: bool) -> tuple[int, int]:
    """(paid to the buster, added to the buster's own bounty) for a bounty won:
    all paid, or in a progressive knockout half and half, the odd chip paid."""
    if bounty < 0:
        raise ValueError("A bounty cannot be negative.")
    if not progressive:
        return bounty, 0
    added = bounty // 2
    return bounty - added, added


def split_bounty(bounty: int, shares: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """``bounty`` shared among ``(winner, chips won)`` in proportion to the
    chips, the odd chips one each to the first winners as given."""
    total = sum(chips for _, chips in shares)
    if total <= 0:
        raise ValueError("A bounty is shared among winners of chips.")
    parts = [bounty * chips // total for _, chips in shares]
    for k in range(bounty - sum(parts)):
        parts[k % len(parts)] += 1
    return tuple((winner, part) for (winner, _), part in zip(shares, parts, strict=True))


def busting_pot_winners(
    pots: Sequence[Pot], events: Iterable[object], busted: int
) -> tuple[tuple[int, int], ...]:
    """``(player index, chips won)`` of the pot that busted player ``busted``
    (an index in the hand): the last pot they were eligible for, every share
    of it (high, low, each run) added up, in the order it was paid."""
    contested = [index for index, pot in enumerate(pots) if busted in pot.eligible]
    if not contested:
        return ()
    last = contested[-1]
    won: dict[int, int] = {}
    for event in events:
        if isinstance(event, PotAwarded) and event.pot_index == last:
            for player, chips in event.winners:
                if player != busted:
                    won[player] = won.get(player, 0) + chips
    return tuple((player, chips) for player, chips in won.items() if chips > 0)


#: No rebuys, no add-on, no bounties.
NO_EXTRAS: Final = TournamentExtras()


@dataclass(frozen=True, slots=True)
class BountyWon:
    """A bounty won for knocking out ``busted``: ``paid`` to ``player``,
    ``added`` to ``player``'s own bounty (progressive knockouts)."""

    player: int
    busted: int
    paid: int
    added: int


class BountyBook:
    """The bounty on each player's head, in chips of the bounty pool.

    >>> book = BountyBook(TournamentExtras(bounty=10, progressive=True))
    >>> for player in (1, 2, 3):
    ...     book.enter(player)
    >>> book.knock_out(3, ((1, 60), (2, 60)))
    (BountyWon(player=1, busted=3, paid=3, added=2), BountyWon(player=2, busted=3, paid=3, added=2))
    >>> book.heads, book.pool
    ({1: 12, 2: 12}, 24)
    """

    def __init__(self, extras: TournamentExtras, heads: dict[int, int] | None = None) -> None:
        self.extras = extras
        self.heads: dict[int, int] = dict(heads or {})

    @property
    def pool(self) -> int:
        """Chips set aside for bounties not yet paid."""
        return sum(self.heads.values())

    def enter(self, player: int) -> None:
        """A buy-in or rebuy: ``bounty`` more on the player's head."""
        if self.extras.bounty:
            self.heads[player] = self.heads.get(player, 0) + self.extras.bounty

    def leave(self, player: int) -> int:
        """Unregistered before the start: the bounty set aside goes back."""
        return self.heads.pop(player, 0)

    def knock_out(self, busted: int, winners: Sequence[tuple[int, int]]) -> tuple[BountyWon, ...]:
        """``busted`` is out; their bounty to the ``(player, chips won)`` of the
        pot that busted them (:func:`busting_pot_winners`). With no winner
        known the bounty stays in the pool (the tournament's winner takes it)."""
        bounty = self.heads.get(busted, 0)
        if not bounty or not winners:
            return ()
        del self.heads[busted]
        won = []
        for player, share in split_bounty(bounty, winners):
            paid, added = knockout_payment(share, progressive=self.extras.progressive)
            if added:
                self.heads[player] = self.heads.get(player, 0) + added
            won.append(BountyWon(player, busted, paid, added))
        return tuple(won)

    def close(self) -> int:
        """The tournament is won: the winner takes every bounty left (their own,
        and any nobody won); the pool is empty."""
        left = self.pool
        self.heads.clear()
        return left
