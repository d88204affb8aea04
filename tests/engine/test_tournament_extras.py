"""Rebuys, the add-on and knockout bounties of a sit-and-go: who may buy chips
when, who is paid a bounty (split pots split it, TDA), progressive halves, and
that no chip is made or lost in random rebuy knockout tournaments."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    BountyBook,
    RulesError,
    TournamentExtras,
    busting_pot_winners,
    prizes,
    shared_prizes,
)
from engine.actions import BetOrRaise, CheckOrCall, Fold
from engine.errors import TableError
from engine.events import PotAwarded
from engine.pots import Pot
from engine.stakes import AnteKind, BlindLevel, BlindSchedule
from engine.table import Table, TableRules
from engine.table_config import table_rules
from tests.engine.dealing import Rigged, fold_to_the_big_blind, play_randomly

SCHEDULE = BlindSchedule(
    (
        BlindLevel(25, 50, hands=2),
        BlindLevel(50, 100, hands=2),
        BlindLevel(100, 200, hands=3),
        BlindLevel(200, 400),
    ),
    ante_kind=AnteKind.BIG_BLIND,
)
EXTRAS = TournamentExtras(rebuy_levels=2, add_on_price=100, add_on_chips=1500, bounty=25)


def rebuy_table(players: int, extras: TournamentExtras = EXTRAS) -> Table:
    rules = TableRules("NT", schedule=SCHEDULE, starting_stack=1000, seats=6, extras=extras)
    table = Table(rules)
    for player in range(1, players + 1):
        table.sit(player, player)
    table.draw_for_button(Rigged("As"))
    return table


def play_hand(table: Table) -> None:
    table.advance_level_if_due()
    hand = table.start_hand(random.Random(3))
    fold_to_the_big_blind(hand)
    table.finish_hand(hand)


def test_a_rebuy_adds_the_starting_stack_only_at_or_below_it_during_the_rebuy_levels() -> None:
    table = rebuy_table(3)
    assert table.rebuy(1) == 2000
    with pytest.raises(TableError) as refused:
        table.rebuy(1)
    assert refused.value.key == "rebuy_stack_too_large"
    for _ in range(4):  # levels 1 and 2 are the rebuy levels
        play_hand(table)
    table.advance_level_if_due()
    assert table.clock is not None and table.clock.index == 2
    with pytest.raises(TableError) as over:
        table.rebuy(2)
    assert over.value.key == "rebuys_over"


def bust_one(table: Table, seed: int) -> tuple[int, ...]:
    """Deal a hand in which the first to act shoves, the next calls, the rest
    fold; the players it busted."""
    table.advance_level_if_due()
    hand = table.start_hand(random.Random(seed))
    acted = 0
    while not hand.is_complete:
        player = hand.to_act
        assert player is not None
        legal = hand.legal_actions()
        if acted == 0:
            action: object = BetOrRaise(legal.max_raise_to)
        elif acted == 1:
            action = CheckOrCall()
        else:
            action = Fold() if legal.can_fold else CheckOrCall()
        hand.act(player, action)  # type: ignore[arg-type]
        acted += 1
    return table.finish_hand(hand).busted


def busted_table() -> tuple[Table, int]:
    for seed in range(50):
        table = rebuy_table(3)
        busted = bust_one(table, seed)
        if busted:
            return table, busted[0]
    raise AssertionError("no seed busted a player")


def test_a_bust_in_the_rebuy_levels_may_rebuy_instead_of_being_placed() -> None:
    table, out = busted_table()
    seat = table.seat_of(out)
    assert (seat.stack, seat.busted, seat.sitting_out) == (0, True, True)
    assert out not in table.finishing_places
    with pytest.raises(TableError) as sit_in:
        table.sit_in(out)
    assert sit_in.value.key == "busted_rebuy"
    with pytest.raises(TableError) as add_on:
        table.add_on(out, taken=False)
    assert add_on.value.key == "add_on_busted"
    hand = table.start_hand(random.Random(9))
    assert out not in table.deal.players  # type: ignore[union-attr]
    assert table.rebuy(out) == 1000  # during the next hand, not being in it
    fold_to_the_big_blind(hand)
    result = table.finish_hand(hand)
    assert result.eliminated == ()
    assert not table.seat_of(out).busted and table.seat_of(out).stack == 1000


def test_a_bust_who_does_not_rebuy_by_the_end_of_the_next_hand_is_placed_last() -> None:
    table, out = busted_table()
    hand = table.start_hand(random.Random(9))
    fold_to_the_big_blind(hand)
    result = table.finish_hand(hand)
    assert result.eliminated == ((out, 3),)
    assert not table.is_seated(out) and table.finishing_places[out] == 3


def test_a_bust_that_leaves_one_player_with_chips_ends_the_tournament() -> None:
    rules = TableRules("NT", schedule=SCHEDULE, starting_stack=1000, seats=2, extras=EXTRAS)
    for seed in range(50):
        table = Table(rules)
        table.sit(1, 1)
        table.sit(2, 2)
        table.draw_for_button(Rigged("As"))
        busted = bust_one(table, seed)
        if busted:
            (winner,) = (seat.player for seat in table.seats.values())
            assert table.finishing_places == {busted[0]: 2, winner: 1}
            return
    raise AssertionError("no seed busted a player")


def test_no_rebuy_during_the_players_own_hand() -> None:
    table = rebuy_table(2)
    table.start_hand(random.Random(1))
    with pytest.raises(TableError) as refused:
        table.rebuy(1)
    assert refused.value.key == "rebuy_in_hand"


def test_the_add_on_is_once_in_the_last_rebuy_level() -> None:
    table = rebuy_table(2)
    with pytest.raises(TableError) as early:
        table.add_on(1, taken=False)
    assert early.value.key == "add_on_not_yet"
    play_hand(table)
    play_hand(table)
    table.advance_level_if_due()
    assert table.clock is not None and table.clock.index == 1
    stack = table.seat_of(1).stack
    assert table.add_on(1, taken=False) == stack + 1500
    with pytest.raises(TableError) as again:
        table.add_on(1, taken=True)
    assert again.value.key == "add_on_taken"
    play_hand(table)
    play_hand(table)
    table.advance_level_if_due()
    with pytest.raises(TableError) as late:
        table.add_on(2, taken=False)
    assert late.value.key == "add_on_over"


def test_a_table_without_rebuys_refuses_them() -> None:
    table = rebuy_table(2, TournamentExtras(bounty=10))
    with pytest.raises(TableError) as refused:
        table.rebuy(1)
    assert refused.value.key == "no_rebuys"


@pytest.mark.parametrize(
    ("options", "key"),
    [
        ({"rebuy_levels": 11}, "rebuy_levels"),
        ({"rebuy_levels": 1, "add_on_chips": 500}, "add_on_amounts"),
        ({"add_on_chips": 500, "add_on_price": 50}, "add_on_without_rebuys"),
        ({"progressive": True}, "progressive_without_bounty"),
        ({"bounty": -1}, "bounty_amount"),
    ],
)
def test_options_that_do_not_go_together_are_refused(options: dict[str, int], key: str) -> None:
    with pytest.raises(RulesError) as refused:
        TournamentExtras(**options)  # type: ignore[arg-type]
    assert refused.value.key == key


def test_a_cash_table_has_no_rebuys_nor_bounties() -> None:
    with pytest.raises(RulesError) as refused:
        table_rules("NT", 5, 10, seats=6, extras=TournamentExtras(bounty=5))
    assert refused.value.key == "extras_tournament_only"


def test_the_bounty_is_a_part_of_the_buy_in() -> None:
    with pytest.raises(RulesError) as refused:
        TournamentExtras(bounty=100).check_buy_in(100)
    assert refused.value.key == "bounty_too_large"
    TournamentExtras(bounty=99).check_buy_in(100)


def test_the_bounty_goes_to_the_winner_of_the_pot_that_busted_the_player() -> None:
    # Player 2 all-in for the main pot (won by player 0); players 0 and 1 play a
    # side pot player 1 wins: the main pot's winner busted player 2.
    pots = [Pot(300, (0, 1, 2)), Pot(400, (0, 1))]
    events = [
        PotAwarded(0, "whole", 300, ((0, 300),), ""),
        PotAwarded(1, "whole", 400, ((1, 400),), ""),
    ]
    assert busting_pot_winners(pots, events, 2) == ((0, 300),)


def test_a_split_pot_splits_the_bounty_in_proportion_the_odd_chip_to_the_first_paid() -> None:
    # TDA and most rooms: the bounty follows the pot that busted the player; a
    # chopped pot chops the bounty in the same proportion.
    pots = [Pot(300, (0, 1, 2))]
    events = [PotAwarded(0, "whole", 300, ((1, 150), (0, 150)), "")]
    winners = busting_pot_winners(pots, events, 2)
    book = BountyBook(TournamentExtras(bounty=25))
    for player in range(3):
        book.enter(player)
    won = book.knock_out(2, winners)
    assert [(w.player, w.paid) for w in won] == [(1, 13), (0, 12)]
    # A hi/lo pot won three quarters and one quarter: the bounty too.
    book.enter(3)
    quarters = book.knock_out(3, ((0, 300), (1, 100)))
    assert [(w.player, w.paid) for w in quarters] == [(0, 19), (1, 6)]


def test_a_progressive_knockout_pays_half_and_adds_half_to_the_busters_bounty() -> None:
    book = BountyBook(TournamentExtras(bounty=50, progressive=True))
    for player in (1, 2):
        book.enter(player)
    (won,) = book.knock_out(2, ((1, 500),))
    assert (won.paid, won.added) == (25, 25)
    assert book.heads == {1: 75}
    assert book.close() == 75 and book.pool == 0


def test_the_payout_table_pays_about_fifteen_percent_of_a_large_field() -> None:
    assert len(prizes(10_000, 20)) == 4
    assert len(prizes(10_000, 27)) == 5
    assert len(prizes(10_000, 100)) == 15
    assert prizes(1000, 4, (60, 40)) == (600, 400)
    with pytest.raises(RulesError):
        prizes(1000, 4, (40, 60))


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 6),
    progressive=st.booleans(),
    bounty=st.integers(0, 40),
)
def test_random_rebuy_knockout_tournaments_create_and_lose_no_chip(
    seed: int, players: int, progressive: bool, bounty: int
) -> None:
    """Tournament chips: every stack adds up to the starting stacks, rebuys
    and add-ons. Money: buy-ins + rebuys + add-ons = prizes + bounties paid."""
    rng = random.Random(seed)
    buy_in = 100
    extras = TournamentExtras(
        rebuy_levels=2,
        add_on_price=60,
        add_on_chips=800,
        bounty=bounty,
        progressive=progressive and bounty > 0,
    )
    table = rebuy_table(players, extras)
    book = BountyBook(extras)
    money_in = prize_pool = 0
    for player in range(1, players + 1):
        book.enter(player)
        money_in += buy_in
        prize_pool += extras.prize_part(buy_in)
    chips_given = 1000 * players
    added_on: set[int] = set()
    entries = players
    bounties_paid = prizes_paid = 0
    hands = 0
    while len(table.seats) > 1:
        hands += 1
        assert hands < 2000
        table.advance_level_if_due()
        for seat in list(table.seats.values()):
            if rng.random() < 0.3:
                try:
                    table.rebuy(seat.player)
                except TableError:
                    pass
                else:
                    book.enter(seat.player)
                    entries += 1
                    chips_given += 1000
                    money_in += buy_in
                    prize_pool += extras.prize_part(buy_in)
            if rng.random() < 0.5:
                try:
                    table.add_on(seat.player, taken=seat.player in added_on)
                except TableError:
                    pass
                else:
                    added_on.add(seat.player)
                    chips_given += 800
                    money_in += 60
                    prize_pool += 60
        hand = table.start_hand(rng)
        deal = table.deal
        assert deal is not None
        play_randomly(hand, rng)
        result = table.finish_hand(hand)
        assert table.chips_in_play == chips_given
        place_prizes = prizes(prize_pool, players)
        by_place: dict[int, list[int]] = {}
        for player, place in result.eliminated:
            by_place.setdefault(place, []).append(player)
        for player in result.busted:  # a bounty is paid at the bust
            index = deal.index_of(player)
            winners = busting_pot_winners(hand.pots_awarded, hand.events, index)
            named = tuple((deal.player_at(i), chips) for i, chips in winners)
            bounties_paid += sum(won.paid for won in book.knock_out(player, named))
        for place, out in by_place.items():
            if place > 1:
                prizes_paid += sum(shared_prizes(place_prizes, place=place, players=len(out)))
    places = table.finishing_places
    assert len(places) == players and min(places.values()) == 1
    assert max(places.values()) <= players
    # The winner takes what is left of the prize pool and of the bounty pool.
    first_prize = prize_pool - prizes_paid
    assert first_prize >= prizes(prize_pool, players)[0] - 1 or first_prize >= 0
    bounties_paid += book.close()
    assert bounties_paid == extras.bounty * entries
    assert prizes_paid + first_prize + bounties_paid == money_in


# -- a multi-table tournament: a bust deciding a rebuy is moved (bot/tournaments/mtt_rebuys.py)


def test_a_bust_deciding_whether_to_rebuy_keeps_the_decision_when_moved_to_another_table() -> None:
    """Balancing or a table broken moves the seat with no chips: the player may
    still rebuy at the new table, until the end of its next hand; one who does
    not is placed there, below that hand's busts."""
    for rebuys in (True, False):
        table, out = busted_table()
        other = Table(table.rules)
        for player in (11, 12, 13):
            other.sit(player, player - 10)
        other.draw_for_button(Rigged("As"))
        before = table.chips_in_play + other.chips_in_play
        seat = table.move_out(out)
        moved = other.move_in(out, 5, seat.stack, sitting_out=True, busted_with=seat.busted_with)
        assert table.chips_in_play + other.chips_in_play == before
        assert (moved.stack, moved.busted, moved.busted_with) == (0, True, seat.busted_with)
        hand = other.start_hand(random.Random(9))
        assert other.deal is not None and out not in other.deal.players
        if rebuys:
            assert other.rebuy(out) == 1000
        fold_to_the_big_blind(hand)
        result = other.finish_hand(hand)
        if rebuys:
            assert result.eliminated == () and other.seat_of(out).stack == 1000
        else:
            assert result.eliminated == ((out, 4),) and not other.is_seated(out)


def test_only_a_bust_deciding_a_rebuy_moves_with_no_chips() -> None:
    table = rebuy_table(2)
    with pytest.raises(TableError, match="taken"):
        table.move_in(9, 5, 0)
