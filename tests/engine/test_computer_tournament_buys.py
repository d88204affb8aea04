"""The computer players' rule for rebuys and the add-on (engine.chips_to_buy)."""

from __future__ import annotations

from engine import chips_to_buy
from engine.tournament_extras import TournamentExtras

EXTRAS = TournamentExtras(rebuy_levels=3, add_on_price=50, add_on_chips=1500)


def buys(level: int, stack: int, *, taken: bool = False) -> tuple[str, ...]:
    return chips_to_buy(
        EXTRAS, level_index=level, stack=stack, starting_stack=1000, add_on_taken=taken
    )


def test_a_busted_or_short_computer_player_rebuys_in_the_rebuy_levels_only() -> None:
    assert buys(0, 0) == ("rebuy",)
    assert buys(1, 999) == ("rebuy",)
    assert buys(0, 1000) == ()  # just rebought at zero: not again at once
    assert buys(0, 2500) == ()
    assert buys(3, 0) == ()  # the rebuy levels are over: out, as anyone


def test_the_add_on_once_in_the_last_rebuy_level_after_a_rebuy_if_busted() -> None:
    assert buys(2, 4000) == ("add_on",)
    assert buys(2, 0) == ("rebuy", "add_on")
    assert buys(2, 4000, taken=True) == ()
    assert buys(1, 4000) == ()  # not yet


def test_no_rebuys_no_purchase() -> None:
    plain = TournamentExtras()
    none = chips_to_buy(plain, level_index=0, stack=0, starting_stack=1000, add_on_taken=False)
    assert none == ()
