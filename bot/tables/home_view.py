"""What the home-game options show on the table message, as pure functions
of a hand: everyone's chances once no more betting can happen, the players
still to choose whether the board is run twice, a bomb pot, and a 7-2
bounty paid.

The chances are the engine's (:func:`engine.equities`: exact where that fits
its time budget, simulated otherwise, and the view says which). They are
shown only of hands that are face up: all in, once the betting is over, the
engine turns the hands up before it runs the rest out street by street (and
before it offers to run the board twice); a card nobody has seen is never
part of the question.

Working them out takes up to a few hundred milliseconds (Omaha before the
flop, stud seven-handed), too long for the event loop, which every table of
the process shares. So the table message never works them out: the runner
asks :func:`work_out_odds` after every change of the hand, which does it in
a thread (only when chances can be shown at all) and keeps the answer with
the hand (``LiveHand.odds``); :func:`home_view` shows that answer, and
nothing while the hand has moved on since it was worked out. Each answer is
also kept (the same question always has the same answer), so a street of a
run-out costs only its own new question.
"""

from __future__ import annotations

import asyncio
from functools import lru_cache

from bot.render.views import HandOdds, HomeGameView, HomeOptionsView, OddsStage
from bot.tables.state import LiveHand, TableState
from engine import (
    BountyPaid,
    Card,
    Hand,
    HandShown,
    HomeRules,
    Phase,
    PlayerActed,
    StreetStarted,
    equities,
)


def home_options(rules: HomeRules) -> HomeOptionsView | None:
    """The engine's home-game options as the table message names them (``None``: none)."""
    if not rules.any:
        return None
    bomb = rules.bomb_pot
    return HomeOptionsView(
        run_it_twice=rules.run_it_twice,
        rabbit_hunt=rules.rabbit_hunt,
        bomb_pot=0 if bomb is None else bomb.amount,
        bomb_pot_every=0 if bomb is None else bomb.every,
        double_board=bomb is not None and bomb.double_board,
        seven_deuce_bounty=rules.seven_deuce_bounty,
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
    # Worked out off the event loop for the hand as it is now (work_out_odds);
    # while it has moved on since, nothing is shown rather than worked out here.
    odds = shown_from.odds if shown_from.odds_at == len(hand.events) else ()
    bomb = max(hand.setup.antes) if hand.setup.bomb_pot else 0
    paid = next((e for e in hand.events if isinstance(e, BountyPaid)), shown_from.bounty_after)
    bounty = None if paid is None else (names[paid.winner], paid.total)
    if not (odds or runout_choosers or bomb or bounty) and hand.runouts == 1:
        return None
    return HomeGameView(odds, runout_choosers, hand.runouts, bomb, bounty)


async def work_out_odds(state: TableState, live: LiveHand) -> None:
    """Everyone's chances in ``live`` as it is now, for the table message to
    show: worked out in a thread where chances can be shown (the hand must
    not change meanwhile: the caller holds the table's lock), else none."""
    hand = live.hand
    at = len(hand.events)
    if live.odds_at == at:
        return
    odds: tuple[OddsStage, ...] = ()
    if odds_may_show(hand):
        names = [state.name(player) for player in live.deal.players]
        odds = await asyncio.to_thread(odds_stages, hand, names)
    live.odds, live.odds_at = odds, at


def odds_may_show(hand: Hand) -> bool:
    """Whether chances can be shown at all: two or more hands live and no more
    betting possible (a finished hand's stacks are those after the pots were
    paid, so a run-out dealt says the betting was over)."""
    return len(hand.in_hand) >= 2 and (hand.betting_is_over() or bool(hand.runout_streets))


def odds_stages(hand: Hand, names: list[str]) -> tuple[OddsStage, ...]:
    """Everyone's chances from the moment no more betting could happen, as each
    street came, while every live hand is face up (the river, the last card,
    decides and has none). On the first board; on the second run, with the
    first run's cards out of play; with two boards, each board's, the other
    board's cards out of play; in stud, each hand as it stood then, the
    folded hands' up cards out of play."""
    if not odds_may_show(hand):
        return ()
    public = _public_cards(hand)
    players = tuple(sorted(hand.in_hand))
    stages: list[OddsStage] = []
    for run, board_number, board, dead, held in _questions(hand, players):
        hands = tuple(tuple(hand.hole_cards[i][:held]) for i in players)
        if not all(set(cards) <= public[i] for i, cards in zip(players, hands, strict=True)):
            return ()  # a hand not yet face up: no chances shown at all
        answer = _chances(hand.variant.code, hands, board, dead)
        if answer is None:
            return ()
        exact, chances = answer
        stages.append(
            OddsStage(
                board,
                exact,
                tuple(
                    HandOdds(names[i], win, tie, half)
                    for i, (win, tie, half) in zip(players, chances, strict=True)
                ),
                run=run,
                cards=held if hand.variant.uses_bring_in else 0,
                board_number=board_number,
            )
        )
    return tuple(stages)


def _questions(
    hand: Hand, players: tuple[int, ...]
) -> list[tuple[int, int, tuple[Card, ...], tuple[Card, ...], int]]:
    """Each stage's question so far: (run, board number (0: the only board),
    board, dead cards, hole cards each)."""
    streets = hand.variant.streets
    begun = _street_when_all_in(hand)
    last = len(streets) - 1
    if hand.variant.uses_bring_in:  # stud: each street's cards, no board
        dead = tuple(
            card for i in range(hand.player_count) if hand.folded[i] for card in hand.up_cards(i)
        )
        held = [sum(s.hole_down + s.hole_up for s in streets[: k + 1]) for k in range(len(streets))]
        streets_seen = range(begun, min(hand.street_index, last - 1) + 1)
        return [(1, 0, (), dead, held[k]) for k in streets_seen]
    complete = sum(street.board for street in streets)
    ends = sorted({sum(street.board for street in streets[: k + 1]) for k in range(begun, last)})
    ends = [end for end in ends if end < complete]
    first = hand.boards[0]
    hole = max(len(hand.hole_cards[i]) for i in players)
    nothing: tuple[Card, ...] = ()
    if hand.setup.board_count == 2 and len(hand.boards) == 2:
        # Two boards at once, each for half of every pot: each board's chances,
        # the other board's cards out of play (before the flop both are alike).
        other = hand.boards[1]
        questions = []
        for end in ends:
            if end > len(first):
                continue
            if end == 0:
                questions.append((1, 0, nothing, nothing, hole))
                continue
            questions.append((1, 1, tuple(first[:end]), tuple(other[:end]), hole))
            questions.append((1, 2, tuple(other[:end]), tuple(first[:end]), hole))
        return questions
    questions = [(1, 0, tuple(first[:end]), nothing, hole) for end in ends if end <= len(first)]
    if hand.runouts == 2 and len(first) == complete and ends:
        # The second run: from the cards both runs share, the first run's rest out of play.
        shared = ends[0]
        second = hand.boards[1] if len(hand.boards) > 1 else first[:shared]
        dead = tuple(first[shared:])
        questions += [(2, 0, tuple(second[:end]), dead, hole) for end in ends if end <= len(second)]
    return questions


def _street_when_all_in(hand: Hand) -> int:
    """The street being played when the last bet was made."""
    events = hand.events
    last_bet = max((k for k, e in enumerate(events) if isinstance(e, PlayerActed)), default=-1)
    street = 0
    for event in events[: last_bet + 1]:
        if isinstance(event, StreetStarted):
            street = event.index
    return street


def _public_cards(hand: Hand) -> dict[int, set[Card]]:
    """Each live hand's cards everybody has seen: turned up, or dealt face up."""
    public = {i: set(hand.up_cards(i)) for i in hand.in_hand}
    for event in hand.events:
        if isinstance(event, HandShown) and event.player in public:
            public[event.player].update(event.cards)
    return public


@lru_cache(maxsize=256)
def _chances(
    code: str,
    hands: tuple[tuple[Card, ...], ...],
    board: tuple[Card, ...],
    dead: tuple[Card, ...] = (),
) -> tuple[bool, tuple[tuple[float, float, float | None], ...]] | None:
    """(exact, (win, tie, half or None) per hand), or ``None`` where the
    engine cannot answer (a draw game, say)."""
    try:
        result = equities(code, hands, board, dead)
    except ValueError:
        return None
    return result.exact, tuple(
        (hand.win, hand.tie, hand.half if result.split else None) for hand in result.hands
    )
