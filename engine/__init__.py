"""Poker itself, in pure Python: the engine's front door.

Everything the layers above use is imported from here (``from engine import
Hand``); the modules behind it are the engine's own business. The hand
histories have a front door of their own, :mod:`engine.phh`.

- Cards and decks: :class:`Card`, :func:`parse_cards`, :class:`Deck`.
- The games: :data:`VARIANTS`, each a :class:`Variant` (data, not a subclass).
- One hand: :class:`Hand` from a :class:`HandSetup`. It says whose turn it is
  (:attr:`Hand.to_act`) and what that player may do (:meth:`Hand.legal_actions`,
  quick sizes included), checks an action without taking it
  (:meth:`Hand.verify`), takes it (:meth:`Hand.act`, returning the
  :mod:`events <engine.events>` it caused), and knows what the clock does for
  a player who does not act (:meth:`Hand.timeout_action`).
- Many hands: a :class:`Table` under its :class:`TableRules` (seats, the
  button, blinds and antes, sitting out, top-ups, tournaments' levels), with
  the :func:`table_stakes` each game is dealt at.
- Multi-table tournaments: a :class:`TournamentFloor` seats the field, says
  which table may deal, and answers each finished hand with the moves to make
  (:class:`Move`: balancing, breaking, the final table), the places finished
  (:class:`Finish`) and hand for hand on the bubble (the TDA rules,
  :mod:`engine.tournament_tables`); its prizes are :func:`mtt_prizes` for
  :func:`places_paid`, and a deal is :func:`icm_deal` or :func:`chip_chop`.
- Provably fair decks: :func:`commit`, :func:`open_cards`, :func:`check_opening`.
- What one seat may see of a hand: :class:`SeatView` from :func:`seat_view`
  (a human's private view and a computer player's decisions both read it).
- Equity: :func:`equities` and :func:`equity_vs_range` (:mod:`engine.equity`),
  and computer players: :class:`ComputerPlayer` of a :class:`Style` from
  :data:`STYLES` (:mod:`engine.computer`), loaded when first asked for, since
  they need numpy.

>>> from engine import VARIANTS, BetOrRaise, CheckOrCall, Hand, HandSetup, RaiseSize
>>> deck = tuple(parse_cards("AsAhKsKh2c7d9s3hJc4d5s"))
>>> hand = Hand(HandSetup(VARIANTS["NT"], (1000, 1000), blinds=(10, 5), min_bet=10, deck=deck))
>>> legal = hand.legal_actions()
>>> hand.to_act, legal.call_amount, legal.raise_to(RaiseSize.POT)
(1, 5, 30)
>>> hand.verify(1, BetOrRaise(15))
Traceback (most recent call last):
...
engine.errors.IllegalAction: The minimum raise is to 20.
>>> [event.kind for event in hand.act(1, CheckOrCall())]
['call']
"""

import importlib
from typing import TYPE_CHECKING

from engine.actions import (
    Action,
    BetOrRaise,
    CheckOrCall,
    ChooseRunouts,
    Discard,
    Fold,
    PostBringIn,
    RaiseSize,
    ShowOrMuck,
    format_action,
    parse_action,
)
from engine.blind_structure import (
    DEFAULT_LEVEL_MINUTES,
    MAX_LEVEL_HANDS,
    MAX_LEVEL_MINUTES,
    deals_tournaments,
    default_schedule,
)
from engine.cards import (
    ACE,
    ALL_CARDS,
    Card,
    CardError,
    Deck,
    DeckKind,
    format_cards,
    parse_cards,
)
from engine.draws import DrawRules
from engine.errors import EngineError, IllegalAction, RulesError
from engine.evaluation import Category, Evaluation, HandValue, evaluate
from engine.evaluation.described import HandDescription, described
from engine.events import (
    ActionKind,
    BetKind,
    BetReturned,
    BoardDealt,
    BountyPaid,
    CardsDiscarded,
    DiscardKind,
    Event,
    ForcedBetPosted,
    HandEnded,
    HandMucked,
    HandShown,
    HoleCardsDealt,
    PlayerActed,
    PointCardChosen,
    PointCardKind,
    PotAwarded,
    PotCarriedOver,
    PotShare,
    RakeTaken,
    RunItTwiceOffered,
    RunoutChosen,
    RunoutsDecided,
    StreetStarted,
    UpCardsDealt,
    cards_seen_by,
    players_who_drew,
)
from engine.fairness import DeckProof, OpenedCard, Opening, check_opening, commit, open_cards
from engine.hand import Hand, HandSetup, LegalActions, Phase, Rake
from engine.home_rules import (
    HOME_AMOUNT_BIG_BLINDS,
    MAX_BOMB_POT_EVERY,
    NO_HOME_RULES,
    BombPots,
    BombPotVote,
    HomeRules,
    bomb_pot_votes_needed,
    home_amount_most,
)
from engine.payouts import MAX_PAID_PLACES, check_percentages, chip_chop, prizes, shared_prizes
from engine.plain_data import deal_from_data, deal_to_data, table_from_data, table_to_data
from engine.pot_odds import PotOdds, pot_odds
from engine.pots import Pot
from engine.pre_actions import (
    PreAction,
    PreActionChoice,
    choose_pre_action,
    offered_pre_actions,
    pre_action_move,
    price_for,
    still_stands,
)
from engine.progress import Progress
from engine.rest_breaks import BreakRule, ClockReading, clock_second_of_play, read_clock
from engine.rotation import MAX_HANDS_PER_GAME, ROTATIONS, GameOutlook, Rotation
from engine.seat_view import SeatView, seat_view
from engine.show_choices import (
    ShowOptions,
    cards_to_show,
    seven_deuce_turned_up,
    show_options,
    shows_seven_deuce,
)
from engine.stakes import (
    MAX_BUY_IN_BIG_BLINDS,
    MAX_CHIPS,
    MIN_BUY_IN_BIG_BLINDS,
    RAKE_CAP_BIG_BLINDS,
    STARTING_STACK_BIG_BLINDS,
    TOURNAMENT_BUY_IN_BIG_BLINDS,
    AnteKind,
    BlindSchedule,
    LevelClock,
    Stakes,
    ante_stakes,
    plays_for_antes,
    stud_stakes,
    table_stakes,
    takes_straddle,
    takes_table_ante,
)
from engine.table import (
    MAX_RAKE_BASIS_POINTS,
    MAX_SEATS,
    MIN_SEATS,
    CashOut,
    Deal,
    Departure,
    HandResult,
    HomeChange,
    MissedBlinds,
    Seat,
    Table,
    TableRules,
)
from engine.table_config import chosen_home_rules, table_rules
from engine.tendencies import PlayerHabits, big_blind_of, habits
from engine.time_bank import MAX_TIME_BANK_SECONDS, TimeBankRule, bank_runs_in, spend
from engine.tournament_extras import (
    MAX_REBUY_LEVELS,
    NO_EXTRAS,
    BountyBook,
    BountyWon,
    TournamentExtras,
    busting_pot_winners,
)
from engine.tournament_payouts import (
    icm_deal,
    icm_equities,
    mtt_prizes,
    places_paid,
    prizes_by_weights,
)
from engine.tournament_tables import (
    Bust,
    FinalTableFormed,
    Finish,
    FloorEvent,
    HandForHand,
    LateClosed,
    LateEntry,
    Move,
    MoveReason,
    Out,
    TableBroken,
    TournamentFloor,
    before_the_bubble,
    late_entry,
    place_busts,
)
from engine.variants import VARIANTS, BettingStructure, Variant, variant
from engine.verdicts import (
    PotVerdict,
    ShownHandVerdict,
    in_showing_order,
    pot_verdicts,
    shown_hands,
)

if TYPE_CHECKING:
    from engine.computer import (
        DEFAULT_STYLE,
        STYLES,
        ComputerPlayer,
        Style,
        chips_to_buy,
        style_named,
    )
    from engine.equity import EquityResult, HandEquity, Range, equities, equity_vs_range

#: Names served from a module imported only when one of them is first asked for
#: (both need numpy, which a process that never asks need not load).
_LATER = {
    **{
        name: "engine.equity"
        for name in ("EquityResult", "HandEquity", "Range", "equities", "equity_vs_range")
    },
    **{
        name: "engine.computer"
        for name in (
            "DEFAULT_STYLE",
            "STYLES",
            "ComputerPlayer",
            "Style",
            "chips_to_buy",
            "style_named",
        )
    },
}


def __getattr__(name: str) -> object:
    module = _LATER.get(name)
    if module is None:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


__all__ = [
    "ACE",
    "ALL_CARDS",
    "DEFAULT_LEVEL_MINUTES",
    "DEFAULT_STYLE",
    "HOME_AMOUNT_BIG_BLINDS",
    "MAX_BOMB_POT_EVERY",
    "MAX_BUY_IN_BIG_BLINDS",
    "MAX_CHIPS",
    "MAX_HANDS_PER_GAME",
    "MAX_LEVEL_HANDS",
    "MAX_LEVEL_MINUTES",
    "MAX_PAID_PLACES",
    "MAX_RAKE_BASIS_POINTS",
    "MAX_REBUY_LEVELS",
    "MAX_SEATS",
    "MAX_TIME_BANK_SECONDS",
    "MIN_BUY_IN_BIG_BLINDS",
    "MIN_SEATS",
    "NO_EXTRAS",
    "NO_HOME_RULES",
    "RAKE_CAP_BIG_BLINDS",
    "ROTATIONS",
    "STARTING_STACK_BIG_BLINDS",
    "STYLES",
    "TOURNAMENT_BUY_IN_BIG_BLINDS",
    "VARIANTS",
    "Action",
    "ActionKind",
    "AnteKind",
    "BetKind",
    "BetOrRaise",
    "BetReturned",
    "BettingStructure",
    "BlindSchedule",
    "BoardDealt",
    "BombPotVote",
    "BombPots",
    "BountyBook",
    "BountyPaid",
    "BountyWon",
    "BreakRule",
    "Bust",
    "Card",
    "CardError",
    "CardsDiscarded",
    "CashOut",
    "Category",
    "CheckOrCall",
    "ChooseRunouts",
    "ClockReading",
    "ComputerPlayer",
    "Deal",
    "Deck",
    "DeckKind",
    "DeckProof",
    "Departure",
    "Discard",
    "DiscardKind",
    "DrawRules",
    "EngineError",
    "EquityResult",
    "Evaluation",
    "Event",
    "FinalTableFormed",
    "Finish",
    "FloorEvent",
    "Fold",
    "ForcedBetPosted",
    "GameOutlook",
    "Hand",
    "HandDescription",
    "HandEnded",
    "HandEquity",
    "HandForHand",
    "HandMucked",
    "HandResult",
    "HandSetup",
    "HandShown",
    "HandValue",
    "HoleCardsDealt",
    "HomeChange",
    "HomeRules",
    "IllegalAction",
    "LateClosed",
    "LateEntry",
    "LegalActions",
    "LevelClock",
    "MissedBlinds",
    "Move",
    "MoveReason",
    "OpenedCard",
    "Opening",
    "Out",
    "Phase",
    "PlayerActed",
    "PlayerHabits",
    "PointCardChosen",
    "PointCardKind",
    "PostBringIn",
    "Pot",
    "PotAwarded",
    "PotCarriedOver",
    "PotOdds",
    "PotShare",
    "PotVerdict",
    "PreAction",
    "PreActionChoice",
    "Progress",
    "RaiseSize",
    "Rake",
    "RakeTaken",
    "Range",
    "Rotation",
    "RulesError",
    "RunItTwiceOffered",
    "RunoutChosen",
    "RunoutsDecided",
    "Seat",
    "SeatView",
    "ShowOptions",
    "ShowOrMuck",
    "ShownHandVerdict",
    "Stakes",
    "StreetStarted",
    "Style",
    "Table",
    "TableBroken",
    "TableRules",
    "TimeBankRule",
    "TournamentExtras",
    "TournamentFloor",
    "UpCardsDealt",
    "Variant",
    "ante_stakes",
    "bank_runs_in",
    "before_the_bubble",
    "big_blind_of",
    "bomb_pot_votes_needed",
    "busting_pot_winners",
    "cards_seen_by",
    "cards_to_show",
    "check_opening",
    "check_percentages",
    "chip_chop",
    "chips_to_buy",
    "choose_pre_action",
    "chosen_home_rules",
    "clock_second_of_play",
    "commit",
    "deal_from_data",
    "deal_to_data",
    "deals_tournaments",
    "default_schedule",
    "described",
    "equities",
    "equity_vs_range",
    "evaluate",
    "format_action",
    "format_cards",
    "habits",
    "home_amount_most",
    "icm_deal",
    "icm_equities",
    "in_showing_order",
    "late_entry",
    "mtt_prizes",
    "offered_pre_actions",
    "open_cards",
    "parse_action",
    "parse_cards",
    "place_busts",
    "places_paid",
    "players_who_drew",
    "plays_for_antes",
    "pot_odds",
    "pot_verdicts",
    "pre_action_move",
    "price_for",
    "prizes",
    "prizes_by_weights",
    "read_clock",
    "seat_view",
    "seven_deuce_turned_up",
    "shared_prizes",
    "show_options",
    "shown_hands",
    "shows_seven_deuce",
    "spend",
    "still_stands",
    "stud_stakes",
    "style_named",
    "table_from_data",
    "table_rules",
    "table_stakes",
    "table_to_data",
    "takes_straddle",
    "takes_table_ante",
    "variant",
]
