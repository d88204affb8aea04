"""The table: many hands at one table. It owns the seats and their chips,
players sitting down, leaving, sitting out, coming back and topping up, the
button and the blinds from hand to hand, busting, and for tournaments the
blind levels and the finishing places.

Like the rest of the engine the table is pure: the deck is shuffled with a
:class:`random.Random` the caller passes (the operating system's randomness
when none is given), and time only enters as a number of seconds the caller
passes to :meth:`Table.advance_level_if_due`.

How the button and the blinds move, who is dealt in and when a newcomer may
come in is :mod:`engine.button`'s dead-button rule. The table adds:

- **Buy-ins.** From 20 to 100 big blinds unless configured. A top-up happens
  between the player's hands and never takes a stack above the maximum buy-in;
  a busted player's top-up must bring the stack to the minimum buy-in.
- **Owing blinds.** A new player owes a big blind. A player not dealt in
  while the big blind passed their seat owes it; while the small blind passed
  (or was dead on their seat), owes that too. On coming back they either post
  what they owe (the big blind live, the small blind dead) and are dealt in
  from the next hand their seat allows, or wait for the big blind, which
  settles everything: a choice each player makes (:class:`MissedBlinds`), with
  the table's default. Sitting out and back in before the blinds reach the
  seat costs nothing.
- **Busting.** A player with no chips after a hand sits out, flagged busted,
  until they top up (which seats them back in) or leave. In a tournament they
  are eliminated instead and their finishing place recorded: players busting
  in the same hand place by the chips they started it with, equal stacks
  sharing the better place. During a tournament's rebuy levels
  (:mod:`engine.tournament_extras`), while two players or more still have
  chips, a busted player stays seated at 0 instead, sitting out, and may
  rebuy until the end of the next hand; one who has not by then is placed,
  below the players busting in that hand.
- **Leaving.** Between the player's hands a player leaves at once with their
  stack; a player dealt into the hand in progress leaves when it ends, and
  :meth:`Table.finish_hand` reports what they take. In a tournament chips stay
  in play: players cannot leave once it has begun (sitting out, they are still
  dealt in and post their blinds, as tournaments do; the caller folds for them).
- **Mixed games.** A table given a :class:`~engine.rotation.Rotation` deals
  its games in turn, switching after each orbit of the button or every N
  hands, each game at the stakes :func:`~engine.rotation.game_stakes` derives
  from the table's two blinds. The game of the next hand is decided as it is
  dealt, from where the button goes; during stud games the blinds' button
  stays put and nobody is marked as missing a blind (:mod:`engine.rotation`
  says how). :meth:`Table.game_outlook` tells the players what comes next.
  A voided hand counts as dealt: its button moved.
- **Jackpots.** A draw table's ``draw_rules`` (draw limits, jackpots) go into
  every hand. With jackpots everyone antes, and when nobody opens, the pot
  stays on the table (:attr:`Table.carried_pot`) for the next deal. Should the
  game end with a pot still carried (the table closes, or its last player
  leaves), :meth:`Table.share_out_carried_pot` gives it back to the players
  seated, in equal parts, the odd chips to the lowest seats.
- **The 7-2 bounty after the hand.** A player who won the last hand without
  a showdown holding seven-deuce collects the bounty by showing both cards
  before the next deal (:meth:`Table.pay_seven_deuce_bounty`): the chips move
  from the other players' seats to theirs.
- **Home rules agreed, not sprung.** :meth:`Table.change_home_rules` puts a
  change of the home-game options in force from the next hand, except the
  part that raises what a seated player can lose
  (:func:`engine.home_rules.raises_exposure`): that waits
  (:attr:`Table.pending_home`) until the change has been announced for one
  full hand, so the first hand it plays in is the one after the next (the
  next, when nobody but the player changing it sits at the table).

>>> import random
>>> table = Table(TableRules("NT", Stakes(5, 10)))
>>> for player in (101, 102, 103):
...     _ = table.sit(player, buy_in=1000)
>>> hand = table.start_hand(random.Random(3))
>>> deal = table.deal
>>> deal.button_draw.winner == deal.button_seat  # the first button is drawn
True
>>> [table.seats[seat].player for seat in deal.seats] == list(deal.players)
True
>>> hand.setup.blinds
(5, 10, 0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Final

from engine.blind_structure import deals_tournaments
from engine.button import (
    ButtonDraw,
    Entry,
    HandPlan,
    Positions,
    draw_for_button,
    first_hand_plan,
    next_hand_plan,
    next_hand_plan_without_blinds,
)
from engine.cards import Card, Deck, DeckKind
from engine.draws import DEFAULT_DRAW_RULES, DrawRules
from engine.errors import RulesError, TableError
from engine.events import BountyPaid
from engine.hand import Hand, HandSetup, Rake
from engine.home_rules import (
    HOME_AMOUNT_BIG_BLINDS,
    NO_HOME_RULES,
    BombPotVote,
    HomeRules,
    bomb_pot_refusal,
    bomb_pot_votes_needed,
    bounty_payments,
    double_board_refusal,
    home_amount_most,
    in_force_now,
    run_it_twice_refusal,
    seven_deuce_refusal,
)
from engine.rotation import GameOutlook, Rotation, RotationPosition, game_stakes
from engine.show_choices import shows_seven_deuce
from engine.stakes import (
    MAX_BUY_IN_BIG_BLINDS,
    MAX_CHIPS,
    MIN_BUY_IN_BIG_BLINDS,
    AnteKind,
    BlindLevel,
    BlindSchedule,
    LevelClock,
    Stakes,
    plays_for_antes,
    takes_straddle,
)
from engine.tournament_extras import NO_EXTRAS, TournamentExtras
from engine.variants import BettingStructure, Variant, variant

__all__ = [
    "CashOut",
    "Deal",
    "Departure",
    "HandResult",
    "HomeChange",
    "MissedBlinds",
    "PlayerId",
    "Post",
    "Seat",
    "Table",
    "TableRules",
]

#: The caller's id for a player (the bot uses Discord user ids).
PlayerId = int

#: A table has 2 to 10 seats (fewer when its game deals fewer players).
MIN_SEATS: Final = 2
MAX_SEATS: Final = 10
#: The largest rake a table may take: 10 % of the pot.
MAX_RAKE_BASIS_POINTS: Final = 1_000


class MissedBlinds(Enum):
    """What a player who owes blinds does to come (back) into the game."""

    #: Post what is owed (a big blind live, a missed small blind dead) and play.
    POST = "post"
    #: Wait for the big blind to reach the seat; that settles the debt.
    WAIT = "wait"


@dataclass(frozen=True, slots=True)
class TableRules:
    """How a table plays. A cash game gives ``stakes``; a tournament gives a
    blind ``schedule`` and everyone's ``starting_stack`` instead.

    ``min_buy_in`` and ``max_buy_in`` default to 20 and 100 big blinds.
    ``missed_blinds`` is the table's default for players who owe blinds.
    """

    variant: str
    stakes: Stakes | None = None
    seats: int = 9
    min_buy_in: int = 0
    max_buy_in: int = 0
    rake: Rake | None = None
    missed_blinds: MissedBlinds = MissedBlinds.WAIT
    schedule: BlindSchedule | None = None
    starting_stack: int = 0
    #: A mixed game: the games dealt in turn (``variant`` is its first game).
    rotation: Rotation | None = None
    #: Draw games: the draw limits and whether the pot is a jackpot.
    draw_rules: DrawRules = DEFAULT_DRAW_RULES
    #: Run it twice, bomb pots, the rabbit hunt, the 7-2 bounty (all off).
    home: HomeRules = NO_HOME_RULES
    #: The fewest players a hand is dealt to (2 to the seats).
    min_players: int = MIN_SEATS
    #: A tournament's rebuys, add-on and bounties (:mod:`engine.tournament_extras`).
    extras: TournamentExtras = NO_EXTRAS

    def __post_init__(self) -> None:
        game = variant(self.variant)
        rotation = self.rotation
        name = game.name if rotation is None else rotation.name
        most = min(MAX_SEATS, game.max_players if rotation is None else rotation.max_players)
        if (self.stakes is None) == (self.schedule is None):
            raise RulesError("cash_or_tournament")
        if rotation is not None:
            self._check_mix(rotation)
        if self.schedule is not None:
            self._check_tournament(game)
        elif self.extras.any:
            raise RulesError("extras_tournament_only")
        elif not (
            self.min_buy_in >= 0
            and self.max_buy_in >= 0
            and self.first_stakes.big_blind
            <= self.minimum_buy_in
            <= self.maximum_buy_in
            <= MAX_CHIPS
        ):
            raise RulesError(
                "buy_in",
                big_blind=self.first_stakes.big_blind,
                min_buy_in=self.minimum_buy_in,
                max_buy_in=self.maximum_buy_in,
            )
        if not MIN_SEATS <= self.seats <= most:
            raise RulesError("seats", seats=self.seats, low=MIN_SEATS, high=most)
        if not MIN_SEATS <= self.min_players <= self.seats:
            raise RulesError("min_players", count=self.min_players, low=MIN_SEATS, high=self.seats)
        rake = self.rake
        if rake is not None:
            if not (0 <= rake.basis_points <= MAX_RAKE_BASIS_POINTS and 0 <= rake.cap <= MAX_CHIPS):
                raise RulesError("rake")
            if rake.basis_points and not rake.cap:
                raise RulesError("rake_cap")
        if self.draw_rules.jackpots:
            if rotation is not None or not plays_for_antes(game):
                raise RulesError("jackpots", variant=name)
            if self.first_stakes.ante_kind is not AnteKind.EVERY_PLAYER:
                raise RulesError("jackpots_ante")
        if self.stakes is not None and self.stakes.straddle and not takes_straddle(game):
            raise RulesError("straddle", variant=name)
        big_blind = None if self.is_tournament else self.first_stakes.big_blind
        refusal = self.home.refusal(self.games, tournament=self.is_tournament, big_blind=big_blind)
        if refusal is not None:
            raise RulesError(refusal, **self.home_amount_params)

    def _check_mix(self, rotation: Rotation) -> None:
        """A mix starts with its first game, at a cash table, for two blinds."""
        if self.variant != rotation.codes[0]:
            raise RulesError("mix_first_game", mix=rotation.name, game=rotation.codes[0])
        stakes = self.stakes
        if stakes is None:
            raise RulesError("tournament_cash_only")
        if stakes != Stakes(stakes.small_blind, stakes.big_blind):
            raise RulesError("mix_stakes", mix=rotation.name)

    def _check_tournament(self, game: Variant) -> None:
        """A sit-and-go deals a game with blinds, takes no rake and no jackpot,
        and starts everyone with two big blinds at least."""
        if self.rake is not None or self.draw_rules.jackpots or self.min_players != MIN_SEATS:
            raise RulesError("tournament_cash_only")
        if not deals_tournaments(game):
            raise RulesError("tournament_game", variant=game.name)
        low = 2 * self.first_stakes.big_blind
        if not low <= self.starting_stack <= MAX_CHIPS:
            raise RulesError("starting_stack", amount=self.starting_stack, low=low, high=MAX_CHIPS)

    @classmethod
    def mixed(cls, rotation: Rotation, stakes: Stakes, **options: object) -> TableRules:
        """A cash table dealing ``rotation``'s games at ``stakes`` (two blinds)."""
        return cls(rotation.codes[0], stakes, rotation=rotation, **options)  # type: ignore[arg-type]

    @property
    def is_tournament(self) -> bool:
        return self.schedule is not None

    @property
    def games(self) -> list[Variant]:
        """Every game the table deals: its one game, or its rotation's."""
        rotation = self.rotation
        return [variant(code) for code in rotation.codes] if rotation is not None else [self.game]

    @property
    def home_amount_params(self) -> dict[str, int]:
        """What the sentences of a home-game amount's refusal name: the most, in
        big blinds and in chips."""
        big_blind = 0 if self.is_tournament else self.first_stakes.big_blind
        return {"big_blinds": HOME_AMOUNT_BIG_BLINDS, "most": home_amount_most(big_blind)}

    @property
    def game(self) -> Variant:
        return variant(self.variant)

    @property
    def first_stakes(self) -> Stakes:
        if self.schedule is not None:
            return self.schedule.stakes(0)
        assert self.stakes is not None
        return self.stakes

    @property
    def minimum_buy_in(self) -> int:
        if self.schedule is not None:
            return self.starting_stack
        return self.min_buy_in or MIN_BUY_IN_BIG_BLINDS * self.first_stakes.big_blind

    @property
    def maximum_buy_in(self) -> int:
        if self.schedule is not None:
            return self.starting_stack
        return self.max_buy_in or MAX_BUY_IN_BIG_BLINDS * self.first_stakes.big_blind


@dataclass(slots=True)
class Seat:
    """One occupied seat: who sits there, their chips, and where they stand.

    ``stack`` is the chips in front of the player between hands (during a
    hand the :class:`~engine.hand.Hand` holds the live count). The table
    changes seats; callers read them.
    """

    number: int
    player: PlayerId
    stack: int
    missed_blinds: MissedBlinds
    sitting_out: bool = False
    busted: bool = False
    #: Dealt into the hand in progress and leaving when it ends.
    leaving: bool = False
    #: Not dealt in since sitting down: owes a big blind to come in.
    new: bool = True
    missed_big_blind: bool = False
    missed_small_blind: bool = False
    #: Posts a straddle whenever first to act after the big blind.
    straddles: bool = False
    #: No limit, re-straddling: the amount this player re-straddles to (0: the
    #: smallest, twice the straddle before; see :meth:`Table.choose_straddle`).
    restraddle_to: int = 0
    #: A tournament player busted in the rebuy levels and waiting to rebuy: the
    #: chips they started that hand with (they place by it if they do not).
    busted_with: int = 0

    @property
    def owes_blinds(self) -> bool:
        return self.new or self.missed_big_blind or self.missed_small_blind


@dataclass(frozen=True, slots=True)
class Post:
    """What a player paid to come into a hand out of turn: ``live`` counts as
    their bet, ``dead`` goes to the pot."""

    player: PlayerId
    live: int
    dead: int


@dataclass(frozen=True, slots=True)
class Deal:
    """The hand in progress as the table dealt it: who sits at each hand index
    (index 0 is first left of the button, the last index the button or the
    player right of a dead button) and where the button and blinds are.

    ``small_blind_seat`` is ``None`` when the small blind is dead; the blind
    seats are ``None`` in games without blinds and in a bomb pot. ``button_draw`` is the draw
    that placed the button when this hand started a game.
    """

    number: int
    setup: HandSetup
    seats: tuple[int, ...]
    players: tuple[PlayerId, ...]
    plan: HandPlan
    button_seat: int
    small_blind_seat: int | None
    big_blind_seat: int | None
    straddle_seat: int | None = None
    posts: tuple[Post, ...] = ()
    #: No limit: the seats that re-straddled after the straddle, in order, each
    #: twice the one before.
    restraddle_seats: tuple[int, ...] = ()
    button_draw: ButtonDraw | None = None

    def index_of(self, player: PlayerId) -> int:
        """The hand index of ``player``; a :class:`ValueError` if not dealt in."""
        return self.players.index(player)

    def player_at(self, index: int) -> PlayerId:
        return self.players[index]

    def seat_at(self, index: int) -> int:
        return self.seats[index]


@dataclass(frozen=True, slots=True)
class CashOut:
    """A player who left the table and the chips they took."""

    player: PlayerId
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class Departure:
    """The answer to :meth:`Table.leave`: ``cash_out`` is what the player took,
    or ``None`` when they are in the hand being played and leave when it ends
    (:meth:`Table.finish_hand` then reports the :class:`CashOut`)."""

    player: PlayerId
    seat: int
    cash_out: int | None
    #: The carried jackpot the last player to leave takes with them (in ``cash_out``).
    carried_share: int = 0

    @property
    def at_end_of_hand(self) -> bool:
        return self.cash_out is None


@dataclass(frozen=True, slots=True)
class HandResult:
    """What :meth:`Table.finish_hand` did.

    ``stacks`` and ``winnings`` (chips won or lost, rake deducted) are for the
    players dealt in. ``eliminated`` pairs tournament players with their
    finishing places; ``winner`` is set when a tournament is won.
    """

    number: int
    stacks: dict[PlayerId, int]
    winnings: dict[PlayerId, int]
    rake: int
    busted: tuple[PlayerId, ...] = ()
    cash_outs: tuple[CashOut, ...] = ()
    eliminated: tuple[tuple[PlayerId, int], ...] = ()
    winner: PlayerId | None = None
    #: A jackpot carried when every player left with the hand: (seat, chips)
    #: shared out to them before they went (in ``cash_outs``).
    shared_pot: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class HomeChange:
    """A change of the home-game options as :meth:`Table.change_home_rules`
    made it: ``in_force`` from the next hand, and the ``agreed`` options in
    full from hand ``from_hand`` (``None``: from the next hand too)."""

    in_force: HomeRules
    agreed: HomeRules
    from_hand: int | None = None


@dataclass(slots=True)
class _Ledger:
    """Chips that came to the table and left it, for the conservation check:
    the stacks plus the rake plus what left equal what came."""

    bought_in: int = 0
    cashed_out: int = 0
    rake: int = 0


class Table:
    """Seats, chips and the game from hand to hand. See the module docstring."""

    def __init__(self, rules: TableRules) -> None:
        self.rules = rules
        self.variant = rules.game
        self._seats: dict[int, Seat] = {}
        #: Hands dealt so far; the number of the hand in progress.
        self.hand_number = 0
        #: Where the button and blinds are in the hand in progress or were in the
        #: last one; ``None`` before the first hand.
        self.positions: Positions | None = None
        #: The hand in progress, as dealt.
        self.deal: Deal | None = None
        self.ledger = _Ledger()
        self.clock = LevelClock(rules.schedule) if rules.schedule is not None else None
        #: Tournament finishing places, by player.
        self.finishing_places: dict[PlayerId, int] = {}
        self._draw: ButtonDraw | None = None
        #: A mixed table: the game of the hand in progress or the last one and
        #: how far it has got; ``None`` before the first hand.
        self.rotation_position: RotationPosition | None = None
        #: Where the button and blinds were in the last hand with blinds: the
        #: next one moves from there (stud hands in between do not move them).
        self.blind_positions: Positions | None = None
        #: Jackpots: chips nobody opened for, waiting in the pot for the next deal.
        self.carried_pot = 0
        #: The table voted for a bomb pot: the next hand that can be one is.
        self.bomb_pot_voted = False
        #: Who voted for a bomb pot since the last one was called
        #: (:meth:`vote_bomb_pot`); saved with the table.
        self.bomb_pot_votes: set[PlayerId] = set()
        #: A change of the home-game options that raises what a seated player
        #: can lose, announced and waiting for its hand (see :meth:`change_home_rules`).
        self.pending_home: HomeChange | None = None

    # ------------------------------------------------------------------ queries

    @property
    def seats(self) -> Mapping[int, Seat]:
        """Occupied seats by number, in seat order."""
        return dict(sorted(self._seats.items()))

    @property
    def stakes(self) -> Stakes:
        """The stakes of the game being dealt (a tournament's current level;
        at a mixed table, the current game's)."""
        return self.stakes_for(self.variant)

    @property
    def base_stakes(self) -> Stakes:
        """What the table is played for now, as its two blinds name it: a
        tournament's current level, else the stakes it was created with (at a
        mixed table each game derives its own from these)."""
        if self.clock is not None:
            return self.clock.stakes
        assert self.rules.stakes is not None
        return self.rules.stakes

    def stakes_for(self, game: Variant) -> Stakes:
        """The stakes ``game`` is dealt at here (at a mixed table, derived per game)."""
        base = self.base_stakes
        if self.rules.rotation is None:
            return base
        return game_stakes(game, base.small_blind, base.big_blind)

    @property
    def level(self) -> BlindLevel | None:
        return self.clock.level if self.clock is not None else None

    @property
    def button_seat(self) -> int | None:
        """The button's seat in the hand in progress or the last one."""
        return self.positions.button if self.positions is not None else None

    @property
    def hand_in_progress(self) -> bool:
        return self.deal is not None

    @property
    def hands_played(self) -> int:
        return self.hand_number - (1 if self.deal is not None else 0)

    @property
    def chips_in_play(self) -> int:
        """Every chip in front of a player (between hands)."""
        return sum(seat.stack for seat in self._seats.values())

    @property
    def can_deal(self) -> bool:
        """Whether :meth:`start_hand` would deal now: no hand is being played
        and at least the table's ``min_players`` (two unless chosen) could be
        dealt in."""
        return self.deal is None and len(self._playing()) >= self.rules.min_players

    def seat_of(self, player: PlayerId) -> Seat:
        for seat in self._seats.values():
            if seat.player == player:
                return seat
        raise TableError("not_seated")

    def is_seated(self, player: PlayerId) -> bool:
        return any(seat.player == player for seat in self._seats.values())

    def in_current_hand(self, player: PlayerId) -> bool:
        return self.deal is not None and player in self.deal.players

    # ------------------------------------------------------------------ seating

    def sit(
        self,
        player: PlayerId,
        seat: int | None = None,
        *,
        buy_in: int | None = None,
        missed_blinds: MissedBlinds | None = None,
    ) -> Seat:
        """Seat ``player`` with ``buy_in`` chips (default: the maximum buy-in,
        or the tournament's starting stack), in ``seat`` or the lowest free one.

        A new player owes a big blind: they post it or wait for it as
        ``missed_blinds`` (default: the table's) says. When a game starts
        everyone is dealt in for free.
        """
        for taken in self._seats.values():
            if taken.player == player:
                raise TableError("already_seated", seat=taken.number)
        config = self.rules
        if config.is_tournament:
            if buy_in is not None and buy_in != config.starting_stack:
                raise TableError("tournament_buy_in", amount=config.starting_stack)
            amount = config.starting_stack
        else:
            amount = config.maximum_buy_in if buy_in is None else buy_in
            if amount < config.minimum_buy_in:
                raise TableError("buy_in_too_small", amount=config.minimum_buy_in)
            if amount > config.maximum_buy_in:
                raise TableError("buy_in_too_large", amount=config.maximum_buy_in)
        if seat is None:
            free = [n for n in range(1, config.seats + 1) if n not in self._seats]
            if not free:
                raise TableError("table_full")
            seat = free[0]
        elif not 1 <= seat <= config.seats:
            raise TableError("no_such_seat", seat=seat, count=config.seats)
        elif seat in self._seats:
            raise TableError("seat_taken", seat=seat)
        taken_seat = Seat(seat, player, amount, missed_blinds or config.missed_blinds)
        self._seats[seat] = taken_seat
        self.ledger.bought_in += amount
        return taken_seat

    def leave(self, player: PlayerId) -> Departure:
        """Take ``player`` off the table with their chips: now, or at the end of
        the hand in progress if they are dealt into it."""
        seat = self.seat_of(player)
        if self.rules.is_tournament and self.hand_number > 0:
            raise TableError("tournament_no_leave")
        if self.in_current_hand(player):
            seat.leaving = True
            return Departure(player, seat.number, None)
        share = 0
        if len(self._seats) == 1 and self.deal is None:
            # The last player takes a carried jackpot: nobody is left to play for it.
            share = sum(chips for _, chips in self.share_out_carried_pot())
        cash_out = self._remove(seat)
        return Departure(player, cash_out.seat, cash_out.amount, share)

    def sit_out(self, player: PlayerId) -> None:
        """Stop being dealt in from the next hand (a hand being played goes on)."""
        self.seat_of(player).sitting_out = True

    def sit_in(self, player: PlayerId, missed_blinds: MissedBlinds | None = None) -> None:
        """Come back. Owing blinds, the player posts them or waits for the big
        blind as ``missed_blinds`` (default: their standing choice) says."""
        seat = self.seat_of(player)
        if seat.busted:
            raise TableError("busted_rebuy" if self.rules.is_tournament else "busted_sit_in")
        seat.sitting_out = False
        if missed_blinds is not None:
            seat.missed_blinds = missed_blinds

    def choose_missed_blinds(self, player: PlayerId, choice: MissedBlinds) -> None:
        """Set how ``player`` comes in while owing blinds: post, or wait for the big blind."""
        self.seat_of(player).missed_blinds = choice

    def choose_straddle(self, player: PlayerId, straddles: bool, *, to: int = 0) -> None:
        """Post a live straddle (twice the big blind) whenever first to act
        after the big blind, with three or more players dealt in. In no limit
        the player may also re-straddle after a straddle: to twice the straddle
        before (``to`` 0), or to ``to`` chips when that is more (any legal
        raise, seed 002). ``to`` is refused below the smallest re-straddle there
        can be, twice the straddle (four big blinds)."""
        seat = self.seat_of(player)
        stakes = self.stakes
        if straddles and not stakes.straddle:
            raise TableError("no_straddle")
        smallest = 2 * stakes.straddle_amount
        if to and to < smallest:
            raise TableError("restraddle_too_small", amount=smallest)
        seat.straddles = straddles
        seat.restraddle_to = to if straddles else 0

    def top_up(self, player: PlayerId, amount: int) -> int:
        """Add ``amount`` chips to the player's stack; returns the new stack.

        Only between the player's hands, never above the maximum buy-in; a
        busted player must come back to at least the minimum buy-in, and is
        then seated back in.
        """
        seat = self.seat_of(player)
        config = self.rules
        if config.is_tournament:
            raise TableError("tournament_no_top_up")
        if amount < 1:
            raise TableError("top_up_nothing")
        if self.in_current_hand(player):
            raise TableError("top_up_in_hand")
        if seat.stack + amount > config.maximum_buy_in:
            raise TableError(
                "top_up_too_large",
                amount=max(config.maximum_buy_in - seat.stack, 0),
                maximum=config.maximum_buy_in,
            )
        if seat.busted and seat.stack + amount < config.minimum_buy_in:
            raise TableError("rebuy_too_small", amount=config.minimum_buy_in)
        seat.stack += amount
        self.ledger.bought_in += amount
        if seat.busted:
            seat.busted = False
            seat.sitting_out = False
        return seat.stack

    def rebuy(self, player: PlayerId) -> int:
        """A tournament rebuy: the starting stack added to the player's, during
        the rebuy levels, between their hands, at or below the starting stack
        (:meth:`TournamentExtras.rebuy_refusal`); returns the new stack."""
        seat = self.seat_of(player)
        config = self.rules
        if not config.is_tournament or self.clock is None:
            raise TableError("no_rebuys")
        refusal = config.extras.rebuy_refusal(
            level_index=self.clock.index,
            stack=seat.stack,
            starting_stack=config.starting_stack,
            in_hand=self.in_current_hand(player),
        )
        if refusal is not None:
            raise TableError(refusal, amount=config.starting_stack)
        seat.stack += config.starting_stack
        self.ledger.bought_in += config.starting_stack
        if seat.busted:
            seat.busted = seat.sitting_out = False
            seat.busted_with = 0
        return seat.stack

    def add_on(self, player: PlayerId, *, taken: bool) -> int:
        """A tournament's add-on (``taken``: the player has had theirs): its
        chips added to the player's stack at the end of the rebuy period
        (:meth:`TournamentExtras.add_on_refusal`); returns the new stack."""
        seat = self.seat_of(player)
        config = self.rules
        if not config.is_tournament or self.clock is None:
            raise TableError("no_add_on")
        refusal = config.extras.add_on_refusal(
            level_index=self.clock.index,
            in_hand=self.in_current_hand(player),
            taken=taken,
            busted=seat.busted,
        )
        if refusal is not None:
            raise TableError(refusal)
        seat.stack += config.extras.add_on_chips
        self.ledger.bought_in += config.extras.add_on_chips
        return seat.stack

    # ------------------------------------------------------------------ home rules

    def bomb_pot_electorate(
        self, is_computer: Callable[[PlayerId], bool] = lambda _: False
    ) -> frozenset[PlayerId]:
        """Who may vote for a bomb pot: the players seated and dealt in (not
        sitting out), but no computer player (``is_computer`` says which are)."""
        return frozenset(
            seat.player
            for seat in self._seats.values()
            if not seat.sitting_out and not is_computer(seat.player)
        )

    def vote_bomb_pot(
        self, player: PlayerId, *, is_computer: Callable[[PlayerId], bool] = lambda _: False
    ) -> BombPotVote:
        """Count ``player``'s vote for a bomb pot: once more than half of the
        electorate (:meth:`bomb_pot_electorate`) voted, the next hand that can
        be one is (:attr:`bomb_pot_voted`) and the votes start again. A vote
        counts once; voting again changes nothing. Refused (nothing changes)
        when the table plays no bomb pots, the next hand is one already, or
        the player is not seated or not dealt in.

        >>> from engine.home_rules import BombPots, HomeRules
        >>> home = HomeRules(bomb_pot=BombPots(20))
        >>> table = Table(TableRules("NT", Stakes(5, 10), home=home))
        >>> for player in (1, 2, 3):
        ...     _ = table.sit(player, buy_in=500)
        >>> table.vote_bomb_pot(1)
        BombPotVote(votes=1, needed=2, called=False, again=False)
        >>> table.vote_bomb_pot(2).called, table.bomb_pot_voted, table.bomb_pot_votes
        (True, True, set())
        """
        if self.rules.home.bomb_pot is None:  # none in force (nor agreed, or waiting)
            raise TableError("no_bomb_pots")
        seat = next((s for s in self._seats.values() if s.player == player), None)
        if seat is None:
            raise TableError("not_seated")
        if self.bomb_pot_voted:
            raise TableError("bomb_already")
        if seat.sitting_out or is_computer(player):
            raise TableError("bomb_sitting_out")
        electorate = self.bomb_pot_electorate(is_computer)
        voters = (self.bomb_pot_votes & electorate) | {player}
        needed = bomb_pot_votes_needed(len(electorate))
        if player in self.bomb_pot_votes:
            return BombPotVote(len(voters), needed, called=False, again=True)
        called = len(voters) >= needed
        self.bomb_pot_votes = set() if called else voters
        if called:
            self.bomb_pot_voted = True
        return BombPotVote(len(voters), needed, called)

    # -- a multi-table tournament's moves (engine.tournament_tables) ------------

    def move_out(self, player: PlayerId) -> Seat:
        """Take a tournament player off this table with their chips, to sit at
        another table of the same tournament (a balancing move, a table broken,
        the final table): only between hands, so no hand loses a player; the
        chips leave the table's count (they arrive at the other table's with
        :meth:`move_in`, never created nor lost). Returns the seat left."""
        seat = self.seat_of(player)
        if not self.rules.is_tournament:
            raise TableError("tournament_only_move")
        if self.deal is not None:
            raise TableError("move_between_hands")
        del self._seats[seat.number]
        self.ledger.cashed_out += seat.stack
        return seat

    def move_in(
        self,
        player: PlayerId,
        seat: int,
        stack: int,
        *,
        sitting_out: bool = False,
        busted_with: int | None = None,
    ) -> Seat:
        """Seat a tournament player moved from another table in ``seat`` with the
        ``stack`` they brought. A moved player takes the seat's place in the
        rotation and is dealt in at once, owing no blind (TDA Rule 11-A: the
        moved player "assumes the rights and responsibilities of the
        position"); only between hands. A player busted in the rebuy levels
        and still deciding whether to rebuy (``busted_with``: the chips they
        started their last hand with) moves with no chips and the decision
        kept: they may rebuy here until the end of this table's next hand."""
        config = self.rules
        if not config.is_tournament:
            raise TableError("tournament_only_move")
        if self.deal is not None:
            raise TableError("move_between_hands")
        if self.is_seated(player):
            raise TableError("already_seated", seat=self.seat_of(player).number)
        if not 1 <= seat <= config.seats:
            raise TableError("no_such_seat", seat=seat, count=config.seats)
        deciding = busted_with is not None and stack == 0
        if seat in self._seats or (stack <= 0 and not deciding):
            raise TableError("seat_taken", seat=seat)
        taken = Seat(seat, player, stack, config.missed_blinds, sitting_out=sitting_out, new=False)
        if deciding and busted_with is not None:
            taken.busted = taken.sitting_out = True
            taken.busted_with = busted_with
        self._seats[seat] = taken
        self.ledger.bought_in += stack
        return taken

    def new_game(self) -> None:
        """Forget where the button was: the next hand places it by a draw, as a
        new game does (a tournament's final table, RRoP 15)."""
        if self.deal is not None:
            raise TableError("move_between_hands")
        self.positions = self.blind_positions = None

    def change_extras(self, extras: TournamentExtras) -> None:
        """The organiser's rebuys, add-on and bounties (checked by :class:`TableRules`
        when the bot built them), from now on: set before the tournament begins."""
        self.rules = replace(self.rules, extras=extras)

    def change_home_rules(self, home: HomeRules, *, by: PlayerId | None = None) -> HomeChange:
        """Change the home-game options to ``home`` (``by``: the player who
        changes them). Refused (:class:`TableError`, the same sentence keys as
        :meth:`HomeRules.refusal`) when the table's games cannot play them or
        an amount is above :func:`engine.home_rules.home_amount_most`.

        What raises what a seated player can lose applies only once the change
        has been announced for a full hand: from hand ``hand_number + 2`` (the
        hand being played, or the last one, counts as the announcement's; the
        next is the full hand anyone may leave after). The rest applies from
        the next hand; so does everything when nobody but ``by`` is seated.
        A later change starts again from the options in force.

        >>> table = Table(TableRules("NT", Stakes(5, 10)))
        >>> _ = table.sit(1, buy_in=1000); _ = table.sit(2, buy_in=1000)
        >>> change = table.change_home_rules(HomeRules(seven_deuce_bounty=50), by=1)
        >>> change.in_force.seven_deuce_bounty, change.from_hand
        (0, 2)
        >>> table.change_home_rules(HomeRules(seven_deuce_bounty=500), by=1)
        Traceback (most recent call last):
        ...
        engine.errors.TableError: The 7-2 bounty is at most 5 big blinds (50 chips) here.
        """
        rules = self.rules
        big_blind = None if rules.is_tournament else rules.first_stakes.big_blind
        refusal = home.refusal(rules.games, tournament=rules.is_tournament, big_blind=big_blind)
        if refusal is not None:
            raise TableError(refusal, **rules.home_amount_params)
        others = [seat for seat in self._seats.values() if seat.player != by]
        now = in_force_now(rules.home, home) if others else home
        change = HomeChange(now, home, None if now == home else self.hand_number + 2)
        self.rules = replace(rules, home=now)
        self.pending_home = change if change.from_hand is not None else None
        return change

    def _home_rules_due(self, number: int) -> None:
        """Before dealing hand ``number``: the agreed options, if their hand has come."""
        pending = self.pending_home
        if pending is not None and pending.from_hand is not None and number >= pending.from_hand:
            self.rules = replace(self.rules, home=pending.agreed)
            self.pending_home = None

    def _remove(self, seat: Seat) -> CashOut:
        del self._seats[seat.number]
        self.ledger.cashed_out += seat.stack
        return CashOut(seat.player, seat.number, seat.stack)

    # ------------------------------------------------------------------ the button

    def _check_enough_players(self, playing: Mapping[int, Entry]) -> None:
        """Refuse to deal to fewer than two players, or than the table's ``min_players``."""
        if len(playing) < 2:
            raise TableError("not_enough_players")
        if len(playing) < self.rules.min_players:
            raise TableError("min_players_waiting", count=self.rules.min_players)

    def _playing(self, game: Variant | None = None) -> dict[int, Entry]:
        """Seats of the players who could be dealt into the next hand of
        ``game`` (default: the current one), and where each stands with the blinds."""
        tournament = self.rules.is_tournament
        uses_blinds = (game or self.variant).uses_blinds
        playing: dict[int, Entry] = {}
        for number, seat in self._seats.items():
            if seat.stack <= 0 or (seat.sitting_out and not tournament):
                continue
            if not seat.owes_blinds or not uses_blinds:
                playing[number] = Entry.READY
            elif tournament or seat.missed_blinds is MissedBlinds.POST:
                # In a tournament a newcomer comes in without posting, where the seat allows.
                playing[number] = Entry.POSTS
            else:
                playing[number] = Entry.WAITS
        return playing

    def next_hand_plan(self) -> HandPlan | None:
        """Who the next hand would deal in and where the button and blinds would
        go, as things stand; ``None`` when the next hand starts a game afresh
        with a draw for the button."""
        return self._upcoming()[3]

    @property
    def next_variant(self) -> Variant:
        """The game the next hand will be, as things stand (a mixed table may
        switch; otherwise the table's one game)."""
        return self._upcoming()[1]

    def _plan(
        self,
        game: Variant,
        playing: Mapping[int, Entry],
        positions: Positions | None,
        blind_positions: Positions | None,
    ) -> HandPlan | None:
        """The next hand of ``game`` after a hand at ``positions``; the blinds
        move on from the last hand that had them."""
        if len(playing) < 2 or positions is None:
            return None
        if not game.uses_blinds:
            return next_hand_plan_without_blinds(self.rules.seats, list(playing), positions)
        return next_hand_plan(self.rules.seats, playing, blind_positions or positions)

    def _upcoming(
        self,
    ) -> tuple[RotationPosition | None, Variant, dict[int, Entry], HandPlan | None]:
        """The next hand as things stand: where a mixed table's rotation will
        be, the game, who could play and the plan (``None``: the button must
        be drawn for a fresh start, and the game is provisional until then)."""
        rotation = self.rules.rotation
        position = self.rotation_position
        if rotation is None or position is None:
            game = self.variant if rotation is None else rotation.variant(0)
            playing = self._playing(game)
            plan = self._plan(game, playing, self.positions, self.blind_positions)
            if rotation is None or plan is None:
                return None, game, playing, plan
            return rotation.start(plan.positions.button), game, playing, plan
        game = position.variant
        playing = self._playing(game)
        plan = self._plan(game, playing, self.positions, self.blind_positions)
        if plan is None or self.positions is None:
            game = self._position_after_draw(0).variant
            return None, game, self._playing(game), None
        following = position.after_hand(
            button_before=self.positions.button,
            button_after=plan.positions.button,
            seats=self.rules.seats,
        )
        if following.game_index != position.game_index:
            game = following.variant
            playing = self._playing(game)
            plan = self._plan(game, playing, self.positions, self.blind_positions)
            if plan is None:
                return None, game, playing, None
            following = replace(following, orbit_start=plan.positions.button)
        return following, game, playing, plan

    def _position_after_draw(self, button: int) -> RotationPosition:
        """A mixed table starting afresh with the button drawn to ``button``:
        the first game, or the game goes on with its orbit starting again
        there (every N hands: the count goes on)."""
        rotation = self.rules.rotation
        assert rotation is not None
        position = self.rotation_position
        if position is None:
            return rotation.start(button)
        if rotation.hands_per_game is None:
            return RotationPosition(rotation, position.game_index, position.hands_dealt + 1, button)
        following = position.after_hand(button_before=button, button_after=button, seats=1)
        return replace(following, orbit_start=button)

    def game_outlook(self) -> GameOutlook | None:
        """At a mixed table: the game being dealt (between hands, the next
        hand's), the next game and how many hands of this one are left,
        counting the hand being played (or the next), as things stand now.
        ``None`` at a table of one game."""
        rotation = self.rules.rotation
        if rotation is None:
            return None
        by_orbit = rotation.hands_per_game is None
        position: RotationPosition | None
        if self.deal is not None:
            position, game = self.rotation_position, self.variant
            positions, blind_positions = self.positions, self.blind_positions
            playing = self._playing(game)
        else:
            position, game, playing, plan = self._upcoming()
            if position is None or plan is None:
                provisional = self._position_after_draw(0)
                left = None
                if rotation.hands_per_game is not None:
                    left = rotation.hands_per_game - provisional.hands_dealt
                return GameOutlook(game, provisional.next_variant, left, by_orbit)
            positions = plan.positions
            blind_positions = plan.positions if game.uses_blinds else self.blind_positions
            playing = {s: Entry.READY if s in plan.order else e for s, e in playing.items()}
        if position is None:  # a hand restored without its rotation: nothing to count from
            return GameOutlook(game, rotation.variant(1), None, by_orbit)
        if rotation.hands_per_game is not None:
            left = rotation.hands_per_game - position.hands_dealt
            return GameOutlook(game, position.next_variant, left, by_orbit)
        more = self._hands_of_this_game_after(position, playing, positions, blind_positions)
        return GameOutlook(game, position.next_variant, None if more is None else 1 + more, True)

    def _hands_of_this_game_after(
        self,
        position: RotationPosition,
        playing: dict[int, Entry],
        positions: Positions | None,
        blind_positions: Positions | None,
    ) -> int | None:
        """How many more hands the game of ``position`` deals after the one at
        ``positions`` if nobody comes or goes; ``None`` if it cannot be told."""
        game = position.variant
        for more in range(self.rules.seats + 1):
            plan = self._plan(game, playing, positions, blind_positions)
            if plan is None or positions is None:
                return None
            if position.game_over(
                button_before=positions.button,
                button_after=plan.positions.button,
                seats=self.rules.seats,
            ):
                return more
            position = replace(position, hands_dealt=position.hands_dealt + 1)
            playing = {s: Entry.READY if s in plan.order else e for s, e in playing.items()}
            positions = plan.positions
            if game.uses_blinds:
                blind_positions = plan.positions
        return None

    @property
    def needs_draw(self) -> bool:
        """Whether the next hand starts a game, its button placed by a draw."""
        return self.next_hand_plan() is None

    def draw_for_button(self, rng: random.Random | None = None) -> ButtonDraw:
        """Deal one card to each player who will play, for the button: the high
        card wins, suits breaking ties. The next hand that starts a game uses
        this draw, so the bot can show it first; :meth:`start_hand` draws by
        itself otherwise."""
        playing = self._playing()
        self._check_enough_players(playing)
        self._draw = draw_for_button(list(playing), Deck.shuffled(DeckKind.STANDARD, rng))
        return self._draw

    # ------------------------------------------------------------------ hands

    def start_hand(
        self,
        rng: random.Random | None = None,
        *,
        auto_showdown: bool = True,
        muck_choices: bool = False,
        pause_runouts: bool = False,
    ) -> Hand:
        """Deal the next hand: choose who plays and where the button and blinds
        go, take the blinds, antes, posts and straddle, shuffle (with ``rng``),
        and return the :class:`Hand` (its showdown as ``auto_showdown`` and
        ``muck_choices`` say; ``pause_runouts``: an all-in run-out street by
        street; see :class:`~engine.hand.Hand`). :attr:`deal` maps its indices
        to seats and players."""
        if self.deal is not None:
            raise TableError("hand_in_progress")
        position, game, playing, plan = self._upcoming()
        self._check_enough_players(playing)
        self._home_rules_due(self.hand_number + 1)
        draw = None
        if plan is None:
            draw = self._draw
            if draw is None or {seat for seat, _ in draw.cards} != set(playing):
                draw = self.draw_for_button(rng)
            if self.rules.rotation is not None:
                position = self._position_after_draw(draw.winner)
                game = position.variant
            plan = first_hand_plan(self.rules.seats, list(playing), draw.winner)
        else:
            self._mark_missed_blinds(plan, game)
        self._draw = None
        deal = self._deal(plan, draw, rng, game, self.hand_number + 1)
        self.hand_number += 1
        self.deal = deal
        self.variant = game
        self.rotation_position = position
        if game.uses_blinds or self.rules.rotation is None:
            # At a mixed table stud settles no blinds owed: they wait for a blind game.
            for number in plan.order:
                seat = self._seats[number]
                seat.new = seat.missed_big_blind = seat.missed_small_blind = False
        self.positions = plan.positions
        if game.uses_blinds:
            self.blind_positions = plan.positions
        elif draw is not None:
            self.blind_positions = None
        return Hand(
            deal.setup,
            auto_showdown=auto_showdown,
            muck_choices=muck_choices,
            pause_runouts=pause_runouts,
        )

    def _mark_missed_blinds(self, plan: HandPlan, game: Variant) -> None:
        if self.rules.is_tournament or not game.uses_blinds:
            return
        for passed, small in ((plan.big_blind_passed, False), (plan.small_blind_passed, True)):
            for number in passed:
                seat = self._seats.get(number)
                if seat is None or seat.new or number in plan.order:
                    continue
                if small:
                    seat.missed_small_blind = True
                else:
                    seat.missed_big_blind = True

    def _deal(
        self,
        plan: HandPlan,
        draw: ButtonDraw | None,
        rng: random.Random | None,
        game: Variant,
        number: int,
    ) -> Deal:
        stakes = self.stakes_for(game)
        seats = [self._seats[number] for number in plan.order]
        n = len(seats)
        blinds, posts, antes, dead = [0] * n, [0] * n, [0] * n, [0] * n
        post_records: list[Post] = []
        straddle_seat = None
        restraddle_seats: tuple[int, ...] = ()
        big = small = None
        if game.uses_blinds:
            big = plan.big_blind_index
            small = plan.small_blind_index
            blinds[big] = stakes.big_blind
            if small is not None:
                blinds[small] = stakes.small_blind
            for i, seat in enumerate(seats):
                if seat.number in plan.entering and not self.rules.is_tournament:
                    posts[i] = stakes.big_blind if seat.new or seat.missed_big_blind else 0
                    dead[i] = stakes.small_blind if seat.missed_small_blind else 0
                    post_records.append(Post(seat.player, posts[i], dead[i]))
            first = (big + 1) % n
            if (
                stakes.straddle
                and n >= 3
                and seats[first].straddles
                and not posts[first]
                and seats[first].stack > stakes.straddle_amount
            ):
                blinds[first] = stakes.straddle_amount
                straddle_seat = seats[first].number
                if game.betting is BettingStructure.NO_LIMIT:
                    restraddles = self._restraddles(seats, first, posts, stakes.straddle_amount)
                    for index, amount in restraddles:
                        blinds[index] = amount
                    restraddle_seats = tuple(seats[index].number for index, _ in restraddles)
        if stakes.ante_kind is AnteKind.EVERY_PLAYER:
            antes = [a + stakes.ante for a in antes]
        elif stakes.ante_kind is AnteKind.BIG_BLIND and big is not None:
            antes[big] += stakes.ante
        home = self.rules.home
        bomb = home.bomb_pot if self._bomb_pot_now(game, number) else None
        if bomb is not None:
            # Everyone posts the bomb, live, and nobody bets before the flop.
            blinds, posts, dead = [0] * n, [0] * n, [0] * n
            antes = [bomb.amount] * n
            post_records, straddle_seat, restraddle_seats = [], None, ()
            big = small = None  # and nobody is in the blinds
        setup = HandSetup(
            game,
            tuple(seat.stack for seat in seats),
            antes=tuple(antes) if any(antes) else (),
            blinds=tuple(blinds) if any(blinds) else (),
            bring_in=stakes.bring_in,
            min_bet=stakes.smallest_bet,
            small_bet=stakes.fixed_small_bet,
            big_bet=stakes.fixed_big_bet,
            # Antes everyone posts count in the betting levels; a big-blind ante
            # is dead money in the main pot, and so is a dead small blind.
            ante_trimming=stakes.ante_kind is AnteKind.EVERY_PLAYER,
            dead_blinds=tuple(dead) if any(dead) else (),
            rake=self.rules.rake,
            deck=Deck.shuffled(game.deck, rng).order,
            posts=tuple(posts) if any(posts) else (),
            draw_rules=self.rules.draw_rules,
            carried_pot=self.carried_pot,
            run_it_twice=home.run_it_twice and run_it_twice_refusal(game) is None,
            bomb_pot=bomb is not None,
            boards=2 if bomb is not None and bomb.double_board else 0,
            seven_deuce_bounty=home.seven_deuce_bounty if seven_deuce_refusal(game) is None else 0,
        )
        positions = plan.positions
        return Deal(
            number=number,
            setup=setup,
            seats=plan.order,
            players=tuple(seat.player for seat in seats),
            plan=plan,
            button_seat=positions.button,
            small_blind_seat=positions.small_blind if small is not None else None,
            big_blind_seat=positions.big_blind if big is not None else None,
            straddle_seat=straddle_seat,
            restraddle_seats=restraddle_seats,
            posts=tuple(post_records),
            button_draw=draw,
        )

    def _bomb_pot_now(self, game: Variant, number: int) -> bool:
        """Whether hand ``number`` is a bomb pot: by the count, or because the
        table voted for one (the vote is spent on the next hand that can be one)."""
        home = self.rules.home
        if home.bomb_pot is None or bomb_pot_refusal(game) is not None:
            return False
        if home.bomb_pot.double_board and double_board_refusal(game) is not None:
            return False
        if self.bomb_pot_voted:
            self.bomb_pot_voted = False
            return True
        return home.bomb_pot_due(number)

    @staticmethod
    def _restraddles(
        seats: list[Seat], straddler: int, posts: list[int], straddle: int
    ) -> list[tuple[int, int]]:
        """Re-straddles after the straddle at hand index ``straddler``: each next
        player who straddles whenever they can, up to the button, posts the
        amount they chose (:attr:`Seat.restraddle_to`) when it is at least
        twice the straddle before, else twice it: any legal raise, the straddle
        before acting as the big blind (seed 002: "No-limit games may also
        allow multiple re-straddles, in any amount that would be a legal
        raise"), while they have more than that. The chain stops at the first
        player who does not. So the table posts what the hand takes as a
        re-straddle, any legal raise, and not only the smallest (issue 24)."""
        chain: list[tuple[int, int]] = []
        amount = straddle
        for index in range(straddler + 1, len(seats)):
            seat = seats[index]
            amount = max(2 * amount, seat.restraddle_to)
            if not seat.straddles or posts[index] or seat.stack <= amount:
                break
            chain.append((index, amount))
        return chain

    def finish_hand(self, hand: Hand) -> HandResult:
        """Apply a finished hand: stacks back to the seats, the rake to the
        house, busted players out of the rotation (or, in a tournament, out of
        it with their places), players who asked to leave off the table."""
        deal = self.deal
        if deal is None:
            raise TableError("no_hand_in_progress")
        if hand.setup != deal.setup:
            raise TableError("not_this_hand")
        if not hand.is_complete:
            raise TableError("hand_not_over")
        players_before = len(self._seats)
        stacks: dict[PlayerId, int] = {}
        winnings: dict[PlayerId, int] = {}
        for i, number in enumerate(deal.seats):
            seat = self._seats[number]
            seat.stack = hand.stacks[i]
            stacks[seat.player] = seat.stack
            winnings[seat.player] = seat.stack - deal.setup.starting_stacks[i]
        self.ledger.rake += hand.rake_taken
        self.carried_pot = hand.carried_over
        self.deal = None
        busted = [self._seats[number] for number in deal.seats if self._seats[number].stack == 0]
        eliminated: list[tuple[PlayerId, int]] = []
        winner = None
        if self.rules.is_tournament:
            eliminated = self._tournament_busts(busted, deal, players_before)
            if len(self._seats) == 1 and players_before > 1:
                (last,) = self._seats.values()
                winner = last.player
                self.finishing_places[winner] = 1
        else:
            for seat in busted:
                seat.busted = seat.sitting_out = True
        shared: tuple[tuple[int, int], ...] = ()
        if self._seats and all(seat.leaving for seat in self._seats.values()):
            # Everyone leaves with this hand: a jackpot it carried goes with them.
            shared = self.share_out_carried_pot()
        cash_outs = tuple(self._remove(seat) for seat in list(self._seats.values()) if seat.leaving)
        return HandResult(
            number=deal.number,
            stacks=stacks,
            winnings=winnings,
            rake=hand.rake_taken,
            busted=tuple(seat.player for seat in busted),
            cash_outs=cash_outs,
            eliminated=tuple(eliminated),
            winner=winner,
            shared_pot=shared,
        )

    def pay_seven_deuce_bounty(
        self, deal: Deal, hand: Hand, player: PlayerId, shown: Sequence[Card]
    ) -> BountyPaid | None:
        """``player`` has shown ``shown`` of their cards of the last hand
        (``deal``, ``hand``, finished) before the next deal: if that is the
        seven-deuce that won it without a showdown
        (:func:`engine.show_choices.shows_seven_deuce`), every other player
        dealt in who still sits here pays them the bounty, or all they have
        left when less, from seat to seat. ``None``: no bounty is due (the
        winner no longer sits here either). Refused while a hand is played."""
        if self.deal is not None:
            raise TableError("hand_in_progress")
        if player not in deal.players:
            return None
        winner = deal.index_of(player)
        seats = [self._seats.get(number) for number in deal.seats]
        here = [
            seat if seat is not None and seat.player == deal.players[index] else None
            for index, seat in enumerate(seats)
        ]
        collector = here[winner]
        if collector is None or not shows_seven_deuce(hand, winner, shown):
            return None
        stacks = [0 if seat is None else seat.stack for seat in here]
        payments = bounty_payments(winner, hand.setup.seven_deuce_bounty, stacks, len(stacks))
        for index, chips in payments:
            payer = here[index]
            assert payer is not None  # a player no longer here has nothing here to pay
            payer.stack -= chips
            collector.stack += chips
            if payer.stack == 0 and not self.rules.is_tournament:
                payer.busted = payer.sitting_out = True
        return BountyPaid(winner, tuple(payments))

    def share_out_carried_pot(self) -> tuple[tuple[int, int], ...]:
        """Give a carried jackpot back to the players seated, in equal parts
        (the odd chips to the lowest seats), when the game it was waiting for
        will not be dealt: ``(seat, chips)`` for each. Nothing happens with no
        pot carried or nobody seated; refused while a hand is being played."""
        if self.deal is not None:
            raise TableError("hand_in_progress")
        seated = sorted(self._seats)
        if not self.carried_pot or not seated:
            return ()
        share, odd = divmod(self.carried_pot, len(seated))
        shares = tuple((number, share + (1 if k < odd else 0)) for k, number in enumerate(seated))
        for number, chips in shares:
            self._seats[number].stack += chips
        self.carried_pot = 0
        return tuple((number, chips) for number, chips in shares if chips)

    def void_hand(self) -> tuple[CashOut, ...]:
        """Abandon the hand in progress as if it had not been dealt: every stack
        stays what it was when the hand began (the hand's own counts are
        dropped), the button stays where the hand put it, and players who asked
        to leave at its end leave now, with what they had before it."""
        if self.deal is None:
            raise TableError("no_hand_in_progress")
        self.deal = None
        return tuple(self._remove(seat) for seat in list(self._seats.values()) if seat.leaving)

    @classmethod
    def restored(
        cls,
        rules: TableRules,
        *,
        seats: Sequence[Seat],
        hand_number: int,
        positions: Positions | None,
        deal: Deal | None,
        bought_in: int = 0,
        cashed_out: int = 0,
        rake: int = 0,
        level_clock: LevelClock | None = None,
        finishing_places: Mapping[PlayerId, int] | None = None,
        rotation_position: RotationPosition | None = None,
        blind_positions: Positions | None = None,
        carried_pot: int = 0,
        pending_home: HomeChange | None = None,
    ) -> Table:
        """A table as it was saved (see :mod:`engine.plain_data`): its seats, hand
        count, button and blinds, the hand in progress and its chip ledger, and
        at a mixed table where its rotation stands."""
        if pending_home is not None:
            # The options in force until the agreed ones' hand comes.
            rules = replace(rules, home=pending_home.in_force)
        table = cls(rules)
        table.pending_home = pending_home
        if rotation_position is not None:
            if rotation_position.rotation != rules.rotation:
                raise ValueError("The saved rotation is not this table's.")
            table.variant = rotation_position.variant
        if deal is not None and deal.setup.variant != table.variant:
            raise ValueError("The hand in progress is not of the table's current game.")
        table.rotation_position = rotation_position
        table.blind_positions = blind_positions
        if carried_pot < 0:
            raise ValueError("A carried pot cannot be negative.")
        table.carried_pot = carried_pot
        for seat in seats:
            if seat.number in table._seats or not 1 <= seat.number <= rules.seats:
                raise ValueError(f"Seat {seat.number} cannot be restored.")
            table._seats[seat.number] = seat
        if deal is not None and any(
            number not in table._seats or table._seats[number].player != player
            for number, player in zip(deal.seats, deal.players, strict=True)
        ):
            raise ValueError("The hand in progress names players who are not seated.")
        table.hand_number = hand_number
        table.positions = positions
        table.deal = deal
        table.ledger = _Ledger(bought_in, cashed_out, rake)
        if level_clock is not None:
            if rules.schedule is None or level_clock.schedule != rules.schedule:
                raise ValueError("The level clock does not belong to this table.")
            table.clock = level_clock
        table.finishing_places = dict(finishing_places or {})
        return table

    def _tournament_busts(
        self, busted: list[Seat], deal: Deal, players_before: int
    ) -> list[tuple[PlayerId, int]]:
        """This hand's busts wait to rebuy (rebuy levels, two players or more
        with chips) or are placed; players who waited a hand without rebuying
        are placed now, below this hand's."""
        started_with = {
            deal.players[i]: stack for i, stack in enumerate(deal.setup.starting_stacks)
        }
        waited = [
            seat for seat in self._seats.values() if seat.busted and seat.number not in deal.seats
        ]
        with_chips = sum(1 for seat in self._seats.values() if seat.stack > 0)
        level = self.clock.index if self.clock is not None else 0
        if with_chips >= 2 and self.rules.extras.rebuys_open(level):
            for seat in busted:
                seat.busted = seat.sitting_out = True
                seat.busted_with = started_with[seat.player]
            busted = []
        elif with_chips < 2:
            # The tournament is decided: nobody waits for a rebuy any more.
            waited += [seat for seat in self._seats.values() if seat.busted and seat not in waited]
        # This hand's busts first (by the chips they started it with), then the earlier ones.
        out = [(0, -started_with[seat.player], seat) for seat in busted]
        out += [(1, -seat.busted_with, seat) for seat in waited if seat not in busted]
        out.sort(key=lambda entry: entry[:2])
        places: list[tuple[PlayerId, int]] = []
        best_place = players_before - len(out) + 1
        for rank, (earlier, minus_stack, seat) in enumerate(out):
            place = best_place + rank
            if rank and out[rank - 1][:2] == (earlier, minus_stack):
                place = places[-1][1]
            places.append((seat.player, place))
            self.finishing_places[seat.player] = place
            del self._seats[seat.number]
        return places

    # ------------------------------------------------------------------ tournaments

    def advance_level_if_due(self, elapsed_seconds: float | None = None) -> BlindLevel | None:
        """Move a tournament to its next blind level when the current one has
        lasted its hands or, given the seconds elapsed since the tournament
        began, its time; returns the new level, or ``None`` if it did not
        change. The new stakes apply from the next hand dealt."""
        if self.clock is None:
            return None
        if self.clock.advance_if_due(self.hands_played, elapsed_seconds):
            return self.clock.level
        return None
