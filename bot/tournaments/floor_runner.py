"""A multi-table tournament at real tables: the engine's floor carried out.

:class:`engine.TournamentFloor` decides (the random draw for seats, balancing,
breaking tables, hand for hand, the final table, the places); this module
carries it out over several :class:`~bot.tables.runner.TableRunner`\\ s, each in
its own thread of the tournament's channel:

- **Seating**: every player's buy-in goes into one prize pool, kept on the
  table that breaks last (so it is open until the tournament ends), a ledger
  row each (:meth:`bot.cashier.Cashier.register_at`); their starting stack goes
  to the seat the floor drew for them, at their own table.
- **One clock**: every table's blinds follow the tournament's clock of levels
  (by time), started once for all tables; each table moves to the level due
  before it deals. The organiser's rest breaks are on the same clock
  (:mod:`bot.tournaments.mtt_breaks`): every table rests together, and the
  levels count play time only.
- **Between hands only**: a table deals only when the floor says so
  (:meth:`TournamentFloor.may_deal`: no move to or from it pending, hand for
  hand waiting for the others, the final table being brought together). When
  a hand ends the floor is told who busted with the chips they started with;
  its moves are carried out once every table they touch is between hands, all
  of them in one transaction: each moved seat row goes to its new table with
  its stack, and the two tables' states are saved with it, so a chip is never
  created or lost (the tables' engine counts say so too: :meth:`engine.Table.move_out`,
  :meth:`engine.Table.move_in`). A table broken is closed once its players are gone.
- **Places** are the floor's (busts in one hand by the stacks they started it
  with; in a hand-for-hand round across tables, TDA RP-8-A); each place decided
  is paid from the pool in the transaction that settled the hand that decided it,
  the winner taking what is left, and the pool's table then closes.
- **The lobby** message in the tournament's channel (:mod:`bot.tournaments.lobby`)
  is edited, never reposted, through a publisher of its own: a table never waits for it.
- **All or nothing at the start**: every thread is opened before a buy-in is
  taken; a start failing part way gives back every buy-in taken (a ledger row
  each) and closes what it opened (:func:`_undo_start`).
- **Cancelled** by an organiser (:meth:`MultiTableTournament.cancel`): no table
  deals again, the hands in progress are played out, then the prize pool left
  is shared by the chips and every table closes, in one transaction.
- **Over** (won, dealt or cancelled), whoever keeps it lets it go
  (:func:`keep_running`): nothing of it stays in memory.

**Saved with every change**: the tournament's row (``multi_table_tournaments``,
migration 0016) holds the floor, the entrants, the clock's seconds and which
table is which; it is written in the transaction of each hand settled and of
each batch of moves, so after a restart the floor is exactly as the tables'
rows are: a table break half carried out (its moves still pending) or a
hand-for-hand round half played (the tables that dealt their hand of it)
resumes where it stood (:func:`restore_multi_table_tournaments`), as do an
open deal offer and a cancellation under way (saved with the row when made).
A hand's end is worked out on copies of the floor and the book of bounties
(what it writes is the copies'), merged into the live ones once its
transaction commits: one the database refused changed nothing in memory, and
is worked out again from the floor as it is when the hand is settled again.
The hands in
progress are the tables' own (replayed from their logs); the floor learns
again which tables are dealing from them (a deal cut off before its hand was
written, or a hand voided, was no deal: its table still owes its hand of a
hand-for-hand round), no table deals until every table is back, and with no
hand in progress the floor does what a hand's end would have (a break put off
for a hand never dealt). The clock's seconds resume, the time the bot was down
not counted.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import uuid
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from bot.database import Transaction, run_statements
from bot.errors import CroupierError
from bot.house_bank import is_computer
from bot.i18n import ordinal, t
from bot.render.message import OutgoingMessage
from bot.render.views import TournamentView
from bot.tables.clock import Clock
from bot.tables.errors import Refused
from bot.tables.outlet import DiscordOutlet, Outlet
from bot.tables.publisher import Publisher
from bot.tables.registry import TableRegistry
from bot.tables.restore import restore_runner
from bot.tables.runner import DeskFactory, TableRunner
from bot.tables.services import TableServices
from bot.tables.state import Player, TableState
from bot.tables.table_settings import TableSettings
from bot.tables.table_store import (
    StoredTable,
    close_table,
    prize_pool_of,
    remove_tournament_seats,
)
from bot.tables.tournament import elimination_prizes
from bot.tournaments.final_deal import (
    DEAL_SECONDS,
    DealKind,
    DealOffer,
    deal_amounts,
    offer_data,
    offer_from_data,
    offer_message,
)
from bot.tournaments.hand_end_merge import merged
from bot.tournaments.late_places import close_if_due, late_notices
from bot.tournaments.late_rule import LateRule
from bot.tournaments.lobby import LobbyFigures, lobby_message
from bot.tournaments.mtt_breaks import BreakBook
from bot.tournaments.mtt_desk import MultiTableDesk
from bot.tournaments.mtt_rebuys import ChipsKind, MttExtras, level_notice
from engine import (
    DEFAULT_STYLE,
    BreakRule,
    ClockReading,
    Deal,
    FinalTableFormed,
    Finish,
    HandForHand,
    HandResult,
    LateClosed,
    Move,
    MoveReason,
    TableBroken,
    TournamentFloor,
    chip_chop,
    clock_second_of_play,
    mtt_prizes,
    read_clock,
    style_named,
)

log = logging.getLogger(__name__)

#: Seconds before a cancellation whose closing transaction failed is tried again.
CANCEL_RETRY_SECONDS = 5.0

#: Opens the thread of table ``number`` (named ``name``); its channel id.
OpenThread = Callable[[int, str], Awaitable[int]]


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player entering: a member, or a computer player (negative id) with its style."""

    user_id: int
    name: str
    locale: str = "en"
    style: str | None = None


#: Computer players' names in a multi-table field (numbered after these).
COMPUTER_NAME = "Bot {number}"


def computer_entrants(count: int, locale: str) -> list[Entrant]:
    """``count`` computer players to fill a field (ids -1, -2, …: never a member's)."""
    return [Entrant(-k, COMPUTER_NAME.format(number=k), locale) for k in range(1, count + 1)]


@dataclass
class _HandEnd:
    """A table's hand end as worked out, on copies, in the transaction settling
    it: the floor and the book before it (to merge from) and after it."""

    mark: str
    floor_before: dict[str, Any]
    floor: TournamentFloor
    extras_before: dict[str, Any]
    extras: MttExtras
    events: Sequence[object]


@dataclass
class MultiTableTournament:
    """One multi-table tournament being played (see the module)."""

    registry: TableRegistry
    guild_id: int
    channel_id: int
    creator_id: int
    config: TableSettings
    floor: TournamentFloor
    rng: random.Random
    entrants: dict[int, Entrant]
    lobby: Publisher
    runners: dict[int, TableRunner] = field(default_factory=dict)
    #: Its row in ``multi_table_tournaments``.
    tournament_id: int = 0
    #: The table that breaks last: it holds the prize pool and the entries.
    pool_table: int = 0
    pool_table_id: int = 0
    #: Each table's thread, by number.
    channels: dict[int, int] = field(default_factory=dict)
    table_ids: dict[int, int] = field(default_factory=dict)
    lobby_message_id: int | None = None
    #: Being rebuilt after a restart: the floor's work waits for every table.
    restoring: bool = False
    #: A deal offered at the final table and not yet answered by everyone;
    #: the deal everyone agreed to (paid as the final table closes).
    offer: DealOffer | None = None
    agreed: DealOffer | None = None
    offers_made: int = 0
    prize_money: int = 0
    elapsed_before: float = 0.0
    running_since: float | None = None
    over: bool = False
    #: The last hand-for-hand announcement made (so it is made once).
    hand_for_hand: bool = False
    #: Cancelled by an organiser (``/tournament cancel``): no table deals again;
    #: once every hand in progress is played out the prize pool left is shared
    #: by the chips and every table closes (:meth:`cancel`). Saved, so a restart
    #: carries it on.
    cancelling: bool = False
    #: Told once the tournament has ended (won, dealt or cancelled): whoever
    #: keeps it (:func:`keep_running`) lets it go.
    when_over: Callable[[MultiTableTournament], None] | None = None
    #: Rebuys, add-ons and knockout bounties (bot/tournaments/mtt_rebuys.py).
    extras: MttExtras | None = None
    #: Late registration and re-entries (bot/tournaments/late_entries.py).
    late: LateRule = field(default_factory=LateRule)
    #: Which rest break each table was told of (bot/tournaments/mtt_breaks.py).
    breaks_told: BreakBook = field(default_factory=BreakBook)
    _work: asyncio.Lock = field(default_factory=asyncio.Lock)
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)
    #: Each table's hand end worked out (on copies) in the transaction settling
    #: it, not yet in the live floor: brought in once it commits (:meth:`_adopt`);
    #: one whose transaction failed is forgotten (the hand is settled again
    #: from the live floor as it is then).
    _ending: dict[int, _HandEnd] = field(default_factory=dict)
    #: The mark of the last hand end in the live floor (saved with it).
    _mark: str = ""
    #: What the floor said at hands ended while being restored: announced and
    #: carried out once every table is back.
    _held: list[object] = field(default_factory=list)
    #: Tables whose deal the floor was told of, not yet settled, and whether
    #: each had dealt its hand of the hand-for-hand round before.
    _starting: dict[int, bool] = field(default_factory=dict)
    #: What the floor said at the end of each table's hand being settled.
    _events: dict[int, Sequence[object]] = field(default_factory=dict)

    # -- what the tables ask ---------------------------------------------------

    @property
    def clock(self) -> Clock:
        return self.registry.services.clock

    @property
    def clock_now(self) -> float:
        return self.registry.services.clock.now()

    def clock_seconds(self) -> float:
        """Seconds the tournament's one clock has run, play and breaks (saved)."""
        if self.running_since is None:
            return self.elapsed_before
        return self.elapsed_before + max(0.0, self.clock_now - self.running_since)

    @property
    def breaks(self) -> BreakRule:
        """The organiser's rest breaks (none unless set)."""
        return self.config.break_rule()

    def reading(self) -> ClockReading:
        """Where the one clock stands: play or break (engine/rest_breaks.py)."""
        return read_clock(self.breaks, self.clock_seconds())

    def elapsed(self) -> float:
        """Seconds of play on the tournament's clock: what its levels count
        (a rest break does not; without breaks, every second of the clock)."""
        return self.reading().play_seconds

    def wall_time_of_clock(self, clock_second: float) -> int:
        """UNIX time at which the one clock reaches ``clock_second``."""
        left = max(0.0, clock_second - self.clock_seconds())
        return int(self.registry.services.clock.wall_now() + left)

    def wall_time_of_play(self, play_seconds: float) -> int:
        """UNIX time at which play time reaches ``play_seconds`` (the breaks before it added)."""
        return self.wall_time_of_clock(clock_second_of_play(self.breaks, play_seconds))

    @property
    def prizes(self) -> tuple[int, ...]:
        return self.prizes_of(self.floor)

    def prizes_of(self, floor: TournamentFloor) -> tuple[int, ...]:
        """The payouts for ``floor``'s field: the live floor's, or the copy a
        hand's end is worked out on (its entrants are the ones that hand pays)."""
        return mtt_prizes(self.prize_money, floor.entrants, self.config.payout_percentages)

    def may_deal(self, number: int) -> bool:
        # Not while the tournament is being restored: a table restored first, its
        # hand resumed and over, would otherwise deal while the floor is still
        # learning which tables are dealing (from the hands in progress and the
        # tables' hands in memory), and be forgotten as dealing: its hand could
        # not be settled (the floor knows of no hand there), nor the next, nor
        # any other table's once the floor was put back for a retry.
        return (
            self.running_since is not None
            and not self.restoring
            and not self.over
            and not self.cancelling
            and self.offer is None
            and self.agreed is None
            and not self._work.locked()
            and self.floor.may_deal(number)
            # Nor in a rest break of the one clock (a hand in progress is played out).
            and not self.reading().on_break
            # Nor against a hand end being committed (as the floor will be).
            and all(end.floor.may_deal(number) for end in self._ending.values())
        )

    def hand_starts(self, number: int, state: TableState) -> OutgoingMessage | None:
        """Table ``number`` deals: the floor is told, the blinds go to the level due."""
        if not self.may_deal(number):
            raise Refused("mtt.wait")
        table = state.table
        notice = None
        if table.advance_level_if_due(self.elapsed()) is not None:
            notice = level_notice(state)
        self._starting[number] = number in self.floor.round_dealt
        self.floor.hand_started(number, None)
        return notice

    def no_hand_at(self, number: int) -> None:
        """Table ``number`` has no hand in progress: a deal the floor was told
        of whose write failed (the table was put back) is not being dealt."""
        self._ending.pop(number, None)  # a settling that failed, its hand voided since
        if number not in self._starting:
            return
        in_round_before = self._starting.pop(number)
        self.floor.dealing.discard(number)
        if not in_round_before:
            self.floor.round_dealt.discard(number)

    async def hand_ends(
        self, tx: Transaction, number: int, state: TableState, deal: Deal, settled: HandResult
    ) -> tuple[list[OutgoingMessage], bool]:
        """Table ``number``'s hand ended (in the transaction settling it): the
        floor places the busts; their places are paid. The notices to post,
        and whether the tournament is over."""
        # Worked out on copies: should this transaction fail, the live floor and
        # book are as they were (other tables' hands may end before this one is
        # settled again); they take this hand's end once it commits (_adopt).
        await self.catch_up(tx)
        floor_before, extras_before = self.floor.to_data(), self.the_extras.to_data()
        floor = TournamentFloor.from_data(floor_before)
        extras = MttExtras.from_data(self.the_extras.extras, extras_before)
        positions = state.table.positions
        if positions is not None:
            floor.big_blinds[number] = positions.big_blind
        # A bust in the rebuy levels waits a hand to rebuy: the floor hears of it after.
        busts, seat_of = await extras.busts(tx, state, deal, settled)
        out = list(busts)
        # Late registration closed by its level first: this hand's busts are placed.
        events = (*close_if_due(self, floor), *floor.hand_finished(number, busts, self.rng))
        await remove_tournament_seats(tx, state.table_id, [seat_of[p] for p in out])
        finishes = [e for e in events if isinstance(e, Finish)]
        knockouts = await extras.pay_knockouts(tx, self, state, deal, settled, finishes)
        prizes = self.prizes_of(floor)
        paid = await self._pay(tx, finishes, prizes)
        # Busts held in late registration: their places recorded, never a prize.
        held = [f for e in events if isinstance(e, LateClosed) for f in e.finishes]
        await self._pay(tx, held, prizes)
        over = any(f.place == 1 for f in finishes)
        if over:
            # The winner's chips end with the tournament, as the busted players' did.
            (winner,) = (f.player for f in finishes if f.place == 1)
            await remove_tournament_seats(tx, state.table_id, [seat_of[winner]])
            for runner in self.runners.values():
                if runner.table_id != state.table_id and not runner.closed:
                    await close_table(tx, runner.table_id)
            await close_table(tx, state.table_id)
        mark = uuid.uuid4().hex
        data = self.saved_data(floor=floor, extras=extras, mark=mark)
        await self._write(tx, data, over=over)
        self._ending[number] = _HandEnd(mark, floor_before, floor, extras_before, extras, events)
        notices = self._finish_notices(state.locale, paid, floor.entries)
        return knockouts + notices + late_notices(self, state.locale, events), over

    async def catch_up(self, tx: Transaction) -> None:
        """Hold the tournament's row until ``tx`` ends (one writer at a time), and
        bring into the live floor a hand end committed but not yet in it (on
        PostgreSQL its table's task may not have run since its commit): the one
        whose mark the row holds. Every other hand end waiting has failed (its
        transaction held the row): it is forgotten, its hand settled again."""
        row = await tx.lock_one(
            "SELECT state FROM multi_table_tournaments WHERE id = ?", (self.tournament_id,)
        )
        if not self._ending:
            return
        data = None if row is None else row["state"]
        data = json.loads(data) if isinstance(data, str) else data
        mark = data.get("mark") if isinstance(data, dict) else None
        for number, end in list(self._ending.items()):
            if end.mark == mark:
                self._adopt(number)
            else:
                del self._ending[number]

    def _adopt(self, number: int) -> None:
        """Table ``number``'s hand end is committed: the live floor and book take
        its changes, keeping those made meanwhile (a deal started, a late entry)."""
        end = self._ending.pop(number)
        live = self.floor
        now = TournamentFloor.from_data(
            merged(end.floor_before, live.to_data(), end.floor.to_data())
        )
        for name in (f.name for f in fields(TournamentFloor)):
            setattr(live, name, getattr(now, name))
        extras = self.the_extras
        extras.put_back(merged(end.extras_before, extras.to_data(), end.extras.to_data()))
        self._mark = end.mark
        self._starting.pop(number, None)
        self._events[number] = end.events

    async def _pay(
        self, tx: Transaction, finishes: Sequence[Finish], prizes: Sequence[int]
    ) -> list[tuple[int, int, int]]:
        places = [(f.player, f.place) for f in finishes if f.place != 1]
        paid = elimination_prizes(places, prizes)
        for player, place, prize in paid:
            await self.registry.services.cashier.pay_prize(
                tx, self.guild_id, self.pool_table_id, player, prize, place=place
            )
        for finish in finishes:
            if finish.place == 1:
                rest = await prize_pool_of(tx, self.pool_table_id)
                await self.registry.services.cashier.pay_prize(
                    tx, self.guild_id, self.pool_table_id, finish.player, rest, place=1
                )
                paid.append((finish.player, 1, rest))
        return paid

    def _finish_notices(
        self, locale: str, paid: Sequence[tuple[int, int, int]], entries: int
    ) -> list[OutgoingMessage]:
        notices = []
        for player, place, prize in paid:
            name = self.name(player)
            if place == 1:
                text = t("tournament.winner", locale, name=name, prize=prize)
            else:
                key = "tournament.finishes_paid" if prize else "tournament.finishes"
                text = t(
                    key,
                    locale,
                    name=name,
                    place=ordinal(place, locale),
                    entrants=entries,
                    prize=prize,
                )
            notices.append(OutgoingMessage(content=text))
        return notices

    def after_hand(self, number: int) -> None:
        """Table ``number``'s hand is settled and committed: carry out what the
        floor said, off this table's lock (moves take other tables' locks)."""
        if number in self._ending:  # (unless a later transaction brought it in)
            self._adopt(number)
        events = self._events.pop(number, ())
        if any(isinstance(e, Finish) and e.place == 1 for e in events):
            self.over = True
        task = asyncio.get_running_loop().create_task(
            self._after(events), name=f"mtt-{self.channel_id}-floor"
        )
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def name(self, player: int) -> str:
        entrant = self.entrants.get(player)
        return entrant.name if entrant is not None else f"<@{player}>"

    @property
    def the_extras(self) -> MttExtras:
        """Its rebuys, add-ons and bounties (none unless the config has them)."""
        if self.extras is None:
            self.extras = MttExtras.entered(self.config.extras, ())
        return self.extras

    async def buy_chips(self, state: TableState, keeper: Any, user_id: int, kind: ChipsKind) -> int:
        """A rebuy or the add-on at one of its tables."""
        return await self.the_extras.buy_chips(self, state, keeper, user_id, kind)

    def table_view(self, state: TableState) -> TournamentView | None:
        return self.the_extras.table_view(self, state)

    def runner_of(self, table_id: int) -> TableRunner | None:
        return next((r for r in self.runners.values() if r.table_id == table_id), None)

    # -- the floor's work ------------------------------------------------------

    async def _after(self, events: Sequence[object]) -> None:
        if self.restoring:
            # The restore does the floor's work once every table is back, and
            # says then what the floor said meanwhile (a table broken, say).
            self._held.extend(events)
            return
        try:
            async with self._work:
                self._sync_runners()
                self._announce(events)
                await self._carry_out_moves()
                await self._close_broken()
                if self.cancelling and not self.over:
                    try:
                        await self._close_cancelled()
                    except Exception:
                        # No hand will end to bring the floor back: it tries again itself.
                        self.clock.call_at(
                            self.clock_now + CANCEL_RETRY_SECONDS,
                            lambda: self._spawn(self._after(())),
                        )
                        raise
            await self._wake_tables()
            self._tell_break()
            self.show_lobby()
        except Exception:
            log.exception("Tournament in channel %s: the floor's work failed", self.channel_id)
        self._end_if_over()

    def _end_if_over(self) -> None:
        """Once over (the winner placed and paid, a deal made, or cancelled) and
        its tables closed, whoever keeps the tournament lets it go, once."""
        if self.over and self.when_over is not None:
            when_over, self.when_over = self.when_over, None
            when_over(self)

    async def settled(self) -> None:
        """Wait until the floor's work queued is done (for tests)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def _announce(self, events: Sequence[object]) -> None:
        locale = self.config.locale
        for event in events:
            if isinstance(event, HandForHand) and event.on != self.hand_for_hand:
                self.hand_for_hand = event.on
                key = "mtt.hand_for_hand_on" if event.on else "mtt.hand_for_hand_off"
                for runner in self._open_runners():
                    runner.publisher.post(OutgoingMessage(content=t(key, locale)))
                self.lobby.post(OutgoingMessage(content=t(key, locale)))
            elif isinstance(event, TableBroken) and event.table in self.runners:
                text = t("mtt.table_broken", locale, table=event.table)
                self.runners[event.table].publisher.post(OutgoingMessage(content=text))
                self.lobby.post(OutgoingMessage(content=text))
            elif isinstance(event, FinalTableFormed):
                final = self.runners[event.table]
                text = t(
                    "mtt.final_table",
                    locale,
                    channel=f"<#{final.record.channel_id}>",
                    players=len(self.floor.seats(event.table)),
                )
                self.lobby.post(OutgoingMessage(content=text))
                final.publisher.post(OutgoingMessage(content=text))

    def _open_runners(self) -> list[TableRunner]:
        return [r for n, r in sorted(self.runners.items()) if not r.closed]

    async def _carry_out_moves(self) -> None:
        """Every pending move whose tables are between hands, in one transaction."""
        floor = self.floor
        ready = [
            move
            for move in floor.pending
            if move.from_table is not None
            and all(self.runners[n].live is None for n in (move.from_table, move.to_table))
        ]
        if not ready:
            return
        involved = sorted({n for m in ready for n in (m.to_table, m.from_table) if n is not None})
        async with contextlib.AsyncExitStack() as held:
            for number in involved:
                await held.enter_async_context(self.runners[number].held())
            # A hand ended meanwhile may have moved a player again: the floor's
            # pending moves are the truth (their tables are the ones held here).
            ready = self._seats_free(
                [
                    m
                    for m in ready
                    if m in self.floor.pending
                    and all(self.runners[n].live is None for n in involved)
                ]
            )
            if not ready:
                return
            await self._move(ready, involved)
        self._post_moves(ready)

    def _moves_made(self, moves: Sequence[Move]) -> None:
        """Tell the floor ``moves`` were carried out. A player the floor moved
        again while these were written (another table's hand ended) still has
        that later move to make, from the seat they now really hold."""
        floor = self.floor
        for move in moves:
            current = next((p for p in floor.pending if p.player == move.player), None)
            if current is None:
                continue
            floor.move_done(move.player)
            if current != move and (current.to_table, current.to_seat) != (
                move.to_table,
                move.to_seat,
            ):
                floor.pending.append(
                    Move(
                        current.player,
                        current.to_table,
                        current.to_seat,
                        current.reason,
                        move.to_table,
                        move.to_seat,
                    )
                )

    def _seats_free(self, moves: list[Move]) -> list[Move]:
        """The moves whose new seat is empty once the others of the batch are
        made: a seat the floor has given away may still hold a player whose
        own move waits for a table in the middle of a hand."""
        while True:
            moving = {m.player for m in moves}
            free = [
                m
                for m in moves
                if (seat := self.runners[m.to_table].table.seats.get(m.to_seat)) is None
                or seat.player in moving
            ]
            if len(free) == len(moves):
                return moves
            moves = free

    async def _move(self, moves: Sequence[Move], involved: Sequence[int]) -> None:
        runners = self.runners
        before = {n: runners[n].state.snapshot() for n in involved}
        brought: dict[int, tuple[int, bool, Player | None, int | None]] = {}
        floor_before: dict[str, Any] | None = None
        try:
            for move in moves:
                assert move.from_table is not None
                source = runners[move.from_table].state
                seat = source.table.move_out(move.player)
                brought[move.player] = (
                    seat.stack,
                    seat.sitting_out,
                    source.players.get(move.player),
                    seat.busted_with if seat.busted else None,  # deciding a rebuy
                )
            for move in moves:
                stack, sitting_out, player, busted_with = brought[move.player]
                target = runners[move.to_table].state
                target.table.move_in(
                    move.player,
                    move.to_seat,
                    stack,
                    sitting_out=sitting_out,
                    busted_with=busted_with,
                )
                if player is not None:
                    target.add_player(player.copy())
                if move.reason is MoveReason.FINAL_TABLE:
                    target.table.new_game()  # the button by a draw (RRoP 15)
            database = self.registry.services.database
            async with database.transaction() as tx:
                # The tournament's row first, as a hand's settling takes it (no
                # deadlock on PostgreSQL), and a hand end committed brought in.
                await self.catch_up(tx)
                for k, move in enumerate(moves):
                    # Out of the way first: a seat may be left by one moved player
                    # and taken by another in the same batch.
                    await tx.execute(
                        "UPDATE seats SET table_id = ?, seat_no = ?"
                        " WHERE table_id = ? AND user_id = ?",
                        (
                            runners[move.to_table].table_id,
                            10_000 + k,
                            runners[move.from_table or 0].table_id,
                            move.player,
                        ),
                    )
                for k, move in enumerate(moves):
                    await tx.execute(
                        "UPDATE seats SET seat_no = ? WHERE table_id = ? AND seat_no = ?",
                        (move.to_seat, runners[move.to_table].table_id, 10_000 + k),
                    )
                for number in involved:
                    await run_statements(tx, runners[number].keeper.statements())
                floor_before = self.floor.to_data()
                self._moves_made(moves)
                await self.save(tx)
        except BaseException:
            for number, snapshot in before.items():
                runners[number].state.put_back(snapshot)
            if floor_before is not None:
                self.floor = TournamentFloor.from_data(floor_before)
            raise
        for move in moves:
            assert move.from_table is not None
            left, joined = runners[move.from_table], runners[move.to_table]
            style = left.computers.styles.get(move.player)
            if move.from_table != move.to_table:
                left.forget_moved(move.player)
            if style is not None:
                joined.computers.styles[move.player] = style

    def _post_moves(self, moves: Sequence[Move]) -> None:
        locale = self.config.locale
        for move in moves:
            if move.reason is MoveReason.FINAL_TABLE:
                continue
            key = "mtt.moved_balance" if move.reason is MoveReason.BALANCE else "mtt.moved_break"
            text = t(
                key,
                locale,
                name=self.name(move.player),
                table=move.to_table,
                seat=move.to_seat,
                channel=f"<#{self.runners[move.to_table].record.channel_id}>",
            )
            for number in {move.from_table, move.to_table}:
                if number is not None and not self.runners[number].closed:
                    self.runners[number].publisher.post(OutgoingMessage(content=text))

    async def _close_broken(self) -> None:
        for number, runner in sorted(self.runners.items()):
            if number in self.floor.tables or runner.closed or runner.table.seats:
                continue
            desk = runner.desk
            assert isinstance(desk, MultiTableDesk)
            desk.broken = True
            await runner.close(by=0)
            await runner.stop()

    async def _wake_tables(self) -> None:
        """Tables the floor now lets deal, and that are waiting, are woken."""
        for number, runner in sorted(self.runners.items()):
            if runner.closed or runner.live is not None or runner.state.next_hand_at is not None:
                continue
            # Asked of the floor, not of the table's desk: a table in the middle of
            # writing its deal has no hand in memory yet, and is dealing.
            if runner.table.can_deal and self.may_deal(number):  # no needless edits
                await runner.refresh()

    # -- rest breaks (bot/tournaments/mtt_breaks.py) ---------------------------

    def _tell_break(self) -> None:
        """Every table between hands, not told yet, hears of the break on now."""
        reading = self.reading()
        if reading.on_break and reading.break_ends_at is not None:
            ends = self.wall_time_of_clock(reading.break_ends_at)
            self.breaks_told.tell(self.breaks, reading, ends, sorted(self.runners.items()))

    def arm_breaks(self) -> None:
        """An alarm at the one clock's next break moment: its start (the tables
        between hands told, the lobby shown) or its end (every table woken)."""
        if not self.breaks.enabled or self.over or self.running_since is None:
            return
        reading = self.reading()
        target = reading.break_ends_at if reading.on_break else reading.next_break_at
        assert target is not None
        # A hundredth of a second past the moment, so the clock reads it passed.
        when = self.clock_now + max(0.0, target - self.clock_seconds()) + 0.01
        self.clock.call_at(when, lambda: self._spawn(self._break_moment()))

    async def _break_moment(self) -> None:
        if self.over:
            return
        if not self.restoring:
            self._sync_runners()
            self._tell_break()
            await self._wake_tables()
            self.show_lobby()
        self.arm_breaks()

    def _sync_runners(self) -> None:
        """A table reloaded by itself (its memory behind the database) has a new
        runner in the registry: use it."""
        for number, channel_id in self.channels.items():
            current = self.registry.get(channel_id)
            if current is not None and current is not self.runners.get(number):
                self.runners[number] = current

    # -- a deal at the final table ----------------------------------------------

    @property
    def final_table(self) -> int | None:
        """The table the players left sit at once every other table is broken
        (the final table, or a field that one table seated from the start)."""
        tables = self.floor.tables
        return next(iter(tables)) if len(tables) == 1 else None

    async def propose_deal(self, user_id: int, kind: DealKind) -> DealOffer:
        """``user_id``, a player left at the final table, offers a deal of
        ``kind`` between hands; the table waits for the answers. The offer is
        saved with the tournament's row before it is posted (a restart keeps it)."""
        number = self.final_table
        if number is None or self.over or self.cancelling:
            raise Refused("mtt.deal.final_table_only")
        runner = self.runners[number]
        seats = sorted(runner.table.seats.values(), key=lambda seat: seat.number)
        if all(seat.player != user_id for seat in seats):
            raise Refused("mtt.deal.players_only")
        if self.offer is not None:
            raise Refused("mtt.deal.open_already")
        if runner.live is not None:
            raise Refused("mtt.deal.between_hands")
        players = [seat.player for seat in seats]
        left = len(players)
        prizes_left = list(self.prizes[:left]) + [0] * max(0, left - len(self.prizes))
        amounts = deal_amounts(kind, [seat.stack for seat in seats], prizes_left)
        self.offers_made += 1
        clock = self.registry.services.clock
        offer = DealOffer(
            self.offers_made,
            kind,
            user_id,
            tuple(players),
            amounts,
            clock.now() + DEAL_SECONDS,
            # A computer player takes the engine's fair share, chip chop or ICM, as offered.
            {user_id, *(p for p in players if is_computer(p))},
        )
        self.offer = offer
        try:
            await self._save_now()
        except BaseException:
            self.offer = None
            raise
        names = {player: self.name(player) for player in players}
        runner.publisher.post(offer_message(offer, self.tournament_id, names, self.config.locale))
        self._arm_lapse(offer)
        return offer

    def _arm_lapse(self, offer: DealOffer) -> None:
        clock = self.registry.services.clock
        clock.call_at(offer.deadline, lambda: self._spawn(self._lapse(offer.number)))

    async def _save_now(self) -> None:
        """Save the tournament's row on its own (a deal offered or answered:
        between hands at the final table, the only table left)."""
        async with self.registry.services.database.transaction() as tx:
            await self.save(tx)

    async def answer_deal(self, user_id: int, offer_number: int, accept: bool) -> bool:
        """A player's answer to offer ``offer_number``; whether the deal is made."""
        offer = self.offer
        if offer is None or offer.number != offer_number:
            raise Refused("mtt.deal.gone")
        if user_id not in offer.players:
            raise Refused("mtt.deal.players_only")
        runner = self.runners[self.final_table or 0]
        locale = self.config.locale
        if not accept:
            self.offer = None
            try:
                await self._save_now()
            except BaseException:
                self.offer = offer
                raise
            text = t("mtt.deal.declined", locale, name=self.name(user_id))
            runner.publisher.post(OutgoingMessage(content=text))
            await runner.refresh()
            return False
        if not (offer.accepted | {user_id}) >= set(offer.players):
            if user_id not in offer.accepted:
                offer.accepted.add(user_id)
                try:
                    await self._save_now()
                except BaseException:
                    offer.accepted.discard(user_id)
                    raise
            return False
        offer.accepted.add(user_id)
        self.offer, self.agreed = None, offer
        try:
            await runner.close(by=0)
        except BaseException:
            self.agreed = None
            raise
        self.over = True
        await runner.stop()
        text = t("mtt.deal.made", locale)
        self.lobby.post(OutgoingMessage(content=text))
        self.show_lobby()
        self._end_if_over()
        return True

    async def _lapse(self, offer_number: int) -> None:
        offer = self.offer
        if offer is None or offer.number != offer_number:
            return
        if self.runners[self.final_table or 0].stopped:
            return  # the bot stopped: the offer stands, saved, for the next start
        self.offer = None
        try:
            await self._save_now()
        except Exception:  # the next hand settled saves it without the offer
            log.warning("Tournament %s: the lapsed deal offer was not saved", self.tournament_id)
        runner = self.runners[self.final_table or 0]
        runner.publisher.post(OutgoingMessage(content=t("mtt.deal.lapsed", self.config.locale)))
        await runner.refresh()

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work, name=f"mtt-{self.channel_id}-deal")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def pay_deal(self, tx: Transaction, state: TableState) -> None:
        """The deal everyone agreed to, paid from the prize pool (a ledger row
        each): the places go by the stacks, the biggest first; the tournament
        is over and its tables close."""
        offer = self.agreed
        assert offer is not None
        stacks = {seat.player: seat.stack for seat in state.table.seats.values()}
        order = sorted(offer.players, key=lambda p: (-stacks.get(p, 0), p))
        await self.the_extras.pay_deal(tx, self, order)
        pool = await prize_pool_of(tx, self.pool_table_id)
        if pool != sum(offer.amounts):
            raise RuntimeError(f"the deal shares {sum(offer.amounts)}, the pool holds {pool}")
        amounts = dict(zip(offer.players, offer.amounts, strict=True))
        for place, player in enumerate(order, start=1):
            await self.registry.services.cashier.pay_prize(
                tx,
                self.guild_id,
                self.pool_table_id,
                player,
                amounts[player],
                place=place,
                note=f"final-table deal ({offer.kind})",
            )
            self.floor.finishes.append(Finish(player, place))
        await remove_tournament_seats(tx, state.table_id, sorted(state.table.seats))
        await close_table(tx, state.table_id)
        await self.save(tx, over=True)

    # -- cancelled by an organiser ----------------------------------------------

    async def cancel(self) -> bool:
        """``/tournament cancel`` of a running tournament (its caller checked who
        may): no table deals again, an open deal offer is withdrawn, and once
        every hand in progress is played out (nobody escapes a lost all-in, as
        at a sit-and-go closed early) the prize pool left is shared among the
        players still in by their chips, places already paid staying paid, and
        every table closes (:meth:`_close_cancelled`). Saved at once, so a
        restart carries it on. Whether it ended now (no hand was in progress)."""
        if self.over or self.cancelling or self.agreed is not None:  # a deal being made: over
            raise Refused("mtt.cancel_already")
        self.cancelling, offer = True, self.offer
        self.offer = None
        try:
            await self._save_now()
        except BaseException:
            self.cancelling, self.offer = False, offer
            raise
        text = t("mtt.cancelling", self.config.locale)
        self.lobby.post(OutgoingMessage(content=text))
        for runner in self._open_runners():
            runner.publisher.post(OutgoingMessage(content=text))
        await self._after(())
        return self.over

    async def _close_cancelled(self) -> None:
        """Every table between hands (their locks held): in one transaction the
        players still in take their own bounties (as at a deal) and the prize
        pool left is shared by their chips (a ledger row each,
        ``tournament_prize`` noted), their seats go and every table
        closes; then each table is closed in memory and let go."""
        runners = self._open_runners()
        if any(runner.live is not None for runner in runners) or any(r.stopped for r in runners):
            return  # a hand is played out first: its end brings the floor back here
        async with contextlib.AsyncExitStack() as held:
            for runner in runners:
                await held.enter_async_context(runner.held())
            if any(runner.live is not None for runner in runners):
                return
            seats = [(runner, seat) for runner in runners for seat in runner.table.seats.values()]
            cashier = self.registry.services.cashier
            async with self.registry.services.database.transaction() as tx:
                if seats:  # each player still in takes their own bounty, as at a deal
                    order = [s.player for _, s in sorted(seats, key=lambda rs: -rs[1].stack)]
                    await self.the_extras.pay_deal(tx, self, order)
                pool = await prize_pool_of(tx, self.pool_table_id)
                shares = chip_chop(pool, [seat.stack for _, seat in seats]) if seats else ()
                for (_, seat), share in zip(seats, shares, strict=True):
                    await cashier.pay_prize(
                        tx,
                        self.guild_id,
                        self.pool_table_id,
                        seat.player,
                        share,
                        place=None,
                        note="the tournament was cancelled",
                    )
                for runner in runners:
                    await remove_tournament_seats(tx, runner.table_id, sorted(runner.table.seats))
                    await close_table(tx, runner.table_id)
                await close_table(tx, self.pool_table_id)
                await self.save(tx, over=True)
            self.over = True
        for runner in runners:
            await runner.close(by=0)  # written already: the desk only closes it in memory
            await runner.stop()
        text = t("mtt.cancelled", self.config.locale, players=len(seats), pool=pool)
        self.lobby.post(OutgoingMessage(content=text))

    # -- saving ----------------------------------------------------------------

    def saved_data(
        self,
        *,
        done: Sequence[int] = (),
        floor: TournamentFloor | None = None,
        extras: MttExtras | None = None,
        mark: str | None = None,
    ) -> dict[str, Any]:
        """The tournament as plain data; ``done``: players whose moves are being
        written now (saved as carried out); ``floor``, ``extras`` and ``mark``: a
        hand's end worked out on copies (the live ones otherwise)."""
        data = (floor or self.floor).to_data()
        if done:
            data["pending"] = [m for m in data["pending"] if m[0] not in done]
        return {
            "floor": data,
            "mark": self._mark if mark is None else mark,
            "entrants": [[e.user_id, e.name, e.locale, e.style] for e in self.entrants.values()],
            "elapsed": self.clock_seconds(),
            "pool_table": self.pool_table,
            "pool_table_id": self.pool_table_id,
            "prize_money": self.prize_money,
            "tables": {str(n): [self.table_ids[n], self.channels[n]] for n in self.table_ids},
            "hand_for_hand": self.hand_for_hand,
            "lobby_message_id": self.lobby_message_id,
            # An open deal offer stands across a restart (bot/tournaments/final_deal.py).
            "offer": None if self.offer is None else offer_data(self.offer, self.clock),
            "offers_made": self.offers_made,
            "cancelling": self.cancelling,
            "extras": (extras or self.the_extras).to_data(),
            "late": self.late.to_data(),
            "breaks_told": self.breaks_told.to_data(),
        }

    async def save(self, tx: Transaction, *, done: Sequence[int] = (), over: bool = False) -> None:
        await self.catch_up(tx)
        await self._write(tx, self.saved_data(done=done), over=over)

    async def _write(self, tx: Transaction, data: dict[str, Any], *, over: bool) -> None:
        await tx.execute(
            "UPDATE multi_table_tournaments SET state = ?, status = ? WHERE id = ?",
            (
                json.dumps(data),
                "over" if over else "running",
                self.tournament_id,
            ),
        )

    def desk_for(self, number: int) -> DeskFactory:
        def build(state: TableState, keeper: Any, *_: Any) -> MultiTableDesk:
            return MultiTableDesk(state, keeper, self, number)

        return build

    def _lobby_outlet(self, outlet: Outlet) -> None:
        if isinstance(outlet, DiscordOutlet):
            outlet.message_id = self.lobby_message_id

            def posted(message_id: int) -> None:
                self.lobby_message_id = message_id

            outlet.on_message = posted

    # -- the lobby -------------------------------------------------------------

    def figures(self) -> LobbyFigures:
        stacks: dict[int, int] = {}
        tables = 0
        level_clock = None
        for runner in self._open_runners():
            tables += 1
            for seat in runner.table.seats.values():
                stacks[seat.player] = seat.stack
            if runner.table.clock is not None and (
                level_clock is None or runner.table.clock.index > level_clock.index
            ):
                level_clock = runner.table.clock
        leaders = sorted(stacks.items(), key=lambda item: (-item[1], item[0]))[:5]
        next_level_at = None
        level, small_blind, big_blind = 1, self.config.small_blind, self.config.big_blind
        if level_clock is not None:
            level = level_clock.index + 1
            small_blind, big_blind = level_clock.stakes.small_blind, level_clock.stakes.big_blind
            seconds = level_clock.level.seconds
            if seconds is not None and self.running_since is not None:
                next_level_at = self.wall_time_of_play(level_clock.began_at_second + seconds)
        reading = self.reading()
        next_break_at = break_until = None
        if reading.break_ends_at is not None:
            break_until = self.wall_time_of_clock(reading.break_ends_at)
        elif reading.next_break_at is not None:
            next_break_at = self.wall_time_of_clock(reading.next_break_at)
        winner = next((f.player for f in self.floor.finishes if f.place == 1), None)
        return LobbyFigures(
            entrants=self.floor.entrants,
            players_left=0 if winner is not None else self.floor.players_left,
            tables=tables,
            chips=sum(stacks.values()),
            level=level,
            small_blind=small_blind,
            big_blind=big_blind,
            next_level_at=next_level_at,
            next_break_at=next_break_at,
            break_until=break_until,
            prizes=self.prizes,
            leaders=tuple((self.name(p), chips) for p, chips in leaders),
            hand_for_hand=self.floor.hand_for_hand,
            winner=None if winner is None else self.name(winner),
            dealt=self.agreed is not None and self.over,
            cancelled=self.cancelling and self.over,
            prize_pool=self.prize_money,
            extras=self.the_extras.figures(self),
            reentries=self.late.entries,
        )

    def show_lobby(self) -> None:
        """Edit the lobby message (rendered when it is sent: the newest figures)."""
        self.lobby.show_table(lambda: lobby_message(self.figures(), self.config.locale))


async def start_multi_table_tournament(
    registry: TableRegistry,
    *,
    guild_id: int,
    channel_id: int,
    creator_id: int,
    config: TableSettings,
    players: Sequence[Entrant],
    open_thread: OpenThread,
    lobby_outlet: Outlet,
    rng: random.Random | None = None,
    late: LateRule | None = None,
) -> MultiTableTournament:
    """Seat ``players`` at random over the fewest tables of ``config.seats`` (each
    in a thread ``open_thread`` opens), take every buy-in, and start the clock.

    ``config`` is a tournament's table settings (its buy-in, starting stack,
    blinds and levels by time); every table gets it. Each member's buy-in comes
    from their balance (refused as a whole, nothing taken, should one be
    short), a computer player's from the house bank. ``late``: the organiser's
    late registration and re-entries (:mod:`bot.tournaments.late_entries`; none
    by default).
    """
    if not config.tournament or config.level_hands is not None:
        raise Refused("mtt.levels_by_time")
    if len({p.user_id for p in players}) != len(players) or len(players) < 2:
        raise Refused("table.tournament_too_few")
    rng = rng or random.Random()
    # The bounty part of each buy-in is set aside: the rest is prize money.
    prize_money = config.extras.prize_part(config.tournament_buy_in) * len(players)
    floor = TournamentFloor.seat_field(
        [p.user_id for p in players],
        seat_count=config.seats,
        paid_places=len(mtt_prizes(prize_money, len(players), config.payout_percentages)),
        rng=rng,
    )
    # Busts wait for their places while players still enter (engine rule 8).
    floor.late_open = late is not None and late.last_level > 0
    tournament = MultiTableTournament(
        registry,
        guild_id,
        channel_id,
        creator_id,
        config,
        floor,
        rng,
        {p.user_id: p for p in players},
        Publisher(lobby_outlet, name=f"mtt-lobby-{channel_id}"),
        prize_money=prize_money,
        extras=MttExtras.entered(config.extras, [p.user_id for p in players]),
        late=late or LateRule(),
    )
    tournament.pool_table = floor.break_order[-1]
    tournament._lobby_outlet(lobby_outlet)
    services = registry.services
    async with services.database.transaction() as tx:
        tournament.tournament_id = await tx.insert(
            "INSERT INTO multi_table_tournaments (guild_id, channel_id, creator_id, config, state)"
            " VALUES (?, ?, ?, ?, '{}')",
            (guild_id, channel_id, creator_id, config.to_json()),
        )
    # The pool's table first: every other table's entries are written to it.
    order = [tournament.pool_table] + [
        n for n in floor.running_tables if n != tournament.pool_table
    ]
    try:
        await _open_tables(tournament, order, open_thread)
        for move in list(floor.pending):
            floor.move_done(move.player)
        tournament.running_since = services.clock.now()
        tournament.arm_breaks()
        async with services.database.transaction() as tx:
            await tournament.save(tx)
    except Exception as error:
        # All or nothing: every buy-in taken goes back, the tables opened close.
        await _undo_start(tournament)
        if isinstance(error, CroupierError):
            raise
        log.warning("Tournament in channel %s could not start: %r", channel_id, error)
        raise Refused("mtt.start_failed") from error
    for runner in tournament.runners.values():
        await runner.start()
    tournament.lobby.post(
        OutgoingMessage(
            content=t(
                "mtt.begins",
                config.locale,
                players=len(players),
                tables=len(tournament.runners),
                pool=prize_money,
            )
        )
    )
    tournament.show_lobby()
    return tournament


async def _open_tables(
    tournament: MultiTableTournament, order: Sequence[int], open_thread: OpenThread
) -> None:
    """Every table's thread first (Discord may refuse one: nothing is taken
    then), then each table with its players seated, their buy-ins taken."""
    registry, config = tournament.registry, tournament.config
    threads = {
        number: await open_thread(number, t("mtt.thread_name", config.locale, table=number))
        for number in order
    }
    for number in order:
        thread_id = threads[number]
        record = await registry.store.create(
            tournament.guild_id, thread_id, tournament.creator_id, config
        )
        runner = TableRunner(
            record,
            config,
            own_chance(registry.services),
            registry.outlet_for(thread_id),
            desk_for=tournament.desk_for(number),
        )
        tournament.runners[number] = runner
        tournament.channels[number], tournament.table_ids[number] = thread_id, record.table_id
        if number == tournament.pool_table:
            tournament.pool_table_id = record.table_id
        await _seat_players(tournament, number, runner)
        registry.adopt(runner)


async def _undo_start(tournament: MultiTableTournament) -> None:
    """A start that failed part way: in one transaction every buy-in taken goes
    back (``tournament_refund``, a ledger row each), every seat and entry goes,
    every table opened closes and the tournament's row is over; the tables are
    let go from memory. Nothing of it is left half open."""
    registry = tournament.registry
    database, cashier = registry.services.database, registry.services.cashier
    async with database.transaction() as tx:
        for table_id in tournament.table_ids.values():
            for row in await tx.fetch_all(
                "SELECT seat_no, user_id FROM seats WHERE table_id = ?", (table_id,)
            ):
                await cashier.refund_entry_at(
                    tx,
                    tournament.guild_id,
                    int(row["user_id"]),
                    pool_table_id=tournament.pool_table_id,
                    table_id=table_id,
                    seat_no=int(row["seat_no"]),
                )
            await close_table(tx, table_id)
        await tx.execute(
            "UPDATE multi_table_tournaments SET status = 'over' WHERE id = ?",
            (tournament.tournament_id,),
        )
    tournament.over = True
    for runner in tournament.runners.values():
        runner.state.close()
        if runner.when_closed is not None:  # the registry lets it go
            runner.when_closed(runner)


async def _seat_players(tournament: MultiTableTournament, number: int, runner: TableRunner) -> None:
    """The players drawn to table ``number`` sit with the starting stack, their
    buy-ins into the pool, in one transaction."""
    config, state = tournament.config, runner.state
    seated = sorted(tournament.floor.seats(number).items())

    def sit() -> None:
        for seat, user_id in seated:
            entrant = tournament.entrants[user_id]
            state.add_player(Player(user_id, entrant.name, entrant.locale))
            state.table.sit(user_id, seat)

    async def pay(tx: Transaction, _: None) -> None:
        for seat, user_id in seated:
            await tournament.registry.services.cashier.register_at(
                tx,
                tournament.guild_id,
                user_id,
                pool_table_id=tournament.pool_table_id,
                table_id=runner.table_id,
                seat_no=seat,
                buy_in=config.tournament_buy_in,
                starting_stack=config.starting_stack,
            )

    for _, user_id in seated:
        entrant = tournament.entrants[user_id]
        if is_computer(user_id):
            style = entrant.style
            runner.computers.styles[user_id] = (
                DEFAULT_STYLE if style is None else style_named(style)
            )
    await runner.keeper.transact(sit, pay)


def is_multi_table(stored: StoredTable) -> bool:
    """Whether ``stored`` is a table of a multi-table tournament (restored with it)."""
    return "multi_table" in stored.state


def own_chance(services: TableServices) -> TableServices:
    """The services for one of the tournament's tables. A seeded source of
    chance (a test's repeatable deck) gives each table a source of its own,
    drawn from it as the tables are opened one after another, so what a table
    deals never depends on when another table dealt: the tables play at once,
    in whatever order the machine runs them. The operating system's randomness
    (``None``, what the bot uses) is shared as it is."""
    if services.rng is None:
        return services
    return replace(services, rng=random.Random(services.rng.getrandbits(64)))


async def restore_multi_table_tournaments(
    registry: TableRegistry, *, lobby_outlet_for: Callable[[int], Outlet]
) -> list[MultiTableTournament]:
    """Rebuild every running multi-table tournament of this process's servers
    after a start: the floor as saved, each open table restored with its desk
    (its hand in progress replayed), then the floor's work carried on (moves
    still pending, tables waiting to deal)."""
    database = registry.services.database
    rows = await database.fetch_all(
        "SELECT id, guild_id, channel_id, creator_id, config, state"
        " FROM multi_table_tournaments WHERE status = 'running' ORDER BY id"
    )
    restored = []
    for row in rows:
        if not registry.owns(row["guild_id"]):
            continue
        try:
            restored.append(await _restore_one(registry, row, lobby_outlet_for))
        except Exception:
            log.exception("Could not restore multi-table tournament %s", row["id"])
    return restored


async def _restore_one(
    registry: TableRegistry, row: Any, lobby_outlet_for: Callable[[int], Outlet]
) -> MultiTableTournament:
    services = registry.services
    data = row["state"]
    data = json.loads(data) if isinstance(data, str) else data
    config = TableSettings.from_json(row["config"])
    entrants = {
        int(uid): Entrant(int(uid), str(name), str(locale), style)
        for uid, name, locale, style in data["entrants"]
    }
    outlet = lobby_outlet_for(int(row["channel_id"]))
    tournament = MultiTableTournament(
        registry,
        int(row["guild_id"]),
        int(row["channel_id"]),
        int(row["creator_id"]),
        config,
        TournamentFloor.from_data(data["floor"]),
        # The tables' own source of chance when it is set (a test's seeded deck):
        # a restored tournament then draws seats as repeatably as it deals.
        random.Random(services.rng.getrandbits(64)) if services.rng else random.Random(),
        entrants,
        Publisher(outlet, name=f"mtt-lobby-{row['channel_id']}"),
        tournament_id=int(row["id"]),
        pool_table=int(data["pool_table"]),
        pool_table_id=int(data["pool_table_id"]),
        prize_money=int(data["prize_money"]),
        elapsed_before=float(data["elapsed"]),
        hand_for_hand=bool(data["hand_for_hand"]),
        lobby_message_id=data.get("lobby_message_id"),
        restoring=True,
        extras=MttExtras.from_data(config.extras, data.get("extras")),
        late=LateRule.from_data(data.get("late")),
        breaks_told=BreakBook.from_data(data.get("breaks_told")),
    )
    tournament._lobby_outlet(outlet)
    tournament.offers_made = int(data.get("offers_made", 0))
    tournament.cancelling = bool(data.get("cancelling", False))
    tournament._mark = str(data.get("mark", ""))
    if data.get("offer") is not None:  # a deal offer stands: the table waits for it
        tournament.offer = offer_from_data(data["offer"], services.clock)
    for number, (table_id, channel_id) in data["tables"].items():
        tournament.table_ids[int(number)] = int(table_id)
        tournament.channels[int(number)] = int(channel_id)
    floor = tournament.floor
    # The hands in progress are the tables' (in their logs): the floor learns them again.
    dealing = {
        int(r["table_id"])
        for r in await services.database.fetch_all(
            "SELECT table_id FROM hands WHERE status = 'in_progress'"
        )
    }
    # A deal cut off before its hand was written was not dealt (TournamentFloor.resume).
    floor.resume(n for n, tid in tournament.table_ids.items() if tid in dealing)
    tournament.running_since = services.clock.now()
    tournament.arm_breaks()
    stored_tables = {s.record.table_id: s for s in await registry.store.open_tables()}
    for number, table_id in sorted(tournament.table_ids.items()):
        stored = stored_tables.get(table_id)
        if stored is None:
            continue  # broken and closed
        runner = await restore_runner(
            stored,
            own_chance(services),
            registry.outlet_for(stored.record.channel_id),
            desk_for=tournament.desk_for(number),
        )
        tournament.runners[number] = runner
        registry.adopt(runner)
    floor = tournament.floor  # (the same object: a hand settled meanwhile was merged into it)
    for number in list(floor.dealing):
        if number not in tournament.runners or tournament.runners[number].live is None:
            floor.hand_voided(number)  # voided rather than replayed: as if never dealt
    tournament.restoring = False
    for runner in tournament.runners.values():
        await runner.start()
    if tournament.offer is not None:
        tournament._arm_lapse(tournament.offer)
    # With no hand in progress, what the end of a hand would have done is done
    # now (a break put off for a deal that was cut off, say); else the floor's
    # work is carried on (moves still pending, tables waiting to deal).
    # What the floor said at a hand resumed and ended meanwhile is said now.
    held, tournament._held = tournament._held, []
    await tournament._after([*held, *floor.carry_on(tournament.rng)])
    return tournament


def keep_running(
    running: dict[int, MultiTableTournament], tournament: MultiTableTournament
) -> None:
    """Keep ``tournament`` in ``running`` (the bot's, by channel) while it runs;
    once it has ended (its winner placed and paid, a deal made, or cancelled;
    its tables closed) it is let go, so a new one may open in its channel at
    once and memory holds the running tournaments only."""

    def ended(over: MultiTableTournament) -> None:
        if running.get(over.channel_id) is over:
            del running[over.channel_id]

    running[tournament.channel_id] = tournament
    tournament.when_over = ended
    if tournament.over:
        ended(tournament)
