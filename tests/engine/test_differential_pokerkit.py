"""Differential tests: our hands against PokerKit's, dealt the same cards.

For every game both engines deal (NT, PO, FT, FO/8, NS) this plays a few
hundred seeded random hands: 2 to 9 players, stacks from a few chips to deep
(so all-ins and side pots are common), random blinds, straddles, antes and
big-blind antes, random legal actions including all-ins. At every decision the
two engines must offer the same choices (fold or not, the call amount, whether
a raise is possible and from what to what), an illegal amount must be refused
by both and leave our hand exactly as it was, and at the end every player must
have the same chips.

Where the engines disagree on purpose, the disagreement is a named
:class:`Difference` below, with the rule we follow and its source; a decision
point may differ only in a way one of them explains, and the hand then goes
on with an action both accept. Anything else fails with the seed, the setup
and the actions so far, which reproduce it.

Each explanation is checked as narrowly as the data allows (the direction of the
difference, the amount it predicts, the street it can happen on), so a bug that
happens to resemble a named difference still fails. Finishing stacks that differ
by odd chips are held to a bound: no more chips may move than the odd chips in
play; which player gets them under our rule is pinned by ``engine/pots.py``'s
tests, not here.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import pytest

from engine.actions import Action, BetOrRaise, CheckOrCall, Fold
from engine.cards import Deck, DeckKind
from engine.errors import IllegalAction
from engine.evaluation import Category, Evaluation, evaluate
from engine.events import ForcedBetPosted, PotAwarded
from engine.hand import VARIANTS, Hand, HandSetup
from engine.variants import BettingStructure
from tests.engine.hand_state import snapshot
from tests.engine.pokerkit_oracle import SHARED_VARIANTS, Options, Oracle, options_of

HANDS_PER_VARIANT = 200
#: The share of decisions at which illegal actions are offered first.
PROBED_DECISIONS = 0.5


@dataclass(frozen=True, slots=True)
class Difference:
    """A way we deal differently from PokerKit 0.7.7 on purpose."""

    name: str
    rule: str
    source: str


FIXED_LIMIT_CAP = Difference(
    "fixed-limit cap",
    "A fixed-limit round allows one bet and three raises, the big blind counting "
    "as the bet before the flop, no cap on a round that begins with two players, "
    "and a short all-in raise does not count; PokerKit allows four bets or raises "
    "on every round whoever is left, not counting the big blind, and counts short "
    "all-ins.",
    "Robert's Rules of Poker, General Poker Rules, Betting and Raising, rules 3-4; "
    "the issue's fixed-limit rule.",
)
SHORT_ALL_IN_REOPENING = Difference(
    "short all-in reopening",
    "An all-in raise short of a full raise re-opens the betting for a player who "
    "already acted only when everything raised since they last acted adds up to a "
    "full raise, a full raise being at least the big blind (or the opening bet); "
    "PokerKit sums consecutive short all-ins even when the player already called "
    "some of them, and on each round's first bet measures a full raise against "
    "zero, so a few chips over the big blind re-open the betting.",
    "Poker TDA Rules 2022, Rule 47 (Re-Opening the Bet); Robert's Rules of Poker, "
    "No-Limit and Pot-Limit, rule 3.",
)
RAISE_TO_OPPONENT_ALL_IN = Difference(
    "raise to the largest opponent's all-in",
    "A raise never needs to exceed what the opponents can still call, so raising "
    "to exactly the largest opponent's stack is allowed even when short of a full "
    "raise; PokerKit asks for a full raise (or the raiser's own all-in).",
    "The issue's no-limit rules (a raise is returned anyway where nobody can call it).",
)
STRADDLE_MIN_RAISE = Difference(
    "straddle minimum raise",
    "A straddle posted in full acts as the big blind: the first raise is by at "
    "least the straddle; PokerKit keeps the minimum bet (the big blind) as the "
    "raise size.",
    "Robert's Rules of Poker, No-Limit rules, rule 2 (a straddle sets a new minimum "
    "bring-in); Poker TDA Rules 2022, Rule 43 (Raise Amounts).",
)
EMPTY_TURN = Difference(
    "no turn without a decision",
    "A player who has matched the bet gets no turn when nobody is left to bet "
    "into; PokerKit gives them a turn in which only a check is possible.",
    "Robert's Rules of Poker, Betting and Raising (betting ends when all bets are "
    "called and no one can raise); a turn with one choice is a wasted timer here.",
)
ODD_CHIPS_ONE_EACH = Difference(
    "odd chips one each",
    "Odd chips of a split pot go one each to the winners first clockwise from the "
    "button; PokerKit gives every odd chip to the first of them.",
    "Robert's Rules of Poker, General Poker Rules, Split Pots; DESIGN.md (odd chips "
    "to the first winner clockwise from the button).",
)
ODD_CHIPS_PER_POT = Difference(
    "odd chips per pot",
    "The main pot and each side pot are split on their own, so each has its own odd "
    "chip (and, in high/low, its own odd chip for the high half); PokerKit first "
    "mucks the hands that cannot win, merges neighbouring pots left with the same "
    "contenders and splits the sum once.",
    "Robert's Rules of Poker, General Poker Rules, Split Pots (each pot is split separately).",
)
LOW_HALF_WITHOUT_ELIGIBLE_LOW = Difference(
    "pot without a qualifying low",
    "A high/low pot in which no player eligible for it has a qualifying low goes "
    "wholly to the best high hand; PokerKit splits it whenever anyone at showdown "
    "has a low, and with no eligible low hand divides the low half among all the "
    "pot's remaining contenders.",
    "Robert's Rules of Poker, High-Low Split Games (if no low hand qualifies, the "
    "best high hand wins the whole pot).",
)

_PK_CAPPED = "No more completion, betting, or raising is permitted."

SHORT_DECK_TRIPS_OVER_STRAIGHT = Difference(
    "short-deck three of a kind over a straight",
    "In short deck three of a kind beats a straight (and a flush a full house), "
    "straights being the commoner with sixes to aces; PokerKit's ShortDeckHoldemHand "
    "ranks the straight higher (it agrees on the flush).",
    "Triton Poker's short deck rules, followed by engine/evaluation/five_card.py "
    "(SHORT_DECK_ORDER).",
)
HEADS_UP_EQUAL_BLINDS = Difference(
    "heads-up equal blinds",
    "Heads-up the button posts the small blind and acts first before the flop, "
    "even when both blinds are the same size; PokerKit breaks the tie toward the "
    "higher index and lets the big blind act first. Random hands avoid the case "
    "(the order of play would differ throughout); a test below pins it.",
    "Robert's Rules of Poker, Button and Blind Use, heads-up play.",
)

SHORT_ALL_IN_BIG_BLIND = Difference(
    "short all-in big blind",
    "A big blind all in for less than the blind does not lower the price: the "
    "next player calls the full big blind and raises to at least twice it (blinds "
    "5/10, big blind all in for 6: call 10, raise to 20); PokerKit prices the call "
    "and the raise from the 6 posted (call 6, raise to 16). The call then moves "
    "different chips, so random hands avoid the case; a test below pins it.",
    "Robert's Rules of Poker, Button and Blind Use (the minimum bring-in and raise "
    "do not change when a blind is all in for less); issue 15, rule 2.",
)
LIMIT_HALF_BET_ALL_IN = Difference(
    "limit all-in of half a bet",
    "In limit, an all-in raise of half a bet or more is a full raise: it re-opens "
    "the betting to the players who already acted (10/20 on the flop: bet 10, call, "
    "all in to 17; the bettor may re-raise to 27); PokerKit lets them only call.",
    "Robert's Rules of Poker, Betting and Raising (in limit play an all-in wager of "
    "half a bet or more is treated as a full bet); Poker TDA Rules (limit); issue 15, "
    "rule 3.",
)
LIMIT_SHORT_ALL_IN_COMPLETED = Difference(
    "limit completion of a short all-in",
    "In limit, a player facing an all-in of less than half a bet who may raise "
    "completes it: the raise goes to the last full bet plus one bet (all in for 4 at "
    "10/20: complete to 10); PokerKit's smallest raise is a full bet above the "
    "all-in (14).",
    "Robert's Rules of Poker, Betting and Raising (facing an all-in wager of less than "
    "half a bet a player may fold, call, or complete the wager); issue 15, rule 4.",
)
LIMIT_DIFFERENCES = (LIMIT_HALF_BET_ALL_IN, LIMIT_SHORT_ALL_IN_COMPLETED)

# ----------------------------------------------------------------- random hands


def random_setup(rng: random.Random, code: str) -> HandSetup:
    """A hand of ``code`` with random players, stacks, forced bets and deck order."""
    variant = VARIANTS[code]
    n = rng.randint(2, 9)
    big = rng.choice((2, 10, 50, 100, 200))
    small = big // 2 if rng.random() < 0.8 else rng.randint(1, big)
    if n == 2 and small == big:
        small = big // 2  # HEADS_UP_EQUAL_BLINDS
    blinds = [0] * n
    antes: tuple[int, ...] = ()
    ante_trimming = True
    shape = rng.random()
    if code == "NS" and shape < 0.3:
        # Short deck as it is usually dealt: everybody antes, the button posts a blind.
        blinds[-1] = big
        antes = (rng.randint(1, big),) * n
    elif n == 2:
        blinds = [big, small]  # heads-up the button (index 1) posts the small blind
    else:
        blinds[0], blinds[1] = small, big
        if n >= 4 and rng.random() < 0.15:
            blinds[2] = 2 * big  # a straddle
    if not antes and shape > 0.8:
        antes = (rng.randint(1, big),) * n
    elif not antes and shape > 0.7:
        # A big-blind ante, dead money outside the betting levels.
        antes = tuple(rng.randint(1, big) if i == (1 if n > 2 else 0) else 0 for i in range(n))
        ante_trimming = False
    stacks = [
        rng.randint(1, 3 * big) if rng.random() < 0.3 else rng.randint(5 * big, 150 * big)
        for _ in range(n)
    ]
    # SHORT_ALL_IN_BIG_BLIND: whoever posts the big blind can post all of it.
    poster = 1 if n > 2 else 0
    if not blinds[poster]:  # one blind only (the button's, in short deck)
        poster = blinds.index(max(blinds))
    stacks[poster] = max(stacks[poster], big + antes[poster] + 1 if antes else big + 1)
    return HandSetup(
        variant,
        tuple(stacks),
        antes=antes,
        blinds=tuple(blinds),
        min_bet=big,
        small_bet=big,
        big_bet=2 * big,
        ante_trimming=ante_trimming,
        deck=Deck.shuffled(variant.deck, rng).order,
    )


def choose_action(rng: random.Random, ours: Options, theirs: Options) -> Action:
    """A random action both engines accept: fold, check or call, or a raise from
    the amounts both allow (the least, the most, or one in between)."""
    choices: list[tuple[Action, int]] = [(CheckOrCall(), 4)]
    if ours.can_fold and theirs.can_fold:
        choices.append((Fold(), 2))
    if ours.can_raise and theirs.can_raise:
        low, high = max(ours.min_to, theirs.min_to), min(ours.max_to, theirs.max_to)
        if low <= high:
            choices += [
                (BetOrRaise(low), 1),
                (BetOrRaise(high), 1),
                (BetOrRaise(rng.randint(low, high)), 1),
            ]
    actions, weights = zip(*choices, strict=True)
    return rng.choices(actions, weights)[0]


# ------------------------------------------------------------- explanations


def _largest_opponent_reach(hand: Hand, player: int) -> int:
    return max(hand.bets[j] + hand.stacks[j] for j in hand.in_hand if j != player)


def _level_set_by_an_all_in(hand: Hand) -> bool:
    """Whether the bet to call was made by a player now all in (limit's
    half-bet rule applies only then)."""
    top = max(hand.bets)
    return top > 0 and any(hand.bets[i] == top and hand.stacks[i] == 0 for i in hand.in_hand)


def _full_straddle_preflop(hand: Hand) -> bool:
    """Whether this is the first betting round and a straddle was posted in full."""
    return hand.street_index == 0 and any(
        isinstance(event, ForcedBetPosted)
        and event.kind == "straddle"
        and event.amount == hand.setup.blinds[event.player]
        for event in hand.events
    )


def explain_options(hand: Hand, ours: Options, theirs: Options) -> Difference | None:
    """The named difference that accounts for ``ours`` differing from ``theirs``
    at the same decision, or None when nothing does."""
    if (ours.actor, ours.can_fold, ours.call_amount) != (
        theirs.actor,
        theirs.can_fold,
        theirs.call_amount,
    ):
        return None
    fixed_limit = hand.variant.betting is BettingStructure.FIXED_LIMIT
    if fixed_limit and _level_set_by_an_all_in(hand):
        if ours.can_raise and not theirs.can_raise and theirs.refusal != _PK_CAPPED:
            return LIMIT_HALF_BET_ALL_IN
        if ours.can_raise and theirs.can_raise and ours.min_to < theirs.min_to:
            return LIMIT_SHORT_ALL_IN_COMPLETED
    if ours.can_raise != theirs.can_raise:
        # Each difference goes one way only: PokerKit counts the blind as no bet
        # (so it caps later before the flop) but counts short all-ins and heads-up
        # rounds (so it caps sooner after); it re-opens the betting more often.
        if fixed_limit and ours.refusal == "capped" and hand.street_index == 0:
            return FIXED_LIMIT_CAP
        if fixed_limit and theirs.refusal == _PK_CAPPED and ours.can_raise:
            return FIXED_LIMIT_CAP
        if ours.refusal == "no_reopen" and theirs.can_raise:
            return SHORT_ALL_IN_REOPENING
        return None
    assert ours.actor is not None
    if ours.max_to != theirs.max_to:
        return None
    if ours.min_to < theirs.min_to and ours.min_to == _largest_opponent_reach(hand, ours.actor):
        return RAISE_TO_OPPONENT_ALL_IN
    if ours.min_to > theirs.min_to and _full_straddle_preflop(hand):
        return STRADDLE_MIN_RAISE
    return None


def _odd_chips(hand: Hand) -> int:
    """Chips whose owner depends on the odd-chip rule: the remainder of every
    split award, and the extra chip of an odd high/low pot's high half."""
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    remainders = sum(a.amount % len(a.winners) for a in awards if len(a.winners) > 1)
    halves = Counter[int]()
    for award in awards:
        if award.share != "whole":
            halves[award.pot_index] += award.amount
    return remainders + sum(amount % 2 for amount in halves.values())


def _pots_without_eligible_low(hand: Hand) -> int:
    """Chips in pots that went wholly high in a split game although someone at
    showdown had a qualifying low, which PokerKit splits anyway."""
    if not hand.variant.is_split:
        return 0
    low = hand.variant.evaluations[1]
    has_low = {i for i in hand.in_hand if evaluate(low, hand.hole_cards[i], hand.board) is not None}
    if not has_low:
        return 0
    whole = {e.pot_index for e in hand.events if isinstance(e, PotAwarded) and e.share == "whole"}
    return sum(
        pot.amount
        for index, pot in enumerate(hand.pots_awarded)
        if index in whole and len(pot.eligible) > 1 and not has_low & set(pot.eligible)
    )


def _trips_meet_straight(hand: Hand) -> bool:
    """A short-deck showdown where three of a kind and a straight both took part."""
    if hand.variant.code != "NS" or len(hand.board) < 5:
        return False
    categories = {
        value.category
        for i in hand.in_hand
        if (value := evaluate(Evaluation.SHORT_DECK_HIGH, hand.hole_cards[i], hand.board))
    }
    return {Category.THREE_OF_A_KIND, Category.STRAIGHT} <= categories


def explain_stacks(hand: Hand, ours: tuple[int, ...], theirs: tuple[int, ...]) -> Difference | None:
    """The named difference that accounts for different finishing stacks: the
    chips that moved must be no more than the difference could move."""
    if sum(ours) != sum(theirs):
        return None
    if _trips_meet_straight(hand):
        return SHORT_DECK_TRIPS_OVER_STRAIGHT
    moved = sum(abs(a - b) for a, b in zip(ours, theirs, strict=True))
    odd = _odd_chips(hand)
    unsplit = _pots_without_eligible_low(hand)
    if unsplit and moved <= 2 * (unsplit + odd):
        return LOW_HALF_WITHOUT_ELIGIBLE_LOW
    if not odd or moved > 2 * odd:
        return None
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    if any(len(a.winners) > 2 and a.amount % len(a.winners) > 1 for a in awards):
        return ODD_CHIPS_ONE_EACH
    return ODD_CHIPS_PER_POT


# ------------------------------------------------------------------ the play


class Mismatch(AssertionError):
    """The engines disagreed in a way no named difference explains."""


@dataclass
class Play:
    """One random hand played through both engines."""

    seed: int
    code: str

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.setup = random_setup(self.rng, self.code)
        self.hand = Hand(self.setup)
        self.oracle = Oracle(self.setup)
        self.oracle.deal_like(self.hand)
        self.differences: Counter[str] = Counter()

    def fail(self, what: str) -> Mismatch:
        return Mismatch(
            f"{what}\nseed={self.seed} variant={self.code}\nsetup={self.setup!r}\n"
            f"actions={self.hand.actions!r}"
        )

    def run(self) -> Counter[str]:
        hand, oracle = self.hand, self.oracle
        while not hand.is_complete:
            ours, theirs = options_of(hand), oracle.options()
            if ours.actor != theirs.actor:
                self._skip_empty_turn(ours, theirs)
                continue
            if not ours.same_choices(theirs):
                difference = explain_options(hand, ours, theirs)
                if difference is None:
                    raise self.fail(f"legal actions differ:\n ours   {ours}\n theirs {theirs}")
                self.differences[difference.name] += 1
            if self.rng.random() < PROBED_DECISIONS:
                self._probe_illegal(ours, theirs)
            action = choose_action(self.rng, ours, theirs)
            assert ours.actor is not None
            hand.act(ours.actor, action)
            oracle.act(action)
            oracle.deal_like(hand)
        while not oracle.is_complete:
            self._skip_empty_turn(options_of(hand), oracle.options())
        ours_stacks, theirs_stacks = hand.finishing_stacks, oracle.finishing_stacks
        if ours_stacks != theirs_stacks:
            difference = explain_stacks(hand, ours_stacks, theirs_stacks)
            if difference is None:
                raise self.fail(
                    f"finishing stacks differ:\n ours   {ours_stacks}\n theirs {theirs_stacks}"
                )
            self.differences[difference.name] += 1
        return self.differences

    def _skip_empty_turn(self, ours: Options, theirs: Options) -> None:
        """PokerKit waits for a check nobody needs to make (EMPTY_TURN)."""
        if ours.actor == theirs.actor or theirs.actor is None:
            raise self.fail(f"different players to act:\n ours   {ours}\n theirs {theirs}")
        if theirs.call_amount or theirs.can_raise:
            raise self.fail(f"PokerKit has a real decision we skipped:\n theirs {theirs}")
        self.differences[EMPTY_TURN.name] += 1
        self.oracle.act(CheckOrCall())
        self.oracle.deal_like(self.hand)

    def _probe_illegal(self, ours: Options, theirs: Options) -> None:
        """Offer a few actions the rules forbid; both engines must refuse them
        and our hand must be exactly as before."""
        hand, rng = self.hand, self.rng
        actor = ours.actor
        assert actor is not None
        reach = hand.bets[actor] + hand.stacks[actor]
        amounts = [reach + rng.randint(1, 1000), -rng.randint(1, 1000)]
        if ours.can_raise and theirs.can_raise:
            amounts.append(rng.randint(0, min(ours.min_to, theirs.min_to) - 1))
            amounts.append(max(ours.max_to, theirs.max_to) + rng.randint(1, 50))
        elif not ours.can_raise:
            amounts.append(rng.randint(0, reach))
        probes: list[tuple[int, Action, bool]] = [
            (actor, BetOrRaise(to), not theirs.min_to <= to <= theirs.max_to) for to in amounts
        ]
        if not ours.can_fold:
            probes.append((actor, Fold(), not theirs.can_fold))
        other = rng.choice([i for i in range(hand.player_count) if i != actor])
        probes.append((other, CheckOrCall(), False))
        before = snapshot(hand)
        for player, action, pokerkit_refuses_too in probes:
            with pytest.raises(IllegalAction):
                hand.act(player, action)
            if snapshot(hand) != before:
                raise self.fail(f"refusing {action!r} by player {player} changed the hand")
            if pokerkit_refuses_too and self.oracle.accepts(action):
                raise self.fail(f"PokerKit accepts {action!r} we refused, no difference named")


@pytest.mark.parametrize("code", SHARED_VARIANTS)
def test_random_hands_agree_with_pokerkit(code: str) -> None:
    seen: Counter[str] = Counter()
    base = sum(map(ord, code)) * 100_000
    for seed in range(base, base + HANDS_PER_VARIANT):
        seen += Play(seed, code).run()
    # Which named differences this run met, for ``pytest -s``; never asserted.
    print(f"\n{code}: {dict(seen)}")


def test_heads_up_equal_blinds_is_a_named_difference() -> None:
    setup = HandSetup(
        VARIANTS["NT"],
        (100, 100),
        blinds=(2, 2),
        min_bet=2,
        deck=Deck.shuffled(DeckKind.STANDARD, random.Random(1)).order,
    )
    hand, oracle = Hand(setup), Oracle(setup)
    oracle.deal_like(hand)
    assert (hand.actor, oracle.options().actor) == (1, 0), HEADS_UP_EQUAL_BLINDS.rule


def test_a_short_all_in_big_blind_is_a_named_difference() -> None:
    """Blinds 5/10, the big blind all in for 6: we ask 10 to call and 20 to raise,
    PokerKit 6 and 16 (SHORT_ALL_IN_BIG_BLIND)."""
    setup = HandSetup(
        VARIANTS["NT"],
        (1000, 6, 1000),
        blinds=(5, 10, 0),
        min_bet=10,
        deck=Deck.shuffled(DeckKind.STANDARD, random.Random(2)).order,
    )
    hand, oracle = Hand(setup), Oracle(setup)
    oracle.deal_like(hand)
    ours, theirs = options_of(hand), oracle.options()
    assert (ours.call_amount, ours.min_to) == (10, 20), SHORT_ALL_IN_BIG_BLIND.rule
    assert (theirs.call_amount, theirs.min_to) == (6, 16), SHORT_ALL_IN_BIG_BLIND.rule


def _limit_flop(stack: int, flop: list[tuple[int, Action]]) -> tuple[Hand, Oracle]:
    """Fixed limit 10/20, four players calling 10 before the flop, player 3 with
    ``stack``; then the ``flop`` actions, in both engines."""
    setup = HandSetup(
        VARIANTS["FT"],
        (1000, 1000, stack, 1000),
        blinds=(5, 10, 0, 0),
        small_bet=10,
        big_bet=20,
        deck=Deck.shuffled(DeckKind.STANDARD, random.Random(4)).order,
    )
    hand, oracle = Hand(setup), Oracle(setup)
    oracle.deal_like(hand)
    preflop: list[tuple[int, Action]] = [(2, CheckOrCall()), (3, CheckOrCall()), (0, CheckOrCall())]
    for player, action in [*preflop, (1, CheckOrCall()), *flop]:
        hand.act(player, action)
        oracle.act(action)
        oracle.deal_like(hand)
    return hand, oracle


def test_limit_all_in_of_half_a_bet_is_a_named_difference() -> None:
    """Bet 10, call, all in to 17: the bettor may re-raise to 27 (we), or only
    call (PokerKit)."""
    flop: list[tuple[int, Action]] = [
        (0, BetOrRaise(10)),
        (1, CheckOrCall()),
        (2, BetOrRaise(17)),
        (3, Fold()),
    ]
    hand, oracle = _limit_flop(27, flop)
    ours, theirs = options_of(hand), oracle.options()
    assert ours.actor == 0 and ours.can_raise and ours.min_to == 27
    assert not theirs.can_raise
    assert explain_options(hand, ours, theirs) is LIMIT_HALF_BET_ALL_IN


def test_limit_short_all_in_completed_is_a_named_difference() -> None:
    """Check, check, all in for 4: the next player may complete to 10 (we) or
    raise to 14 (PokerKit)."""
    flop: list[tuple[int, Action]] = [(0, CheckOrCall()), (1, CheckOrCall()), (2, BetOrRaise(4))]
    hand, oracle = _limit_flop(14, flop)
    ours, theirs = options_of(hand), oracle.options()
    assert (ours.actor, ours.call_amount, ours.min_to) == (3, 4, 10)
    assert theirs.min_to == 14
    assert explain_options(hand, ours, theirs) is LIMIT_SHORT_ALL_IN_COMPLETED
