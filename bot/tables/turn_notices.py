"""Telling a player it is their turn, the way they chose with ``/poker notify``,
when they seem away.

Every table message is sent without mentions and edits never notify, so a
player who looks away would be timed out without knowing. Each player picks
(``player_settings.turn_notice``):

- ``none`` (the default): nothing beyond the table message;
- ``dm``: a direct message naming the table's channel, one per hand: a later
  turn of the same hand edits it rather than send another;
- ``mention``: a short message in the channel that mentions them, and pings
  only them (the message's allowed mentions name that one user), at most once
  a hand. It is never deleted: a ping whose message is gone by the time the
  player looks is a ghost ping.

A player is told only when they seem away: their turn has lasted
:attr:`~bot.tables.services.TableServices.away_seconds` without a word from
them, or it came when the last action heard from them is
:data:`LONG_AWAY_SECONDS` old (then at once). A player who acts within a few
seconds, as most do, is never pinged; the alarm is the table clock's, so the
tests move it by hand.

:class:`TurnNotices` is a table watcher (:mod:`bot.tables.watchers`): it
sees each new turn, reads the player's choice and sets the alarm; the notice
is queued on the publisher, whose posts and DMs go in lanes of their own, so
a notice never delays the table message's next edit
(:mod:`bot.tables.publisher`). A turn a pre-action or the absent player's
clock takes at once is never seen as a turn, so it is never announced. A
notice says whose turn it is and where, nothing of anyone's cards.

The choices are read once a hand, for every seated player in one query, not
at every turn (a read per action, with a task to wait for it, was as much of
the bot's time as writing the action down). ``/poker notify`` takes effect at
once at this process's tables (:meth:`TurnNotices.chosen`), and from the next
hand at a table another process runs.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Collection
from typing import Final, Literal

from bot.database import Database
from bot.i18n import t
from bot.player_settings import set_setting, settings_of
from bot.render.message import OutgoingMessage
from bot.render.views import TableSnapshot
from bot.tables.clock import Alarm, Clock
from bot.tables.outlet import PrivateSlot
from bot.tables.publisher import Publisher
from bot.tables.state import TableState

log = logging.getLogger(__name__)

NoticeChoice = Literal["none", "dm", "mention"]
NOTICE_CHOICES: Final[tuple[NoticeChoice, ...]] = ("none", "dm", "mention")
#: Seconds since a player's last action after which a new turn of theirs is
#: told at once: they have been away for minutes.
LONG_AWAY_SECONDS: Final = 180.0


async def notice_choices_of(
    database: Database, user_ids: Collection[int]
) -> dict[int, NoticeChoice]:
    """The choice of each of ``user_ids`` (``none`` for those who never chose)."""
    choices: dict[int, NoticeChoice] = dict.fromkeys(user_ids, "none")
    for user_id, choice in (await settings_of(database, "turn_notice", user_ids)).items():
        if choice in NOTICE_CHOICES:
            choices[user_id] = choice
    return choices


async def set_notice_choice(database: Database, user_id: int, choice: NoticeChoice) -> None:
    if choice not in NOTICE_CHOICES:
        raise ValueError(f"there is no {choice!r} turn notice")
    await set_setting(database, user_id, "turn_notice", choice)


#: A turn: the hand, how many actions it had, and who is to act.
_Turn = tuple[int, int, int]


class TurnNotices:
    def __init__(
        self,
        database: Database,
        publisher: Publisher,
        channel_id: int,
        clock: Clock,
        *,
        away_seconds: float = 8.0,
    ) -> None:
        self.database = database
        self.publisher = publisher
        self.channel_id = channel_id
        self.clock = clock
        self.away_seconds = away_seconds
        self._turn: _Turn | None = None
        #: When the turn ``_turn`` began, on the table's clock.
        self._turn_began = 0.0
        self._alarm: Alarm | None = None
        #: The seated players' choices, read for hand ``_read_for`` (None: not yet).
        self._choices: dict[int, NoticeChoice] = {}
        self._read_for: int | None = None
        #: The turn to tell once the choices are read, with its locales.
        self._waiting: tuple[_Turn, str, str] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        #: When each player last acted themselves, on the table's clock.
        self._heard: dict[int, float] = {}
        #: The hand each player was last pinged in.
        self._pinged: dict[int, int] = {}
        #: Each player's DM notice: the hand it is about and the DM to edit.
        self._dm: dict[int, tuple[int, PrivateSlot]] = {}

    def heard_from(self, user_id: int) -> None:
        """The player acted themselves (not the clock for them): they are here."""
        self._heard[user_id] = self.clock.now()

    def table_changed(self, state: TableState, view: TableSnapshot, *, fresh: bool) -> None:
        actor = None if view.hand_over or view.closed else view.actor_id
        turn = None if actor is None or view.hand_no is None else (view.hand_no, view.seq, actor)
        if turn == self._turn:
            return
        self._turn = turn
        self._turn_began = self.clock.now()
        self._waiting = None
        if self._alarm is not None:
            self._alarm.cancel()
            self._alarm = None
        if turn is None:
            return
        hand_no, _, user_id = turn
        player = state.players.get(user_id)
        locale = player.locale if player is not None else state.locale
        if self._read_for == hand_no and user_id in self._choices:
            self._plan(turn, self._choices[user_id], locale, state.locale)
            return
        # A new hand (or a player who sat down during it): read the choices first.
        self._waiting = (turn, locale, state.locale)
        if not self._tasks:
            players = {*state.players, user_id}
            task = asyncio.create_task(
                self._read(hand_no, players), name=f"turn-notices-{self.channel_id}"
            )
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def chosen(self, user_id: int, choice: NoticeChoice) -> None:
        """The player chose anew (``/poker notify``): from their next turn on."""
        if user_id in self._choices:
            self._choices[user_id] = choice

    @property
    def busy(self) -> bool:
        return bool(self._tasks)

    async def _read(self, hand_no: int, players: set[int]) -> None:
        """Read the players' choices, then plan the turn that waited for them."""
        try:
            self._choices = await notice_choices_of(self.database, sorted(players))
            self._read_for = hand_no
        except Exception:
            log.warning("Could not read the turn notice choices", exc_info=True)
            return
        waiting, self._waiting = self._waiting, None
        if waiting is None or waiting[0] != self._turn:
            return  # the turn is over already
        turn, locale, channel_locale = waiting
        if turn[0] != hand_no or turn[2] not in self._choices:
            self._waiting = waiting  # a later hand came meanwhile: read again
            await self._read(turn[0], {*players, turn[2]})
            return
        self._plan(turn, self._choices[turn[2]], locale, channel_locale)

    def _plan(self, turn: _Turn, choice: NoticeChoice, locale: str, channel_locale: str) -> None:
        """Set the alarm that tells the player, should they seem away by then."""
        hand_no, _, user_id = turn
        if choice == "none" or (choice == "mention" and self._pinged.get(user_id) == hand_no):
            return
        heard = self._heard.get(user_id)
        long_away = heard is not None and self._turn_began - heard >= LONG_AWAY_SECONDS
        due = self._turn_began if long_away else self._turn_began + self.away_seconds

        def ring() -> None:
            self._alarm = None
            if self._turn == turn:
                self._tell(turn, choice, locale, channel_locale)

        self._alarm = self.clock.call_at(due, ring)

    def _tell(self, turn: _Turn, choice: NoticeChoice, locale: str, channel_locale: str) -> None:
        """Notify the player to act (``locale``: theirs; ``channel_locale``: the table's)."""
        hand_no, _, user_id = turn
        if choice == "dm":
            key = "notice.dm"
            told = self._dm.get(user_id)
            if told is not None and told[0] == hand_no:
                slot = told[1]
                key = "notice.dm_again"  # the hand's DM, edited: not a new DM a turn
            else:
                slot = PrivateSlot()
                self._dm[user_id] = (hand_no, slot)
            text = t(key, locale, channel=f"<#{self.channel_id}>", hand_no=hand_no)
            self.publisher.send_private(user_id, OutgoingMessage(content=text), slot=slot)
            return
        if choice == "mention" and self._pinged.get(user_id) != hand_no:
            self._pinged[user_id] = hand_no
            text = t("notice.mention", channel_locale, mention=f"<@{user_id}>", hand_no=hand_no)
            self.publisher.notify(user_id, OutgoingMessage(content=text))
