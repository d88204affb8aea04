"""Mixed-game rotations switch game at the right moment."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from engine.rotation import HORSE, HOSE, PPC_2023, ROTATIONS, Rotation, game_stakes, passes_seat
from engine.stakes import AnteKind
from engine.variants import VARIANTS, BettingStructure

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "phh" / "wsop-2023-43-5"


def test_horse_and_hose_are_the_seed_s_games_in_order() -> None:
    """Seed: H Hold'em, O Omaha hi/lo, R Razz, S Stud, E Stud hi/lo eight or
    better, limit only; H.O.S.E. leaves out Razz."""
    assert HORSE.codes == ("FT", "FO/8", "FR", "F7S", "F7S/8")
    assert HOSE.codes == ("FT", "FO/8", "F7S", "F7S/8")
    for rotation in (HORSE, HOSE):
        assert {v.betting for v in rotation.variants} == {BettingStructure.FIXED_LIMIT}


def test_the_ppc_mix_has_the_nine_games() -> None:
    assert sorted(PPC_2023.codes) == sorted(
        ("NT", "PO", "FT", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D")
    )
    assert PPC_2023.max_players == 6  # the draw games seat six
    assert set(ROTATIONS.values()) == {HORSE, HOSE, PPC_2023}


@pytest.mark.skipif(not CORPUS.exists(), reason="no PHH corpus")
def test_the_ppc_mix_deals_in_the_order_of_the_2023_final_table() -> None:
    hands = sorted(CORPUS.glob("*.phh"), key=lambda path: int(path.stem))
    played: list[str] = []
    for path in hands:
        with path.open("rb") as file:
            code = tomllib.load(file)["variant"]
        if not played or played[-1] != code:
            played.append(code)
    expected = [PPC_2023.variant(k).code for k in range(len(played))]
    assert played == expected


def test_switching_after_each_orbit_of_the_button() -> None:
    # Six players: six hands of each game, then the next; after Stud hi-lo, Hold'em again.
    codes = [HORSE.variant_for_hand(k, players=6).code for k in range(32)]
    assert codes[:6] == ["FT"] * 6
    assert codes[6:12] == ["FO/8"] * 6
    assert codes[24:30] == ["F7S/8"] * 6
    assert codes[30:32] == ["FT"] * 2


def test_switching_every_n_hands() -> None:
    every_eight = HORSE.every(8)
    assert [every_eight.variant_for_hand(k).code for k in (0, 7, 8, 15, 16, 39, 40)] == [
        "FT",
        "FT",
        "FO/8",
        "FO/8",
        "FR",
        "F7S/8",
        "FT",
    ]


def test_orbits_without_a_player_count_are_refused() -> None:
    with pytest.raises(ValueError):
        HORSE.variant_for_hand(3)
    with pytest.raises(ValueError):
        Rotation("nothing", ())
    with pytest.raises(ValueError):
        Rotation("unknown", ("XYZ",))


def test_the_button_passing_its_starting_seat_completes_the_orbit() -> None:
    assert not passes_seat(0, 0, 1, 6)
    assert passes_seat(0, 5, 0, 6)
    assert passes_seat(2, 1, 3, 6)  # jumps over an empty seat 2
    assert not passes_seat(0, 3, 3, 6)  # the button did not move


def test_a_table_switches_game_when_the_button_completes_its_orbit() -> None:
    """Hand by hand, as a table with players coming and going would ask."""
    seats = 6
    position = HOSE.start(button=2)
    button = 2
    dealt: list[tuple[int, str]] = []
    occupied = [0, 1, 2, 3, 4, 5]
    for _ in range(14):
        dealt.append((button, position.variant.code))
        if len(dealt) == 3:
            occupied.remove(5)  # a player leaves mid-orbit
        following = min((s for s in occupied if s > button), default=min(occupied))
        position = position.after_hand(button_before=button, button_after=following, seats=seats)
        button = following
    # Hold'em from seat 2 round to seat 1 (seat 5 emptied on the way): five hands.
    assert dealt[:5] == [(2, "FT"), (3, "FT"), (4, "FT"), (0, "FT"), (1, "FT")]
    assert dealt[5] == (2, "FO/8")
    assert [code for _, code in dealt[5:10]] == ["FO/8"] * 5
    assert dealt[10] == (2, "F7S")


def test_a_table_switching_every_n_hands_counts_hands_not_orbits() -> None:
    position = HORSE.every(3).start(button=0)
    codes = []
    for button in range(7):
        codes.append(position.variant.code)
        position = position.after_hand(button_before=button, button_after=button + 1, seats=9)
    assert codes == ["FT", "FT", "FT", "FO/8", "FO/8", "FO/8", "FR"]


@pytest.mark.skipif(not CORPUS.exists(), reason="no PHH corpus")
@pytest.mark.parametrize(
    ("hand", "small_bet"), [(12, 200_000), (27, 200_000), (34, 200_000), (55, 250_000)]
)
def test_the_mix_stakes_are_the_ppc_final_table_s_where_it_played_blinds(
    hand: int, small_bet: int
) -> None:
    """The PPC's limit games with blinds (Omaha hi-lo, Hold'em, 2-7 triple draw)
    had blinds of half the small bet and the small bet, and its Pot-limit
    Omaha a quarter and a half of the limit games' small bet with a big-blind
    ante of the big blind: the stakes a mixed table derives from one level."""
    with (CORPUS / f"{hand}.phh").open("rb") as file:
        recorded = tomllib.load(file)
    stakes = game_stakes(VARIANTS[recorded["variant"]], small_bet // 2, small_bet)
    small_blind, big_blind = recorded["blinds_or_straddles"][:2]
    assert (stakes.small_blind, stakes.big_blind) == (small_blind, big_blind)
    if recorded["variant"] == "PO":
        assert (stakes.ante_kind, stakes.ante) == (AnteKind.BIG_BLIND, recorded["antes"][1])
        assert stakes.smallest_bet == recorded["min_bet"]
    else:
        assert not any(recorded["antes"]) and stakes.ante == 0
        assert (stakes.fixed_small_bet, stakes.fixed_big_bet) == (
            recorded["small_bet"],
            recorded["big_bet"],
        )
