"""Who may ask what of a running table now: whether it is open and the player
seated, whose turn it is, and what the player whose turn it is may see and
choose; or why a request is not for this moment.

A request carries the hand and the number of actions it was made at (a
button's id does): one for an older hand, or for a moment the hand has moved
past, is refused, and so is one by a player whose turn it is not. These reads
await nothing, so they see one consistent state without the table's lock; the
runner asks them again under the lock before acting.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.render.views import Choices, DiscardChoices, PrivateView
from bot.tables import view
from bot.tables.errors import (
    NoHandNow,
    NotInHand,
    NotSeated,
    NotYourTurn,
    Refused,
    StaleButton,
    StaleHand,
    TableClosing,
    TableIsClosed,
)
from bot.tables.state import LiveHand, TableState
from engine import BetOrRaise, IllegalAction, LegalActions, Phase, Seat


@dataclass(frozen=True, slots=True)
class Turn:
    """The hand being played, the index of the player to act and what they may do."""

    live: LiveHand
    index: int
    legal: LegalActions


def check_open(state: TableState) -> None:
    if state.closed:
        raise TableIsClosed()


def check_taking_players(state: TableState) -> None:
    """Open, and not closing after the hand in progress (nobody joins, tops up
    or starts a game at a table about to close)."""
    check_open(state)
    if state.closing:
        raise TableClosing()


def seat_of(state: TableState, user_id: int) -> Seat:
    """The player's seat at the open table, or the refusal that says why not."""
    check_open(state)
    if not state.table.is_seated(user_id):
        raise NotSeated()
    return state.table.seat_of(user_id)


def turn_of(state: TableState, user_id: int, hand_no: int | None, seq: int | None) -> Turn:
    """The player's turn, or the refusal that says why it is not theirs now."""
    check_open(state)
    live = state.live
    if live is None:
        raise StaleHand() if hand_no is not None else NoHandNow()
    if hand_no is not None and hand_no != live.hand_no:
        raise StaleHand()
    index = live.index_of(user_id)
    if index is None:
        raise NotInHand() if state.table.is_seated(user_id) else NotSeated()
    if seq is not None and seq != live.seq:
        raise StaleButton()
    try:
        legal = live.hand.legal_actions()
    except IllegalAction as error:
        raise Refused.from_engine(error) from None
    if legal.phase is Phase.RUN_IT_TWICE and index in live.hand.runout_choosers:
        # Run it twice: each player still to choose may answer, in any order.
        return Turn(live, index, replace(legal, player=index))
    if legal.player != index:
        raise NotYourTurn(actor=state.name(live.deal.players[legal.player]))
    return Turn(live, index, legal)


def raise_choices(state: TableState, user_id: int, hand_no: int, seq: int) -> Choices:
    """What the player to act may bet or raise to, for the bet/raise form."""
    turn = turn_of(state, user_id, hand_no, seq)
    choices = view.choices(turn.live.hand)
    if choices is None or not choices.can_raise:
        try:  # the engine's reason: jacks or better to open, the cap, ...
            turn.live.hand.verify(turn.index, BetOrRaise(turn.legal.min_raise_to))
        except IllegalAction as error:
            raise Refused.from_engine(error) from None
        raise Refused("engine.cannot_raise")
    return choices


def discard_choices(state: TableState, user_id: int, hand_no: int, seq: int) -> DiscardChoices:
    """The player's cards and how many they may throw away, for the discard menu."""
    turn = turn_of(state, user_id, hand_no, seq)
    if turn.legal.phase is not Phase.DISCARDING:
        raise Refused("engine.not_discarding")
    return view.discard_choices(turn.live, turn.index, turn.legal)


def own_cards(state: TableState, user_id: int) -> PrivateView:
    """The player's hole cards and best hand in the hand being played."""
    live = state.live
    if live is None:
        raise NoHandNow()
    index = live.index_of(user_id)
    if index is None:
        raise NotInHand() if state.table.is_seated(user_id) else NotSeated()
    return view.private_view(state, live, index)
