"""The 83 hands of the 2023 WSOP $50,000 Poker Players Championship final table
replay through the engine and end with the recorded stacks.

Nine variants: NT, PO, FT, FO/8 and the stud and draw games F7S, F7S/8, FR,
N2L1D, F2L3D. Hand 85 (Razz) is the short raise: the big stack raises by less
than a full raise because that puts the only opponent all in.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.stud_draw_replay import load, replay_file, replay_record

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "phh" / "wsop-2023-43-5"
HANDS = sorted(CORPUS.glob("*.phh"), key=lambda path: int(path.stem))

pytestmark = pytest.mark.skipif(not HANDS, reason=f"no PHH corpus at {CORPUS}")


def test_the_whole_final_table_is_there() -> None:
    assert len(HANDS) == 83


@pytest.mark.parametrize("path", HANDS, ids=lambda path: path.stem)
def test_hand_replays_to_the_recorded_stacks(path: Path) -> None:
    replayed = replay_file(path)
    assert replayed.error is None, f"{replayed.failed_action}: {replayed.error}"
    assert replayed.hand is not None and replayed.hand.is_complete
    assert list(replayed.hand.finishing_stacks) == replayed.expected_stacks


def test_razz_hand_85_short_raise_puts_the_only_opponent_all_in() -> None:
    replayed = replay_file(CORPUS / "85.phh")
    assert replayed.matches
    hand = replayed.hand
    assert hand is not None
    # p2 raised 600,000 to 750,000: 150,000, a quarter of the big bet, all p1 had.
    raises = [a for p, a in hand.actions if p == 1 and getattr(a, "to", 0) == 750_000]
    assert raises
    assert hand.finishing_stacks == (0, 29_700_000)


def replay_altered(hand_number: int, old: str, new: str) -> tuple[str | None, str | None]:
    record = load(CORPUS / f"{hand_number}.phh")
    actions = list(record["actions"])
    actions[actions.index(old)] = new
    replayed = replay_record({**record, "actions": actions})
    return replayed.failed_action, replayed.error


def test_the_replay_refuses_a_wrong_bring_in() -> None:
    # Hand 5 (stud): the lowest door card, p5's 3s, brings in.
    failed, error = replay_altered(5, "p5 pb", "p4 pb")
    assert failed == "p4 pb" and error is not None and "not your turn" in error


def test_the_replay_refuses_a_wrong_first_actor_on_fourth_street() -> None:
    # Hand 5: p4 shows Q-6 against p5's 9-3 and acts first.
    record = load(CORPUS / "5.phh")
    actions = list(record["actions"])
    first = actions.index("p4 cc")
    actions[first], actions[first + 1] = "p5 cc", "p4 cc"
    replayed = replay_record({**record, "actions": actions})
    assert replayed.failed_action == "p5 cc"


def test_the_replay_refuses_a_discard_of_a_card_not_held() -> None:
    # Hand 55 (2-7 triple draw): p1 holds QdJc8s7d5h.
    failed, error = replay_altered(55, "p1 sd QdJc", "p1 sd QdAs")
    assert failed == "p1 sd QdAs" and error is not None and "do not hold As" in error
