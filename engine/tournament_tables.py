"""The tables of a multi-table tournament: who sits where, who moves when,
when the tables play hand for hand, and who finishes in which place.

This is the tournament floor's rulebook, without the cards: the tables'
hands are dealt elsewhere (:class:`engine.table.Table`, one per table); the
floor is told when a table deals (:meth:`TournamentFloor.hand_started`) and
when its hand ends and who busted with how many chips
(:meth:`TournamentFloor.hand_finished`), and answers with what must happen
between hands: players to move (:class:`Move`), tables broken, places
finished (:class:`Finish`), hand for hand on or off, the final table. After
a restart it is told which hands the log holds in progress
(:meth:`TournamentFloor.resume`, a deal cut off before its hand was written
being no deal) and, with none, does what a hand's end would have done
(:meth:`TournamentFloor.carry_on`). Seats
and tables are numbered from 1; clockwise is rising seat numbers. Randomness
comes only from the :class:`random.Random` passed in.

The rules, with their sources (TDA: the Poker Tournament Directors
Association's Rules, 2024 edition; RRoP: Robert's Rules of Poker, section 15,
Tournaments):

1. **Seating** (TDA Rule 7, RRoP 15 rule 2): seats are drawn at random over
   the fewest tables that seat the field, the tables as even as possible.
   Late registrants (TDA Rule 8-A) draw a random empty seat at one of the
   tables with the fewest players; when every seat is taken a new table is
   opened (it is the first to break: the newest table closes first).
2. **The breaking order** (TDA Rule 11-C, "a predetermined procedure"): drawn
   at random when the field is seated. As soon as the players left fit at
   one table fewer, the next table in that order breaks, at the end of its
   hand. Its players draw for the empty seats by the 2-step random process
   (TDA Rule 10-B and its Addendum: the seat cards are scrambled, then
   dealt to the players in a random order) and may get any seat, the blinds
   and the button included (TDA Rule 10-A). The seats opened are chosen so
   the tables end as even as they can: each player of the broken table goes
   to the table then shortest (among equals, the one that breaks last).
3. **Balancing** (TDA Rule 11-A, C, D): when the table with the most players
   has ``balance_at`` more than the table with the fewest, a player moves
   from the first to the second. The player moved is the one who would be
   big blind next; they take the *worst position*: the empty seat that takes
   the big blind soonest (a single big blind if there is one, even if that
   means the seat posts it twice), never the small blind's seat unless it is
   the only empty one. Among equally full tables the player comes from the
   one that breaks first and goes to the one that breaks last, so nobody is
   moved twice for nothing. A table moves a player only between its hands.
   ``balance_at`` is 2 by default, so the tables are never more than one
   player apart once the moves are made (TDA 11-D: "as the event progresses
   ... tables should be more tightly balanced"); the organiser may set 3, the
   TDA's point at which full-ring play halts (11-D).
4. **Hand for hand** (TDA RP-8): when the players left are one more than
   the places paid, every table finishes the hand it is on and then all
   tables deal one hand at a time: a table that has played its hand waits
   for the others. Players busting in the same hand-for-hand round (the
   hands in progress at the announcement count as one round, RP-8-A) share
   the places they cover and their prizes. Hand for hand ends when a round
   ends with a player in the money's last place busted.
5. **Places** (RRoP 15: "If two (or more) players go broke during the same
   hand, the player starting the hand with the larger amount of money
   finishes in the higher tournament place"): players busting on the same hand at one
   table are placed by the chips they started it with; equal stacks share.
   In a hand-for-hand round the two rules meet: a bust's *rank* is the number
   of players busting at their table in the round who started with more
   chips, and busts of equal rank share (across tables, RP-8-A). So at one
   table more chips finish higher, and busts at different tables share.
   Shared places split the prizes of every place they cover
   (:func:`engine.payouts.shared_prizes`).
6. **The final table** (TDA RP-9, RRoP 15): when the players left fit at one
   table, every table finishes its hand and the players are brought together
   at the table that breaks last with a fresh random draw for every seat; the
   button goes to the highest card in a draw, as when a new game starts
   (RRoP, "Ties": "drawing a card is used to determine ... who gets the
   button in a new game"; the dead-button rule then moves it, TDA Rule 32).

7. **Late registration and re-entry** (TDA Rule 8-A; the TDA glossary's
   "re-entry": a player who busted buys a new entry): until the level the
   organiser sets, a new player or one who busted may enter, and draws a
   random empty seat at one of the tables with the fewest players, like any
   late registrant (rule 1). Never once the tables play hand for hand or the
   money is reached (:attr:`TournamentFloor.takes_late_entries`): a place
   paid is never paid twice. A re-entry is a new entry with its own finish
   (a player may have two), but not a new entrant for the size of the payout
   table (:mod:`engine.payouts`); its buy-in goes into the prize pool.
8. **Places of busts during late registration**: the field is not known
   while players still enter, so a place counted from the players left at
   the bust would be given again once the field grows (the late registrant
   takes a place below the others). A bust while late registration is open
   is *held* (:class:`Out`): recorded in order, with the chips its hand began
   with, and placed when late registration ends (the organiser's last level
   passes, :meth:`TournamentFloor.close_late_registration`; or it closes
   early on the bubble or at the final table, :attr:`takes_late_entries`).
   Then the field is every entry, and the held busts take the places below
   everyone still in, in reverse order of busting: the first bust finishes
   last (the number of entries), busts of one hand by the chips they started
   it with (rule 5; equal stacks by the lower player number, every place
   distinct: none of them is paid). A player who re-entered has a finish per
   entry. This is how card rooms place them: the payouts and the finishing
   places are settled when late registration closes ("many rooms do not
   finalize payouts until the late-registration window closes",
   casinobullseye.com, "Late Registration: Meaning and Tournament Context"),
   and online rooms show an early bust without a place until then (a
   re-entered bust-out "is struck from the standings", the FinalTable poker
   room's re-entry release notes, github.com/Isorgcom/FinalTable v0.10.0);
   the TDA rules leave it to the house. Late registration always ends
   before the money (rule 7), so no held bust is ever in a paid place (the
   floor refuses to place one there).

Every move the floor decides is *pending* until the caller says it was
carried out (:meth:`TournamentFloor.move_done`); a table with a pending move
to or from it may not deal. The floor is plain data
(:meth:`TournamentFloor.to_data`): saved after each call, a process killed in
the middle of a table break or a hand-for-hand round resumes with the same
moves still to make and the same round still to finish.

>>> import random
>>> floor = TournamentFloor.seat_field(range(1, 21), seat_count=9, paid_places=3,
...                                    rng=random.Random(5))
>>> sorted(len(floor.seats(t)) for t in floor.running_tables)
[6, 7, 7]
>>> for move in list(floor.pending):
...     floor.move_done(move.player)
>>> floor.may_deal(1)
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from math import ceil
from typing import Any

from engine.button import clockwise_after, draw_for_button
from engine.cards import Deck

__all__ = [
    "Bust",
    "FinalTableFormed",
    "Finish",
    "FloorEvent",
    "HandForHand",
    "LateClosed",
    "LateEntry",
    "Move",
    "MoveReason",
    "Out",
    "TableBroken",
    "TournamentFloor",
    "before_the_bubble",
    "late_entry",
    "place_busts",
]


class MoveReason(Enum):
    """Why a player takes a new seat."""

    DRAW = "draw"  # the opening draw, or a late registrant's
    BALANCE = "balance"
    BREAK = "break"
    FINAL_TABLE = "final table"


class LateEntry(Enum):
    """What a player asking to enter a tournament under way gets (rule 7):
    an entry or a re-entry, or why not."""

    ENTRY = "entry"
    REENTRY = "reentry"
    #: The organiser's last level of late registration has ended.
    LEVEL_OVER = "level_over"
    #: Hand for hand, the money or the final table reached.
    CLOSED = "closed"
    #: The player has chips in the tournament still.
    STILL_IN = "still_in"
    REENTRY_OFF = "reentry_off"
    REENTRIES_USED = "reentries_used"
    #: Every seat of every table is taken.
    FULL = "full"

    @property
    def admitted(self) -> bool:
        return self in (LateEntry.ENTRY, LateEntry.REENTRY)


def before_the_bubble(players_left: int, paid_places: int) -> bool:
    """Whether late entries are still taken by the count of players (rule 7):
    more players left than one above the places paid (hand for hand, TDA
    RP-8, starts at one above them), so a paid place is never paid twice.

    >>> before_the_bubble(5, 3), before_the_bubble(4, 3)
    (True, False)
    """
    return players_left > paid_places + 1


def late_entry(
    *,
    level: int,
    last_level: int,
    still_in: bool,
    finished: bool,
    reentries: int,
    reentries_made: int,
    open_now: bool = True,
    seat_free: bool = True,
) -> LateEntry:
    """Whether a player may enter now (rule 7): ``level`` the tournament's
    level now (from 1), ``last_level`` the organiser's last level of late
    registration (0: none); ``still_in`` the player has chips in it,
    ``finished`` they busted; ``reentries`` how many re-entries a player may
    make, ``reentries_made`` how many they made; ``open_now`` the floor takes
    late entries (not on the bubble, in the money or at the final table).

    >>> late_entry(level=2, last_level=3, still_in=False, finished=True,
    ...            reentries=1, reentries_made=0)
    <LateEntry.REENTRY: 'reentry'>
    >>> late_entry(level=4, last_level=3, still_in=False, finished=False,
    ...            reentries=0, reentries_made=0)
    <LateEntry.LEVEL_OVER: 'level_over'>
    """
    # The player's own answer first (it stays so), then the tournament's.
    if still_in:
        return LateEntry.STILL_IN
    if finished and reentries <= 0:
        return LateEntry.REENTRY_OFF
    if finished and reentries_made >= reentries:
        return LateEntry.REENTRIES_USED
    if level > last_level:
        return LateEntry.LEVEL_OVER
    if not open_now:
        return LateEntry.CLOSED
    if not seat_free:
        return LateEntry.FULL
    return LateEntry.REENTRY if finished else LateEntry.ENTRY


@dataclass(frozen=True, slots=True)
class Move:
    """``player`` goes to ``to_seat`` at ``to_table``; ``from_table`` and
    ``from_seat`` are ``None`` for a player not yet seated."""

    player: int
    to_table: int
    to_seat: int
    reason: MoveReason
    from_table: int | None = None
    from_seat: int | None = None


@dataclass(frozen=True, slots=True)
class Bust:
    """A player out of chips: their table, and the chips they started the hand with."""

    player: int
    table: int
    starting_stack: int


@dataclass(frozen=True, slots=True)
class Finish:
    """``player`` finished in ``place``, shared by ``sharing`` players (who
    split the prizes of places ``place`` to ``place + sharing - 1``)."""

    player: int
    place: int
    sharing: int = 1


@dataclass(frozen=True, slots=True)
class TableBroken:
    table: int


@dataclass(frozen=True, slots=True)
class HandForHand:
    """Hand-for-hand play started (``on``) or ended."""

    on: bool


@dataclass(frozen=True, slots=True)
class FinalTableFormed:
    table: int
    button: int


@dataclass(frozen=True, slots=True)
class Out:
    """``player`` busted while late registration is open: out of the
    tournament, placed when it closes (rule 8)."""

    player: int


@dataclass(frozen=True, slots=True)
class LateClosed:
    """Late registration has closed with ``entries`` entries: the busts held
    during it take ``finishes`` (rule 8; no prize among them)."""

    entries: int
    finishes: tuple[Finish, ...]


FloorEvent = Move | TableBroken | Finish | HandForHand | FinalTableFormed | Out | LateClosed


def place_busts(players_left: int, busts: Sequence[Bust]) -> tuple[Finish, ...]:
    """The places of ``busts``, who went out together with ``players_left``
    players (them included) still in: ranked by the chips they started with
    at their own table, equal ranks sharing (rule 5 of the module).

    >>> for finish in place_busts(12, [Bust(1, 1, 1000), Bust(2, 1, 500), Bust(3, 2, 800)]):
    ...     print(finish)
    Finish(player=1, place=10, sharing=2)
    Finish(player=3, place=10, sharing=2)
    Finish(player=2, place=12, sharing=1)
    """
    if len({bust.player for bust in busts}) != len(busts) or len(busts) > players_left:
        raise ValueError("Each bust is a different player still in the tournament.")
    rank = {
        bust.player: sum(
            other.table == bust.table and other.starting_stack > bust.starting_stack
            for other in busts
        )
        for bust in busts
    }
    place = players_left - len(busts) + 1
    finishes: list[Finish] = []
    for level in sorted(set(rank.values())):
        group = [bust for bust in busts if rank[bust.player] == level]
        finishes.extend(Finish(bust.player, place, len(group)) for bust in group)
        place += len(group)
    return tuple(finishes)


def _sorted_ints(values: Iterable[int]) -> list[int]:
    return sorted(int(value) for value in values)


@dataclass(slots=True)
class TournamentFloor:
    """The state of a multi-table tournament's tables (see the module).

    ``tables`` maps each running table to its seats (seat -> player);
    ``big_blinds`` the seat of the big blind of each table's last hand dealt
    (``None`` before its first); ``break_order`` the running tables, the next
    to break first; ``dealing`` the tables with a hand in progress.
    """

    seat_count: int
    paid_places: int
    balance_at: int = 2
    tables: dict[int, dict[int, int]] = field(default_factory=dict)
    big_blinds: dict[int, int | None] = field(default_factory=dict)
    break_order: list[int] = field(default_factory=list)
    dealing: set[int] = field(default_factory=set)
    pending: list[Move] = field(default_factory=list)
    finishes: list[Finish] = field(default_factory=list)
    hand_for_hand: bool = False
    #: Tables that have dealt their hand of the current hand-for-hand round.
    round_dealt: set[int] = field(default_factory=set)
    #: Busts of the current hand-for-hand round, placed when it ends.
    round_busts: list[Bust] = field(default_factory=list)
    final_table: int | None = None
    final_button: int | None = None
    entrants: int = 0
    #: Late registration is open: busts are held, not placed (rule 8).
    late_open: bool = False
    #: The busts held while late registration is open, one list per hand, in
    #: the order they busted; placed when it closes.
    held: list[list[Bust]] = field(default_factory=list)

    # -- seating -------------------------------------------------------------

    @classmethod
    def seat_field(
        cls,
        players: Iterable[int],
        *,
        seat_count: int,
        paid_places: int,
        rng: random.Random,
        balance_at: int = 2,
    ) -> TournamentFloor:
        """Draw seats for ``players`` over the fewest tables of ``seat_count``
        (rule 1), and the breaking order (rule 2). Every seat drawn is a
        pending :class:`Move` of reason ``DRAW``."""
        field_ = list(players)
        if len(set(field_)) != len(field_) or len(field_) < 2:
            raise ValueError("A tournament seats two or more different players.")
        if seat_count < 2 or balance_at < 2 or paid_places < 1:
            raise ValueError("Tables seat two or more; balancing waits for a gap of two or more.")
        floor = cls(seat_count, paid_places, balance_at, entrants=len(field_))
        table_count = ceil(len(field_) / seat_count)
        rng.shuffle(field_)
        for table in range(1, table_count + 1):
            floor.tables[table] = {}
            floor.big_blinds[table] = None
        # Deal the shuffled players round the tables: the counts differ by one at most.
        by_table: dict[int, list[int]] = {t: [] for t in floor.tables}
        for k, player in enumerate(field_):
            by_table[k % table_count + 1].append(player)
        for table, seated in by_table.items():
            seats = rng.sample(range(1, seat_count + 1), len(seated))
            for player, seat in zip(seated, seats, strict=True):
                floor._seat(Move(player, table, seat, MoveReason.DRAW))
        floor.break_order = list(floor.tables)
        rng.shuffle(floor.break_order)
        return floor

    def seat_late(
        self, player: int, rng: random.Random, *, reentry: bool = False
    ) -> tuple[FloorEvent, ...]:
        """Seat a late registrant at one of the shortest tables (rule 1); a
        new table opened for them is balanced by the tables between hands.

        ``reentry``: ``player`` busted and enters again (rule 7): a new entry
        drawn as a late registrant is, whose finish is a second one of theirs;
        not a new entrant (:mod:`engine.payouts`: a re-entry is not an
        entrant), so :attr:`entrants` stays."""
        if not self.takes_late_entries or self.table_of(player) is not None:
            raise ValueError("Late registration is for players not in, before the money.")
        if self.is_out(player) != reentry:
            raise ValueError("A player who finished re-enters; a new player registers.")
        fewest = min(len(seats) for seats in self.tables.values())
        if fewest == self.seat_count:
            table = max(self.tables) + 1
            self.tables[table] = {}
            self.big_blinds[table] = None
            self.break_order.insert(0, table)
            short = [table]
        else:
            short = sorted(t for t, seats in self.tables.items() if len(seats) == fewest)
        table = rng.choice(short)
        seat = rng.choice(self._empty_seats(table))
        move = self._seat(Move(player, table, seat, MoveReason.DRAW))
        if not reentry:
            self.entrants += 1
        return (move, *self._balance(rng))

    @property
    def takes_late_entries(self) -> bool:
        """Whether a late registrant or a re-entry may still sit down (rule 7):
        not once the tables play hand for hand or the money is reached, nor at
        the final table (however late the organiser's last level)."""
        return (
            self.final_table is None
            and not self.hand_for_hand
            and not self.round_busts
            and before_the_bubble(self.players_left, self.paid_places)
        )

    def late_entry(
        self, player: int, *, level: int, last_level: int, reentries: int, reentries_made: int
    ) -> LateEntry:
        """Whether ``player`` may enter now (:func:`late_entry`); a seat is
        free at the shortest table, or the floor opens no table for them."""
        return late_entry(
            level=level,
            last_level=last_level,
            still_in=self.table_of(player) is not None
            or any(bust.player == player for bust in self.round_busts),
            finished=self.is_out(player),
            reentries=reentries,
            reentries_made=reentries_made,
            open_now=self.takes_late_entries,
            seat_free=self.fewest_players < self.seat_count,
        )

    def is_out(self, player: int) -> bool:
        """Whether an entry of ``player`` busted (placed, or held: rule 8)."""
        return any(finish.player == player for finish in self.finishes) or any(
            bust.player == player for busts in self.held for bust in busts
        )

    @property
    def entries(self) -> int:
        """Every entry so far, re-entries included: the players still in, the
        places given and the busts held (rule 8)."""
        placed = max(
            (finish.place + finish.sharing - 1 for finish in self.finishes),
            default=0,
        )
        return max(self.players_left, placed) + sum(len(busts) for busts in self.held)

    def close_late_registration(self) -> LateClosed | None:
        """Late registration has ended (its last level passed, or the floor
        takes no more entries): the held busts take the places below everyone
        in, the first bust last (rule 8). ``None`` once it is closed."""
        if not self.late_open:
            return None
        self.late_open = False
        held, self.held = self.held, []
        above = max(
            self.players_left,
            max((f.place + f.sharing - 1 for f in self.finishes), default=0),
        )
        finishes: list[Finish] = []
        place = above + 1
        for busts in reversed(held):
            for bust in sorted(busts, key=lambda b: (-b.starting_stack, b.player)):
                finishes.append(Finish(bust.player, place))
                place += 1
        if any(finish.place <= self.paid_places for finish in finishes):
            # Late registration ends before the money (rule 7): never reached.
            raise RuntimeError("A bust held in late registration would take a paid place.")
        self.finishes.extend(finishes)
        return LateClosed(self.entries, tuple(finishes))

    @property
    def fewest_players(self) -> int:
        """The players at the shortest running table (a late seat goes there)."""
        return min(len(seats) for seats in self.tables.values())

    # -- what the caller asks ------------------------------------------------

    @property
    def running_tables(self) -> list[int]:
        return sorted(self.tables)

    @property
    def players_left(self) -> int:
        # Pending moves are already in their new seats; busts of an unfinished
        # hand-for-hand round are out of their seats but not yet placed.
        return sum(len(seats) for seats in self.tables.values()) + len(self.round_busts)

    def seats(self, table: int) -> dict[int, int]:
        """Seat -> player at ``table`` (moves still pending included)."""
        return dict(self.tables[table])

    def table_of(self, player: int) -> tuple[int, int] | None:
        """(table, seat) of ``player``, or ``None``."""
        for table, seats in self.tables.items():
            for seat, seated in seats.items():
                if seated == player:
                    return table, seat
        return None

    def may_deal(self, table: int) -> bool:
        """Whether ``table`` may deal its next hand now."""
        if table not in self.tables or table in self.dealing or len(self.tables[table]) < 2:
            return False
        if any(table in (move.to_table, move.from_table) for move in self.pending):
            return False
        if self._waiting_for_final_table() or self._must_break_first(table):
            return False
        return not (self.hand_for_hand and table in self.round_dealt)

    # -- what the caller tells -----------------------------------------------

    def move_done(self, player: int) -> None:
        """The pending move of ``player`` was carried out."""
        for k, move in enumerate(self.pending):
            if move.player == player:
                del self.pending[k]
                return
        raise ValueError(f"No move of player {player} is pending.")

    def hand_started(self, table: int, big_blind_seat: int | None) -> None:
        """``table`` dealt a hand with the big blind on ``big_blind_seat``
        (``None`` in a game without blinds)."""
        if not self.may_deal(table):
            raise ValueError(f"Table {table} may not deal now.")
        self.dealing.add(table)
        if big_blind_seat is not None:
            self.big_blinds[table] = big_blind_seat
        if self.hand_for_hand:
            self.round_dealt.add(table)

    def resume(self, in_progress: Iterable[int]) -> None:
        """After a restart: ``in_progress`` are the tables whose hands the hand
        log holds unfinished. A table the floor was told was dealing without
        such a hand had its deal cut off before the hand was written: it did
        not deal, and still owes its hand of a hand-for-hand round; a hand
        written after the floor was last saved is its table's hand of the
        round (RP-8)."""
        dealing = set(in_progress) & set(self.tables)
        if self.hand_for_hand:
            self.round_dealt -= self.dealing - dealing
            self.round_dealt |= dealing
        self.dealing = dealing

    def hand_voided(self, table: int) -> None:
        """``table``'s hand in progress was voided, every stack back as it began:
        as if never dealt, so it still owes its hand of a hand-for-hand round."""
        self.dealing.discard(table)
        if self.hand_for_hand:
            self.round_dealt.discard(table)

    def carry_on(self, rng: random.Random) -> tuple[FloorEvent, ...]:
        """With no hand in progress at any table (after a restart): what the end
        of a hand would have done between hands and a hand that was never
        dealt put off. A table break waiting for the hand in progress at the
        table to break (rule 2), balancing, the final table; and a
        hand-for-hand round that no table is still to deal (every table that
        can deal has dealt its hand, none busting) is over, so every table
        deals the next. Nothing when a hand is in progress: its end does it."""
        if self.dealing:
            return ()
        events: list[FloorEvent] = []
        for _ in range(2):  # the round over once a break leaves no table owing
            playable = {t for t, seats in self.tables.items() if len(seats) >= 2}
            if self.hand_for_hand and not self.round_busts and playable <= self.round_dealt:
                self.round_dealt = set()
            events.extend(self._tidy(rng))
        return tuple(events)

    def hand_finished(
        self, table: int, busted: Mapping[int, int], rng: random.Random
    ) -> tuple[FloorEvent, ...]:
        """``table``'s hand ended; ``busted`` maps each player who lost every
        chip to the chips they started the hand with. Returns what must
        happen now (moves are also in :attr:`pending`)."""
        if table not in self.dealing:
            raise ValueError(f"Table {table} has no hand in progress.")
        seats = self.tables[table]
        at_table = {player: seat for seat, player in seats.items()}
        if any(player not in at_table for player in busted):
            raise ValueError("Only a player at the table can bust in its hand.")
        self.dealing.discard(table)
        busts = [Bust(player, table, stack) for player, stack in busted.items()]
        for bust in busts:
            del seats[at_table[bust.player]]
        if self.hand_for_hand:
            self.round_busts.extend(busts)
            playable = {t for t, seats in self.tables.items() if len(seats) >= 2}
            if self.dealing or playable - self.round_dealt:
                return ()
            # The round is over: place its busts together (rule 4).
            busts, left_before = self.round_busts, self.players_left
            self.round_busts, self.round_dealt = [], set()
        else:
            left_before = self.players_left + len(busts)
        events: list[FloorEvent]
        if self.late_open and self.takes_late_entries:
            # Late registration stays open after this hand: held (rule 8).
            if busts:
                self.held.append(list(busts))
            events = [Out(bust.player) for bust in busts]
        else:
            events = self._place(left_before, busts)
        events.extend(self._tidy(rng))
        if self.late_open and not self.takes_late_entries:
            closed = self.close_late_registration()
            events.extend([closed] if closed is not None else [])
        return tuple(events)

    # -- the floor's own work ------------------------------------------------

    def _place(self, left_before: int, busts: Sequence[Bust]) -> list[FloorEvent]:
        if not busts:
            return []
        finishes = place_busts(left_before, busts)
        self.finishes.extend(finishes)
        events: list[FloorEvent] = list(finishes)
        if left_before - len(busts) == 1:
            (winner,) = (p for seats in self.tables.values() for p in seats.values())
            self.finishes.append(Finish(winner, 1))
            events.append(Finish(winner, 1))
        return events

    def _waiting_for_final_table(self) -> bool:
        return len(self.tables) > 1 and self.players_left <= self.seat_count

    def _must_break_first(self, table: int) -> bool:
        """``table`` is the next to break and the players fit without it."""
        return (
            len(self.tables) > 1
            and self.break_order[0] == table
            and self.players_left <= (len(self.tables) - 1) * self.seat_count
        )

    def _tidy(self, rng: random.Random) -> list[FloorEvent]:
        """Between hands: the final table, breaks, balancing, hand for hand."""
        events: list[FloorEvent] = []
        if len(self.tables) > 1 and self.players_left <= self.seat_count:
            if not self.dealing and self.players_left > 1:
                events.extend(self._form_final_table(rng))
            return events
        while len(self.tables) > 1 and self.players_left <= (len(self.tables) - 1) * (
            self.seat_count
        ):
            if self.break_order[0] in self.dealing:
                break
            events.extend(self._break_next(rng))
        else:
            # No balancing while a break is due: the break evens the tables.
            events.extend(self._balance(rng))
        in_bubble = len(self.tables) > 1 and self.players_left == self.paid_places + 1
        if in_bubble and not self.hand_for_hand:
            self.hand_for_hand = True
            # The hands in progress are the first round (RP-8-A); the tables
            # between hands wait for them. With none in progress, all deal.
            self.round_dealt = set(self.tables) if self.dealing else set()
            events.append(HandForHand(True))
        elif self.hand_for_hand and not in_bubble:
            self.hand_for_hand = False
            self.round_dealt = set()
            events.append(HandForHand(False))
        return events

    def _empty_seats(self, table: int) -> list[int]:
        taken = self.tables[table]
        return [seat for seat in range(1, self.seat_count + 1) if seat not in taken]

    def _seat(self, move: Move) -> Move:
        """Put ``move`` in the seats and among the pending moves; returns the
        pending move (a player moved again before the first move was carried
        out goes straight from where they really sit to the last seat)."""
        if move.from_table is not None and move.from_seat is not None:
            del self.tables[move.from_table][move.from_seat]
        if move.to_seat in self.tables[move.to_table]:
            raise ValueError(f"Seat {move.to_seat} at table {move.to_table} is taken.")
        self.tables[move.to_table][move.to_seat] = move.player
        first = next((m for m in self.pending if m.player == move.player), None)
        if first is not None:
            self.pending.remove(first)
            move = Move(
                move.player,
                move.to_table,
                move.to_seat,
                move.reason,
                first.from_table,
                first.from_seat,
            )
        self.pending.append(move)
        return move

    def _break_next(self, rng: random.Random) -> list[FloorEvent]:
        broken = self.break_order.pop(0)
        players = list(self.tables[broken].items())  # (seat, player)
        rest = self.break_order
        counts = {t: len(self.tables[t]) for t in rest}
        opened: dict[int, int] = dict.fromkeys(rest, 0)
        for _ in players:
            # The shortest table, among equals the one that breaks last.
            table = min(reversed(rest), key=lambda t: counts[t])
            counts[table] += 1
            opened[table] += 1
        seat_cards = [
            (table, seat)
            for table in rest
            for seat in sorted(rng.sample(self._empty_seats(table), opened[table]))
        ]
        rng.shuffle(seat_cards)  # step 1: the seat cards scrambled face down
        rng.shuffle(players)  # step 2: dealt out in the order of a high-card draw
        events: list[FloorEvent] = []
        for (from_seat, player), (table, seat) in zip(players, seat_cards, strict=True):
            events.append(
                self._seat(Move(player, table, seat, MoveReason.BREAK, broken, from_seat))
            )
        del self.tables[broken]
        del self.big_blinds[broken]
        events.append(TableBroken(broken))
        return events

    def _balance(self, rng: random.Random) -> list[FloorEvent]:
        events: list[FloorEvent] = []
        while len(self.tables) > 1:
            counts = {t: len(seats) for t, seats in self.tables.items()}
            most, fewest = max(counts.values()), min(counts.values())
            if most - fewest < self.balance_at:
                return events
            sources = [t for t in self.break_order if counts[t] == most and t not in self.dealing]
            if not sources:
                return events  # the full table moves a player when its hand ends
            source = sources[0]
            target = next(t for t in reversed(self.break_order) if counts[t] == fewest)
            player_seat = self._next_big_blind(source, rng)
            move = Move(
                self.tables[source][player_seat],
                target,
                self._worst_seat(target, rng),
                MoveReason.BALANCE,
                source,
                player_seat,
            )
            events.append(self._seat(move))
        return events

    def _next_big_blind(self, table: int, rng: random.Random) -> int:
        """The seat of the player who would be big blind next at ``table``."""
        seats = self.tables[table]
        last = self.big_blinds[table]
        if last is None:
            return rng.choice(sorted(seats))
        return next(s for s in clockwise_after(last, self.seat_count) if s in seats)

    def _worst_seat(self, table: int, rng: random.Random) -> int:
        """The empty seat at ``table`` that takes the big blind soonest, never
        the small blind's (the last big blind's seat) unless no other is empty."""
        empty = self._empty_seats(table)
        last = self.big_blinds[table]
        if last is None:
            return rng.choice(empty)
        return next(s for s in clockwise_after(last, self.seat_count) if s in empty)

    def _form_final_table(self, rng: random.Random) -> list[FloorEvent]:
        final = self.break_order[-1]
        # Where each player really sits: a move still pending starts from its origin.
        origin = {m.player: (m.from_table, m.from_seat) for m in self.pending}
        players = [
            (*origin.get(player, (table, seat)), player)
            for table in self.break_order
            for seat, player in sorted(self.tables[table].items())
        ]
        seats = sorted(rng.sample(range(1, self.seat_count + 1), len(players)))
        rng.shuffle(players)
        events: list[FloorEvent] = []
        for table in self.break_order[:-1]:
            events.append(TableBroken(table))
        moves = [
            Move(player, final, seat, MoveReason.FINAL_TABLE, table, from_seat)
            for (table, from_seat, player), seat in zip(players, seats, strict=True)
        ]
        self.tables = {final: {move.to_seat: move.player for move in moves}}
        self.big_blinds = {final: None}
        self.break_order = [final]
        for move in moves:
            self.pending = [m for m in self.pending if m.player != move.player]
            self.pending.append(move)
        button = draw_for_button(seats, Deck.shuffled(rng=rng)).winner
        self.final_table, self.final_button = final, button
        if self.hand_for_hand:
            events.append(HandForHand(False))
        self.hand_for_hand, self.round_dealt = False, set()
        return [*moves, *events, FinalTableFormed(final, button)]

    # -- plain data ----------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """The floor as plain data (JSON's types); :meth:`from_data` rebuilds it."""

        def move_data(move: Move) -> list[Any]:
            return [
                move.player,
                move.to_table,
                move.to_seat,
                move.reason.value,
                move.from_table,
                move.from_seat,
            ]

        return {
            "seat_count": self.seat_count,
            "paid_places": self.paid_places,
            "balance_at": self.balance_at,
            "entrants": self.entrants,
            "tables": {
                str(t): {str(s): p for s, p in sorted(seats.items())}
                for t, seats in sorted(self.tables.items())
            },
            "big_blinds": {str(t): seat for t, seat in sorted(self.big_blinds.items())},
            "break_order": list(self.break_order),
            "dealing": sorted(self.dealing),
            "pending": [move_data(move) for move in self.pending],
            "finishes": [[f.player, f.place, f.sharing] for f in self.finishes],
            "hand_for_hand": self.hand_for_hand,
            "round_dealt": sorted(self.round_dealt),
            "round_busts": [[b.player, b.table, b.starting_stack] for b in self.round_busts],
            "final_table": self.final_table,
            "final_button": self.final_button,
            "late_open": self.late_open,
            "held": [[[b.player, b.table, b.starting_stack] for b in busts] for busts in self.held],
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> TournamentFloor:
        def optional(value: Any) -> int | None:
            return None if value is None else int(value)

        return cls(
            seat_count=int(data["seat_count"]),
            paid_places=int(data["paid_places"]),
            balance_at=int(data["balance_at"]),
            entrants=int(data["entrants"]),
            tables={
                int(t): {int(s): int(p) for s, p in seats.items()}
                for t, seats in data["tables"].items()
            },
            big_blinds={int(t): optional(seat) for t, seat in data["big_blinds"].items()},
            break_order=[int(t) for t in data["break_order"]],
            dealing=set(_sorted_ints(data["dealing"])),
            pending=[
                Move(int(p), int(t), int(s), MoveReason(r), optional(ft), optional(fs))
                for p, t, s, r, ft, fs in data["pending"]
            ],
            finishes=[Finish(int(p), int(pl), int(n)) for p, pl, n in data["finishes"]],
            hand_for_hand=bool(data["hand_for_hand"]),
            round_dealt=set(_sorted_ints(data["round_dealt"])),
            round_busts=[Bust(int(p), int(t), int(s)) for p, t, s in data["round_busts"]],
            final_table=optional(data["final_table"]),
            final_button=optional(data["final_button"]),
            # A floor saved before rule 8 places every bust at once.
            late_open=bool(data.get("late_open", False)),
            held=[
                [Bust(int(p), int(t), int(s)) for p, t, s in busts]
                for busts in data.get("held", [])
            ],
        )
