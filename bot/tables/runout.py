"""An all-in run out street by street, at a pace people can follow.

Once no more betting can happen and two or more hands are live, the engine
(dealing with ``pause_runouts``) turns the hands face up and stops before
each street of the run-out (:attr:`engine.Hand.runout_due`). The table
message then shows everyone's chances (worked out off the event loop after
every change of the hand: :func:`bot.tables.home_view.work_out_odds`), and
``runout_pause_seconds`` later on the table's clock :class:`RunOut` deals
the next street; with no pause the rest comes at once. The runner calls it
under its lock, as it calls the clock's other jobs.

At a run-it-twice table the players are asked first, at whichever street the
betting ended (the engine offers it only when its stub can deal both runs:
:func:`engine.home_rules.runouts_open`); once they chose twice, the second
run's streets (those still to come when the betting ended) are paced the same
way after the first run's.

Restarting: no street of a run-out is anyone's action, so the hand log has
nothing to add; the cards come from the logged deck. How many streets were
dealt is written with the table's saved state before each street is dealt
(``TableState.runout``), and restoring deals exactly as many again
(:func:`bot.tables.hand_log.replay`): a bot stopped in the middle of a
run-out carries on from the street the table showed last.
"""

from __future__ import annotations

from bot.tables.clock import Clock
from bot.tables.persistence import TableKeeper
from bot.tables.state import LiveHand, TableState
from engine import Event


class RunOut:
    """Deals one table's all-in run-outs, a street at a time."""

    def __init__(
        self, state: TableState, keeper: TableKeeper, clock: Clock, pause_seconds: float
    ) -> None:
        self.state = state
        self.keeper = keeper
        self.clock = clock
        self.pause_seconds = pause_seconds

    def pace(self, live: LiveHand) -> float | None:
        """A run-out street is due: deal the rest at once when the table takes no
        pause, else the moment the next street comes (the hand's deadline, which
        the stand-ins keep: :meth:`~bot.tables.stand_ins.StandIns.wake_at`)."""
        hand = live.hand
        if not hand.runout_due:
            return None
        if self.pause_seconds <= 0:
            hand.deal_runout_to()
            return None
        return self.clock.now() + self.pause_seconds

    async def deal_street(self, live: LiveHand) -> list[Event]:
        """The pause is over: write that one more street is dealt, then deal it;
        its events. Should the write fail, nothing is dealt (the clock tries again)."""
        hand, state = live.hand, self.state

        def one_more_street() -> None:
            state.runout = (live.hand_id, hand.runout_streets + 1)

        await self.keeper.save(one_more_street)  # put back should the write fail
        return hand.deal_runout()
