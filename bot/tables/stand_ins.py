"""Acting for the players who do not click, and each turn's deadline.

When the player to act does not act, someone acts for them: the clock for a
member whose time ran out (:meth:`engine.Hand.timeout_action`; two timeouts in
a row sit the member out), the engine's player for a computer player whose
pause is over (:mod:`bot.tables.computer_seats`), and the clock at once for a
member who is sitting out or leaving; a computer player whose hand cannot
win at the showdown mucks at once. A member's time bank, where the table
gives one, runs before the clock acts (:mod:`bot.tables.time_bank`), but not
where the clock's choice costs the player nothing (:func:`engine.bank_runs_in`:
showing or mucking, where the clock mucks, and running the board once or
twice, where it chooses once), and there it is no missed turn either; a
member who chose a pre-action has it taken the moment their turn comes
(:mod:`bot.tables.pre_actions`). Each turn's deadline is the table's
``action_seconds`` for a member (at most :data:`SHOWDOWN_SECONDS` to show or
muck), a computer player's pause for a computer.

The :class:`~bot.tables.runner.TableRunner` calls these under its lock and
lends them its write-ahead sequence (``apply``), so an action taken for a
player is verified, logged and applied exactly as a click is.
"""

from __future__ import annotations

from typing import Final, Protocol

from bot.house_bank import is_computer
from bot.tables.clock import Clock
from bot.tables.computer_seats import ComputerSeats
from bot.tables.persistence import TableKeeper
from bot.tables.pre_actions import PreActions
from bot.tables.state import LiveHand, TableState
from bot.tables.time_bank import TimeBanks
from engine import Action, Phase, bank_runs_in

#: Timeouts in a row after which a player is sat out.
TIMEOUTS_BEFORE_SITTING_OUT: Final = 2
#: The longest a member's show-or-muck turn waits. Their hand cannot win, so
#: the choice is only whether to let the table see it; online rooms give a few
#: seconds, and the whole table (the next hand included) waits for it.
SHOWDOWN_SECONDS: Final = 8


class ApplyAction(Protocol):
    """The runner's write-ahead sequence for one action (its ``_apply``)."""

    async def __call__(
        self,
        live: LiveHand,
        index: int,
        action: Action,
        *,
        actor: int | None,
        by_clock: bool = False,
    ) -> object: ...


class StandIns:
    """Who acts, and when, for the players who do not click at one table."""

    def __init__(
        self,
        state: TableState,
        keeper: TableKeeper,
        clock: Clock,
        computers: ComputerSeats,
        banks: TimeBanks,
        pre_actions: PreActions,
        apply: ApplyAction,
    ) -> None:
        self.state = state
        self.keeper = keeper
        self.clock = clock
        self.computers = computers
        self.banks = banks
        self.pre_actions = pre_actions
        self.apply = apply

    def wake_at(self, live: LiveHand, when: float | None) -> None:
        """The moment the clock next acts in ``live`` (its deadline; this module
        is its one writer): the turn's end, the next run-out street, settling
        tried again."""
        live.deadline = when

    def start_turn(self, live: LiveHand) -> None:
        """The next player's clock: the table's, or a computer player's pause."""
        seconds = self.computers.seconds_to_act(live, self.state.settings.action_seconds)
        if live.hand.phase is Phase.SHOWDOWN and self.computers.to_act(live) is None:
            seconds = min(seconds, SHOWDOWN_SECONDS)
        self.wake_at(live, self.clock.now() + seconds)

    async def time_out(self, live: LiveHand) -> None:
        """The deadline of the player to act has passed: a computer player
        decides; for a member the clock acts (and sits them out the second time)."""
        hand = live.hand
        index = hand.to_act
        if index is None:
            self.wake_at(live, None)
            return
        user_id = live.deal.players[index]
        if self.computers.to_act(live) == index:  # its pause is over: it decides
            action = self.computers.decide(live, index)
            await self.apply(live, index, action, actor=user_id)
            await self.play_for_the_absent()
            return
        # Not showing is mucking and not choosing is running the board once: no
        # time bank runs for either, and neither is a missed turn.
        missed = bank_runs_in(hand.phase)
        if missed and (bank := self.banks.run(live, user_id)):
            # The player's time bank runs: the clock waits for all of it.
            self.wake_at(live, None if live.deadline is None else live.deadline + bank)
            return
        table = self.state.table
        player = self.state.players.get(user_id)
        timeouts = 0 if player is None else player.timeouts + 1
        seat = table.seat_of(user_id) if table.is_seated(user_id) else None
        if (
            missed
            and timeouts >= TIMEOUTS_BEFORE_SITTING_OUT
            and seat is not None
            and not seat.sitting_out
        ):
            await self.keeper.save(lambda: table.sit_out(user_id))
        await self.apply(live, index, hand.timeout_action(), actor=None, by_clock=True)
        if player is not None and missed:  # counted once taken (a failed one is retried)
            player.timeouts = timeouts
        await self.play_for_the_absent()

    def present(self, user_id: int) -> None:
        """The player acted (or is back): their timeouts in a row start again."""
        player = self.state.players.get(user_id)
        if player is not None:
            player.timeouts = 0

    async def play_for_the_absent(self) -> None:
        """Act at once, as the clock would, for each player to act who is not
        there to do it (sitting out, or a member leaving), and take the pre-action
        of a player whose turn it is who chose one."""
        state = self.state
        while (live := state.live) is not None and not live.hand.is_complete:
            index = live.hand.to_act
            if index is None:
                return
            user_id = live.deal.players[index]
            if live.hand.phase is Phase.SHOWDOWN and self.computers.to_act(live) == index:
                # A computer player shows or mucks at once: nothing to think over.
                action = self.computers.decide(live, index)
                await self.apply(live, index, action, actor=user_id)
                continue
            table = state.table
            seat = table.seat_of(user_id) if table.is_seated(user_id) else None
            # A computer player that was removed plays out its hand on its own clock.
            staying = seat is not None and (not seat.leaving or is_computer(user_id))
            if seat is not None and not seat.sitting_out and staying:
                chosen = self.pre_actions.due(live)
                if chosen is None:
                    return
                await self.apply(live, chosen[0], chosen[1], actor=user_id)
                self.present(user_id)
                continue
            await self.apply(live, index, live.hand.timeout_action(), actor=None)
