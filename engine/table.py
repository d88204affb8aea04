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
  sharing the better place.
- **Leaving.** Between the player's hands a player leaves at once with their
  stack; a player dealt into the hand in progress leaves when it ends, and
  :meth:`Table.finish_hand` reports what they take. In a tournament chips stay
  in play: players cannot leave once it has begun (sitting out, they are still
  dealt in and post their blinds, as tournaments do; the caller folds for them).

>>> import random
>>> table = Table(TableConfig("NT", Stakes(5, 10)))
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
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

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
from engine.cards import Deck, DeckKind
from engine.errors import TableError
from engine.hand import Hand, HandSetup, Rake
from engine.stakes import AnteKind, BlindLevel, BlindSchedule, LevelClock, Stakes
from engine.variants import BettingStructure, Variant, variant

__all__ = [
    "CashOut",
    "Deal",
    "Departure",
    "HandResult",
    "MissedBlinds",
    "PlayerId",
    "Post",
    "Seat",
    "Table",
    "TableConfig",
]

#: The caller's id for a player (the bot uses Discord user ids).
PlayerId = int

MAX_SEATS = 10


class MissedBlinds(Enum):
    """What a player who owes blinds does to come (back) into the game."""

    #: Post what is owed (a big blind live, a missed small blind dead) and play.
    POST = "post"
    #: Wait for the big blind to reach the seat; that settles the debt.
    WAIT = "wait"


@dataclass(frozen=True, slots=True)
class TableConfig:
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

    def __post_init__(self) -> None:
        game = variant(self.variant)
        most = min(MAX_SEATS, game.max_players)
        if not 2 <= self.seats <= most:
            raise ValueError(f"A table of {game.name} has 2 to {most} seats, not {self.seats}.")
        if (self.stakes is None) == (self.schedule is None):
            raise ValueError(
                "Give the stakes of a cash game or the blind schedule of a tournament."
            )
        if self.schedule is not None and self.starting_stack <= 0:
            raise ValueError("A tournament needs a starting stack.")
        if self.schedule is not None and self.rake is not None:
            raise ValueError("A tournament takes no rake from its pots.")
        if self.min_buy_in < 0 or self.max_buy_in < 0:
            raise ValueError("Buy-ins cannot be negative.")
        if self.minimum_buy_in > self.maximum_buy_in:
            raise ValueError("The minimum buy-in cannot be above the maximum.")
        big_bet_games = (BettingStructure.NO_LIMIT, BettingStructure.POT_LIMIT)
        if self.stakes is not None and self.stakes.straddle and game.betting not in big_bet_games:
            raise ValueError("A straddle is offered only in no-limit and pot-limit games.")

    @property
    def is_tournament(self) -> bool:
        return self.schedule is not None

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
        return self.min_buy_in or 20 * self.first_stakes.big_blind

    @property
    def maximum_buy_in(self) -> int:
        if self.schedule is not None:
            return self.starting_stack
        return self.max_buy_in or 100 * self.first_stakes.big_blind


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
    seats are ``None`` in games without blinds. ``button_draw`` is the draw
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


@dataclass(slots=True)
class _Ledger:
    """Chips that came to the table and left it, for the conservation check:
    the stacks plus the rake plus what left equal what came."""

    bought_in: int = 0
    cashed_out: int = 0
    rake: int = 0


class Table:
    """Seats, chips and the game from hand to hand. See the module docstring."""

    def __init__(self, config: TableConfig) -> None:
        self.config = config
        self.variant = config.game
        self._seats: dict[int, Seat] = {}
        #: Hands dealt so far; the number of the hand in progress.
        self.hand_number = 0
        #: Where the button and blinds are in the hand in progress or were in the
        #: last one; ``None`` before the first hand.
        self.positions: Positions | None = None
        #: The hand in progress, as dealt.
        self.deal: Deal | None = None
        self.ledger = _Ledger()
        self.clock = LevelClock(config.schedule) if config.schedule is not None else None
        #: Tournament finishing places, by player.
        self.finishing_places: dict[PlayerId, int] = {}
        self._draw: ButtonDraw | None = None

    # ------------------------------------------------------------------ queries

    @property
    def seats(self) -> Mapping[int, Seat]:
        """Occupied seats by number, in seat order."""
        return dict(sorted(self._seats.items()))

    @property
    def stakes(self) -> Stakes:
        """The stakes the next hand is dealt at (a tournament's current level)."""
        if self.clock is not None:
            return self.clock.stakes
        assert self.config.stakes is not None
        return self.config.stakes

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
        config = self.config
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
        if self.config.is_tournament and self.hand_number > 0:
            raise TableError("tournament_no_leave")
        if self.in_current_hand(player):
            seat.leaving = True
            return Departure(player, seat.number, None)
        cash_out = self._remove(seat)
        return Departure(player, cash_out.seat, cash_out.amount)

    def sit_out(self, player: PlayerId) -> None:
        """Stop being dealt in from the next hand (a hand being played goes on)."""
        self.seat_of(player).sitting_out = True

    def sit_in(self, player: PlayerId, missed_blinds: MissedBlinds | None = None) -> None:
        """Come back. Owing blinds, the player posts them or waits for the big
        blind as ``missed_blinds`` (default: their standing choice) says."""
        seat = self.seat_of(player)
        if seat.busted:
            raise TableError("busted_sit_in")
        seat.sitting_out = False
        if missed_blinds is not None:
            seat.missed_blinds = missed_blinds

    def choose_missed_blinds(self, player: PlayerId, choice: MissedBlinds) -> None:
        """Set how ``player`` comes in while owing blinds: post, or wait for the big blind."""
        self.seat_of(player).missed_blinds = choice

    def choose_straddle(self, player: PlayerId, straddles: bool) -> None:
        """Post a live straddle (twice the big blind) whenever first to act
        after the big blind, with three or more players dealt in."""
        seat = self.seat_of(player)
        if straddles and not self.stakes.straddle:
            raise TableError("no_straddle")
        seat.straddles = straddles

    def top_up(self, player: PlayerId, amount: int) -> int:
        """Add ``amount`` chips to the player's stack; returns the new stack.

        Only between the player's hands, never above the maximum buy-in; a
        busted player must come back to at least the minimum buy-in, and is
        then seated back in.
        """
        seat = self.seat_of(player)
        config = self.config
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

    def _remove(self, seat: Seat) -> CashOut:
        del self._seats[seat.number]
        self.ledger.cashed_out += seat.stack
        return CashOut(seat.player, seat.number, seat.stack)

    # ------------------------------------------------------------------ the button

    def _playing(self) -> dict[int, Entry]:
        """Seats of the players who could be dealt into the next hand, and
        where each stands with the blinds."""
        tournament = self.config.is_tournament
        playing: dict[int, Entry] = {}
        for number, seat in self._seats.items():
            if seat.stack <= 0 or (seat.sitting_out and not tournament):
                continue
            if not seat.owes_blinds or not self.variant.uses_blinds:
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
        playing = self._playing()
        if len(playing) < 2 or self.positions is None:
            return None
        if not self.variant.uses_blinds:
            return next_hand_plan_without_blinds(self.config.seats, list(playing), self.positions)
        return next_hand_plan(self.config.seats, playing, self.positions)

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
        if len(playing) < 2:
            raise TableError("not_enough_players")
        self._draw = draw_for_button(list(playing), Deck.shuffled(DeckKind.STANDARD, rng))
        return self._draw

    # ------------------------------------------------------------------ hands

    def start_hand(self, rng: random.Random | None = None, *, auto_showdown: bool = True) -> Hand:
        """Deal the next hand: choose who plays and where the button and blinds
        go, take the blinds, antes, posts and straddle, shuffle (with ``rng``),
        and return the :class:`Hand`. :attr:`deal` maps its indices to seats
        and players."""
        if self.deal is not None:
            raise TableError("hand_in_progress")
        playing = self._playing()
        if len(playing) < 2:
            raise TableError("not_enough_players")
        plan = self.next_hand_plan()
        draw = None
        if plan is None:
            draw = self._draw
            if draw is None or {seat for seat, _ in draw.cards} != set(playing):
                draw = self.draw_for_button(rng)
            plan = first_hand_plan(self.config.seats, list(playing), draw.winner)
        else:
            self._mark_missed_blinds(plan)
        self._draw = None
        self.hand_number += 1
        self.deal = self._deal(plan, draw, rng)
        for number in plan.order:
            seat = self._seats[number]
            seat.new = seat.missed_big_blind = seat.missed_small_blind = False
        self.positions = plan.positions
        return Hand(self.deal.setup, auto_showdown=auto_showdown)

    def _mark_missed_blinds(self, plan: HandPlan) -> None:
        if self.config.is_tournament or not self.variant.uses_blinds:
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

    def _deal(self, plan: HandPlan, draw: ButtonDraw | None, rng: random.Random | None) -> Deal:
        stakes = self.stakes
        game = self.variant
        seats = [self._seats[number] for number in plan.order]
        n = len(seats)
        blinds, posts, antes = [0] * n, [0] * n, [0] * n
        post_records: list[Post] = []
        straddle_seat = None
        big = small = None
        if game.uses_blinds:
            big = plan.big_blind_index
            small = plan.small_blind_index
            blinds[big] = stakes.big_blind
            if small is not None:
                blinds[small] = stakes.small_blind
            for i, seat in enumerate(seats):
                if seat.number in plan.entering and not self.config.is_tournament:
                    posts[i] = stakes.big_blind if seat.new or seat.missed_big_blind else 0
                    antes[i] = stakes.small_blind if seat.missed_small_blind else 0
                    post_records.append(Post(seat.player, posts[i], antes[i]))
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
        if stakes.ante_kind is AnteKind.EVERY_PLAYER:
            antes = [a + stakes.ante for a in antes]
        elif stakes.ante_kind is AnteKind.BIG_BLIND and big is not None:
            antes[big] += stakes.ante
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
            # and a dead small blind are dead money in the main pot.
            ante_trimming=stakes.ante_kind is AnteKind.EVERY_PLAYER,
            rake=self.config.rake,
            deck=Deck.shuffled(game.deck, rng).order,
            posts=tuple(posts) if any(posts) else (),
        )
        positions = plan.positions
        return Deal(
            number=self.hand_number,
            setup=setup,
            seats=plan.order,
            players=tuple(seat.player for seat in seats),
            plan=plan,
            button_seat=positions.button,
            small_blind_seat=positions.small_blind if small is not None else None,
            big_blind_seat=positions.big_blind if big is not None else None,
            straddle_seat=straddle_seat,
            posts=tuple(post_records),
            button_draw=draw,
        )

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
        self.deal = None
        busted = [self._seats[number] for number in deal.seats if self._seats[number].stack == 0]
        eliminated: list[tuple[PlayerId, int]] = []
        winner = None
        if self.config.is_tournament:
            eliminated = self._eliminate(busted, deal, players_before)
            if len(self._seats) == 1 and players_before > 1:
                (last,) = self._seats.values()
                winner = last.player
                self.finishing_places[winner] = 1
        else:
            for seat in busted:
                seat.busted = seat.sitting_out = True
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
        )

    def _eliminate(
        self, busted: list[Seat], deal: Deal, players_before: int
    ) -> list[tuple[PlayerId, int]]:
        """Take busted tournament players off the table with their places."""
        started_with = {
            deal.players[i]: stack for i, stack in enumerate(deal.setup.starting_stacks)
        }
        ranked = sorted(busted, key=lambda seat: -started_with[seat.player])
        places: list[tuple[PlayerId, int]] = []
        best_place = players_before - len(busted) + 1
        for rank, seat in enumerate(ranked):
            place = best_place + rank
            if rank and started_with[seat.player] == started_with[ranked[rank - 1].player]:
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
