"""What the home-game options show on the table message, as pure functions
of a hand: everyone's chances once no more betting can happen, the players
still to choose whether the board is run twice, a bomb pot, and a 7-2
bounty paid.

The chances are the engine's (:func:`engine.equities`: exact where that fits
its time budget, simulated otherwise, and the view says which). They are
shown only of hands that are face up: the engine turns the hands up when it
offers to run the board twice, and every hand of an all in is shown at the
showdown; a card nobody has seen is never part of the question. Each answer
is kept (the same question always has the same answer), so rebuilding the
table message costs nothing.
"""

from __future__ import annotations

from functools import lru_cache

from bot.render.views import HandOdds, HomeGameView, OddsStage
from bot.tables.state import LiveHand, TableState
from engine import (
    BoardDealt,
    BountyPaid,
    Card,
    Hand,
    HandShown,
    Phase,
    PlayerActed,
    equities,
)


def home_view(state: TableState, shown_from: LiveHand, *, live: bool) -> HomeGameView | None:
    """The home-game part of the table message for the hand shown (being
    played when ``live``, else the one that ended last); ``None`` when there
    is nothing to add."""
    hand = shown_from.hand
    names = [state.name(player) for player in shown_from.deal.players]
    runout_choosers: tuple[str, ...] = ()
    if live and hand.phase is Phase.RUN_IT_TWICE:
        runout_choosers = tuple(names[i] for i in hand.runout_choosers)
    odds = odds_stages(hand, names)
    bomb = max(hand.setup.antes) if hand.setup.bomb_pot else 0
    bounty = next(
        ((names[e.winner], e.total) for e in hand.events if isinstance(e, BountyPaid)), None
    )
    if not (odds or runout_choosers or bomb or bounty) and hand.runouts == 1:
        return None
    return HomeGameView(odds, runout_choosers, hand.runouts, bomb, bounty)


def odds_stages(hand: Hand, names: list[str]) -> tuple[OddsStage, ...]:
    """Everyone's chances from the moment no more betting could happen, as
    each board card came (on the first board: a second run shares them until
    it was dealt), while all the live hands are face up."""
    start = _board_when_all_in(hand)
    faces = _face_up(hand)
    if start is None or len(faces) < 2 or not set(hand.in_hand) <= set(faces):
        return ()
    players = tuple(sorted(faces))
    hands = tuple(faces[i] for i in players)
    stages = []
    board = list(hand.boards[0])
    complete = sum(street.board for street in hand.variant.streets)
    ends, total = [len(start)], 0
    for street in hand.variant.streets:
        total += street.board
        if street.board and len(start) < total < complete and total <= len(board):
            ends.append(total)  # the flop, then the turn: the river decides
    for end in ends:
        answer = _chances(hand.variant.code, hands, tuple(board[:end]))
        if answer is None:
            return ()
        exact, chances = answer
        stages.append(
            OddsStage(
                tuple(board[:end]),
                exact,
                tuple(
                    HandOdds(names[i], win, tie, half)
                    for i, (win, tie, half) in zip(players, chances, strict=True)
                ),
            )
        )
    return tuple(stages)


def _board_when_all_in(hand: Hand) -> tuple[Card, ...] | None:
    """The first board as it was when the last bet was made, if no more
    betting could follow and board cards were still to come; else ``None``."""
    if len(hand.in_hand) < 2 or not hand.betting_is_over():
        return None
    events = hand.events
    last_bet = max((k for k, e in enumerate(events) if isinstance(e, PlayerActed)), default=-1)
    board: list[Card] = []
    for event in events[: last_bet + 1]:
        if isinstance(event, BoardDealt) and event.board == 0:
            board.extend(event.cards)
    # Games with a board: stud's chances would need each hand as it stood
    # then, which the shown hands (all seven cards) no longer tell.
    complete = sum(street.board for street in hand.variant.streets)
    return tuple(board) if len(board) < complete else None


def _face_up(hand: Hand) -> dict[int, tuple[Card, ...]]:
    """The live hands turned face up so far, by hand index."""
    return {
        event.player: event.cards
        for event in hand.events
        if isinstance(event, HandShown) and not hand.folded[event.player]
    }


@lru_cache(maxsize=256)
def _chances(
    code: str, hands: tuple[tuple[Card, ...], ...], board: tuple[Card, ...]
) -> tuple[bool, tuple[tuple[float, float, float | None], ...]] | None:
    """(exact, (win, tie, half or None) per hand), or ``None`` where the
    engine cannot answer (a draw game, say)."""
    try:
        result = equities(code, hands, board)
    except ValueError:
        return None
    return result.exact, tuple(
        (hand.win, hand.tie, hand.half if result.split else None) for hand in result.hands
    )
