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


def test_fields_left_out_take_their_defaults_and_a_missing_one_is_refused() -> None:
    make = fast_constructor(Offer)
    assert make(1, "betting") == Offer(1, "betting", 0, ())
    with pytest.raises(TypeError):
        make(1)  # phase has no default


def test_only_frozen_slotted_dataclasses_are_accepted() -> None:
    @dataclass(frozen=True)
    class NoSlots:
        x: int

    with pytest.raises(TypeError, match="frozen dataclass with slots"):
        fast_constructor(NoSlots)
