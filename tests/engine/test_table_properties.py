"""Many random hands at tables where players come and go: chips are never made
or lost, and the blinds go round fairly."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.button import Entry
from engine.errors import TableError
from engine.hand import Rake
from engine.stakes import AnteKind, BlindLevel, BlindSchedule, Stakes
from engine.table import MissedBlinds, Table, TableRules
from engine.variants import VARIANTS
from tests.engine.dealing import play_randomly

CODES = ["NT", "PT", "FT", "ST", "PO", "FO/8", "NS", "NP", "NCP", "NR"]


def random_config(rng: random.Random, code: str) -> TableRules:
    game = VARIANTS[code]
    big_blind = rng.choice([2, 10, 50])
    ante_kind = rng.choice(list(AnteKind))
    ante = 0 if ante_kind is AnteKind.NONE else rng.randint(1, big_blind)
    big_bet_game = code[0] in "NP"
    stakes = Stakes(
        big_blind // 2, big_blind, ante, ante_kind, straddle=big_bet_game and rng.random() < 0.5
    )
    return TableRules(
        code,
        stakes,
        seats=rng.randint(2, min(10, game.max_players)),
        rake=Rake(500, 3 * big_blind) if rng.random() < 0.5 else None,
        missed_blinds=rng.choice(list(MissedBlinds)),
    )


def shuffle_the_seats(table: Table, rng: random.Random, next_player: list[int]) -> None:
    """Between hands (or during one), players do what players do."""
    config = table.rules
    for _ in range(rng.randint(0, 3)):
        seated = [seat.player for seat in table.seats.values()]
        roll = rng.random()
        try:
            if roll < 0.3 or len(seated) < 2:
                next_player[0] += 1
                low, high = config.minimum_buy_in, config.maximum_buy_in
                table.sit(
                    next_player[0],
                    rng.choice([None, *range(1, config.seats + 1)]),
                    buy_in=rng.randint(low, high),
                    missed_blinds=rng.choice([None, *MissedBlinds]),
                )
            elif roll < 0.45:
                table.leave(rng.choice(seated))
            elif roll < 0.6:
                table.sit_out(rng.choice(seated))
            elif roll < 0.8:
                table.sit_in(rng.choice(seated), rng.choice([None, *MissedBlinds]))
            elif roll < 0.9:
                table.top_up(rng.choice(seated), rng.randint(1, config.maximum_buy_in))
            else:
                table.choose_straddle(rng.choice(seated), rng.random() < 0.5)
        except TableError:
            pass  # refused, the table unchanged


def conserved(table: Table) -> bool:
    ledger = table.ledger
    return table.chips_in_play + ledger.rake + ledger.cashed_out == ledger.bought_in


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), code=st.sampled_from(CODES))
def test_chips_are_conserved_and_the_blinds_go_round(seed: int, code: str) -> None:
    rng = random.Random(seed)
    table = Table(random_config(rng, code))
    next_player = [0]
    last_big_blind = None
    for _ in range(40):
        shuffle_the_seats(table, rng, next_player)
        assert conserved(table)
        plan = table.next_hand_plan()
        ready = {seat for seat, entry in table._playing().items() if entry is Entry.READY}
        try:
            hand = table.start_hand(rng)
        except TableError as refusal:
            assert refusal.key == "not_enough_players"
            continue
        deal = table.deal
        assert deal is not None
        if plan is not None:
            # Everyone who owes nothing plays; the big blind moved on.
            assert ready <= set(deal.seats)
            assert deal.players[deal.plan.big_blind_index] != last_big_blind
        last_big_blind = deal.players[deal.plan.big_blind_index]
        assert deal.seats[-1] == deal.button_seat or deal.button_seat not in deal.seats
        if rng.random() < 0.3:
            shuffle_the_seats(table, rng, next_player)  # during the hand
        play_randomly(hand, rng)
        assert sum(hand.stacks) + hand.rake_taken == sum(hand.setup.starting_stacks)
        result = table.finish_hand(hand)
        assert conserved(table)
        for player in result.busted:
            if table.is_seated(player):
                assert table.seat_of(player).busted
        assert all(seat.stack > 0 or seat.busted for seat in table.seats.values())


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 9))
def test_a_tournament_plays_down_to_one_winner_with_every_place_given(
    seed: int, players: int
) -> None:
    rng = random.Random(seed)
    rising = [BlindLevel(b, 2 * b, ante=2 * b, hands=5) for b in (25, 50, 100, 200, 400, 800)]
    schedule = BlindSchedule((*rising, BlindLevel(2000, 4000, ante=4000)))
    table = Table(TableRules("NT", schedule=schedule, starting_stack=3000, seats=9))
    for player in range(1, players + 1):
        table.sit(player)
    winner = None
    for _ in range(2000):
        table.advance_level_if_due()
        if rng.random() < 0.1:
            table.sit_out(rng.choice([seat.player for seat in table.seats.values()]))
        hand = table.start_hand(rng)
        assert table.deal is not None
        # Sitting out does not spare anyone in a tournament.
        assert len(table.deal.players) == len(table.seats)
        play_randomly(hand, rng)
        result = table.finish_hand(hand)
        assert table.chips_in_play == 3000 * players
        if result.winner is not None:
            winner = result.winner
            break
    assert winner is not None
    places = table.finishing_places
    assert set(places) == set(range(1, players + 1))
    assert places[winner] == 1
    assert list(places.values()).count(1) == 1
    assert all(1 <= place <= players for place in places.values())
