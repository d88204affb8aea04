"""Each player's private seat view, kept current while Discord lets it be.

"My cards" answers with the player's seat (:mod:`bot.render.seat_view`) as
an ephemeral message, and the cog hands this part a way to edit it (an
:data:`SeatEditor`, through the interaction's token). From then on, after
every change of the table, each open seat view whose content changed is
edited in place: the new street, the price to call, a pre-action cleared by
a raise, the time bank, the showdown's show or muck. An interaction's token
lives 15 minutes, so a view is let go a little before that (or when an edit
fails); the next "My cards" (or a click on the view, whose own token then
edits the same message) opens it again. The view carries on into the next
hands while its token lives (issue 23): on the player's turn it offers the
table message's buttons (:mod:`cogs.table_buttons` answers them), every click
on it hands over a fresh token, and a few minutes before the token's end the
view says until when it is kept current; at the end it says it no longer
updates, and offers nothing.

Edits for one player go out one at a time, the newest state replacing any
not yet sent; nothing here waits under the table's lock. A seat is drawn only
when its edit goes out, and not at all when it equals what the view shows or
is about to: after every change of the table only the seat's data is built
and compared. Only the player's own seat is ever put in their view.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any, Final

from bot.render.card_markup import CardFaces
from bot.render.message import OutgoingMessage
from bot.render.seat_view import SeatView, seat_message
from bot.render.views import TableSnapshot
from bot.tables import turns, view
from bot.tables.clock import Alarm, Clock, wall_time_at
from bot.tables.pre_actions import PreActions
from bot.tables.state import LiveHand, TableState
from bot.tables.time_bank import TimeBanks
from engine import Phase, offered_pre_actions, price_for, show_options

log = logging.getLogger(__name__)

#: Edit an open view for this long (Discord: 15 minutes), leaving a margin.
SEAT_VIEW_SECONDS: Final = 14 * 60
#: From this long after it was opened (or last clicked), the view says until when.
SEAT_VIEW_WARNING: Final = SEAT_VIEW_SECONDS - 3 * 60

#: Edits the player's open view; ``False`` when Discord no longer lets it.
SeatEditor = Callable[[OutgoingMessage], Awaitable[bool]]


def _same(a: OutgoingMessage | None, b: OutgoingMessage) -> bool:
    def key(m: OutgoingMessage) -> tuple[Any, ...]:
        return (m.content, None if m.embed is None else m.embed.to_dict(), m.buttons)

    return a is not None and key(a) == key(b)


@dataclass
class _Open:
    user_id: int
    locale: str
    faces: CardFaces
    editor: SeatEditor
    opened_at: float
    hand_no: int
    shown: OutgoingMessage | None = None
    #: The seat ``shown`` was drawn from (``None``: not known, as when just opened).
    shown_seat: SeatView | None = None
    #: The newest seat not edited in yet: drawn when its edit goes out.
    pending: SeatView | None = None
    #: The seat whose edit is out now.
    sending: SeatView | None = None
    task: asyncio.Task[None] | None = field(default=None)
    #: The warning before the token's end, and the end itself.
    alarms: tuple[Alarm, ...] = ()
    #: The view was told it no longer updates: let go once that edit is out.
    expired: bool = False
    #: The ephemeral message edited (``None``: not known).
    message_id: int | None = None

    def stop(self) -> None:
        for alarm in self.alarms:
            alarm.cancel()
        self.alarms = ()


class SeatConsoles:
    def __init__(
        self, state: TableState, clock: Clock, pre_actions: PreActions, banks: TimeBanks
    ) -> None:
        self.state = state
        self.clock = clock
        self.pre_actions = pre_actions
        self.banks = banks
        self._open: dict[int, _Open] = {}

    def view_for(self, user_id: int) -> SeatView:
        """The player's seat now: in the hand being played or, until the next deal,
        the one that ended last (refused as "My cards" is when they are in neither)."""
        state = self.state
        live, last = state.live, state.last_hand
        if live is None and last is not None and last.index_of(user_id) is not None:
            return self._seat(last, user_id)
        turns.own_cards(state, user_id)  # the refusal, if they are not in this hand
        assert live is not None
        return self._seat(live, user_id)

    def _seat(self, live: LiveHand, user_id: int) -> SeatView:
        index = live.index_of(user_id)
        assert index is not None
        hand = live.hand
        over = hand.is_complete
        turn = not over and hand.to_act == index
        discard_key = None
        if turn and hand.phase is Phase.DISCARDING:
            street = hand.street
            discard_key = "button.draw" if street.draw > 0 else "button.discard"
            if street.point_card:
                discard_key = "button.point_card"
        return SeatView(
            private=view.private_view(self.state, live, index),
            # Once the hand is over the seat's chips are the table's (a 7-2
            # bounty collected on a show after the hand moves them).
            stack=self._stack_after(live, user_id) if over else hand.stacks[index],
            price=0 if over else price_for(hand, index),
            pot=hand.pot_total,
            time_bank=self.banks.seconds_of(user_id),
            to_act=not over and hand.to_act == index,
            hand_over=over,
            showdown_turn=not over and hand.to_act == index and hand.phase is Phase.SHOWDOWN,
            chosen=None
            if (choice := self.pre_actions.choice_of(live, user_id)) is None
            else choice.kind,
            offered=offered_pre_actions(hand, index),
            show=show_options(hand, index, live.shown_after.get(user_id, ())),
            seq=len(hand.actions),
            choices=view.choices(hand) if turn else None,
            discard_key=discard_key,
            runout_choice=not over and index in hand.runout_choosers,
        )

    def _stack_after(self, live: LiveHand, user_id: int) -> int:
        table = self.state.table
        if table.is_seated(user_id):
            return table.seat_of(user_id).stack
        return live.hand.stacks[live.deal.players.index(user_id)]

    def open(
        self,
        user_id: int,
        locale: str,
        faces: CardFaces,
        editor: SeatEditor,
        shown: OutgoingMessage | None = None,
        *,
        message_id: int | None = None,
    ) -> None:
        """The player's view ``message_id`` was just sent (``shown``) or clicked: edit
        it from now on, through ``editor`` (the newest interaction's token)."""
        try:
            hand_no = self.view_for(user_id).private.hand_no
        except Exception:  # in no hand here any more: nothing to keep current
            return
        old = self._open.get(user_id)
        console = _Open(user_id, locale, faces, editor, self.clock.now(), hand_no)
        console.message_id = message_id
        same = old is not None and (message_id is None or old.message_id in (None, message_id))
        if shown is None and old is not None and same and old.hand_no == hand_no:
            shown, console.shown_seat = old.shown, old.shown_seat
        console.shown = shown
        self._keep(console)

    def renew(self, user_id: int, editor: SeatEditor, *, message_id: int | None = None) -> bool:
        """A click on the player's view ``message_id`` (``editor``: its fresh token):
        edit through it from now on, for another 15 minutes. The clicked view may be
        an older one than the view kept current until now, so what it shows is not
        assumed. ``False`` when no view of theirs is open (the caller opens one)."""
        old = self._open.get(user_id)
        if old is None or old.expired:
            return False
        console = _Open(user_id, old.locale, old.faces, editor, self.clock.now(), old.hand_no)
        console.message_id = message_id
        self._keep(console)
        return True

    def _keep(self, console: _Open) -> None:
        """``console`` is the player's view kept current from now on. One view per
        player: an other one kept current until now says it no longer updates."""
        old = self._open.get(console.user_id)
        if old is not None:
            old.stop()
            other = None not in (old.message_id, console.message_id)
            if other and old.message_id != console.message_id and not old.expired:
                self._last_edit(old, superseded=True)
        self._open[console.user_id] = console
        user_id = console.user_id
        console.alarms = (
            self.clock.call_at(
                console.opened_at + SEAT_VIEW_WARNING, lambda: self.refresh(only=user_id)
            ),
            self.clock.call_at(
                console.opened_at + SEAT_VIEW_SECONDS, lambda: self._expire(console)
            ),
        )

    def _expire(self, console: _Open) -> None:
        """The token's end is near: the view says it no longer updates, then is let go."""
        if self._open.get(console.user_id) is not console:
            return
        console.alarms = ()
        if not self._last_edit(console, superseded=False):
            del self._open[console.user_id]

    def _last_edit(self, console: _Open, *, superseded: bool) -> bool:
        """The view's last edit: the seat as it is (else as it was last drawn), saying
        it no longer updates (``superseded``: a newer view does), with no buttons.
        ``False`` when there is nothing to draw."""
        console.expired = True
        last: SeatView | None = None
        with contextlib.suppress(Exception):
            last = self.view_for(console.user_id)
        last = last or console.pending or console.sending or console.shown_seat
        if last is None:
            return False
        console.pending = replace(last, expired=True, superseded=superseded, kept_until=None)
        if console.task is None or console.task.done():
            console.task = asyncio.create_task(
                self._edit(console), name=f"seat-view-{console.user_id}"
            )
        return True

    def close(self) -> None:
        """The table is gone: no alarms left behind."""
        for console in self._open.values():
            console.stop()

    def message_for(self, user_id: int, locale: str, faces: CardFaces) -> OutgoingMessage:
        return seat_message(self.view_for(user_id), locale, faces)

    @property
    def busy(self) -> bool:
        return any(c.task is not None and not c.task.done() for c in self._open.values())

    def table_changed(self, state: TableState, view: TableSnapshot, *, fresh: bool) -> None:
        self.refresh()

    def refresh(self, only: int | None = None) -> None:
        """Edit each open view whose seat changed (``only``: this player's)."""
        now = self.clock.now()
        for user_id, console in list(self._open.items()):
            if only is not None and user_id != only:
                continue
            if console.expired:
                continue  # its last edit is on its way
            if now - console.opened_at > SEAT_VIEW_SECONDS:  # its alarm is due
                continue
            try:
                seat = self.view_for(user_id)
            except Exception:  # no longer in a hand here: the view shows the last it knew
                continue
            # A new hand: the same view carries on into it.
            console.hand_no = seat.private.hand_no
            if now >= console.opened_at + SEAT_VIEW_WARNING:
                until = console.opened_at + SEAT_VIEW_SECONDS
                seat = replace(seat, kept_until=int(wall_time_at(self.clock, until)))
            if seat == (console.pending or console.sending or console.shown_seat):
                continue  # what the view shows, or will: nothing to draw
            console.pending = seat
            if console.task is None or console.task.done():
                console.task = asyncio.create_task(self._edit(console), name=f"seat-view-{user_id}")

    async def _edit(self, console: _Open) -> None:
        while (seat := console.pending) is not None:
            console.pending = None
            # Drawn only now: seats that a newer one replaced while an edit was out
            # are never drawn, and one that draws what the view shows is not sent.
            message = seat_message(seat, console.locale, console.faces)
            if _same(console.shown, message):
                console.shown_seat = seat
                continue
            console.sending = seat
            try:
                edited = await console.editor(message)
            except Exception:
                log.warning("Editing the seat view of %s failed", console.user_id, exc_info=True)
                edited = False
            finally:
                console.sending = None
            if not edited:
                if self._open.get(console.user_id) is console:
                    console.stop()
                    del self._open[console.user_id]
                return
            console.shown, console.shown_seat = message, seat
        if console.expired and self._open.get(console.user_id) is console:
            del self._open[console.user_id]
