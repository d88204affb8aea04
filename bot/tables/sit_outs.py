"""Seats of players who sit out for a long time go back to their owners.

A player who sits out (by choice, or after the clock acted for them twice)
keeps their seat and stack; after ``CROUPIER_SIT_OUT_MINUTES`` of sitting out
at a cash table, the seat is given up and the stack cashed out (a tournament's
chips stay in play, and are blinded away). When each sit-out began is kept in
wall-clock time with the player's saved state, so a restart does not start it
over.
"""

from __future__ import annotations

from bot.i18n import t
from bot.render.message import OutgoingMessage
from bot.tables.clock import Clock
from bot.tables.money_desk import MoneyDesk
from bot.tables.publisher import Publisher
from bot.tables.state import TableState


class SitOutWatch:
    """When each seated player began sitting out, and whose sit-out lasted too long."""

    def __init__(self, state: TableState, clock: Clock, seconds: float | None) -> None:
        self.state = state
        self.clock = clock
        #: ``None``: sitting out lasts as long as the player likes.
        self.seconds = seconds

    def note(self) -> float | None:
        """Start or stop each player's sit-out clock; the clock's (monotonic)
        moment the next one runs out, if any does."""
        state, wall_now = self.state, self.clock.wall_now()
        ends: list[float] = []
        for seat in state.table.seats.values():
            player = state.players.get(seat.player)
            if player is None:
                continue
            if not seat.sitting_out:
                player.sitting_out_since = None
                continue
            if player.sitting_out_since is None:
                player.sitting_out_since = wall_now
            if self.seconds is not None:
                ends.append(player.sitting_out_since + self.seconds)
        if not ends:
            return None
        return self.clock.now() + max(0.0, min(ends) - wall_now)

    def expired(self) -> list[int]:
        """The players who have sat out longer than allowed."""
        if self.seconds is None:
            return []
        wall_now, state = self.clock.wall_now(), self.state
        return [
            seat.player
            for seat in state.table.seats.values()
            if seat.sitting_out
            and not seat.leaving
            and (player := state.players.get(seat.player)) is not None
            and player.sitting_out_since is not None
            and wall_now - player.sitting_out_since >= self.seconds
        ]

    async def cash_out(self, user_id: int, desk: MoneyDesk, publisher: Publisher) -> bool:
        """Give up the seat of a player who sat out too long (at the end of the hand
        they are dealt into, if any) and tell the table; whether they left now."""
        name = self.state.name(user_id)
        left_now = not await desk.leave(user_id)
        minutes = round((self.seconds or 0) / 60)
        text = t("table.sat_out_too_long", self.state.locale, name=name, minutes=minutes)
        publisher.post(OutgoingMessage(content=text))
        return left_now
