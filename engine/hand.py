"""One hand of poker, from the forced bets to the awarded pots.

The hand is a state machine over a :class:`~engine.variants.Variant`. Players
are indexed in the order they sit after the button: index 0 is first left of
the button, the last index is the button (heads-up, the button posts the small
blind, so ``blinds`` is what each index posts; the table works that out). This
is also PHH's order, so hand histories map one to one.

A hand deals for itself from the deck in its :class:`HandSetup`; without a deck
it waits for the cards to be named (``deal_hole``/``deal_board``), which is how
recorded hands are replayed. It knows whose turn it is, offers
:meth:`Hand.legal_actions`, refuses an illegal action with an
:class:`~engine.errors.IllegalAction` and no change, and returns the
:mod:`~engine.events` each action caused.

Dealt with ``pause_runouts``, a hand runs an all-in out street by street: once
no more betting can happen and two or more hands are live, it turns them face
up and stops before each street (phase ``RUNOUT``) until :meth:`Hand.deal_runout`
deals it, so a table can show the chances as each street comes. The cards are
the same as dealt in one step: the deck decides them, not the pauses.

:class:`Hand` reads in the order of a hand: what it answers (queries), what a
player does (actions), then one section per phase, each stating its rules
once: forced bets, dealing the streets, betting, discards and draws,
showdown, awarding the pots.

>>> from engine.cards import parse_cards
>>> from engine.actions import CheckOrCall, BetOrRaise, Fold
>>> deck = parse_cards("AsAhKsKh2c7d9s3hJc4d5s")
>>> hand = Hand(HandSetup(VARIANTS["NT"], (1000, 1000), blinds=(10, 5), min_bet=10,
...                      deck=tuple(deck)))
>>> hand.actor  # heads-up, the button (index 1) acts first before the flop
1
>>> legal = hand.legal_actions()
>>> legal.call_amount, legal.min_raise_to, legal.max_raise_to
(5, 20, 1000)
>>> _ = hand.act(1, BetOrRaise(30))
>>> _ = hand.act(0, CheckOrCall())
>>> [str(c) for c in hand.board]
['7d', '9s', '3h']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from itertools import compress, repeat
from operator import add, and_, eq, itemgetter, mul, not_, sub
from typing import Final, NoReturn, cast

from engine import home_rules
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
)
from engine.cards import ACE, Card
from engine.draws import DEFAULT_DRAW_RULES, DrawRules, openers
from engine.errors import DealingError, IllegalAction
from engine.evaluation import Evaluation, describe_strength, evaluate, strength_of
from engine.events import (
    BetReturned,
    BoardDealt,
    BountyPaid,
    CardsDiscarded,
    DrawAceShown,
    Event,
    ForcedBetPosted,
    HandEnded,
    HandMucked,
    HandShown,
    HoleCardsDealt,
    OpenersShown,
    PlayerActed,
    PointCardChosen,
    PotAwarded,
    PotCarriedOver,
    RakeTaken,
    RunItTwiceOffered,
    RunoutChosen,
    RunoutsDecided,
    StreetStarted,
    StubReshuffled,
    UpCardsDealt,
)
from engine.fast_frozen import fast_constructor
from engine.pots import Pot, build_pots, split_amount
from engine.showing import bring_in_player, first_to_act, has_open_pair, odd_chip_order
from engine.stub import Stub
from engine.variants import (
    VARIANTS,
    BetSize,
    BettingStructure,
    BoardAward,
    Opening,
    Street,
    Variant,
)

__all__ = ["VARIANTS", "Hand", "HandSetup", "LegalActions", "Phase", "Rake"]


@dataclass(frozen=True, slots=True)
class Rake:
    """The house's share: ``basis_points`` of the pot (500 = 5 %), at most ``cap``
    chips, nothing when the hand ends before the flop ("no flop, no drop")."""

    basis_points: int
    cap: int
    no_flop_no_drop: bool = True


@dataclass(frozen=True, slots=True)
class HandSetup:
    """Everything a hand starts from. With the actions taken, it rebuilds the hand.

    ``min_bet`` is the smallest bet or raise in no-limit, pot-limit and
    spread-limit games (usually the big blind). ``small_bet`` and ``big_bet``
    are the two bet sizes of fixed limit (small on the first two rounds, big
    from the turn on); in spread limit they are the largest bet or raise on
    those rounds (the lower and the higher limit).

    ``antes`` and ``blinds`` give what each player index posts (empty:
    nothing). ``ante_trimming`` puts antes into the betting levels for side
    pots; without it antes are dead money in the main pot (the usual way
    with a big-blind ante). ``deck`` is the dealing order; ``None`` means the
    cards are named as they are dealt.

    ``posts`` are live bets posted out of turn, one amount per index (empty:
    none): what a player coming into a game posts to be dealt in at once, or a
    returning player's missed big blind. A post counts as the player's bet, but
    unlike a blind it does not move who acts first.

    ``dead_blinds`` are blinds posted dead, one amount per index (empty: none):
    a returning player's missed small blind. A dead blind goes to the middle
    of the pot, never into the player's bet, so it is in the main pot for
    whoever wins it, antes or not ("taken by the dealer to the center of the
    pot", RRoP, Button and Blind Use).

    ``draw_rules`` are the table's draw settings (draw limit, jackpots).
    ``carried_pot`` is dead money already in the pot: a jackpot nobody opened
    on the previous deal.

    The home-game options (:mod:`engine.home_rules`): ``run_it_twice`` offers
    the players still in the hand to deal the rest of the board twice when
    the betting ends (on any street) with everyone all in and board cards to
    come, if the stub holds both runs with their burns; ``bomb_pot`` skips the first
    betting round (everyone's bomb is posted as an ante, so the flop comes
    at once); ``boards`` deals that many boards instead of the game's own
    count (a double-board bomb pot: 2, each board half of every pot);
    ``seven_deuce_bounty`` is what each other player dealt in pays a player
    who wins with seven-deuce and shows it.
    """

    variant: Variant
    starting_stacks: tuple[int, ...]
    antes: tuple[int, ...] = ()
    blinds: tuple[int, ...] = ()
    bring_in: int = 0
    min_bet: int = 0
    small_bet: int = 0
    big_bet: int = 0
    ante_trimming: bool = True
    rake: Rake | None = None
    deck: tuple[Card, ...] | None = None
    posts: tuple[int, ...] = ()
    draw_rules: DrawRules = DEFAULT_DRAW_RULES
    carried_pot: int = 0
    dead_blinds: tuple[int, ...] = ()
    run_it_twice: bool = False
    bomb_pot: bool = False
    boards: int = 0
    seven_deuce_bounty: int = 0

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)

    @property
    def board_count(self) -> int:
        """Boards each board card is dealt to: the game's, or the setup's own count."""
        return self.boards or self.variant.boards


class Phase(Enum):
    DEALING = "dealing"
    DISCARDING = "discarding"
    BETTING = "betting"
    #: Run it twice: everyone is all in and the players still in the hand
    #: choose how many times the rest of the board is dealt.
    RUN_IT_TWICE = "run it twice"
    #: All in, street by street (a hand dealt with ``pause_runouts``): no more
    #: betting can happen, two or more hands are live and face up, and the
    #: next street of the run-out is due (:meth:`Hand.deal_runout`).
    RUNOUT = "run-out"
    SHOWDOWN = "showdown"
    COMPLETE = "complete"


# The enum members the state machine tests at every step, as module globals:
# in Python 3.11 reading a member off its Enum class costs ten times a global.
_DEALING: Final = Phase.DEALING
_DISCARDING: Final = Phase.DISCARDING
_BETTING: Final = Phase.BETTING
_SHOWDOWN: Final = Phase.SHOWDOWN
_RUN_IT_TWICE: Final = Phase.RUN_IT_TWICE
_RUNOUT: Final = Phase.RUNOUT
_COMPLETE: Final = Phase.COMPLETE
_NO_LIMIT: Final = BettingStructure.NO_LIMIT
_POT_LIMIT: Final = BettingStructure.POT_LIMIT
_FIXED_LIMIT: Final = BettingStructure.FIXED_LIMIT
_POSITION: Final = Opening.POSITION
_LOW_CARD: Final = Opening.LOW_CARD
_HIGH_CARD: Final = Opening.HIGH_CARD
_HIGH_HAND: Final = Opening.HIGH_HAND
_LAST_AGGRESSOR: Final = Opening.LAST_AGGRESSOR
_BIG_BET: Final = BetSize.BIG


@dataclass(frozen=True, slots=True)
class LegalActions:
    """What the player to act may do, with exact amounts, for labelling buttons.

    In a betting round: ``call_amount`` is what calling adds (0 means check;
    it is the whole stack when calling puts the player all in); a bet or raise
    goes *to* an amount from ``min_raise_to`` to ``max_raise_to`` (equal in
    fixed limit; ``min_raise_to`` is the all-in amount when the stack is short
    of a full raise). In fixed-limit stud with an open pair showing on fourth
    street the bet or raise is to exactly ``min_raise_to`` (the small bet) or
    ``max_raise_to`` (the big bet). ``is_bet`` says the word is "bet" (nothing to raise yet).
    In a discard or draw phase, ``discard_min``/``discard_max`` bound how many
    cards; at showdown ``can_muck`` says whether the hand may be thrown away.
    """

    player: int
    phase: Phase
    can_fold: bool = False
    can_check: bool = False
    call_amount: int = 0
    can_call: bool = False
    can_raise: bool = False
    is_bet: bool = False
    min_raise_to: int = 0
    max_raise_to: int = 0
    can_post_bring_in: bool = False
    bring_in_amount: int = 0
    is_completion: bool = False
    discard_min: int = 0
    discard_max: int = 0
    can_show: bool = False
    can_muck: bool = False
    stack: int = 0
    bet: int = 0
    pot: int = 0
    #: When not empty, the only amounts a bet or raise may go to (stud's open
    #: pair on fourth street: the small or the big bet, nothing between).
    raise_choices: tuple[int, ...] = ()

    @property
    def call_is_all_in(self) -> bool:
        """Whether calling puts the player all in (their whole stack)."""
        return self.can_call and self.call_amount == self.stack

    def allows_raise_to(self, amount: int) -> bool:
        """Whether a bet or raise to ``amount`` is within what is offered."""
        if not self.can_raise:
            return False
        if self.raise_choices:
            return amount in self.raise_choices
        return self.min_raise_to <= amount <= self.max_raise_to

    @property
    def all_in_to(self) -> int:
        """The bet that puts the player all in."""
        return self.bet + self.stack

    def raise_to(self, size: RaiseSize) -> int | None:
        """What a bet or raise of ``size`` goes to, or ``None`` where it is not offered.

        Half pot and pot mean: call first, then bet that share of the pot as it
        would be after the call. A size outside the range offered is not offered
        rather than silently changed.

        >>> legal = LegalActions(0, Phase.BETTING, can_fold=True, call_amount=5, can_call=True,
        ...                      can_raise=True, min_raise_to=20, max_raise_to=1000,
        ...                      stack=995, bet=5, pot=15)
        >>> legal.raise_to(RaiseSize.POT), legal.raise_to(RaiseSize.HALF_POT)
        (30, 20)
        >>> [(size.value, to) for size, to in legal.quick_raises()]
        [('min', 20), ('half', 20), ('pot', 30), ('allin', 1000)]
        """
        if not self.can_raise:
            return None
        if size is RaiseSize.MIN:
            return self.min_raise_to
        if size is RaiseSize.ALL_IN:
            return self.all_in_to if self.max_raise_to == self.all_in_to else None
        pot_after_call = self.pot + self.call_amount
        share = pot_after_call if size is RaiseSize.POT else pot_after_call // 2
        to = self.bet + self.call_amount + share
        return to if self.allows_raise_to(to) else None

    def quick_raises(self) -> tuple[tuple[RaiseSize, int], ...]:
        """Each size offered and its amount, where a bet or raise has a range of
        amounts (with one amount only, there is nothing to choose)."""
        if self.min_raise_to == self.max_raise_to:
            return ()
        return tuple((size, to) for size in RaiseSize if (to := self.raise_to(size)) is not None)


@dataclass(slots=True)
class _Round:
    """The betting round in progress."""

    increment: int  # size of the last full bet or raise: the minimum raise
    bet_count: int  # bets and raises so far, for the fixed-limit cap
    #: Whether the cap (a bet and three raises) was reached while three or
    #: more players were in the hand: then it holds even if it comes down to two.
    capped: bool
    began_heads_up: bool  # only two players were in the hand when the round began
    needs_action: list[bool]
    acted: list[bool]
    faced: list[int]  # the bet level each player last matched or made
    completion: bool  # stud: the bring-in is posted and may still be completed
    bring_in_pending: bool  # stud: the bring-in player has not yet chosen
    #: Fixed-limit stud, fourth street with an open pair showing: a bet or
    #: raise may be the big bet (after which every raise is the big bet).
    big_bet_option: bool = False
    #: Each player's bet plus stack, which no action of the round changes
    #: (chips only move from stack to bet); 0 once the player folds.
    live_reach: list[int] = field(default_factory=list)
    #: Chips in the pots before this round's bets (they only grow between rounds).
    collected: int = 0
    #: The largest bet of the round so far: max(bets), kept as bets move.
    current: int = 0
    #: The largest live reach, a player who has it, and the largest reach
    #: of everyone else: what :meth:`opponents_reach` answers from.
    top_reach: int = 0
    top_reach_player: int = 0
    second_reach: int = 0
    #: Limit games: the level of the last full bet or raise. An all-in of half
    #: a bet or more over it counts as a full raise and moves it; a smaller one
    #: does not, and the next player may complete it (RRoP's half-bet rule).
    full_level: int = 0

    def copy(self) -> _Round:
        return replace(
            self,
            needs_action=list(self.needs_action),
            acted=list(self.acted),
            faced=list(self.faced),
            live_reach=list(self.live_reach),
        )

    def rank_reach(self) -> None:
        """Find the top two live reaches again (the round begins, or a player folds)."""
        live_reach = self.live_reach
        ranked = sorted(live_reach)
        self.top_reach, self.second_reach = ranked[-1], ranked[-2]
        self.top_reach_player = live_reach.index(ranked[-1])

    def opponents_reach(self, player: int) -> int:
        """The most any opponent of ``player`` still in the hand can have bet this round."""
        return self.second_reach if player == self.top_reach_player else self.top_reach


@dataclass(slots=True)
class _Showdown:
    pending: list[int]  # players still to show or muck, in showing order
    shown: list[bool] = field(default_factory=list)
    mucked: list[bool] = field(default_factory=list)
    #: The pots played for: they cannot change once the showdown begins.
    pots: tuple[Pot, ...] = ()
    #: Someone is all in, so every hand is turned up (fixed once it begins).
    everyone_shows: bool = False
    #: Not a showdown: everyone else folded and the pots are awarded, and the
    #: winner may show their hand or not (the 7-2 bounty is paid on a show).
    after_win: bool = False

    @property
    def started(self) -> bool:
        return any(self.shown)


#: The player and the number of cards of a planned deal, ``(player or None, count)``.
_PLAYER: Final = itemgetter(0)
_COUNT: Final = itemgetter(1)

#: The actions of a betting round.
_BET_ACTIONS: Final = frozenset((CheckOrCall, Fold, BetOrRaise, PostBringIn))

#: ``_CLOCKWISE[n][start]``: the seats of an ``n``-handed hand in acting order
#: from ``start``, for up to 26 players (a 52-card deck gives that many two cards).
_CLOCKWISE: Final = tuple(
    tuple(tuple((start + k) % n for k in range(n)) for start in range(n)) for n in range(27)
)
#: ``_AFTER[n][seat]``: the same from the seat after ``seat``, ending with ``seat``.
_AFTER: Final = tuple(
    tuple(tuple((seat + k) % n for k in range(1, n + 1)) for seat in range(n)) for n in range(27)
)


def _best_of(values: list[int | None]) -> int | None:
    """The best of some strengths, ``None`` standing for no hand at all."""
    present = [value for value in values if value is not None]
    return max(present) if present else None


def _big_blind_due(blinds: tuple[int, ...]) -> int:
    """The big blind due, however much of it was posted: the second blind posted
    (index 1; heads-up index 0, as the button posts the small blind), or the
    only blind of a game with one. A straddle is not the big blind: one posted
    short is only a call of what it reached."""
    big = blinds[1 if len(blinds) > 2 else 0]
    return big if big else max(blinds)


# Built many times a hand: see engine.fast_frozen.
_player_acted = fast_constructor(PlayerActed)
_street_started = fast_constructor(StreetStarted)
_hole_cards_dealt = fast_constructor(HoleCardsDealt)
_up_cards_dealt = fast_constructor(UpCardsDealt)
_board_dealt = fast_constructor(BoardDealt)
_forced_bet_posted = fast_constructor(ForcedBetPosted)
_bet_returned = fast_constructor(BetReturned)
_hand_shown = fast_constructor(HandShown)
_hand_mucked = fast_constructor(HandMucked)
_pot_awarded = fast_constructor(PotAwarded)
_hand_ended = fast_constructor(HandEnded)
_legal_actions = fast_constructor(LegalActions)


class Hand:
    """A single deal. See the module docstring for an example."""

    # Slots, not an instance dict: past 30 attributes CPython 3.11 stops sharing
    # an instance dict's keys, and every attribute access turns into a lookup.
    __slots__ = (
        "_betting_rounds",
        "_options",
        "_pending_deals",
        "_pending_discards",
        "_previous_aggressor",
        "_round",
        "_round_opener",
        "_run_base",
        "_run_from",
        "_runout_choosers",
        "_runouts_decided",
        "_showdown",
        "_shown_early",
        "_street_boards",
        "_street_discards",
        "_stub",
        "_values",
        "actions",
        "actor",
        "antes_posted",
        "auto_showdown",
        "awarded",
        "bets",
        "board",
        "boards",
        "carried_over",
        "contributions",
        "dead_posted",
        "discards",
        "events",
        "folded",
        "hole_cards",
        "is_complete",
        "last_aggressor",
        "muck_choices",
        "opener",
        "openers",
        "pause_runouts",
        "phase",
        "player_count",
        "pots_awarded",
        "rake_taken",
        "run",
        "runout_streets",
        "runouts",
        "setup",
        "stacks",
        "street",
        "street_index",
        "up",
        "variant",
    )

    def __init__(
        self,
        setup: HandSetup,
        *,
        auto_showdown: bool = True,
        muck_choices: bool = False,
        pause_runouts: bool = False,
    ) -> None:
        n = len(setup.starting_stacks)
        if not 2 <= n <= setup.variant.max_players:
            raise ValueError(
                f"{setup.variant.name} is played by 2 to {setup.variant.max_players} players, "
                f"not {n}."
            )
        if min(setup.starting_stacks) <= 0:
            raise ValueError("Every player starts a hand with chips.")
        if setup.carried_pot < 0:
            raise ValueError("A carried pot cannot be negative.")
        if setup.draw_rules.jackpots and (any(setup.blinds) or setup.variant.uses_bring_in):
            raise ValueError("Jackpots are played with antes only.")
        home_rules.check_setup(setup)
        for name, values in (
            ("antes", setup.antes),
            ("blinds", setup.blinds),
            ("posts", setup.posts),
            ("dead_blinds", setup.dead_blinds),
        ):
            if values and len(values) != n:
                raise ValueError(f"{name} must give one amount per player.")
            if values and min(values) < 0:
                raise ValueError(f"{name} cannot be negative.")
        self.setup = setup
        self.variant = setup.variant
        self.player_count = n
        self.auto_showdown = auto_showdown
        #: With ``auto_showdown``: a hand that cannot win is not mucked by the
        #: engine, its player chooses (see :meth:`_begin_showdown`).
        self.muck_choices = muck_choices
        #: Deal an all-in run-out street by street: stop before each street
        #: (phase RUNOUT) until :meth:`deal_runout` deals it; how many it dealt.
        self.pause_runouts = pause_runouts
        self.runout_streets = 0
        self.stacks = list(setup.starting_stacks)
        self.bets = [0] * n
        #: Chips each player put into the pots on finished betting rounds.
        self.contributions = [0] * n
        self.antes_posted = [0] * n
        #: Dead blinds posted: in the contributions, but money of the main pot.
        self.dead_posted = [0] * n
        self.folded = [False] * n
        # n distinct empty lists by map(), not a comprehension: cheaper, every hand.
        self.hole_cards: list[list[Card]] = list(map(list, repeat((), n)))
        self.up: list[list[bool]] = list(map(list, repeat((), n)))
        #: Every board, in order; ``board`` is the first (the only one in most games).
        self.boards: list[list[Card]] = list(map(list, repeat((), setup.board_count)))
        self.board: list[Card] = self.boards[0]
        #: Boards each street's board cards are dealt to (1 on a second run).
        self._street_boards = setup.board_count
        #: Run it twice: the players still to choose; whether the choice is
        #: made; how many runs (``runouts``) and which one is being dealt
        #: (``run``); the street and board length the second run starts from.
        self._runout_choosers: list[int] = []
        self._runouts_decided = False
        self.runouts = 1
        self.run = 1
        self._run_from = 0
        self._run_base = 0
        self.discards: list[list[Card]] = list(map(list, repeat((), n)))
        self.street_index = -1
        #: The street being played (the first one until it starts).
        self.street: Street = setup.variant.streets[0]
        self.phase = _DEALING
        #: Whether the hand is over (phase COMPLETE): read after every action.
        self.is_complete = False
        self.actor: int | None = None
        self.events: list[Event] = []
        #: Every player action taken, in order, as ``(player, action)``.
        self.actions: list[tuple[int, Action]] = []
        self.last_aggressor: int | None = None
        #: The last aggressor of the betting round before this one.
        self._previous_aggressor: int | None = None
        self.rake_taken = 0
        #: Jackpots: who opened the betting, and the cards that prove it.
        self.opener: int | None = None
        self.openers: tuple[Card, ...] = ()
        #: Jackpots: the pot left for the next deal when nobody opened.
        self.carried_over = 0
        self._round_opener: int | None = None
        self.awarded = [0] * n
        self.pots_awarded: list[Pot] = []
        # The game's cards are read off its deck kind (an Enum member's property,
        # about 2,000 instructions) only when they will be named as dealt; a
        # hand dealing from its own order holds exactly that order's cards.
        order = setup.deck
        self._stub = Stub(setup.variant.deck.cards if order is None else order, order)
        self._betting_rounds = 0
        self._round: _Round | None = None
        self._pending_deals: list[tuple[int | None, int]] = []  # (player or None=board, count)
        self._pending_discards: list[int] = []
        self._showdown: _Showdown | None = None
        #: At showdown, each contender's strength by each of the variant's
        #: evaluations (None: no qualifying low). Higher is better, equal ties.
        self._values: dict[int, tuple[int | None, ...]] = {}
        #: Players who turned their hand up before the last card, and how many
        #: hole cards they showed (stud deals more face down after that).
        self._shown_early: dict[int, int] = {}
        self._street_discards: list[list[Card]] = list(map(list, repeat((), n)))
        #: The betting actor's options, worked out once when the decision
        #: comes up (see :meth:`_advance`): what legal_actions() returns and
        #: what act() checks a bet or raise against.
        self._options: LegalActions | None = None
        self._post_forced_bets()
        self._start_street(0)
        self._advance()

    # ------------------------------------------------------------------ queries

    @property
    def burned(self) -> list[Card]:
        """The burned cards (known only when the hand deals from its deck)."""
        return self._stub.burned

    @property
    def pot_total(self) -> int:
        """Every chip in the middle: collected pots plus this round's bets."""
        return self.setup.carried_pot + sum(self.contributions) + sum(self.bets)

    @property
    def finishing_stacks(self) -> tuple[int, ...]:
        return tuple(self.stacks)

    @property
    def in_hand(self) -> list[int]:
        """Players who have not folded."""
        return list(compress(range(self.player_count), map(not_, self.folded)))

    @property
    def runout_choosers(self) -> tuple[int, ...]:
        """Run it twice: the players still to choose once or twice."""
        return tuple(self._runout_choosers) if self.phase is _RUN_IT_TWICE else ()

    def is_all_in(self, player: int) -> bool:
        return not self.folded[player] and self.stacks[player] == 0

    def betting_is_over(self) -> bool:
        """No more betting can happen this hand: at most one player still has chips."""
        return self._round is None and sum(1 for i in self.in_hand if self.stacks[i] > 0) <= 1

    def pots(self) -> list[Pot]:
        """The main pot and side pots as they stand, bets of this round included."""
        return self._pots_of(list(map(add, self.contributions, self.bets)))

    def _pots_of(self, totals: list[int]) -> list[Pot]:
        """The pots of what each player put in (``totals``), with the dead money."""
        dead = self.setup.carried_pot
        if self.setup.dead_blinds:
            dead += sum(self.dead_posted)
            totals = list(map(sub, totals, self.dead_posted))
        if self.setup.ante_trimming or self.setup.bomb_pot:  # a bomb is a live bet
            return build_pots(totals, self.folded, dead)
        dead += sum(self.antes_posted)
        live = [t - a for t, a in zip(totals, self.antes_posted, strict=True)]
        return build_pots(live, self.folded, dead)

    def up_cards(self, player: int) -> list[Card]:
        return [c for c, u in zip(self.hole_cards[player], self.up[player], strict=True) if u]

    @property
    def pending_discards(self) -> tuple[int, ...]:
        """The players still to discard or draw this street, in the order they do."""
        return tuple(self._pending_discards) if self.phase is _DISCARDING else ()

    def waiting_for_cards(self) -> tuple[int | None, int] | None:
        """When dealing by name: ``(player, count)`` or ``(None, count)`` for the board."""
        if self.phase is _DEALING and self._pending_deals:
            return self._pending_deals[0]
        return None

    def legal_actions(self) -> LegalActions:
        """What the player to act may do now; raises if nobody is to act."""
        options = self._options  # a bettor's, worked out when the decision came up
        if options is not None:
            return options
        if self.phase is _COMPLETE:
            raise IllegalAction("hand_over")
        if self.phase is _DISCARDING:
            player = self._pending_discards[0]
            street = self.street
            low, high = (street.discard, street.discard) if street.discard else (0, 0)
            if street.point_card:
                low = high = 1  # the point card, named like a discard
            if street.draw:
                high = self.setup.draw_rules.limit(street.max_draw, self.hole_cards[player])
            return _legal_actions(
                player, self.phase, discard_min=low, discard_max=high, stack=self.stacks[player]
            )
        if self.phase is _SHOWDOWN:
            assert self._showdown is not None
            player = self._showdown.pending[0]
            return _legal_actions(
                player,
                self.phase,
                can_show=True,
                can_muck=self._may_muck(player),
                stack=self.stacks[player],
            )
        if self.phase is _RUN_IT_TWICE:
            player = self._runout_choosers[0]
            return _legal_actions(player, self.phase, stack=self.stacks[player])
        raise IllegalAction("cannot_act_now")

    @property
    def to_act(self) -> int | None:
        """Whose turn it is in any phase: the bettor (the bring-in included), the
        next to discard or draw, the next to show or muck; ``None`` while cards
        are being dealt and once the hand is over."""
        phase = self.phase
        if phase is _BETTING:
            return self.actor
        if phase is _DISCARDING:
            return self._pending_discards[0] if self._pending_discards else None
        if phase is _SHOWDOWN and self._showdown is not None and self._showdown.pending:
            return self._showdown.pending[0]
        if phase is _RUN_IT_TWICE:
            return self._runout_choosers[0]
        return None

    def verify(self, player: int, action: Action) -> None:
        """Raise the :class:`IllegalAction` :meth:`act` would raise for this
        action, changing nothing (PokerKit's ``verify_*``): what a caller that
        must record an action before taking it asks first."""
        kind = type(action)
        if kind not in _BET_ACTIONS:
            self._check_turn_order(player)
            match action:
                case Discard(cards):
                    self._check_discard(player, cards)
                case ShowOrMuck(show):
                    self._check_show_or_muck(player, show)
                case ChooseRunouts(count):
                    self._check_runout_choice(player, count)
                case _:  # not an action at all
                    if player == self.actor and self.phase is _BETTING:
                        raise IllegalAction("cannot_act_now")
                    self._refuse_bettor(player)
            return
        if player != self.actor or self.phase is not _BETTING:
            self._refuse_bettor(player)
        options = self._options
        assert options is not None
        if kind is BetOrRaise:
            self._check_raise(player, cast(BetOrRaise, action).to)
        elif kind is PostBringIn:
            if not options.can_post_bring_in:
                raise IllegalAction("not_bring_in")
        elif options.can_post_bring_in:
            raise IllegalAction("bring_in_only_now")
        elif kind is Fold and not options.can_fold:
            raise IllegalAction("cannot_fold")

    def collected_pots(self) -> list[Pot]:
        """The pots gathered from the betting rounds that are over, as :meth:`pots`
        builds them (dead antes and a carried jackpot in the main pot); this
        round's bets are still in front of the players."""
        return self._pots_of(list(self.contributions))

    def timeout_action(self) -> Action:
        """What the clock does for the player to act who did not: stand pat in a
        draw, throw away the lowest cards where a discard is required (set the
        lowest as the point card in Double Hold'em), post a pending bring-in (it
        cannot be folded), check if possible, else fold."""
        legal = self.legal_actions()
        if legal.phase is _DISCARDING:
            held = sorted(self.hole_cards[legal.player], key=lambda card: (card.rank, card.suit))
            return Discard(tuple(held[: legal.discard_min]))
        if legal.phase is _SHOWDOWN:
            return ShowOrMuck(not legal.can_muck)
        if legal.phase is _RUN_IT_TWICE:
            return ChooseRunouts(1)  # no choice in time: the board is run once
        if legal.can_post_bring_in:
            return PostBringIn()
        return CheckOrCall() if legal.can_check else Fold()

    # ----------------------------------------------------------------- actions

    def act(self, player: int, action: Action) -> list[Event]:
        """Apply ``action`` by ``player``; return the events it caused.

        Raises :class:`IllegalAction` (state unchanged) when the rules forbid it.
        A betting action is handled here, the commonest first, in one call:
        this runs at every decision.
        """
        kind = type(action)
        if kind not in _BET_ACTIONS:
            return self._act_otherwise(player, action)
        if player != self.actor or self.phase is not _BETTING:
            self._refuse_bettor(player)
        rnd = self._round
        assert rnd is not None
        events = self.events
        start = len(events)
        current = rnd.current
        bet, stack = self.bets[player], self.stacks[player]
        if kind is CheckOrCall:
            if rnd.bring_in_pending:
                raise IllegalAction("bring_in_only_now")
            amount = current - bet if current - bet < stack else stack
            self.stacks[player] = stack - amount
            self.bets[player] = bet + amount
            # What _mark_acted does; a call leaves the largest bet as it was.
            rnd.acted[player] = True
            rnd.faced[player] = current
            rnd.needs_action[player] = False
            word, to = ("call" if amount else "check"), bet + amount
            events.append(_player_acted(player, word, amount, to, stack == amount))
        elif kind is Fold:
            if rnd.bring_in_pending:
                raise IllegalAction("bring_in_only_now")
            if current - bet <= 0:
                raise IllegalAction("cannot_fold")
            self.folded[player] = True
            if self.variant.draws:
                # A folded hand is laid down with the discards: a reshuffle
                # gathers it too (the seed's "abgelegt" covers folding).
                self._stub.discard(self.hole_cards[player])
            rnd.needs_action[player] = False
            folded_reach = rnd.live_reach[player]
            rnd.live_reach[player] = 0
            if folded_reach >= rnd.second_reach:  # else the top two stand
                rnd.rank_reach()
            events.append(_player_acted(player, "fold", 0, bet, False))
        elif kind is BetOrRaise:
            self._raise(player, cast(BetOrRaise, action).to)
        else:
            self._post_bring_in(player, stack)
        self.actions.append((player, action))
        actor = self.actor = self._next_to_act(player)
        if actor is None:
            self._advance()
        else:  # the round goes on: what _advance would do comes to this
            self._options = self._betting_options(actor)
        return events[start:]

    def _act_otherwise(self, player: int, action: Action) -> list[Event]:
        """:meth:`act` for what is not a betting action: a discard, a show or a muck."""
        self._check_turn_order(player)
        start = len(self.events)
        match action:
            case Discard(cards):
                self._discard(player, cards)
            case ShowOrMuck(show):
                self._show_or_muck(player, show)
            case ChooseRunouts(count):
                self._choose_runouts(player, count)
            case _:  # not an action at all
                if player == self.actor and self.phase is _BETTING:
                    raise IllegalAction("cannot_act_now")
                self._refuse_bettor(player)
        self.actions.append((player, action))
        self._advance()
        return self.events[start:]

    def deal_hole(self, player: int, cards: Sequence[Card]) -> list[Event]:
        """Deal named cards to ``player`` (replaying a recorded hand)."""
        expected = self.waiting_for_cards()
        if expected is None or expected[0] != player or expected[1] != len(cards):
            raise DealingError(
                f"Dealing {len(cards)} card(s) to player {player + 1} is not expected now."
            )
        start = len(self.events)
        self._give_hole(player, list(cards))  # refuses before changing anything
        self._pending_deals.pop(0)
        self._advance()
        return self.events[start:]

    def deal_board(self, cards: Sequence[Card]) -> list[Event]:
        """Deal named board cards (replaying a recorded hand)."""
        expected = self.waiting_for_cards()
        if expected is None or expected[0] is not None or expected[1] != len(cards):
            raise DealingError(f"Dealing {len(cards)} board card(s) is not expected now.")
        start = len(self.events)
        self._give_board(list(cards))  # refuses before changing anything
        self._pending_deals.pop(0)
        self._advance()
        return self.events[start:]

    def finish(self) -> list[Event]:
        """Complete a hand whose recorded actions ran out at showdown: the
        remaining players show or muck as the automatic showdown would."""
        start = len(self.events)
        if self.phase is _SHOWDOWN:
            self.auto_showdown = True
            self.muck_choices = False
            self._advance()
        return self.events[start:]

    def copy(self) -> Hand:
        """An independent copy, to try an action on without touching this hand.

        Cards, events, actions, the setup and hand values are immutable and are
        shared; every list, set and dict the hand mutates is copied.
        """
        twin = Hand.__new__(Hand)
        state = {name: getattr(self, name) for name in Hand.__slots__}
        for name in (
            "stacks",
            "bets",
            "contributions",
            "antes_posted",
            "dead_posted",
            "folded",
        ):
            state[name] = list(state[name])
        for name in ("events", "actions", "awarded", "pots_awarded", "_pending_deals"):
            state[name] = list(state[name])
        state["_pending_discards"] = list(self._pending_discards)
        state["_runout_choosers"] = list(self._runout_choosers)
        for name in ("hole_cards", "up", "discards", "_street_discards", "boards"):
            state[name] = [list(row) for row in state[name]]
        state["board"] = state["boards"][0]
        state["_values"] = dict(self._values)
        state["_shown_early"] = dict(self._shown_early)
        state["_stub"] = self._stub.copy()
        rnd = self._round
        if rnd is not None:
            state["_round"] = rnd.copy()
        sd = self._showdown
        if sd is not None:
            state["_showdown"] = _Showdown(
                list(sd.pending),
                list(sd.shown),
                list(sd.mucked),
                sd.pots,
                sd.everyone_shows,
                sd.after_win,
            )
        for name, value in state.items():
            setattr(twin, name, value)
        return twin

    @classmethod
    def replay(
        cls,
        setup: HandSetup,
        actions: Sequence[tuple[int, Action]],
        *,
        auto_showdown: bool = True,
        muck_choices: bool = False,
    ) -> Hand:
        """Rebuild a hand from its setup and the actions taken, dealt with the
        same ``auto_showdown`` and ``muck_choices`` as the original (its log
        holds the showdown's shows and mucks that were the players' own)."""
        hand = cls(setup, auto_showdown=auto_showdown, muck_choices=muck_choices)
        for player, action in actions:
            hand.act(player, action)
        return hand

    def deal_runout_to(self, streets: int | None = None) -> list[Event]:
        """Deal the all-in run-out on until :attr:`runout_streets` is
        ``streets`` (``None``: to its end); return the events. What rebuilding
        a hand dealt street by street needs: before a logged action (nobody
        acts during a run-out, so the log went on past it) and at the end."""
        start = len(self.events)
        while self.phase is _RUNOUT and (streets is None or self.runout_streets < streets):
            self.deal_runout()
        return self.events[start:]

    # --------------------------------------------------------- forced bets

    def _post_forced_bets(self) -> None:
        setup = self.setup
        for i, ante in enumerate(setup.antes):
            if ante:
                amount = min(ante, self.stacks[i])
                self.stacks[i] -= amount
                self.antes_posted[i] = amount
                self.contributions[i] += amount
                self.events.append(_forced_bet_posted(i, "ante", amount, self.stacks[i] == 0))
        for i, dead in enumerate(setup.dead_blinds):
            if dead:
                amount = min(dead, self.stacks[i])
                self.stacks[i] -= amount
                self.dead_posted[i] = amount
                self.contributions[i] += amount
                self.events.append(
                    _forced_bet_posted(i, "dead small blind", amount, self.stacks[i] == 0)
                )
        if setup.blinds:
            ordered = sorted(set(setup.blinds) - {0})
            for i, blind in enumerate(setup.blinds):
                if blind:
                    amount = min(blind, self.stacks[i])
                    self.stacks[i] -= amount
                    self.bets[i] = amount
                    rank = ordered.index(blind)
                    kind = ("small blind", "big blind")[rank] if rank < 2 else "straddle"
                    if len(ordered) == 1:
                        kind = "big blind"
                    self.events.append(_forced_bet_posted(i, kind, amount, self.stacks[i] == 0))
        for i, post in enumerate(setup.posts):
            if post:
                amount = min(post, self.stacks[i])
                self.stacks[i] -= amount
                self.bets[i] += amount
                self.events.append(_forced_bet_posted(i, "post", amount, self.stacks[i] == 0))

    # ------------------------------------------------- dealing: the streets

    def _start_street(self, index: int) -> None:
        self.street_index = index
        street = self.street = self.variant.streets[index]
        self.events.append(_street_started(street.name, index))
        if street.discard or street.draw or street.point_card:
            self.phase = _DISCARDING
            self._pending_discards = self.in_hand
            self._street_discards = [[] for _ in range(self.player_count)]
        else:
            self._queue_deals()

    def _queue_deals(self) -> None:
        street = self.street
        self.phase = _DEALING
        deals: list[tuple[int | None, int]] = []
        if street.draw:
            deals = [
                (i, len(self._street_discards[i])) for i in self.in_hand if self._street_discards[i]
            ]
        elif street.hole_down or street.hole_up:
            per_player = street.hole_down + street.hole_up
            deals = [(i, per_player) for i in self.in_hand]
        if street.board:
            deals += [(None, street.board)] * self._street_boards
        if deals:
            deals = self._burn_and_plan(deals)
        self._pending_deals = deals
        if deals and not self._stub.deals_by_name:
            self._deal_from_deck()

    def _burn_and_plan(self, deals: list[tuple[int | None, int]]) -> list[tuple[int | None, int]]:
        """Burn before a dealing round, and deal a common card when the stub
        cannot give every player one (stud's last street at a full table).

        The burn is skipped rather than leave a player short; in draw games the
        stub's last card is never dealt, so it is not burned either.
        """
        street, stub = self.street, self._stub
        if street.draw:
            if street.burn and len(stub) >= 2:
                stub.burn()
            return deals
        needed = sum(map(_COUNT, deals))
        if street.board:
            if street.burn and stub.size > needed:
                stub.burn()
            return deals
        # Stud (seed 003, "Burn Cards"): with fewer than a card each plus a burn
        # and the bottom card left, the burned cards are shuffled back in; the
        # bottom card is never dealt, so with one card to spare nothing is
        # burned; when even that cannot serve every player, one common card.
        if stub.size < needed + 2 and stub.burn_count:
            self.events.append(StubReshuffled("burned", stub.reshuffle_burns()))
        left = stub.size
        if left >= needed + 2:
            if street.burn:
                stub.burn()
        elif left < needed + 1 and len(deals) > 1 and self._one_card_each(deals, street):
            if street.burn and left >= 3:
                stub.burn()
            return [(None, 1)]
        return deals

    @staticmethod
    def _one_card_each(deals: list[tuple[int | None, int]], street: Street) -> bool:
        return all(count == 1 for _, count in deals) and not street.board

    def _deal_from_deck(self) -> None:
        stub, street, deals = self._stub, self.street, self._pending_deals
        # The players' deals come first, the boards' (if any) last: see _queue_deals.
        boards = [count for player, count in deals if player is None]
        hole = cast("list[tuple[int, int]]", deals[: len(deals) - len(boards)])
        if hole and street.draw:
            # Each player gets all the replacements at once, in turn.
            for player, count in hole:
                self._give_hole(player, self._draw_from_stub(player, count))
        elif hole:
            # Hole cards go round the table one at a time, as a dealer pitches them.
            dealt = stub.deal_around(list(map(_COUNT, hole)))
            if street.hole_up:
                for (player, _), cards in zip(hole, dealt, strict=True):
                    self._give_hole(player, cards)
            else:  # all face down: what _give_hole does, for every player at once
                players = list(map(_PLAYER, hole))
                hole_cards, up = self.hole_cards, self.up
                for player, cards in zip(players, dealt, strict=True):
                    hole_cards[player] += cards
                    up[player] += (False,) * len(cards)
                self.events.extend(map(_hole_cards_dealt, players, dealt))
        for count in boards:
            self._give_board(stub.deal(count))
        self._pending_deals = []

    def _draw_from_stub(self, player: int, count: int) -> list[Card]:
        """Replacements for ``player``: the stub's last card is never dealt;
        when the stub runs short, what it holds is dealt and the discards are
        shuffled with that last card into a new stub to deal the rest."""
        stub = self._stub
        cards = stub.deal(min(count, max(len(stub) - 1, 0)))
        if len(cards) < count:
            self._reshuffle_discards(player)
            missing = count - len(cards)
            if missing > len(stub) - 1:
                raise DealingError("There are not enough cards left to complete the draw.")
            cards += stub.deal(missing)
        return cards

    def _reshuffle_discards(self, player: int) -> None:
        """The cards laid down earlier go back into the stub: see :meth:`_kept_out`."""
        count = self._stub.reshuffle_discards(keep_out=self._kept_out(player))
        self.events.append(StubReshuffled("discards", count))

    def _kept_out(self, player: int) -> set[Card]:
        """The discards a reshuffle while serving ``player`` leaves out: the
        cards ``player`` threw away in this draw (Robert's Rules of Poker, draw:
        the discards of the player being served are not included, so he is never
        dealt a card he has just thrown), and this draw's discards of the players
        served after him, which a dealer serving in turn would not have been
        given yet (seed 003, "Kartentausch": the stub is dealt but for its last
        card, then the cards laid down earlier are shuffled with it). Every
        earlier draw's discards, his own too, lie in one pile with the folded
        hands and go back into the stub, as at a casino's table: a card a player
        threw in the first draw may come to him, or anyone, after a reshuffle in
        the second (PokerKit deals them too)."""
        keep = set(self._street_discards[player])
        order = [p for p, _ in self._pending_deals if p is not None]
        if player in order:
            for later in order[order.index(player) + 1 :]:
                keep.update(self._street_discards[later])
        return keep

    def _give_hole(self, player: int, cards: Sequence[Card]) -> None:
        street = self.street
        stub = self._stub
        if stub.deals_by_name:
            # The stub would run short: the discards come back before these cards.
            short = street.draw and len(cards) > len(stub) - 1
            keep_out = self._kept_out(player) if short else set()
            stub.check(cards, stub.returning_discards(keep_out) if short else ())
            if short:
                self._reshuffle_discards(player)
            stub.take(cards)
        self.hole_cards[player].extend(cards)
        if street.draw or not street.hole_up:
            self.up[player].extend([False] * len(cards))
            if cards:
                self.events.append(_hole_cards_dealt(player, tuple(cards)))
            return
        ups = [False] * street.hole_down + [True] * street.hole_up
        self.up[player].extend(ups)
        down = tuple(c for c, u in zip(cards, ups, strict=True) if not u)
        shown = tuple(c for c, u in zip(cards, ups, strict=True) if u)
        if down:
            self.events.append(_hole_cards_dealt(player, down))
        if shown:
            self.events.append(_up_cards_dealt(player, shown))

    def _give_board(self, cards: list[Card]) -> None:
        if self._stub.deals_by_name:
            self._stub.take(cards)
        boards = self.boards
        # Boards are dealt in turn: this street's cards go to the first board
        # that has fewer cards than the one before it. With one board (most
        # games) there is nothing to look for: no generator built every street.
        index = 0
        if len(boards) > 1:
            index = next((b for b in range(1, len(boards)) if len(boards[b]) < len(boards[0])), 0)
        boards[index].extend(cards)
        self.events.append(_board_dealt(self.street.name, tuple(cards), index))

    def _advance(self) -> None:
        """Do the dealer's work until a player, or the named dealing, is
        awaited; then, if a bettor is to act, work out their options."""
        self._run_dealer()
        actor = self.actor
        if actor is not None and self.phase is _BETTING:
            self._options = self._betting_options(actor)
        else:
            self._options = None

    def _run_dealer(self) -> None:
        while True:
            phase = self.phase
            if phase is _COMPLETE:
                return
            if phase is _BETTING:
                if self.actor is not None:
                    return
                self._close_betting()
                if self._end_street():
                    continue
                return
            if phase is _DISCARDING:
                if self._pending_discards:
                    return
                self._queue_deals()
                continue
            if phase is _DEALING:
                if self._pending_deals:
                    return
                if self.street.betting and self.folded.count(False) > 1:
                    if self._betting_rounds == 0 and self.setup.bomb_pot:
                        # A bomb pot: no betting before the flop.
                        self._betting_rounds = 1
                    else:
                        self._open_betting()
                        continue
                if self._end_street():
                    continue
                return
            if phase is _RUN_IT_TWICE:
                if self._runout_choosers:
                    return
                self.phase = _DEALING
                if self._end_street():
                    continue
                return
            if phase is _RUNOUT:
                return
            if phase is _SHOWDOWN:
                assert self._showdown is not None
                sd = self._showdown
                while sd.pending and self.auto_showdown:
                    player = sd.pending[0]
                    show = self._should_show(player)
                    if not show and self.muck_choices:
                        break  # a hand that cannot win: its player shows or mucks
                    self._reveal(player, show)
                if sd.pending:
                    return
                self._award()
                return

    def _end_street(self) -> bool:
        """Move past a finished street. Returns whether there is more to do."""
        if self.setup.draw_rules.jackpots and self._nobody_opened():
            self._carry_over()
            return False
        if self.folded.count(False) == 1:
            self._award()
            return False
        if not self._runouts_decided and self._offer_runouts():
            return True
        if self.street_index + 1 < len(self.variant.streets):
            if self.pause_runouts and self._runout_pauses(self.street_index + 1):
                return False
            self._start_street(self.street_index + 1)
            return True
        if self.run < self.runouts:
            if self.pause_runouts and self._runout_pauses(self._run_from):
                return False
            self._start_second_run()
            return True
        self._begin_showdown()
        return True

    def _runout_pauses(self, next_street: int) -> bool:
        """Street by street: whether the hand stops before street ``next_street``
        of an all-in run-out (no more betting can happen, two or more hands are
        live, and the street deals cards nobody acts on first; a draw game's
        players still draw, so it is not run out). The live hands are turned
        face up first (TDA: all-in hands are tabled once the betting is over)."""
        street = self.variant.streets[next_street]
        if (
            not street.deals
            or street.discard
            or street.draw
            or street.point_card
            or self.folded.count(False) < 2
            or not self.betting_is_over()
        ):
            return False
        self._table_live_hands()
        self.phase = _RUNOUT
        self.actor = None
        return True

    def _table_live_hands(self) -> None:
        """Turn every live hand face up: each with a card nobody has seen yet
        (never shown, or dealt face down since) is shown whole."""
        public: dict[int, set[Card]] = {}
        for event in self.events:
            if type(event) is HandShown:
                public.setdefault(event.player, set()).update(event.cards)
        for player in self.in_hand:
            hole, up = self.hole_cards[player], self.up[player]
            seen = public.get(player, set())
            if all(card in seen or face_up for card, face_up in zip(hole, up, strict=True)):
                continue
            self._shown_early[player] = len(hole)
            self.events.append(_hand_shown(player, tuple(hole), ()))

    @property
    def runout_due(self) -> bool:
        """Street by street: the next street of an all-in run-out waits for
        :meth:`deal_runout` (nobody can act until it is dealt)."""
        return self.phase is _RUNOUT

    def deal_runout(self) -> list[Event]:
        """Deal the next street of an all-in run-out (the second run's first
        street once the first run is complete); return its events. The hand
        then stops before the street after it, or goes on to the showdown."""
        if self.phase is not _RUNOUT:
            raise IllegalAction("cannot_act_now")
        start = len(self.events)
        self.phase = _DEALING
        self.runout_streets += 1
        if self.street_index + 1 < len(self.variant.streets):
            self._start_street(self.street_index + 1)
        else:
            self._start_second_run()
        self._advance()
        return self.events[start:]

    def _nobody_opened(self) -> bool:
        """Jackpots: the first betting round ended and nobody opened."""
        return self.setup.draw_rules.jackpots and self.opener is None and self._betting_rounds >= 1

    def _carry_over(self) -> None:
        """Jackpots, nobody opened: the hand ends and the pot waits for the next deal."""
        self.carried_over = self.pot_total
        for i in range(self.player_count):
            self.contributions[i] = 0
        self.events.append(PotCarriedOver(self.carried_over))
        self.phase = _COMPLETE
        self.is_complete = True
        self.actor = None
        self.events.append(_hand_ended(tuple(self.stacks)))

    # ------------------------------------------------------------- betting

    def _needs_openers(self, player: int) -> bool:
        """Jackpots: whether ``player`` would be opening without jacks or better."""
        return (
            self.setup.draw_rules.jackpots
            and self.opener is None
            and self._betting_rounds == 1
            and openers(self.hole_cards[player]) is None
        )

    def _open_betting(self) -> None:
        n = self.player_count
        street = self.street
        structure = self.variant.betting
        bets, stacks, folded = self.bets, self.stacks, self.folded
        first_round = self._betting_rounds == 0
        self._betting_rounds += 1
        self._previous_aggressor = self.last_aggressor
        self.last_aggressor = None
        bring_in = first_round and self.variant.uses_bring_in and self.setup.bring_in > 0
        # Lists built by map() over operators, not comprehensions: this runs every
        # round, and map() does the looping in C.
        live = list(map(not_, folded))
        can_act = list(map(and_, live, map(bool, stacks)))
        self._round = rnd = _Round(
            increment=self._bet_size(),
            bet_count=0,
            capped=False,
            began_heads_up=folded.count(False) == 2,
            needs_action=can_act,
            acted=[False] * n,
            faced=[0] * n,
            completion=bring_in,
            bring_in_pending=bring_in,
            big_bet_option=street.open_pair_big_bet and self._open_pair_option(street),
            live_reach=list(map(mul, map(add, bets, stacks), live)),
            collected=self.setup.carried_pot + sum(self.contributions),
            current=max(bets),
        )
        rnd.rank_reach()
        blinds = self.setup.blinds
        if first_round and blinds:
            # A big blind all in for less does not lower the price: calling
            # costs the full big blind and the smallest raise is to twice it
            # (RRoP, Button and Blind Use)...
            due = _big_blind_due(blinds)
            if due > rnd.current:
                # ...but never beyond what an opponent could still call.
                rnd.current = max(rnd.current, min(due, rnd.second_reach))
            if structure.is_big_bet:
                # A live straddle acts as the big blind: raises are at least its size.
                # One posted short (all in for less) is only a call of what it reached.
                rnd.increment = max([rnd.increment, *compress(blinds, map(eq, blinds, bets))])
        current = rnd.current
        # The blinds open the first round's betting; a bring-in does not.
        rnd.bet_count = 1 if first_round and current > 0 and not bring_in else 0
        rnd.full_level = 0 if bring_in else current
        self.phase = _BETTING
        self._round_opener = None
        actors = can_act.count(True)
        if not actors or (actors == 1 and bets[can_act.index(True)] >= current):
            self.actor = None
            return
        opener = self._opener(street, first_round)
        self.actor = self._next_to_act(opener, include_start=True)
        self._round_opener = self.actor

    def _open_pair_option(self, street: Street) -> bool:
        """Whether an open pair showing lets this round's bets be the big bet."""
        return (
            street.open_pair_big_bet
            and self.variant.betting is _FIXED_LIMIT
            and any(has_open_pair(self.up_cards(i)) for i in self.in_hand)
        )

    def _opener(self, street: Street, first_round: bool) -> int:
        n = self.player_count
        if street.opening is _POSITION:
            if first_round and self.setup.blinds and any(self.setup.blinds):
                # Left of the largest blind, by what was actually posted. Posts
                # out of turn do not count; among equal blinds the first poster
                # is the big blind (a later player posting the same amount to
                # enter the game is not a straddle). Blinds are posted from
                # index 1 on (heads-up from index 0, the big blind), so a small
                # blind as large as the big one is still the small blind; when
                # nobody could post, the largest blind due decides.
                blinds, bets = self.setup.blinds, self.bets
                first = 1 if n > 2 else 0
                largest, best = 0, (-1, -1, -n)
                # A loop, not max(key=lambda): this runs every hand.
                for i in compress(range(n), blinds):  # those due a blind
                    key = (bets[i], blinds[i], -((i - first) % n))
                    if key > best:
                        largest, best = i, key
                return (largest + 1) % n
            return 0
        if street.opening is _LAST_AGGRESSOR:
            # Five card draw after the draw: the last to bet or raise before it,
            # else left of the button (seed 003, "Zweite Wettrunde").
            previous = self._previous_aggressor
            return 0 if previous is None or self.folded[previous] else previous
        # Stud: the up cards decide, only those of players still in the hand.
        shown = [self.up_cards(i) if not self.folded[i] else [] for i in range(n)]
        if street.opening in (_LOW_CARD, _HIGH_CARD):
            return bring_in_player(shown, low_card=street.opening is _LOW_CARD)
        showing = (
            Evaluation.STANDARD_HIGH if street.opening is _HIGH_HAND else Evaluation.ACE_TO_FIVE_LOW
        )
        return first_to_act(shown, showing)

    def _next_to_act(self, start: int, include_start: bool = False) -> int | None:
        """Who acts next, clockwise after ``start`` (or from it), or None: the round is over."""
        folded = self.folded
        if folded.count(False) < 2:
            return None
        rnd = self._round
        assert rnd is not None
        needs, bets, current = rnd.needs_action, self.bets, rnd.current
        n = self.player_count
        for i in _CLOCKWISE[n][start] if include_start else _AFTER[n][start]:
            if not needs[i]:
                continue
            if bets[i] < current:
                return i
            # A player with nothing to call and nobody left who could answer a
            # bet has no decision to make.
            stacks = self.stacks
            for j in _AFTER[n][i]:
                if stacks[j] and not folded[j] and j != i:
                    return i
        return None

    def _bet_size(self) -> int:
        """The fixed-limit bet of this street, else the smallest bet."""
        if self.variant.betting is _FIXED_LIMIT:
            return self._street_limit()
        return self.setup.min_bet

    def _street_limit(self) -> int:
        """Fixed limit: this street's bet. Spread limit: this street's largest bet."""
        return self.setup.big_bet if self.street.bet_size is _BIG_BET else self.setup.small_bet

    def _betting_options(self, player: int) -> LegalActions:
        """What ``player`` may do at this decision, worked out once when it comes up.

        Whether a bet or raise is open at all is :meth:`_raise_refusal`'s to
        say; this works out its amounts. It runs at every decision, hence
        comparisons rather than min() and max(), and the round's fields read once.
        """
        rnd = self._round
        assert rnd is not None
        bets = self.bets
        current = rnd.current
        bet, stack = bets[player], self.stacks[player]
        reach = rnd.live_reach[player]
        completion = rnd.completion
        low = high = 0
        structure = self.variant.betting
        capped = structure.is_capped
        can_raise = self._raise_refusal(player) is None
        choices: tuple[int, ...] = ()
        if can_raise:
            # Completing a bring-in goes to a full bet; otherwise raise by the
            # last increment. In limit, an all-in short of half a bet is
            # completed: the raise goes from the last full level.
            if completion:
                low = self._bet_size()
            elif capped:
                low = rnd.full_level + rnd.increment
            else:
                low = current + rnd.increment
            if structure is _NO_LIMIT:
                high = reach
            elif structure is _POT_LIMIT:
                high = current + self.pot_total + (current - bet)
            elif structure is _FIXED_LIMIT:
                high = low
                if rnd.big_bet_option and not completion:
                    high = max(low, current + self.setup.big_bet)
            else:  # spread limit: from the last increment up to the street's limit
                high = current + self._street_limit()
                low = min(low, high)
            # A raise never needs to exceed what the opponents can still call.
            opponents_reach = rnd.opponents_reach(player)
            if opponents_reach < low:
                low = opponents_reach
            if reach < low:
                low = reach
            if reach < high:
                high = reach
            if high < low:
                high = low
            if low < high and rnd.big_bet_option and self._two_sizes_only():
                choices = (low, high)
        pot = rnd.collected + sum(bets)
        if rnd.bring_in_pending:
            return _legal_actions(
                player,
                _BETTING,
                can_post_bring_in=True,
                bring_in_amount=self.setup.bring_in if self.setup.bring_in < stack else stack,
                raise_choices=choices,
                can_raise=can_raise,
                is_completion=completion,
                min_raise_to=low,
                max_raise_to=high,
                stack=stack,
                bet=bet,
                pot=pot,
            )
        to_call = current - bet if current - bet < stack else stack
        return _legal_actions(
            player,
            _BETTING,
            can_fold=to_call > 0,
            can_check=to_call == 0,
            call_amount=to_call,
            can_call=to_call > 0,
            can_raise=can_raise,
            is_bet=current == 0,
            min_raise_to=low,
            max_raise_to=high,
            # Completing a bring-in, or in limit an all-in short of half a bet.
            is_completion=completion or (capped and current > rnd.full_level),
            stack=stack,
            bet=bet,
            pot=pot,
            raise_choices=choices,
        )

    def _raise_refusal(self, player: int) -> str | None:
        """Why ``player`` may not bet or raise now, as a message key, or None:
        the one statement of when the betting is closed to a player. Cheapest
        test first, as this runs at every decision."""
        rnd = self._round
        assert rnd is not None
        current = rnd.current
        # Nothing to raise with, or nobody who could call any more.
        if rnd.live_reach[player] <= current or rnd.opponents_reach(player) <= current:
            return "cannot_raise"
        # A bet and three raises: only then is the cap asked about (a call
        # saved at nearly every decision).
        if rnd.bet_count >= 4 and self._cap_reached():
            return "capped"
        if self.setup.draw_rules.jackpots and self._needs_openers(player):
            return "no_openers"
        if rnd.acted[player] and self._not_reopened(rnd, player, self.variant.betting.is_capped):
            return "no_reopen"
        return None

    @staticmethod
    def _not_reopened(rnd: _Round, player: int, capped: bool) -> bool:
        """Whether the betting stays closed to ``player``, who already acted this
        round: nothing since counts as a full raise. In no limit and pot limit
        the raises since must add up to a full one (TDA Rule 47); in limit a
        full raise is one that reached the full level (RRoP's half-bet rule)."""
        if capped:
            return rnd.full_level <= rnd.faced[player]
        return rnd.current - rnd.faced[player] < rnd.increment

    def _cap_reached(self) -> bool:
        """Whether the bet and three raises made this round (counted by
        :meth:`_raise_refusal`) cap it: only in limit games. A round that
        begins with only two players has no cap; in stud the cap also lifts
        once only two remain, unless it was reached before."""
        rnd = self._round
        assert rnd is not None
        if not self.variant.betting.is_capped:
            return False
        if self.variant.cap_lifts_when_two_remain:
            # Stud: only the last round, once two remain (seed 003, "Letzte Wettrunde").
            if self.street_index != len(self.variant.streets) - 1:
                return True
            return rnd.capped or len(self.in_hand) > 2
        return not rnd.began_heads_up

    def _two_sizes_only(self) -> bool:
        """Stud's open pair on fourth street: the small or the big bet, nothing between."""
        rnd = self._round
        assert rnd is not None
        return self.variant.betting is _FIXED_LIMIT and rnd.big_bet_option and not rnd.completion

    def _check_turn_order(self, player: int) -> None:
        """Refuse an action by no player of this hand, or after the hand is over."""
        if not 0 <= player < self.player_count:
            raise IllegalAction("no_such_player", player=player + 1)
        if self.phase is _COMPLETE:
            raise IllegalAction("hand_over")

    def _refuse_bettor(self, player: int) -> NoReturn:
        """Refuse a betting action by ``player``, who is not the one to act."""
        self._check_turn_order(player)
        actor = self.actor
        if self.phase is _DISCARDING and player in self._pending_discards:
            raise IllegalAction("discard_first")
        if self.phase is not _BETTING or actor is None:
            raise IllegalAction("cannot_act_now")
        raise IllegalAction("not_your_turn", actor=f"player {actor + 1}")

    def _post_bring_in(self, player: int, stack: int) -> None:
        rnd = self._round
        assert rnd is not None
        if not rnd.bring_in_pending:
            raise IllegalAction("not_bring_in")
        amount = min(self.setup.bring_in, stack)
        self._move_to_bet(player, amount)
        rnd.bring_in_pending = False
        self._mark_acted(player)
        for j in self.in_hand:
            if j != player and self.stacks[j] > 0:
                rnd.needs_action[j] = True
        self.events.append(
            _player_acted(player, "bring-in", amount, amount, self.stacks[player] == 0)
        )

    def _move_to_bet(self, player: int, amount: int) -> None:
        rnd = self._round
        assert rnd is not None
        self.stacks[player] -= amount
        bet = self.bets[player] = self.bets[player] + amount
        if bet > rnd.current:
            rnd.current = bet

    def _mark_acted(self, player: int) -> None:
        rnd = self._round
        assert rnd is not None
        rnd.acted[player] = True
        rnd.faced[player] = rnd.current
        rnd.needs_action[player] = False

    def _check_raise(self, player: int, to: int) -> None:
        """Refuse a bet or raise to ``to`` that the player to act may not make."""
        # Amounts arrive from what people type: a fraction or a word is no bet.
        if not isinstance(to, int) or isinstance(to, bool):
            raise IllegalAction("whole_chips", amount=to)
        options = self._options
        assert options is not None
        low, high = options.min_raise_to, options.max_raise_to
        if not options.can_raise:
            raise IllegalAction(self._raise_refusal(player) or "cannot_raise")
        rnd = self._round
        assert rnd is not None
        word = "bet" if rnd.current == 0 else "raise"
        reach = self.bets[player] + self.stacks[player]
        if to > reach:
            raise IllegalAction("not_enough_chips", stack=self.stacks[player], amount=reach)
        if low == high and to != low:
            raise IllegalAction(f"fixed_{word}", amount=low)
        if options.raise_choices and to not in options.raise_choices:
            raise IllegalAction(f"fixed_{word}_choice", low=low, high=high)
        if to < low:
            raise IllegalAction(f"min_{word}", amount=low)
        if to > high:
            raise IllegalAction(f"max_{word}", amount=high)

    def _raise(self, player: int, to: int) -> None:
        rnd = self._round
        assert rnd is not None
        self._check_raise(player, to)
        options = self._options
        assert options is not None
        current = rnd.current
        completing = rnd.completion
        limit = self.variant.betting.is_capped
        raise_size = to - current
        full = raise_size >= rnd.increment or (completing and to >= self._bet_size())
        added = to - self.bets[player]
        if limit and not full and not completing:
            # Limit: an all-in of half a bet or more over the last full level is
            # a full raise; completing a short all-in is one (RRoP).
            over = to - rnd.full_level
            all_in = added == self.stacks[player]
            full = over >= rnd.increment or (all_in and 2 * over >= rnd.increment)
        self._move_to_bet(player, added)
        if full:
            rnd.full_level = to
            if not completing:
                rnd.increment = max(rnd.increment, raise_size)
            else:
                # Completing is the round's first full bet: it reopens the
                # betting to everyone, the bring-in player included.
                rnd.acted = [False] * self.player_count
            rnd.bet_count += 1
        elif self.stacks[player] > 0:
            # Short of a full raise without being all in: only allowed where it
            # puts every opponent all in; it still counts against the cap.
            rnd.bet_count += 1
        if rnd.bet_count >= 4 and len(self.in_hand) > 2:
            rnd.capped = True
        rnd.completion = False
        rnd.bring_in_pending = False
        kind = "complete" if options.is_completion else ("bet" if current == 0 else "raise")
        for j in self.in_hand:
            if j != player and self.stacks[j] > 0:
                rnd.needs_action[j] = True
        self._mark_acted(player)
        self.last_aggressor = player
        if self.setup.draw_rules.jackpots and self.opener is None:
            self.opener = player
            self.openers = openers(self.hole_cards[player]) or ()
        self.events.append(_player_acted(player, kind, added, to, self.stacks[player] == 0))

    def _close_betting(self) -> None:
        """Return what nobody called and gather the bets into the pots."""
        bets = self.bets
        ranked = sorted(bets)
        top, second = ranked[-1], ranked[-2]
        if top > second:
            player = bets.index(top)
            excess = top - second
            bets[player] = second
            self.stacks[player] += excess
            self.events.append(_bet_returned(player, excess))
        contributions = self.contributions
        contributions[:] = map(add, contributions, bets)
        bets[:] = [0] * self.player_count
        self._round = None
        self.actor = None

    # ----------------------------------------------- discards and draws

    def _discard(self, player: int, cards: tuple[Card, ...]) -> None:
        ace_shown = self._check_discard(player, cards)
        street, held = self.street, self.hole_cards[player]
        if street.point_card:
            self._set_point_card(player, cards[0])
            return
        for card in cards:
            index = held.index(card)
            del held[index]
            del self.up[player][index]
        self.discards[player].extend(cards)
        self._stub.discard(cards)
        self._street_discards[player] = list(cards)
        self._pending_discards.remove(player)
        self.events.append(CardsDiscarded(player, len(cards), street.draw))
        if ace_shown is not None:
            self.up[player][held.index(ace_shown)] = True
            self.events.append(DrawAceShown(player, ace_shown))

    def _check_discard(self, player: int, cards: tuple[Card, ...]) -> Card | None:
        """Refuse a discard or draw the player may not make now; returns the ace
        a player drawing beyond the usual limit keeps and shows."""
        if self.phase is not _DISCARDING:
            raise IllegalAction("not_discarding")
        if player not in self._pending_discards:
            if self.folded[player]:
                raise IllegalAction("folded")
            raise IllegalAction("already_discarded")
        if player != self._pending_discards[0]:
            raise IllegalAction("not_your_turn_anyone")
        street = self.street
        if street.point_card:
            self._check_point_card(player, cards)
            return None
        if street.discard and len(cards) != street.discard:
            raise IllegalAction("must_discard", count=street.discard)
        if len(set(cards)) != len(cards):
            raise IllegalAction("card_twice", card=cards[0])
        held = self.hole_cards[player]
        for card in cards:
            if card not in held:
                raise IllegalAction("card_not_held", card=card)
        return self._check_draw_limit(player, cards) if street.draw else None

    def _check_point_card(self, player: int, cards: tuple[Card, ...]) -> None:
        """Double Hold'em: refuse anything but one of the player's own cards."""
        if len(cards) != 1:
            raise IllegalAction("must_choose_point_card")
        if cards[0] not in self.hole_cards[player]:
            raise IllegalAction("card_not_held", card=cards[0])

    def _set_point_card(self, player: int, point: Card) -> None:
        """Double Hold'em: ``player`` names the point card, which moves to the
        middle of their hole cards; the other two keep their order."""
        held = self.hole_cards[player]
        others = [card for card in held if card != point]
        held[:] = [others[0], point, *others[1:]]
        self._pending_discards.remove(player)
        self.events.append(PointCardChosen(player))

    def _check_draw_limit(self, player: int, cards: tuple[Card, ...]) -> Card | None:
        """Refuse a draw over the table's limit; returns the ace a player drawing
        beyond the usual limit keeps and shows."""
        rules, street = self.setup.draw_rules, self.street
        base = rules.base_limit(street.max_draw, len(self.hole_cards[player]))
        if len(cards) <= base:
            return None
        kept_aces = [c for c in self.hole_cards[player] if c.rank == ACE and c not in cards]
        if rules.max_draw_with_ace is None or not kept_aces:
            raise IllegalAction("draw_too_many", count=base)
        limit = rules.limit(street.max_draw, self.hole_cards[player])
        if len(cards) > limit:
            raise IllegalAction("draw_too_many", count=limit)
        return kept_aces[0]

    # --------------------------------------------------------- showdown

    def _begin_showdown(self) -> None:
        """The last aggressor of the final round shows first, else the player
        who spoke first in it (the first left of the button in button games,
        the best hand showing in stud); then clockwise (Robert's Rules of
        Poker, "Showdown"). The first hand is shown; so is a hand that beats or
        ties every hand shown so far in some part of some pot (high or low,
        main or side pot); when a player is all in and the betting is over,
        every hand is turned up (Poker TDA, "Face Up for All-Ins").

        What happens to a hand that cannot win depends on how the hand was
        dealt: the automatic showdown mucks it, as the clock would; with
        ``muck_choices`` its player gets a turn to show or muck it
        (:meth:`legal_actions` offers ``can_muck``, :meth:`timeout_action`
        mucks); with ``auto_showdown`` off every player shows or mucks in turn
        (a recorded hand's ``sm`` lines)."""
        self.phase = _SHOWDOWN
        n = self.player_count
        first = self.last_aggressor
        if first is None:
            first = self._round_opener if self._round_opener is not None else 0
        folded = self.folded
        self._showdown = _Showdown(
            [i for i in _CLOCKWISE[n][first] if not folded[i]],
            [False] * n,
            [False] * n,
            tuple(self.pots()),
            self._everyone_shows(),
        )
        self._values = {i: self._evaluate(i) for i in self._showdown.pending}
        self.actor = None
        for player, shown_count in self._shown_early.items():
            if shown_count == len(self.hole_cards[player]):
                self._showdown.shown[player] = True
                self._showdown.pending.remove(player)

    def _evaluate(self, player: int) -> tuple[int | None, ...]:
        """The player's strength by each evaluation, on each board in turn (value
        ``k`` is evaluation ``k % E`` on board ``k // E``); when the best hand on
        any board takes all, the best of the boards by each evaluation."""
        hole, board = self.hole_cards[player], self.board
        evaluations = self.variant.evaluations
        boards = self.boards
        if len(boards) == 1:
            if len(evaluations) == 1:
                return (strength_of(evaluations[0], hole, board),)
            return tuple([strength_of(judged, hole, board) for judged in evaluations])
        per_board = [
            [strength_of(judged, hole, cards) for judged in evaluations] for cards in boards
        ]
        if self.variant.board_award is BoardAward.BEST:
            return tuple(_best_of([row[e] for row in per_board]) for e in range(len(evaluations)))
        return tuple([value for row in per_board for value in row])

    def _board_of(self, player: int, k: int) -> list[Card]:
        """The board ``player``'s ``k``-th value was judged on."""
        boards = self.boards
        if len(boards) == 1:
            return self.board
        evaluations = self.variant.evaluations
        if self.variant.board_award is BoardAward.SPLIT:
            return boards[k // len(evaluations)]
        judged = evaluations[k]
        strength = self._values[player][k]
        hole = self.hole_cards[player]
        return next(cards for cards in boards if strength_of(judged, hole, cards) == strength)

    def _description(self, player: int, k: int) -> str:
        """The name of ``player``'s hand by its ``k``-th value (see :meth:`_evaluate`)."""
        evaluation = self.variant.evaluations[k % len(self.variant.evaluations)]
        strength = self._values[player][k]
        assert strength is not None
        words = describe_strength(evaluation, strength)
        if words is None:  # lows and badugi are named by their cards
            value = evaluate(evaluation, self.hole_cards[player], self._board_of(player, k))
            assert value is not None
            words = value.describe()
        return words

    def _descriptions(self, player: int) -> tuple[str, ...]:
        values = self._values[player]
        return tuple(self._description(player, k) for k, v in enumerate(values) if v is not None)

    def _everyone_shows(self) -> bool:
        # When a player is all in and the betting is over, all hands are turned up.
        stacks, folded = self.stacks, self.folded
        return any([not folded[i] and not stacks[i] for i in range(self.player_count)])

    def _contenders(self, pot: Pot) -> list[int]:
        assert self._showdown is not None
        return [i for i in pot.eligible if not self._showdown.mucked[i]]

    def _could_win(self, player: int) -> bool:
        """Whether ``player``'s hand beats or ties every hand shown so far in some pot."""
        assert self._showdown is not None
        shown = self._showdown.shown
        mine = self._values[player]
        for pot in self._showdown.pots:
            if player not in pot.eligible:
                continue
            rivals = [self._values[j] for j in pot.eligible if shown[j]]
            for k, value in enumerate(mine):
                if value is None:
                    continue
                if all((theirs := rival[k]) is None or value >= theirs for rival in rivals):
                    return True
        return False

    def _should_show(self, player: int) -> bool:
        assert self._showdown is not None
        return self._showdown.everyone_shows or self._must_show(player) or self._could_win(player)

    def _must_show(self, player: int) -> bool:
        """The first to show must show; the last contender of a pot cannot muck."""
        return not self._may_muck(player)

    def _may_muck(self, player: int) -> bool:
        sd = self._showdown
        assert sd is not None
        if not sd.started:
            return False
        for pot in sd.pots:
            if player in pot.eligible:
                others = [j for j in pot.eligible if j != player and not sd.mucked[j]]
                if not others:
                    return False
        return True

    def _show_or_muck(self, player: int, show: bool) -> None:
        if self._check_show_or_muck(player, show):
            # All in before the last card: hands are turned up before the run-out.
            self._shown_early[player] = len(self.hole_cards[player])
            self.events.append(_hand_shown(player, tuple(self.hole_cards[player]), ()))
            return
        if not show and not self._may_muck(player):
            show = True
        self._reveal(player, show)

    def _check_show_or_muck(self, player: int, show: bool) -> bool:
        """Refuse a show or muck the player may not make now; returns whether it
        is a hand turned up early (all in before the last card)."""
        sd = self._showdown
        if sd is None and self.betting_is_over() and len(self.in_hand) > 1:
            if self.folded[player] or player in self._shown_early or not show:
                raise IllegalAction("not_showdown")
            return True
        if self.phase is not _SHOWDOWN or sd is None:
            raise IllegalAction("not_showdown")
        if player not in sd.pending:
            raise IllegalAction("not_your_turn_anyone")
        if self.muck_choices and player != sd.pending[0]:
            # The players' own choices come in showing order, one at a time.
            raise IllegalAction("not_your_turn", actor=f"player {sd.pending[0] + 1}")
        return False

    def _reveal(self, player: int, show: bool) -> None:
        sd = self._showdown
        assert sd is not None
        if show:
            sd.shown[player] = True
            self.events.append(
                _hand_shown(player, tuple(self.hole_cards[player]), self._descriptions(player))
            )
        else:
            sd.mucked[player] = True
            self.events.append(_hand_mucked(player))
        sd.pending.remove(player)

    # ------------------------------------------------ home-game options

    def _offer_runouts(self) -> bool:
        """Run it twice: at the end of whichever street the betting ends with
        two or more hands live and only board cards to come, and if the stub
        can deal both runs with their burns (:func:`engine.home_rules.runouts_open`),
        the players still in the hand choose how often the rest of the board
        is dealt. The choice is made once a hand: a street that ends with
        betting still possible leaves it open. Returns whether the hand now
        waits for that choice."""
        if len(self.boards) > 1 or not self.setup.run_it_twice:
            self._runouts_decided = True
            return False
        offered = home_rules.runouts_open(
            self.variant, self.street_index, self._stub.size, self.in_hand, self.stacks
        )
        if offered is None:
            return False
        self._runouts_decided = True
        if not offered:
            return False
        self._runout_choosers = self.in_hand
        self._run_from = self.street_index + 1
        self._run_base = len(self.board)
        self.phase = _RUN_IT_TWICE
        self.actor = None
        self.events.append(RunItTwiceOffered(tuple(self._runout_choosers)))
        # All in: the hands are turned up before the run-out (as they would be
        # at the showdown anyway), so the players choose seeing each other's.
        for player in self._runout_choosers:
            if player not in self._shown_early:
                self._shown_early[player] = len(self.hole_cards[player])
                self.events.append(_hand_shown(player, tuple(self.hole_cards[player]), ()))
        return True

    def _check_runout_choice(self, player: int, count: int) -> None:
        if self.phase is not _RUN_IT_TWICE:
            raise IllegalAction("no_run_it_twice_now")
        if player not in self._runout_choosers:
            raise IllegalAction("not_your_turn_anyone")
        if count not in (1, 2):
            raise IllegalAction("runouts_once_or_twice")

    def _choose_runouts(self, player: int, count: int) -> None:
        """One player's choice; once somebody says once, or everyone twice, it is decided."""
        self._check_runout_choice(player, count)
        self._runout_choosers.remove(player)
        self.events.append(RunoutChosen(player, count))
        if count == 1:
            self._runout_choosers.clear()
        elif not self._runout_choosers:
            self.runouts = 2
        if not self._runout_choosers:
            self._runouts_decided = True
            self.events.append(RunoutsDecided(self.runouts))

    def _start_second_run(self) -> None:
        """The first run is dealt: the second board starts as the cards both
        runs share and takes the rest from the same deck, street by street."""
        self.run = 2
        self.boards.append(self.board[: self._run_base])
        self._street_boards = 1
        self._start_street(self._run_from)

    def _pay_seven_deuce_bounty(self) -> None:
        """The 7-2 bounty: see :func:`engine.home_rules.seven_deuce_winner`."""
        sd = self._showdown
        if sd is None:
            # Won without a showdown: the cards stay face down unless the winner
            # chooses to show them after the hand (engine.Table.pay_seven_deuce_bounty).
            return
        winner = home_rules.seven_deuce_winner(self.events, self.hole_cards, shown=sd.shown)
        if winner is None:
            return
        payments = home_rules.bounty_payments(
            winner, self.setup.seven_deuce_bounty, self.stacks, self.player_count
        )
        for player, chips in payments:
            self.stacks[player] -= chips
            self.stacks[winner] += chips
        self.events.append(BountyPaid(winner, tuple(payments)))

    def rabbit_boards(self) -> list[list[Card]]:
        """The rabbit hunt: the board cards that would have come had the hand
        gone on, one list per board (two in a double-board bomb pot or a
        two-board game), from the same deck with the same burns, dealt as the
        dealer would have dealt them: each street's burn, then its cards to
        board 1, then to board 2 (nothing of anyone's hole cards). Empty when
        the board was complete (a board run twice included) or the hand dealt
        by name."""
        if not self.is_complete or self._stub.deals_by_name or self.runouts > 1:
            return []
        stub = self._stub.copy()
        boards: list[list[Card]] = [[] for _ in self.boards]
        for street in self.variant.streets[self.street_index + 1 :]:
            if not street.board:
                continue
            if street.burn and stub.size > street.board * len(boards):
                stub.burn()
            for board in boards:
                board += stub.deal(min(street.board, stub.size))
        return boards if any(boards) else []

    def rabbit_cards(self) -> list[Card]:
        """Every card of :meth:`rabbit_boards`, board 1's first."""
        return [card for board in self.rabbit_boards() for card in board]

    # ------------------------------------------------------------ awarding

    def _award(self) -> None:
        if self._round is not None or any(self.bets):
            self._close_betting()
        if self.opener is not None:
            # Jackpots: the opener proves openers, even when nobody called.
            self.events.append(OpenersShown(self.opener, self.openers))
        # Nothing moves the pots once the showdown begins.
        pots = list(self._showdown.pots) if self._showdown is not None else self.pots()
        pots = self._take_rake(pots)
        self.pots_awarded = pots
        for index, pot in enumerate(pots):
            if not pot.amount:
                continue
            contenders = self._contenders(pot) if self._showdown is not None else list(pot.eligible)
            if len(contenders) == 1:
                self._pay(index, "whole", pot.amount, [contenders[0]], "")
                continue
            boards = len(self.boards) if self.variant.board_award is BoardAward.SPLIT else 1
            if boards == 1:
                self._award_pot(index, pot.amount, contenders, 0, "whole")
                continue
            if self.runouts > 1:
                self._award_runs(index, pot.amount, contenders)
                continue
            # Each board wins its share of the pot; the odd chips go to the first boards.
            share, odd = divmod(pot.amount, boards)
            evaluations = len(self.variant.evaluations)
            for board in range(boards):
                amount = share + (1 if board < odd else 0)
                self._award_pot(
                    index, amount, contenders, board * evaluations, f"board {board + 1}"
                )
        if self.setup.seven_deuce_bounty:
            self._pay_seven_deuce_bounty()
        self.contributions[:] = [0] * self.player_count
        self.dead_posted[:] = [0] * self.player_count
        self.phase = _COMPLETE
        self.is_complete = True
        self.actor = None
        self.events.append(_hand_ended(tuple(self.stacks)))

    def _award_runs(self, index: int, amount: int, contenders: list[int]) -> None:
        """Run it twice: each run (board) wins half of pot ``index``. An odd
        chip goes by the table's odd-chip rule, as in a split pot: to the run
        won by the first winner clockwise from the button."""
        share, odd = divmod(amount, self.runouts)
        evaluations = len(self.variant.evaluations)
        winners = [
            {
                player
                for k in range(run * evaluations, (run + 1) * evaluations)
                for player in self._best(contenders, k)
            }
            for run in range(self.runouts)
        ]
        first = min(set().union(*winners))
        odd_run = next(run for run, won in enumerate(winners) if first in won)
        for run in range(self.runouts):
            chips = share + (odd if run == odd_run else 0)
            self._award_pot(index, chips, contenders, run * evaluations, f"board {run + 1}")

    def _award_pot(
        self, index: int, amount: int, contenders: list[int], first: int, whole: str
    ) -> None:
        """Award ``amount`` of pot ``index`` by the values from ``first`` on: to the
        best high hand, or split with the best qualifying low (odd chip high)."""
        high = self._best(contenders, first)
        if self.variant.is_split:
            low = self._best(contenders, first + 1)
            if low:
                low_amount = amount // 2
                name = self._name(high, first)
                self._pay(index, "high", amount - low_amount, high, name, first)
                self._pay(index, "low", low_amount, low, self._name(low, first + 1), first + 1)
                return
        self._pay(index, whole, amount, high, self._name(high, first), first)

    def _best(self, contenders: list[int], k: int) -> list[int]:
        """The contenders with the best hand by the variant's ``k``-th evaluation."""
        values = self._values
        best: int | None = None
        winners: list[int] = []
        for i in contenders:
            value = values[i][k]
            if value is None:
                continue
            if best is None or value > best:
                best, winners = value, [i]
            elif value == best:
                winners.append(i)
        return winners

    def _name(self, winners: list[int], k: int) -> str:
        if self._values[winners[0]][k] is None:
            return ""
        return self._description(winners[0], k)

    def _pay(
        self, pot_index: int, share: str, amount: int, winners: list[int], desc: str, k: int = 0
    ) -> None:
        order = None
        if len(winners) > 1 and self.variant.odd_chip_by_card:
            evaluations = self.variant.evaluations
            low = evaluations[k % len(evaluations)].is_low
            order = odd_chip_order(winners, self.hole_cards, low=low)
        payouts = split_amount(amount, winners, order)
        for player, chips in payouts:
            self.stacks[player] += chips
            self.awarded[player] += chips
        self.events.append(_pot_awarded(pot_index, share, amount, tuple(payouts), desc))

    def _take_rake(self, pots: list[Pot]) -> list[Pot]:
        rake = self.setup.rake
        if rake is None:
            return pots
        if rake.no_flop_no_drop and not self._saw_second_street():
            return pots
        total = sum(p.amount for p in pots)
        amount = min(rake.cap, total * rake.basis_points // 10_000)
        if amount <= 0:
            return pots
        self.rake_taken = amount
        self.events.append(RakeTaken(amount))
        result = []
        left = amount
        for pot in pots:
            taken = min(left, pot.amount)
            left -= taken
            result.append(Pot(pot.amount - taken, pot.eligible))
        return result

    def _saw_second_street(self) -> bool:
        """Whether the hand got past its first betting round (for "no flop, no drop")."""
        return self._betting_rounds > 1 or (self.street_index > 0 and bool(self.board))
