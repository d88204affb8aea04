"""The computer players of one table: who they are, seating and removing them,
and each one's decision when its turn comes.

A computer player sits at the table like a member, under a negative id (no
Discord id is one, :func:`bot.house_bank.is_computer`), with a name that marks
it ("Bot Ada (tight-aggressive)": a plain word, which every picture can
draw). Its chips come from the server's house bank:
the money desk seats it as it seats anyone, and the cashier moves a computer
player's chips to and from the bank. Its style is saved with the table's state
in the transaction that seats it, so a restarted table knows it again.

**Deciding.** When a computer player's turn comes the runner gives it a short
human-like pause (``computer_pace_seconds``, on the table's own clock, so the
table is never blocked), then asks :meth:`ComputerSeats.decide`: the engine's
:class:`~engine.ComputerPlayer` of its style reads the seat's
:class:`~engine.SeatView` (what a member in that seat could see, and nothing
else) and answers an action, which the runner then takes exactly as it takes
a click: verified, written ahead to the hand's log, applied. It keeps no
memory between decisions, so after a restart it simply decides again.

**Showing after the hand.** Once a hand is settled, a computer player of it
that chooses to show its cards (the engine's
:meth:`~engine.ComputerPlayer.shows_after_the_hand`: a seven-deuce won
without a showdown at a table with the 7-2 bounty) shows them as a member
does (:meth:`bot.tables.show_or_muck.ShowOrMuck.show`): written, announced,
and the bounty collected in the same transaction.

A computer player that busts at a cash table buys back in from the bank
between hands, whatever busted it (a hand, or a 7-2 bounty paid after one,
:meth:`ComputerSeats.buy_back_in` runs after both, and when a table starts
after a restart); should the buy-back fail, it leaves instead: it never sits
at zero, so a table never stalls on it. It
never times out and never sits out. Removed, it leaves at
once between hands, or plays out the hand it is in and leaves when it ends.
A cash table deals only while a member is playing at it: computer players do
not play each other in an empty room. Nor do they wait in one for ever,
holding the bank's chips: once no member has played at the table for
:data:`IDLE_SECONDS` (the last one left, or everyone sits out), they leave
between hands, their stacks go back to the bank, and the channel is told so.
The wait starts again after a restart.

At a rebuy tournament (a sit-and-go, or a table of a multi-table tournament)
a computer player rebuys and takes the add-on between its hands as the
engine's rule for it says (:func:`engine.chips_to_buy`), through the table's
desk as a member's button does, the house bank staking the price
(:meth:`ComputerSeats.buy_tournament_chips`, after every hand).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Mapping
from typing import Any, Final, Protocol, runtime_checkable

from bot.cashier import SeatMovement
from bot.house_bank import is_computer
from bot.i18n import t
from bot.render.message import OutgoingMessage
from bot.tables.errors import Refused, TableRefusal
from bot.tables.money_desk import MoneyDesk
from bot.tables.persistence import TableKeeper
from bot.tables.services import TableServices
from bot.tables.show_or_muck import ShowOrMuck
from bot.tables.state import LiveHand, TableState
from engine import (
    DEFAULT_STYLE,
    STYLES,
    Action,
    ChooseRunouts,
    ComputerPlayer,
    IllegalAction,
    Phase,
    Style,
    chips_to_buy,
    seat_view,
    style_named,
)

log = logging.getLogger(__name__)


@runtime_checkable
class _SellsChips(Protocol):
    """A tournament desk that sells rebuys and the add-on (bot/tables/runner.py's
    ``BuysChips``: a sit-and-go's desk, or a multi-table tournament table's)."""

    async def rebuy(self, user_id: int) -> int: ...

    async def add_on(self, user_id: int) -> int: ...


#: The names computer players are given, in order, at one table.
NAMES: Final = ("Ada", "Blaise", "Charles", "Dorothy", "Edsger", "Grace", "Hedy", "Alan", "Kurt")
#: A computer player's buy-in at a cash table, in big blinds (within the table's range).
BUY_IN_BIG_BLINDS: Final = 100
#: How long computer players wait at a cash table where no member plays before
#: they leave and their chips go back to the bank: five minutes, time enough
#: for a member's short break.
IDLE_SECONDS: Final = 300.0


class ComputerSeats:
    """The computer players at one table and their styles."""

    def __init__(
        self,
        state: TableState,
        desk: MoneyDesk,
        *,
        pace_seconds: float,
        rng: random.Random | None = None,
        saved: Mapping[str, Any] | None = None,
    ) -> None:
        self.state = state
        self.desk = desk
        self.pace_seconds = pace_seconds
        #: The players' randomness (bluffs, mixed strategies), apart from the dealer's.
        self.rng = rng if rng is not None else random.Random()
        self.styles: dict[int, Style] = {}
        #: Computer players that took a rebuy tournament's add-on (or were refused it).
        self._added_on: set[int] = set()
        #: Since when no member has played at this cash table (computer players seated).
        self.idle_since: float | None = None
        for key, name in (saved or {}).items():
            try:
                self.styles[int(key)] = style_named(str(name))
            except (KeyError, ValueError):
                self.styles[int(key)] = DEFAULT_STYLE

    @classmethod
    def at_table(
        cls,
        state: TableState,
        desk: MoneyDesk,
        keeper: TableKeeper,
        services: TableServices,
        *,
        saved: Mapping[str, Any] | None = None,
    ) -> ComputerSeats:
        """The computer players of a runner's table, their styles saved with its state."""
        seats = cls(
            state,
            desk,
            pace_seconds=services.computer_pace_seconds,
            # Repeatable where the deck is (tests), without drawing from the deck's.
            rng=None if services.rng is None else random.Random(state.table_id),
            saved=saved,
        )
        desk_state = keeper.desk_state
        keeper.desk_state = lambda: desk_state() | seats.saved()
        return seats

    # ------------------------------------------------------------- reading

    def saved(self) -> dict[str, Any]:
        """The styles of the computer players seated, for the table's saved state."""
        seated = [uid for uid in self.styles if self.state.table.is_seated(uid)]
        return {"computers": {str(uid): self.styles[uid].name for uid in seated}}

    def seated(self) -> list[int]:
        """The computer players at the table, in seat order."""
        seats = sorted(self.state.table.seats.values(), key=lambda seat: seat.number)
        return [seat.player for seat in seats if is_computer(seat.player)]

    def members_playing(self) -> bool:
        """Whether a member sits at the table and is not sitting out."""
        return any(
            not is_computer(seat.player) and not seat.sitting_out
            for seat in self.state.table.seats.values()
        )

    def may_deal(self) -> bool:
        """Whether the players seated justify a deal: a member playing, or a
        tournament that must be played to its end."""
        return self.desk.tournament or self.members_playing() or not self.seated()

    def to_act(self, live: LiveHand) -> int | None:
        """The hand index of the computer player to act now, if it is one's turn."""
        hand = live.hand
        if hand.is_complete:
            return None
        try:
            index = hand.legal_actions().player
        except IllegalAction:
            return None
        return index if is_computer(live.deal.players[index]) else None

    def seconds_to_act(self, live: LiveHand, action_seconds: float) -> float:
        """How long the player to act has: a member the table's clock, a computer
        player its pause, a little longer or shorter each time as a person's."""
        if self.to_act(live) is None:
            return action_seconds
        return self.pace_seconds * self.rng.uniform(0.6, 1.4)

    def _idle(self) -> bool:
        """A cash table where computer players sit and no member plays."""
        return (
            not self.desk.tournament
            and not self.state.closed
            and bool(self.seated())
            and not self.members_playing()
        )

    def note_idle(self, now: float) -> None:
        """The wait before the computer players leave an idle table starts at the
        first change that sees it idle (``now``), and stops when it is not."""
        if not self._idle():
            self.idle_since = None
        elif self.idle_since is None:
            self.idle_since = now

    def idle_departure(self) -> float | None:
        """When the computer players leave a cash table where no member plays
        (``None``: they stay); a question (:meth:`note_idle` starts the wait)."""
        if self.idle_since is None or not self._idle():
            return None
        return self.idle_since + IDLE_SECONDS

    async def leave_idle_table(self) -> tuple[list[int], OutgoingMessage | None]:
        """Between hands, every computer player leaves the idle table, its stack
        back to the bank: who left, and the notice for the channel."""
        left, chips = [], 0
        for user_id in self.seated():
            await self.desk.leave(user_id)
            movement = self.desk.paid_out(user_id)
            chips += 0 if movement is None else movement.amount
            left.append(user_id)
        self.idle_since = None
        if not left:
            return left, None
        text = t("computer.left_idle", self.state.locale, amount=chips)
        return left, OutgoingMessage(content=text)

    # ------------------------------------------------------------ deciding

    def decide(self, live: LiveHand, index: int) -> Action:
        """The computer player's action, from its seat's view alone. Should it
        fail to decide, it checks or folds as the clock would: a table never
        waits on a computer player (the log names only the error's kind, since
        its message could hold a card)."""
        user_id = live.deal.players[index]
        if live.hand.phase is Phase.RUN_IT_TWICE:
            return ChooseRunouts(1)  # a computer player runs the board once
        player = ComputerPlayer(self.styles.get(user_id, DEFAULT_STYLE))
        try:
            action = player.decide(seat_view(live.hand, index), self.rng)
            live.hand.verify(index, action)
        except Exception as error:
            log.error(
                "Computer player %s of table %s could not decide (%s); the clock acts for it",
                user_id,
                self.state.table_id,
                type(error).__name__,
            )
            return live.hand.timeout_action()
        return action

    async def show_after_the_hand(self, last: LiveHand, shows: ShowOrMuck) -> list[int]:
        """The hand ``last`` is settled and the next not dealt: each computer
        player of it still seated that chooses to show its cards shows them
        all, as a member does (``shows``). Who showed. A show that fails is
        logged and skipped: it never stops the table. Called under the lock."""
        shown = []
        for index, user_id in enumerate(last.deal.players):
            if not is_computer(user_id) or not self.state.table.is_seated(user_id):
                continue
            player = ComputerPlayer(self.styles.get(user_id, DEFAULT_STYLE))
            if not player.shows_after_the_hand(seat_view(last.hand, index)):
                continue
            try:
                await shows.show(user_id, None, last.hand_no)
            except Exception as error:
                log.error(
                    "Computer player %s of table %s could not show hand %s (%s)",
                    user_id,
                    self.state.table_id,
                    last.hand_no,
                    type(error).__name__,
                )
            else:
                shown.append(user_id)
        return shown

    # ------------------------------------------------------------- seating

    async def add(self, style: str | None, seat: int | None) -> SeatMovement:
        """Seat a computer player of ``style`` (default: balanced), staked by the bank."""
        state = self.state
        if not state.settings.computer_players:
            raise Refused("computer.not_allowed")
        try:
            chosen = DEFAULT_STYLE if style is None else style_named(style)
        except KeyError:
            raise Refused("computer.unknown_style", style=style, styles=", ".join(STYLES)) from None
        user_id = self._free_id()
        # The style is said once, when it sits down: on every seat line it is too long.
        name = t("computer.name", state.locale, name=NAMES[(-user_id - 1) % len(NAMES)])
        buy_in = None if self.desk.tournament else self._buy_in()
        self.styles[user_id] = chosen  # saved with the seat, in its transaction
        try:
            return await self.desk.join(
                user_id, name, buy_in=buy_in, seat=seat, locale=state.locale
            )
        except BaseException:
            del self.styles[user_id]
            raise

    def to_remove(self, seat: int | None) -> int:
        """The computer player to remove: the one in ``seat``, else the last seated."""
        table = self.state.table
        if self.desk.chips_stay_in_play:  # a tournament under way: no member leaves either
            raise Refused("computer.no_leave_tournament")
        if seat is None:
            seated = self.seated()
            if not seated:
                raise Refused("computer.none_seated")
            return seated[-1]
        taken = table.seats.get(seat)
        if taken is None or not is_computer(taken.player):
            raise Refused("computer.not_in_seat", seat=seat)
        return taken.player

    def forget(self, user_id: int) -> None:
        self.styles.pop(user_id, None)

    async def buy_back_in(self) -> None:
        """Between hands at a cash table: computer players who busted buy back
        in from the bank; one that cannot leaves the table (its seat would
        otherwise hold no chips and deal no hand)."""
        if self.desk.tournament:
            return
        table = self.state.table
        for user_id in self.seated():
            seat = table.seat_of(user_id)
            if not seat.busted or table.in_current_hand(user_id):
                continue
            try:
                await self.desk.top_up(user_id, self._buy_in() - seat.stack)
            except Exception:
                log.exception(
                    "Computer player %s of table %s could not buy back in; it leaves",
                    user_id,
                    self.state.table_id,
                )
                await self._leave_busted(user_id)

    async def buy_tournament_chips(self) -> None:
        """Between hands at a rebuy tournament (a sit-and-go's table or one of a
        multi-table tournament's): each computer player rebuys or takes the
        add-on as the engine's rule for them says (:func:`engine.chips_to_buy`),
        through the table's desk as a member's click does, its price staked by
        the house bank (``house_stake`` ledger rows). A purchase the table
        refuses (the level moved on, the add-on taken before a restart) is
        left; a busted computer player that does not rebuy is out, as anyone."""
        desk, table = self.desk, self.state.table
        rules = table.rules
        if not desk.tournament or table.clock is None or not isinstance(desk, _SellsChips):
            return
        if not rules.extras.rebuy_levels:
            return
        for user_id in self.seated():
            if table.in_current_hand(user_id):
                continue
            seat = table.seat_of(user_id)
            bought = chips_to_buy(
                rules.extras,
                level_index=table.clock.index,
                stack=seat.stack,
                starting_stack=rules.starting_stack,
                add_on_taken=user_id in self._added_on,
            )
            for kind in bought:
                try:
                    if kind == "rebuy":
                        await desk.rebuy(user_id)
                    else:
                        await desk.add_on(user_id)
                        self._added_on.add(user_id)
                except (TableRefusal, IllegalAction) as refusal:
                    if kind == "add_on":  # taken already (before a restart) or over
                        self._added_on.add(user_id)
                    log.debug("Computer player %s did not %s: %s", user_id, kind, refusal)
                    break

    async def _leave_busted(self, user_id: int) -> None:
        """A busted computer player that could not buy back in leaves (a failure
        to leave is logged: it is tried again after the next hand or show)."""
        try:
            await self.desk.leave(user_id)
        except Exception:
            log.exception(
                "Busted computer player %s of table %s could not leave either",
                user_id,
                self.state.table_id,
            )
            return
        self.desk.paid_out(user_id)
        self.state.forget(user_id)
        self.forget(user_id)

    def _buy_in(self) -> int:
        rules = self.state.rules
        wanted = BUY_IN_BIG_BLINDS * self.state.settings.big_blind
        return max(rules.minimum_buy_in, min(rules.maximum_buy_in, wanted))

    def _free_id(self) -> int:
        taken = {seat.player for seat in self.state.table.seats.values()} | set(self.styles)
        user_id = -1
        while user_id in taken:
            user_id -= 1
        return user_id
