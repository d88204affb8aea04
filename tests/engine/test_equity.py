"""The equity calculator against exact enumeration.

Exact answers must equal, to the last bit of a fraction, what a plain Python
enumeration of every deal judged by :func:`engine.evaluation.evaluate` gives
(:mod:`tests.engine.equity_oracle`); simulated answers must fall within their
stated margin of the exact answer. No test here times anything: speed is
measured by ``python -m bench.equity``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from engine.cards import Card, parse_cards
from engine.equity import EquityResult, Range, equities, equity_vs_range
from tests.engine.equity_oracle import OracleHand, oracle_equities, oracle_vs_range


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def assert_exact(result: EquityResult, expected: Sequence[OracleHand]) -> None:
    assert result.exact
    assert result.margin == 0
    assert len(result.hands) == len(expected)
    for hand, truth in zip(result.hands, expected, strict=True):
        assert hand.equity == pytest.approx(float(truth.equity), abs=1e-12)
        assert hand.win == pytest.approx(float(truth.win), abs=1e-12)
        assert hand.tie == pytest.approx(float(truth.tie), abs=1e-12)
        assert hand.half == pytest.approx(float(truth.half), abs=1e-12)


def assert_within_margin(simulated: EquityResult, exact: EquityResult) -> None:
    assert not simulated.exact and exact.exact
    for guess, truth in zip(simulated.hands, exact.hands, strict=True):
        assert guess.margin > 0
        for field in ("equity", "win", "tie", "half"):
            error = abs(getattr(guess, field) - getattr(truth, field))
            assert error <= guess.margin, (field, getattr(guess, field), getattr(truth, field))


# Every game the calculator deals with, on a street small enough for the oracle.
EXACT_CASES = [
    pytest.param("NT", ["AhKh", "QsQd"], "Jh Th 2c", "", id="holdem-flop-heads-up"),
    pytest.param("NT", ["AsAd", "KsKd", "7h8h"], "Ac Kc 2h 9h", "3h", id="holdem-turn-3-way-dead"),
    pytest.param("NT", ["AsKd", "AhKc"], "2c 3d 4h 9s 9d", "", id="holdem-river-split"),
    pytest.param("NS", ["AsKs", "JdJc"], "Qs Ts 6h", "", id="short-deck-flop"),
    pytest.param("NR", ["AsKs", "QdQc"], "Js Th Ad", "", id="royal-flop"),
    pytest.param("NP", ["9s9c", "AhQd"], "Qc 8h 2s", "", id="pineapple-after-discard"),
    pytest.param("PO", ["AsKsQhJh", "8c8d7c6d"], "8h 9s Ts 2c", "", id="omaha-turn"),
    pytest.param("PO/8", ["As2s3d4d", "KhKdQcJc"], "5c 6h Kc 7d", "", id="omaha-hi-lo-turn"),
    pytest.param(
        "FO/8", ["Ad2d9s9h", "3c4cKsKh", "AcQdJd5h"], "6s 7h 8d Qs", "", id="omaha-8-3way"
    ),
    pytest.param("FCP/8", ["Ah3d", "KcKd", "2c4h"], "5s 8c Ks Tc", "", id="crazy-pineapple-hi-lo"),
    pytest.param("F7S", ["AsAd9c4h5c6d", "KsKdKh2c3h7s"], "", "", id="stud-sixth"),
    pytest.param("F7S/8", ["As2d3c9h8c6d", "KsKdQh4c7h7s"], "", "5h", id="stud-hi-lo-sixth"),
    pytest.param("FR", ["As2d3c9h8c6d", "Ks4d5h6c7hTs"], "", "", id="razz-sixth"),
]


@pytest.mark.parametrize(("code", "hands", "board", "dead"), EXACT_CASES)
def test_exact_answers_equal_plain_enumeration(
    code: str, hands: list[str], board: str, dead: str
) -> None:
    known = [cards(hand) for hand in hands]
    result = equities(code, known, cards(board), cards(dead))
    assert_exact(result, oracle_equities(code, known, cards(board), cards(dead)))


def test_a_stud_table_that_runs_out_of_cards_deals_a_common_card() -> None:
    # Eight players with six cards each leave four unseen cards: the seventh is
    # one card for everyone, face up in the middle.
    deck = list(Card(code) for code in range(52))
    rng = random.Random(3)
    rng.shuffle(deck)
    hands = [deck[6 * i : 6 * i + 6] for i in range(8)]
    result = equities("F7S", hands)
    assert result.exact and result.deals == 4
    assert_exact(result, oracle_equities("F7S", hands, hole=6, board_size=1))


def test_a_stud_common_card_already_dealt_is_the_board() -> None:
    hands = [cards("AsAd9c4h5c6d"), cards("KsKdKh2c3h7s")]
    result = equities("F7S", hands, cards("Qc"))
    assert_exact(result, oracle_equities("F7S", hands, cards("Qc"), hole=6, board_size=1))


def test_the_river_leaves_nothing_to_chance() -> None:
    result = equities("NT", [cards("AsAd"), cards("KsKd")], cards("Ac Kc 2h 7d 9s"))
    assert result.exact and result.deals == 1
    assert [hand.win for hand in result.hands] == [1.0, 0.0]


def test_hi_lo_halves_and_scoops_are_told_apart() -> None:
    # On this river the ace-deuce takes the low, queens and jacks the high: half each.
    split = equities("PO/8", [cards("As2s3d4d"), cards("KhKdQcJc")], cards("5c 6h 8c Qs Js"))
    assert [(h.half, h.scoop, h.tie, h.equity) for h in split.hands] == [(1, 0, 1, 0.5)] * 2
    # No low possible (three cards above eight): the best high scoops.
    scoop = equities("PO/8", [cards("As2s3d4d"), cards("KhKdQcJc")], cards("9c Th Kc 7d Ts"))
    assert [(h.scoop, h.half, h.equity) for h in scoop.hands] == [(0, 0, 0), (1, 0, 1)]
    # Two identical lows quarter the pot: a share, but neither a half nor a scoop.
    quartered = equities("F7S/8", [cards("As2d3c4h6c9d9s"), cards("Ah2c3d4s6dKsKd")])
    assert [(h.equity, h.half, h.scoop) for h in quartered.hands] == [(0.25, 0, 0), (0.75, 0, 0)]


def test_a_hand_with_missing_cards_gets_random_ones() -> None:
    # One known card of a Hold'em hand: the other is any unseen card.
    result = equities("NT", [cards("As"), cards("KsKd")], cards("Ac Kc 2h 7d"))
    assert_exact(result, oracle_equities("NT", [cards("As"), cards("KsKd")], cards("Ac Kc 2h 7d")))


@pytest.mark.parametrize(
    ("code", "hands", "dead"),
    [
        pytest.param("NT", ["AsAd", "KhKc", "7d8d"], "", id="holdem-3-way"),
        pytest.param("NT", ["Ah5h", "KhQh"], "2h 9c", id="holdem-same-suit-dead-cards"),
        pytest.param("NT", ["AsAd", "AhAc"], "", id="holdem-four-aces"),
        pytest.param("NS", ["AsKs", "9h9d", "7c8c"], "", id="short-deck-3-way"),
        pytest.param(
            "PO", ["AsKsQhJh", "8c8d7c6d", "AhAd2s3s"], "9h 9c Ts Tc", id="omaha-3-way-dead"
        ),
        pytest.param(
            "PO/8",
            ["As2s3d4d", "KhKdQcJc", "Ac2c5h6h", "7s8s9dTd"],
            "Jh Js Qd",
            id="omaha-hi-lo-4-way-dead",
        ),
    ],
)
def test_preflop_is_exact_and_equals_counting_every_board(
    code: str, hands: list[str], dead: str
) -> None:
    """Before the flop with every hand known (Hold'em, Omaha), the calculator
    counts boards by classes; asking the same question with the other hands as
    one-combination ranges makes it deal out every board one by one instead."""
    known = [cards(hand) for hand in hands]
    by_classes = equities(code, known, dead=cards(dead))
    assert by_classes.exact
    every_board = equity_vs_range(
        code, known[0], [Range([hand]) for hand in known[1:]], dead=cards(dead), exact=True
    )
    assert every_board.exact
    assert by_classes.deals == every_board.deals
    for mine, truth in zip(by_classes.hands, every_board.hands, strict=True):
        assert mine.equity == pytest.approx(truth.equity, abs=1e-12)
        assert mine.win == pytest.approx(truth.win, abs=1e-12)
        assert mine.tie == pytest.approx(truth.tie, abs=1e-12)
        assert mine.half == pytest.approx(truth.half, abs=1e-12)


def test_preflop_three_way_is_simulated_within_its_margin_of_the_exact_answer() -> None:
    hands = [cards("AsAd"), cards("KhKc"), cards("7d8d")]
    simulated = equities("NT", hands, exact=False, rng=random.Random(2024))
    assert not simulated.exact
    assert simulated.margin <= 0.005  # the issue's ±0.5 %
    exact = equities("NT", hands)
    assert exact.exact and exact.deals == 1_370_754
    assert_within_margin(simulated, exact)


@pytest.mark.parametrize(
    ("code", "hands", "board"),
    [
        pytest.param("NT", ["AhKh", "QsQd"], "Jh Th 2c", id="holdem-flop"),
        pytest.param("PO/8", ["As2s3d4d", "KhKdQcJc"], "5c 6h Kc", id="omaha-hi-lo-flop"),
        pytest.param("F7S", ["AsAd9c4h5c", "KsKdKh2c3h"], "", id="stud-fifth"),
    ],
)
def test_simulation_falls_within_its_margin(code: str, hands: list[str], board: str) -> None:
    known = [cards(hand) for hand in hands]
    exact = equities(code, known, cards(board), exact=True)
    simulated = equities(
        code, known, cards(board), exact=False, max_samples=20_000, rng=random.Random(7)
    )
    assert simulated.deals <= 20_000
    assert_within_margin(simulated, exact)


def test_the_same_seed_gives_the_same_answer_and_another_seed_another() -> None:
    hands = [cards("AsKd"), cards("QhQc")]
    first = equities("NT", hands, rng=random.Random(5), max_samples=5_000)
    again = equities("NT", hands, rng=random.Random(5), max_samples=5_000)
    other = equities("NT", hands, rng=random.Random(6), max_samples=5_000)
    assert first == again
    assert first != other
    assert equities("NT", hands, max_samples=5_000) == equities("NT", hands, max_samples=5_000)


def test_a_time_budget_stops_the_simulation_on_the_callers_clock() -> None:
    now = [0.0]

    def clock() -> float:
        now[0] += 1.0  # every reading a second later
        return now[0]

    result = equities(
        "NT",
        [cards("AsKd"), cards("QhQc")],
        exact=False,
        time_budget=0.5,
        clock=clock,
        target_margin=None,
    )
    assert not result.exact
    assert result.deals == 256  # one small first batch, then the clock says stop
    with pytest.raises(ValueError, match="clock"):
        equities("NT", [cards("AsKd"), cards("QhQc")], time_budget=0.5)


def test_equity_against_a_weighted_range_is_exact_on_the_turn() -> None:
    hero = cards("AhKh")
    combos = [
        (cards("QsQd"), 1.0),
        (cards("JcJd"), 2.0),
        (cards("Ah2h"), 1.0),  # holds the hero's ace: impossible, left out
        (cards("Th9h"), 0.5),  # holds the board's ten: impossible too
    ]
    board = cards("Jh Th 2c 5s")
    villain = Range({tuple(combo): weight for combo, weight in combos})
    result = equity_vs_range("NT", hero, [villain], board)
    assert result.deals == 2 * 44
    truth = oracle_vs_range("NT", hero, combos, board)
    assert_exact(result, truth)


def test_equity_against_a_random_hand_on_the_river_is_exact() -> None:
    hero, board = cards("AhKh"), cards("Jh Th 2c 5s 9d")
    result = equity_vs_range("NT", hero, 1, board)
    assert result.exact and result.deals == 990
    every = [(combo, 1.0) for combo in _all_two_card_hands()]
    assert_exact(result, oracle_vs_range("NT", hero, every, board))


def _all_two_card_hands() -> list[list[Card]]:
    from itertools import combinations

    return [list(pair) for pair in combinations([Card(code) for code in range(52)], 2)]


def test_equity_against_ranges_is_simulated_within_its_margin() -> None:
    hero, board = cards("AhKh"), cards("Jh Th 2c")
    villain = Range([cards(c) for c in ("QsQd", "JcJd", "Th9h", "AcQc", "KsKc")], [1, 2, 0.5, 1, 1])
    exact = equity_vs_range("NT", hero, [villain], board, exact=True)
    simulated = equity_vs_range(
        "NT", hero, [villain], board, exact=False, max_samples=20_000, rng=random.Random(1)
    )
    assert_within_margin(simulated, exact)


def test_two_ranges_never_hold_the_same_card() -> None:
    # Of these combinations only AsKs with QsJs share no card: every deal has them.
    first = Range([cards("AsKs"), cards("AsQs")])
    second = Range([cards("AsKs"), cards("KsQs"), cards("QsJs")])
    board = cards("3h 4h 5h")
    known = equities("NT", [cards("2c2d"), cards("AsKs"), cards("QsJs")], board)
    exact = equity_vs_range("NT", cards("2c2d"), [first, second], board, exact=True)
    for hand, truth in zip(exact.hands, known.hands, strict=True):
        assert hand.equity == pytest.approx(truth.equity, abs=1e-12)
        assert (hand.win, hand.tie) == pytest.approx((truth.win, truth.tie), abs=1e-12)
    sampled = equity_vs_range(
        "NT", cards("2c2d"), [first, second], board, exact=False, rng=random.Random(4)
    )
    assert_within_margin(sampled, exact)


def test_stud_opponents_show_their_up_cards() -> None:
    # Seventh street: the hero knows all seven of its cards, of the opponent only
    # the four up cards; the opponent's three down cards are unseen.
    hero, showing = cards("AsAd9c4h5c6dTh"), cards("KsKd2c3h")
    exact = equity_vs_range("F7S", hero, [showing])
    assert exact.deals == 10_660  # three of the 41 unseen cards
    assert_exact(exact, oracle_equities("F7S", [hero, showing]))
    simulated = equity_vs_range(
        "F7S", hero, [showing], exact=False, rng=random.Random(9), max_samples=20_000
    )
    assert_within_margin(simulated, exact)


def test_against_several_random_hands() -> None:
    result = equity_vs_range("NT", cards("AsAh"), 4, rng=random.Random(11), max_samples=40_000)
    assert len(result.hands) == 5 and not result.exact
    # Pocket aces against four random hands: 55.9 % (published tables).
    assert abs(result.hands[0].equity - 0.559) <= result.hands[0].margin
    assert sum(hand.equity for hand in result.hands) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: equities("F5D", [cards("AsKsQsJsTs"), cards("2c3c4c5c7d")]), "draw game"),
        (lambda: equities("NDB", [cards("AsKs"), cards("2cQd")]), "deals 2"),
        (lambda: equities("NDBA", [cards("AsKs"), cards("2cQd")]), "deals 2"),
        (lambda: equities("NT", [cards("AsKs"), cards("AsQd")]), "As appears twice"),
        (lambda: equities("NS", [cards("AsKs"), cards("2cQd")]), "not in the deck"),
        (lambda: equities("NT", [cards("AsKsQs"), cards("2cQd")]), "holds 2"),
        (lambda: equities("NP", [cards("AsKsQs"), cards("2cQd")]), "after the discard"),
        (lambda: equities("NT", [cards("AsKs")], cards("2c3c4c5c6c7c")), "5 cards at most"),
        (lambda: equities("XX", [cards("AsKs")]), "no game"),
        (lambda: equities("NT", []), "no hands"),
        (lambda: equities("NT", [[1, 2]]), "not a card"),  # type: ignore[list-item]
        (lambda: equities("NT", [cards("AsKs")] * 1, max_samples=0), "at least one"),
        (
            lambda: equity_vs_range("NT", cards("AsKs"), [Range([cards("AsQs")])]),
            "No hand in the range",
        ),
        (lambda: equity_vs_range("NT", cards("AsKs"), [Range([cards("QsJsTs")])]), "2 cards"),
        (lambda: Range([cards("AsAs")]), "twice"),
        (lambda: equity_vs_range("NT", cards("AsKs"), [Range([])]), "No hand in the range"),
        (lambda: Range([cards("AsKs")], [-1.0]), "not negative"),
        (lambda: equity_vs_range("NT", cards("AsKs"), 0), "at least one opponent"),
        (
            lambda: equity_vs_range(
                "NT", cards("2c2d"), [Range([cards("AhKh")]), Range([cards("AhQh")])]
            ),
            "never fit together",
        ),
        (
            lambda: equity_vs_range(
                "NT", cards("2c2d"), [Range([cards("AhKh")]), Range([cards("AhQh")])], exact=True
            ),
            "no possible deal",
        ),
        (lambda: equity_vs_range("NT", cards("AsKs"), 30), "not enough unseen cards"),
    ],
)
def test_bad_questions_get_a_clear_refusal(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


def test_one_hand_alone_wins_everything() -> None:
    result = equities("NT", [cards("7c2d")], cards("As Ks Qs"))
    assert result.hands[0].win == 1 and result.hands[0].equity == 1


def test_shares_of_all_hands_add_up_to_the_pot() -> None:
    hands = [cards("Ad2d9s9h"), cards("3c4cKsKh"), cards("AcQdJd5h")]
    result = equities("FO/8", hands, cards("6s7h8d"))
    assert sum(hand.equity for hand in result.hands) == pytest.approx(1.0, abs=1e-12)


def test_no_clock_and_no_global_random_state_is_touched(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    import numpy as np

    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("the engine read a clock or global random state")

    for module, names in (
        (time, ("time", "perf_counter", "monotonic", "process_time", "time_ns")),
        (random, ("random", "randrange", "randint", "shuffle", "sample", "choice", "getrandbits")),
        (np.random, ("random", "randint", "choice", "shuffle", "permutation", "seed")),
    ):
        for name in names:
            monkeypatch.setattr(module, name, forbidden)
    hands = [cards("AsKd"), cards("QhQc")]
    assert not equities("NT", hands, max_samples=3_000).exact
    assert not equity_vs_range("PO", cards("AsAhKd7c"), 2, max_samples=3_000).exact
    assert equities("NT", hands, cards("2c 7d 9h")).exact


@pytest.mark.parametrize("code", ["NT", "NS", "NR", "PO", "PO/8", "FCP/8", "F7S", "F7S/8", "FR"])
def test_random_spots_in_every_game_equal_plain_enumeration(code: str) -> None:
    """Seeded random spots with one or two cards to come (dead cards keep the
    plain enumeration small), two or three players."""
    from engine.variants import VARIANTS

    variant = VARIANTS[code]
    rng = random.Random(f"spots/{code}")
    stud = code in ("F7S", "F7S/8", "FR")
    for _ in range(3):
        players = rng.choice((2, 3))
        deck = list(variant.deck.cards)
        rng.shuffle(deck)
        hole = 6 if stud else variant.hole_card_count
        hands = [deck[i * hole : (i + 1) * hole] for i in range(players)]
        rest = deck[players * hole :]
        board = [] if stud else rest[: rng.choice((3, 4))]
        rest = rest[len(board) :]
        unseen = 8 if stud else 14
        dead = rest[: max(0, len(rest) - unseen)]
        result = equities(code, hands, board, dead)
        assert_exact(result, oracle_equities(code, hands, board, dead))
