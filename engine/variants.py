"""Variants as data: the deck, the streets, the forced bets, the betting structure
and how the pot is awarded.

A variant is a definition, not a subclass. The hand's state machine reads the
definition street by street: first a draw or discard phase if the street has
one, then the cards it deals, then a betting round. Adding a variant means
adding a :class:`Variant` to :data:`VARIANTS`, not a branch in the state machine.

>>> VARIANTS["NT"].name
"No-limit Texas Hold'em"
>>> [street.name for street in VARIANTS["NT"].streets]
['preflop', 'flop', 'turn', 'river']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Final

from engine.cards import DeckKind
from engine.evaluation import Evaluation


class BettingStructure(Enum):
    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    FIXED_LIMIT = "fixed-limit"
    SPREAD_LIMIT = "spread-limit"

    #: Whether the number of bets and raises in a round is limited.
    is_capped: bool
    #: No limit or pot limit: a bet may be any size up to a stack or the pot.
    is_big_bet: bool

    def __init__(self, value: str) -> None:
        # Plain attributes of each member, not properties: the hand asks at
        # every decision, and a property of an Enum member costs thirty times
        # an attribute in Python 3.11 (callgrind: 12 % of the instructions of
        # bench/hands.py's hands).
        self.is_capped = value in ("fixed-limit", "spread-limit")
        self.is_big_bet = value in ("no-limit", "pot-limit")


class Opening(Enum):
    """Who opens a betting round."""

    #: Left of the largest blind or straddle (first round), else left of the button.
    POSITION = "position"
    #: Stud: the lowest up card brings in; suits break ties (clubs lowest).
    LOW_CARD = "low-card"
    #: Razz: the highest up card brings in; suits break ties (spades highest).
    HIGH_CARD = "high-card"
    #: Stud, later streets: the best high hand showing acts first.
    HIGH_HAND = "high-hand"
    #: Razz, later streets: the lowest hand showing acts first.
    LOW_HAND = "low-hand"
    #: Five card draw after the draw: the last player to bet or raise in the
    #: round before, else the first left of the button.
    LAST_AGGRESSOR = "last-aggressor"


class BoardAward(Enum):
    """How a pot is won in a game with more than one board."""

    #: Each board wins an equal share of every pot (the odd chip to the first).
    SPLIT = "split"
    #: The best hand on any board takes the whole pot.
    BEST = "best"


class BetSize(Enum):
    """Which limit applies on a street in fixed- and spread-limit games."""

    SMALL = "small"
    BIG = "big"


@dataclass(frozen=True, slots=True)
class Street:
    """One stage of a hand.

    In order: players discard (``discard``, no replacement), draw (``draw``,
    discard up to ``max_draw`` and get as many new cards) or set a point card
    (``point_card``, one card named, nothing thrown away), then each
    player is dealt ``hole_down`` cards face down and ``hole_up`` face up and
    the board gets ``board`` cards, then a betting round when ``betting``.
    """

    name: str
    hole_down: int = 0
    hole_up: int = 0
    board: int = 0
    burn: bool = False
    discard: int = 0
    draw: bool = False
    max_draw: int = 5
    betting: bool = True
    opening: Opening = Opening.POSITION
    bet_size: BetSize = BetSize.SMALL
    #: Stud, fourth street: when a player still in the hand shows an open
    #: pair, any bet or raise may be the big bet instead of the small one.
    open_pair_big_bet: bool = False
    #: Double Hold'em: before this street's betting each player in turn sets one
    #: hole card as the point card (it moves to the middle of their cards).
    point_card: bool = False

    @property
    def deals(self) -> bool:
        return bool(self.hole_down or self.hole_up or self.board)


@dataclass(frozen=True, slots=True)
class Variant:
    """A poker game, as the state machine needs to know it."""

    code: str
    name: str
    deck: DeckKind
    streets: tuple[Street, ...]
    betting: BettingStructure
    #: How the pot is awarded: one evaluation for high-only games, two for high/low
    #: splits (the first takes the odd chip).
    evaluations: tuple[Evaluation, ...]
    max_players: int = 10
    #: Forced bets: blinds (and straddles) or a stud bring-in.
    uses_blinds: bool = True
    uses_bring_in: bool = False
    #: Fixed and spread limit: whether the cap lifts as soon as only two players
    #: remain in the hand (stud, per its seed), rather than only for a round that
    #: begins with two (Hold'em, per its seed).
    cap_lifts_when_two_remain: bool = False
    #: Hole cards a player holds before the board, for display.
    short_name: str = ""
    #: Stud: the odd chip of a split pot goes to the highest card by suit among
    #: all a winner's cards (the lowest, aces low, for a low half), not by seat.
    odd_chip_by_card: bool = False
    #: Boards dealt: each street deals its ``board`` cards to every board in
    #: turn, and every hand is judged on each board.
    boards: int = 1
    board_award: BoardAward = BoardAward.SPLIT
    #: Whether players draw replacement cards (worked out from the streets).
    draws: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "draws", any(street.draw for street in self.streets))

    @property
    def is_split(self) -> bool:
        return len(self.evaluations) > 1

    @property
    def hole_card_count(self) -> int:
        """Hole cards each player keeps at showdown."""
        count = 0
        for street in self.streets:
            count += street.hole_down + street.hole_up - street.discard
        return count


def _holdem_streets(hole: int = 2, *, discard: str | None = None) -> tuple[Street, ...]:
    """Hold'em's four streets. ``discard`` places Pineapple's one discard: ``"preflop"``
    (Pineapple: after the deal, before the first betting round) or ``"turn"`` (Crazy
    Pineapple: after the flop's betting, just before the turn is dealt)."""
    opening: tuple[Street, ...]
    if discard == "preflop":
        opening = (
            Street("deal", hole_down=hole, betting=False),
            Street("preflop", discard=1),
        )
    else:
        opening = (Street("preflop", hole_down=hole),)
    return (
        *opening,
        Street("flop", board=3, burn=True),
        Street(
            "turn", board=1, burn=True, bet_size=BetSize.BIG, discard=1 if discard == "turn" else 0
        ),
        Street("river", board=1, burn=True, bet_size=BetSize.BIG),
    )


def _stud_streets(*, razz: bool = False, open_pair_big_bet: bool = False) -> tuple[Street, ...]:
    """Seven card stud's five streets: two down and the door card up, three
    more up, the seventh down; a burn before each. Stud and stud hi-lo bring
    in with the lowest door card and then the best showing hand acts first;
    Razz the other way round."""
    showing = Opening.LOW_HAND if razz else Opening.HIGH_HAND

    def later(name: str, *, up: bool = True) -> Street:
        return Street(
            name,
            hole_up=int(up),
            hole_down=int(not up),
            burn=True,
            opening=showing,
            bet_size=BetSize.BIG,
        )

    return (
        Street(
            "third",
            hole_down=2,
            hole_up=1,
            burn=True,
            opening=Opening.HIGH_CARD if razz else Opening.LOW_CARD,
        ),
        Street(
            "fourth",
            hole_up=1,
            burn=True,
            opening=showing,
            open_pair_big_bet=open_pair_big_bet,
        ),
        later("fifth"),
        later("sixth"),
        later("seventh", up=False),
    )


def _draw_streets(
    hole: int,
    draws: int,
    *,
    max_draw: int,
    big_from: int,
    opening: Opening = Opening.POSITION,
) -> tuple[Street, ...]:
    """A draw game: ``hole`` cards down and a betting round, then ``draws``
    times a draw (discard up to ``max_draw``, a burn, the replacements) and a
    betting round. The betting after draw number ``big_from`` and later uses
    the big bet; ``opening`` says who speaks first after a draw."""
    first = Street("predraw", hole_down=hole)
    rounds = tuple(
        Street(
            f"draw {k}" if draws > 1 else "draw",
            draw=True,
            max_draw=max_draw,
            burn=True,
            opening=opening,
            bet_size=BetSize.BIG if k >= big_from else BetSize.SMALL,
        )
        for k in range(1, draws + 1)
    )
    return (first, *rounds)


def _double_holdem_streets() -> tuple[Street, ...]:
    """Double Texas Hold'em (seed 002 and the rules it cites, PartyPoker's and
    TableBrain's): three hole cards; after the flop each player sets a point
    card, which plays with each of the other two, before the flop's betting."""
    return (
        Street("preflop", hole_down=3),
        Street("flop", board=3, burn=True, betting=False),
        Street("point card", point_card=True),
        Street("turn", board=1, burn=True, bet_size=BetSize.BIG),
        Street("river", board=1, burn=True, bet_size=BetSize.BIG),
    )


def _manila_streets() -> tuple[Street, ...]:
    """Manila (seed 002 and the rules it cites): two hole cards and the first
    board card, then one board card at a time, a betting round after each: five
    rounds, the small bet on the first two, the big bet from the third."""
    return (
        Street("first", hole_down=2, board=1),
        Street("second", board=1, burn=True),
        Street("third", board=1, burn=True, bet_size=BetSize.BIG),
        Street("fourth", board=1, burn=True, bet_size=BetSize.BIG),
        Street("fifth", board=1, burn=True, bet_size=BetSize.BIG),
    )


_HIGH: Final = (Evaluation.STANDARD_HIGH,)
_HOLDEM: Final = _holdem_streets()
_OMAHA: Final = _holdem_streets(4)
_OMAHA_HILO: Final = (Evaluation.OMAHA_HIGH, Evaluation.OMAHA_EIGHT_OR_BETTER_LOW)


def _variant(code: str, name: str, **fields: object) -> Variant:
    defaults: dict[str, object] = {
        "deck": DeckKind.STANDARD,
        "streets": _HOLDEM,
        "betting": BettingStructure.NO_LIMIT,
        "evaluations": _HIGH,
    }
    defaults.update(fields)
    return Variant(code=code, name=name, **defaults)  # type: ignore[arg-type]


#: Every variant the engine deals, by code. The codes are PHH's where PHH has
#: one (NT, NS, PO, FT, FO/8, …); the others are ours, in the same style.
VARIANTS: Final[dict[str, Variant]] = {
    v.code: v
    for v in (
        _variant("NT", "No-limit Texas Hold'em", short_name="NLHE"),
        _variant("PT", "Pot-limit Texas Hold'em", betting=BettingStructure.POT_LIMIT),
        _variant("FT", "Fixed-limit Texas Hold'em", betting=BettingStructure.FIXED_LIMIT),
        _variant("ST", "Spread-limit Texas Hold'em", betting=BettingStructure.SPREAD_LIMIT),
        _variant(
            "NS",
            "No-limit Short Deck Hold'em",
            deck=DeckKind.SHORT,
            evaluations=(Evaluation.SHORT_DECK_HIGH,),
            max_players=9,
        ),
        _variant(
            "NSS",
            "No-limit Short Deck Hold'em, straight over three of a kind",
            deck=DeckKind.SHORT,
            evaluations=(Evaluation.SHORT_DECK_STRAIGHT_OVER_TRIPS,),
            max_players=9,
        ),
        _variant("NR", "No-limit Royal Hold'em", deck=DeckKind.ROYAL, max_players=4),
        _variant(
            "FM",
            "Fixed-limit Manila",
            deck=DeckKind.MANILA,
            streets=_manila_streets(),
            betting=BettingStructure.FIXED_LIMIT,
            evaluations=(Evaluation.MANILA_HIGH,),
            short_name="Manila",
        ),
        _variant(
            "NDT",
            "No-limit Double Texas Hold'em",
            streets=_double_holdem_streets(),
            evaluations=(Evaluation.DOUBLE_HOLDEM_HIGH,),
            short_name="Double Hold'em",
        ),
        _variant(
            "NDB",
            "No-limit Double-board Hold'em, each board half the pot",
            boards=2,
            board_award=BoardAward.SPLIT,
            short_name="Double-board",
        ),
        _variant(
            "NDBA",
            "No-limit Double-board Hold'em, best hand takes all",
            boards=2,
            board_award=BoardAward.BEST,
            short_name="Double-board",
        ),
        _variant(
            "PO",
            "Pot-limit Omaha",
            streets=_OMAHA,
            betting=BettingStructure.POT_LIMIT,
            evaluations=(Evaluation.OMAHA_HIGH,),
        ),
        _variant(
            "FO",
            "Fixed-limit Omaha",
            streets=_OMAHA,
            betting=BettingStructure.FIXED_LIMIT,
            evaluations=(Evaluation.OMAHA_HIGH,),
        ),
        _variant(
            "PO/8",
            "Pot-limit Omaha Hi-Lo",
            streets=_OMAHA,
            betting=BettingStructure.POT_LIMIT,
            evaluations=_OMAHA_HILO,
        ),
        _variant(
            "FO/8",
            "Fixed-limit Omaha Hi-Lo",
            streets=_OMAHA,
            betting=BettingStructure.FIXED_LIMIT,
            evaluations=_OMAHA_HILO,
        ),
        _variant(
            "NP",
            "No-limit Pineapple",
            streets=_holdem_streets(3, discard="preflop"),
            max_players=8,
        ),
        _variant(
            "NCP",
            "No-limit Crazy Pineapple",
            streets=_holdem_streets(3, discard="turn"),
            max_players=8,
        ),
        _variant(
            "FCP/8",
            "Fixed-limit Crazy Pineapple Hi-Lo",
            streets=_holdem_streets(3, discard="turn"),
            betting=BettingStructure.FIXED_LIMIT,
            evaluations=(Evaluation.STANDARD_HIGH, Evaluation.EIGHT_OR_BETTER_LOW),
            max_players=8,
        ),
        _variant(
            "F7S",
            "Fixed-limit Seven Card Stud",
            streets=_stud_streets(open_pair_big_bet=True),
            betting=BettingStructure.FIXED_LIMIT,
            uses_blinds=False,
            uses_bring_in=True,
            cap_lifts_when_two_remain=True,
            odd_chip_by_card=True,
            max_players=8,
            short_name="Stud",
        ),
        _variant(
            "F7S/8",
            "Fixed-limit Seven Card Stud Hi-Lo",
            # No open-pair option: a pair showing says little in a split game.
            streets=_stud_streets(),
            betting=BettingStructure.FIXED_LIMIT,
            evaluations=(Evaluation.STANDARD_HIGH, Evaluation.EIGHT_OR_BETTER_LOW),
            uses_blinds=False,
            uses_bring_in=True,
            cap_lifts_when_two_remain=True,
            odd_chip_by_card=True,
            max_players=8,
            short_name="Stud/8",
        ),
        _variant(
            "FR",
            "Fixed-limit Razz",
            streets=_stud_streets(razz=True),
            betting=BettingStructure.FIXED_LIMIT,
            evaluations=(Evaluation.ACE_TO_FIVE_LOW,),
            uses_blinds=False,
            uses_bring_in=True,
            cap_lifts_when_two_remain=True,
            odd_chip_by_card=True,
            max_players=8,
            short_name="Razz",
        ),
        _variant(
            "F5D",
            "Fixed-limit Five Card Draw",
            # Seed 003, "Kartentausch": usually four cards at most (a table may
            # agree on three, four with an ace shown, or five). After the draw
            # the last raiser of the first round speaks first ("Zweite Wettrunde").
            streets=_draw_streets(5, 1, max_draw=4, big_from=1, opening=Opening.LAST_AGGRESSOR),
            betting=BettingStructure.FIXED_LIMIT,
            uses_blinds=False,
            max_players=7,
            short_name="5CD",
        ),
        _variant(
            "N2L1D",
            "No-limit Deuce-to-Seven Lowball Single Draw",
            streets=_draw_streets(5, 1, max_draw=5, big_from=1),
            evaluations=(Evaluation.DEUCE_TO_SEVEN_LOW,),
            max_players=6,
            short_name="2-7 SD",
        ),
        _variant(
            "F2L3D",
            "Fixed-limit Deuce-to-Seven Lowball Triple Draw",
            streets=_draw_streets(5, 3, max_draw=5, big_from=2),
            betting=BettingStructure.FIXED_LIMIT,
            evaluations=(Evaluation.DEUCE_TO_SEVEN_LOW,),
            max_players=6,
            short_name="2-7 TD",
        ),
        _variant(
            "FB",
            "Fixed-limit Badugi",
            streets=_draw_streets(4, 3, max_draw=4, big_from=2),
            betting=BettingStructure.FIXED_LIMIT,
            evaluations=(Evaluation.BADUGI,),
            max_players=6,
            short_name="Badugi",
        ),
    )
}


def variant(code: str) -> Variant:
    """The variant with this code; a :class:`KeyError` names the known codes."""
    try:
        return VARIANTS[code]
    except KeyError:
        known = ", ".join(sorted(VARIANTS))
        raise KeyError(f"There is no variant {code!r}; known: {known}.") from None
