"""The 83 hands of the 2023 WSOP $50,000 Poker Players Championship final table
replay through the engine and end with the recorded stacks.

Nine variants: NT, PO, FT, FO/8 and the stud and draw games F7S, F7S/8, FR,
N2L1D, F2L3D. Hand 85 (Razz) is the short raise: the big stack raises by less
than a full raise because that puts the only opponent all in.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from engine.phh import load, replay
from engine.phh.replaying import ReplayResult

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "phh" / "wsop-2023-43-5"
HANDS = sorted(CORPUS.glob("*.phh"), key=lambda path: int(path.stem))

pytestmark = pytest.mark.skipif(not HANDS, reason=f"no PHH corpus at {CORPUS}")


def test_the_whole_final_table_is_there() -> None:
    assert len(HANDS) == 83


def replay_file(path: Path) -> ReplayResult:
    (history,) = load(path)
    return replay(history)


@pytest.mark.parametrize("path", HANDS, ids=lambda path: path.stem)
def test_hand_replays_to_the_recorded_stacks(path: Path) -> None:
    replayed = replay_file(path)
    assert replayed.ok, f"{replayed.action}: {replayed.error}"
    assert replayed.complete
    assert replayed.matches_recorded


def test_razz_hand_85_short_raise_puts_the_only_opponent_all_in() -> None:
    replayed = replay_file(CORPUS / "85.phh")
    assert replayed.matches_recorded
    hand = replayed.hand
    assert hand is not None
    # p2 raised 600,000 to 750,000: 150,000, a quarter of the big bet, all p1 had.
    raises = [a for p, a in hand.actions if p == 1 and getattr(a, "to", 0) == 750_000]
    assert raises
    assert hand.finishing_stacks == (0, 29_700_000)


def replay_actions(hand_number: int, actions: list[str]) -> ReplayResult:
    (history,) = load(CORPUS / f"{hand_number}.phh")
    return replay(dataclasses.replace(history, actions=tuple(actions)))


def actions_of(hand_number: int) -> list[str]:
    (history,) = load(CORPUS / f"{hand_number}.phh")
    return list(history.actions)


def replay_altered(hand_number: int, old: str, new: str) -> tuple[str | None, str | None]:
    actions = actions_of(hand_number)
    actions[actions.index(old)] = new
    replayed = replay_actions(hand_number, actions)
    return replayed.action, replayed.error


def test_the_replay_refuses_a_wrong_bring_in() -> None:
    # Hand 5 (stud): the lowest door card, p5's 3s, brings in.
    failed, error = replay_altered(5, "p5 pb", "p4 pb")
    assert failed == "p4 pb" and error is not None and "not your turn" in error


def test_the_replay_refuses_a_wrong_first_actor_on_fourth_street() -> None:
    # Hand 5: p4 shows Q-6 against p5's 9-3 and acts first.
    actions = actions_of(5)
    first = actions.index("p4 cc")
    actions[first], actions[first + 1] = "p5 cc", "p4 cc"
    replayed = replay_actions(5, actions)
    assert not replayed.ok and replayed.action == "p5 cc"


def test_the_replay_refuses_a_discard_of_a_card_not_held() -> None:
    # Hand 55 (2-7 triple draw): p1 holds QdJc8s7d5h.
    failed, error = replay_altered(55, "p1 sd QdJc", "p1 sd QdAs")
    assert failed == "p1 sd QdAs" and error is not None and "do not hold As" in error
