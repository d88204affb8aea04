"""Hole cards by DM: each player who wants them gets their own cards as they
are dealt (later streets and draws included). A player whose DMs Discord
refused is not DMed again this session (:mod:`bot.tables.dm_refusals`) and is
told once, ephemerally, the next time they use a table; "My cards" always
shows them.

Only the player's own :class:`~bot.render.views.PrivateView` is ever sent
(:func:`bot.tables.view.private_view`), and only to them.
"""

from __future__ import annotations

from bot.database import Database
from bot.house_bank import is_computer
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
    ) -> None:
        self.state = state
        self.database = database
        self.publisher = publisher
        self.refusals = refusals

    async def send(self, live: LiveHand, only: set[int] | None = None) -> None:
        """DM each player who wants it their cards (``only``: these hand indices)."""
        state = self.state
        indices = range(len(live.deal.players)) if only is None else sorted(only)
        players = [live.deal.players[index] for index in indices]
        wanted = await dm_cards_wanted(self.database, players)
        for index, user_id in zip(indices, players, strict=True):
            if user_id not in wanted or is_computer(user_id) or not self.refusals.allows(user_id):
                continue
            if live.hand.folded[index]:
                continue  # cards of a hand already given up help nobody
            player = state.players.get(user_id)
            message = private_message(
                private_view(state, live, index), player.locale if player else state.locale
            )
            self.publisher.send_private(user_id, message, on_refused=self.refusals.refused)
