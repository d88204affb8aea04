"""The payout table shares out every chip of a prize pool, never more."""

from hypothesis import given
from hypothesis import strategies as st

from engine.payouts import chip_chop, payout_percentages, prizes, shared_prizes


@given(st.integers(0, 10**9), st.integers(1, 10))
def test_the_prizes_add_up_to_the_pool_and_better_places_win_more(pool: int, entrants: int) -> None:
    paid = prizes(pool, entrants)
    assert sum(paid) == pool
    assert list(paid) == sorted(paid, reverse=True)
    assert len(paid) == len(payout_percentages(entrants)) <= entrants


@given(st.integers(0, 10**6), st.integers(1, 10), st.integers(1, 10), st.integers(1, 10))
def test_players_sharing_a_place_share_its_prizes_evenly(
    pool: int, entrants: int, place: int, players: int
) -> None:
    table = prizes(pool, entrants)
    shares = shared_prizes(table, place=place, players=players)
    covered = sum(table[p - 1] for p in range(place, place + players) if p <= len(table))
    assert sum(shares) == covered
    assert max(shares) - min(shares) <= 1


@given(st.integers(0, 10**6), st.lists(st.integers(1, 10**6), min_size=1, max_size=10))
def test_a_chip_chop_shares_the_pool_by_stacks(pool: int, stacks: list[int]) -> None:
    shares = chip_chop(pool, stacks)
    assert sum(shares) == pool
    for stack, share in zip(stacks, shares, strict=True):
        assert abs(share - pool * stack / sum(stacks)) < 1 + len(stacks)


def test_the_table_of_the_readme() -> None:
    assert [payout_percentages(n) for n in (2, 4, 5, 7, 8, 10)] == [
        (100,),
        (100,),
        (65, 35),
        (65, 35),
        (50, 30, 20),
        (50, 30, 20),
    ]
