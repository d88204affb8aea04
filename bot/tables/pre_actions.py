"""The players' pre-actions at a running table: private choices made before
their turn, taken the moment it comes.

The rules are the engine's (:mod:`engine.pre_actions`): what may be chosen
when, whether a choice still stands, what it does on the turn. This part
keeps each player's one choice for the hand being played, forgets those the
hand moved past (a raise clears "call 20") after every change, and tells the
runner which action is due for the player to act. A choice is shown only in
its owner's seat view (:mod:`bot.tables.seat_console`), never to the table,
and is never written anywhere: the action it takes is logged like a click.
"""

from __future__ import annotations

from bot.tables.errors import NoHandNow, NotInHand, Refused, StaleHand
from bot.tables.state import LiveHand
from engine import (
    Action,
    IllegalAction,
    PreAction,
    PreActionChoice,
    choose_pre_action,
    pre_action_move,
    still_stands,
)


class PreActions:
    def __init__(self) -> None:
        self._hand_no: int | None = None
        self._choices: dict[int, PreActionChoice] = {}

    def _for(self, live: LiveHand | None) -> dict[int, PreActionChoice]:
        """The choices of ``live`` (a new hand starts with none)."""
        hand_no = None if live is None else live.hand_no
        if hand_no != self._hand_no:
            self._hand_no, self._choices = hand_no, {}
        return self._choices

    def choice_of(self, live: LiveHand | None, user_id: int) -> PreActionChoice | None:
        return self._for(live).get(user_id)

    def choose(
        self, live: LiveHand | None, user_id: int, kind: PreAction | None, hand_no: int
    ) -> None:
        """Set (``kind``) or clear (``None``) the player's choice in hand ``hand_no``."""
        if live is None:
            raise NoHandNow()
        if live.hand_no != hand_no:
            raise StaleHand()
        index = live.index_of(user_id)
        if index is None:
            raise NotInHand()
        choices = self._for(live)
        if kind is None:
            choices.pop(user_id, None)
            return
        try:
            choices[user_id] = choose_pre_action(live.hand, index, kind)
        except IllegalAction as error:
            raise Refused.from_engine(error) from None

    def prune(self, live: LiveHand | None) -> None:
        """Forget every choice the hand has moved past."""
        choices = self._for(live)
        if live is None:
            return
        for user_id, choice in list(choices.items()):
            index = live.index_of(user_id)
            if index is None or not still_stands(choice, live.hand, index):
                del choices[user_id]

    def due(self, live: LiveHand) -> tuple[int, Action] | None:
        """The player to act and the action their choice takes now, if it does;
        the choice is used up either way once their turn has come."""
        hand = live.hand
        index = hand.to_act
        if index is None:
            return None
        user_id = live.deal.players[index]
        choice = self._for(live).pop(user_id, None)
        if choice is None or not still_stands(choice, hand, index):
            return None
        move = pre_action_move(choice, hand.legal_actions())
        return None if move is None else (index, move)
