"""The hand history value: a PHH hand's fields, and how they map to the engine.

A :class:`HandHistory` holds the fields PHH defines for starting and playing a
hand (variant, antes, blinds or straddles, bring-in, bet sizes, starting
stacks, actions), the ones the engine reads back (ante trimming, players,
finishing stacks) and every other field as ``extra`` metadata, in file order.

Amounts stay as recorded (``int``, or an exact :class:`~decimal.Decimal` for a
TOML float such as ``0.25``). The engine counts whole chips, so
:meth:`HandHistory.to_setup` takes a ``scale``: the number of engine chips per
recorded unit (100 for a cash game in cents); :meth:`HandHistory.chip_scale`
finds the smallest power of ten that makes every amount whole.

PHH lists antes and blinds from the small blind on, which heads-up is the
button, while the engine's index 0 is first left of the button; so for two
players both lists are reversed, as the PHH specification says.

>>> history = HandHistory("NT", starting_stacks=(200, 200), blinds_or_straddles=(1, 2),
...                       min_bet=2, actions=("d dh p1 AsKs", "d dh p2 7c2d", "p2 f"))
>>> setup = history.to_setup()
>>> setup.blinds  # heads-up: index 0 posts the big blind
(2, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from engine.hand import Hand, HandSetup, Rake
from engine.phh.notation import Amount, Betting, Line, parse_line
from engine.phh.recording import action_lines
from engine.variants import BettingStructure
from engine.variants import variant as variant_by_code

#: The field names :class:`HandHistory` owns, in the order they are written.
FIELDS = (
    "variant",
    "ante_trimming_status",
    "antes",
    "blinds_or_straddles",
    "bring_in",
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
    "actions",
    "players",
    "finishing_stacks",
)

#: User-defined fields (PHH: names start with one underscore) for the house's
#: rake, which PHH does not define but the finishing stacks depend on.
RAKE_FIELDS = ("_rake_basis_points", "_rake_cap", "_rake_no_flop_no_drop")
#: Live bets posted out of turn to come into a game, which PHH has no field for;
#: written in the order of ``blinds_or_straddles``.
POSTS_FIELD = "_posts"
#: Blinds posted dead (a returning player's missed small blind), which PHH has
#: no field for: money in the main pot, not the player's bet. In the same order.
DEAD_BLINDS_FIELD = "_dead_blinds"
#: The home-game options (:mod:`engine.home_rules`), which PHH has no fields
#: for: whether the board may be run twice and how many times it was
#: (``_runout_count``, PokerKit's run-out count: 1 or 2; the second run's board
#: cards are ``d db`` lines after the first run's, as PokerKit writes them), a bomb pot (no
#: betting before the flop) and its boards, and the 7-2 bounty.
HOME_FIELDS = ("_run_it_twice", "_runout_count", "_bomb_pot", "_boards", "_seven_deuce_bounty")


class HistoryError(ValueError):
    """A hand history that cannot describe a hand: a field is missing, of the
    wrong type or length, or an amount cannot be counted in chips."""


@dataclass(frozen=True, slots=True)
class HandHistory:
    """One hand as PHH records it. Player-indexed tuples are in PHH order."""

    variant: str
    starting_stacks: tuple[Amount, ...]
    actions: tuple[str, ...] = ()
    antes: tuple[Amount, ...] = ()
    blinds_or_straddles: tuple[Amount, ...] = ()
    bring_in: Amount | None = None
    small_bet: Amount | None = None
    big_bet: Amount | None = None
    min_bet: Amount | None = None
    ante_trimming_status: bool = False
    players: tuple[str, ...] = ()
    finishing_stacks: tuple[Amount, ...] | None = None
    #: Every other field, in file order: metadata such as ``event`` or ``hand``,
    #: and user-defined ``_`` fields.
    extra: Mapping[str, object] = field(default_factory=dict)

    @classmethod
    def from_hand(
        cls,
        hand: Hand,
        *,
        players: Sequence[str] = (),
        extra: Mapping[str, object] | None = None,
    ) -> HandHistory:
        """The history of a hand the engine dealt, finished or not.

        ``players`` names the players in the hand's order; ``extra`` adds
        metadata fields (``event``, ``table``, ``hand``, ``time``, …). A rake
        is written as the user-defined ``_rake_…`` fields, and live bets posted
        out of turn as ``_posts``, so that a replay finishes with the same
        stacks. Finishing stacks are written once the
        hand is complete.
        """
        setup = hand.setup
        variant = hand.variant
        n = setup.player_count
        if players and len(players) != n:
            raise HistoryError(f"{len(players)} names for {n} players.")
        fields = dict(extra or {})
        clashing = sorted(
            set(fields) & {*FIELDS, *RAKE_FIELDS, *HOME_FIELDS, POSTS_FIELD, DEAD_BLINDS_FIELD}
        )
        if clashing:
            raise HistoryError(f"extra cannot set {', '.join(clashing)}.")
        if setup.rake is not None:
            fields["_rake_basis_points"] = setup.rake.basis_points
            fields["_rake_cap"] = setup.rake.cap
            fields["_rake_no_flop_no_drop"] = setup.rake.no_flop_no_drop

        def per_player(values: tuple[int, ...]) -> tuple[Amount, ...]:
            values = values or (0,) * n
            return values[::-1] if n == 2 else values

        if any(setup.posts):
            fields[POSTS_FIELD] = list(per_player(setup.posts))
        if any(setup.dead_blinds):
            fields[DEAD_BLINDS_FIELD] = list(per_player(setup.dead_blinds))
        if setup.run_it_twice:
            fields["_run_it_twice"] = True
            fields["_runout_count"] = hand.runouts
        if setup.bomb_pot:
            fields["_bomb_pot"] = True
        if setup.boards:
            fields["_boards"] = setup.boards
        if setup.seven_deuce_bounty:
            fields["_seven_deuce_bounty"] = setup.seven_deuce_bounty

        fixed = variant.betting is BettingStructure.FIXED_LIMIT
        return cls(
            variant=variant.code,
            starting_stacks=setup.starting_stacks,
            actions=tuple(action_lines(hand)),
            antes=per_player(setup.antes),
            blinds_or_straddles=per_player(setup.blinds) if variant.uses_blinds else (),
            bring_in=setup.bring_in if variant.uses_bring_in else None,
            small_bet=setup.small_bet if variant.betting.is_capped else None,
            big_bet=setup.big_bet if variant.betting.is_capped else None,
            min_bet=None if fixed else setup.min_bet,
            ante_trimming_status=setup.ante_trimming,
            players=tuple(players),
            finishing_stacks=hand.finishing_stacks if hand.is_complete else None,
            extra=fields,
        )

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)

    def lines(self) -> list[Line]:
        """The actions, read (raises :class:`~engine.phh.notation.NotationError`)."""
        return [parse_line(text) for text in self.actions]

    def setup_amounts(self) -> list[Amount]:
        """Every amount that goes into the :class:`HandSetup`."""
        amounts: list[Amount] = [*self.starting_stacks, *self.antes, *self.blinds_or_straddles]
        for name in (POSTS_FIELD, DEAD_BLINDS_FIELD):
            posts = self.extra.get(name)
            if isinstance(posts, list):
                amounts += [
                    p for p in posts if isinstance(p, int | Decimal) and not isinstance(p, bool)
                ]
        for single in (self.bring_in, self.small_bet, self.big_bet, self.min_bet):
            if single is not None:
                amounts.append(single)
        return amounts

    def chip_scale(self, lines: Sequence[Line] | None = None) -> int:
        """The smallest power of ten that makes every amount whole: the forced
        bets, bet sizes, stacks and every ``cbr`` amount in the actions."""
        if lines is None:
            lines = self.lines()
        bets = [ln.amount for ln in lines if isinstance(ln, Betting) and ln.amount is not None]
        return chip_scale([*self.setup_amounts(), *bets])

    def rake(self) -> Rake | None:
        """The rake recorded in the user-defined ``_rake_…`` fields, if any."""
        basis_points = self.extra.get("_rake_basis_points")
        if basis_points is None:
            return None
        cap = self.extra.get("_rake_cap", 0)
        no_flop_no_drop = self.extra.get("_rake_no_flop_no_drop", True)
        if not (
            isinstance(basis_points, int)
            and isinstance(cap, int)
            and isinstance(no_flop_no_drop, bool)
        ):
            raise HistoryError("The _rake_ fields must be two integers and a boolean.")
        return Rake(basis_points, cap, no_flop_no_drop)

    def to_setup(self, scale: int = 1) -> HandSetup:
        """The engine's :class:`HandSetup`, with every amount in chips of
        ``1/scale`` recorded units; the deck is left out (cards are named)."""
        try:
            game = variant_by_code(self.variant)
        except KeyError:
            raise HistoryError(f"This engine does not deal the variant {self.variant!r}.") from None
        n = self.player_count

        def chips(amount: Amount | None) -> int:
            if amount is None:
                return 0
            scaled = amount * scale
            if isinstance(scaled, Decimal):
                if not scaled.is_finite() or scaled != scaled.to_integral_value():
                    raise HistoryError(
                        f"{amount} is not a whole number of chips at {scale} chips per unit."
                    )
                return int(scaled)
            return scaled

        def per_player(name: str, values: tuple[Amount, ...]) -> tuple[int, ...]:
            if not values:
                return ()
            if len(values) != n:
                raise HistoryError(f"{name} has {len(values)} entries for {n} players.")
            amounts = tuple(chips(v) for v in values)
            if name == "blinds_or_straddles":
                # A negative blind is a big blind posted out of turn by a player
                # entering the game (PokerStars hands, as PokerKit reads them): a
                # live blind that does not move the first action, which is how the
                # engine takes a later blind equal to the big blind.
                amounts = tuple(abs(a) for a in amounts)
            return amounts[::-1] if n == 2 else amounts

        rake = self.rake()
        if rake is not None:
            rake = Rake(rake.basis_points, rake.cap * scale, rake.no_flop_no_drop)
        extras: dict[str, tuple[Amount, ...]] = {}
        for name in (POSTS_FIELD, DEAD_BLINDS_FIELD):
            posts = self.extra.get(name, [])
            if not isinstance(posts, list) or not all(
                isinstance(p, int | Decimal) and not isinstance(p, bool) and p >= 0 for p in posts
            ):
                raise HistoryError(f"{name} must be a list of amounts, one per player.")
            extras[name] = tuple(posts)
        return HandSetup(
            game,
            tuple(chips(stack) for stack in self.starting_stacks),
            antes=per_player("antes", self.antes),
            blinds=per_player("blinds_or_straddles", self.blinds_or_straddles),
            bring_in=chips(self.bring_in),
            min_bet=chips(self.min_bet),
            small_bet=chips(self.small_bet),
            big_bet=chips(self.big_bet),
            ante_trimming=self.ante_trimming_status,
            rake=rake,
            posts=per_player(POSTS_FIELD, extras[POSTS_FIELD]),
            dead_blinds=per_player(DEAD_BLINDS_FIELD, extras[DEAD_BLINDS_FIELD]),
            run_it_twice=self.extra.get("_run_it_twice") is True,
            bomb_pot=self.extra.get("_bomb_pot") is True,
            boards=self._count("_boards"),
            seven_deuce_bounty=chips(self._count("_seven_deuce_bounty")),
        )

    def _count(self, name: str, default: int = 0) -> int:
        """A user-defined field holding a whole number."""
        value = self.extra.get(name, default)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise HistoryError(f"{name} must be a whole number.")
        return value

    @property
    def runout_count(self) -> int:
        """How many times the rest of the board was run (``_runout_count``; 1 if unsaid)."""
        count = self._count("_runout_count", 1)
        if count not in (1, 2):
            raise HistoryError("_runout_count must be 1 or 2.")
        return count


def decimal_places(amount: Amount) -> int:
    """How many digits an amount has after the decimal point (``0.10`` has one)."""
    if isinstance(amount, int):
        return 0
    if not amount.is_finite():
        raise HistoryError(f"{amount} is not an amount of chips.")
    exponent = amount.normalize().as_tuple().exponent
    assert isinstance(exponent, int)
    return max(0, -exponent)


def chip_scale(amounts: Iterable[Amount]) -> int:
    """The smallest power of ten that makes every one of ``amounts`` whole.

    >>> chip_scale([25, Decimal("0.10"), Decimal("54.75")])
    100
    """
    scale: int = 10 ** max((decimal_places(a) for a in amounts), default=0)
    return scale
