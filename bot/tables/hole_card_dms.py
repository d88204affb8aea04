"""Hole cards by DM: each player who wants them gets their own cards as they
are dealt (later streets and draws included), in one DM a hand: the hand's
first DM is sent, and later streets and draws edit it (a new DM at every
street filled the player's DMs). A player whose DMs Discord
refused is not DMed again this session (:mod:`bot.tables.dm_refusals`) and is
told once, ephemerally, the next time they use a table; "My cards" always
shows them.

Only the player's own :class:`~bot.render.views.PrivateView` is ever sent
(:func:`bot.tables.view.private_view`), and only to them, its cards drawn in
the player's own deck (the emojis synced so far, else text).

Each DM Discord takes is recorded with the hand (how many face-down cards the
player had been dealt when it was sent, drawn cards included:
:attr:`~bot.tables.state.LiveHand.dms_delivered`) and the table's state is
saved soon after, so that after a restart the cards are sent again only to
those whose latest DM may never have gone out.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.database import Database
from bot.house_bank import is_computer
from bot.player_decks import decks_of
from bot.render.card_faces import DeckStyle
from bot.render.card_markup import TEXT_FACES, CardFaces
from bot.render.private_view import private_message
from bot.tables.dm_refusals import DmRefusals
from bot.tables.outlet import PrivateSlot
from bot.tables.publisher import Publisher
from bot.tables.state import LiveHand, TableState
from bot.tables.table_store import dm_cards_wanted
from bot.tables.view import private_view
from engine import HoleCardsDealt

log = logging.getLogger(__name__)


def _dealt_down(live: LiveHand, index: int) -> int:
    """How many face-down cards hand index ``index`` has been dealt so far (a
    draw's new cards count on top of the ones thrown away; stud's up cards,
    which the table shows, do not count)."""
    return sum(
        len(event.cards)
        for event in live.hand.events
        if isinstance(event, HoleCardsDealt) and event.player == index
    )


async def _nothing_to_save() -> None:
    return None


class HoleCardDms:
    def __init__(
        self,
        state: TableState,
        database: Database,
        publisher: Publisher,
        refusals: DmRefusals,
        faces_of: Callable[[DeckStyle], CardFaces] = lambda deck: TEXT_FACES,
        save_state: Callable[[], Awaitable[None]] = _nothing_to_save,
    ) -> None:
        self.state = state
        self.database = database
        self.publisher = publisher
        self.refusals = refusals
        self.faces_of = faces_of
        #: Saves the table's state (under the table's lock), with the DMs delivered.
        self.save_state = save_state
        self._unsaved = False
        self._saving: asyncio.Task[None] | None = None
        #: The hand whose DMs ``_slots`` hold, and each player's DM of it.
        self._slots_hand: int | None = None
        self._slots: dict[int, PrivateSlot] = {}

    @property
    def busy(self) -> bool:
        """Whether a delivered DM is still to be saved."""
        return self._saving is not None and not self._saving.done()

    async def saved(self) -> None:
        """Wait until every delivered DM is saved."""
        while self._saving is not None and not self._saving.done():
            await asyncio.shield(self._saving)

    async def send_again(self, live: LiveHand) -> None:
        """After a restart: DM the cards to each player whose last DM, as saved,
        does not show all the cards they hold now (it may never have gone out)."""
        behind = {
            index
            for index, user_id in enumerate(live.deal.players)
            if live.dms_delivered.get(user_id, 0) < _dealt_down(live, index)
        }
        if behind:
            await self.send(live, behind)

    async def send(self, live: LiveHand, only: set[int] | None = None) -> None:
        """DM each player who wants it their cards (``only``: these hand indices)."""
        state = self.state
        indices = range(len(live.deal.players)) if only is None else sorted(only)
        players = [live.deal.players[index] for index in indices]
        wanted = await dm_cards_wanted(self.database, players)
        # Every deck read first, then every DM queued at once: nothing (a refusal's
        # notice) can come between one player's cards and the next's.
        decks = await decks_of(
            self.database,
            [user_id for user_id in players if user_id in wanted and not is_computer(user_id)],
        )
        if self._slots_hand != live.hand_id:
            self._slots_hand, self._slots = live.hand_id, {}
        for index, user_id in zip(indices, players, strict=True):
            if user_id not in decks or not self.refusals.allows(user_id):
                continue
            if live.hand.folded[index]:
                continue  # cards of a hand already given up help nobody
            player = state.players.get(user_id)
            faces = self.faces_of(decks[user_id])
            message = private_message(
                private_view(state, live, index), player.locale if player else state.locale, faces
            )
            self.publisher.send_private(
                user_id,
                message,
                on_refused=self.refusals.refused,
                on_delivered=self._recorder(live, _dealt_down(live, index)),
                slot=self._slots.setdefault(user_id, PrivateSlot()),
            )

    def _recorder(self, live: LiveHand, shown: int) -> Callable[[int], None]:
        """Records that Discord took a DM showing ``shown`` of the player's cards."""

        def delivered(user_id: int) -> None:
            live.dms_delivered[user_id] = max(shown, live.dms_delivered.get(user_id, 0))
            self._unsaved = True
            if not self.busy:
                self._saving = asyncio.create_task(
                    self._save(), name=f"table-{self.state.table_id}-dms-saved"
                )

        return delivered

    async def _save(self) -> None:
        # DMs delivered while a save is under way are saved by the next round.
        while self._unsaved:
            self._unsaved = False
            try:
                await self.save_state()
            except Exception as error:  # the worst outcome: a DM sent twice after a restart
                log.warning("Table %s: DMs delivered not saved: %r", self.state.table_id, error)
