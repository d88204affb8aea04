"""Replaying a hand history through the engine, and judging the result.

:func:`replay` deals a :class:`~engine.phh.history.HandHistory` into a
:class:`~engine.hand.Hand` that waits for named cards, one recorded action at
a time, and stops at the first action the engine refuses: a player acting out
of turn, a bet the rules forbid, a card dealt twice, a dealing the hand is not
waiting for, or a show of cards the player does not hold. The refusal names
the action's index in the ``actions`` array.

Unknown cards are resolved first (see :mod:`engine.phh.hidden_cards`), and
amounts that are not whole (a cash game in cents) are counted in chips of
``1/scale`` units (see :meth:`HandHistory.chip_scale`).

When the recorded actions end at a showdown, the players who have not shown
show or muck as the engine's automatic showdown would.

A board run twice is recorded as PokerKit writes it: the second run's ``d db``
lines follow the first run's, from the street after the all-in on (PHH has no
line for the players' choice). Our own records also say so in the
``_run_it_twice`` and ``_runout_count`` fields; a record without them that
deals more board cards than its boards hold is read as run twice
(:func:`recorded_runouts`), so PokerKit's records of such hands replay too.

A result *matches* the recorded ``finishing_stacks`` when they are equal; when
the recorded stacks are not whole chips at the hand's scale (PokerKit divides a
split pot exactly, so the Pluribus files hold half chips), the engine's
whole-chip stacks match if each is within one chip, and the result says so
with its ``tolerance``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from engine.actions import (
    Action,
    BetOrRaise,
    CheckOrCall,
    ChooseRunouts,
    Discard,
    Fold,
    PostBringIn,
    ShowOrMuck,
)
from engine.cards import Card, format_cards
from engine.errors import EngineError
from engine.hand import Hand, HandSetup, Phase
from engine.phh.hidden_cards import filler_order, resolve
from engine.phh.history import HandHistory
from engine.phh.notation import (
    Amount,
    Betting,
    Dealing,
    Discarding,
    Line,
    NotationError,
    Showdown,
    parse_line,
)


class ReplayError(ValueError):
    """A recorded action the replay refuses that the engine has no error for:
    a show of cards the player does not hold, an unknown card left over."""


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """What came of replaying one hand history.

    ``ok`` is False when an action was refused (``action_index`` into the
    ``actions`` array, ``action`` its text, ``error`` the reason) or the history
    could not start a hand (``action_index`` None). ``finishing_stacks`` are in
    recorded units, None unless the hand completed.
    """

    ok: bool
    hand: Hand | None = None
    scale: int = 1
    finishing_stacks: tuple[Amount, ...] | None = None
    matches_recorded: bool | None = None
    tolerance: Amount = 0
    action_index: int | None = None
    action: str | None = None
    error: str | None = None

    @property
    def complete(self) -> bool:
        return self.hand is not None and self.hand.is_complete

    def record(self) -> dict[str, object]:
        """The result as JSON-ready fields, as the command line prints them:
        ``ok`` and the refused action, or the finishing stacks, whether they
        match the recorded ones, the ``tolerance`` when one was allowed, and
        ``complete: false`` when the record ends before the hand does."""
        if not self.ok:
            return {
                "ok": False,
                "action_index": self.action_index,
                "action": self.action,
                "error": self.error,
            }
        fields: dict[str, object] = {"ok": True}
        if not self.complete:
            fields["complete"] = False
        stacks = self.finishing_stacks
        fields["finishing_stacks"] = None if stacks is None else [_json_number(s) for s in stacks]
        fields["matches_recorded"] = self.matches_recorded
        if self.tolerance:
            fields["tolerance"] = _json_number(self.tolerance)
        return fields


_BETTING: dict[str, Action] = {"f": Fold(), "cc": CheckOrCall(), "pb": PostBringIn()}


def replay(history: HandHistory) -> ReplayResult:
    """Deal ``history`` through the engine and compare the finishing stacks."""
    lines: list[Line] = []
    for index, text in enumerate(history.actions):
        try:
            lines.append(parse_line(text))
        except NotationError as error:
            return ReplayResult(False, action_index=index, action=text, error=str(error))
    try:
        scale = history.chip_scale(lines)
        setup = history.to_setup(scale)
        runs = recorded_runouts(history, setup, lines)
        if runs > 1 and not setup.run_it_twice:
            setup = replace(setup, run_it_twice=True)
        hand = Hand(setup, auto_showdown=False)
    except ValueError as error:  # a HistoryError, or the engine refusing the setup
        return ReplayResult(False, error=str(error))
    lines = resolve(lines, filler_order(setup.variant))
    for index, line in enumerate(lines):
        try:
            _choose_runouts(hand, runs, line)
            _apply(hand, line, scale)
        except (EngineError, ReplayError) as error:
            text = history.actions[index]
            return ReplayResult(
                False, hand, scale, action_index=index, action=text, error=str(error)
            )
    if hand.phase is Phase.SHOWDOWN:
        hand.finish()
    return _judge(history, hand, scale)


def _apply(hand: Hand, line: Line, scale: int) -> None:
    match line:
        case Dealing(player, cards):
            dealt = _known(cards, "There are not enough unseen cards left to deal.")
            if player is None:
                hand.deal_board(dealt)
            else:
                hand.deal_hole(player, dealt)
        case Betting(player, "cbr", amount):
            assert amount is not None
            hand.act(player, BetOrRaise(int(amount * scale)))
        case Betting(player, verb):
            hand.act(player, _BETTING[verb])
        case Discarding(player, cards):
            hand.act(player, Discard(tuple(_known(cards, "The discard names no real card."))))
        case Showdown(player, show, cards) if hand.phase is Phase.RUN_IT_TWICE:
            # The hands the engine turned up when it offered to run the board twice.
            if not show or not cards:
                raise ReplayError(f"Player {player + 1}'s hand was turned up, not mucked.")
            _check_shown(hand, player, cards)
        case Showdown(player, show, cards):
            if show and cards:
                _check_shown(hand, player, cards)
            if not show and hand.phase is Phase.SHOWDOWN:
                legal = hand.legal_actions()
                if legal.player == player and not legal.can_muck:
                    # The engine would turn this muck into a show; the record says otherwise.
                    raise ReplayError(
                        f"Player {player + 1} cannot muck: the first hand shown, and the "
                        "last one left in a pot, must be shown."
                    )
            hand.act(player, ShowOrMuck(show))


def recorded_runouts(history: HandHistory, setup: HandSetup, lines: Sequence[Line]) -> int:
    """How many times the record ran the rest of the board: ``_runout_count``
    when the record says, else read off its board cards. PHH has no field for
    it; PokerKit writes a board run twice as the second run's ``d db`` lines
    after the first run's (from the street after the all-in on), so a record
    that deals more board cards than its boards hold ran the board twice."""
    if "_runout_count" in history.extra:
        return history.runout_count
    boards = [line for line in lines if isinstance(line, Dealing) and line.player is None]
    dealt = sum(len(line.cards) for line in boards)
    full = sum(street.board for street in setup.variant.streets) * setup.board_count
    return 2 if dealt > full else 1


def _choose_runouts(hand: Hand, count: int, line: Line) -> None:
    """Run it twice: PHH has no line for the players' choice, so the choice is
    the recorded run-out count (everyone asked for it), made when the hand
    waits for it and the next line is not one of the hands it turned up."""
    if hand.phase is not Phase.RUN_IT_TWICE or isinstance(line, Showdown):
        return
    for player in hand.runout_choosers:
        if hand.phase is Phase.RUN_IT_TWICE:
            hand.act(player, ChooseRunouts(count))


def _known(cards: tuple[Card | None, ...], message: str) -> list[Card]:
    known = [card for card in cards if card is not None]
    if len(known) != len(cards):
        raise ReplayError(message)
    return known


def _check_shown(hand: Hand, player: int, cards: tuple[Card | None, ...]) -> None:
    """A show must name the cards the player holds (``??`` for any of them)."""
    if not 0 <= player < hand.player_count:
        return  # the engine refuses the player
    held = hand.hole_cards[player]
    if len(cards) != len(held):
        raise ReplayError(f"Player {player + 1} shows {len(cards)} cards but holds {len(held)}.")
    for card in cards:
        if card is not None and card not in held:
            raise ReplayError(
                f"Player {player + 1} shows {card} but holds {format_cards(held, ' ')}."
            )


def _judge(history: HandHistory, hand: Hand, scale: int) -> ReplayResult:
    if not hand.is_complete:
        matches = None if history.finishing_stacks is None else False
        return ReplayResult(True, hand, scale, None, matches)
    stacks = tuple(_units(chips, scale) for chips in hand.finishing_stacks)
    recorded = history.finishing_stacks
    if recorded is None:
        return ReplayResult(True, hand, scale, stacks)
    if len(recorded) != len(stacks):
        return ReplayResult(True, hand, scale, stacks, False)
    scaled = [Decimal(amount) * scale for amount in recorded]
    allowance = 0 if all(s == s.to_integral_value() for s in scaled) else 1
    matches = all(
        abs(chips - s) <= allowance for chips, s in zip(hand.finishing_stacks, scaled, strict=True)
    )
    return ReplayResult(True, hand, scale, stacks, matches, _units(allowance, scale))


def _json_number(amount: Amount) -> int | float:
    if isinstance(amount, Decimal):
        return int(amount) if amount == amount.to_integral_value() else float(amount)
    return amount


def _units(chips: int, scale: int) -> Amount:
    """Chips counted back in recorded units."""
    return chips if scale == 1 else Decimal(chips) / scale
