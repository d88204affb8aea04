"""A computer player: :class:`ComputerPlayer` decides one action from a
:class:`~engine.seat_view.SeatView` and a :class:`random.Random`, nothing else.

It keeps no memory between decisions, so a restarted table simply asks again.
The decision goes by phase (bet, discard or draw, show) and by game: the
Hold'em family (:mod:`.preflop`, :mod:`.holdem`), Omaha and Omaha
hi-lo (:mod:`.omaha`), stud, stud hi-lo and Razz (:mod:`.stud`), the draw
games and Badugi (:mod:`.drawing`, :mod:`.draw_worth`), Pineapple's discard
(:mod:`.pineapple`), Double Hold'em's point card (:mod:`.point_card`), and
other board games such as Manila by sampled hands (:mod:`.other_boards`). A
game it does not know is played by the price alone. Once a hand is over it
may show its cards (:meth:`ComputerPlayer.shows_after_the_hand`).

>>> import random
>>> from engine.cards import parse_cards
>>> from engine.hand import Hand, HandSetup, VARIANTS
>>> from engine.seat_view import seat_view
>>> deck = tuple(parse_cards("7c8s2dAhKsAd9c3h4d5s6c"))
>>> hand = Hand(HandSetup(VARIANTS["NT"], (1000, 1000), blinds=(10, 5), min_bet=10, deck=deck))
>>> from engine.computer.styles import STYLES
>>> player = ComputerPlayer(STYLES["tight-aggressive"])
>>> action = player.decide(seat_view(hand, 1), random.Random(1))  # aces on the button
>>> type(action).__name__
'BetOrRaise'
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.actions import Action, CheckOrCall, Fold
from engine.computer.betting import betting_action
from engine.computer.draw_worth import draw_worth
from engine.computer.draw_worth import starting_percentile as draw_starting
from engine.computer.drawing import choose_draw, draws_left
from engine.computer.first_round import first_round_action
from engine.computer.holdem import HOLDEM_EVALUATIONS, board_worth
from engine.computer.omaha import is_omaha, omaha_percentile, omaha_worth
from engine.computer.other_boards import sampled_worth
from engine.computer.pineapple import choose_discard
from engine.computer.point_card import choose_point_card
from engine.computer.showdown import show_or_muck, shows_after_the_hand
from engine.computer.starting_hands import percentile
from engine.computer.stud import starting_percentile as stud_starting
from engine.computer.stud import stud_worth
from engine.computer.styles import DEFAULT_STYLE, Style
from engine.computer.worth import Worth
from engine.hand import Phase
from engine.seat_view import SeatView

__all__ = ["ComputerPlayer"]


@dataclass(frozen=True, slots=True)
class ComputerPlayer:
    """A computer player of one :class:`~engine.computer.styles.Style`."""

    style: Style = DEFAULT_STYLE

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        """The action this player takes; ``view`` must be of its turn."""
        legal = view.legal
        if legal is None:
            raise ValueError("It is not this seat's turn.")
        if legal.phase is Phase.SHOWDOWN:
            return show_or_muck(view)
        if legal.phase is Phase.DISCARDING:
            street = view.variant.streets[view.street_index]
            if street.draw:
                return choose_draw(view, self.style, rng)
            if street.point_card:
                return choose_point_card(view)
            return choose_discard(view)
        return self._bet(view, rng)

    def shows_after_the_hand(self, view: SeatView) -> bool:
        """Once a hand is over (``view`` of it), whether this player shows
        all its cards before the next deal: only a seven-deuce won without a
        showdown at a table with the 7-2 bounty, which showing collects; any
        other hand stays face down (:mod:`.showdown`)."""
        return shows_after_the_hand(view)

    def _bet(self, view: SeatView, rng: random.Random) -> Action:
        variant = view.variant
        style = self.style
        if _first_betting_round(view):
            starting = _starting(view)
            if starting is None:
                return _by_the_price(view)
            hand, closeness = starting
            return first_round_action(view, style, rng, hand, closeness)
        if any(street.board for street in variant.streets):
            return betting_action(view, style, _board_game_worth(view, style, rng), rng)
        if variant.uses_bring_in:
            return betting_action(view, style, stud_worth(view, style, rng), rng)
        if any(street.draw for street in variant.streets):
            return betting_action(view, style, draw_worth(view, style), rng)
        return _by_the_price(view)


def _board_game_worth(view: SeatView, style: Style, rng: random.Random) -> Worth:
    """After the first round of a game with a board: Omaha's reading, the
    Hold'em family's (each of two boards read alone, the equities averaged),
    or, for any other board game, sampled hands judged by its evaluation."""
    variant = view.variant
    if len(view.boards) == 1 and is_omaha(variant):
        return omaha_worth(view, style, rng)
    if variant.evaluations[0] in HOLDEM_EVALUATIONS:
        if len(view.boards) == 1:
            return board_worth(view, style, rng)
        each = [board_worth(view, style, rng, board) for board in view.boards]
        return Worth(
            equity=sum(worth.equity for worth in each) / len(each),
            draw=max(worth.draw for worth in each),
            nuts=min(worth.nuts for worth in each),
        )
    return sampled_worth(view, style, rng)


def _first_betting_round(view: SeatView) -> bool:
    streets = view.variant.streets
    first = next((i for i, street in enumerate(streets) if street.betting), 0)
    return view.street_index <= first


def _starting(view: SeatView) -> tuple[float, float] | None:
    """The starting hand's percentile (0 best) among the game's starting
    hands, and how close to even the game's match-ups run."""
    variant = view.variant
    cards = view.hole_cards
    evaluation = variant.evaluations[0]
    if any(street.board for street in variant.streets):
        if is_omaha(variant):
            return omaha_percentile(cards, variant.is_split), 0.5
        if len(cards) >= 2:
            return percentile(cards, variant.deck), 1.0 if len(cards) == 2 else 0.8
        return None
    if variant.uses_bring_in and len(cards) == 3:
        return stud_starting(cards, evaluation, variant.is_split), 0.8
    if any(street.draw for street in variant.streets):
        return draw_starting(cards, draws_left(view), evaluation), 0.8
    return None


def _by_the_price(view: SeatView) -> Action:
    """A game this player does not know: check when free, call a small price, else fold."""
    legal = view.legal
    assert legal is not None
    if legal.can_check or not legal.can_fold:
        return CheckOrCall()
    fair = 1 / (len(view.opponents) + 1)
    return (
        CheckOrCall() if legal.call_amount / (legal.pot + legal.call_amount) <= fair / 2 else Fold()
    )
