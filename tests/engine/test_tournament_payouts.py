"""A multi-table tournament's prizes add up to the pool, about 15 % of the
field is paid, and a deal by ICM (Malmuth-Harville, exact) or by chips
shares exactly what is left."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations
from math import ceil

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import RulesError
from engine.payouts import chip_chop, shared_prizes
from engine.tournament_payouts import (
    icm_deal,
    icm_equities,
    mtt_prizes,
    places_paid,
    prizes_by_weights,
)


@given(st.integers(0, 10**9), st.integers(2, 2000))
def test_the_prizes_add_up_to_the_pool_and_a_better_place_never_wins_less(
    pool: int, entrants: int
) -> None:
    paid = mtt_prizes(pool, entrants)
    assert sum(paid) == pool
    assert list(paid) == sorted(paid, reverse=True)
    assert len(paid) == places_paid(entrants) <= entrants


@given(st.integers(11, 5000))
def test_about_fifteen_percent_of_a_field_is_paid(entrants: int) -> None:
    assert places_paid(entrants) == ceil(entrants * 15 / 100)
    assert 0.15 <= places_paid(entrants) / entrants < 0.15 + 1 / entrants


def test_a_field_of_ninety_pays_fourteen_places_first_about_thirty_percent() -> None:
    paid = mtt_prizes(9000, 90)
    assert len(paid) == 14
    assert paid[0] == 2768  # 30.8 %: 1 / (1 + 1/2 + ... + 1/14)
    assert paid[-1] == 197  # about two buy-ins of 100
    assert paid[0] == 2 * paid[1] or paid[0] == 2 * paid[1] + 1


def test_the_odd_chips_of_the_rounding_go_to_the_best_places() -> None:
    assert prizes_by_weights(102, (50, 30, 20)) == (52, 30, 20)
    assert prizes_by_weights(10, (1, 1, 1)) == (4, 3, 3)


def test_the_organiser_gives_their_own_weights_but_never_a_rising_curve() -> None:
    assert prizes_by_weights(1000, (60, 25, 15)) == (600, 250, 150)
    with pytest.raises(ValueError, match="better place"):
        prizes_by_weights(1000, (25, 60, 15))
    with pytest.raises(ValueError, match="positive"):
        prizes_by_weights(1000, (60, 0))


def test_icm_the_worked_example_of_three_players() -> None:
    """5,000, 3,000 and 2,000 chips for prizes of 50, 30 and 20: the first
    player wins with chance 1/2, is second with chance 0.3 * 5/7 + 0.2 * 5/8
    and third otherwise, so 25 + 30 * 0.3393 + 20 * 0.1607 = 38.39."""
    equities = icm_equities((5000, 3000, 2000), (50, 30, 20))
    assert equities == (Fraction(1075, 28), Fraction(131, 4), Fraction(202, 7))
    assert [round(float(e), 2) for e in equities] == [38.39, 32.75, 28.86]
    assert icm_deal((5000, 3000, 2000), (50, 30, 20)) == (38, 33, 29)


def test_icm_is_worked_out_for_a_final_table_of_ten_at_most() -> None:
    assert sum(icm_deal([1000 + 137 * k for k in range(10)], mtt_prizes(10**5, 100))) == sum(
        mtt_prizes(10**5, 100)[:10]
    )
    with pytest.raises(ValueError, match="at most 10"):
        icm_equities([1000] * 11, (100,))


def test_icm_heads_up_is_second_prize_plus_the_difference_by_chips() -> None:
    assert icm_equities((3000, 1000), (700, 300)) == (Fraction(600), Fraction(400))


def _harville_by_every_order(stacks: tuple[int, ...], prizes: tuple[int, ...]) -> list[Fraction]:
    """The Malmuth-Harville equities summed over every finishing order, the
    slow way, to check the subset recursion against."""
    equities = [Fraction(0)] * len(stacks)
    paid = [*prizes[: len(stacks)], *[0] * (len(stacks) - len(prizes))]
    for order in permutations(range(len(stacks))):
        chance, chips = Fraction(1), sum(stacks)
        for player in order:
            chance *= Fraction(stacks[player], chips)
            chips -= stacks[player]
        for place, player in enumerate(order):
            equities[player] += chance * paid[place]
    return equities


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(1, 10**6), min_size=1, max_size=6),
    st.lists(st.integers(0, 10**5), min_size=1, max_size=8).map(
        lambda p: tuple(sorted(p, reverse=True))
    ),
)
def test_icm_is_exact_and_shares_exactly_the_prizes_left(
    stacks: list[int], prizes: tuple[int, ...]
) -> None:
    equities = icm_equities(stacks, prizes)
    assert list(equities) == _harville_by_every_order(tuple(stacks), prizes)
    assert sum(equities) == sum(prizes[: len(stacks)])
    deal = icm_deal(stacks, prizes)
    assert sum(deal) == sum(prizes[: len(stacks)])
    assert all(abs(share - equity) < 1 for share, equity in zip(deal, equities, strict=True))


@settings(max_examples=15, deadline=None)
@given(st.integers(2, 9), st.integers(1, 10**6))
def test_icm_gives_equal_stacks_equal_shares(players: int, stack: int) -> None:
    prizes = mtt_prizes(10_000, 30)[:players]
    assert len(set(icm_equities([stack] * players, prizes))) == 1


def test_a_deal_by_icm_or_by_chips_shares_the_same_prizes_differently() -> None:
    stacks, prizes = (60_000, 25_000, 15_000), (5000, 3000, 2000)
    by_chips = chip_chop(sum(prizes), stacks)
    by_icm = icm_deal(stacks, prizes)
    assert sum(by_chips) == sum(by_icm) == 10_000
    assert by_chips == (6000, 2500, 1500)
    # ICM gives the short stacks more than their chips: a place is worth
    # something even to the smallest stack.
    assert by_icm[2] > by_chips[2] and by_icm[0] < by_chips[0]


@given(st.integers(0, 10**6), st.integers(11, 300), st.data())
def test_players_sharing_places_share_their_prizes_and_nothing_else(
    pool: int, entrants: int, data: st.DataObject
) -> None:
    paid = mtt_prizes(pool, entrants)
    place = data.draw(st.integers(1, entrants))
    sharing = data.draw(st.integers(1, entrants - place + 1))
    shares = shared_prizes(paid, place=place, players=sharing)
    covered = sum(paid[p - 1] for p in range(place, place + sharing) if p <= len(paid))
    assert sum(shares) == covered


def test_the_organisers_percentages_pay_those_places_and_never_more_than_the_field() -> None:
    # 70 % and 30 % of 1,001: the odd chip to first place, as at a sit-and-go.
    assert mtt_prizes(1001, 12, (70, 30)) == (701, 300)
    # Three places for two entrants: the third place's share goes to the winner.
    assert mtt_prizes(100, 2, (50, 30, 20)) == (70, 30)
    assert mtt_prizes(1000, 30, (50, 30, 20)) == (500, 300, 200)
    with pytest.raises(RulesError):
        mtt_prizes(100, 12, (30, 70))
