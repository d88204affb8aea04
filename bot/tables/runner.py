"""The table runner: one per table, the only code that plays hands at it.

A runner seats and unseats players (with the cashier), deals a hand whenever
two or more players are sitting in, takes their actions, acts for a player
whose clock ran out, and settles each hand in the database.

**One lock per table.** Every change to a table happens while its runner holds
its own :class:`asyncio.Lock`, so two clicks at the same table are taken one
after the other, and two tables never wait for each other (they share only
the database connection, for the few milliseconds of each transaction).

**The order of one action** (DESIGN.md, "How one action travels"):

1. Under the lock, the request is turned into an engine action and the engine
   is asked, on a copy of the hand, whether it is legal. A refusal raises a
   typed error; nothing has changed.
2. The action is appended to the hand's log and committed (write-ahead).
3. Only then is it applied to the hand itself; if it ended the hand, the hand
   is settled (stacks, results, rake) in one transaction.
4. The runner renders what everyone may see into a message and hands it to
   its :class:`~bot.tables.publisher.Publisher`, then lets go of the lock.

The lock is never held while waiting for Discord: the publisher's own task
delivers the messages, in order, while the table carries on. What the lock
does cover is the database's own short transactions, which is what makes a
shown action always a logged one.

**The clock.** One timer task per table waits for the next thing due: the
acting player's deadline (``action_seconds``) or the next deal
(``hand_pause_seconds`` after the last hand, once two players sit in). When
the deadline passes the clock checks for the player if it can and folds
otherwise; two such timeouts in a row sit the player out. A player who is
sitting out, leaving or gone is acted for at once when their turn comes.

**Closing** voids a hand in progress (every stack back to where it was when
the hand began) rather than playing it out, so a table closes at once and
nobody is left waiting on a table that is going away; then every stack goes
back to its owner's balance.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from dataclasses import dataclass, field, replace
from typing import Any, Final

from bot.cashier import AlreadySeated, Cashier, InsufficientChips, SeatMovement
from bot.database import Database
from bot.i18n import t
from bot.render.hand_result import result_message
from bot.render.private_view import PrivateView, private_message
from bot.render.table_message import table_message
from bot.tables.clock import Clock, wall_time_at
from bot.tables.config import TableConfig
from bot.tables.errors import (
    ActionRefused,
    BuyInOutOfRange,
    NoChipsToPlay,
    NoHandNow,
    NoSuchSeat,
    NotInHand,
    NotSeated,
    NotYourTurn,
    StaleButton,
    StaleHand,
    TableFull,
    TableIsClosed,
    TopUpDuringHand,
    TopUpTooLarge,
)
from bot.tables.hand_log import (
    HandLog,
    HandStart,
    PlayerResult,
    action_text,
    replay,
)
from bot.tables.outlet import OutgoingMessage, Outlet
from bot.tables.publisher import Publisher
from bot.tables.requests import QUICK_SIZES, ActionRequest, quick_raise_to, resolve
from bot.tables.seating import DealtHand, InterimSeating, SeatState, Stakes
from bot.tables.snapshot import (
    Choices,
    HandResult,
    LastAction,
    PotWin,
    SeatLine,
    ShownHand,
    TableSnapshot,
)
from bot.tables.table_store import TableRecord, TableStore, dm_cards_wanted
from engine.actions import Action, CheckOrCall, Fold
from engine.cards import Card
from engine.errors import IllegalAction
from engine.evaluation import evaluate
from engine.events import HandMucked, HandShown, PlayerActed, PotAwarded, RakeTaken
from engine.fairness import commit
from engine.hand import Hand, Phase, Rake
from engine.pots import build_pots

log = logging.getLogger(__name__)

#: Timeouts in a row after which a player is sat out.
TIMEOUTS_BEFORE_SITTING_OUT: Final = 2


@dataclass
class Player:
    """A seated player as the runner knows them, beyond their seat and chips."""

    user_id: int
    name: str
    locale: str = "en"
    #: Timeouts in a row; reset when the player acts.
    timeouts: int = 0
    #: Leaves (and is cashed out) when the hand they are in ends.
    leaving: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "locale": self.locale,
            "timeouts": self.timeouts,
            "leaving": self.leaving,
        }

    @classmethod
    def from_dict(cls, user_id: int, data: dict[str, Any]) -> Player:
        return cls(
            user_id,
            str(data.get("name", f"<@{user_id}>")),
            str(data.get("locale", "en")),
            int(data.get("timeouts", 0)),
            bool(data.get("leaving", False)),
        )


@dataclass
class LiveHand:
    """The hand being played, with its log id and clock."""

    hand_id: int
    start: HandStart
    dealt: DealtHand
    deadline: float | None = None
    last_action: LastAction | None = None
    result: HandResult | None = None

    @property
    def hand(self) -> Hand:
        return self.dealt.hand

    @property
    def hand_no(self) -> int:
        return self.start.hand_no


@dataclass(frozen=True, slots=True)
class TableServices:
    """What every runner shares: the database, the cashier, the clock, the dealer's randomness."""

    database: Database
    cashier: Cashier
    clock: Clock
    hand_pause_seconds: float = 5.0
    #: ``None``: shuffle with the operating system's randomness.
    rng: random.Random | None = None

    @property
    def hand_log(self) -> HandLog:
        return HandLog(self.database)

    @property
    def store(self) -> TableStore:
        return TableStore(self.database)


@dataclass(frozen=True, slots=True)
class Acted:
    """What a player's request did, for confirming it to them."""

    kind: str
    amount: int
    to: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class Left:
    """A leave: cashed out at once (``movement``) or at the end of the hand."""

    movement: SeatMovement | None


@dataclass
class _Timer:
    task: asyncio.Task[None]
    when: float
    sleeping: bool = field(default=False)


class TableRunner:
    def __init__(
        self,
        record: TableRecord,
        config: TableConfig,
        services: TableServices,
        outlet: Outlet,
    ) -> None:
        self.record = record
        self.config = config
        self.services = services
        self.clock = services.clock
        self.cashier = services.cashier
        self.hand_log = services.hand_log
        self.store = services.store
        self.publisher = Publisher(outlet, name=f"table-{record.table_id}")
        rake = Rake(config.rake_basis_points, config.rake_cap) if config.rake_basis_points else None
        self.seating = InterimSeating(
            config.engine_variant,
            Stakes(config.small_blind, config.big_blind, rake),
            config.seats,
        )
        self.players: dict[int, Player] = {}
        self.live: LiveHand | None = None
        #: The hand that ended last, shown until the next one is dealt.
        self.last_hand: LiveHand | None = None
        self.hand_no = 0
        self.next_hand_at: float | None = None
        self.closed = False
        self._lock = asyncio.Lock()
        self._timer: _Timer | None = None
        self._dm_refusals_noted: set[int] = set()
        #: The last cash-out of each player, for telling a leaving player what they took.
        self._cash_outs: dict[int, SeatMovement] = {}

    @property
    def table_id(self) -> int:
        return self.record.table_id

    @property
    def locale(self) -> str:
        return self.config.locale

    # ------------------------------------------------------------- lifecycle

    async def start(self) -> None:
        """Show the table and start its clock (after creation or a restore)."""
        async with self._lock:
            self._changed(fresh=True)

    async def stop(self) -> None:
        """Stop the clock and deliver what is queued; the table stays open in the database."""
        async with self._lock:
            self._disarm()
        await self.publisher.drain()

    async def settled(self, timeout: float = 10.0) -> None:
        """Wait until nothing is being done at this table: the lock is free, the
        clock is waiting for a future moment and every message is delivered."""
        loop = asyncio.get_running_loop()
        give_up = loop.time() + timeout
        while self._busy():
            if loop.time() > give_up:
                raise TimeoutError(f"table {self.table_id} did not settle")
            await asyncio.sleep(0.001)

    def _busy(self) -> bool:
        if self._lock.locked() or not self.publisher.idle:
            return True
        timer = self._timer
        if timer is None or timer.task.done():
            return False
        return not timer.sleeping or self.clock.now() >= timer.when

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
        """Seat a player with chips from their balance; they play from the next hand."""
        async with self._lock:
            self._check_open()
            config = self.config
            if buy_in is None:
                balance = await self.cashier.ensure_balance(self.record.guild_id, user_id)
                if balance < config.min_buy_in:
                    raise InsufficientChips(needed=config.min_buy_in, available=balance)
                buy_in = min(config.max_buy_in, balance)
            if not config.min_buy_in <= buy_in <= config.max_buy_in:
                raise BuyInOutOfRange(amount=buy_in, low=config.min_buy_in, high=config.max_buy_in)
            current = self.seating.seat_of(user_id)
            if current is not None:
                raise AlreadySeated(seat_no=current.seat)
            taken = {s.seat for s in self.seating.seats()}
            if seat is None:
                free = [n for n in range(1, config.seats + 1) if n not in taken]
                if not free:
                    raise TableFull()
                seat = free[0]
            elif not 1 <= seat <= config.seats:
                raise NoSuchSeat(seat=seat, seats=config.seats)
            movement = await self.cashier.buy_in(
                self.record.guild_id, user_id, self.table_id, seat, buy_in
            )
            self.seating.sit(seat, user_id, buy_in)
            self.players[user_id] = Player(user_id, name, locale)
            await self._save_state()
            self._changed()
            return movement

    async def leave(self, user_id: int) -> Left:
        """Cash the player out now, or when the hand they are in ends."""
        async with self._lock:
            self._seat(user_id)
            if self._in_live_hand(user_id):
                self.players[user_id].leaving = True
                await self._save_state()
                await self._play_for_the_absent()  # their turn now: the hand may end
                self._changed()
                return Left(self._cash_outs.pop(user_id, None))
            movement = await self._cash_out(user_id)
            self._changed()
            return Left(movement)

    async def player_gone(self, user_id: int) -> None:
        """The player left the server or cannot be reached: fold them and cash them out."""
        with contextlib.suppress(NotSeated, TableIsClosed):
            await self.leave(user_id)

    async def sit_out(self, user_id: int) -> None:
        async with self._lock:
            self._seat(user_id)
            await self._set_sitting_out(user_id, True)
            await self._play_for_the_absent()
            self._changed()

    async def sit_in(self, user_id: int) -> None:
        async with self._lock:
            state = self._seat(user_id)
            if state.stack == 0:
                raise NoChipsToPlay()
            self.players[user_id].timeouts = 0
            self.players[user_id].leaving = False
            await self._set_sitting_out(user_id, False)
            self._changed()

    async def top_up(self, user_id: int, amount: int) -> SeatMovement:
        """Add chips from the balance, between the player's hands, up to the maximum buy-in."""
        async with self._lock:
            self._check_open()
            state = self._seat(user_id)
            if self._in_live_hand(user_id):
                raise TopUpDuringHand()
            most = self.config.max_buy_in - state.stack
            if amount > most:
                raise TopUpTooLarge(most=max(most, 0), maximum=self.config.max_buy_in)
            movement = await self.cashier.top_up(self.table_id, state.seat, amount)
            self.seating.add_chips(user_id, amount)
            self._changed()
            return movement

    async def close(self, by: int) -> list[SeatMovement]:
        """Close the table: void a hand in progress, then return every stack to its owner."""
        async with self._lock:
            self._check_open()
            log.info("Table %s closed by %s", self.table_id, by)
            if self.live is not None:
                await self._void(self.live, "closed")
            movements = [await self._cash_out(s.player_id) for s in self.seating.seats()]
            await self.store.close(self.table_id)
            self.closed = True
            self._changed()
            return movements

    # --------------------------------------------------------------- playing

    async def act(
        self,
        user_id: int,
        request: ActionRequest,
        *,
        hand_no: int | None = None,
        seq: int | None = None,
    ) -> Acted:
        """Take a player's action in the hand being played.

        ``hand_no`` and ``seq`` come from a button: the hand and the number of
        actions taken when it was drawn. A click on an older hand, or on
        buttons the hand has moved past, is refused.
        """
        async with self._lock:
            live = self._live_hand(hand_no)
            index = live.dealt.index_of(user_id)
            if index is None:
                raise NotInHand() if user_id in self.players else NotSeated()
            hand = live.hand
            if seq is not None and seq != len(hand.actions):
                raise StaleButton()
            if hand.phase is Phase.BETTING and hand.actor is not None and hand.actor != index:
                raise NotYourTurn(actor=self._name(live.dealt.players[hand.actor]))
            try:
                legal = hand.legal_actions()
            except IllegalAction as error:
                raise ActionRefused.from_engine(error) from None
            if legal.player != index:
                raise NotYourTurn(actor=self._name(live.dealt.players[legal.player]))
            action = resolve(request, legal)
            acted = await self._apply(live, index, action, actor=user_id)
            self.players[user_id].timeouts = 0
            await self._play_for_the_absent()
            self._changed()
            return acted

    def private_view(self, user_id: int) -> PrivateView:
        """The player's hole cards and best hand in the hand being played.

        Reads without the lock: it awaits nothing, so it sees one consistent state.
        """
        live = self.live
        if live is None:
            raise NoHandNow()
        index = live.dealt.index_of(user_id)
        if index is None:
            raise NotInHand() if user_id in self.players else NotSeated()
        return self._private_view(live, index)

    def _private_view(self, live: LiveHand, index: int) -> PrivateView:
        hand = live.hand
        cards = tuple(hand.hole_cards[index])
        board = tuple(hand.board)
        best = []
        for evaluation in hand.variant.evaluations:
            value = evaluate(evaluation, cards, board)
            if value is not None:
                best.append(value.describe())
        return PrivateView(
            self.table_id,
            self.record.channel_id,
            live.hand_no,
            cards,
            board,
            tuple(best),
            hand.folded[index],
        )

    async def tick(self) -> None:
        """Do whatever the clock says is due: a timeout or the next deal."""
        async with self._lock:
            if self.closed:
                return
            now = self.clock.now()
            live = self.live
            if live is not None:
                if live.deadline is not None and now >= live.deadline:
                    await self._time_out(live)
            elif self.next_hand_at is not None and now >= self.next_hand_at:
                self.next_hand_at = None
                if self.seating.can_deal():
                    await self._deal()
            self._changed()

    # ----------------------------------------------------- inside the lock

    def _check_open(self) -> None:
        if self.closed:
            raise TableIsClosed()

    def _seat(self, user_id: int) -> SeatState:
        self._check_open()
        state = self.seating.seat_of(user_id)
        if state is None or user_id not in self.players:
            raise NotSeated()
        return state

    def _in_live_hand(self, user_id: int) -> bool:
        return self.live is not None and self.live.dealt.index_of(user_id) is not None

    def _live_hand(self, hand_no: int | None) -> LiveHand:
        self._check_open()
        live = self.live
        if live is None:
            raise StaleHand() if hand_no is not None else NoHandNow()
        if hand_no is not None and hand_no != live.hand_no:
            raise StaleHand()
        return live

    def _name(self, user_id: int) -> str:
        player = self.players.get(user_id)
        return player.name if player is not None else f"<@{user_id}>"

    def _state(self) -> dict[str, Any]:
        return {
            "seating": self.seating.to_dict(),
            "hand_no": self.hand_no,
            "players": {str(uid): p.to_dict() for uid, p in self.players.items()},
        }

    async def _save_state(self) -> None:
        await self.store.save_state(self.table_id, self._state())

    async def _set_sitting_out(self, user_id: int, sitting_out: bool) -> None:
        self.seating.set_sitting_out(user_id, sitting_out)
        await self.store.set_sitting_out(self.table_id, user_id, sitting_out, self._state())

    async def _cash_out(self, user_id: int) -> SeatMovement:
        state = self.seating.seat_of(user_id)
        assert state is not None
        movement = await self.cashier.cash_out(self.table_id, state.seat)
        self.seating.remove(user_id)
        self.players.pop(user_id, None)
        self._dm_refusals_noted.discard(user_id)
        self._cash_outs[user_id] = movement
        await self._save_state()
        return movement

    async def _deal(self) -> None:
        dealt = self.seating.start_hand(self.services.rng)
        setup = dealt.hand.setup
        assert setup.deck is not None
        proof = commit(setup.deck) if self.config.provably_fair else None
        start = HandStart(
            hand_no=self.hand_no + 1,
            setup=setup,
            seats=dealt.seats,
            players=dealt.players,
            button=dealt.button,
            small_blind=dealt.small_blind,
            big_blind=dealt.big_blind,
            commitment=None if proof is None else proof.commitment,
            secret=None if proof is None else proof.secret_hex,
        )
        self.hand_no += 1
        hand_id = await self.hand_log.start(self.table_id, start, self._state())
        live = LiveHand(hand_id, start, dealt)
        self.live = live
        self.last_hand = None
        live.deadline = self.clock.now() + self.config.action_seconds
        self._publish(fresh=True)
        await self._send_hole_cards(live)
        await self._play_for_the_absent()

    async def _send_hole_cards(self, live: LiveHand) -> None:
        wanted = await dm_cards_wanted(self.services.database, list(live.dealt.players))
        for index, user_id in enumerate(live.dealt.players):
            if user_id not in wanted:
                continue
            locale = self.players[user_id].locale if user_id in self.players else self.locale
            message = private_message(self._private_view(live, index), locale)
            self.publisher.send_private(user_id, message, on_refused=self._note_refused_dm)

    def _note_refused_dm(self, user_id: int) -> None:
        """Called by the publisher, outside the lock: only touches a set and the queue."""
        if user_id in self._dm_refusals_noted:
            return
        self._dm_refusals_noted.add(user_id)
        self.publisher.post(
            OutgoingMessage(content=t("table.dm_refused", self.locale, mention=f"<@{user_id}>"))
        )

    async def _apply(
        self,
        live: LiveHand,
        index: int,
        action: Action,
        *,
        actor: int | None,
        by_clock: bool = False,
    ) -> Acted:
        """Check, log, then apply one action; settle the hand if it ended."""
        hand = live.hand
        try:
            hand.copy().act(index, action)
        except IllegalAction as error:
            raise ActionRefused.from_engine(error) from None
        seq = len(hand.actions) + 1
        await self.hand_log.append(live.hand_id, seq, action_text(index, action), actor)
        events = hand.act(index, action)
        acted = next(e for e in events if isinstance(e, PlayerActed))
        live.last_action = LastAction(
            self._name(live.dealt.players[index]),
            acted.kind,
            acted.amount,
            acted.to,
            acted.all_in,
            by_clock,
        )
        if hand.is_complete:
            await self._finish(live)
        else:
            live.deadline = self.clock.now() + self.config.action_seconds
        return Acted(acted.kind, acted.amount, acted.to, acted.all_in)

    async def _time_out(self, live: LiveHand) -> None:
        hand = live.hand
        index = hand.actor
        if index is None:
            live.deadline = None
            return
        user_id = live.dealt.players[index]
        player = self.players.get(user_id)
        if player is not None:
            player.timeouts += 1
            if player.timeouts >= TIMEOUTS_BEFORE_SITTING_OUT:
                await self._set_sitting_out(user_id, True)
        await self._apply(live, index, _default_action(hand), actor=None, by_clock=True)
        await self._play_for_the_absent()

    async def _play_for_the_absent(self) -> None:
        """Check or fold at once for each player to act who is not there to do it."""
        while (live := self.live) is not None and not live.hand.is_complete:
            index = live.hand.actor
            if index is None:
                return
            user_id = live.dealt.players[index]
            player = self.players.get(user_id)
            seat = self.seating.seat_of(user_id)
            absent = player is None or player.leaving or seat is None or seat.sitting_out
            if not absent:
                return
            await self._apply(live, index, _default_action(live.hand), actor=None)

    async def _finish(self, live: LiveHand) -> None:
        hand = live.hand
        dealt = live.dealt
        shown_at_showdown = {e.player for e in hand.events if isinstance(e, HandShown | HandMucked)}
        results = [
            PlayerResult(
                user_id=user_id,
                seat=seat,
                starting_stack=hand.setup.starting_stacks[index],
                finishing_stack=hand.finishing_stacks[index],
                won_chips=hand.awarded[index],
                went_to_showdown=index in shown_at_showdown,
                won_at_showdown=index in shown_at_showdown and hand.awarded[index] > 0,
            )
            for index, (seat, user_id) in enumerate(zip(dealt.seats, dealt.players, strict=True))
        ]
        live.result = self._result(live)
        self.seating.finish_hand(dealt)
        self.live = None
        self.last_hand = live
        await self.hand_log.finish(
            hand_id=live.hand_id,
            table_id=self.table_id,
            guild_id=self.record.guild_id,
            results=results,
            rake=hand.rake_taken,
            result=_result_json(hand, dealt),
            phh=None,
            table_state=self._state(),
        )
        for user_id, stack in zip(dealt.players, hand.finishing_stacks, strict=True):
            if stack == 0 and user_id in self.players and not self.players[user_id].leaving:
                await self._set_sitting_out(user_id, True)  # busted: sits out until topped up
        for user_id in [uid for uid, p in self.players.items() if p.leaving]:
            await self._cash_out(user_id)
        self._changed()
        self.publisher.post(result_message(live.result, self.locale))

    def _result(self, live: LiveHand) -> HandResult:
        hand, players = live.hand, live.dealt.players
        pot_count = len(hand.pots_awarded)
        shown = tuple(
            ShownHand(self._name(players[e.player]), e.cards, " / ".join(e.descriptions))
            for e in hand.events
            if isinstance(e, HandShown)
        )
        mucked = tuple(
            self._name(players[e.player]) for e in hand.events if isinstance(e, HandMucked)
        )
        wins = tuple(
            PotWin(
                e.pot_index,
                pot_count,
                e.share,
                e.amount,
                tuple((self._name(players[i]), chips) for i, chips in e.winners),
                e.description,
            )
            for e in hand.events
            if isinstance(e, PotAwarded)
        )
        rake = sum(e.amount for e in hand.events if isinstance(e, RakeTaken))
        return HandResult(
            self.table_id,
            live.hand_no,
            shown,
            mucked,
            wins,
            rake,
            live.start.commitment,
            live.start.secret,
        )

    async def _void(self, live: LiveHand, reason: str) -> None:
        self.live = None
        self.last_hand = None
        for user_id in [uid for uid, p in self.players.items() if p.leaving]:
            self.players[user_id].leaving = False
        await self.hand_log.void(
            hand_id=live.hand_id,
            table_id=self.table_id,
            start=live.start,
            reason=reason,
            table_state=self._state(),
        )

    # ---------------------------------------------------------------- clock

    def _schedule(self) -> None:
        """Arm the clock for what is due next."""
        if self.closed:
            self._disarm()
            return
        live = self.live
        if live is not None:
            self.next_hand_at = None
            wake = live.deadline
        elif self.seating.can_deal():
            if self.next_hand_at is None:
                self.next_hand_at = self.clock.now() + self.services.hand_pause_seconds
            wake = self.next_hand_at
        else:
            self.next_hand_at = None
            wake = None
        if wake is None:
            self._disarm()
            return
        timer = self._timer
        if timer is not None and timer.when == wake and not timer.task.done():
            return
        self._disarm()
        task = asyncio.create_task(self._wait(wake), name=f"table-{self.table_id}-clock")
        self._timer = _Timer(task, wake)

    def _disarm(self) -> None:
        timer, self._timer = self._timer, None
        if timer is not None and timer.task is not asyncio.current_task():
            timer.task.cancel()

    async def _wait(self, when: float) -> None:
        timer = self._timer
        assert timer is not None
        timer.sleeping = True
        try:
            await self.clock.sleep_until(when)
        finally:
            timer.sleeping = False
        try:
            await self.tick()
        except Exception:
            log.exception("The clock of table %s failed", self.table_id)

    # ------------------------------------------------------------ rendering

    def _changed(self, *, fresh: bool = False) -> None:
        """After a change: arm the clock for what is now due, then show the table."""
        self._schedule()
        self._publish(fresh=fresh)

    def _publish(self, *, fresh: bool = False) -> None:
        """Queue the table message as it now stands (rendered here, sent later)."""
        self.publisher.show_table(table_message(self.snapshot(), self.locale), fresh=fresh)

    def snapshot(self) -> TableSnapshot:
        """What everyone may see now."""
        live = self.live
        shown_from = live if live is not None else self.last_hand
        config = self.config
        snapshot = TableSnapshot(
            table_id=self.table_id,
            variant_name=config.engine_variant.name,
            small_blind=config.small_blind,
            big_blind=config.big_blind,
            min_buy_in=config.min_buy_in,
            max_buy_in=config.max_buy_in,
            seat_count=config.seats,
            seats=tuple(self._seat_line(seat, shown_from) for seat in self.seating.seats()),
            closed=self.closed,
            next_hand_at=None
            if self.next_hand_at is None
            else int(wall_time_at(self.clock, self.next_hand_at)),
        )
        if shown_from is None:
            return snapshot
        hand, dealt = shown_from.hand, shown_from.dealt
        actor = hand.actor if live is not None else None
        if live is None:
            pots = tuple(pot.amount for pot in hand.pots_awarded)
        else:
            # Side pots form as bets are gathered; until then this round's bets
            # are shown in front of each player, and the total as one pot.
            gathered = build_pots(hand.contributions, hand.folded)
            pots = (hand.pot_total,) if len(gathered) < 2 else tuple(p.amount for p in gathered)
        player_at = dict(zip(dealt.seats, dealt.players, strict=True))
        return replace(
            snapshot,
            hand_no=shown_from.hand_no,
            board=tuple(hand.board),
            pots=pots,
            hand_over=live is None,
            actor_name=None if actor is None else self._name(dealt.players[actor]),
            actor_id=None if actor is None else dealt.players[actor],
            deadline=None
            if live is None or live.deadline is None or actor is None
            else int(wall_time_at(self.clock, live.deadline)),
            last_action=shown_from.last_action,
            choices=None if actor is None else self._choices(hand),
            commitment=shown_from.start.commitment,
            button_draw=tuple(
                (self._name(player_at[seat_no]), card) for seat_no, card in dealt.button_draw
            ),
        )

    def _seat_line(self, seat: SeatState, shown_from: LiveHand | None) -> SeatLine:
        player = self.players.get(seat.player_id)
        name = self._name(seat.player_id)
        leaving = player is not None and player.leaving
        index = None if shown_from is None else shown_from.dealt.index_of(seat.player_id)
        if shown_from is None or index is None:
            return SeatLine(
                seat.seat,
                seat.player_id,
                name,
                seat.stack,
                sitting_out=seat.sitting_out,
                leaving=leaving,
                button=self.live is None and self.seating.button == seat.seat,
            )
        hand, dealt = shown_from.hand, shown_from.dealt
        in_play = shown_from is self.live
        cards: tuple[Card, ...] = ()
        description = ""
        for event in hand.events:
            if isinstance(event, HandShown) and event.player == index:
                cards, description = event.cards, " / ".join(event.descriptions)
        return SeatLine(
            seat.seat,
            seat.player_id,
            name,
            hand.stacks[index] if in_play else seat.stack,
            bet=hand.bets[index] if in_play else 0,
            in_hand=True,
            folded=hand.folded[index],
            all_in=in_play and hand.is_all_in(index),
            sitting_out=seat.sitting_out,
            leaving=leaving,
            button=dealt.button == seat.seat,
            small_blind=dealt.small_blind == seat.seat,
            big_blind=dealt.big_blind == seat.seat,
            to_act=in_play and hand.actor == index,
            shown=cards,
            shown_description=description,
        )

    @staticmethod
    def _choices(hand: Hand) -> Choices | None:
        try:
            legal = hand.legal_actions()
        except IllegalAction:
            return None
        if legal.phase is not Phase.BETTING:
            return None
        quick = tuple(
            (move.value, amount)
            for move in QUICK_SIZES
            if (amount := quick_raise_to(move, legal)) is not None
        )
        return Choices(
            seq=len(hand.actions),
            can_fold=legal.can_fold,
            can_check=legal.can_check,
            call_amount=legal.call_amount,
            can_raise=legal.can_raise,
            is_bet=legal.is_bet,
            min_raise_to=legal.min_raise_to,
            max_raise_to=legal.max_raise_to,
            quick_sizes=quick,
            call_is_all_in=legal.can_call and legal.call_amount == legal.stack,
        )

    # -------------------------------------------------------------- restore

    @classmethod
    async def restore(
        cls,
        record: TableRecord,
        config: TableConfig,
        services: TableServices,
        outlet: Outlet,
        *,
        state: dict[str, Any],
        seats: tuple[SeatState, ...],
    ) -> TableRunner:
        """Rebuild a table after a restart, replaying its unfinished hand.

        A hand whose log cannot be replayed is voided: every stack goes back to
        what it was when the hand began, and the channel is told.
        """
        runner = cls(record, config, services, outlet)
        runner.seating.restore(state.get("seating", {}), list(seats))
        players = state.get("players", {})
        runner.players = {
            s.player_id: Player.from_dict(s.player_id, players.get(str(s.player_id), {}))
            for s in seats
        }
        runner.hand_no = max(
            int(state.get("hand_no", 0)), await runner.hand_log.last_hand_no(record.table_id)
        )
        await runner._resume_hand()
        return runner

    async def _resume_hand(self) -> None:
        found = await self.hand_log.in_progress(self.table_id)
        if found is None:
            return
        hand_id, initial, secret = found
        start: HandStart | None = None
        try:
            start = HandStart.from_json(initial, secret)
            actions = await self.hand_log.actions(hand_id)
            hand = replay(start, actions)
            by_seat = {s.seat: s for s in self.seating.seats()}
            for seat, user_id, stack in zip(
                start.seats, start.players, start.setup.starting_stacks, strict=True
            ):
                state = by_seat.get(seat)
                if state is None or state.player_id != user_id or state.stack != stack:
                    raise ValueError(f"seat {seat} no longer matches the hand")
        except Exception as error:
            log.warning("Hand %s of table %s cannot be resumed: %s", hand_id, self.table_id, error)
            await self.hand_log.void(
                hand_id=hand_id,
                table_id=self.table_id,
                start=start,
                reason=f"not resumable: {error}",
                table_state=None,
            )
            self.publisher.post(
                OutgoingMessage(
                    content=t(
                        "table.hand_voided",
                        self.locale,
                        hand_no=start.hand_no if start is not None else "?",
                    )
                )
            )
            return
        dealt = DealtHand(
            hand,
            start.seats,
            start.players,
            start.button,
            start.small_blind,
            start.big_blind,
        )
        self.seating.resume_hand(dealt)
        live = LiveHand(hand_id, start, dealt)
        self.hand_no = max(self.hand_no, start.hand_no)
        self.live = live
        if hand.is_complete:
            await self._finish(live)
            return
        live.deadline = self.clock.now() + self.config.action_seconds
        if actions:
            last = actions[-1]
            player, _ = last.parsed()
            acted = [e for e in hand.events if isinstance(e, PlayerActed)]
            if acted:
                e = acted[-1]
                live.last_action = LastAction(
                    self._name(start.players[player]),
                    e.kind,
                    e.amount,
                    e.to,
                    e.all_in,
                    last.actor is None,
                )


def _default_action(hand: Hand) -> Action:
    """What the clock does for a player: check if that is possible, else fold."""
    legal = hand.legal_actions()
    return CheckOrCall() if legal.can_check else Fold()


def _result_json(hand: Hand, dealt: DealtHand) -> dict[str, Any]:
    return {
        "players": list(dealt.players),
        "finishing_stacks": list(hand.finishing_stacks),
        "awarded": list(hand.awarded),
        "rake": hand.rake_taken,
        "board": " ".join(str(c) for c in hand.board),
        "shown": {
            str(dealt.players[e.player]): " ".join(str(c) for c in e.cards)
            for e in hand.events
            if isinstance(e, HandShown)
        },
    }
