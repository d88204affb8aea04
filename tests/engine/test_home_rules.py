"""The home-game options as rules of the hand: run it twice, bomb pots (one
board or two), the rabbit hunt and the 7-2 bounty; and which games refuse them."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from engine.actions import BetOrRaise, CheckOrCall, ChooseRunouts, Fold, format_action, parse_action
from engine.cards import Card, parse_cards
from engine.errors import MESSAGES, IllegalAction
from engine.events import (
    BoardDealt,
    BountyPaid,
    HandShown,
    PotAwarded,
    RunItTwiceOffered,
    RunoutsDecided,
)
from engine.hand import Hand, HandSetup, Phase
from engine.home_rules import BombPots, HomeRules, is_seven_deuce
from engine.plain_data import setup_from_data, setup_to_data
from engine.show_choices import seven_deuce_turned_up, shows_seven_deuce
from engine.stakes import Stakes
from engine.table import Table, TableRules
from engine.variants import VARIANTS

FULL_DECK = parse_cards(" ".join(f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"))


def deck(top: str) -> tuple[Card, ...]:
    """A 52-card deck whose first cards are ``top``, the rest in a fixed order."""
    first = parse_cards(top)
    return tuple(first + [card for card in FULL_DECK if card not in first])


def heads_up_all_in(top: str, *, stacks: tuple[int, ...] = (1000, 1000), **options: object) -> Hand:
    setup = HandSetup(
        VARIANTS["NT"],
        stacks,
        blinds=(10, 5),
        min_bet=10,
        deck=deck(top),
        **options,  # type: ignore[arg-type]
    )
    hand = Hand(setup)
    hand.act(1, BetOrRaise(max(stacks)))
    hand.act(0, CheckOrCall())
    return hand


# Hole cards p1 AsKd, p2 AhKc (dealt one at a time), then burn 2c, flop 3d4h5s,
# burn 6c, turn 7d, burn 8h, river 9s; the second run: burn Tc, flop JdQh2d,
# burn 2h, turn 2s, burn 3c, river 3h.
TIE_TOP = "AsAh KdKc 2c 3d4h5s 6c 7d 8h 9s Tc JdQh2d"


def test_run_it_twice_is_offered_to_the_players_in_the_hand_and_runs_only_if_all_agree() -> None:
    hand = heads_up_all_in(TIE_TOP, run_it_twice=True)
    assert hand.phase is Phase.RUN_IT_TWICE
    assert RunItTwiceOffered((0, 1)) in hand.events
    assert hand.board == []  # nothing dealt before the choice
    assert hand.to_act == 0
    assert hand.timeout_action() == ChooseRunouts(1)  # no choice in time: once
    hand.act(1, ChooseRunouts(2))
    assert hand.phase is Phase.RUN_IT_TWICE  # player 1 has not chosen yet
    hand.act(0, ChooseRunouts(2))
    assert hand.is_complete and hand.runouts == 2
    assert [str(c) for c in hand.boards[0]] == ["3d", "4h", "5s", "7d", "9s"]
    # The second run comes from the same deck after the first, burns included.
    assert [str(c) for c in hand.boards[1]] == ["Jd", "Qh", "2d", "2s", "3h"]
    dealt = [c for cards in hand.hole_cards for c in cards] + hand.boards[0] + hand.boards[1]
    assert len(set(dealt)) == len(dealt)


def test_one_player_saying_once_deals_one_board_as_without_the_option() -> None:
    plain = heads_up_all_in("AsKs 7c2d 9h 3h4h5h 9c 6h")
    hand = heads_up_all_in("AsKs 7c2d 9h 3h4h5h 9c 6h", run_it_twice=True)
    hand.act(0, ChooseRunouts(1))
    assert RunoutsDecided(1) in hand.events
    assert hand.is_complete and len(hand.boards) == 1
    assert hand.board == plain.board and hand.stacks == plain.stacks


def test_each_run_wins_half_of_the_pot() -> None:
    # p1 AsAd against p2 KhKc: run 1 pairs the king (3 kings wins), run 2 does not.
    hand = heads_up_all_in("AsKh AdKc 2c 3d4h5s 6c Kd 8h 9s Tc JdQh2d 2h 7s", run_it_twice=True)
    hand.act(0, ChooseRunouts(2))
    hand.act(1, ChooseRunouts(2))
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert [(a.share, a.winners) for a in awards] == [
        ("board 1", ((1, 1000),)),
        ("board 2", ((0, 1000),)),
    ]
    assert hand.stacks == [1000, 1000]


def test_an_odd_chip_between_the_runs_goes_by_the_odd_chip_rule() -> None:
    # Three players: the small blind (p1, 5 chips) folds, so the pot is odd (2005).
    setup = HandSetup(
        VARIANTS["NT"],
        (1000, 1000, 1000),
        blinds=(5, 10, 0),
        min_bet=10,
        deck=deck("7c AsKh AdKc 2c 3d4h5s 6c Kd 8h 9s Tc JdQh2d 2h 7s"),
        run_it_twice=True,
    )
    hand = Hand(setup)
    hand.act(2, BetOrRaise(1000))
    hand.act(0, Fold())
    hand.act(1, CheckOrCall())
    assert hand.pot_total == 2005
    # Dealt one at a time from p1: p1 7cKh, p2 AsAd, p3 KcKh... the runs split as above.
    hand.act(1, ChooseRunouts(2))
    hand.act(2, ChooseRunouts(2))
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert sum(a.amount for a in awards) == 2005
    amounts = {a.share: a.amount for a in awards}
    assert sorted(amounts.values()) == [1002, 1003]
    # The odd chip goes to the run won by the first winner clockwise from the
    # button: player index 1 comes before index 2.
    odd_run = next(a for a in awards if a.amount == 1003)
    assert odd_run.winners[0][0] == 1
    assert sum(hand.stacks) == 3000


def test_side_pots_are_each_split_between_the_runs_and_no_chip_is_lost() -> None:
    setup = HandSetup(
        VARIANTS["NT"],
        (300, 1000, 1000),
        blinds=(5, 10, 0),
        min_bet=10,
        deck=deck("AsKsQs AhKhQh AdKdQd"),
        run_it_twice=True,
    )
    hand = Hand(setup)
    hand.act(2, BetOrRaise(1000))
    hand.act(0, CheckOrCall())
    hand.act(1, CheckOrCall())
    assert hand.phase is Phase.RUN_IT_TWICE
    for player in (0, 1, 2):
        hand.act(player, ChooseRunouts(2))
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert {a.pot_index for a in awards} == {0, 1}
    assert {a.share for a in awards} == {"board 1", "board 2"}
    for pot in (0, 1):
        halves = [a.amount for a in awards if a.pot_index == pot]
        assert len(halves) == 2 and abs(halves[0] - halves[1]) <= 1
    assert sum(hand.stacks) == 2300


def test_run_it_twice_choices_are_refused_politely() -> None:
    hand = heads_up_all_in(TIE_TOP, run_it_twice=True)
    with pytest.raises(IllegalAction) as error:
        hand.act(0, ChooseRunouts(3))
    assert str(error.value) == MESSAGES["runouts_once_or_twice"]
    with pytest.raises(IllegalAction):
        hand.act(5, ChooseRunouts(2))
    hand.act(0, ChooseRunouts(2))
    with pytest.raises(IllegalAction):
        hand.act(0, ChooseRunouts(2))  # chosen already
    before = len(hand.events)
    with pytest.raises(IllegalAction) as error:
        hand.act(1, BetOrRaise(50))
    assert len(hand.events) == before
    fresh = Hand(
        HandSetup(
            VARIANTS["NT"],
            (1000, 1000),
            blinds=(10, 5),
            min_bet=10,
            run_it_twice=True,
            deck=deck(TIE_TOP),
        )
    )
    with pytest.raises(IllegalAction) as error:
        fresh.act(1, ChooseRunouts(2))
    assert str(error.value) == MESSAGES["no_run_it_twice_now"]


def test_run_it_twice_is_not_offered_when_betting_can_go_on_or_the_board_is_complete() -> None:
    # Everyone calls to the river with chips behind: no all in, no offer.
    setup = HandSetup(
        VARIANTS["NT"],
        (1000, 1000),
        blinds=(10, 5),
        min_bet=10,
        deck=deck(TIE_TOP),
        run_it_twice=True,
    )
    hand = Hand(setup)
    hand.act(1, CheckOrCall())
    hand.act(0, CheckOrCall())
    assert hand.phase is Phase.BETTING
    for _ in range(3):
        hand.act(0, BetOrRaise(970 if _ == 2 else 10))
        hand.act(1, CheckOrCall())
    assert hand.is_complete
    assert not any(isinstance(e, RunItTwiceOffered) for e in hand.events)


def test_a_run_twice_hand_replays_from_its_actions_and_notation() -> None:
    hand = heads_up_all_in(TIE_TOP, run_it_twice=True)
    hand.act(0, ChooseRunouts(2))
    hand.act(1, ChooseRunouts(2))
    lines = [format_action(player, action) for player, action in hand.actions]
    assert lines[-2:] == ["p1 rc 2", "p2 rc 2"]
    setup = setup_from_data(setup_to_data(hand.setup))
    again = Hand.replay(setup, [parse_action(line) for line in lines])
    assert again.boards == hand.boards and again.stacks == hand.stacks


def test_a_bomb_pot_posts_everyone_skips_preflop_betting_and_deals_the_flop() -> None:
    setup = HandSetup(
        VARIANTS["NT"],
        (1000, 1000, 40),
        antes=(50, 50, 50),
        min_bet=10,
        deck=deck(TIE_TOP),
        bomb_pot=True,
    )
    hand = Hand(setup)
    assert len(hand.board) == 3
    assert hand.phase is Phase.BETTING and hand.street.name == "flop"
    assert hand.actor == 0  # first left of the button, as on every flop
    assert hand.stacks == [950, 950, 0]
    # The short bomb is live, not dead: the third player's main pot is 3 x 40.
    assert [pot.amount for pot in hand.pots()] == [120, 20]
    assert hand.legal_actions().can_check


def test_a_double_board_bomb_pot_splits_each_pot_between_the_boards() -> None:
    setup = HandSetup(
        VARIANTS["NT"],
        (1000, 1000),
        antes=(100, 100),
        min_bet=10,
        deck=deck(TIE_TOP),
        bomb_pot=True,
        boards=2,
    )
    hand = Hand(setup)
    assert [len(board) for board in hand.boards] == [3, 3]
    while not hand.is_complete:
        hand.act(hand.to_act or 0, CheckOrCall())
    assert [len(board) for board in hand.boards] == [5, 5]
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert {a.share for a in awards} == {"board 1", "board 2"}
    assert sum(a.amount for a in awards) == 200


@pytest.mark.parametrize(
    "options, message",
    [
        ({"bomb_pot": True, "blinds": (5, 10)}, "no blinds"),
        ({"boards": 2}, "two boards"),
    ],
)
def test_bomb_pot_setups_that_make_no_sense_are_refused(
    options: dict[str, object], message: str
) -> None:
    fields: dict[str, object] = {"antes": (50, 50), "min_bet": 10} | options
    with pytest.raises(ValueError, match=message):
        Hand(HandSetup(VARIANTS["NT"], (1000, 1000), **fields))  # type: ignore[arg-type]


def test_seven_deuce_shown_down_collects_the_bounty_from_everyone_dealt_in() -> None:
    # p1 7s2s, p2 AhKh, p3 QdQc (p3 has only 30 left after the hand).
    setup = HandSetup(
        VARIANTS["NT"],
        (1000, 1000, 130),
        blinds=(5, 10, 0),
        min_bet=10,
        deck=deck("7sAhQd 2sKhQc 2c 7d7h2h 3c 9c 4c 8d"),
        seven_deuce_bounty=50,
    )
    hand = Hand(setup)
    hand.act(2, BetOrRaise(100))
    hand.act(0, CheckOrCall())
    hand.act(1, CheckOrCall())
    while not hand.is_complete:
        hand.act(hand.to_act or 0, CheckOrCall())
    bounty = next(e for e in hand.events if isinstance(e, BountyPaid))
    assert bounty.winner == 0
    assert bounty.payments == ((1, 50), (2, 30))
    assert hand.stacks == [1000 + 200 + 80, 900 - 50, 0]
    assert sum(hand.stacks) == 2130


def test_seven_deuce_winning_without_a_showdown_stays_face_down_and_collects_nothing_yet() -> None:
    setup = HandSetup(
        VARIANTS["NT"],
        (1000, 1000),
        blinds=(10, 5),
        min_bet=10,
        deck=deck("7sAh 2sKh"),
        seven_deuce_bounty=25,
    )
    hand = Hand(setup)
    hand.act(1, Fold())
    # Nothing is turned up for the winner, and nothing is paid without a show.
    assert not any(isinstance(e, HandShown | BountyPaid) for e in hand.events)
    assert hand.stacks == [1005, 995]
    seven, deuce = hand.hole_cards[0]
    assert not shows_seven_deuce(hand, 0, [seven])  # one card is not the seven-deuce
    assert shows_seven_deuce(hand, 0, [seven, deuce])
    assert not shows_seven_deuce(hand, 1, hand.hole_cards[1])  # the folder won nothing


def test_the_rule_before_the_show_was_a_choice_says_what_it_paid() -> None:
    """Hands played before the winner chose to show turned an uncontested
    seven-deuce up and paid at once; replaying one must know what it paid:
    here Ben's 50 and all of Cat's 40 (what the engine of that time paid,
    finishing at 1,100, 940 and 0)."""
    setup = HandSetup(
        VARIANTS["NT"],
        (1000, 1000, 40),
        blinds=(5, 10, 0),
        min_bet=10,
        deck=deck("7sAhQd 2sKhQc"),
        seven_deuce_bounty=50,
    )
    hand = Hand(setup)
    hand.act(2, Fold())
    hand.act(0, BetOrRaise(30))
    hand.act(1, Fold())
    assert hand.finishing_stacks == (1010, 990, 40)  # today: nothing paid without a show
    paid = seven_deuce_turned_up(hand)
    assert paid == BountyPaid(0, ((1, 50), (2, 40)))
    then = list(hand.finishing_stacks)
    for payer, chips in paid.payments:
        then[payer] -= chips
        then[paid.winner] += chips
    assert then == [1100, 940, 0]
    # Nothing more than today's rule anywhere else: no bounty at the table, a
    # hand that is not seven-deuce, or a showdown (the hand pays that itself).
    no_bounty = Hand(replace(setup, seven_deuce_bounty=0))
    no_bounty.act(2, Fold())
    no_bounty.act(0, BetOrRaise(30))
    no_bounty.act(1, Fold())
    assert seven_deuce_turned_up(no_bounty) is None
    ace_king = Hand(replace(setup, deck=deck("AhQd7s KhQc2s")))
    ace_king.act(2, Fold())
    ace_king.act(0, BetOrRaise(30))
    ace_king.act(1, Fold())
    assert ace_king.is_complete and seven_deuce_turned_up(ace_king) is None
    shown_down = heads_up_all_in("7sAh 2sKh 2c 7d7h2h 3c 9c 4c 8d", seven_deuce_bounty=50)
    assert any(isinstance(e, BountyPaid) for e in shown_down.events)
    assert seven_deuce_turned_up(shown_down) is None


class StackedDeck(random.Random):
    """Shuffles ``top`` to the top of every deck (the draw for the button too)."""

    def __init__(self, top: str) -> None:
        super().__init__(0)
        self.top = parse_cards(top)

    def shuffle(self, x: Any) -> None:
        x[:] = [card for card in self.top if card in x] + [c for c in x if c not in self.top]


def test_an_uncontested_seven_deuce_shown_after_the_hand_collects_from_the_seats() -> None:
    rules = TableRules("NT", Stakes(5, 10), home=HomeRules(seven_deuce_bounty=50))
    table = Table(rules)
    for player, buy_in in ((101, 1000), (102, 1000), (103, 200)):
        table.sit(player, buy_in=buy_in)
    hand = table.start_hand(StackedDeck("7s Ah Qd 2s Kh Qc"))
    deal = table.deal
    assert deal is not None
    seven_deuce = next(i for i, cards in enumerate(hand.hole_cards) if is_seven_deuce(cards))
    while not hand.is_complete:  # the seven-deuce raises, everyone else folds
        actor = hand.to_act
        assert actor is not None
        hand.act(actor, BetOrRaise(40) if actor == seven_deuce else Fold())
    table.finish_hand(hand)
    winner = deal.players[seven_deuce]
    before = {seat.player: seat.stack for seat in table.seats.values()}
    refused = table.pay_seven_deuce_bounty(deal, hand, winner, hand.hole_cards[seven_deuce][:1])
    assert refused is None and {s.player: s.stack for s in table.seats.values()} == before
    # Another player leaves before the winner shows: nothing of theirs is here to pay.
    leaver = 103 if winner != 103 else 102
    table.leave(leaver)
    paid = table.pay_seven_deuce_bounty(deal, hand, winner, hand.hole_cards[seven_deuce])
    assert paid is not None and paid.winner == seven_deuce
    payer = next(p for p in deal.players if p not in (winner, leaver))
    assert paid.payments == ((deal.players.index(payer), 50),)
    after = {seat.player: seat.stack for seat in table.seats.values()}
    assert after == {winner: before[winner] + 50, payer: before[payer] - 50}


def test_no_bounty_when_seven_deuce_loses_or_only_splits() -> None:
    setup = HandSetup(
        VARIANTS["NT"],
        (1000, 1000),
        blinds=(10, 5),
        min_bet=10,
        deck=deck("7sAh 2sKh"),
        seven_deuce_bounty=25,
    )
    hand = Hand(setup)
    hand.act(1, BetOrRaise(50))
    hand.act(0, Fold())  # the seven-deuce folds: it wins nothing
    assert hand.stacks == [990, 1010]
    assert not any(isinstance(e, BountyPaid) for e in hand.events)


def test_the_rabbit_hunt_shows_the_cards_that_would_have_come() -> None:
    top = "AsKh 7c2d 9h 3h4h5h 9c 6h Tc Jd"
    folded = Hand(
        HandSetup(VARIANTS["NT"], (1000, 1000), blinds=(10, 5), min_bet=10, deck=deck(top))
    )
    folded.act(1, Fold())
    played = heads_up_all_in(top)
    assert folded.rabbit_cards() == played.board
    assert not set(folded.rabbit_cards()) & {c for cards in folded.hole_cards for c in cards}
    # After the turn, only the river is hunted.
    later = Hand(
        HandSetup(VARIANTS["NT"], (1000, 1000), blinds=(10, 5), min_bet=10, deck=deck(top))
    )
    later.act(1, CheckOrCall())
    later.act(0, CheckOrCall())
    later.act(0, CheckOrCall())
    later.act(1, CheckOrCall())
    later.act(0, BetOrRaise(10))
    later.act(1, Fold())
    assert later.rabbit_cards() == played.board[4:]
    assert played.rabbit_cards() == []  # the board is complete


def test_the_rabbit_hunt_of_a_double_board_bomb_pot_gives_each_board_its_own_cards() -> None:
    def bomb_pot() -> Hand:
        return Hand(
            HandSetup(
                VARIANTS["NT"],
                (1000, 1000),
                antes=(20, 20),
                min_bet=10,
                deck=deck("AsKh 7c2d"),
                bomb_pot=True,
                boards=2,
            )
        )

    played = bomb_pot()  # checked down: both boards complete
    while not played.is_complete:
        played.act(played.to_act or 0, CheckOrCall())
    assert played.rabbit_boards() == []
    folded = bomb_pot()  # a bet on the flop, and a fold
    folded.act(folded.to_act or 0, BetOrRaise(40))
    folded.act(folded.to_act or 0, Fold())
    first, second = folded.boards
    assert len(first) == len(second) == 3
    hunted = folded.rabbit_boards()
    # Each board's turn and river, as the dealer would have dealt them.
    assert hunted == [played.boards[0][3:], played.boards[1][3:]]
    assert folded.rabbit_cards() == hunted[0] + hunted[1]
    held = {card for cards in folded.hole_cards for card in cards}
    assert not set(folded.rabbit_cards()) & (held | set(first) | set(second))


def test_a_running_hand_has_no_rabbit_yet() -> None:
    hand = Hand(
        HandSetup(VARIANTS["NT"], (1000, 1000), blinds=(10, 5), min_bet=10, deck=deck(TIE_TOP))
    )
    assert hand.rabbit_cards() == []


def test_games_that_cannot_play_an_option_refuse_it_with_a_sentence() -> None:
    stakes = Stakes(5, 10)
    for home, code, key in [
        (HomeRules(run_it_twice=True), "F7S", "run_it_twice_no_board"),
        (HomeRules(bomb_pot=BombPots(50, every=5)), "F2L3D", "bomb_pot_no_flop"),
        (HomeRules(rabbit_hunt=True), "F2L3D", "rabbit_hunt_no_board"),
        (HomeRules(seven_deuce_bounty=50), "PO", "seven_deuce_two_cards"),
    ]:
        assert home.refusal([VARIANTS[code]], tournament=False) == key
        with pytest.raises(ValueError, match=MESSAGES[key].split(" ")[0]):
            TableRules(code, stakes, seats=6, home=home)
    assert HomeRules(run_it_twice=True).refusal([VARIANTS["NT"]], tournament=True) == (
        "run_it_twice_cash_only"
    )


def test_the_table_deals_a_bomb_pot_every_n_hands_and_when_voted() -> None:
    rules = TableRules("NT", Stakes(5, 10), home=HomeRules(bomb_pot=BombPots(20, every=3)))
    table = Table(rules)
    for seat, player in ((1, 11), (2, 22), (3, 33)):
        table.sit(player, seat, buy_in=500)
    bombs = []
    for _ in range(4):
        hand = table.start_hand()
        bombs.append(hand.setup.bomb_pot)
        deal = table.deal
        assert deal is not None
        # Nobody posts a blind in a bomb pot: the table names no blind seats.
        blind_seats = (deal.small_blind_seat, deal.big_blind_seat)
        assert (blind_seats == (None, None)) == hand.setup.bomb_pot, blind_seats
        while not hand.is_complete:
            hand.act(hand.to_act or 0, hand.timeout_action())
        table.finish_hand(hand)
    assert bombs == [False, False, True, False]
    table.bomb_pot_voted = True
    hand = table.start_hand()
    assert hand.setup.bomb_pot and hand.setup.antes == (20, 20, 20) and not hand.setup.blinds


def test_the_table_counts_bomb_pot_votes_of_the_members_dealt_in_and_keeps_them() -> None:
    from engine.plain_data import table_from_data, table_to_data

    rules = TableRules("NT", Stakes(5, 10), home=HomeRules(bomb_pot=BombPots(20)))
    table = Table(rules)
    for seat, player in ((1, 11), (2, 22), (3, 33), (4, -1), (5, -2)):
        table.sit(player, seat, buy_in=500)
    table.sit_out(33)

    def computer(player: int) -> bool:
        return player < 0

    # Five seats: the computers do not vote, nor does a player sitting out.
    assert table.bomb_pot_electorate(computer) == {11, 22}
    with pytest.raises(IllegalAction) as refused:
        table.vote_bomb_pot(33, is_computer=computer)
    assert refused.value.key == "bomb_sitting_out"
    with pytest.raises(IllegalAction) as refused:
        table.vote_bomb_pot(44, is_computer=computer)
    assert refused.value.key == "not_seated"
    first = table.vote_bomb_pot(11, is_computer=computer)
    assert (first.votes, first.needed, first.missing, first.called) == (1, 2, 1, False)
    again = table.vote_bomb_pot(11, is_computer=computer)
    assert again.again and again.votes == 1 and table.bomb_pot_votes == {11}

    # Saved with the table: a restart keeps the vote.
    table = table_from_data(rules, table_to_data(table))
    assert table.bomb_pot_votes == {11}
    called = table.vote_bomb_pot(22, is_computer=computer)
    assert called.called and table.bomb_pot_voted and table.bomb_pot_votes == set()
    with pytest.raises(IllegalAction) as refused:
        table.vote_bomb_pot(11, is_computer=computer)
    assert refused.value.key == "bomb_already"
    assert table.start_hand().setup.bomb_pot

    none = Table(TableRules("NT", Stakes(5, 10)))
    none.sit(11, 1, buy_in=500)
    with pytest.raises(IllegalAction) as refused:
        none.vote_bomb_pot(11)
    assert refused.value.key == "no_bomb_pots"


def test_board_cards_of_a_second_run_name_their_board() -> None:
    hand = heads_up_all_in(TIE_TOP, run_it_twice=True)
    hand.act(0, ChooseRunouts(2))
    hand.act(1, ChooseRunouts(2))
    dealt = [e.board for e in hand.events if isinstance(e, BoardDealt)]
    assert dealt == [0, 0, 0, 1, 1, 1]


def test_the_hand_history_of_a_run_twice_hand_replays_both_runs() -> None:
    from engine.phh.history import HandHistory
    from engine.phh.replaying import replay
    from engine.phh.writing import dumps

    hand = heads_up_all_in("AsKh AdKc 2c 3d4h5s 6c Kd 8h 9s Tc JdQh2d 2h 7s", run_it_twice=True)
    hand.act(0, ChooseRunouts(2))
    hand.act(1, ChooseRunouts(2))
    history = HandHistory.from_hand(hand)
    text = dumps(history)
    assert "_runout_count = 2" in text
    assert sum(line.startswith("d db") for line in history.actions) == 6
    result = replay(history)
    assert result.ok, result.error
    assert result.hand is not None and result.hand.boards == hand.boards


def test_the_hand_history_of_a_bomb_pot_and_a_bounty_replays() -> None:
    from engine.phh.history import HandHistory
    from engine.phh.replaying import replay

    setup = HandSetup(
        VARIANTS["NT"],
        (1000, 1000),
        antes=(100, 100),
        min_bet=10,
        deck=deck("7sAh 2sKh 2c 7d7h2h"),
        bomb_pot=True,
        boards=2,
        seven_deuce_bounty=30,
    )
    hand = Hand(setup)
    while not hand.is_complete:
        hand.act(hand.to_act or 0, CheckOrCall())
    result = replay(HandHistory.from_hand(hand))
    assert result.ok, result.error
    assert result.hand is not None and result.hand.stacks == hand.stacks


# ------------------------------------------- home rules agreed, not sprung (issue 24)


def play_out(table: Table) -> Hand:
    """Deal the next hand and let the clock play it to its end."""
    hand = table.start_hand(random.Random(table.hand_number))
    while not hand.is_complete:
        hand.act(hand.to_act or 0, hand.timeout_action())
    table.finish_hand(hand)
    return hand


@pytest.mark.parametrize(
    ("home", "key"),
    [
        (HomeRules(seven_deuce_bounty=1_000_000_000), "seven_deuce_too_large"),
        (HomeRules(seven_deuce_bounty=51), "seven_deuce_too_large"),
        (HomeRules(bomb_pot=BombPots(1_000_000_000, every=1)), "bomb_pot_too_large"),
        (HomeRules(bomb_pot=BombPots(51)), "bomb_pot_too_large"),
    ],
)
def test_a_bounty_or_bomb_pot_above_five_big_blinds_is_refused_with_a_keyed_sentence(
    home: HomeRules, key: str
) -> None:
    # The opener's seven_deuce_bounty:1000000000 took whole stacks from the players who folded.
    with pytest.raises(ValueError, match=r"at most 5 big blinds \(50 chips\)"):
        TableRules("NT", Stakes(5, 10), home=home)
    table = Table(TableRules("NT", Stakes(5, 10)))
    table.sit(1, buy_in=1000)
    with pytest.raises(IllegalAction) as refused:
        table.change_home_rules(home, by=1)
    assert refused.value.key == key and refused.value.params == {"big_blinds": 5, "most": 50}
    assert table.rules.home == HomeRules() and table.pending_home is None
    # Five big blinds are a home game's: accepted.
    assert TableRules("NT", Stakes(5, 10), home=HomeRules(50, BombPots(50), True, 50)).home


def test_a_raise_of_what_a_seated_player_can_lose_waits_one_full_hand() -> None:
    table = Table(TableRules("NT", Stakes(5, 10)))
    for player in (1, 2, 3):
        table.sit(player, buy_in=1000)
    play_out(table)
    hand = table.start_hand(random.Random(2))  # hand 2 is being played when it changes
    change = table.change_home_rules(
        HomeRules(seven_deuce_bounty=50, bomb_pot=BombPots(30, every=1), rabbit_hunt=True), by=1
    )
    assert change.from_hand == 4
    assert change.in_force == HomeRules(rabbit_hunt=True)
    while not hand.is_complete:
        hand.act(hand.to_act or 0, hand.timeout_action())
    table.finish_hand(hand)
    # Hand 3 is the full hand announced: the rabbit hunt is on, no bounty, no bomb.
    third = play_out(table)
    assert (third.setup.seven_deuce_bounty, third.setup.bomb_pot) == (0, False)
    assert table.rules.home.rabbit_hunt and table.pending_home is not None
    # The pending change survives a save and a restore of the table.
    from engine.plain_data import table_from_data, table_to_data

    table = table_from_data(
        TableRules("NT", Stakes(5, 10), home=change.agreed), table_to_data(table)
    )
    assert table.rules.home == change.in_force and table.pending_home == change
    fourth = play_out(table)
    assert (fourth.setup.seven_deuce_bounty, fourth.setup.bomb_pot) == (50, True)
    assert fourth.setup.antes == (30, 30, 30) and table.pending_home is None


def test_a_lower_amount_applies_from_the_next_hand_and_an_empty_table_at_once() -> None:
    table = Table(TableRules("NT", Stakes(5, 10), home=HomeRules(seven_deuce_bounty=50)))
    # Nobody but the opener sits at the table: nothing waits.
    table.sit(1, buy_in=1000)
    assert table.change_home_rules(HomeRules(seven_deuce_bounty=40), by=1).from_hand is None
    table.sit(2, buy_in=1000)
    play_out(table)
    lower = table.change_home_rules(HomeRules(seven_deuce_bounty=20, rabbit_hunt=True), by=1)
    assert lower.from_hand is None and lower.in_force == lower.agreed
    assert play_out(table).setup.seven_deuce_bounty == 20
    # Bomb pots by the vote becoming bomb pots every 2 hands is a raise; every 5 after 2 is not.
    voted = table.change_home_rules(HomeRules(bomb_pot=BombPots(20)), by=1)
    assert voted.from_hand == table.hand_number + 2
    table = Table(TableRules("NT", Stakes(5, 10), home=HomeRules(bomb_pot=BombPots(20, every=2))))
    table.sit(1, buy_in=1000)
    table.sit(2, buy_in=1000)
    assert (
        table.change_home_rules(HomeRules(bomb_pot=BombPots(20, every=5)), by=1).from_hand is None
    )
    assert table.change_home_rules(HomeRules(bomb_pot=BombPots(20, every=1)), by=1).from_hand == 2
