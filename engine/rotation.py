"""Mixed games: which variant deals the next hand.

A :class:`Rotation` is the list of games a mixed table plays in turn, with the
same stakes throughout, and when it moves on: after each full orbit of the
button (the usual way, every player has dealt each game once) or every N hands
(a table setting). It is a pure value: the table asks it which game deals hand
number ``k``, or, hand by hand, where it stands after the button moved
(:class:`RotationPosition`); it changes nothing at the table.

>>> HORSE.codes
('FT', 'FO/8', 'FR', 'F7S', 'F7S/8')
>>> [HORSE.variant_for_hand(k, players=6).code for k in (0, 5, 6, 29, 30)]
['FT', 'FT', 'FO/8', 'F7S/8', 'FT']
>>> HORSE.every(8).variant_for_hand(8).code
'FO/8'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from engine.variants import VARIANTS, Variant


@dataclass(frozen=True, slots=True)
class Rotation:
    """Games played in turn. ``hands_per_game`` switches every that many
    hands; ``None`` switches after each full orbit of the button."""

    name: str
    codes: tuple[str, ...]
    hands_per_game: int | None = None

    def __post_init__(self) -> None:
        if not self.codes:
            raise ValueError("A rotation needs at least one game.")
        unknown = [code for code in self.codes if code not in VARIANTS]
        if unknown:
            raise ValueError(f"Unknown variants in {self.name}: {', '.join(unknown)}.")
        if self.hands_per_game is not None and self.hands_per_game < 1:
            raise ValueError("A game lasts at least one hand.")

    @property
    def variants(self) -> tuple[Variant, ...]:
        return tuple(VARIANTS[code] for code in self.codes)

    @property
    def max_players(self) -> int:
        """The most players every game of the rotation can seat."""
        return min(variant.max_players for variant in self.variants)

    def every(self, hands: int) -> Rotation:
        """The same games, switching every ``hands`` hands."""
        return replace(self, hands_per_game=hands)

    def variant(self, game_index: int) -> Variant:
        """The ``game_index``-th game, counting on round the rotation."""
        return VARIANTS[self.codes[game_index % len(self.codes)]]

    def game_index_for_hand(self, hand_number: int, *, players: int | None = None) -> int:
        """Which game deals hand ``hand_number`` (0 is the first hand of the
        first game). Switching by orbit needs the number of ``players``, and
        holds while it stays the same; otherwise follow a
        :class:`RotationPosition` hand by hand."""
        period = self.hands_per_game if self.hands_per_game is not None else players
        if period is None or period < 1:
            raise ValueError("Switching after each orbit needs the number of players.")
        return (hand_number // period) % len(self.codes)

    def variant_for_hand(self, hand_number: int, *, players: int | None = None) -> Variant:
        return self.variant(self.game_index_for_hand(hand_number, players=players))

    def start(self, button: int) -> RotationPosition:
        """Where a table starts, its button on seat ``button``."""
        return RotationPosition(self, 0, 0, button)


def passes_seat(seat: int, before: int, after: int, seats: int) -> bool:
    """Whether the button, moving clockwise from seat ``before`` to ``after``
    round a table of ``seats``, reaches or passes ``seat``. It may jump over
    empty seats; not moving passes nothing."""
    steps = (after - before) % seats
    return (seat - before - 1) % seats < steps


@dataclass(frozen=True, slots=True)
class RotationPosition:
    """Where a table stands in its rotation: the game it is dealing, how many
    hands of it were dealt, and the button seat its orbit started from."""

    rotation: Rotation
    game_index: int
    hands_dealt: int
    orbit_start: int

    @property
    def variant(self) -> Variant:
        """The game that deals the next hand."""
        return self.rotation.variant(self.game_index)

    def after_hand(self, *, button_before: int, button_after: int, seats: int) -> RotationPosition:
        """The position for the next hand, once a hand was dealt with the
        button on ``button_before`` and the button moved to ``button_after``.

        With orbits the game changes when the button gets back round to (or
        past) the seat where this game's orbit started; with a hand count,
        when that many hands of the game were dealt.
        """
        hands = self.hands_dealt + 1
        per_game = self.rotation.hands_per_game
        if per_game is not None:
            done = hands >= per_game
        else:
            done = passes_seat(self.orbit_start, button_before, button_after, seats)
        if not done:
            return replace(self, hands_dealt=hands)
        return RotationPosition(self.rotation, self.game_index + 1, 0, button_after)


#: H.O.R.S.E.: limit Hold'em, Omaha hi-lo, Razz, Stud, Stud hi-lo (eight or better).
HORSE: Final = Rotation("H.O.R.S.E.", ("FT", "FO/8", "FR", "F7S", "F7S/8"))
#: H.O.S.E.: H.O.R.S.E. without Razz.
HOSE: Final = Rotation("H.O.S.E.", ("FT", "FO/8", "F7S", "F7S/8"))
#: The nine games of the 2023 WSOP $50,000 Poker Players Championship, in the
#: order its final table dealt them.
PPC_2023: Final = Rotation(
    "2023 Poker Players Championship",
    ("NT", "F7S", "FO/8", "FR", "PO", "FT", "N2L1D", "F7S/8", "F2L3D"),
)

ROTATIONS: Final[dict[str, Rotation]] = {
    "horse": HORSE,
    "hose": HOSE,
    "ppc": PPC_2023,
}
