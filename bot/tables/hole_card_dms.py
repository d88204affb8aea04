"""Hole cards by DM: each player who wants them gets their own cards as they
are dealt (later streets and draws included). A player whose DMs Discord
refused is not DMed again this session (:mod:`bot.tables.dm_refusals`) and is
told once, ephemerally, the next time they use a table; "My cards" always
shows them.

Only the player's own :class:`~bot.render.views.PrivateView` is ever sent
(:func:`bot.tables.view.private_view`), and only to them, its cards drawn in
the player's own deck (the emojis synced so far, else text).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.database import Database
from bot.house_bank import is_computer
from bot.player_decks import deck_of
from bot.render.card_faces import DeckStyle
from bot.render.card_markup import TEXT_FACES, CardFaces
from bot.render.private_view import private_message
from bot.tables.dm_refusals import DmRefusals
from bot.tables.publisher import Publisher
from bot.tables.state import LiveHand, TableState
from bot.tables.table_store import dm_cards_wanted
from bot.tables.view import private_view


class HoleCardDms:
    def __init__(
        self,
        state: TableState,
        database: Database,
        publisher: Publisher,
        refusals: DmRefusals,
        faces_of: Callable[[DeckStyle], CardFaces] = lambda deck: TEXT_FACES,
    ) -> None:
        self.state = state
        self.database = database
        self.publisher = publisher
        self.refusals = refusals
        self.faces_of = faces_of

    async def send(self, live: LiveHand, only: set[int] | None = None) -> None:
        """DM each player who wants it their cards (``only``: these hand indices)."""
        state = self.state
        indices = range(len(live.deal.players)) if only is None else sorted(only)
        players = [live.deal.players[index] for index in indices]
        wanted = await dm_cards_wanted(self.database, players)
        # Every deck read first, then every DM queued at once: nothing (a refusal's
        # notice) can come between one player's cards and the next's.
        decks = {
            user_id: await deck_of(self.database, user_id)
            for user_id in players
            if user_id in wanted and not is_computer(user_id)
        }
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
            self.publisher.send_private(user_id, message, on_refused=self.refusals.refused)
