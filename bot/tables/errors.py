"""Why the table refused a player's request, each with a catalogue key.

A refusal never changes anything. The engine's own refusals
(:class:`~engine.errors.IllegalAction`, the table's included) reach players as
:class:`Refused` with the engine's key under ``engine.`` in the catalogues.
"""

from __future__ import annotations

from bot.errors import CroupierError
from engine import IllegalAction


class TableRefusal(CroupierError):
    """A request to a table was refused; the table is unchanged."""


class NoTableHere(TableRefusal):
    key = "table.none_here"


class TableExists(TableRefusal):
    key = "table.exists"


class TableIsClosed(TableRefusal):
    key = "table.closed"


class TableClosing(TableRefusal):
    """The table closes when the hand in progress ends (:mod:`bot.tables.closing`)."""

    key = "table.closing"


class MayNotVoid(TableRefusal):
    """Voiding a hand is for members who can manage the channel."""

    key = "table.may_not_void"


class MayNotEndTournament(TableRefusal):
    """Ending a tournament under way early (its pool shared by chips) is for
    members who can manage the channel."""

    key = "table.may_not_end_tournament"


class NotSeated(TableRefusal):
    key = "table.not_seated"


class NotInHand(TableRefusal):
    key = "table.not_in_hand"


class NoHandNow(TableRefusal):
    key = "table.no_hand"


class StaleHand(TableRefusal):
    """A click on a message of a hand that is over."""

    key = "table.stale_hand"


class StaleButton(TableRefusal):
    """A click on buttons the table has moved past (a double click, or a late one)."""

    key = "table.stale_button"


class StaleCommand(TableRefusal):
    """An action command that arrived after the hand moved past the moment it was sent in
    (the same command twice, or a command and a click for the same turn)."""

    key = "table.stale_command"


class NotYourTurn(TableRefusal):
    key = "table.not_your_turn"

    def __init__(self, *, actor: str) -> None:
        super().__init__(actor=actor)


class Refused(TableRefusal):
    """The engine's rules refused the request, or no action fits what was asked."""

    def __init__(self, key: str, /, **params: object) -> None:
        super().__init__(key, **params)

    @classmethod
    def from_engine(cls, error: IllegalAction) -> Refused:
        return cls(f"engine.{error.key}", **error.params)


class BadCards(TableRefusal):
    """Typed text that is not a list of cards."""

    key = "table.bad_cards"

    def __init__(self, *, text: str) -> None:
        super().__init__(text=text)


class BadAmount(TableRefusal):
    """Typed text that is not a whole number of chips in range."""

    key = "table.bad_amount"

    def __init__(self, *, text: str, low: int, high: int) -> None:
        super().__init__(text=text, low=low, high=high)


class NotTableOwner(TableRefusal):
    key = "table.not_owner"


class NothingToVerify(TableRefusal):
    key = "table.verify_nothing"

    def __init__(self, *, hand_no: int) -> None:
        super().__init__(hand_no=hand_no)


class TournamentStarted(TableRefusal):
    """Registering, unregistering or starting once the tournament is under way."""

    key = "table.tournament_started"


class NotATournament(TableRefusal):
    key = "table.not_tournament"


class TooFewToStart(TableRefusal):
    key = "table.tournament_too_few"


class TournamentBuyIn(TableRefusal):
    """A buy-in other than the tournament's own."""

    key = "table.tournament_buy_in"

    def __init__(self, *, amount: int) -> None:
        super().__init__(amount=amount)


class NotTournamentOwner(TableRefusal):
    """Starting a tournament one did not open, without managing the channel."""

    key = "table.not_owner_start"


class TableBehind(Exception):
    """The database refused a table's write as a repeat of a row it holds already
    (an action's sequence number, a hand's number): the table's memory is behind
    the database. Not a player's mistake: the table reloads itself from the
    database (:meth:`bot.tables.registry.TableRegistry.reload`)."""


class HandFailed(TableRefusal):
    """Something went wrong inside the hand, which was voided
    (:mod:`bot.tables.hand_faults`): the request that met it is void with it."""

    key = "table.hand_failed"

    def __init__(self, *, hand_no: int) -> None:
        super().__init__(hand_no=hand_no)


class SeatStaleHand(TableRefusal):
    """A click on a player's seat view showing a hand that is over (issue 23)."""

    key = "seat.stale_hand"


class SeatStaleButton(TableRefusal):
    """A click on a seat view's buttons the hand has moved past (a double click)."""

    key = "seat.stale_button"
