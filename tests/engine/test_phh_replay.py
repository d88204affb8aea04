"""Replaying hand histories: refusals name the action the rules forbid,
unknown cards are made real, and finishing stacks are compared honestly."""

import dataclasses
from decimal import Decimal

import pytest

from engine.phh import HandHistory, loads, replay
from engine.phh.hidden_cards import filler_order
from engine.variants import VARIANTS, Opening, Street

NO_LIMIT = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000]
"""

FIXED_LIMIT = """
variant = "FT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [200, 200, 200]
"""

DEAL = ["d dh p1 AsKs", "d dh p2 QhQd", "d dh p3 7c2d"]
PREFLOP_CALLED = ["p3 cc", "p1 cc", "p2 cc"]
# p1 and p2 check every street after the flop is dealt.
CHECKED_DOWN = ["d db 3h4h5h", "p1 cc", "p2 cc", "d db 9s", "p1 cc", "p2 cc", "d db Tc"]
CHECKED_DOWN += ["p1 cc", "p2 cc"]


def history(header: str, actions: list[str], **fields: object) -> HandHistory:
    text = header + f"actions = {actions!r}\n".replace("'", '"')
    for name, value in fields.items():
        text += f"{name} = {value!r}\n"
    return loads(text)


@pytest.mark.parametrize(
    ("header", "actions", "index", "reason"),
    [
        # p3 (first left of the big blind) is to act, not p1.
        (NO_LIMIT, [*DEAL, "p1 cc"], 3, "not your turn"),
        # The flop names the ace p1 holds.
        (NO_LIMIT, [*DEAL, "p3 cc", "p1 cc", "p2 cc", "d db As9h8h"], 6, "already dealt"),
        # Raising the big blind of 100 goes to at least 200.
        (NO_LIMIT, [*DEAL, "p3 cbr 150", "p1 f"], 3, "minimum raise is to 200"),
        # Fixed limit before the flop: a raise is to exactly 4.
        (FIXED_LIMIT, [*DEAL, "p3 cbr 5"], 3, "exactly to 4"),
        # Fixed limit on the turn: a bet is exactly the big bet.
        (
            FIXED_LIMIT,
            [
                *DEAL,
                *PREFLOP_CALLED,
                "d db 3h4h5h",
                "p1 cc",
                "p2 cc",
                "p3 cc",
                "d db 9s",
                "p1 cbr 2",
            ],
            11,
            "bet is exactly 4",
        ),
        # The flop while the first round of betting is still going.
        (NO_LIMIT, [*DEAL, "p3 cc", "d db 3h4h5h"], 4, "not expected"),
        # Hole cards for the wrong player, and twice for the same one.
        (NO_LIMIT, ["d dh p2 AsKs"], 0, "not expected"),
        (NO_LIMIT, [*DEAL, "d dh p1 3c3d"], 3, "not expected"),
        # A card dealt twice within the deal.
        (NO_LIMIT, ["d dh p1 AsAs"], 0, "twice"),
        (NO_LIMIT, ["d dh p1 AsKs", "d dh p2 KsQd"], 1, "already dealt"),
        # A show of cards the player was not dealt.
        (
            NO_LIMIT,
            [*DEAL, "p3 f", "p1 cbr 10000", "p2 cc", "p1 sm AsKs", "p2 sm QhQc"],
            7,
            "shows Qc",
        ),
        # The first hand at showdown cannot be mucked.
        (
            NO_LIMIT,
            [*DEAL, "p3 f", "p1 cc", "p2 cc", *CHECKED_DOWN, "p1 sm"],
            15,
            "cannot muck",
        ),
        # Notation the format does not know.
        (NO_LIMIT, [*DEAL, "p3 raise 300"], 3, "not an action"),
        (NO_LIMIT, ["d dh p1 AsKx"], 0, "not a card"),
        # A bet larger than the stack.
        (NO_LIMIT, [*DEAL, "p3 cbr 20000"], 3, "only 10000 chips"),
    ],
)
def test_a_forbidden_action_is_refused_at_its_index(
    header: str, actions: list[str], index: int, reason: str
) -> None:
    result = replay(history(header, actions))
    assert not result.ok
    assert result.action_index == index
    assert result.action == actions[index]
    assert reason.lower() in (result.error or "").lower()


def test_the_refusal_record_names_the_action() -> None:
    result = replay(history(NO_LIMIT, [*DEAL, "p3 cbr 150", "p1 f"]))
    assert result.record() == {
        "ok": False,
        "action_index": 3,
        "action": "p3 cbr 150",
        "error": "The minimum raise is to 200.",
    }


def test_a_hand_that_matches_its_record() -> None:
    actions = [*DEAL, "p3 f", "p1 cbr 300", "p2 f"]
    result = replay(history(NO_LIMIT, actions, finishing_stacks=[10100, 9900, 10000]))
    assert result.ok and result.complete
    assert result.finishing_stacks == (10100, 9900, 10000)
    assert result.matches_recorded is True
    assert result.record() == {
        "ok": True,
        "finishing_stacks": [10100, 9900, 10000],
        "matches_recorded": True,
    }
    wrong = replay(history(NO_LIMIT, actions, finishing_stacks=[10000, 10000, 10000]))
    assert wrong.ok and wrong.matches_recorded is False


def test_half_chips_match_within_one_chip_and_say_so() -> None:
    # p1 and p2 split 201 chips: the engine gives the odd chip to p1, the
    # record (PokerKit, as in the Pluribus files) divides exactly.
    header = NO_LIMIT.replace("antes = [0, 0, 0]", "antes = [0, 0, 1]")
    split = ["d dh p1 AsKs", "d dh p2 AhKd", "d dh p3 7c2d", "p3 f", "p1 cc", "p2 cc"]
    split += ["d db 3c4d9s", "p1 cc", "p2 cc", "d db Th", "p1 cc", "p2 cc", "d db Jc"]
    split += ["p1 cc", "p2 cc"]
    halves = replay(history(header, split, finishing_stacks=[10000.5, 10000.5, 9999]))
    assert halves.finishing_stacks == (10001, 10000, 9999)
    assert halves.ok and halves.matches_recorded is True
    assert halves.tolerance == 1
    assert halves.record()["tolerance"] == 1
    exact = replay(history(header, split, finishing_stacks=[10001, 10000, 9999]))
    assert exact.matches_recorded is True and exact.tolerance == 0
    assert "tolerance" not in exact.record()
    off = replay(history(header, split, finishing_stacks=[10002.5, 9998.5, 9999]))
    assert off.matches_recorded is False


def test_cents_are_replayed_in_whole_chips_and_reported_in_cents() -> None:
    header = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [0.10, 0.25, 0]
min_bet = 0.25
starting_stacks = [25, 54.75, 16.35]
"""
    result = replay(
        history(header, [*DEAL, "p3 cbr 0.75", "p1 f", "p2 f"], finishing_stacks=[24.9, 54.5, 16.7])
    )
    assert result.scale == 100
    assert result.hand is not None and result.hand.finishing_stacks == (2490, 5450, 1670)
    assert result.finishing_stacks == (Decimal("24.9"), Decimal("54.5"), Decimal("16.7"))
    assert result.matches_recorded is True
    assert result.record()["finishing_stacks"] == [24.9, 54.5, 16.7]


def test_a_history_that_stops_early_replays_without_finishing_stacks() -> None:
    result = replay(history(NO_LIMIT, [*DEAL, "p3 cc"]))
    assert result.ok and not result.complete
    assert result.finishing_stacks is None and result.matches_recorded is None
    assert result.record()["complete"] is False


def test_a_showdown_the_record_leaves_to_the_engine_is_finished() -> None:
    actions = [*DEAL, "p3 f", "p1 cbr 10000", "p2 cc", "d db 3h4h5h", "d db 9s", "d db Tc"]
    result = replay(history(NO_LIMIT, actions))
    assert result.ok and result.complete
    assert result.finishing_stacks == (0, 20000, 10000)  # queens hold


# ------------------------------------------------------------- unknown cards


def test_hidden_cards_take_the_cards_shown_later() -> None:
    actions = [
        "d dh p1 ????",
        "d dh p2 QhQd",
        "d dh p3 ????",
        "p3 f",
        "p1 cbr 10000",
        "p2 cc",
        "p1 sm AsAd",
        "p2 sm QhQd",
        "d db 3h4h5h",
        "d db 9s",
        "d db Tc",
    ]
    result = replay(history(NO_LIMIT, actions))
    assert result.ok and result.hand is not None
    assert [str(c) for c in result.hand.hole_cards[0]] == ["As", "Ad"]
    # p3 never shows: the cards come from those the record never names.
    named = {"As", "Ad", "Qh", "Qd", "3h", "4h", "5h", "9s", "Tc"}
    p3 = [str(c) for c in result.hand.hole_cards[2]]
    assert len(p3) == 2 and not set(p3) & named
    assert result.finishing_stacks == (20000, 0, 10000)


def test_a_hidden_card_shown_that_another_player_holds_is_refused_at_the_show() -> None:
    actions = [
        "d dh p1 ????",
        "d dh p2 QhQd",
        "d dh p3 7c2d",
        "p3 f",
        "p1 cbr 10000",
        "p2 cc",
        "p1 sm AsQh",
    ]
    result = replay(history(NO_LIMIT, actions))
    assert not result.ok and result.action_index == 6


def test_an_unseen_discard_throws_away_a_hidden_card() -> None:
    pineapple = """
variant = "NP"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
"""
    actions = [
        "d dh p1 ??????",
        "d dh p2 KsKh2c",
        "p1 sd ??",
        "p2 sd 2c",
        "p2 cbr 100",
        "p1 cc",
        "p1 sm AsAd",
        "p2 sm KsKh",
        "d db 3h4h5h",
        "d db 9s",
        "d db Tc",
    ]
    result = replay(history(pineapple, actions))
    assert result.ok, result.error
    assert result.hand is not None
    assert [str(c) for c in result.hand.hole_cards[0]] == ["As", "Ad"]
    assert result.finishing_stacks == (200, 0)


def test_a_show_of_unknown_cards_is_a_show() -> None:
    actions = [*DEAL[:2], "d dh p3 ????", "p3 cc", "p1 cc", "p2 cc"]
    actions += ["d db 3h4h5h", "p1 cc", "p2 cc", "p3 cc", "d db 9s", "p1 cc", "p2 cc", "p3 cc"]
    actions += ["d db Tc", "p1 cc", "p2 cc", "p3 cc", "p1 sm AsKs", "p2 sm QhQd", "p3 sm ????"]
    result = replay(history(NO_LIMIT, actions))
    assert result.ok and result.complete


def test_unknown_cards_never_make_their_player_the_bring_in() -> None:
    # Stud brings in the lowest up card: an unknown one becomes a high card.
    # Razz brings in the highest: an unknown one stays a low card.
    stud_street = Street("third", hole_down=2, hole_up=1, opening=Opening.LOW_CARD)
    razz_street = Street("third", hole_down=2, hole_up=1, opening=Opening.HIGH_CARD)
    stud = dataclasses.replace(VARIANTS["NT"], streets=(stud_street,))
    razz = dataclasses.replace(VARIANTS["NT"], streets=(razz_street,))
    assert str(filler_order(stud)[0]) == "As"
    assert str(filler_order(razz)[0]) == "2c"
    assert str(filler_order(VARIANTS["NT"])[0]) == "2c"
    assert str(filler_order(VARIANTS["NS"])[0]) == "6c"
