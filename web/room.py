"""The viewers of one table and what each is sent as the table changes.

:class:`TableRoom` is a :class:`~bot.tables.watchers.TableWatcher`: after
each change of its table, under the table's lock, it builds the public part
of the frame once per language (:mod:`web.frames`) and each seated viewer's
own part from that viewer's seat alone, then hands each
:class:`Connection` its frame without waiting: written to the socket there
and then when nothing is before it and the socket's buffer is empty, else
left to the connection's pump task. The public part is also
serialised once per language and change: each connection is sent that text
with its own part and its frame's number around it (the very text
``json.dumps`` makes of the whole frame). A connection sends only the
newest frame it holds: a browser that reads slowly skips moments, never the
present. Witnesses (:attr:`TableRoom.witnesses`) see every frame as it is
built, with the table's state of that moment (the privacy tests check them).

What watching costs the bot (issue 26, docs/WEB.md "What watching costs"):
a frame whose text is the one the connection was last given (a clock tick,
a change only others' seats see) is not built again nor sent; a seat's own
cards and best hand are evaluated once per change of that seat's cards or
the board (:meth:`TableRoom._private`), not at every action; and a send is
let go after :data:`SEND_PATIENCE_SECONDS` by one watchdog per connection,
armed while it sends, not a timer per frame; most frames wake no task at
all (:meth:`Connection.offer`), and a seat's best hand in words and the
opener's home form are said once, not at every change.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
from collections.abc import Awaitable, Callable, Coroutine, Generator
from typing import Any, Final

from aiohttp import web

from bot.house_bank import is_computer
from bot.render.views import HandResultView, PrivateView, TableSnapshot
from bot.table_options import HOME_OPTIONS
from bot.tables import turns
from bot.tables.errors import TableRefusal
from bot.tables.runner import TableRunner
from bot.tables.show_or_muck import cards_for, hand_to_show
from bot.tables.state import LiveHand, TableState
from bot.tables.view import private_view, result_view
from engine import Card, PreAction, offered_pre_actions, price_for, show_options
from web.frames import (
    Frame,
    best_words,
    frame_text,
    hello_frame,
    home_form,
    numbered,
    public_part,
    seat_part,
    table_frame,
)
from web.viewers import Viewer

log = logging.getLogger(__name__)

#: Seconds one frame may take to be written before the viewer is let go.
SEND_PATIENCE_SECONDS: Final = 10.0

#: Sees each frame as it is built: the connection, the frame, the table's state then.
Witness = Callable[["Connection", Frame, TableState], None]

_connection_numbers = itertools.count(1)


class _Unfinished:
    """A send begun outside any task (:meth:`Connection.offer`) that had to wait
    (the socket's buffer full, a large frame compressed in a thread): awaiting
    this finishes it in the awaiting task, as if it had been awaited from the
    start (``yield from`` but for its first step, already taken)."""

    __slots__ = ("_send", "_waiting_on")

    def __init__(self, send: Coroutine[Any, Any, None], waiting_on: Any) -> None:
        self._send = send
        self._waiting_on = waiting_on

    def __await__(self) -> Generator[Any, Any, None]:
        send, step = self._send, self._waiting_on
        while True:
            try:
                given = yield step
            except BaseException as error:  # the task cancelled: into the send
                try:
                    step = send.throw(error)
                except StopIteration:
                    return
            else:
                try:
                    step = send.send(given)
                except StopIteration:
                    return

    def close(self) -> None:
        self._send.close()


class Connection:
    """One viewer's websocket: frames numbered in the order built, the newest sent.

    A frame is written to the socket at once, from the table's notification,
    when nothing is before it: no send under way or waiting and the socket's
    own buffer empty (``transport``: the connection's, ``None``: always the
    pump). Otherwise, or when that write has to wait, the connection's pump
    task sends it: the newest frame only, one send at a time, a send let go
    after :data:`SEND_PATIENCE_SECONDS`. A viewer that reads slowly thus never
    holds the table or the others back, and most frames cost no task wake-up.
    """

    def __init__(
        self,
        socket: web.WebSocketResponse,
        viewer: Viewer,
        transport: asyncio.BaseTransport | None = None,
    ) -> None:
        self.socket = socket
        self.viewer = viewer
        self.transport = transport
        self.number = next(_connection_numbers)
        self.frames_built = 0
        #: Frames written at once from the notification (the rest: by the pump).
        self.frames_direct = 0
        self._pending: Frame | None = None
        #: The pending frame's JSON text but its closing ``"n"`` (see :func:`frame_text`).
        self._pending_text: str | None = None
        #: A send begun at once that had to wait: the pump finishes it.
        self._unfinished: _Unfinished | None = None
        #: A send begun at once failed (the socket closing): the pump closes it.
        self._broken = False
        #: The text (but its number) of the last frame offered: the moment the viewer has.
        self._last_text: str | None = None
        self._wake = asyncio.Event()
        #: When the send under way began (loop time), ``None`` between sends.
        self._sending_since: float | None = None
        self._watchdog: asyncio.TimerHandle | None = None
        self._timed_out = False

    def repeats(self, text: str) -> bool:
        """Whether ``text`` (a frame but its number) is the moment this viewer was
        last given: the same frame again shows them nothing new."""
        return text == self._last_text

    def offer(self, frame: Frame, text: str | None = None) -> None:
        """Send ``frame`` now if nothing is before it, else queue it (replacing
        one not sent yet); never waits. ``text``: the frame already serialised
        but its number (:func:`web.frames.frame_text`)."""
        self.frames_built += 1
        frame["n"] = self.frames_built
        self._last_text = text
        if self._write_now(frame, text):
            return
        self._pending = frame
        self._pending_text = text
        self._wake.set()

    def _send(self, frame: Frame, text: str | None) -> Coroutine[Any, Any, None]:
        if text is None:
            return self.socket.send_json(frame)
        return self.socket.send_str(numbered(text, frame["n"]))

    def _write_now(self, frame: Frame, text: str | None) -> bool:
        """Begin sending ``frame`` here, outside the pump, if it would be sent next
        and the socket takes it without waiting; whether it was begun."""
        transport = self.transport
        if (
            transport is None
            or self._sending_since is not None
            or self._pending is not None
            or self._broken
            or self.socket.closed
            or transport.is_closing()
            or not isinstance(transport, asyncio.WriteTransport)
            or transport.get_write_buffer_size()
        ):
            return False
        send = self._send(frame, text)
        try:
            waiting_on = send.send(None)
        except StopIteration:
            self.frames_direct += 1
            return True  # written: the usual case
        except (ConnectionError, RuntimeError):
            self._broken = True  # the socket is closing: the pump closes it
            self._wake.set()
            return True
        # It has to wait: it is the send under way, finished (and watched) by the pump.
        self._unfinished = _Unfinished(send, waiting_on)
        self._sending_since = asyncio.get_running_loop().time()
        self._wake.set()
        return True

    async def pump(self) -> None:
        """Send each newest frame until the socket closes."""
        loop = asyncio.get_running_loop()
        task = asyncio.current_task()
        try:
            while not self.socket.closed:
                if self._pending is None and self._unfinished is None and not self._broken:
                    await self._wake.wait()
                self._wake.clear()
                if self._broken:
                    await self.socket.close()
                    return
                send: Awaitable[None] | None = self._unfinished
                self._unfinished = None
                if send is None:
                    frame, self._pending = self._pending, None
                    text, self._pending_text = self._pending_text, None
                    if frame is None:
                        continue
                    self._sending_since = loop.time()
                    send = self._send(frame, text)
                if self._watchdog is None and task is not None:
                    self._arm(loop, task)
                try:
                    await send
                except asyncio.CancelledError:
                    if not self._timed_out:
                        raise
                    if task is not None:
                        task.uncancel()
                    await self.socket.close()
                    return
                except (ConnectionError, TimeoutError, RuntimeError):
                    await self.socket.close()
                    return
                finally:
                    self._sending_since = None
        finally:
            if self._unfinished is not None:
                self._unfinished.close()
                self._unfinished = None
            if self._watchdog is not None:
                self._watchdog.cancel()
                self._watchdog = None

    def _arm(self, loop: asyncio.AbstractEventLoop, task: asyncio.Task[None]) -> None:
        """Let the viewer go if a send takes longer than :data:`SEND_PATIENCE_SECONDS`:
        one timer while frames are being sent (most sends never wait), re-armed
        for the send under way, not one per frame."""

        def check() -> None:
            self._watchdog = None
            since = self._sending_since
            if since is None:
                return  # nothing being sent: armed again by the next send
            if loop.time() - since >= SEND_PATIENCE_SECONDS:
                self._timed_out = True
                task.cancel()
                return
            self._arm_at(loop, since + SEND_PATIENCE_SECONDS, check)

        self._arm_at(loop, (self._sending_since or loop.time()) + SEND_PATIENCE_SECONDS, check)

    def _arm_at(
        self, loop: asyncio.AbstractEventLoop, when: float, check: Callable[[], None]
    ) -> None:
        self._watchdog = loop.call_at(when, check)


class TableRoom:
    """Everyone watching one table, told of each change by its runner."""

    def __init__(self, runner: TableRunner) -> None:
        self.runner = runner
        self.connections: set[Connection] = set()
        self.witnesses: list[Witness] = []
        self._result: tuple[int, HandResultView] | None = None
        #: Each seated viewer's own view, by user id, with what it was read from.
        self._privates: dict[int, tuple[tuple[object, ...], PrivateView]] = {}
        #: Each seated viewer's best hand in words, by user id, for the view kept above.
        self._best: dict[int, tuple[PrivateView, str, list[str]]] = {}
        #: The opener's form by language and the options' values it shows.
        self._home_forms: dict[tuple[str, tuple[object, ...]], Frame] = {}
        runner.watch(self)

    def close(self) -> None:
        self.runner.unwatch(self)

    def hello(self, viewer: Viewer, deck: str = "two_colour") -> Frame:
        """The first frame a viewer is sent (before any table frame); ``deck``:
        the viewer's own (``/poker deck``)."""
        return hello_frame(
            viewer.locale,
            table_id=self.runner.table_id,
            user_id=viewer.user_id,
            name=viewer.name,
            deck=deck,
        )

    def add(self, connection: Connection) -> None:
        """A new viewer (their hello sent): the table as it is now, then each change."""
        self.connections.add(connection)
        self._tell(connection, self.runner.state, self.runner.snapshot(), {})

    def remove(self, connection: Connection) -> None:
        self.connections.discard(connection)
        user_id = connection.viewer.user_id
        if user_id is not None and all(c.viewer.user_id != user_id for c in self.connections):
            self._privates.pop(user_id, None)
            self._best.pop(user_id, None)

    def table_changed(self, state: TableState, view: TableSnapshot, *, fresh: bool) -> None:
        publics: dict[str, tuple[Frame, str]] = {}
        for connection in list(self.connections):
            try:
                self._tell(connection, state, view, publics)
            except Exception:  # one viewer's frame must never stop the table
                log.exception("Table %s: no frame for a viewer", state.table_id)

    def _tell(
        self,
        connection: Connection,
        state: TableState,
        view: TableSnapshot,
        publics: dict[str, tuple[Frame, str]],
    ) -> None:
        locale = connection.viewer.locale
        public = publics.get(locale)
        if public is None:
            # Built and serialised once per language and change, whoever watches.
            part = public_part(
                view,
                locale,
                held=self._held(state),
                result=self._last_result(state),
                rabbit=self._rabbit(state),
            )
            public = publics[locale] = (part, json.dumps(part))
        seat = self._seat(state, view, connection.viewer)
        text = frame_text(public[1], seat)
        if connection.repeats(text):
            return  # the very moment this viewer was last given: nothing new to see
        frame = table_frame(public[0], seat)
        for witness in self.witnesses:
            witness(connection, frame, state)
        connection.offer(frame, text)

    @staticmethod
    def _held(state: TableState) -> dict[int, int]:
        """How many cards each player holds in the hand being played (never which)."""
        live = state.live
        if live is None:
            return {}
        return {
            user_id: len(live.hand.hole_cards[index])
            for index, user_id in enumerate(live.deal.players)
        }

    @staticmethod
    def _rabbit(state: TableState) -> tuple[tuple[Card, ...], ...]:
        """The last hand's rabbit, once hunted (the engine's cards to come), else none."""
        last = state.last_hand
        if state.live is not None or last is None or not last.rabbit_hunted:
            return ()
        return tuple(map(tuple, last.hand.rabbit_boards()))

    def _last_result(self, state: TableState) -> HandResultView | None:
        last = state.last_hand
        if state.live is not None or last is None or not last.hand.is_complete:
            return None
        if self._result is None or self._result[0] != last.hand_no:
            self._result = (last.hand_no, result_view(state, last))
        return self._result[1]

    def refresh(self, connection: Connection) -> None:
        """Send ``connection`` the table again (a change only its own seat sees:
        a pre-action chosen)."""
        if connection in self.connections:
            self._tell(connection, self.runner.state, self.runner.snapshot(), {})

    def _seat(self, state: TableState, view: TableSnapshot, viewer: Viewer) -> Frame | None:
        """The viewer's own part: only ever built for the viewer who sits there."""
        user_id = viewer.user_id
        if user_id is None:
            return None
        table = state.table
        seated = not state.closed and table.is_seated(user_id)
        live = state.live
        # Once the hand is over the player still sees their own cards of it.
        shown_from = live if live is not None else state.last_hand
        index = None if shown_from is None else shown_from.index_of(user_id)
        own = (
            None
            if shown_from is None or index is None
            else self._private(state, shown_from, index, user_id)
        )
        can_show = False
        if live is None and index is not None:
            with contextlib.suppress(TableRefusal):  # the table's own answer, asked, not taken
                last, last_index = hand_to_show(state, user_id, None)
                can_show = bool(cards_for(last, last_index, None))
        discard = None
        if live is not None and index is not None and index in live.hand.pending_discards:
            with contextlib.suppress(TableRefusal):
                discard = turns.discard_choices(state, user_id, live.hand_no, live.seq)
        mine = view.actor_id == user_id
        pre: tuple[tuple[PreAction, ...], PreAction | None, int] | None = None
        if live is not None and index is not None and not live.hand.is_complete:
            offered = offered_pre_actions(live.hand, index)
            choice = self.runner.pre_actions.choice_of(live, user_id)
            if offered or choice is not None:
                kind = None if choice is None else choice.kind
                pre = (offered, kind, price_for(live.hand, index))
        return seat_part(
            own,
            view.choices if mine else None,
            discard,
            user_id=user_id,
            seated=seated,
            showdown_choice=mine and view.showdown_choice,
            sitting_out=seated and table.seat_of(user_id).sitting_out,
            can_show=can_show,
            pre_actions=pre,
            locale=viewer.locale,
            best=None if own is None else self._best_words(user_id, own, viewer.locale),
            **self._extras(state, user_id, seated=seated, locale=viewer.locale),
        )

    def _best_words(self, user_id: int, own: PrivateView, locale: str) -> list[str]:
        """:func:`~web.frames.best_words` of the seat's kept view, said once per view."""
        kept = self._best.get(user_id)
        if kept is not None and kept[0] is own and kept[1] == locale:
            return kept[2]
        words = best_words(own, locale)
        self._best[user_id] = (own, locale, words)
        return words

    def _private(
        self, state: TableState, shown_from: LiveHand, index: int, user_id: int
    ) -> PrivateView:
        """The seat's :func:`~bot.tables.view.private_view`, read again only when
        what it is made of changed: the hand, the seat's cards, the boards,
        whether the seat folded (its cards and best hand do not change with
        others' bets, and evaluating the hand is most of a seat's frame)."""
        hand = shown_from.hand
        key = (
            state.table_id,
            state.record.channel_id,
            shown_from.hand_no,
            index,
            tuple(hand.hole_cards[index]),
            tuple(map(tuple, hand.boards)),
            tuple(hand.board),
            hand.folded[index],
        )
        kept = self._privates.get(user_id)
        if kept is not None and kept[0] == key:
            return kept[1]
        own = private_view(state, shown_from, index)
        self._privates[user_id] = (key, own)
        return own

    def _extras(
        self, state: TableState, user_id: int, *, seated: bool, locale: str = "en"
    ) -> dict[str, Any]:
        """The seat's time bank, whether they are asked to run it twice, may vote
        for a bomb pot, and which cards they may show one at a time after the hand:
        each the table's or the engine's own answer, read, never decided here; for
        the table's opener, ``/poker homegame``'s options as agreed now."""
        table, live, last = state.table, state.live, state.last_hand
        runout_choice = False
        if live is not None and not live.hand.is_complete:
            index = live.index_of(user_id)
            runout_choice = index is not None and index in live.hand.runout_choosers
        bomb_vote = (
            seated
            and table.rules.home.bomb_pot is not None
            and not table.bomb_pot_voted
            and not table.seat_of(user_id).sitting_out
            and not is_computer(user_id)
        )
        single: tuple[int, ...] = ()
        if live is None and last is not None and (index := last.index_of(user_id)) is not None:
            options = show_options(last.hand, index, last.shown_after.get(user_id, ()))
            if options is not None:
                hole = list(last.hand.hole_cards[index])
                single = tuple(hole.index(card) for card in options.single)
        settings = state.settings
        opener = user_id == state.record.creator_id and not state.closed
        form = None
        if opener:
            values = tuple(getattr(settings, option.name) for option in HOME_OPTIONS)
            form = self._home_forms.get((locale, values))
            if form is None:
                # Said again only when an option changes (the dict is shared, never altered).
                if len(self._home_forms) >= 4:
                    self._home_forms.clear()
                form = self._home_forms[(locale, values)] = home_form(
                    {
                        option.name: value
                        for option, value in zip(HOME_OPTIONS, values, strict=True)
                    },
                    locale,
                )
        return {
            "home_form": form,
            "time_bank": self.runner.banks.seconds_of(user_id) if seated else None,
            "runout_choice": runout_choice,
            "bomb_vote": bomb_vote,
            "show_single": single,
        }
