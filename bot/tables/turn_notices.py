"""Telling a player it is their turn, the way they chose with ``/poker notify``.

Every table message is sent without mentions and edits never notify, so a
player who looks away would be timed out without knowing. Each player picks
(``player_settings.turn_notice``):

- ``none`` (the default): nothing beyond the table message;
- ``dm``: a direct message naming the table's channel;
- ``mention``: a short message in the channel that mentions them, and pings
  only them (the message's allowed mentions name that one user), deleted as
  soon as the turn is over.

:class:`TurnNotices` is a table watcher (:mod:`bot.tables.watchers`): it
sees each new turn, reads the player's choice and queues the notice on the
table's publisher, and queues the deletion when the turn moves on. A turn a
pre-action or the absent player's clock takes at once is never seen as a
turn, so it is never announced. A notice says whose turn it is and where,
nothing of anyone's cards.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Final, Literal, cast

from bot.database import Database
from bot.i18n import t
from bot.render.message import OutgoingMessage
from bot.render.views import TableSnapshot
from bot.tables.publisher import PostedNotice, Publisher
from bot.tables.state import TableState

log = logging.getLogger(__name__)

NoticeChoice = Literal["none", "dm", "mention"]
NOTICE_CHOICES: Final[tuple[NoticeChoice, ...]] = ("none", "dm", "mention")


async def notice_choice_of(database: Database, user_id: int) -> NoticeChoice:
    choice = await database.fetch_value(
        "SELECT turn_notice FROM player_settings WHERE user_id = ?", (user_id,)
    )
    return cast(NoticeChoice, choice) if choice in NOTICE_CHOICES else "none"


async def set_notice_choice(database: Database, user_id: int, choice: NoticeChoice) -> None:
    if choice not in NOTICE_CHOICES:
        raise ValueError(f"there is no {choice!r} turn notice")
    async with database.transaction() as tx:
        await tx.execute(
            "INSERT INTO player_settings (user_id, turn_notice) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET turn_notice = excluded.turn_notice,"
            f" updated_at = {tx.sql_now}",
            (user_id, choice),
        )


#: A turn: the hand, how many actions it had, and who is to act.
_Turn = tuple[int, int, int]


class TurnNotices:
    def __init__(self, database: Database, publisher: Publisher, channel_id: int) -> None:
        self.database = database
        self.publisher = publisher
        self.channel_id = channel_id
        self._turn: _Turn | None = None
        self._posted: PostedNotice | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    def table_changed(self, state: TableState, view: TableSnapshot, *, fresh: bool) -> None:
        actor = None if view.hand_over or view.closed else view.actor_id
        turn = None if actor is None or view.hand_no is None else (view.hand_no, view.seq, actor)
        if turn == self._turn:
            return
        self._turn = turn
        if self._posted is not None:
            self.publisher.delete(self._posted)
            self._posted = None
        if turn is None:
            return
        player = state.players.get(turn[2])
        locale = player.locale if player is not None else state.locale
        task = asyncio.create_task(
            self._tell(turn, locale, state.locale), name=f"turn-notice-{turn}"
        )
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    @property
    def busy(self) -> bool:
        return bool(self._tasks)

    async def _tell(self, turn: _Turn, locale: str, channel_locale: str) -> None:
        """Notify the player to act (``locale``: theirs; ``channel_locale``: the table's)."""
        hand_no, _, user_id = turn
        try:
            choice = await notice_choice_of(self.database, user_id)
        except Exception:
            log.warning("Could not read the turn notice choice of %s", user_id, exc_info=True)
            return
        if choice == "none" or self._turn != turn:
            return  # not wanted, or the turn is over already
        if choice == "dm":
            text = t("notice.dm", locale, channel=f"<#{self.channel_id}>", hand_no=hand_no)
            self.publisher.send_private(user_id, OutgoingMessage(content=text))
            return
        text = t("notice.mention", channel_locale, mention=f"<@{user_id}>", hand_no=hand_no)
        self._posted = self.publisher.notify(user_id, OutgoingMessage(content=text))
