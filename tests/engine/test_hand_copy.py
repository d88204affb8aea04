"""Hand.copy(): a twin with the same state, and acting on it leaves the original alone.

The runner tries every action on a copy before writing it to the log, so the
copy must be exact and independent, and cheap enough to take on every action.
"""

from __future__ import annotations

import random

import pytest

from engine.errors import IllegalAction
from engine.hand import Hand
from engine.variants import VARIANTS
from tests.engine.dealing import random_action
from tests.engine.hand_state import snapshot
from tests.engine.test_phh_round_trip import dealt_setup


@pytest.mark.parametrize("code", sorted(VARIANTS))
def test_a_copy_has_the_same_state_and_acting_on_it_changes_nothing_here(code: str) -> None:
    for seed in range(15):
        rng = random.Random(seed)
        hand = Hand(dealt_setup(VARIANTS[code], rng))
        while not hand.is_complete:
            twin = hand.copy()
            before = snapshot(hand)
            assert snapshot(twin) == before
            assert twin.events == hand.events and twin.actions == hand.actions
            player, action = random_action(hand, rng)
            try:
                twin.act(player, action)
            except IllegalAction:
                continue  # the random choice was refused: pick again on the next pass
            assert snapshot(hand) == before
            hand.act(player, action)
            assert snapshot(hand) == snapshot(twin)
