"""Restoring a table after a restart: its engine table, its players and its
unfinished hand, rebuilt from what the database holds
(:func:`restore_runner`, which the registry calls for every open table).

The engine's table comes back from its saved state; the database's seats
must agree with it (they are written in the same transactions), and where
they do not, the game starts afresh from the seats, which are the chips'
truth. The unfinished hand is dealt again from its logged start and its
logged actions replayed (:func:`~bot.tables.hand_log.replay`), an all-in
run-out as far as the saved state says it had come. A hand whose
log cannot be replayed is voided: every stack goes back to what it was when
the hand began, and the channel is told.
"""

from __future__ import annotations

import json
import logging
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from bot.i18n import t
from bot.render.hand_result import result_message
from bot.render.message import OutgoingMessage
from bot.render.views import HandResultView
from bot.replay_links import shared_url
from bot.tables.hand_faults import log_fault, void_hand
from bot.tables.hand_log import HandLog, LoggedHand, replay, replay_logged_hand
from bot.tables.money_desk import MoneyDesk
from bot.tables.outlet import Outlet
from bot.tables.persistence import TableKeeper
from bot.tables.publisher import Publisher
from bot.tables.runner import DeskFactory, TableRunner
from bot.tables.services import TableServices
from bot.tables.state import LiveHand, Player, TableState
from bot.tables.table_settings import TableSettings
from bot.tables.table_store import StoredSeat, StoredTable
from bot.tables.tournament import TournamentProgress
from bot.tables.view import result_view, told
from engine import (
    CardsDiscarded,
    Hand,
    HandMucked,
    HandShown,
    PlayerActed,
    PointCardChosen,
    Seat,
    ShowOrMuck,
    Table,
    TableRules,
    table_from_data,
)

log = logging.getLogger(__name__)


async def restore_runner(
    stored: StoredTable,
    services: TableServices,
    outlet: Outlet,
    *,
    as_saved: bool = True,
    desk_for: DeskFactory | None = None,
) -> TableRunner:
    """The runner of a table as the database holds it, carrying on with its
    unfinished hand or having voided one that cannot be replayed.

    ``as_saved=False`` is the way back for a table whose restore failed
    (:meth:`~bot.tables.registry.TableRegistry.restore_all`): its game starts
    afresh from the database's seats, the chips' truth, and its unfinished
    hand is voided without being replayed, so the table plays on, and can be
    left and closed, whatever broke."""
    settings = stored.config
    # Afresh from the seats, the next hand is numbered after every hand logged.
    logged_hands = (
        0 if as_saved else await HandLog(services.database).last_hand_no(stored.record.table_id)
    )
    runner = TableRunner(
        stored.record,
        settings,
        services,
        outlet,
        table=restored_table(stored, settings.rules())
        if as_saved
        else table_from_seats(stored, settings.rules(), hands_logged=logged_hands),
        players=restored_players(stored.state, stored.seats),
        progress=restored_progress(settings, stored, now=services.clock.now())
        if settings.tournament
        else None,
        message_id=stored.message_id,
        computers=stored.state.get("computers"),
        saved=stored.state,
        desk_for=desk_for,  # a multi-table tournament's table (bot/tournaments)
    )
    unposted = runner.state.unposted_result  # as saved (TableState.saved_fields)
    replayed = (
        await replayed_hand(runner.state, runner.hand_log)
        if as_saved
        else await unreplayed_hand(runner.state, runner.hand_log)
    )
    if isinstance(replayed, Unresumable):
        notice = await void_unresumable(
            runner.state, runner.keeper, runner.hand_log, runner.desk, replayed
        )
        await runner.resume(None, notice)
    else:
        if replayed is not None:
            delivered = dms_delivered(stored.state, replayed.hand_id)
            replayed = replace(replayed, dms_delivered=delivered)
            if unposted is not None:  # the next hand's message is up: post it apart
                await post_result_again(runner.state, services, runner.publisher, unposted)
        else:
            # Between hands the table message is the last hand's, ending with its
            # result: edited again after the restart, it must still show it.
            await restore_last_hand(runner.state, services)
            last = runner.state.last_hand
            if unposted is not None and (last is None or last.hand_id != unposted):
                await post_result_again(runner.state, services, runner.publisher, unposted)
        await runner.resume(replayed)
    return runner


async def restore_last_hand(state: TableState, services: TableServices) -> None:
    """Make the table's last hand, when it was finished, the last hand again: its
    message shows its result (a result never shown stays owed, as saved)."""
    row = await services.database.fetch_one(
        "SELECT id, status, commitment, result FROM hands WHERE table_id = ?"
        " ORDER BY id DESC LIMIT 1",
        (state.table_id,),
    )
    if row is None or row["status"] != "finished":
        return
    hand_id = int(row["id"])
    try:
        deal, hand = await replay_logged_hand(services.database, hand_id)
    except Exception:
        log.warning("Table %s: hand %s could not be dealt again", state.table_id, hand_id)
        return
    if not hand.is_complete:
        return
    live = LiveHand(hand_id, deal, hand, row["commitment"])
    # A rabbit hunted before the restart stays public (bot/tables/home_game.py
    # marks it in the hand's result): the web room shows its cards again.
    live.rabbit_hunted = bool(json.loads(row["result"] or "{}").get("rabbit_hunted"))
    live.result = await linked_result(state, services, live)
    state.hand_settled(live)


async def linked_result(
    state: TableState, services: TableServices, live: LiveHand
) -> HandResultView:
    """The hand's result as the dealer drew it: with its replay link when the
    room has a public address (a restart must not drop it)."""
    result = result_view(state, live)
    if services.public_url is None:
        return result
    try:
        link = await shared_url(services.database, services.public_url, live.hand_id)
    except Exception:  # the result without its link rather than none
        log.warning("Table %s: no replay link for hand %s", state.table_id, live.hand_id)
        return result
    return replace(result, replay_url=link)


def dms_delivered(state: dict[str, Any], hand_id: int) -> dict[int, int]:
    """The DMs of hand ``hand_id`` Discord took before the restart, as saved."""
    saved = state.get("dms_delivered")
    if not isinstance(saved, dict) or saved.get("hand_id") != hand_id:
        return {}
    return {int(uid): int(count) for uid, count in saved.get("players", {}).items()}


async def post_result_again(
    state: TableState, services: TableServices, publisher: Publisher, hand_id: int
) -> None:
    """Post the result of a hand settled just before the process stopped, which
    may never have reached the channel (dealt again from its log)."""
    try:
        deal, hand = await replay_logged_hand(services.database, hand_id)
        commitment = await services.database.fetch_value(
            "SELECT commitment FROM hands WHERE id = ?", (hand_id,)
        )
    except Exception:
        log.warning("Table %s: the result of hand %s is lost", state.table_id, hand_id)
        return
    if not hand.is_complete:
        return
    live = LiveHand(hand_id, deal, hand, commitment)
    message = result_message(
        await linked_result(state, services, live), state.locale, services.public_faces()
    )

    publisher.post(message, then=lambda: state.result_posted(hand_id))


@dataclass(frozen=True, slots=True)
class Unresumable:
    """A logged hand the engine cannot play again, and why."""

    logged: LoggedHand
    error: Exception


def restored_table(stored: StoredTable, rules: TableRules) -> Table:
    """The engine's table as it was saved, or afresh from the database's seats."""
    table_id, seats, carried_pot = stored.record.table_id, stored.seats, stored.carried_pot
    saved = {(s.seat, s.user_id, s.stack) for s in seats}
    try:
        table = table_from_data(rules, saved_table(stored.state))
        seated = {(s.number, s.player, s.stack) for s in table.seats.values()}
        if seated == saved and table.carried_pot == carried_pot:
            return table
        log.warning("Table %s: saved seats differ from the database", table_id)
    except (KeyError, TypeError, ValueError) as error:
        log.warning("Table %s: its saved state cannot be read: %r", table_id, error)
    return table_from_seats(stored, rules)


def saved_table(state: dict[str, Any]) -> dict[str, Any]:
    """The engine's table as saved, with the bomb-pot votes of a table saved
    when the bot counted them (``bomb_voters``, beside the engine's table)."""
    table: dict[str, Any] = state["table"]
    voters = state.get("bomb_voters")
    if voters and "bomb_pot_votes" not in table:
        return table | {"bomb_pot_votes": [int(voter) for voter in voters]}
    return table


def table_from_seats(stored: StoredTable, rules: TableRules, *, hands_logged: int = 0) -> Table:
    """The game afresh from the seats the database holds (the chips' truth),
    its next hand numbered after the saved count and ``hands_logged``."""
    seats, carried_pot = stored.seats, stored.carried_pot
    missed = rules.missed_blinds
    saved = stored.state.get("table")
    hand_number = saved.get("hand_number") if isinstance(saved, dict) else None
    return Table.restored(
        rules,
        seats=[Seat(s.seat, s.user_id, s.stack, missed, sitting_out=s.sitting_out) for s in seats],
        hand_number=max(hand_number if isinstance(hand_number, int) else 0, hands_logged),
        positions=None,
        deal=None,
        bought_in=sum(s.stack for s in seats) + carried_pot,
        carried_pot=carried_pot,
    )


def restored_players(state: dict[str, Any], seats: tuple[StoredSeat, ...]) -> dict[int, Player]:
    """The seated players, with the names and languages saved for them."""
    saved = state.get("players", {})
    return {s.user_id: Player.from_data(s.user_id, saved.get(str(s.user_id), {})) for s in seats}


def restored_progress(
    settings: TableSettings, stored: StoredTable, *, now: float
) -> TournamentProgress:
    """A tournament's progress; a tournament that had begun resumes its level clock ``now``."""
    return TournamentProgress.from_data(
        stored.state.get("tournament", {}),
        settings.tournament_buy_in,
        stored.prize_pool,
        now=now,
        extras=settings.extras,
        payouts=settings.payout_percentages,
    )


async def replayed_hand(state: TableState, hand_log: HandLog) -> LiveHand | Unresumable | None:
    """The table's unfinished hand dealt again and replayed from its log, with the
    actions the table message tells; ``None`` when there is none."""
    logged = await hand_log.in_progress(state.table_id)
    deal = state.table.deal
    if logged is None:
        if deal is not None:  # dealt in memory, never logged: as if never dealt
            state.table.void_hand()
        return None
    try:
        if logged.damage is not None or logged.deal is None:
            raise ValueError(logged.damage)
        if deal is None or deal != logged.deal:
            raise ValueError("the table's saved hand is not the logged one")
        runout = state.runout
        streets = runout[1] if runout is not None and runout[0] == logged.hand_id else 0
        hand = replay(deal, logged.actions, runout_streets=streets)
    except Exception as error:
        return Unresumable(logged, error)
    acted = [(e.player, action) for e in players_own(hand) if (action := told(e)) is not None]
    actions = [
        replace(action, name=state.name(deal.players[player]), by_clock=entry.actor is None)
        for entry, (player, action) in zip(logged.actions, acted, strict=False)
    ]
    return LiveHand(logged.hand_id, deal, hand, logged.commitment, logged.secret, actions=actions)


async def unreplayed_hand(state: TableState, hand_log: HandLog) -> Unresumable | None:
    """The table's unfinished hand, to be voided unplayed; ``None`` when there is none
    (the table was made to number its next hand after every hand it logged)."""
    logged = await hand_log.in_progress(state.table_id)
    if logged is None:
        return None
    return Unresumable(logged, RuntimeError("the table could not be restored as it was saved"))


def players_own(
    hand: Hand,
) -> list[PlayerActed | CardsDiscarded | PointCardChosen | HandShown | HandMucked]:
    """The events of ``hand`` its players' own actions caused, one per action
    in order: a bet, a discard, a point card, and at the showdown a show or
    muck the player chose (not the hands the engine turned up by itself)."""
    chosen = Counter(player for player, action in hand.actions if isinstance(action, ShowOrMuck))
    own: list[PlayerActed | CardsDiscarded | PointCardChosen | HandShown | HandMucked] = []
    for event in hand.events:
        if isinstance(event, HandShown | HandMucked):
            if not chosen[event.player]:
                continue
            chosen[event.player] -= 1
        elif not isinstance(event, PlayerActed | CardsDiscarded | PointCardChosen):
            continue
        own.append(event)
    return own


async def void_unresumable(
    state: TableState,
    keeper: TableKeeper,
    hand_log: HandLog,
    desk: MoneyDesk,
    unresumable: Unresumable,
) -> OutgoingMessage:
    """Void a hand that cannot be played again: every stack back to what it was
    when the hand began, players who were leaving paid out; the notice to post."""
    logged, error = unresumable.logged, unresumable.error
    log_fault(
        "Hand %s of table %s cannot be resumed and is voided",
        logged.hand_no,
        state.table_id,
        error=error,
        level=logging.WARNING,  # a damaged log after a crash: what restoring is for
    )

    await void_hand(
        state,
        keeper,
        hand_log,
        desk,
        hand_id=logged.hand_id,
        deal=logged.deal,
        reason=f"not resumable: {type(error).__name__}",
    )
    return OutgoingMessage(content=t("table.hand_voided", state.locale, hand_no=logged.hand_no))
