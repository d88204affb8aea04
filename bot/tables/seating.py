"""Who sits where, with how many chips, and who is dealt into the next hand.

The runner talks to its table's seats only through :class:`Seating`, so the
model behind it can change without the runner noticing. The model is meant to
be the engine's multi-hand table (``engine.table``); until that lands,
:class:`InterimSeating` stands in with the least it can: everyone sitting in
with chips is dealt in, the first button goes to the high card, the button
then moves one occupied seat clockwise, heads-up the button posts the small
blind. It keeps no missed blinds and no dead button. Rules beyond that belong
in ``engine.table``, not here.

Seats are numbered from 1. Hand index 0 is the first player left of the
button and the last index is the button, as in :mod:`engine.hand`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.cards import Card, Deck
from engine.hand import Hand, HandSetup, Rake
from engine.variants import BettingStructure, Variant


@dataclass(frozen=True, slots=True)
class Stakes:
    """What a hand at this table is played for."""

    small_blind: int
    big_blind: int
    rake: Rake | None = None


@dataclass(frozen=True, slots=True)
class SeatState:
    seat: int
    player_id: int
    stack: int
    sitting_out: bool = False


@dataclass(frozen=True, slots=True)
class DealtHand:
    """A hand as the table dealt it, with who sits at each hand index."""

    hand: Hand
    seats: tuple[int, ...]
    players: tuple[int, ...]
    button: int
    small_blind: int | None
    big_blind: int
    #: The high-card draw for the first button, as ``(seat, card)``, when there was one.
    button_draw: tuple[tuple[int, Card], ...] = ()

    def index_of(self, player_id: int) -> int | None:
        try:
            return self.players.index(player_id)
        except ValueError:
            return None


class Seating(Protocol):
    """The runner's view of its table's seats."""

    seat_count: int

    def seats(self) -> list[SeatState]: ...

    def seat_of(self, player_id: int) -> SeatState | None: ...

    def sit(self, seat: int, player_id: int, stack: int) -> None: ...

    def remove(self, player_id: int) -> None: ...

    def set_sitting_out(self, player_id: int, sitting_out: bool) -> None: ...

    def add_chips(self, player_id: int, amount: int) -> None: ...

    def can_deal(self) -> bool: ...

    def start_hand(self, rng: random.Random | None) -> DealtHand: ...

    def finish_hand(self, dealt: DealtHand) -> None: ...

    @property
    def hands_dealt(self) -> int: ...

    def to_dict(self) -> dict[str, Any]: ...


def hand_setup(
    variant: Variant,
    stakes: Stakes,
    stacks: tuple[int, ...],
    deck: tuple[Card, ...],
) -> HandSetup:
    """The engine's setup for a hand with blinds, from the table's stakes."""
    sb, bb = stakes.small_blind, stakes.big_blind
    blinds = (bb, sb) if len(stacks) == 2 else (sb, bb) + (0,) * (len(stacks) - 2)
    fixed = variant.betting in (BettingStructure.FIXED_LIMIT, BettingStructure.SPREAD_LIMIT)
    return HandSetup(
        variant,
        stacks,
        blinds=blinds,
        min_bet=bb,
        small_bet=bb if fixed else 0,
        big_bet=2 * bb if fixed else 0,
        rake=stakes.rake,
        deck=deck,
    )


@dataclass
class InterimSeating:
    """The stand-in for ``engine.table`` (see the module docstring)."""

    variant: Variant
    stakes: Stakes
    seat_count: int
    _seats: dict[int, SeatState] = field(default_factory=dict)
    button: int | None = None
    _hands_dealt: int = 0

    @property
    def hands_dealt(self) -> int:
        return self._hands_dealt

    def seats(self) -> list[SeatState]:
        return [self._seats[seat] for seat in sorted(self._seats)]

    def seat_of(self, player_id: int) -> SeatState | None:
        return next((s for s in self._seats.values() if s.player_id == player_id), None)

    def sit(self, seat: int, player_id: int, stack: int) -> None:
        if not 1 <= seat <= self.seat_count or seat in self._seats:
            raise ValueError(f"seat {seat} is not free")
        if self.seat_of(player_id) is not None:
            raise ValueError(f"player {player_id} is seated already")
        self._seats[seat] = SeatState(seat, player_id, stack)

    def remove(self, player_id: int) -> None:
        state = self._require(player_id)
        del self._seats[state.seat]

    def set_sitting_out(self, player_id: int, sitting_out: bool) -> None:
        state = self._require(player_id)
        self._seats[state.seat] = SeatState(state.seat, player_id, state.stack, sitting_out)

    def add_chips(self, player_id: int, amount: int) -> None:
        state = self._require(player_id)
        self._seats[state.seat] = SeatState(
            state.seat, player_id, state.stack + amount, state.sitting_out
        )

    def _require(self, player_id: int) -> SeatState:
        state = self.seat_of(player_id)
        if state is None:
            raise ValueError(f"player {player_id} is not seated")
        return state

    def _playing(self) -> list[int]:
        return [s.seat for s in self.seats() if s.stack > 0 and not s.sitting_out]

    def can_deal(self) -> bool:
        return len(self._playing()) >= 2

    def _clockwise_after(self, seat: int) -> Iterator[int]:
        for step in range(1, self.seat_count + 1):
            yield (seat - 1 + step) % self.seat_count + 1

    def start_hand(self, rng: random.Random | None) -> DealtHand:
        playing = self._playing()
        if len(playing) < 2:
            raise ValueError("two players are needed to deal")
        draw: tuple[tuple[int, Card], ...] = ()
        if self.button is None:
            cards = Deck.shuffled(self.variant.deck, rng)
            draw = tuple((seat, cards.deal()) for seat in playing)
            button = max(draw, key=lambda seat_card: seat_card[1])[0]
        else:
            button = next(s for s in self._clockwise_after(self.button) if s in playing)
        order = tuple(s for s in self._clockwise_after(button) if s in playing)
        self.button = button
        deck = Deck.shuffled(self.variant.deck, rng).order
        stacks = tuple(self._seats[seat].stack for seat in order)
        hand = Hand(hand_setup(self.variant, self.stakes, stacks, deck))
        heads_up = len(order) == 2
        self._hands_dealt += 1
        return DealtHand(
            hand,
            order,
            tuple(self._seats[seat].player_id for seat in order),
            button,
            small_blind=order[-1] if heads_up else order[0],
            big_blind=order[0] if heads_up else order[1],
            button_draw=draw,
        )

    def resume_hand(self, dealt: DealtHand) -> None:
        """After a restart: the hand ``dealt`` is this table's hand in progress."""
        self.button = dealt.button

    def finish_hand(self, dealt: DealtHand) -> None:
        for seat, stack in zip(dealt.seats, dealt.hand.finishing_stacks, strict=True):
            state = self._seats[seat]
            self._seats[seat] = SeatState(seat, state.player_id, stack, state.sitting_out)

    def to_dict(self) -> dict[str, Any]:
        return {"button": self.button, "hands_dealt": self._hands_dealt}

    def restore(self, state: dict[str, Any], seats: list[SeatState]) -> None:
        """Take back what :meth:`to_dict` saved, and the seats as the database has them."""
        self.button = state.get("button")
        self._hands_dealt = int(state.get("hands_dealt", 0))
        self._seats = {s.seat: s for s in seats}
