"""The showdown as a turn (``muck_choices``): who shows first, which hands the
engine turns up by itself, who chooses to show or muck, and what the clock does.

The rules (Robert's Rules of Poker, "Showdown"; Poker TDA, "Face Up for
All-Ins"): the last player to bet or raise on the final round shows first,
else the first player left of the button (in stud the best hand showing);
then clockwise. A hand that can still win or tie some share of some pot
against the hands shown is shown (as online rooms do); a player whose hand
cannot gets the choice, and the clock mucks. When a player is all in and the
betting is over, every hand is turned up and nobody chooses.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from engine import (
    VARIANTS,
    Action,
    BetOrRaise,
    CheckOrCall,
    Hand,
    HandMucked,
    HandSetup,
    HandShown,
    IllegalAction,
    Phase,
    PostBringIn,
    ShowOrMuck,
    cards_to_show,
    format_action,
    parse_action,
    parse_cards,
    show_options,
)
from engine.computer.player import ComputerPlayer
from engine.computer.styles import DEFAULT_STYLE
from engine.phh.recording import action_lines
from engine.seat_view import seat_view


class Named:
    """The cards still to deal to a hand dealt by name, as its streets ask."""

    def __init__(self, holes: Sequence[str], board: str) -> None:
        self.holes = [parse_cards(text) for text in holes]
        self.given = [0] * len(holes)
        self.board = parse_cards(board)

    def deal(self, hand: Hand) -> None:
        while (waiting := hand.waiting_for_cards()) is not None:
            player, count = waiting
            if player is None:
                hand.deal_board([self.board.pop(0) for _ in range(count)])
            else:
                start = self.given[player]
                self.given[player] += count
                hand.deal_hole(player, self.holes[player][start : start + count])


#: The cards still to come of each hand a test dealt by name.
DEALS: dict[int, Named] = {}


def dealt(hand: Hand, holes: Sequence[str], board: str = "") -> Hand:
    DEALS[id(hand)] = Named(holes, board)
    DEALS[id(hand)].deal(hand)
    return hand


def named_hand(
    holes: Sequence[str],
    board: str,
    *,
    code: str = "NT",
    stacks: Sequence[int] | None = None,
    muck_choices: bool = True,
) -> Hand:
    """A hand dealt by name: ``holes`` in hand order (index 0 left of the
    button), ``board`` as the streets ask for it; blinds of 5 and 10."""
    n = len(holes)
    blinds = (5, 10) + (0,) * (n - 2) if n > 2 else (10, 5)
    setup = HandSetup(VARIANTS[code], tuple(stacks or (1000,) * n), blinds=blinds, min_bet=10)
    return dealt(Hand(setup, muck_choices=muck_choices), holes, board)


def act(hand: Hand, player: int, action: Action) -> None:
    hand.act(player, action)
    DEALS[id(hand)].deal(hand)


def check_to_the_river(hand: Hand) -> None:
    """Everyone calls or checks until the last betting round begins."""
    while hand.phase is Phase.BETTING and hand.street_index < len(hand.variant.streets) - 1:
        legal = hand.legal_actions()
        act(hand, legal.player, CheckOrCall())


def check_round(hand: Hand) -> None:
    """Everyone checks or calls the rest of this betting round."""
    street = hand.street_index
    while hand.phase is Phase.BETTING and hand.street_index == street:
        act(hand, hand.legal_actions().player, CheckOrCall())


def revealed(hand: Hand) -> list[tuple[int, str]]:
    """The showdown so far, in order: (player, "shows" or "mucks")."""
    return [
        (e.player, "shows" if isinstance(e, HandShown) else "mucks")
        for e in hand.events
        if isinstance(e, HandShown | HandMucked)
    ]


# Three-handed Hold'em, index 0 the small blind, 1 the big blind, 2 the button.
# Board: Kc 9s 4d Jh 3s. Index 0 holds a pair of kings, 1 ace-high, 2 a pair of nines.
THREE = ("KdKh", "Ac2d", "9h9d")
BOARD = "Kc9s4dJh3s"


def test_checked_down_the_first_left_of_the_button_shows_first_and_losers_choose() -> None:
    hand = named_hand(THREE, BOARD)
    check_to_the_river(hand)
    check_round(hand)
    # Checked around: the small blind (first left of the button) shows first,
    # the kings. Ace-high and the nines cannot beat them: each chooses in turn.
    assert revealed(hand) == [(0, "shows")]
    assert hand.phase is Phase.SHOWDOWN and hand.to_act == 1
    legal = hand.legal_actions()
    assert legal.player == 1 and legal.can_show and legal.can_muck
    assert hand.timeout_action() == ShowOrMuck(False)  # the clock mucks
    with pytest.raises(IllegalAction):  # the button waits for the big blind
        hand.verify(2, ShowOrMuck(False))
    act(hand, 1, ShowOrMuck(True))
    assert hand.to_act == 2 and not hand.is_complete
    act(hand, 2, hand.timeout_action())
    assert revealed(hand) == [(0, "shows"), (1, "shows"), (2, "mucks")]
    assert hand.is_complete and hand.awarded == [30, 0, 0]


def test_the_last_bettor_on_the_river_shows_first() -> None:
    hand = named_hand(THREE, BOARD)
    check_to_the_river(hand)
    act(hand, 0, CheckOrCall())
    act(hand, 1, BetOrRaise(20))  # the big blind bets the river
    act(hand, 2, CheckOrCall())
    act(hand, 0, CheckOrCall())
    # The bettor (ace-high) shows first; the nines beat it and are shown by
    # the engine; the kings beat both: shown. Nobody had anything to choose.
    assert revealed(hand) == [(1, "shows"), (2, "shows"), (0, "shows")]
    assert hand.is_complete and hand.awarded == [90, 0, 0]


def test_a_raise_makes_the_raiser_show_first() -> None:
    hand = named_hand(THREE, BOARD)
    check_to_the_river(hand)
    act(hand, 0, BetOrRaise(10))
    act(hand, 1, CheckOrCall())
    act(hand, 2, BetOrRaise(40))  # the button raises last
    act(hand, 0, CheckOrCall())
    act(hand, 1, CheckOrCall())
    # The nines show first; the kings (next clockwise) beat them; ace-high chooses.
    assert revealed(hand) == [(2, "shows"), (0, "shows")]
    assert hand.to_act == 1
    act(hand, 1, ShowOrMuck(False))
    assert revealed(hand)[-1] == (1, "mucks")
    assert hand.awarded == [150, 0, 0]


def test_a_hand_that_ties_is_shown_and_shares_the_pot() -> None:
    # Two players play the board (a straight); the third holds less.
    hand = named_hand(("2c3d", "4h5h", "2h3h"), "6c7d8s9hTc")
    check_to_the_river(hand)
    check_round(hand)
    assert [who for who, what in revealed(hand) if what == "shows"] == [0, 1, 2]
    assert hand.is_complete and sorted(hand.awarded) == [10, 10, 10]


def test_all_in_every_hand_is_turned_up_and_nobody_chooses() -> None:
    hand = named_hand(THREE, BOARD, stacks=(1000, 1000, 200))
    act(hand, 2, BetOrRaise(200))  # the button is all in before the flop
    act(hand, 0, CheckOrCall())
    act(hand, 1, CheckOrCall())
    check_round(hand)  # the blinds check down the flop...
    check_round(hand)  # ...the turn...
    act(hand, 0, CheckOrCall())  # ...and the river
    act(hand, 1, CheckOrCall())
    assert hand.is_complete
    assert sorted(revealed(hand)) == [(0, "shows"), (1, "shows"), (2, "shows")]
    assert not any(isinstance(e, HandMucked) for e in hand.events)


def test_a_side_pot_all_in_shows_everyone_and_pays_each_pot_to_its_best_hand() -> None:
    # The short stack holds the best hand and wins the main pot; the side pot
    # goes to the best of the other two; the worst hand is shown too (TDA).
    hand = named_hand(("Ac2d", "9h9d", "KdKh"), BOARD, stacks=(1000, 1000, 100))
    act(hand, 2, BetOrRaise(100))
    act(hand, 0, CheckOrCall())
    act(hand, 1, CheckOrCall())
    act(hand, 0, BetOrRaise(50))  # the two with chips bet on into a side pot
    act(hand, 1, CheckOrCall())
    check_round(hand)
    check_round(hand)
    assert hand.is_complete
    assert {who for who, what in revealed(hand) if what == "shows"} == {0, 1, 2}
    assert hand.awarded == [0, 100, 300]


def test_hi_lo_a_hand_that_wins_only_the_low_half_is_shown() -> None:
    # Omaha hi-lo. Index 0 has the nut low and no high; index 1 the high set;
    # index 2 neither: it is the one that chooses.
    hand = named_hand(("As2sKdQc", "9h9dJcJd", "KhKsQhQs"), "9s3c4d8hTc", code="PO/8")
    check_to_the_river(hand)
    check_round(hand)
    # Index 0 shows first (checked around); index 1's set beats its high and
    # is shown; index 2 beats nobody's high and has no low: its turn.
    assert revealed(hand) == [(0, "shows"), (1, "shows")]
    assert hand.to_act == 2 and hand.legal_actions().can_muck
    act(hand, 2, ShowOrMuck(False))
    assert hand.awarded[0] > 0 and hand.awarded[1] > 0 and hand.awarded[2] == 0


def test_hi_lo_a_hand_with_only_a_low_behind_the_first_shown_is_shown_for_its_low() -> None:
    # Index 1 (ace-high, a low) would lose the high to index 0's pair but the
    # pair has no low: index 1 can win half and is shown without a choice.
    hand = named_hand(("KdKhQcQd", "As2sJdJh", "9h9cTsTh"), "Ks3c4d8h7c", code="PO/8")
    check_to_the_river(hand)
    check_round(hand)
    assert revealed(hand)[:2] == [(0, "shows"), (1, "shows")]


def test_stud_the_best_hand_showing_shows_first_when_the_river_is_checked() -> None:
    # Seven card stud: index 1 shows the pair of aces on board and speaks
    # first on seventh street; checked around, its hand is shown first.
    holes = ("2c3dKs7h8hQs5c", "4c6dAhAd9cJs2h", "5d7dTcTh3h4h6h")
    setup = HandSetup(
        VARIANTS["F7S"],
        (1000, 1000, 1000),
        antes=(1, 1, 1),
        bring_in=3,
        small_bet=10,
        big_bet=20,
        min_bet=10,
    )
    hand = dealt(Hand(setup, muck_choices=True), holes)
    while hand.phase is not Phase.SHOWDOWN and not hand.is_complete:
        legal = hand.legal_actions()
        act(hand, legal.player, PostBringIn() if legal.can_post_bring_in else CheckOrCall())
    assert revealed(hand)[0] == (1, "shows")
    assert [str(card) for card in hand.up_cards(1)][:2] == ["Ah", "Ad"]


def test_a_mucked_hand_stays_mucked_after_the_hand() -> None:
    hand = named_hand(THREE, BOARD)
    check_to_the_river(hand)
    check_round(hand)
    act(hand, 1, ShowOrMuck(False))
    act(hand, 2, ShowOrMuck(False))
    assert hand.is_complete
    assert show_options(hand, 1) is None and show_options(hand, 2) is None
    with pytest.raises(IllegalAction):
        cards_to_show(hand, 1)


def test_the_log_of_choices_replays_and_writes_phh_sm_lines() -> None:
    hand = named_hand(THREE, BOARD)
    check_to_the_river(hand)
    check_round(hand)
    act(hand, 1, ShowOrMuck(True))
    act(hand, 2, ShowOrMuck(False))
    # Only the choices are the players' own actions; PHH writes every show and muck.
    chosen = [format_action(p, a) for p, a in hand.actions if isinstance(a, ShowOrMuck)]
    assert chosen == ["p2 sm -", "p3 sm"]
    lines = action_lines(hand)
    shows = [line for line in lines if " sm" in line]
    assert shows == ["p1 sm KdKh", "p2 sm Ac2d", "p3 sm"]
    assert parse_action("p3 sm") == (2, ShowOrMuck(False))


def test_a_log_without_the_choices_finishes_as_the_clock_would() -> None:
    hand = named_hand(THREE, BOARD)
    check_to_the_river(hand)
    check_round(hand)
    assert hand.phase is Phase.SHOWDOWN
    hand.finish()  # a hand logged before the choice existed: the losers are mucked
    assert revealed(hand) == [(0, "shows"), (1, "mucks"), (2, "mucks")]
    assert hand.is_complete and hand.awarded == [30, 0, 0]


def test_a_computer_player_whose_hand_cannot_win_mucks() -> None:
    hand = named_hand(THREE, BOARD)
    check_to_the_river(hand)
    check_round(hand)
    player = ComputerPlayer(DEFAULT_STYLE)
    for _ in range(2):  # ace-high, then the nines: neither beats the kings shown
        index = hand.to_act
        assert index is not None
        decided = player.decide(seat_view(hand, index), random.Random(index))
        assert decided == ShowOrMuck(False)
        act(hand, index, decided)
    assert revealed(hand) == [(0, "shows"), (1, "mucks"), (2, "mucks")]
