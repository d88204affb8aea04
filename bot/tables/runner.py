"""The table runner: one per table, the only code that feeds actions to its hands.

The runner owns the table's lock, takes the players' commands and keeps the
write-ahead sequence of every action; the rest of running a table is done by
parts it holds, each in a file of its own:

- :mod:`~bot.tables.state`: what the table holds in memory;
- :mod:`~bot.tables.persistence`: every change written with the table's state;
- :mod:`~bot.tables.cash_desk` or :mod:`~bot.tables.tournament_desk`: the money;
- :mod:`~bot.tables.dealer`: dealing a hand and settling it;
- :mod:`~bot.tables.action_timer`: the clock that wakes the table when something is due;
- :mod:`~bot.tables.stand_ins`: acting for a player who does not (the clock, a
  computer player's decision, a member sitting out), and each turn's deadline;
- :mod:`~bot.tables.view` and :mod:`~bot.tables.watchers`: what is shown, and to whom;
- :mod:`~bot.tables.hole_card_dms`: each player's cards by DM;
- :mod:`~bot.tables.seat_console`, :mod:`~bot.tables.pre_actions`,
  :mod:`~bot.tables.time_bank` and :mod:`~bot.tables.turn_notices`: each
  player's seat view kept current, their choices made before their turn,
  their time bank and the notice that it is their turn;
- :mod:`~bot.tables.runout`: an all-in run out street by street;
- :mod:`~bot.tables.restore`: the table rebuilt after a restart;
- :mod:`~bot.tables.computer_seats`: computer players and their decisions.

Every rule is the engine's: the runner asks, and turns refusals into sentences.

**One lock per table.** Every change to a table happens while its runner holds
its own :class:`asyncio.Lock`, so two clicks at the same table are taken one
after the other, and two tables never wait for each other (they share only
the database connection, for the milliseconds of each transaction).

**The order of one action** (DESIGN.md, "How one action travels"):

1. Under the lock, the request is turned into an engine action and the engine
   verifies it (:meth:`engine.Hand.verify`: checked, not taken). A refusal
   raises a typed error; nothing has changed.
2. The action is appended to the hand's log and committed (write-ahead).
3. Only then is it applied to the hand itself. If it ended the hand, the
   dealer settles it in one transaction.
4. The view is built and handed to the watchers (the table message first),
   whose messages the :class:`~bot.tables.publisher.Publisher` delivers after
   the lock is let go.

The lock is never held while waiting for Discord, only over the database's
short transactions, which is what makes a shown action always a logged one.

**The clock.** When the acting player's deadline passes, the clock acts for
them (:meth:`engine.Hand.timeout_action`), once their time bank (if the
table gives one) has run out too; two such timeouts in a row sit the player
out. A player who chose a pre-action has it taken the moment their turn comes.
A player who is sitting out or leaving is acted for at once when
their turn comes.

**Closing** during a hand lets the hand finish first (:mod:`bot.tables.closing`);
voiding it is for a member who can manage the channel, with a reason.

**Failures are tried again.** A tick or a settlement the database refused is
tried again after a growing pause (:mod:`bot.tables.retry`) until it succeeds.

**A table behind the database reloads.** A write the database refuses as a
repeat of a row it holds (the hand's next action logged already, a hand
number taken) means this memory missed what was written: trying it again
would fail for ever. The runner stops (its clock disarmed, every later
request refused with a sentence) and the registry rebuilds the table from
the database as after a restart (:meth:`~bot.tables.registry.TableRegistry.reload`):
the hand replayed from its log, the clock started for whoever is to act.
**An error inside a hand voids it.** Anything else raised while a hand is
played or resumed (not a refusal, not the database's) would be raised again
by every try: the hand is voided at once, every stack back to what it was
when it began, the channel told and the traceback logged, and the table goes
on; should even voiding fail, the table closes with every stack sent home
(:mod:`bot.tables.hand_faults`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable, Coroutine, Mapping
from dataclasses import dataclass, replace
from types import TracebackType
from typing import Any, Final, Protocol, runtime_checkable

from bot.cashier import SeatMovement
from bot.database import LeaseLost, UniqueViolation
from bot.house_bank import is_computer
from bot.i18n import t
from bot.render.message import OutgoingMessage
from bot.render.views import Choices, DiscardChoices, PrivateView, TableSnapshot
from bot.tables import home_game, turns, view
from bot.tables.action_timer import ActionTimer, next_deal_at, next_wake
from bot.tables.auto_top_ups import top_up_automatically
from bot.tables.busts import post_hand_over
from bot.tables.clock import Moment
from bot.tables.closing import Closed, close_now, mark_closing
from bot.tables.computer_seats import ComputerSeats
from bot.tables.dealer import Dealer
from bot.tables.desks import money_desk_for
from bot.tables.errors import (
    HandFailed,
    NotSeated,
    Refused,
    TableBehind,
    TableIsClosed,
)
from bot.tables.hand_faults import is_hand_fault, log_fault, void_hand
from bot.tables.hand_log import HandLog
from bot.tables.hole_card_dms import HoleCardDms
from bot.tables.home_view import work_out_odds
from bot.tables.message_keeper import MessageKeeper
from bot.tables.money_desk import Left, MoneyDesk
from bot.tables.outlet import Outlet, TableClick
from bot.tables.persistence import TableKeeper
from bot.tables.pre_actions import PreActions
from bot.tables.publisher import Publisher
from bot.tables.requests import ActionRequest, Move, resolve
from bot.tables.retry import Backoff
from bot.tables.runout import RunOut
from bot.tables.seat_console import SeatConsoles
from bot.tables.services import TableServices
from bot.tables.session_ledger_post import computer_names, ledger_message, post_closing_ledger
from bot.tables.show_or_muck import Shown, ShowOrMuck
from bot.tables.sit_outs import SitOutWatch
from bot.tables.stand_ins import StandIns
from bot.tables.state import LiveHand, Player, TableState
from bot.tables.table_settings import TableSettings
from bot.tables.table_store import TableRecord
from bot.tables.time_bank import TimeBanks
from bot.tables.tournament import TournamentProgress
from bot.tables.tournament_desk import TournamentDesk, rebuy_options_text
from bot.tables.turn_notices import TurnNotices
from bot.tables.watchers import TableMessageWatcher, TableWatcher
from engine import (
    Action,
    ActionKind,
    HoleCardsDealt,
    IllegalAction,
    PreAction,
    Table,
    format_action,
)

log = logging.getLogger(__name__)

#: Seconds before settling a finished hand is tried again when the database failed.
SETTLE_RETRY_SECONDS: Final = 5.0

#: Builds a table's money desk (default :func:`~bot.tables.desks.money_desk_for`; a
#: multi-table tournament's tables get :mod:`bot.tournaments.mtt_desk`'s).
DeskFactory = Callable[
    [TableState, TableKeeper, Any, HandLog, Publisher, Any, TournamentProgress | None], MoneyDesk
]


@runtime_checkable
class BuysChips(Protocol):
    """A tournament desk that sells rebuys and the add-on (the engine says when)."""

    async def rebuy(self, user_id: int) -> int: ...

    async def add_on(self, user_id: int) -> int: ...


class _TableLock(asyncio.Lock):
    """The table's lock, which refuses whoever gets it once the runner stopped
    because the table is being reloaded (:meth:`TableRunner._reload`), and
    reloads the table when a request inside it found the table behind the
    database (:class:`~bot.tables.errors.TableBehind`), answering that request
    with a refusal (nothing it asked for was done)."""

    retired = False

    def __init__(self, behind: Callable[[Exception], None]) -> None:
        super().__init__()
        self._behind = behind

    async def __aenter__(self) -> None:
        await super().__aenter__()
        if self.retired:
            self.release()
            raise Refused("table.stale_button")

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.release()
        if isinstance(exc, TableBehind):
            self._behind(exc)
            raise Refused("table.stale_button") from None


@dataclass(frozen=True, slots=True)
class Acted:
    """What a player's request did, for confirming it to them."""

    kind: ActionKind
    amount: int
    to: int
    all_in: bool


class TableRunner:
    def __init__(
        self,
        record: TableRecord,
        settings: TableSettings,
        services: TableServices,
        outlet: Outlet,
        *,
        table: Table | None = None,
        players: dict[int, Player] | None = None,
        progress: TournamentProgress | None = None,
        message_id: int | None = None,
        computers: Mapping[str, Any] | None = None,
        saved: Mapping[str, Any] | None = None,
        desk_for: DeskFactory | None = None,
    ) -> None:
        rules = settings.rules()
        self.state = TableState(
            record,
            settings,
            rules,
            table if table is not None else Table(rules),
            players or {},
            # Restored (bot.tables.restore): closing, the result to post, the run-out.
            **TableState.saved_fields(saved or {}),
        )
        self.services = services
        self.clock = services.clock
        self.cashier = services.cashier
        self.hand_log = HandLog(services.database)
        self.publisher = Publisher(outlet, name=f"table-{record.table_id}")
        self.message = MessageKeeper(services.database, record.table_id, outlet, message_id)
        self.keeper = TableKeeper(self.state, services.database)
        self.desk = (desk_for or money_desk_for)(
            self.state,
            self.keeper,
            self.cashier,
            self.hand_log,
            self.publisher,
            self.clock,
            progress,
        )
        self.computers = ComputerSeats.at_table(
            self.state, self.desk, self.keeper, services, saved=computers
        )
        self.dealer = Dealer(self.state, self.keeper, self.hand_log, self.desk, services)
        self.dms = HoleCardDms(
            self.state,
            services.database,
            self.publisher,
            services.dm_refusals,
            services.faces_of,
            self._save_state,
        )
        self.sit_outs = SitOutWatch(self.state, self.clock, services.sit_out_seconds)
        self.timer = ActionTimer(self.clock, self.tick, name=f"table-{record.table_id}-clock")
        self.banks = TimeBanks(self.state, self.clock)
        self.run_out = RunOut(self.state, self.keeper, self.clock, services.runout_pause_seconds)
        self.pre_actions = PreActions()
        self.stand_ins = StandIns(
            self.state,
            self.keeper,
            self.clock,
            self.computers,
            self.banks,
            self.pre_actions,
            self._apply,
        )
        self.seats = SeatConsoles(self.state, self.clock, self.pre_actions, self.banks)
        self.notices = TurnNotices(
            services.database,
            self.publisher,
            record.channel_id,
            self.clock,
            away_seconds=services.away_seconds,
        )
        self.shows = ShowOrMuck(self.state, services.database, self.keeper, self.publisher)
        self.watchers: list[TableWatcher] = [
            TableMessageWatcher(
                self.publisher,
                services.public_faces,
                services.table_page,
                activity=services.activity_button,
            ),
            self.seats,
            self.notices,
        ]
        #: Called once the table is closed (the registry lets it go).
        self.when_closed: Callable[[TableRunner], None] | None = None
        #: After a failed tick: when to try again, and the growing pause.
        self.retry_at: float | None = None
        self.backoff = Backoff()
        self._lock = _TableLock(self._reload)
        #: Called when the table's memory is found behind the database (the
        #: registry rebuilds it from the database); set once :attr:`behind`.
        self.when_behind: Callable[[TableRunner], Coroutine[Any, Any, None]] | None = None
        self.behind = False
        self._reloading: asyncio.Task[None] | None = None
        #: An error that broke the hand being played, while voiding it waits for
        #: the database (:meth:`_void_failed_hand`).
        self.failed_hand: Exception | None = None
        #: Stopped (:meth:`stop`): the clock does nothing here any more.
        self.stopped = False

    # What the table holds, for the commands' callers and the tests.

    @property
    def table_id(self) -> int:
        return self.state.table_id

    @property
    def record(self) -> TableRecord:
        return self.state.record

    @property
    def settings(self) -> TableSettings:
        return self.state.settings

    @property
    def table(self) -> Table:
        return self.state.table

    @property
    def live(self) -> LiveHand | None:
        return self.state.live

    @property
    def closed(self) -> bool:
        return self.state.closed

    @property
    def tournament_under_way(self) -> bool:
        """A tournament that has begun: closing it early shares its prize pool."""
        return self.desk.tournament and self.desk.chips_stay_in_play

    @property
    def members_seated(self) -> bool:
        """Whether a member (not a computer player) sits at the table: a
        tournament under way with none left is the opener's to end too."""
        return any(not is_computer(seat.player) for seat in self.table.seats.values())

    async def session_ledger(self, locale: str) -> OutgoingMessage:
        """The cash table's session ledger since it opened, in ``locale``."""
        if self.desk.tournament:
            raise Refused("ledger.tournament")
        return await ledger_message(self.state, self.services.database, locale)

    def watch(self, watcher: TableWatcher) -> None:
        """Tell ``watcher`` of every change from now on (:mod:`bot.tables.watchers`)."""
        self.watchers.append(watcher)

    def unwatch(self, watcher: TableWatcher) -> None:
        """Stop telling ``watcher`` of changes (it may already be gone)."""
        if watcher in self.watchers:
            self.watchers.remove(watcher)

    # ------------------------------------------------------------- lifecycle

    async def resume(self, live: LiveHand | None, notice: OutgoingMessage | None = None) -> None:
        """Carry on after a restart (:func:`bot.tables.restore.restore_runner`) with
        the hand replayed from its log, or tell the channel why it was voided."""
        async with self._lock, self._hand_faults():
            for user_id in self.state.departed():
                self._forget(user_id)
            if notice is not None:
                self.publisher.post(notice)
            if live is None:
                return
            self.state.hand_dealt(live)
            await self._carry_on(live)
            if self.live is live:
                # DMs queued when the process stopped may never have gone out.
                await self.dms.send_again(live)

    async def start(self) -> None:
        """Show the table and start its clock (after creation or a restore): a
        restored table edits the message it showed before."""
        async with self._lock, self._hand_faults():
            if self.live is None and not self.state.closed and not self.state.closing:
                # A computer player left at zero before the restart (its buy-back
                # failed, or the process stopped first) buys back in or leaves now:
                # the table never waits on it.
                await self.computers.buy_back_in()
            self._changed(fresh=self.message.message_id is None)

    def is_current_message(self, message_id: int) -> bool:
        """Whether a click on ``message_id`` is not on an older table message.

        Discord's ids grow with time: a newer id is a table message whose post is
        still on its way back to the outlet, and counts as current."""
        current = self.message.message_id
        return current is None or message_id >= current

    async def stop(self) -> None:
        """Stop the clock and deliver what is queued; the table stays open in the database."""
        self.stopped = True  # an alarm already ringing finds nothing to do
        with contextlib.suppress(Refused):  # being reloaded: its clock is stopped already
            async with self._lock:
                self.timer.disarm()
                self.seats.close()  # the seat views' alarms (issue 23)
        await self.publisher.drain()
        await self.dms.saved()

    async def _save_state(self) -> None:
        """Save the table's state as it is (the DMs delivered with it)."""
        with contextlib.suppress(Refused):  # being reloaded: the new runner saves its own
            async with self._lock:
                if not self.state.closed:
                    await self.keeper.save()

    async def settled(self, timeout: float = 10.0) -> None:
        """Wait until nothing is being done at this table: the lock is free, the
        clock is waiting for a future moment and every message is delivered."""
        loop = asyncio.get_running_loop()
        give_up = loop.time() + timeout
        while self._lock.locked() or self.timer.busy or self._delivering():
            if loop.time() > give_up:
                raise TimeoutError(f"table {self.table_id} did not settle")
            await asyncio.sleep(0.001)

    # ------------------------------------- a multi-table tournament's floor
    # (bot/tournaments/floor_runner.py moves players between tables between hands)

    @contextlib.asynccontextmanager
    async def held(self) -> AsyncIterator[None]:
        """Hold the table's lock (nothing else happens at the table meanwhile);
        the table is shown and its clock armed again when let go."""
        async with self._lock:
            try:
                yield
            finally:
                if not self.state.closed:
                    self._changed()

    async def refresh(self) -> None:
        """Arm the clock for what is due now (a tournament's floor let the table
        deal again) and show the table."""
        with contextlib.suppress(Refused):
            async with self.held():
                pass

    def forget_moved(self, user_id: int) -> None:
        """A player moved to another table: this one names them no more."""
        self._forget(user_id)

    # --------------------------------------------------------------- seating

    async def join(
        self,
        user_id: int,
        name: str,
        *,
        buy_in: int | None = None,
        seat: int | None = None,
        locale: str = "en",
    ) -> SeatMovement:
        """Seat a player with chips from their balance (a tournament: register)."""
        async with self._lock:
            turns.check_taking_players(self.state)
            movement = await self.desk.join(user_id, name, buy_in=buy_in, seat=seat, locale=locale)
            self._changed()
            return movement

    async def late_register(
        self, user_id: int, name: str, *, locale: str, last_level: int, reentries: int = 0
    ) -> SeatMovement:
        """Register for a scheduled tournament, late while its level is at most
        ``last_level``, or re-enter after busting while ``reentries`` allow
        (:meth:`TournamentDesk.join_late`)."""
        async with self._lock:
            turns.check_taking_players(self.state)
            if not isinstance(self.desk, TournamentDesk):
                raise Refused("schedule.not_a_tournament")
            movement = await self.desk.join_late(
                user_id, name, locale=locale, last_level=last_level, reentries=reentries
            )
            self._changed()
            return movement

    async def begin_tournament(self) -> None:
        """Start a tournament with the players registered (two at least)."""
        async with self._lock:
            turns.check_taking_players(self.state)
            await self.desk.begin()
            self._changed()

    async def leave(self, user_id: int) -> Left:
        """Cash the player out now, or when the hand they are in ends (a
        tournament: unregister before it begins)."""
        async with self._lock:
            turns.seat_of(self.state, user_id)
            at_end_of_hand = await self.desk.leave(user_id)
            async with self._hand_faults():  # voided: the player leaves with their stack
                try:
                    if at_end_of_hand:
                        try:  # their turn now: the hand may end
                            await self.stand_ins.play_for_the_absent()
                        except TableBehind as error:
                            # The leave is written: the table reloaded carries it out.
                            self._reload(error)
                    else:
                        self._forget(user_id)
                finally:
                    self._changed()
            return Left(self.desk.paid_out(user_id))

    async def player_gone(self, user_id: int) -> None:
        """The player left the server: fold them when their turn comes and cash them
        out; in a tournament under way they sit out (their chips stay in play)."""
        with contextlib.suppress(NotSeated, TableIsClosed):
            if self.desk.chips_stay_in_play:
                await self.sit_out(user_id)
            else:
                await self.leave(user_id)

    async def sit_out(self, user_id: int) -> None:
        """Miss hands without leaving; acted for at once when the turn comes."""
        await self._seat_change(user_id, lambda: self.table.sit_out(user_id))

    async def sit_in(self, user_id: int) -> None:
        await self._seat_change(user_id, lambda: self.table.sit_in(user_id), back=True)

    async def choose_straddle(self, user_id: int, straddles: bool, *, to: int = 0) -> None:
        """Whether the player posts a live straddle when first to act after the
        big blind, and what they re-straddle to (0: twice the straddle before)."""
        await self._seat_change(
            user_id, lambda: self.table.choose_straddle(user_id, straddles, to=to)
        )

    async def _seat_change(
        self, user_id: int, change: Callable[[], object], *, back: bool = False
    ) -> None:
        """A change of the player's seat that moves no chips (``back``: the player
        is back, their timeouts forgotten); a player sitting out whose turn it
        is is acted for at once."""
        async with self._lock, self._hand_faults():
            turns.seat_of(self.state, user_id)
            await self.keeper.save(change)
            if back:
                self.stand_ins.present(user_id)
            try:
                await self.stand_ins.play_for_the_absent()
            finally:
                self._changed()

    async def top_up(self, user_id: int, amount: int) -> SeatMovement:
        """Add chips from the balance: the table says when and how many."""
        async with self._lock:
            turns.seat_of(self.state, user_id)
            turns.check_taking_players(self.state)
            movement = await self.desk.top_up(user_id, amount)
            self._changed()
            return movement

    async def rebuy(self, user_id: int) -> int:
        """A tournament rebuy (the engine says when); the balance after it."""
        async with self._lock:
            turns.seat_of(self.state, user_id)
            turns.check_taking_players(self.state)
            balance = await self._chips_desk().rebuy(user_id)
            self._changed()
            return balance

    async def add_on(self, user_id: int) -> int:
        """A tournament's add-on (the engine says when); the balance after it."""
        async with self._lock:
            turns.seat_of(self.state, user_id)
            turns.check_taking_players(self.state)
            balance = await self._chips_desk().add_on(user_id)
            self._changed()
            return balance

    async def change_rebuy_options(self, user_id: int, **changes: object) -> TableSettings:
        """The opener sets a tournament's rebuys, add-on, bounties and payout
        table before it begins; the channel is told."""
        async with self._lock:
            try:
                config = await self._tournament_desk().change_extras(user_id, dict(changes))
                self.publisher.post(
                    OutgoingMessage(content=rebuy_options_text(config, self.state.locale))
                )
                return config
            finally:
                self._changed()

    def _chips_desk(self) -> BuysChips:
        """A desk that sells rebuys and add-ons: a sit-and-go's, or a
        multi-table tournament's table's (bot/tournaments/mtt_desk.py)."""
        desk = self.desk
        if not isinstance(desk, BuysChips):
            raise Refused("engine.extras_tournament_only")
        return desk

    def _tournament_desk(self) -> TournamentDesk:
        desk = self.desk
        if not isinstance(desk, TournamentDesk):
            raise Refused("engine.extras_tournament_only")
        return desk

    async def apply_auto_top_ups(self) -> int:
        """Players' automatic top-ups (:mod:`bot.tables.auto_top_ups`), now rather
        than after the next hand (one was just chosen); how many were made."""
        async with self._lock:
            if self.state.closed:
                return 0
            done = await top_up_automatically(
                self.state, self.desk, self.cashier, self.services.database
            )
            if done:
                self._changed()
            return done

    async def add_computer(self, style: str | None, seat: int | None) -> SeatMovement:
        """Seat a computer player staked by the house bank (a tournament: register one)."""
        async with self._lock:
            turns.check_open(self.state)
            movement = await self.computers.add(style, seat)
            self._changed()
            return movement

    async def remove_computer(self, seat: int | None) -> Left:
        """Let a computer player go (the one in ``seat``, else the last seated):
        now, or when the hand it is in ends; its chips go back to the bank."""
        turns.check_open(self.state)
        return await self.leave(self.computers.to_remove(seat))

    async def close(self, by: int, *, void_reason: str | None = None, by_name: str = "") -> Closed:
        """Close the table: at once between hands; during a hand, when it ends
        (``after_hand``), unless ``void_reason`` voids it now (the caller checked
        that ``by`` may)."""
        async with self._lock:
            state = self.state
            turns.check_open(state)
            if state.live is not None and void_reason is None:
                turns.check_taking_players(state)  # closing already: said so
                log.info("Table %s closes after this hand, asked by %s", self.table_id, by)
                await mark_closing(state, self.keeper)
                self._changed()
                return Closed(after_hand=True)
            log.info("Table %s is closed by %s", self.table_id, by)
            movements = await self._close_now(void_reason=void_reason, voided_by=by_name)
            return Closed(tuple(movements))

    # --------------------------------------------------------------- playing

    async def act(
        self,
        user_id: int,
        request: ActionRequest,
        *,
        hand_no: int | None = None,
        seq: int | None = None,
        answer: TableClick | None = None,
    ) -> Acted:
        """Take a player's action in the hand being played.

        ``hand_no`` and ``seq`` come from a button: the hand and the number of
        actions taken when it was drawn. A click on an older hand, or on
        buttons the hand has moved past, is refused. ``answer``: the click that
        asked for the action, not answered yet; once the action is taken, the
        edit of the table message that shows it answers the click
        (:meth:`Publisher.answer_with_next_edit`). A refused action leaves it
        to the caller. An error inside the hand voids it and refuses the action
        (:class:`HandFailed`).
        """
        async with self._lock, self._hand_faults(refuse=True):
            turn = turns.turn_of(self.state, user_id, hand_no, seq)
            self.notices.heard_from(user_id)  # here: no turn notice is due soon
            action = resolve(request, turn.legal)
            try:
                acted = await self._apply(turn.live, turn.index, action, actor=user_id)
                self.stand_ins.present(user_id)
                await self.stand_ins.play_for_the_absent()
            except TableBehind as error:
                self._reload(error)  # before the table is shown again
                raise
            finally:
                self._changed()  # even after a failure: the clock must see what is due
            if answer is not None:
                self.publisher.answer_with_next_edit(answer)
            return acted

    async def choose_pre_action(self, user_id: int, kind: PreAction | None, hand_no: int) -> None:
        """Set (or, ``None``, clear) the player's pre-action for hand ``hand_no``.
        Only their own seat view changes: the table is not told."""
        async with self._lock:
            turns.check_open(self.state)
            self.pre_actions.choose(self.live, user_id, kind, hand_no)
            self.seats.refresh(only=user_id)

    async def show_cards(
        self, user_id: int, card_index: int | None = None, hand_no: int | None = None
    ) -> Shown:
        """Show the player's hand: at the showdown, on their turn to show or muck
        (an action like any other); once the hand is over, cards of the hand that
        ended last (:mod:`bot.tables.show_or_muck`)."""
        live = self.live
        if live is not None:
            if card_index is not None:
                raise Refused("table.show_whole_at_showdown")
            await self.act(user_id, ActionRequest(Move.SHOW), hand_no=hand_no)
            return Shown(live.hand_no, self.shows.shown_at_showdown(user_id))
        async with self._lock:
            turns.check_open(self.state)
            shown = await self.shows.show(user_id, card_index, hand_no)
            # A 7-2 bounty collected by the show may have busted a computer payer.
            await self.computers.buy_back_in()
            self._changed()
            return shown

    async def muck_cards(self, user_id: int, hand_no: int | None = None) -> None:
        """At the showdown, on the player's turn: throw the hand away unseen."""
        await self.act(user_id, ActionRequest(Move.MUCK), hand_no=hand_no)

    async def change_home_options(
        self, user_id: int, **changes: object
    ) -> home_game.OptionsChanged:
        """The opener changes the home-game options (:mod:`bot.tables.home_game`),
        and the channel is told."""
        async with self._lock:
            try:
                changed = await home_game.change_options(self.state, self.keeper, user_id, changes)
                self.publisher.post(home_game.announcement(changed, self.state.locale))
                return changed
            finally:
                self._changed()

    async def vote_bomb_pot(self, user_id: int) -> home_game.BombVote:
        """A seated player's vote for a bomb pot in the next hand."""
        async with self._lock:
            try:
                return await home_game.vote_bomb_pot(self.state, self.keeper, user_id)
            finally:
                self._changed()

    async def hunt_rabbit(self, hand_no: int) -> home_game.RabbitHunt:
        """The board cards hand ``hand_no`` would have dealt, each board's (the
        rabbit hunt), and whether this is the hand's first hunt."""
        async with self._lock:
            hunt = await home_game.hunt_rabbit(self.state, self.services.database, hand_no)
            last = self.state.last_hand
            if last is not None and last.hand_no == hand_no and not last.rabbit_hunted:
                last.rabbit_hunted = True  # public now: the pages show the cards too
                self._changed()
            return hunt

    def choices_for(self, user_id: int, *, hand_no: int, seq: int) -> Choices:
        """What the player to act may bet or raise to, for the bet/raise form;
        refused as :meth:`act` would refuse. Reads without the lock."""
        return turns.raise_choices(self.state, user_id, hand_no, seq)

    def discard_choices(self, user_id: int, *, hand_no: int, seq: int) -> DiscardChoices:
        """The player's cards and how many they may throw away, for the discard
        menu; refused as :meth:`act` would refuse. Reads without the lock."""
        return turns.discard_choices(self.state, user_id, hand_no, seq)

    def position(self) -> tuple[int, int] | None:
        """The hand being played and how many actions it has had, or ``None``.

        Read without the lock: an action command takes it as it arrives, so
        that it acts on the turn it was sent in, as a button does, and a second
        request for the same turn is refused instead of acting again.
        """
        live = self.live
        return None if live is None else (live.hand_no, live.seq)

    def private_view(self, user_id: int) -> PrivateView:
        """The player's hole cards and best hand in the hand being played. Reads
        without the lock: it awaits nothing, so it sees one consistent state."""
        return turns.own_cards(self.state, user_id)

    def snapshot(self) -> TableSnapshot:
        """What everyone may see now."""
        moment = Moment.of(self.clock)
        return view.table_view(self.state, moment, tournament=self.desk.tournament_view(moment))

    async def tick(self) -> None:
        """Do whatever the clock says is due: a timeout, the next deal, settling a
        finished hand again after the database refused it, or closing a table
        that was closing. A failure is tried again after a growing pause."""
        async with self._lock:
            if self.state.closed or self.stopped:
                return
            try:
                async with self._hand_faults():
                    await self._due()
            except (TableBehind, UniqueViolation) as error:
                self._reload(error)
            except Exception as error:
                pause = self.backoff.failed()
                self.retry_at = self.clock.now() + pause
                log.warning(
                    "Table %s: what was due failed; trying again in %.0f s",
                    self.table_id,
                    pause,
                    # The process is stopping: nothing to trace.
                    exc_info=not isinstance(error, LeaseLost),
                )
            else:
                self.backoff.succeeded()
                self.retry_at = None
            finally:
                self._changed()

    def _delivering(self) -> bool:
        return not self.publisher.idle or self.seats.busy or self.notices.busy or self.dms.busy

    async def _due(self) -> None:
        state, now = self.state, self.clock.now()
        live = state.live
        if live is not None and self.failed_hand is not None:
            await self._void_failed_hand(live, self.failed_hand)  # the database is back?
            return
        if live is not None:
            if live.deadline is not None and now >= live.deadline:
                if live.hand.is_complete:
                    await self._settle(live)
                elif live.hand.runout_due:
                    await self._deal_runout_street(live)
                else:
                    await self.stand_ins.time_out(live)
        elif state.closing:  # the hand ended, but closing failed then
            await self._close_now()
            return
        if not self.desk.tournament:
            for user_id in self.sit_outs.expired():
                if await self.sit_outs.cash_out(user_id, self.desk, self.publisher):
                    self._forget(user_id)
        if state.live is not None:
            return
        if (leave_at := self.computers.idle_departure()) is not None and now >= leave_at:
            await self._computers_leave()
            return
        if state.next_hand_at is not None and now >= state.next_hand_at:
            state.next_hand_at = None  # a failed deal is tried again after a pause
            if self._may_deal:
                await self._deal()

    # ----------------------------------------------------- inside the lock

    @property
    def _may_deal(self) -> bool:
        return self.desk.may_deal and self.computers.may_deal()

    async def _computers_leave(self) -> None:
        """No member plays here any more: the computer players go, chips to the bank."""
        left, notice = await self.computers.leave_idle_table()
        for user_id in left:
            self._forget(user_id)
        if notice is not None:
            self.publisher.post(notice)

    def _forget(self, user_id: int) -> None:
        self.state.forget(user_id)
        self.computers.forget(user_id)

    async def _apply(
        self,
        live: LiveHand,
        index: int,
        action: Action,
        *,
        actor: int | None,
        by_clock: bool = False,
    ) -> Acted:
        """The write-ahead sequence: verify, log, then apply one action; settle
        the hand if it ended."""
        hand = live.hand
        self.banks.acted(live, live.deal.players[index])
        try:
            hand.verify(index, action)
        except IllegalAction as error:
            raise Refused.from_engine(error) from None
        try:
            await self.hand_log.append(
                live.hand_id, live.seq + 1, format_action(index, action), actor
            )
        except UniqueViolation as error:  # another wrote this action: memory is behind
            raise TableBehind(
                f"action {live.seq + 1} of hand {live.hand_no} is logged already"
            ) from error
        events = hand.act(index, action)
        acted = next(told for e in events if (told := view.told(e)) is not None)
        name = self.state.name(live.deal.players[index])
        live.actions.append(replace(acted, name=name, by_clock=by_clock))
        dealt_down = {e.player for e in events if isinstance(e, HoleCardsDealt)}
        if dealt_down and not hand.is_complete:
            # Seventh street in stud, the cards drawn in a draw game: a player who
            # reads their cards by DM must not have to press "My cards" for them.
            await self.dms.send(live, only=dealt_down)
        await self._carry_on(live)
        return Acted(acted.kind, acted.amount, acted.to, acted.all_in)

    async def _carry_on(self, live: LiveHand) -> None:
        """After the hand moved: pace an all-in run-out (:mod:`bot.tables.runout`),
        work out the chances the table message shows, off the event loop
        (:func:`~bot.tables.home_view.work_out_odds`), settle a hand that is
        over, else start the next player's clock."""
        if (next_street_at := self.run_out.pace(live)) is not None:
            self.stand_ins.wake_at(live, next_street_at)
        await work_out_odds(self.state, live)
        if live.hand.is_complete:
            # Should settling fail, the clock tries again after this pause.
            self.stand_ins.wake_at(live, self.clock.now() + SETTLE_RETRY_SECONDS)
            await self._settle(live)
        elif not live.hand.runout_due:
            self.stand_ins.start_turn(live)

    async def _deal_runout_street(self, live: LiveHand) -> None:
        """The run-out's pause is over: the next street."""
        events = await self.run_out.deal_street(live)
        dealt_down = {e.player for e in events if isinstance(e, HoleCardsDealt)}
        if dealt_down and not live.hand.is_complete:
            await self.dms.send(live, only=dealt_down)
        await self._carry_on(live)

    async def _deal(self) -> None:
        live, notices = await self.dealer.deal()
        self.state.hand_dealt(live)
        self.stand_ins.start_turn(live)
        for notice in notices:
            self.publisher.post(notice)
        self._show(fresh=True)
        await self.dms.send(live)
        await self.stand_ins.play_for_the_absent()
        if self.live is live and (live.hand.is_complete or live.hand.runout_due):
            # Blinds and antes put everyone but one all in: nothing is left to decide.
            await self._carry_on(live)

    async def _settle(self, live: LiveHand) -> None:
        self.banks.after_hand(live)
        settled = await self.dealer.settle(live)
        for user_id in self.state.departed():
            self._forget(user_id)
        if not settled.table_over:
            await self.computers.buy_back_in()
            await self.computers.buy_tournament_chips()
            await top_up_automatically(self.state, self.desk, self.cashier, self.services.database)
        self._changed()
        await post_hand_over(
            self.publisher,
            self.state,
            live,
            settled.notices,
            cash_table=not self.desk.tournament,
            services=self.services,
        )
        if not settled.table_over and await self.computers.show_after_the_hand(live, self.shows):
            # After the result: a 7-2 bounty collected may have busted a computer payer.
            await self.computers.buy_back_in()
            self._changed()
        if settled.table_over:
            # The winner still sits at the closed table: its message names them.
            self.state.table_over()
            self._changed()
            self._let_go()
        elif self.state.closing:
            await self._close_now()

    async def _close_now(
        self, *, void_reason: str | None = None, voided_by: str = ""
    ) -> list[SeatMovement]:
        # Between hands the message ends with the last hand's result: the closed
        # table is a message of its own, below it, rather than an edit erasing it.
        after_a_hand = self.state.live is None and self.state.last_hand is not None
        names = computer_names(self.state)  # closing forgets them
        movements = await close_now(
            self.state, self.desk, self.publisher, void_reason=void_reason, voided_by=voided_by
        )
        if not self.desk.tournament:  # the session ledger, the way a home game settles up
            await post_closing_ledger(self.state, self.services.database, self.publisher, names)
        self._changed(fresh=after_a_hand)
        self._let_go()
        return movements

    @contextlib.asynccontextmanager
    async def _hand_faults(self, *, refuse: bool = False) -> AsyncIterator[None]:
        """Under the lock: an error that breaks the hand being played (not a
        refusal, not the database's: :func:`~bot.tables.hand_faults.is_hand_fault`)
        voids it, and the table goes on; ``refuse``: the request that met it is
        then refused (:class:`HandFailed`)."""
        try:
            yield
        except Exception as error:
            live = self.state.live
            if live is None or not is_hand_fault(error):
                raise
            await self._void_failed_hand(live, error)
            if refuse:
                raise HandFailed(hand_no=live.hand_no) from None

    async def _void_failed_hand(self, live: LiveHand, error: Exception) -> None:
        """Void ``live``, which ``error`` broke, tell the channel and deal on; should
        voiding fail but for the database, close the table, every stack home. A
        database failure is raised, and the clock tries again after a pause."""
        state = self.state
        if self.failed_hand is not error:
            log_fault(
                "Table %s: hand %s failed and is voided", self.table_id, live.hand_no, error=error
            )
        self.failed_hand = error
        try:
            await void_hand(
                state,
                self.keeper,
                self.hand_log,
                self.desk,
                hand_id=live.hand_id,
                deal=live.deal,
                reason=f"failed: {type(error).__name__}",
            )
        except Exception as void_error:
            if not is_hand_fault(void_error):
                self.retry_at = self.clock.now() + self.backoff.failed()
                self.timer.arm(self.retry_at)
                raise
            log_fault(
                "Table %s: hand %s could not be voided; the table closes",
                self.table_id,
                live.hand_no,
                error=void_error,
            )
            self.failed_hand = None
            locale = state.locale
            await self._close_now(
                void_reason=t("table.void_reason_failed", locale),
                voided_by=t("table.the_croupier", locale),
            )
            return
        self.failed_hand = None
        state.hand_voided()
        for user_id in state.departed():
            self._forget(user_id)
        text = t("table.hand_failed_voided", state.locale, hand_no=live.hand_no)
        self.publisher.post(OutgoingMessage(content=text))
        if state.closing:
            await self._close_now()
        else:
            self._changed()

    def _let_go(self) -> None:
        if self.when_closed is not None:
            self.when_closed(self)

    def _reload(self, error: Exception) -> None:
        """The database holds what this memory does not: stop this runner (its
        clock, its display, every later request) and have the table rebuilt from
        the database, as after a restart."""
        if self.behind:
            return
        log.warning(
            "Table %s is behind the database (%s); reloading it from the database",
            self.table_id,
            error,
        )
        self.behind = True
        self._lock.retired = True
        self.timer.disarm()
        if self.when_behind is not None and self._reloading is None:
            self._reloading = asyncio.get_running_loop().create_task(
                self.when_behind(self), name=f"table-{self.table_id}-reload"
            )

    def _changed(self, *, fresh: bool = False) -> None:
        """After a change: arm the clock for what is now due, then show the table."""
        if self.behind:  # being reloaded: the new runner shows the table
            return
        now = self.clock.now()
        self.state.next_hand_at = next_deal_at(
            self.state, may_deal=self._may_deal, now=now, pause=self.services.hand_pause_seconds
        )
        wake = next_wake(self.state, now=now)
        if self.live is None:
            self.computers.note_idle(now)
            if (leave_at := self.computers.idle_departure()) is not None:
                wake = leave_at if wake is None else min(wake, leave_at)
        sit_out_ends = self.sit_outs.note()
        if sit_out_ends is not None and not self.desk.tournament:
            wake = sit_out_ends if wake is None else min(wake, sit_out_ends)
        if isinstance(self.desk, TournamentDesk) and self.live is None:
            # A sit-and-go's rest break: told once, the table woken as it ends.
            rest_ends = self.desk.rest_break()
            if rest_ends is not None:
                wake = rest_ends if wake is None else min(wake, rest_ends)
        if wake is not None and self.retry_at is not None and wake < self.retry_at:
            wake = self.retry_at  # what is due failed just now: not before the pause
        if self.failed_hand is not None and self.retry_at is not None:
            wake = self.retry_at  # a failed hand is voided once the database lets us
        self.timer.arm(wake)
        self.pre_actions.prune(self.live)
        self._show(fresh=fresh)

    def _show(self, *, fresh: bool = False) -> None:
        """Tell every watcher what the table shows now (rendered here, sent later)."""
        snapshot = self.snapshot()
        for watcher in self.watchers:
            watcher.table_changed(self.state, snapshot, fresh=fresh)
