"""Differential tests against PokerKit 0.7.7 for the stud and draw games.

Random hands of F7S, F7S/8, FR, F5D, N2L1D, F2L3D and FB: both engines get the
same cards and the same random legal actions, must agree at every turn on who
acts and for how much, and must end with the same stacks. Where the engine
differs on purpose, the difference is named below with a sentence; the harness
(``stud_draw_oracle.py``) steers around it and reports which one it met, and a
hand that meets anything not named here fails.

Run more hands with ``pytest -m slow tests/engine/test_differential_stud_draw.py``.
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from dataclasses import dataclass
from typing import Final

import pokerkit as pk
import pytest

from tests.engine.stud_draw_oracle import DifferentialHand


@dataclass(frozen=True)
class Difference:
    """A deliberate difference from PokerKit: how the harness reports meeting
    it, and why the engine does it its own way."""

    key: str
    sentence: str


SHORT_RAISE_ALL_IN: Final = Difference(
    "short raise puts opponents all in",
    "A raise never needs to exceed what the opponents can still call: the engine's "
    "minimum raise stops at the largest opponent's stack and a short raise that puts "
    "every opponent all in is legal (Razz hand 85 of the 2023 PPC); PokerKit refuses "
    "it since 0.7.4, so the harness calls instead.",
)
NO_CAP_HEADS_UP: Final = Difference(
    "no cap heads-up",
    "Fixed limit allows one bet and three raises only while three or more players "
    "are in the hand: in Hold'em-style games for a round that begins with two, in "
    "stud only on the last round once two remain (seed 003, 'Letzte Wettrunde'); "
    "PokerKit caps every round, heads-up too, so the harness calls instead of a "
    "fifth bet.",
)
LIMIT_HALF_BET_ALL_IN: Final = Difference(
    "limit all-in of half a bet",
    "In limit an all-in raise of half a bet or more is a full raise that re-opens "
    "the betting (Robert's Rules of Poker, Betting and Raising; Poker TDA, limit); "
    "PokerKit lets the players who acted only call, so the harness calls.",
)
LIMIT_SHORT_ALL_IN_COMPLETED: Final = Difference(
    "limit completion of a short all-in",
    "In limit a player facing an all-in of less than half a bet completes it, to "
    "the last full bet plus one bet (Robert's Rules of Poker, Betting and Raising); "
    "PokerKit's smallest raise is a full bet above the all-in, so the harness calls "
    "where PokerKit refuses the completion.",
)
STUD_ODD_CHIP_BY_CARD: Final = Difference(
    "stud odd chip by card",
    "In stud the odd chip of a split pot goes to the highest card by suit among all "
    "of a winner's cards, the lowest for a low half (Robert's Rules of Poker, Ties; "
    "Poker TDA); PokerKit gives it by seat. A mismatch passes only when no more "
    "chips moved than the odd chips in play.",
)
DRAW_SECOND_ROUND_OPENER: Final = Difference(
    "second round opened by the last raiser",
    "In five card draw the player who raised last before the draw, else the opener, "
    "speaks first after it (seed 003, 'Zweite Wettrunde'); PokerKit starts left of "
    "the button. The harness stops comparing at that turn: those hands were compared "
    "up to the draw.",
)
OPEN_PAIR_BIG_BET: Final = Difference(
    "open pair big bet",
    "Seven card stud: with an open pair showing on fourth street any bet or raise "
    "may be the big bet; PokerKit has no such option, so the harness bets small.",
)
COMMON_CARD: Final = Difference(
    "common card",
    "When the stub holds fewer than a card each plus a burn and the bottom card, the "
    "engine shuffles the burned cards back in (never the folded hands) and deals one "
    "common card face up only when even that cannot serve every player (seed 003, "
    "'Burn Cards'); PokerKit deals from burned and folded cards. The harness stops "
    "comparing at a common card.",
)
SPLIT_POT_AWARDING: Final = Difference(
    "split pots awarded PokerKit's way",
    "In hi/lo games the engine splits every main and side pot as built, odd chip to "
    "the high half, and gives a pot in which nobody qualifies for low wholly to the "
    "high hand; PokerKit merges pots left with the same players once beaten hands "
    "are killed and splits a side pot whenever anybody at all has a low, handing "
    "that half to the pot's players as a tie. A mismatch passes only when "
    "recomputing PokerKit's way from the engine's pots gives PokerKit's stacks.",
)
#: Differences the random hands cannot show, named so that nobody looks for them.
BURN_BEFORE_THIRD_STREET: Final = Difference(
    "",
    "The engine burns before every dealing round, stud's third street included (the "
    "issue and the seed say so); PokerKit deals third street unburned. Invisible "
    "here: both engines receive the same cards by name.",
)
DRAW_RESHUFFLE: Final = Difference(
    "",
    "When a draw runs the stub short the engine never deals its last card and "
    "shuffles it with the cards laid down earlier: every earlier draw's discards, "
    "this draw's discards of the players already served and the folded hands, never "
    "a card the player being served threw in this draw (seed 003, 'Kartentausch'; "
    "Robert's Rules of Poker, draw); PokerKit shuffles every burned, folded and "
    "discarded card. Invisible here: both engines receive the same cards by name.",
)
DRAW_TABLE_RULES: Final = Difference(
    "",
    "Five card draw's draw limit (three, four with an ace shown) and jackpots are "
    "table rules PokerKit does not have; the harness plays five card draw with the "
    "default limit of four and no jackpots, and test_draw_rules.py covers the rest.",
)

DIFFERENCES: Final = (
    SHORT_RAISE_ALL_IN,
    NO_CAP_HEADS_UP,
    LIMIT_HALF_BET_ALL_IN,
    LIMIT_SHORT_ALL_IN_COMPLETED,
    STUD_ODD_CHIP_BY_CARD,
    DRAW_SECOND_ROUND_OPENER,
    OPEN_PAIR_BIG_BET,
    COMMON_CARD,
    SPLIT_POT_AWARDING,
    BURN_BEFORE_THIRD_STREET,
    DRAW_RESHUFFLE,
    DRAW_TABLE_RULES,
)
NAMED_KEYS: Final = {difference.key for difference in DIFFERENCES if difference.key}

CODES: Final = ("F7S", "F7S/8", "FR", "F5D", "N2L1D", "F2L3D", "FB")


def play_many(code: str, count: int, salt: str = "") -> tuple[int, Counter[str]]:
    compared = 0
    steered: Counter[str] = Counter()
    for seed in range(count):
        outcome = DifferentialHand(code, random.Random(f"{code}{salt}-{seed}")).play()
        compared += outcome.compared
        steered.update(outcome.steered)
    return compared, steered


@pytest.mark.parametrize("code", CODES)
def test_random_hands_match_pokerkit(code: str) -> None:
    count = 60
    compared, steered = play_many(code, count)
    assert set(steered) <= NAMED_KEYS, steered
    # Steering around a difference usually keeps the hand comparable to the end;
    # a five card draw hand whose second round the last raiser opens was
    # compared up to the draw (DRAW_SECOND_ROUND_OPENER).
    assert compared + steered[DRAW_SECOND_ROUND_OPENER.key] >= count * 0.9


@pytest.mark.slow
@pytest.mark.parametrize("code", CODES)
def test_many_random_hands_match_pokerkit(code: str, request: pytest.FixtureRequest) -> None:
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("thousands of hands: run with -m slow")
    count = 1500
    compared, steered = play_many(code, count, salt="slow")
    assert set(steered) <= NAMED_KEYS, steered
    assert compared + steered[DRAW_SECOND_ROUND_OPENER.key] >= count * 0.9


def test_pokerkit_still_refuses_the_short_raise_that_puts_the_opponent_all_in() -> None:
    """Razz hand 85 of the 2023 PPC up to sixth street: player 1 bets 600,000
    with 150,000 behind; raising to 750,000 puts him all in. If PokerKit ever
    accepts that, SHORT_RAISE_ALL_IN is no longer a difference."""
    automations = (
        pk.Automation.ANTE_POSTING,
        pk.Automation.BET_COLLECTION,
        pk.Automation.BLIND_OR_STRADDLE_POSTING,
        pk.Automation.CARD_BURNING,
    )
    state = pk.FixedLimitRazz.create_state(
        automations, True, 100_000, 100_000, 300_000, 600_000, (2_650_000, 27_050_000), 2
    )
    script = [
        "d dh p1 8c2h4c", "d dh p2 4h3d8d", "p2 pb", "p1 cbr 300000", "p2 cbr 600000", "p1 cc",
        "d dh p1 Ad", "d dh p2 2s", "p1 cbr 300000", "p2 cbr 600000", "p1 cc",
        "d dh p1 Qd", "d dh p2 Td", "p2 cbr 600000", "p1 cc",
        "d dh p1 Jd", "d dh p2 8s", "p1 cbr 600000",
    ]  # fmt: skip
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for line in script:
            words = line.split()
            if words[0] == "d":
                player, cards = int(words[2][1:]) - 1, words[3]
                for k in range(0, len(cards), 2):
                    state.deal_hole(cards[k : k + 2], player)
            else:
                pk.parse_action(state, line)
    assert state.stacks[0] == 150_000
    assert not state.can_complete_bet_or_raise_to(750_000)


def test_every_named_difference_has_a_sentence() -> None:
    for difference in DIFFERENCES:
        assert difference.sentence.endswith(".")
