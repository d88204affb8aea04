"""Late registration and re-entry at a multi-table tournament under way.

Until the end of the level the organiser set (:class:`LateRule`), a member
enters a tournament already running and is seated at once; a player who
busted may enter again while they have re-entries left. Who may enter, and
the seat (a random empty one at a table with the fewest players, TDA Rule
8-A), are the engine's (:meth:`engine.TournamentFloor.late_entry`,
:meth:`engine.TournamentFloor.seat_late`); this module carries them out, in
one transaction:

- the buy-in from the member's balance into the tournament's prize pool (a
  ``tournament_buy_in`` ledger row on the pool's table; a re-entry adds it to
  the player's one entry row, which keeps their best place);
- the starting stack to the seat drawn, at that table (its state saved);
- the floor and the tournament's row (``multi_table_tournaments``, migration
  0016), with the late rule and the re-entries made, so a restart finds the
  player seated, the pool and the payouts as they are.

The payouts follow the new field: a new player is a new entrant (the payout
table grows with them), a re-entry is not (:mod:`engine.payouts`) but its
buy-in is in the pool. The table and the lobby say who entered.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.database import Transaction
from bot.i18n import t
from bot.render.message import OutgoingMessage
from bot.tables.errors import Refused
from bot.tables.late_refusals import REFUSALS
from bot.tables.state import Player
from bot.tournaments.floor_runner import Entrant, MultiTableTournament
from bot.tournaments.late_places import level_now
from bot.tournaments.late_rule import LateRule
from engine import LateEntry, Move, TournamentFloor

__all__ = ["LateRule", "LateSeat", "answer", "level_now", "register_late"]


@dataclass(frozen=True, slots=True)
class LateSeat:
    """Where a late entry sits: the table's number and thread, the seat, the
    stack; the member's balance after the buy-in; whether it re-entered."""

    table: int
    channel_id: int
    seat: int
    stack: int
    balance: int
    reentry: bool


def answer(tournament: MultiTableTournament, user_id: int) -> LateEntry:
    """Whether ``user_id`` may enter the tournament now (the engine's answer)."""
    rule = tournament.late
    if tournament.over or tournament.running_since is None:
        return LateEntry.CLOSED
    return tournament.floor.late_entry(
        user_id,
        level=level_now(tournament),
        last_level=rule.last_level,
        reentries=rule.reentries,
        reentries_made=rule.made.get(user_id, 0),
    )


def refuse(tournament: MultiTableTournament, verdict: LateEntry) -> Refused:
    """The polite refusal for ``verdict``."""
    rule = tournament.late
    return Refused(REFUSALS[verdict], level=rule.last_level, reentries=rule.reentries)


async def register_late(tournament: MultiTableTournament, entrant: Entrant) -> LateSeat:
    """Enter ``entrant`` (a member) in ``tournament`` now, or re-enter them:
    seated at once at a table with the fewest players, the buy-in in the pool
    (see the module). Refused, nothing taken, when they may not."""
    async with tournament._work:  # no moves or breaks while the floor seats them
        verdict = answer(tournament, entrant.user_id)
        if not verdict.admitted:
            raise refuse(tournament, verdict)
        reentry = verdict is LateEntry.REENTRY
        floor = tournament.floor
        entrants, paid_places = floor.entrants, floor.paid_places
        prize_money, rule = tournament.prize_money, tournament.late
        made_before = dict(rule.made)
        entrant_before = tournament.entrants.get(entrant.user_id)
        try:
            seated = await _seat(tournament, entrant, reentry)
        except BaseException:
            # Only this entry is taken back: other tables' hands may have
            # settled meanwhile, and what they told the floor is written.
            _unseat(floor, entrant.user_id)
            floor.entrants, floor.paid_places = entrants, paid_places
            tournament.prize_money, rule.made = prize_money, made_before
            if entrant_before is None:
                tournament.entrants.pop(entrant.user_id, None)
            raise
    _announce(tournament, entrant, seated)
    await tournament._wake_tables()
    tournament.show_lobby()
    return seated


def _unseat(floor: TournamentFloor, player: int) -> None:
    """Take ``player``'s late seat (and its move) off ``floor`` again."""
    for seats in floor.tables.values():
        for seat, seated in list(seats.items()):
            if seated == player:
                del seats[seat]
    floor.pending = [move for move in floor.pending if move.player != player]


async def _seat(tournament: MultiTableTournament, entrant: Entrant, reentry: bool) -> LateSeat:
    floor, config = tournament.floor, tournament.config
    user_id = entrant.user_id
    events = floor.seat_late(user_id, tournament.rng, reentry=reentry)
    (move,) = events  # a shortest table with a free seat: nobody else moves
    assert isinstance(move, Move)
    runner = tournament.runners[move.to_table]
    state = runner.state
    buy_in = config.tournament_buy_in

    def sit() -> None:
        state.add_player(Player(user_id, entrant.name, entrant.locale))
        state.table.sit(user_id, move.to_seat)

    async def pay(tx: Transaction, _: None) -> int:
        await tournament.catch_up(tx)  # the tournament's row first, as a hand's settling
        balance = await tournament.registry.services.cashier.register_at(
            tx,
            tournament.guild_id,
            user_id,
            pool_table_id=tournament.pool_table_id,
            table_id=runner.table_id,
            seat_no=move.to_seat,
            buy_in=buy_in,
            starting_stack=config.starting_stack,
            reentry=reentry,
        )
        floor.move_done(user_id)
        tournament.entrants[user_id] = entrant
        tournament.prize_money += buy_in
        if reentry:
            tournament.late.made[user_id] = tournament.late.made.get(user_id, 0) + 1
        # The places paid follow the field (the bubble is one above them).
        floor.paid_places = len(tournament.prizes)
        await tournament.save(tx)
        return balance

    async with runner.held():
        balance = await runner.keeper.transact(sit, pay)
    return LateSeat(
        move.to_table,
        runner.record.channel_id,
        move.to_seat,
        config.starting_stack,
        balance,
        reentry,
    )


def _announce(tournament: MultiTableTournament, entrant: Entrant, seated: LateSeat) -> None:
    locale = tournament.config.locale
    text = t(
        "late.reentered" if seated.reentry else "late.registered",
        locale,
        name=entrant.name,
        table=seated.table,
        seat=seated.seat,
        channel=f"<#{seated.channel_id}>",
        entrants=tournament.floor.entrants,
        reentries=tournament.late.entries,
        pool=tournament.prize_money,
    )
    tournament.runners[seated.table].publisher.post(OutgoingMessage(content=text))
    tournament.lobby.post(OutgoingMessage(content=text))
