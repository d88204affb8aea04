"""The table runner: one per table, the only code that plays hands at it.

A runner drives the engine's :class:`~engine.table.Table` (seats, the button
and blinds, sitting out, top-ups, leaving) and its hands, moves chips with the
cashier, and decides what Discord is shown. Every rule is the engine's: the
runner asks, and turns refusals into sentences.

**One lock per table.** Every change to a table happens while its runner holds
its own :class:`asyncio.Lock`, so two clicks at the same table are taken one
after the other, and two tables never wait for each other (they share only
the database connection, for the milliseconds of each transaction).

**The order of one action** (DESIGN.md, "How one action travels"):

1. Under the lock, the request is turned into an engine action and the engine
   is asked, on a copy of the hand, whether it is legal. A refusal raises a
   typed error; nothing has changed.
2. The action is appended to the hand's log and committed (write-ahead).
3. Only then is it applied to the hand itself. If it ended the hand, the
   table settles it and one transaction writes the stacks, the results, the
   rake, the cash-outs of players who were leaving and the table's state.
4. The runner renders what everyone may see and hands it to its
   :class:`~bot.tables.publisher.Publisher`, then lets go of the lock.

The lock is never held while waiting for Discord: the publisher's own task
delivers the messages, in order, while the table carries on. It is held over
the database's short transactions, which is what makes a shown action always
a logged one.

**Memory and database agree.** A change to the table is made on the engine's
table first (which checks the rules), then written in one transaction with
the chips it moves and the table's saved state; if the transaction fails, the
table is put back as it was.

**The clock.** One timer task per table waits for the next thing due: the
acting player's deadline (``action_seconds``) or the next deal
(``hand_pause_seconds`` after the last hand, once two players can be dealt
in). When the deadline passes the clock checks for the player if it can and
folds otherwise; two such timeouts in a row sit the player out. A player who
is sitting out or leaving is acted for at once when their turn comes.

**Tournaments** (:mod:`bot.tables.tournament`): players register with
``join`` (the buy-in goes to the prize pool) and unregister with ``leave``
until the tournament begins, when every seat is taken or its creator says so
(:meth:`TableRunner.begin_tournament`). From then on nobody joins, tops up or
leaves with chips; a player sitting out is dealt in and checked or folded for
(blinded away). Each deal first moves the blinds to the level due; a hand
that eliminates players records and pays their places in the transaction
that settles it, and the one that leaves a single player pays the winner and
closes the table.

**Closing** voids a hand in progress (every stack back to where it was when
the hand began) rather than playing it out, so a table closes at once and
nobody waits on a table that is going away; then every stack goes back to
its owner's balance, all in one transaction. A tournament closed before it
begins refunds every buy-in; after, what is left of its prize pool is shared
among the players still in, in proportion to their chips.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any, Final, TypeVar

from bot.cashier import Cashier, InsufficientChips, SeatMovement
from bot.database import Database, Transaction
from bot.i18n import ordinal, t
from bot.render.card_markup import TEXT_FACES, CardFaces
from bot.render.hand_result import result_message
from bot.render.private_view import PrivateView, private_message
from bot.render.table_message import table_message
from bot.tables.clock import Clock, wall_time_at
from bot.tables.config import TableConfig
from bot.tables.errors import (
    NoHandNow,
    NotATournament,
    NotInHand,
    NotSeated,
    NotYourTurn,
    Refused,
    StaleButton,
    StaleHand,
    TableIsClosed,
    TooFewToStart,
    TournamentBuyIn,
    TournamentStarted,
)
from bot.tables.hand_log import HandLog, LoggedHand, PlayerResult, action_text, replay
from bot.tables.histories import full_history
from bot.tables.outlet import OutgoingMessage, Outlet
from bot.tables.publisher import Publisher
from bot.tables.requests import QUICK_SIZES, ActionRequest, Move, quick_raise_to, resolve
from bot.tables.snapshot import (
    Choices,
    DiscardChoices,
    HandResult,
    LastAction,
    PotWin,
    SeatLine,
    ShownHand,
    TableSnapshot,
    TournamentView,
)
from bot.tables.table_store import (
    StoredSeat,
    TableRecord,
    add_to_seats,
    close_table,
    dm_cards_wanted,
    prize_pool_of,
    remove_tournament_seats,
    save_state,
)
from bot.tables.tournament import TournamentProgress, elimination_prizes
from engine.actions import Action, BetOrRaise, CheckOrCall, Discard, Fold, PostBringIn
from engine.cards import Card
from engine.errors import IllegalAction
from engine.evaluation import evaluate
from engine.evaluation.described import described
from engine.events import (
    CardsDiscarded,
    HandMucked,
    HandShown,
    HoleCardsDealt,
    PlayerActed,
    PointCardChosen,
    PotAwarded,
    RakeTaken,
)
from engine.fairness import commit
from engine.hand import Hand, LegalActions, Phase
from engine.payouts import chip_chop
from engine.plain_data import table_from_data, table_to_data
from engine.pots import build_pots
from engine.stakes import Stakes
from engine.table import CashOut, Deal, Departure, Seat, Table
from engine.table import HandResult as TableHandResult
from engine.table import TableConfig as EngineTableConfig
from engine.variants import BettingStructure, Variant
from engine.verdicts import pot_verdicts, shown_hands

log = logging.getLogger(__name__)

#: Timeouts in a row after which a player is sat out.
TIMEOUTS_BEFORE_SITTING_OUT: Final = 2
#: How many of the latest actions the table message shows.
RECENT_ACTIONS: Final = 3
#: Seconds before settling a finished hand is tried again when the database failed.
SETTLE_RETRY_SECONDS: Final = 5.0

_T = TypeVar("_T")
_W = TypeVar("_W")


@dataclass
class Player:
    """What the runner knows of a seated player beyond the engine's seat."""

    user_id: int
    name: str
    locale: str = "en"
    #: Timeouts in a row; reset when the player acts.
    timeouts: int = 0

    def to_data(self) -> dict[str, Any]:
        return {"name": self.name, "locale": self.locale, "timeouts": self.timeouts}

    @classmethod
    def from_data(cls, user_id: int, data: dict[str, Any]) -> Player:
        return cls(
            user_id,
            str(data.get("name", f"<@{user_id}>")),
            str(data.get("locale", "en")),
            int(data.get("timeouts", 0)),
        )


@dataclass
class LiveHand:
    """The hand being played (or the one just over), with its log id and clock."""

    hand_id: int
    deal: Deal
    hand: Hand
    commitment: str | None = None
    secret: str | None = None
    deadline: float | None = None
    #: Every action taken, as the table message tells it.
    actions: list[LastAction] = field(default_factory=list)
    result: HandResult | None = None

    @property
    def last_action(self) -> LastAction | None:
        return self.actions[-1] if self.actions else None

    @property
    def hand_no(self) -> int:
        return self.deal.number

    def index_of(self, user_id: int) -> int | None:
        return self.deal.players.index(user_id) if user_id in self.deal.players else None


@dataclass(frozen=True, slots=True)
class TableServices:
    """What every runner shares: the database, the cashier, the clock, the dealer's randomness."""

    database: Database
    cashier: Cashier
    clock: Clock
    hand_pause_seconds: float = 5.0
    #: ``None``: shuffle with the operating system's randomness.
    rng: random.Random | None = None
    #: How public messages draw cards: the deck, and the emojis synced so far.
    public_faces: Callable[[], CardFaces] = field(default=lambda: TEXT_FACES)


@dataclass(frozen=True, slots=True)
class Acted:
    """What a player's request did, for confirming it to them."""

    kind: str
    amount: int
    to: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class Left:
    """A leave: cashed out (``movement``), or leaving when the hand ends (``None``)."""

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
        *,
        table: Table | None = None,
    ) -> None:
        self.record = record
        self.config = config
        self.services = services
        self.clock = services.clock
        self.cashier = services.cashier
        self.database = services.database
        self.hand_log = HandLog(services.database)
        self.publisher = Publisher(outlet, name=f"table-{record.table_id}")
        self.engine_config = config.engine_config()
        self.table = table if table is not None else Table(self.engine_config)
        self.players: dict[int, Player] = {}
        self.live: LiveHand | None = None
        #: The hand that ended last, shown until the next one is dealt.
        self.last_hand: LiveHand | None = None
        self.next_hand_at: float | None = None
        self.closed = False
        self._lock = asyncio.Lock()
        self._timer: _Timer | None = None
        self._dm_refusals_noted: set[int] = set()
        #: Cash-outs of this moment, for telling a leaving player what they took.
        self._cash_outs: dict[int, SeatMovement] = {}
        #: A tournament's money and clock; ``None`` at a cash table.
        self.progress = TournamentProgress(config.tournament_buy_in) if config.tournament else None

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
        """Seat a player with chips from their balance; the table says when they play."""
        async with self._lock:
            self._check_open()
            if self.progress is not None:
                return await self._register(user_id, name, buy_in, seat, locale)
            if buy_in is None:
                balance = await self.cashier.ensure_balance(self.record.guild_id, user_id)
                low, high = self.engine_config.minimum_buy_in, self.engine_config.maximum_buy_in
                if balance < low:
                    raise InsufficientChips(needed=low, available=balance)
                buy_in = min(high, balance)
            amount = buy_in
            known = self.players.get(user_id)
            self.players[user_id] = Player(user_id, name, locale)

            def sit() -> Seat:
                return self.table.sit(user_id, seat, buy_in=amount)

            async def pay(tx: Transaction, taken: Seat) -> SeatMovement:
                return await self.cashier.buy_in(
                    self.record.guild_id, user_id, self.table_id, taken.number, amount, tx=tx
                )

            try:
                movement = await self._transact(sit, pay)
            except BaseException:
                if known is not None:
                    self.players[user_id] = known
                else:
                    self.players.pop(user_id, None)
                raise
            self._changed()
            return movement

    async def _register(
        self, user_id: int, name: str, buy_in: int | None, seat: int | None, locale: str
    ) -> SeatMovement:
        """Enter a tournament: its buy-in to the prize pool, its starting stack
        to the seat; the last seat taken starts it."""
        progress = self.progress
        assert progress is not None
        if progress.started:
            raise TournamentStarted()
        if buy_in is not None and buy_in != progress.buy_in:
            raise TournamentBuyIn(amount=progress.buy_in)
        if self.table.is_seated(user_id):
            raise Refused("engine.already_seated", seat=self.table.seat_of(user_id).number)
        self.players[user_id] = Player(user_id, name, locale)

        async def pay(tx: Transaction, taken: Seat) -> SeatMovement:
            return await self.cashier.register(
                self.record.guild_id,
                user_id,
                self.table_id,
                taken.number,
                progress.buy_in,
                taken.stack,
                tx=tx,
            )

        try:
            movement = await self._transact(lambda: self.table.sit(user_id, seat), pay)
        except BaseException:
            self.players.pop(user_id, None)
            raise
        progress.prize_pool += movement.amount
        if len(self.table.seats) == self.config.seats:
            await self._begin()
        self._changed()
        return movement

    async def begin_tournament(self) -> None:
        """Start a tournament with the players registered (two at least)."""
        async with self._lock:
            self._check_open()
            if self.progress is None:
                raise NotATournament()
            if self.progress.started:
                raise TournamentStarted()
            if len(self.table.seats) < 2:
                raise TooFewToStart()
            await self._begin()
            self._changed()

    async def _begin(self) -> None:
        progress = self.progress
        assert progress is not None
        before = (progress.started, progress.entrants, progress.running_since)
        progress.begin(entrants=len(self.table.seats), now=self.clock.now())
        try:
            await self._transact(lambda: None, _nothing)
        except BaseException:
            progress.started, progress.entrants, progress.running_since = before
            raise
        self.publisher.post(
            OutgoingMessage(
                content=t(
                    "tournament.begins",
                    self.locale,
                    players=progress.entrants,
                    pool=progress.prize_pool,
                    payouts=self._payouts_text(progress),
                )
            )
        )

    def _payouts_text(self, progress: TournamentProgress) -> str:
        return ", ".join(
            t("tournament.payout", self.locale, place=ordinal(place, self.locale), amount=amount)
            for place, amount in enumerate(progress.prizes, start=1)
        )

    async def leave(self, user_id: int) -> Left:
        """Cash the player out now, or when the hand they are in ends."""
        async with self._lock:
            self._seat(user_id)
            self._cash_outs.pop(user_id, None)
            if self.progress is not None:
                return await self._unregister(user_id)

            async def pay(tx: Transaction, departure: Departure) -> Departure:
                if departure.carried_share:
                    await add_to_seats(
                        tx, self.table_id, [(departure.seat, departure.carried_share)]
                    )
                await self._pay_out(tx, departure.seat, departure.cash_out)
                return departure

            departure = await self._transact(lambda: self.table.leave(user_id), pay)
            try:
                if departure.at_end_of_hand:
                    await self._play_for_the_absent()  # their turn now: the hand may end
                else:
                    self._forget(user_id)
            finally:
                self._changed()
            return Left(self._cash_outs.pop(user_id, None))

    async def _unregister(self, user_id: int) -> Left:
        """Leave a tournament before it begins, with the whole buy-in back."""
        progress = self.progress
        assert progress is not None
        if progress.started:
            raise Refused("engine.tournament_no_leave")

        async def refund(tx: Transaction, departure: Departure) -> SeatMovement:
            return await self.cashier.unregister(self.table_id, departure.seat, tx=tx)

        movement = await self._transact(lambda: self.table.leave(user_id), refund)
        progress.prize_pool -= movement.amount
        self._forget(user_id)
        self._changed()
        return Left(movement)

    async def player_gone(self, user_id: int) -> None:
        """The player left the server: fold them when their turn comes and cash them
        out; in a tournament under way they sit out (their chips stay in play)."""
        with contextlib.suppress(NotSeated, TableIsClosed):
            if self.progress is not None and self.progress.started:
                await self.sit_out(user_id)
            else:
                await self.leave(user_id)

    async def sit_out(self, user_id: int) -> None:
        async with self._lock:
            self._seat(user_id)
            await self._transact(lambda: self.table.sit_out(user_id), _nothing)
            try:
                await self._play_for_the_absent()
            finally:
                self._changed()

    async def sit_in(self, user_id: int) -> None:
        async with self._lock:
            self._seat(user_id)
            await self._transact(lambda: self.table.sit_in(user_id), _nothing)
            self.players[user_id].timeouts = 0
            self._changed()

    async def choose_straddle(self, user_id: int, straddles: bool) -> None:
        """Whether the player posts a live straddle when first to act after the big blind."""
        async with self._lock:
            self._seat(user_id)
            await self._transact(lambda: self.table.choose_straddle(user_id, straddles), _nothing)
            self._changed()

    async def top_up(self, user_id: int, amount: int) -> SeatMovement:
        """Add chips from the balance: the table says when and how many."""
        async with self._lock:
            seat = self._seat(user_id)

            async def pay(tx: Transaction, stack: int) -> SeatMovement:
                # The stack the table saw must be the seat's: else another process moved it.
                return await self.cashier.top_up(
                    self.table_id, seat.number, amount, tx=tx, stack_before=stack - amount
                )

            movement = await self._transact(lambda: self.table.top_up(user_id, amount), pay)
            self._changed()
            return movement

    async def close(self, by: int) -> list[SeatMovement]:
        """Close the table: void a hand in progress, then return every stack to its owner."""
        async with self._lock:
            self._check_open()
            log.info("Table %s is closed by %s", self.table_id, by)
            if self.progress is not None:
                return await self._close_tournament()
            live = self.live

            def empty_the_table() -> tuple[list[CashOut], tuple[tuple[int, int], ...]]:
                cash_outs = list(self.table.void_hand()) if live is not None else []
                # A jackpot still carried goes back to the players at the table.
                shares = self.table.share_out_carried_pot()
                for seat in list(self.table.seats.values()):
                    departure = self.table.leave(seat.player)
                    assert departure.cash_out is not None
                    cash_outs.append(CashOut(seat.player, seat.number, departure.cash_out))
                return cash_outs, shares

            async def write(
                tx: Transaction, emptied: tuple[list[CashOut], tuple[tuple[int, int], ...]]
            ) -> list[SeatMovement]:
                cash_outs, shares = emptied
                if live is not None:
                    await self.hand_log.void(
                        tx,
                        hand_id=live.hand_id,
                        table_id=self.table_id,
                        deal=live.deal,
                        reason="the table was closed",
                    )
                await add_to_seats(tx, self.table_id, shares)
                movements = [await self._pay_out(tx, c.seat, c.amount) for c in cash_outs]
                await close_table(tx, self.table_id)
                return [m for m in movements if m is not None]

            movements = await self._transact(empty_the_table, write)
            self.live = self.last_hand = None
            self.players.clear()
            self.closed = True
            self._changed()
            return movements

    async def _close_tournament(self) -> list[SeatMovement]:
        """Close a tournament early: before it begins every buy-in goes back;
        after, the hand in progress is voided and the prize pool left is shared
        in proportion to the chips of the players still in."""
        progress, live = self.progress, self.live
        assert progress is not None

        def void() -> list[Seat]:
            if live is not None:
                self.table.void_hand()
            return list(self.table.seats.values())

        async def write(tx: Transaction, seats: list[Seat]) -> list[SeatMovement]:
            if live is not None:
                await self.hand_log.void(
                    tx,
                    hand_id=live.hand_id,
                    table_id=self.table_id,
                    deal=live.deal,
                    reason="the table was closed",
                )
            movements = []
            if not progress.started:
                for seat in seats:
                    refund = await self.cashier.unregister(self.table_id, seat.number, tx=tx)
                    movements.append(refund)
            else:
                pool = await prize_pool_of(tx, self.table_id)
                shares = chip_chop(pool, [seat.stack for seat in seats]) if seats else ()
                for seat, share in zip(seats, shares, strict=True):
                    await self.cashier.pay_prize(
                        tx,
                        self.record.guild_id,
                        self.table_id,
                        seat.player,
                        share,
                        place=None,
                        note="the tournament was closed before its end",
                    )
                await remove_tournament_seats(tx, self.table_id, [seat.number for seat in seats])
            await close_table(tx, self.table_id)
            return movements

        movements = await self._transact(void, write)
        progress.prize_pool = 0
        self.live = self.last_hand = None
        self.players.clear()
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
            live, index, legal = self._turn_of(user_id, hand_no, seq)
            if request.move is Move.DISCARD:
                _check_own_cards(request.cards, live.hand.hole_cards[index])
            try:
                action = resolve(request, legal)
            except Refused as refused:
                raise _why_no_bet(live.hand, index, refused) from None
            try:
                acted = await self._apply(live, index, action, actor=user_id)
                if user_id in self.players:
                    self.players[user_id].timeouts = 0
                await self._play_for_the_absent()
            finally:
                self._changed()  # even after a failure: the clock must see what is due
            return acted

    def choices_for(self, user_id: int, *, hand_no: int, seq: int) -> Choices:
        """What the player to act may bet or raise to, for the bet/raise form;
        refused as :meth:`act` would refuse. Reads without the lock."""
        live, _, _ = self._turn_of(user_id, hand_no, seq)
        choices = _choices(live.hand)
        if choices is None or not choices.can_raise:
            raise Refused("engine.cannot_raise")
        return choices

    def _turn_of(
        self, user_id: int, hand_no: int | None, seq: int | None
    ) -> tuple[LiveHand, int, LegalActions]:
        """The hand, the player's index and what they may do, if it is their turn."""
        live = self._live_hand(hand_no)
        index = live.index_of(user_id)
        if index is None:
            raise NotInHand() if self.table.is_seated(user_id) else NotSeated()
        hand = live.hand
        if seq is not None and seq != len(hand.actions):
            raise StaleButton()
        if hand.phase is Phase.BETTING and hand.actor is not None and hand.actor != index:
            raise NotYourTurn(actor=self._name(live.deal.players[hand.actor]))
        try:
            legal = hand.legal_actions()
        except IllegalAction as error:
            raise Refused.from_engine(error) from None
        if legal.player != index:
            raise NotYourTurn(actor=self._name(live.deal.players[legal.player]))
        return live, index, legal

    def position(self) -> tuple[int, int] | None:
        """The hand being played and how many actions it has had, or ``None``.

        Read without the lock: an action command takes it as it arrives, so
        that it acts on the turn it was sent in, as a button does, and a second
        request for the same turn is refused instead of acting again.
        """
        live = self.live
        return None if live is None else (live.hand_no, len(live.hand.actions))

    def private_view(self, user_id: int) -> PrivateView:
        """The player's hole cards and best hand in the hand being played.

        Reads without the lock: it awaits nothing, so it sees one consistent state.
        """
        live = self.live
        if live is None:
            raise NoHandNow()
        index = live.index_of(user_id)
        if index is None:
            raise NotInHand() if self.table.is_seated(user_id) else NotSeated()
        return self._private_view(live, index)

    def discard_choices(self, user_id: int, *, hand_no: int, seq: int) -> DiscardChoices:
        """The player's cards and how many they may throw away, for the discard
        menu; refused as :meth:`act` would refuse. Reads without the lock."""
        live, index, legal = self._turn_of(user_id, hand_no, seq)
        if legal.phase is not Phase.DISCARDING:
            raise Refused("table.not_discarding")
        return DiscardChoices(
            hand_no=live.hand_no,
            seq=len(live.hand.actions),
            cards=tuple(live.hand.hole_cards[index]),
            low=legal.discard_min,
            high=legal.discard_max,
            draw=live.hand.street.draw,
            point=live.hand.street.point_card,
        )

    def _private_view(self, live: LiveHand, index: int) -> PrivateView:
        hand = live.hand
        cards, board = tuple(hand.hole_cards[index]), tuple(hand.board)
        values = []
        for each_board in hand.boards:
            for evaluation in hand.variant.evaluations:
                try:
                    value = evaluate(evaluation, cards, each_board)
                except ValueError:  # too few cards yet to make a hand
                    continue
                if value is not None:
                    values.append(value)
        return PrivateView(
            self.table_id,
            self.record.channel_id,
            live.hand_no,
            cards,
            board,
            tuple(value.describe() for value in values),
            hand.folded[index],
            _more_boards(hand),
            tuple(described(value) for value in values),
        )

    async def tick(self) -> None:
        """Do whatever the clock says is due: a timeout, the next deal, or settling
        a finished hand again after the database refused it."""
        async with self._lock:
            if self.closed:
                return
            try:
                now = self.clock.now()
                live = self.live
                if live is not None:
                    if live.deadline is not None and now >= live.deadline:
                        if live.hand.is_complete:
                            await self._finish(live)
                        else:
                            await self._time_out(live)
                elif self.next_hand_at is not None and now >= self.next_hand_at:
                    self.next_hand_at = None  # a failed deal is tried again after a pause
                    if self._may_deal:
                        await self._deal()
            finally:
                self._changed()

    # ----------------------------------------------------- inside the lock

    def _check_open(self) -> None:
        if self.closed:
            raise TableIsClosed()

    def _seat(self, user_id: int) -> Seat:
        self._check_open()
        if not self.table.is_seated(user_id):
            raise NotSeated()
        return self.table.seat_of(user_id)

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
        state: dict[str, Any] = {
            "table": table_to_data(self.table),
            "players": {str(uid): p.to_data() for uid, p in self.players.items()},
        }
        if self.progress is not None:
            state["tournament"] = self.progress.to_data(now=self.clock.now())
        return state

    async def _transact(
        self,
        change: Callable[[], _T],
        write: Callable[[Transaction, _T], Awaitable[_W]],
    ) -> _W:
        """Change the engine's table, then write what goes with it and the table's
        state in one transaction; if anything fails, put the table back."""
        before = table_to_data(self.table)
        try:
            changed = change()
        except IllegalAction as error:
            self.table = table_from_data(self.engine_config, before)
            raise Refused.from_engine(error) from None
        try:
            async with self.database.transaction() as tx:
                written = await write(tx, changed)
                await save_state(
                    tx,
                    self.table_id,
                    self._state(),
                    {n: s.sitting_out for n, s in self.table.seats.items()},
                    carried_pot=self.table.carried_pot,
                )
        except BaseException:
            self.table = table_from_data(self.engine_config, before)
            raise
        return written

    async def _pay_out(self, tx: Transaction, seat: int, amount: int | None) -> SeatMovement | None:
        """Move a leaving player's stack to their balance (``None``: nothing to do yet)."""
        if amount is None:
            return None
        movement = await self.cashier.cash_out(self.table_id, seat, tx=tx)
        if movement.amount != amount:
            raise RuntimeError(
                f"table {self.table_id} seat {seat}: the table says {amount},"
                f" the database {movement.amount}"
            )
        self._cash_outs[movement.user_id] = movement
        return movement

    def _forget(self, user_id: int) -> None:
        self.players.pop(user_id, None)
        self._dm_refusals_noted.discard(user_id)

    async def _deal(self) -> None:
        rng, fair = self.services.rng, self.config.provably_fair

        progress = self.progress
        new_level: list[int] = []

        def start() -> tuple[Hand, Deal]:
            if progress is not None:
                elapsed = progress.elapsed(now=self.clock.now())
                if self.table.advance_level_if_due(elapsed) is not None:
                    assert self.table.clock is not None
                    new_level.append(self.table.clock.index + 1)
            hand = self.table.start_hand(rng)
            assert self.table.deal is not None
            return hand, self.table.deal

        async def write(tx: Transaction, dealt: tuple[Hand, Deal]) -> LiveHand:
            hand, deal = dealt
            proof = None
            if fair:
                assert deal.setup.deck is not None
                proof = commit(deal.setup.deck)
            commitment = None if proof is None else proof.commitment
            secret = None if proof is None else proof.secret_hex
            hand_id = await self.hand_log.start(
                tx, self.table_id, deal, commitment=commitment, secret=secret
            )
            return LiveHand(hand_id, deal, hand, commitment, secret)

        game_before = self.table.variant if self.table.hand_number else None
        live = await self._transact(start, write)
        self.live, self.last_hand = live, None
        live.deadline = self.clock.now() + self.config.action_seconds
        rotation = self.engine_config.rotation
        game = live.deal.setup.variant
        if new_level:
            stakes = self.table.stakes
            self.publisher.post(
                OutgoingMessage(
                    content=t(
                        "tournament.level_up_ante" if stakes.ante else "tournament.level_up",
                        self.locale,
                        level=new_level[0],
                        small_blind=stakes.small_blind,
                        big_blind=stakes.big_blind,
                        ante=stakes.ante,
                    )
                )
            )
        if rotation is not None and game_before is not None and game != game_before:
            self.publisher.post(
                OutgoingMessage(
                    content=t("table.game_changes", self.locale, mix=rotation.name, game=game.name)
                )
            )
        self._publish(fresh=True)
        await self._send_hole_cards(live)
        await self._play_for_the_absent()
        if self.live is live and live.hand.is_complete:
            # Blinds and antes put everyone but one all in: nothing is left to decide.
            live.deadline = self.clock.now() + SETTLE_RETRY_SECONDS
            await self._finish(live)

    async def _send_hole_cards(self, live: LiveHand, only: set[int] | None = None) -> None:
        """DM each player who wants it their cards (``only``: these hand indices)."""
        indices = range(len(live.deal.players)) if only is None else sorted(only)
        players = [live.deal.players[index] for index in indices]
        wanted = await dm_cards_wanted(self.database, players)
        for index, user_id in zip(indices, players, strict=True):
            if user_id not in wanted:
                continue
            player = self.players.get(user_id)
            message = private_message(
                self._private_view(live, index), player.locale if player else self.locale
            )
            self.publisher.send_private(user_id, message, on_refused=self._note_refused_dm)

    def _note_refused_dm(self, user_id: int) -> None:
        """Called by the publisher, outside the lock: it only touches a set and the queue."""
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
            raise Refused.from_engine(error) from None
        seq = len(hand.actions) + 1
        await self.hand_log.append(live.hand_id, seq, action_text(index, action), actor)
        events = hand.act(index, action)
        acted = next(told for e in events if (told := _told(e)) is not None)
        name = self._name(live.deal.players[index])
        live.actions.append(replace(acted, name=name, by_clock=by_clock))
        dealt_down = {e.player for e in events if isinstance(e, HoleCardsDealt)}
        if dealt_down and not hand.is_complete:
            # Seventh street in stud, the cards drawn in a draw game: a player who
            # reads their cards by DM must not have to press "My cards" for them.
            await self._send_hole_cards(live, only=dealt_down)
        if hand.is_complete:
            # Should settling fail, the clock tries again after this pause.
            live.deadline = self.clock.now() + SETTLE_RETRY_SECONDS
            await self._finish(live)
        else:
            live.deadline = self.clock.now() + self.config.action_seconds
        return Acted(acted.kind, acted.amount, acted.to, acted.all_in)

    async def _time_out(self, live: LiveHand) -> None:
        hand = live.hand
        index = _to_act(hand)
        if index is None:
            live.deadline = None
            return
        user_id = live.deal.players[index]
        player = self.players.get(user_id)
        if player is not None:
            player.timeouts += 1
            if player.timeouts >= TIMEOUTS_BEFORE_SITTING_OUT and self.table.is_seated(user_id):
                await self._transact(lambda: self.table.sit_out(user_id), _nothing)
        await self._apply(live, index, _default_action(hand), actor=None, by_clock=True)
        await self._play_for_the_absent()

    async def _play_for_the_absent(self) -> None:
        """Check or fold at once for each player to act who is not there to do it."""
        while (live := self.live) is not None and not live.hand.is_complete:
            index = _to_act(live.hand)
            if index is None:
                return
            user_id = live.deal.players[index]
            seat = self.table.seat_of(user_id) if self.table.is_seated(user_id) else None
            if seat is not None and not seat.sitting_out and not seat.leaving:
                return
            await self._apply(live, index, _default_action(live.hand), actor=None)

    async def _finish(self, live: LiveHand) -> None:
        hand, deal = live.hand, live.deal
        shown_at_showdown = {e.player for e in hand.events if isinstance(e, HandShown | HandMucked)}
        results = [
            PlayerResult(
                user_id=user_id,
                seat=seat,
                starting_stack=deal.setup.starting_stacks[index],
                finishing_stack=hand.finishing_stacks[index],
                won_chips=hand.awarded[index],
                went_to_showdown=index in shown_at_showdown,
                won_at_showdown=index in shown_at_showdown and hand.awarded[index] > 0,
            )
            for index, (seat, user_id) in enumerate(zip(deal.seats, deal.players, strict=True))
        ]
        live.result = self._result(live)

        async def write(tx: Transaction, settled: TableHandResult) -> list[tuple[int, int, int]]:
            await self.hand_log.finish(
                tx,
                hand_id=live.hand_id,
                table_id=self.table_id,
                guild_id=self.record.guild_id,
                results=results,
                rake=hand.rake_taken,
                result=_result_data(hand, deal),
                phh=full_history(
                    hand,
                    names=[self._name(uid) for uid in deal.players],
                    table_id=self.table_id,
                    hand_no=deal.number,
                    seats=deal.seats,
                    seat_count=self.config.seats,
                ),
                tournament=self.progress is not None,
            )
            await add_to_seats(tx, self.table_id, settled.shared_pot)
            for cash_out in settled.cash_outs:
                await self._pay_out(tx, cash_out.seat, cash_out.amount)
            if self.progress is None:
                return []
            return await self._settle_places(tx, deal, settled)

        places = await self._transact(lambda: self.table.finish_hand(hand), write)
        announcements = self._place_announcements(places)
        for user_id in list(self.players):
            if not self.table.is_seated(user_id):
                self._forget(user_id)
        self.live, self.last_hand = None, live
        self._changed()
        self.publisher.post(result_message(live.result, self.locale, self.services.public_faces()))
        for text in announcements:
            self.publisher.post(OutgoingMessage(content=text))
        if any(place == 1 for _, place, _ in places):
            self.closed = True
            self.players.clear()
            self._changed()

    async def _settle_places(
        self, tx: Transaction, deal: Deal, settled: TableHandResult
    ) -> list[tuple[int, int, int]]:
        """Record and pay the places a tournament hand decided: (player, place,
        prize) each. Eliminated players' seats go; the winner takes what is
        left of the pool, and the table closes."""
        progress = self.progress
        assert progress is not None
        seat_of = dict(zip(deal.players, deal.seats, strict=True))
        places = elimination_prizes(settled.eliminated, progress.prizes)
        if settled.winner is not None:
            paid = sum(prize for _, _, prize in places)
            places.append((settled.winner, 1, await prize_pool_of(tx, self.table_id) - paid))
        for player, place, prize in places:
            await self.cashier.pay_prize(
                tx, self.record.guild_id, self.table_id, player, prize, place=place
            )
        await remove_tournament_seats(tx, self.table_id, [seat_of[p] for p, _, _ in places])
        if settled.winner is not None:
            await close_table(tx, self.table_id)
        return places

    def _place_announcements(self, places: list[tuple[int, int, int]]) -> list[str]:
        """ "Cat finishes 4th of 6", "Ann wins the tournament": one sentence per
        place decided; the prize pool in memory follows what was paid."""
        progress = self.progress
        if progress is None:
            return []
        texts = []
        for player, place, prize in places:
            progress.prize_pool -= prize
            name, where = self._name(player), ordinal(place, self.locale)
            if place == 1:
                texts.append(t("tournament.winner", self.locale, name=name, prize=prize))
                continue
            key = "tournament.finishes_paid" if prize else "tournament.finishes"
            texts.append(
                t(
                    key,
                    self.locale,
                    name=name,
                    place=where,
                    entrants=progress.entrants,
                    prize=prize,
                )
            )
        return texts

    def _result(self, live: LiveHand) -> HandResult:
        hand, players = live.hand, live.deal.players
        pot_count = len(hand.pots_awarded)
        said = {
            e.player: " / ".join(e.descriptions) for e in hand.events if isinstance(e, HandShown)
        }
        awards = [e for e in hand.events if isinstance(e, PotAwarded)]
        return HandResult(
            self.table_id,
            live.hand_no,
            shown=tuple(
                ShownHand(self._name(players[s.player]), s.cards, said.get(s.player, ""), s.hands)
                for s in shown_hands(hand)
            ),
            mucked=tuple(
                self._name(players[e.player]) for e in hand.events if isinstance(e, HandMucked)
            ),
            wins=tuple(
                PotWin(
                    e.pot_index,
                    pot_count,
                    e.share,
                    e.amount,
                    tuple((self._name(players[i]), chips) for i, chips in e.winners),
                    e.description,
                    verdict.hand,
                    verdict.kicker,
                    tuple(card for cards in verdict.winning_cards for card in cards),
                )
                for e, verdict in zip(awards, pot_verdicts(hand), strict=True)
            ),
            rake=sum(e.amount for e in hand.events if isinstance(e, RakeTaken)),
            carried_over=hand.carried_over,
            commitment=live.commitment,
            board=tuple(hand.board),
            boards=tuple(map(tuple, hand.boards)) if len(hand.boards) > 1 else (),
        )

    # ---------------------------------------------------------------- clock

    def _schedule(self) -> None:
        """Arm the clock for what is due next."""
        wake: float | None = None
        if self.closed:
            self.next_hand_at = None
        elif self.live is not None:
            self.next_hand_at = None
            wake = self.live.deadline
        elif self._may_deal:
            if self.next_hand_at is None:
                self.next_hand_at = self.clock.now() + self.services.hand_pause_seconds
            wake = self.next_hand_at
        else:
            self.next_hand_at = None
        if wake is None:
            self._disarm()
            return
        timer = self._timer
        if timer is not None and timer.when == wake and not timer.task.done():
            return
        self._disarm()
        task = asyncio.create_task(self._wait(wake), name=f"table-{self.table_id}-clock")
        self._timer = _Timer(task, wake)

    @property
    def _may_deal(self) -> bool:
        """Two players could be dealt in, and a tournament has begun."""
        started = self.progress is None or self.progress.started
        return started and self.table.can_deal

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
        game = self._shown_game(shown_from)
        stakes = self.table.stakes if self.progress is not None else None
        snapshot = TableSnapshot(
            table_id=self.table_id,
            variant_name=game.name,
            small_blind=config.small_blind if stakes is None else stakes.small_blind,
            big_blind=config.big_blind if stakes is None else stakes.big_blind,
            min_buy_in=self.engine_config.minimum_buy_in,
            max_buy_in=self.engine_config.maximum_buy_in,
            seat_count=config.seats,
            stud_stakes=_stud_stakes(game, self.table.stakes_for(game)),
            ante_stakes=_ante_stakes(config, self.engine_config),
            jackpots=self.engine_config.draw_rules.jackpots,
            ante=config.ante,
            big_blind_ante=config.big_blind_ante,
            straddle=config.straddle,
            rake_basis_points=config.rake_basis_points,
            rake_cap=config.rake_cap,
            carried_pot=self.table.carried_pot if live is None else 0,
            seats=tuple(
                self._seat_line(seat, shown_from, game) for seat in self.table.seats.values()
            ),
            closed=self.closed,
            next_hand_at=None
            if self.next_hand_at is None
            else int(wall_time_at(self.clock, self.next_hand_at)),
            tournament=self._tournament_view(),
        )
        snapshot = self._with_mix(snapshot, game, live)
        if shown_from is None:
            return snapshot
        hand, deal = shown_from.hand, shown_from.deal
        actor = _to_act(hand) if live is not None else None
        if live is None:
            pots = tuple(pot.amount for pot in hand.pots_awarded)
        else:
            # Side pots form as bets are gathered; until then this round's bets
            # are shown in front of each player, and the total as one pot.
            gathered = build_pots(hand.contributions, hand.folded)
            pots = (hand.pot_total,) if len(gathered) < 2 else tuple(p.amount for p in gathered)
        player_at = dict(zip(deal.seats, deal.players, strict=True))
        draw = deal.button_draw.cards if deal.button_draw is not None else ()
        return replace(
            snapshot,
            hand_no=shown_from.hand_no,
            board=tuple(hand.board),
            boards=_more_boards(hand),
            pots=pots,
            hand_over=live is None,
            actor_name=None if actor is None else self._name(deal.players[actor]),
            actor_id=None if actor is None else deal.players[actor],
            deadline=None
            if live is None or live.deadline is None or actor is None
            else int(wall_time_at(self.clock, live.deadline)),
            last_actions=tuple(shown_from.actions[-RECENT_ACTIONS:]),
            choices=None if actor is None else _choices(hand),
            seq=len(hand.actions),
            to_discard=tuple(self._name(deal.players[i]) for i in hand.pending_discards)
            if live is not None
            else (),
            drawing=live is not None and hand.phase is Phase.DISCARDING and hand.street.draw > 0,
            pointing=live is not None and hand.phase is Phase.DISCARDING and hand.street.point_card,
            commitment=shown_from.commitment,
            button_draw=tuple(
                (self._name(player_at[seat_no]), card)
                for seat_no, card in draw
                if seat_no in player_at
            ),
        )

    def _tournament_view(self) -> TournamentView | None:
        """The tournament's registrations, or its level, players and prizes."""
        progress, level_clock = self.progress, self.table.clock
        if progress is None or level_clock is None or self.closed:
            return None
        config = self.config
        view = TournamentView(
            started=progress.started,
            buy_in=progress.buy_in,
            starting_stack=config.starting_stack,
            level_minutes=config.level_minutes,
            level_hands=config.level_hands,
            registered=len(self.table.seats),
            seat_count=config.seats,
            entrants=progress.entrants,
            players_left=len(self.table.seats),
            prize_pool=progress.prize_pool,
            prizes=progress.prizes,
        )
        if not progress.started:
            return view
        level, stakes = level_clock.level, level_clock.stakes
        view = replace(
            view,
            level=level_clock.index + 1,
            small_blind=stakes.small_blind,
            big_blind=stakes.big_blind,
            ante=stakes.ante,
            last_level=level.lasts_forever,
        )
        if level.seconds is not None:
            now = self.clock.now()
            left = level_clock.began_at_second + level.seconds - progress.elapsed(now=now)
            if left <= 0:
                return replace(view, next_level_now=True)
            return replace(view, next_level_at=int(wall_time_at(self.clock, now + left)))
        if level.hands is not None:
            hands = level.hands - (self.table.hand_number - level_clock.began_at_hand)
            if hands <= 0:
                return replace(view, next_level_now=True)
            return replace(view, hands_to_next_level=hands)
        return view

    def _shown_game(self, shown_from: LiveHand | None) -> Variant:
        """The game the table message is about: the hand shown, else the next one."""
        if shown_from is not None:
            return shown_from.deal.setup.variant
        return self.table.next_variant

    def _with_mix(
        self, snapshot: TableSnapshot, game: Variant, live: LiveHand | None
    ) -> TableSnapshot:
        """At a mixed table: the mix, the stakes of the game shown and what comes next."""
        rotation = self.engine_config.rotation
        outlook = self.table.game_outlook()
        if rotation is None or outlook is None or self.closed:
            return snapshot
        blind_stakes = None
        if game.uses_blinds:
            stakes = self.table.stakes_for(game)
            big_bet_game = game.betting in (BettingStructure.NO_LIMIT, BettingStructure.POT_LIMIT)
            blind_stakes = (
                stakes.small_blind,
                stakes.big_blind,
                stakes.ante,
                0 if big_bet_game else stakes.fixed_small_bet,
                0 if big_bet_game else stakes.fixed_big_bet,
            )
        mixed = replace(snapshot, mix_name=rotation.name, blind_stakes=blind_stakes)
        if live is None and outlook.game != game:
            return replace(mixed, next_game=outlook.game.name, switch_now=True)
        return replace(
            mixed,
            next_game=outlook.next_game.name,
            hands_to_switch=outlook.hands_left,
            switch_by_orbit=outlook.by_orbit,
        )

    def _seat_line(self, seat: Seat, shown_from: LiveHand | None, game: Variant) -> SeatLine:
        name = self._name(seat.player)
        index = None if shown_from is None else shown_from.index_of(seat.player)
        # Stud has no dealer button that means anything to the players: its
        # order of play follows the up cards, so no seat is marked.
        shows_button = not game.uses_bring_in
        if shown_from is None or index is None:
            return SeatLine(
                seat.number,
                seat.player,
                name,
                seat.stack,
                sitting_out=seat.sitting_out,
                leaving=seat.leaving,
                button=shows_button and self.live is None and self.table.button_seat == seat.number,
            )
        hand, deal = shown_from.hand, shown_from.deal
        in_play = shown_from is self.live
        # Stud's up cards were dealt face up: everyone has seen them. Down cards never are.
        cards: tuple[Card, ...] = tuple(hand.up_cards(index))
        description = ""
        for event in hand.events:
            if isinstance(event, HandShown) and event.player == index:
                cards, description = event.cards, " / ".join(event.descriptions)
        return SeatLine(
            seat.number,
            seat.player,
            name,
            hand.stacks[index] if in_play else seat.stack,
            bet=hand.bets[index] if in_play else 0,
            in_hand=True,
            folded=hand.folded[index],
            all_in=in_play and hand.is_all_in(index),
            sitting_out=seat.sitting_out,
            leaving=seat.leaving,
            button=shows_button and deal.button_seat == seat.number,
            small_blind=deal.small_blind_seat == seat.number,
            big_blind=deal.big_blind_seat == seat.number,
            to_act=in_play and _to_act(hand) == index,
            shown=cards,
            shown_description=description,
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
        seats: tuple[StoredSeat, ...],
        carried_pot: int = 0,
        prize_pool: int = 0,
    ) -> TableRunner:
        """Rebuild a table after a restart, replaying its unfinished hand.

        The engine's table comes back from its saved state; the database's seats
        must agree with it (they are written in the same transactions). A hand
        whose log cannot be replayed is voided: every stack goes back to what it
        was when the hand began, and the channel is told.
        """
        runner = cls(record, config, services, outlet)
        runner.table = runner._restored_table(state, seats, carried_pot)
        if config.tournament:
            runner.progress = TournamentProgress.from_data(
                state.get("tournament", {}),
                config.tournament_buy_in,
                prize_pool,
                now=services.clock.now(),
            )
        saved_players = state.get("players", {})
        runner.players = {
            s.user_id: Player.from_data(s.user_id, saved_players.get(str(s.user_id), {}))
            for s in seats
        }
        await runner._resume_hand()
        return runner

    def _restored_table(
        self, state: dict[str, Any], seats: tuple[StoredSeat, ...], carried_pot: int
    ) -> Table:
        saved = {(s.seat, s.user_id, s.stack) for s in seats}
        try:
            table = table_from_data(self.engine_config, state["table"])
            seated = {(s.number, s.player, s.stack) for s in table.seats.values()}
            if seated == saved and table.carried_pot == carried_pot:
                return table
            log.warning("Table %s: saved seats differ from the database", self.table_id)
        except (KeyError, TypeError, ValueError) as error:
            log.warning("Table %s: its saved state cannot be read: %r", self.table_id, error)
        # Start the game afresh from the seats the database holds (the chips' truth).
        missed = self.engine_config.missed_blinds
        return Table.restored(
            self.engine_config,
            seats=[
                Seat(s.seat, s.user_id, s.stack, missed, sitting_out=s.sitting_out) for s in seats
            ],
            hand_number=int(state.get("table", {}).get("hand_number", 0) or 0),
            positions=None,
            deal=None,
            bought_in=sum(s.stack for s in seats) + carried_pot,
            carried_pot=carried_pot,
        )

    async def _resume_hand(self) -> None:
        logged = await self.hand_log.in_progress(self.table_id)
        deal = self.table.deal
        if logged is None:
            if deal is not None:  # dealt in memory, never logged: as if never dealt
                self.table.void_hand()
            return
        try:
            if logged.damage is not None or logged.deal is None:
                raise ValueError(logged.damage)
            if deal is None or deal != logged.deal:
                raise ValueError("the table's saved hand is not the logged one")
            hand = replay(deal, logged.actions)
        except Exception as error:
            await self._void_unresumable(logged, error)
            return
        live = LiveHand(logged.hand_id, deal, hand, logged.commitment, logged.secret)
        self.live = live
        if hand.is_complete:
            await self._finish(live)
            return
        live.deadline = self.clock.now() + self.config.action_seconds
        told = [
            (e.player, action)
            for e in hand.events
            if isinstance(e, PlayerActed | CardsDiscarded | PointCardChosen)
            and (action := _told(e)) is not None
        ]
        live.actions = [
            replace(
                action,
                name=self._name(deal.players[player]),
                by_clock=logged_action.actor is None,
            )
            for logged_action, (player, action) in zip(logged.actions, told, strict=False)
        ]

    async def _void_unresumable(self, logged: LoggedHand, error: Exception) -> None:
        log.warning(
            "Hand %s of table %s cannot be resumed and is voided: %s",
            logged.hand_no,
            self.table_id,
            error,
        )

        def void() -> tuple[CashOut, ...]:
            return self.table.void_hand() if self.table.deal is not None else ()

        async def write(tx: Transaction, cash_outs: tuple[CashOut, ...]) -> None:
            await self.hand_log.void(
                tx,
                hand_id=logged.hand_id,
                table_id=self.table_id,
                deal=logged.deal,
                reason=f"not resumable: {error}",
            )
            for cash_out in cash_outs:
                await self._pay_out(tx, cash_out.seat, cash_out.amount)

        await self._transact(void, write)
        for user_id in list(self.players):
            if not self.table.is_seated(user_id):
                self._forget(user_id)
        self.publisher.post(
            OutgoingMessage(content=t("table.hand_voided", self.locale, hand_no=logged.hand_no))
        )


async def _nothing(tx: Transaction, _: object) -> None:
    """A change with nothing to write but the table's state."""


def _to_act(hand: Hand) -> int | None:
    """Whose turn it is: the bettor to act, or the next player to discard or draw."""
    if hand.phase is Phase.DISCARDING:
        pending = hand.pending_discards
        return pending[0] if pending else None
    return hand.actor if hand.phase is Phase.BETTING else None


def _told(event: object) -> LastAction | None:
    """A player's action as the table tells it (the name is filled in by the caller)."""
    if isinstance(event, PlayerActed):
        return LastAction("", event.kind, event.amount, event.to, event.all_in)
    if isinstance(event, CardsDiscarded):
        kind = "draw" if event.replaced else "discard"
        if not event.count:
            kind = "stand_pat"
        return LastAction("", kind, event.count, 0, False)
    if isinstance(event, PointCardChosen):
        return LastAction("", "point_card", 0, 0, False)
    return None


def _why_no_bet(hand: Hand, index: int, refused: Refused) -> Refused:
    """A refused bet or raise, with the engine's reason when it is a jackpot's
    openers (the player needs jacks or better), which says more than "not now"."""
    if refused.message_key != "engine.cannot_raise":
        return refused
    try:
        hand.copy().act(index, BetOrRaise(max(1, hand.legal_actions().min_raise_to)))
    except IllegalAction as error:
        if error.key == "no_openers":
            return Refused.from_engine(error)
    return refused


def _check_own_cards(cards: tuple[Card, ...], held: list[Card]) -> None:
    """Refuse to throw away a card the player does not hold, or one twice."""
    if len(set(cards)) != len(cards) or any(card not in held for card in cards):
        raise Refused("table.not_your_cards")


def _default_action(hand: Hand) -> Action:
    """What the clock does for a player: stand pat in a draw, throw away the
    lowest cards where a discard is required (or set the lowest card as the
    point card in Double Hold'em), post a pending bring-in (it
    cannot be folded), check if that is possible, else fold."""
    legal = hand.legal_actions()
    if legal.phase is Phase.DISCARDING:
        held = sorted(hand.hole_cards[legal.player], key=lambda card: (card.rank, card.suit))
        return Discard(tuple(held[: legal.discard_min]))
    if legal.can_post_bring_in:
        return PostBringIn()
    return CheckOrCall() if legal.can_check else Fold()


def _stud_stakes(game: Variant, stakes: Stakes) -> tuple[int, int, int, int] | None:
    """(ante, bring-in, small bet, big bet) of a stud game, else ``None``."""
    if not game.uses_bring_in:
        return None
    return (stakes.ante, stakes.bring_in, stakes.fixed_small_bet, stakes.fixed_big_bet)


def _ante_stakes(
    config: TableConfig, engine_config: EngineTableConfig
) -> tuple[int, int, int] | None:
    """(ante, small bet, big bet) of a game played for antes (Five Card Draw), else ``None``."""
    if not config.plays_for_antes:
        return None
    stakes = engine_config.first_stakes
    return (stakes.ante, stakes.fixed_small_bet, stakes.fixed_big_bet)


def _choices(hand: Hand) -> Choices | None:
    try:
        legal = hand.legal_actions()
    except IllegalAction:
        return None
    if legal.phase is not Phase.BETTING:
        return None
    return Choices(
        seq=len(hand.actions),
        can_fold=legal.can_fold,
        can_check=legal.can_check,
        call_amount=legal.call_amount,
        can_raise=legal.can_raise,
        is_bet=legal.is_bet,
        min_raise_to=legal.min_raise_to,
        max_raise_to=legal.max_raise_to,
        # With one amount only, the raise button itself bets it.
        quick_sizes=tuple(
            (move.value, amount)
            for move in QUICK_SIZES
            if legal.min_raise_to != legal.max_raise_to
            and (amount := quick_raise_to(move, legal)) is not None
        ),
        call_is_all_in=legal.can_call and legal.call_amount == legal.stack,
        can_bring_in=legal.can_post_bring_in,
        bring_in_amount=legal.bring_in_amount,
        is_completion=legal.is_completion,
        raise_choices=legal.raise_choices if legal.can_raise else (),
    )


def _result_data(hand: Hand, deal: Deal) -> dict[str, Any]:
    return {
        "players": list(deal.players),
        "finishing_stacks": list(hand.finishing_stacks),
        "awarded": list(hand.awarded),
        "rake": hand.rake_taken,
        "board": " ".join(str(c) for c in hand.board),
        "carried_over": hand.carried_over,
        "shown": {
            str(deal.players[e.player]): " ".join(str(c) for c in e.cards)
            for e in hand.events
            if isinstance(e, HandShown)
        },
    }


def _more_boards(hand: Hand) -> tuple[tuple[Card, ...], ...]:
    """Every board of a game dealt with more than one; nothing for one board."""
    return tuple(map(tuple, hand.boards)) if len(hand.boards) > 1 else ()
