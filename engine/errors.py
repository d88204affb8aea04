"""Errors a player can cause, each carrying a sentence the player understands.

Every refusal has a ``key`` and parameters so the Discord layer can translate
it from its catalogue; ``str(error)`` is the English sentence.

>>> str(IllegalAction("min_raise", amount=600))
'The minimum raise is to 600.'
"""

from __future__ import annotations

from typing import Final

#: English sentences by key. The bot's catalogues translate the same keys.
MESSAGES: Final[dict[str, str]] = {
    "hand_over": "This hand is over.",
    "not_your_turn": "It is not your turn; {actor} is to act.",
    "not_your_turn_anyone": "It is not your turn.",
    "no_such_player": "There is no player {player} in this hand.",
    "folded": "You have folded this hand.",
    "cannot_fold": "There is nothing to call, so you can check instead of folding.",
    "cannot_check": "You cannot check; {amount} is needed to call.",
    "cannot_act_now": "That action is not possible now.",
    "cannot_raise": "You cannot bet or raise now.",
    "capped": "The betting is capped; you can only call or fold.",
    "no_reopen": "The betting was not reopened to you; you can only call or fold.",
    "min_raise": "The minimum raise is to {amount}.",
    "min_bet": "The minimum bet is {amount}.",
    "max_raise": "The maximum raise is to {amount}.",
    "max_bet": "The maximum bet is {amount}.",
    "fixed_raise": "In this game the raise is exactly to {amount}.",
    "fixed_bet": "In this game the bet is exactly {amount}.",
    "fixed_raise_choice": "With an open pair showing, the raise is to {low} or to {high}.",
    "fixed_bet_choice": "With an open pair showing, the bet is {low} or {high}.",
    "not_enough_chips": "You have only {stack} chips; the most you can bet is to {amount}.",
    "whole_chips": "Bets are made in whole chips; {amount} is not a number of chips.",
    "bring_in_only_now": "Only the bring-in or a completion is possible now.",
    "not_bring_in": "There is no bring-in to post now.",
    "must_discard": "Discard exactly {count} card(s).",
    "must_choose_point_card": "Choose exactly one card as your point card.",
    "draw_too_many": "You may draw at most {count} card(s).",
    "no_openers": "You need jacks or better to open.",
    "card_not_held": "You do not hold {card}.",
    "card_twice": "{card} is named twice.",
    "not_discarding": "There is nothing to discard now.",
    "discard_first": "Discard or draw first; betting comes after.",
    "not_showdown": "There is no showdown now.",
    "already_discarded": "You have already discarded.",
    # The home-game options (engine.home_rules).
    "no_run_it_twice_now": "There is no run-out to choose now.",
    "runouts_once_or_twice": "The rest of the board is run once or twice.",
    "run_it_twice_no_board": "Run it twice needs a game with a board.",
    "run_it_twice_two_boards": "This game already deals two boards; its board is not run twice.",
    "run_it_twice_cash_only": "Run it twice is for cash tables, not tournaments.",
    "bomb_pot_no_flop": "Bomb pots need a game with blinds and a flop (Hold'em or Omaha).",
    "bomb_pot_cash_only": "Bomb pots are for cash tables, not tournaments.",
    "double_board_already": "This game already deals two boards.",
    "rabbit_hunt_no_board": "The rabbit hunt needs a game with a board.",
    "seven_deuce_two_cards": "The 7-2 bounty needs a game of two hole cards (Hold'em).",
    "seven_deuce_deck": "This game's deck has no sevens and deuces.",
    "seven_deuce_cash_only": "The 7-2 bounty is for cash tables, not tournaments.",
    "bomb_pot_too_large": "A bomb pot is at most {big_blinds} big blinds ({most} chips) here.",
    "seven_deuce_too_large": (
        "The 7-2 bounty is at most {big_blinds} big blinds ({most} chips) here."
    ),
    # The table: seats, chips and the game between hands.
    "no_such_seat": "There is no seat {seat}; the seats are 1 to {count}.",
    "seat_taken": "Seat {seat} is taken.",
    "table_full": "The table is full.",
    "already_seated": "You already sit in seat {seat}.",
    "not_seated": "You do not sit at this table.",
    "buy_in_too_small": "The minimum buy-in is {amount}.",
    "buy_in_too_large": "The maximum buy-in is {amount}.",
    "tournament_buy_in": "Everyone starts this tournament with {amount} chips.",
    "top_up_in_hand": "You can add chips only between hands.",
    "top_up_nothing": "Add at least one chip.",
    "top_up_too_large": "You can add at most {amount} chips; the table limit is {maximum}.",
    "rebuy_too_small": "To play again, bring your stack to at least {amount}.",
    "tournament_no_top_up": "There are no top-ups in a tournament.",
    "tournament_no_leave": "In a tournament your chips stay in play; sit out instead.",
    "busted_sit_in": "You have no chips left; add chips to play again.",
    "no_straddle": "This table does not allow a straddle.",
    "restraddle_too_small": "A re-straddle is at least {amount} (twice the straddle).",
    "not_enough_players": "At least two players must be playing to deal a hand.",
    "hand_in_progress": "A hand is being played.",
    "no_hand_in_progress": "No hand is being played.",
    "hand_not_over": "The hand is not over yet.",
    "not_this_hand": "That is not the hand this table dealt.",
    "pre_action_not_offered": "That choice is not open to you now.",
    "nothing_to_show": "You have no cards you may show now.",
    "show_all_or_nothing": "In this game you may show your whole hand only.",
    "card_shown_already": "You have shown that card already.",
}


class EngineError(Exception):
    """Base of the engine's errors."""


class IllegalAction(EngineError):
    """An action the rules do not allow; the state is unchanged.

    ``key`` names the sentence in :data:`MESSAGES`; ``params`` fill it in.
    """

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(MESSAGES[key].format(**params))

    @property
    def sentence(self) -> str:
        return str(self)


class TableError(IllegalAction):
    """A request to the table (sit, leave, top up, deal) the rules do not
    allow; the table is unchanged. Its sentences are in :data:`MESSAGES` too."""


class DealingError(EngineError):
    """A card was dealt that cannot be dealt (twice, or not in the deck)."""
