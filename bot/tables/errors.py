"""Why the table refused a player's request, each with a catalogue key.

A refusal never changes anything. The engine's own refusals
(:class:`~engine.errors.IllegalAction`, the table's included) reach players as
:class:`Refused` with the engine's key under ``engine.`` in the catalogues.
"""

from __future__ import annotations

from bot.errors import CroupierError
from engine.errors import IllegalAction


class TableError(CroupierError):
    """A request to a table was refused; the table is unchanged."""


class NoTableHere(TableError):
    key = "table.none_here"


class TableExists(TableError):
    key = "table.exists"


class TableIsClosed(TableError):
    key = "table.closed"


class NotSeated(TableError):
    key = "table.not_seated"


class NotInHand(TableError):
    key = "table.not_in_hand"


class NoHandNow(TableError):
    key = "table.no_hand"


class StaleHand(TableError):
    """A click on a message of a hand that is over."""

    key = "table.stale_hand"


class StaleButton(TableError):
    """A click on buttons the table has moved past (a double click, or a late one)."""

    key = "table.stale_button"


class StaleCommand(TableError):
    """An action command that arrived after the hand moved past the moment it was sent in
    (the same command twice, or a command and a click for the same turn)."""

    key = "table.stale_command"


class NotYourTurn(TableError):
    key = "table.not_your_turn"

    def __init__(self, *, actor: str) -> None:
        super().__init__(actor=actor)


class Refused(TableError):
    """The engine's rules refused the request, or no action fits what was asked."""

    def __init__(self, key: str, /, **params: object) -> None:
        super().__init__(key, **params)

    @classmethod
    def from_engine(cls, error: IllegalAction) -> Refused:
        return cls(f"engine.{error.key}", **error.params)


class BadCards(TableError):
    """Typed text that is not a list of cards."""

    key = "table.bad_cards"

    def __init__(self, *, text: str) -> None:
        super().__init__(text=text)


class BadAmount(TableError):
    """Typed text that is not a whole number of chips in range."""

    key = "table.bad_amount"

    def __init__(self, *, text: str, low: int, high: int) -> None:
        super().__init__(text=text, low=low, high=high)


class NotTableOwner(TableError):
    key = "table.not_owner"


class NothingToVerify(TableError):
    key = "table.verify_nothing"

    def __init__(self, *, hand_no: int) -> None:
        super().__init__(hand_no=hand_no)


class TournamentStarted(TableError):
    """Registering, unregistering or starting once the tournament is under way."""

    key = "table.tournament_started"


class NotATournament(TableError):
    key = "table.not_tournament"


class TooFewToStart(TableError):
    key = "table.tournament_too_few"


class TournamentBuyIn(TableError):
    """A buy-in other than the tournament's own."""

    key = "table.tournament_buy_in"

    def __init__(self, *, amount: int) -> None:
        super().__init__(amount=amount)


class NotTournamentOwner(TableError):
    """Starting a tournament one did not open, without managing the channel."""

    key = "table.not_owner_start"
