"""engine.fast_frozen: records built quickly are the records the class builds."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass

import pytest

from engine.fast_frozen import fast_constructor


@dataclass(frozen=True, slots=True)
class Offer:
    player: int
    phase: str
    amount: int = 0
    choices: tuple[int, ...] = ()


def test_a_fast_record_equals_the_class_built_one_and_stays_frozen() -> None:
    make = fast_constructor(Offer)
    offer = make(2, "betting", amount=40)
    assert offer == Offer(2, "betting", 40) and type(offer) is Offer
    assert hash(offer) == hash(Offer(2, "betting", 40))
    with pytest.raises(FrozenInstanceError):
        offer.amount = 50  # type: ignore[misc]


def test_named_fields_are_positional_and_the_rest_fixed_or_default() -> None:
    betting = fast_constructor(Offer, fields=("player", "amount"), fixed={"phase": "betting"})
    assert betting(1, 30) == Offer(1, "betting", 30, ())
    with pytest.raises(TypeError):
        betting(1, amount=30)  # positional only: no matching of names per call


@pytest.mark.parametrize(
    ("fields", "fixed", "why"),
    [
        (("player", "amount"), {}, "phase needs a value"),
        (("player", "stake"), {"phase": "x"}, "no field stake"),
        (("player",), {"player": 1, "phase": "x"}, "either a parameter or fixed"),
    ],
)
def test_a_constructor_that_could_not_fill_the_record_is_refused(
    fields: tuple[str, ...], fixed: dict[str, object], why: str
) -> None:
    with pytest.raises(TypeError, match=why):
        fast_constructor(Offer, fields=fields, fixed=fixed)


def test_only_frozen_slotted_dataclasses_are_accepted() -> None:
    @dataclass(frozen=True)
    class NoSlots:
        x: int

    with pytest.raises(TypeError, match="frozen dataclass with slots"):
        fast_constructor(NoSlots)
