"""Mixed games: which variant deals the next hand, and at what stakes.

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

**One set of stakes for every game.** A mixed table is created with two
numbers, a small blind and a big blind; the big blind is the limit games'
small bet, and each game derives its forced bets from the two
(:func:`game_stakes`). At 5/10:

- Fixed- and spread-limit games with blinds (Hold'em, Omaha Hi-Lo, 2-7 Triple
  Draw, Badugi): blinds 5/10, bets 10/20 — the small blind half the small bet,
  the big blind the small bet.
- Stud games (Razz, Stud, Stud Hi-Lo): ante 1 (a fifth of the small blind,
  at least 1), bring-in 5 (the small blind), bets 10/20 — the same stud stakes
  a stud-only table of 5/10 plays (:func:`engine.stakes.stud_stakes`).
- No-limit and pot-limit games (the PPC's No-limit Hold'em, Pot-limit Omaha
  and 2-7 Single Draw): blinds 2/5 (a quarter and a half of the small bet,
  at least 1) and a big-blind ante of 5 (the big blind posts it for the
  table, dead money), smallest bet 5. The proportions are the 2023 PPC final
  table's Pot-limit Omaha, played beside limit games of 200,000/400,000 at
  blinds of 50,000/100,000 with a 100,000 big-blind ante.

>>> holdem, stud, nlhe = (game_stakes(VARIANTS[code], 5, 10) for code in ("FT", "F7S", "NT"))
>>> holdem.small_blind, holdem.big_blind, holdem.fixed_small_bet, holdem.fixed_big_bet
(5, 10, 10, 20)
>>> stud.ante, stud.bring_in, stud.fixed_small_bet, stud.fixed_big_bet
(1, 5, 10, 20)
>>> nlhe.small_blind, nlhe.big_blind, nlhe.ante, nlhe.ante_kind.value, nlhe.smallest_bet
(2, 5, 5, 'big-blind', 5)

**The button across a switch** (:class:`engine.table.Table` keeps it). Stud
has no button: during stud games the button that places the blinds stays
where the last blind game left it, and when a game with blinds returns it
moves on from there, as if the stud hands had not been dealt. Nobody owes
blinds for hands of stud: the blinds "passed" nobody. Debts are not paid in
stud either: a player who owes blinds (new at the table, or missed them in a
blind game) antes and plays the stud hands, and posts or waits for the big
blind when a blind game returns. To count stud's orbits a marker goes round
the players dealt in, one seat a hand, starting left of the last button: a
stud game lasts until the marker has been round once, one hand per player.
With six players every game of H.O.R.S.E. lasts six hands and Hold'em's
button comes back, after the three stud games, one seat on from where Omaha's
last hand had it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from engine.errors import RulesError
from engine.stakes import AnteKind, Stakes, stud_stakes
from engine.variants import VARIANTS, Variant

#: A mix switches games every 1 to 100 hands (or after each orbit).
MAX_HANDS_PER_GAME: Final = 100


@dataclass(frozen=True, slots=True)
class Rotation:
    """Games played in turn. ``hands_per_game`` switches every that many
    hands; ``None`` switches after each full orbit of the button."""

    name: str
    codes: tuple[str, ...]
    hands_per_game: int | None = None

    def __post_init__(self) -> None:
        if not self.codes:
            raise RulesError("rotation_empty")
        unknown = [code for code in self.codes if code not in VARIANTS]
        if unknown:
            raise RulesError("rotation_unknown", mix=self.name, codes=", ".join(unknown))
        hands = self.hands_per_game
        if hands is not None and not 1 <= hands <= MAX_HANDS_PER_GAME:
            raise RulesError("hands_per_game", hands=hands, low=1, high=MAX_HANDS_PER_GAME)

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

    @property
    def next_variant(self) -> Variant:
        """The game that follows this one."""
        return self.rotation.variant(self.game_index + 1)

    def game_over(self, *, button_before: int, button_after: int, seats: int) -> bool:
        """Whether this game ends with the hand just dealt (the button on
        ``button_before``), the button moving on to ``button_after``."""
        per_game = self.rotation.hands_per_game
        if per_game is not None:
            return self.hands_dealt + 1 >= per_game
        return passes_seat(self.orbit_start, button_before, button_after, seats)

    def after_hand(self, *, button_before: int, button_after: int, seats: int) -> RotationPosition:
        """The position for the next hand, once a hand was dealt with the
        button on ``button_before`` and the button moved to ``button_after``.

        With orbits the game changes when the button gets back round to (or
        past) the seat where this game's orbit started; with a hand count,
        when that many hands of the game were dealt.
        """
        if self.game_over(button_before=button_before, button_after=button_after, seats=seats):
            return RotationPosition(self.rotation, self.game_index + 1, 0, button_after)
        return replace(self, hands_dealt=self.hands_dealt + 1)


@dataclass(frozen=True, slots=True)
class GameOutlook:
    """What a mixed table's players want to know: the game being dealt (or,
    between hands, the game the next hand will be), the one after it, and
    how many hands of this game are left counting the one being played (or
    the next); ``None`` when that depends on who sits down (the button must
    be drawn again first). ``by_orbit`` says the game ends with the orbit."""

    game: Variant
    next_game: Variant
    hands_left: int | None
    by_orbit: bool


def game_stakes(game: Variant, small_blind: int, big_blind: int) -> Stakes:
    """The stakes ``game`` is dealt at in a mix played at ``small_blind``/``big_blind``
    (the module docstring gives the numbers)."""
    if game.uses_bring_in:
        return stud_stakes(small_blind, big_blind)
    if game.betting.is_big_bet:
        big = max(1, big_blind // 2)
        small = max(1, min(big, big_blind // 4))
        return Stakes(small, big, ante=big, ante_kind=AnteKind.BIG_BLIND)
    return Stakes(small_blind, big_blind)


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
