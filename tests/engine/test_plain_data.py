"""Tables saved as plain data and rebuilt: a restored table plays on exactly as
the original would have, through JSON."""

import json
import random

import pytest

from engine.errors import TableError
from engine.hand import Hand, Rake
from engine.plain_data import setup_from_data, setup_to_data, table_from_data, table_to_data
from engine.stakes import AnteKind, BlindLevel, BlindSchedule, Stakes
from engine.table import MissedBlinds, Table, TableRules
from tests.engine.dealing import fold_to_the_big_blind, play_randomly

CASH = TableRules(
    "NT", Stakes(5, 10, ante=10, ante_kind=AnteKind.BIG_BLIND), seats=6, rake=Rake(500, 30)
)


def through_json(config: TableRules, table: Table) -> Table:
    return table_from_data(config, json.loads(json.dumps(table_to_data(table))))


def a_busy_table(rng: random.Random) -> Table:
    """A cash table after some hands, with players leaving, sitting out and coming back."""
    table = Table(CASH)
    for seat, player in ((1, 10), (3, 30), (4, 40), (6, 60)):
        table.sit(player, seat, buy_in=500)
    for number in range(12):
        if number == 3:
            table.sit_out(30)
        if number == 6:
            table.sit_in(30, MissedBlinds.POST)
            table.sit(20, 2, buy_in=300)
        hand = table.start_hand(rng)
        if number == 8 and table.in_current_hand(40):
            table.leave(40)
        play_randomly(hand, rng)
        table.finish_hand(hand)
        for seat in list(table.seats.values()):
            if seat.busted:
                table.top_up(seat.player, 500)
    return table


def test_a_restored_table_deals_and_finishes_the_same_hands() -> None:
    original = a_busy_table(random.Random(5))
    restored = through_json(CASH, original)
    assert table_to_data(restored) == table_to_data(original)
    for number in range(10):
        hands = [table.start_hand(random.Random(number)) for table in (original, restored)]
        assert hands[0].setup == hands[1].setup
        for hand in hands:
            play_randomly(hand, random.Random(100 + number))
        results = [t.finish_hand(h) for t, h in zip((original, restored), hands, strict=True)]
        assert results[0] == results[1]
        assert table_to_data(restored) == table_to_data(original)


def test_a_hand_in_progress_is_restored_with_its_deal() -> None:
    table = a_busy_table(random.Random(8))
    hand = table.start_hand(random.Random(1))
    restored = through_json(CASH, table)
    assert restored.deal == table.deal
    again = Hand(restored.deal.setup if restored.deal else hand.setup)
    play_randomly(hand, random.Random(2))
    play_randomly(again, random.Random(2))
    assert restored.finish_hand(again) == table.finish_hand(hand)


def test_setups_round_trip() -> None:
    table = a_busy_table(random.Random(3))
    hand = table.start_hand(random.Random(4))
    assert setup_from_data(json.loads(json.dumps(setup_to_data(hand.setup)))) == hand.setup


def test_a_tournament_keeps_its_level_clock_and_places() -> None:
    schedule = BlindSchedule((BlindLevel(25, 50, hands=2), BlindLevel(50, 100)))
    config = TableRules("NT", schedule=schedule, starting_stack=1000, seats=4)
    table = Table(config)
    for player in (1, 2, 3):
        table.sit(player)
    rng = random.Random(9)
    for _ in range(3):
        table.advance_level_if_due()
        hand = table.start_hand(rng)
        fold_to_the_big_blind(hand)
        table.finish_hand(hand)
    restored = through_json(config, table)
    assert restored.level == table.level
    assert restored.finishing_places == table.finishing_places
    assert table_to_data(restored) == table_to_data(table)


def test_damaged_data_is_refused() -> None:
    table = a_busy_table(random.Random(2))
    table.start_hand(random.Random(1))
    data = json.loads(json.dumps(table_to_data(table)))
    data["deal"]["players"][0] = 999
    with pytest.raises(ValueError):
        table_from_data(CASH, data)


def test_voiding_a_hand_keeps_the_stacks_and_lets_leavers_go() -> None:
    table = Table(TableRules("NT", Stakes(5, 10)))
    for player in (1, 2, 3):
        table.sit(player, buy_in=500)
    assert table.can_deal
    hand = table.start_hand(random.Random(1))
    assert not table.can_deal
    table.leave(2)
    play_randomly(hand, random.Random(1))
    cash_outs = table.void_hand()
    assert [(c.player, c.amount) for c in cash_outs] == [(2, 500)]
    assert {s.player: s.stack for s in table.seats.values()} == {1: 500, 3: 500}
    assert table.ledger.bought_in == table.chips_in_play + table.ledger.cashed_out
    with pytest.raises(TableError):
        table.void_hand()
    assert table.can_deal
    table.sit_out(3)
    assert not table.can_deal
