"""The button and the blinds from hand to hand: the high-card draw for the
first button, and the dead-button rule that moves the blinds and decides who
is dealt in.

Seats are numbered from 1; clockwise is the direction of rising seat numbers,
wrapping from the last seat to seat 1.

**The dead-button rule** (the casino rule, as in Robert's Rules of Poker and
the TDA rules; online "moving button" rooms let players skip blinds instead).
Each hand:

1. The big blind moves to the next player clockwise from the last big blind
   who is playing (seated, with chips, not sitting out). Nobody posts the big
   blind twice in a row, and nobody is skipped who is there to post it. A
   player who owes blinds and is waiting for the big blind takes it here, and
   owes nothing more.
2. The small blind goes to the seat of the last big blind. If that player is
   gone or not playing, the small blind is *dead*: nobody posts it.
3. The button goes to the seat of the last small blind. If that seat is empty,
   or its player not playing, the button is *dead*: it marks the position, and
   the player to its right acts last.
4. Everyone who owes no blinds is dealt in, wherever they sit (the blinds
   have not passed them since they last paid). A player who owes blinds (new
   at the table, or back after the blinds passed them) may post to come in at
   once, but only from a seat after the big blind and before the button: a
   seat between the button and the big blind would get the button or the
   small blind without paying for it, so its player waits until the button
   has passed (or takes the big blind when it arrives).
5. Heads-up (two players dealt in), the player who is not the big blind has
   the button, posts the small blind and acts first before the flop. Going
   from three players to two, the big blind still moves by rule 1, so nobody
   posts it twice in a row and nobody skips it; the other player may then post
   the small blind twice running, which is the cost of the change. Going from
   two to three, the new player comes in on the big blind, or waits a hand
   when their seat is where the button must go. If the big blind lands on the
   last hand's button (the heads-up button had no seat to move to), the button
   goes dead right of the small blind.

When fewer than two players can be dealt in by these rules but two or more
are there to play, the game starts afresh, as a new game does: everyone is
dealt in, nobody owes anything, and the button is drawn again.

>>> from engine.cards import parse_cards
>>> draw = draw_for_button([1, 4, 6], Deck(parse_cards("Kd Ks Qh")))
>>> draw.winner
4
>>> plan = first_hand_plan(6, [1, 4, 6], button=draw.winner)
>>> plan.positions, plan.order
(Positions(button=4, small_blind=6, big_blind=1), (6, 1, 4))
>>> plan = next_hand_plan(6, {1: READY, 4: READY, 6: READY}, plan.positions)
>>> plan.positions, plan.order
(Positions(button=6, small_blind=1, big_blind=4), (1, 4, 6))
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from engine.cards import Card, Deck

__all__ = [
    "READY",
    "ButtonDraw",
    "Entry",
    "HandPlan",
    "Positions",
    "clockwise_after",
    "draw_for_button",
    "first_hand_plan",
    "next_hand_plan",
    "next_hand_plan_without_blinds",
]


@dataclass(frozen=True, slots=True)
class ButtonDraw:
    """One card to each player, in seat order; the highest card takes the
    button, suits breaking ties of rank (spades, hearts, diamonds, clubs)."""

    cards: tuple[tuple[int, Card], ...]  # (seat, card)

    @property
    def winner(self) -> int:
        """The seat that drew the highest card."""
        # A card's code orders by rank, then by suit with spades highest.
        return max(self.cards, key=lambda seat_card: seat_card[1])[0]


def draw_for_button(seats: Sequence[int], deck: Deck) -> ButtonDraw:
    """Deal one card from ``deck`` to each of ``seats`` in seat order."""
    return ButtonDraw(tuple((seat, deck.deal()) for seat in sorted(seats)))


class Entry(Enum):
    """Where a player playing at the table stands with the blinds."""

    #: Owes nothing: dealt in wherever the button is.
    READY = "ready"
    #: Owes blinds and posts them to come in as soon as the seat allows.
    POSTS = "posts"
    #: Owes blinds and waits for the big blind to reach them.
    WAITS = "waits"


READY = Entry.READY


@dataclass(frozen=True, slots=True)
class Positions:
    """Where the button and the blinds were in a hand: the next hand moves
    from here. Heads-up the small blind's seat is the button's."""

    button: int
    small_blind: int
    big_blind: int


@dataclass(frozen=True, slots=True)
class HandPlan:
    """Who is dealt into the next hand, and where the button and blinds go.

    ``order`` lists the seats dealt in, in hand order: first left of the
    button, the button (or the player right of a dead button) last.
    ``small_blind_posted`` is false when the small blind is dead.
    ``entering`` are seats that post to come in. ``big_blind_passed`` and
    ``small_blind_passed`` are the seats the blinds went past or landed on
    since the last hand, for marking the blinds missed by players not dealt in.
    """

    positions: Positions
    order: tuple[int, ...]
    small_blind_posted: bool = True
    entering: frozenset[int] = frozenset()
    big_blind_passed: tuple[int, ...] = ()
    small_blind_passed: tuple[int, ...] = ()

    @property
    def heads_up(self) -> bool:
        return len(self.order) == 2

    @property
    def big_blind_index(self) -> int:
        return self.order.index(self.positions.big_blind)

    @property
    def small_blind_index(self) -> int | None:
        if not self.small_blind_posted:
            return None
        return self.order.index(self.positions.small_blind)


def clockwise_after(seat: int, seat_count: int) -> Iterator[int]:
    """Every seat clockwise from the one after ``seat``, ending with ``seat`` itself."""
    for step in range(1, seat_count + 1):
        yield (seat - 1 + step) % seat_count + 1


def _strictly_between(first: int, last: int, seat_count: int) -> list[int]:
    """Seats clockwise after ``first`` and before ``last`` (none if they are the same)."""
    seats: list[int] = []
    for seat in clockwise_after(first, seat_count):
        if seat == last:
            return seats
        seats.append(seat)
    return []


def _hand_order(button: int, dealt: set[int], seat_count: int) -> tuple[int, ...]:
    return tuple(seat for seat in clockwise_after(button, seat_count) if seat in dealt)


def first_hand_plan(seat_count: int, seats: Sequence[int], button: int) -> HandPlan:
    """A fresh start: everyone in ``seats`` is dealt in and the button is on
    ``button`` (from a draw); the blinds follow it."""
    dealt = set(seats)
    if len(dealt) < 2 or button not in dealt:
        raise ValueError("A hand needs two players, one of them on the button.")
    order = _hand_order(button, dealt, seat_count)
    if len(order) == 2:
        return HandPlan(Positions(button, button, order[0]), order)
    return HandPlan(Positions(button, order[0], order[1]), order)


def next_hand_plan(
    seat_count: int, playing: Mapping[int, Entry], previous: Positions
) -> HandPlan | None:
    """The next hand by the dead-button rule (see the module docstring).

    ``playing`` maps the seat of every player who could be dealt in (seated,
    with chips, not sitting out) to where they stand with the blinds. Returns
    ``None`` when fewer than two players can be dealt in: the game must start
    afresh.
    """
    if len(playing) < 2:
        return None
    big_blind = next(
        seat for seat in clockwise_after(previous.big_blind, seat_count) if seat in playing
    )
    small_blind = previous.big_blind
    button = previous.small_blind
    small_blind_posted = playing.get(small_blind) is Entry.READY
    # Coming out of heads-up the big blind can land on the last button: then
    # there is no seat between them to post in from (rule 5).
    may_post = _strictly_between(big_blind, button, seat_count) if button != big_blind else []
    entering = {seat for seat in may_post if playing.get(seat) is Entry.POSTS}
    ready = {seat for seat, entry in playing.items() if entry is Entry.READY}
    dealt = {big_blind} | ready | entering
    if len(dealt) < 2:
        return None
    big_blind_passed = tuple(_strictly_between(previous.big_blind, big_blind, seat_count))
    small_blind_passed = (
        *_strictly_between(previous.small_blind, small_blind, seat_count),
        small_blind,
    )
    if len(dealt) == 2:
        # Heads-up: the other player has the button and posts the small blind;
        # whoever came in does so paying that blind, like the other player.
        (other,) = dealt - {big_blind}
        return HandPlan(
            Positions(other, other, big_blind),
            (big_blind, other),
            big_blind_passed=big_blind_passed,
            small_blind_passed=small_blind_passed,
        )
    if button == big_blind:
        # The button goes dead on the seat right of the small blind.
        button = (small_blind - 2) % seat_count + 1
    return HandPlan(
        Positions(button, small_blind, big_blind),
        _hand_order(button, dealt, seat_count),
        small_blind_posted=small_blind_posted,
        entering=frozenset(entering),
        big_blind_passed=big_blind_passed,
        small_blind_passed=small_blind_passed,
    )


def next_hand_plan_without_blinds(
    seat_count: int, playing: Sequence[int], previous: Positions
) -> HandPlan:
    """Games without blinds (stud): everyone playing is dealt in and nobody
    owes anything; the button moves on to the next of them."""
    button = next(seat for seat in clockwise_after(previous.button, seat_count) if seat in playing)
    return first_hand_plan(seat_count, playing, button)
