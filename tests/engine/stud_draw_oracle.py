"""Test helper: play one random hand of a stud or draw game in the engine and
in PokerKit side by side, and say where they part.

Both engines get the same cards: the engine deals from a seeded deck, and every
card it deals (hole, up, replacement) is dealt by name to the same player in
PokerKit. Both get the same actions: at each turn the harness checks that
PokerKit has the same player to act with the same amounts, then picks one of
the engine's legal actions at random and plays it in both. At the end both
must hold the same stacks.

Where the engines disagree on purpose, the harness steers around it and
counts it; the differences themselves are named in
``test_differential_stud_draw.py``.
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from dataclasses import dataclass, field

import pokerkit as pk

from engine.actions import Action, BetOrRaise, CheckOrCall, Discard, Fold, PostBringIn
from engine.cards import Card, Deck, DeckKind
from engine.evaluation import evaluate
from engine.events import BoardDealt, HoleCardsDealt, PotAwarded, UpCardsDealt
from engine.hand import Hand, HandSetup, LegalActions, Phase
from engine.showing import has_open_pair
from engine.variants import VARIANTS, BettingStructure, Opening
from tests.engine.pokerkit_oracle import AUTOMATIONS as _AUTOMATIONS


class Steered(Exception):
    """The hand reached a deliberate difference and was not compared further."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Disagreement(AssertionError):
    """The engines disagree where they should not."""


@dataclass
class Stakes:
    """The forced bets and limits of one random hand."""

    ante: int
    bring_in: int
    small_bet: int
    big_bet: int
    blinds: tuple[int, int]
    min_bet: int


@dataclass
class Outcome:
    """What one differential hand did."""

    compared: bool
    steered: Counter[str] = field(default_factory=Counter)
    actions: int = 0


def _seat(player: int | None) -> str:
    return "nobody" if player is None else f"p{player + 1}"


def _pk_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return "".join(str(card) for card in cards) or ""


def _five_card_draw_state(stacks: tuple[int, ...], stakes: Stakes, ante_trimming: bool) -> pk.State:
    """PokerKit has no five card draw class: the same game from its parts."""
    n = len(stacks)
    return pk.State(
        _AUTOMATIONS,
        pk.Deck.STANDARD,
        (pk.StandardHighHand,),
        (
            pk.Street(False, (False,) * 5, 0, False, pk.Opening.POSITION, stakes.small_bet, 4),
            pk.Street(True, (), 0, True, pk.Opening.POSITION, stakes.big_bet, 4),
        ),
        pk.BettingStructure.FIXED_LIMIT,
        ante_trimming,
        (stakes.ante,) * n,
        (0,) * n,
        0,
        stacks,
        n,
    )


def pokerkit_state(
    code: str, stacks: tuple[int, ...], stakes: Stakes, ante_trimming: bool
) -> pk.State:
    n = len(stacks)
    antes = (stakes.ante,) * n
    blinds = stakes.blinds + (0,) * (n - 2)
    if code in ("F7S", "F7S/8", "FR"):
        game = {
            "F7S": pk.FixedLimitSevenCardStud,
            "F7S/8": pk.FixedLimitSevenCardStudHighLowSplitEightOrBetter,
            "FR": pk.FixedLimitRazz,
        }[code]
        return game.create_state(
            _AUTOMATIONS,
            ante_trimming,
            antes,
            stakes.bring_in,
            stakes.small_bet,
            stakes.big_bet,
            stacks,
            n,
        )
    if code == "N2L1D":
        return pk.NoLimitDeuceToSevenLowballSingleDraw.create_state(
            _AUTOMATIONS, ante_trimming, antes, blinds, stakes.min_bet, stacks, n
        )
    if code in ("F2L3D", "FB"):
        game = {
            "F2L3D": pk.FixedLimitDeuceToSevenLowballTripleDraw,
            "FB": pk.FixedLimitBadugi,
        }[code]
        return game.create_state(
            _AUTOMATIONS,
            ante_trimming,
            antes,
            blinds,
            stakes.small_bet,
            stakes.big_bet,
            stacks,
            n,
        )
    if code == "F5D":
        return _five_card_draw_state(stacks, stakes, ante_trimming)
    raise ValueError(f"No PokerKit game for {code}.")


def engine_setup(
    code: str, stacks: tuple[int, ...], stakes: Stakes, ante_trimming: bool, deck: tuple[Card, ...]
) -> HandSetup:
    variant = VARIANTS[code]
    n = len(stacks)
    blinds: tuple[int, ...] = ()
    if variant.uses_blinds and code != "F5D":
        # PokerKit, like PHH, lists heads-up blinds the other way round.
        blinds = stakes.blinds[::-1] if n == 2 else stakes.blinds + (0,) * (n - 2)
    return HandSetup(
        variant,
        stacks,
        antes=(stakes.ante,) * n,
        blinds=blinds,
        bring_in=stakes.bring_in if variant.uses_bring_in else 0,
        min_bet=stakes.min_bet,
        small_bet=stakes.small_bet,
        big_bet=stakes.big_bet,
        ante_trimming=ante_trimming,
        deck=deck,
    )


def pokerkit_split_awards(hand: Hand) -> tuple[int, ...]:
    """The finishing stacks PokerKit 0.7.7 gives for the engine's pots in a
    high/low game: hands that win nothing are killed and pots left with the
    same players merged; every pot is split between the hand types any live
    player holds, and a half nobody in the pot qualifies for goes to all of
    them as a tie."""
    values = {
        i: [evaluate(kind, hand.hole_cards[i], hand.board) for kind in hand.variant.evaluations]
        for i in hand.in_hand
    }

    def best(eligible: tuple[int, ...], k: int) -> list[int]:
        scored = [values[i][k] for i in eligible if values[i][k] is not None]
        top = max(scored) if scored else None  # type: ignore[type-var]
        return [i for i in eligible if values[i][k] == top]

    pots = hand.pots_awarded
    kinds = range(len(hand.variant.evaluations))
    alive = {
        i
        for pot in pots
        for k in kinds
        for i in best(pot.eligible, k)
        if values[i][k] is not None or len(pot.eligible) == 1
    }
    merged: list[tuple[int, tuple[int, ...]]] = []
    for pot in pots:
        eligible = tuple(i for i in pot.eligible if i in alive)
        if merged and merged[-1][1] == eligible:
            merged[-1] = (merged[-1][0] + pot.amount, eligible)
        else:
            merged.append((pot.amount, eligible))
    held = [k for k in kinds if any(values[i][k] is not None for i in alive)]
    stacks = [hand.finishing_stacks[i] - hand.awarded[i] for i in range(hand.player_count)]
    for amount, eligible in merged:
        share, odd = divmod(amount, len(held))
        for position, k in enumerate(held):
            part = share + (odd if position == 0 else 0)
            winners = best(eligible, k)
            each, rest = divmod(part, len(winners))
            for rank, i in enumerate(winners):
                stacks[i] += each + (rest if rank == 0 else 0)
    return tuple(stacks)


def _moved_within_odd_chips(hand: Hand, theirs: list[int]) -> bool:
    """Whether the stacks differ by no more chips than the odd chips of the
    split awards (and of odd high/low halves) could move."""
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    odd = sum(a.amount % len(a.winners) for a in awards if len(a.winners) > 1)
    odd += sum(1 for a in awards if a.share != "whole")
    moved = sum(abs(a - b) for a, b in zip(hand.finishing_stacks, theirs, strict=True))
    return sum(theirs) == sum(hand.finishing_stacks) and 0 < moved <= 2 * odd


class DifferentialHand:
    """One random hand in both engines."""

    def __init__(self, code: str, rng: random.Random) -> None:
        self.code = code
        self.rng = rng
        variant = VARIANTS[code]
        n = rng.randint(2, variant.max_players)
        self.stakes = self._random_stakes(code)
        big = self.stakes.big_bet or self.stakes.min_bet
        stacks = tuple(rng.choice((1, 3, 8, 20, 60)) * big + rng.randrange(big) for _ in range(n))
        ante_trimming = rng.random() < 0.5
        deck = Deck.shuffled(DeckKind.STANDARD, rng).order
        self.hand = Hand(engine_setup(code, stacks, self.stakes, ante_trimming, deck))
        self.state = pokerkit_state(code, stacks, self.stakes, ante_trimming)
        self._queues: dict[int, list[Card]] = {i: [] for i in range(n)}
        self._board: list[Card] = []
        self._seen_events = 0
        self.outcome = Outcome(compared=False)

    def _random_stakes(self, code: str) -> Stakes:
        rng = self.rng
        small = rng.choice((2, 4, 10, 20))
        ante = rng.choice((0, 1, small // 2)) if code in ("N2L1D", "F2L3D", "FB") else small // 4
        ante = max(ante, 1) if code in ("F7S", "F7S/8", "FR", "F5D") else ante
        return Stakes(
            ante=ante,
            bring_in=max(1, small // 4) if rng.random() < 0.8 else small // 2,
            small_bet=small,
            big_bet=2 * small,
            blinds=(small // 2, small),
            min_bet=small,
        )

    # ------------------------------------------------------------- mirroring

    def _collect_cards(self) -> None:
        events = self.hand.events[self._seen_events :]
        self._seen_events = len(self.hand.events)
        for event in events:
            if isinstance(event, HoleCardsDealt | UpCardsDealt):
                self._queues[event.player].extend(event.cards)
            elif isinstance(event, BoardDealt):
                self._board.extend(event.cards)

    def _sync_dealing(self) -> None:
        """Give PokerKit the cards the engine dealt."""
        self._collect_cards()
        state = self.state
        while True:
            if state.can_burn_card():
                state.burn_card("??")
            elif state.can_deal_hole():
                player = state.hole_dealee_index
                assert player is not None
                if not self._queues[player]:
                    raise Steered("common card")
                state.deal_hole(str(self._queues[player].pop(0)), player)
            elif state.can_deal_board():
                raise Steered("common card")
            else:
                break
        if self._board:
            raise Steered("common card")

    # ------------------------------------------------------------ comparing

    def _check_turn(self, legal: LegalActions) -> None:
        state = self.state
        if legal.phase is Phase.DISCARDING:
            if state.stand_patter_or_discarder_index != legal.player:
                raise Disagreement(
                    f"discarder: engine {_seat(legal.player)}, "
                    f"PokerKit {_seat(state.stand_patter_or_discarder_index)}"
                )
            return
        if state.actor_index != legal.player:
            if self.hand.street.opening is Opening.LAST_AGGRESSOR:
                raise Steered("second round opened by the last raiser")
            raise Disagreement(
                f"actor: engine {_seat(legal.player)}, PokerKit {_seat(state.actor_index)}"
            )
        if legal.can_post_bring_in != state.can_post_bring_in():
            raise Disagreement("bring-in")
        if not legal.can_post_bring_in and legal.call_amount != state.checking_or_calling_amount:
            raise Disagreement(
                f"call: engine {legal.call_amount}, PokerKit {state.checking_or_calling_amount}"
            )
        pk_min = state.min_completion_betting_or_raising_to_amount
        if legal.can_raise and pk_min is not None:
            # The engine never asks a raise to go beyond what an opponent can call.
            hand = self.hand
            reach = max(hand.bets[j] + hand.stacks[j] for j in hand.in_hand if j != legal.player)
            if legal.min_raise_to != min(pk_min, reach):
                if legal.min_raise_to < pk_min and self._level_set_by_an_all_in():
                    # The engine completes a short all-in from the last full bet.
                    self.outcome.steered["limit completion of a short all-in"] += 1
                    return
                raise Disagreement(f"min raise: engine {legal.min_raise_to}, PokerKit {pk_min}")

    def _level_set_by_an_all_in(self) -> bool:
        """Whether the bet to call was made by a player now all in."""
        hand = self.hand
        top = max(hand.bets)
        return top > 0 and any(hand.bets[i] == top and hand.stacks[i] == 0 for i in hand.in_hand)

    # -------------------------------------------------------------- choosing

    def _choose(self, legal: LegalActions) -> Action:
        rng = self.rng
        if legal.phase is Phase.DISCARDING:
            held = list(self.hand.hole_cards[legal.player])
            count = rng.randint(legal.discard_min, legal.discard_max)
            return Discard(tuple(rng.sample(held, count)))
        roll = rng.random()
        if legal.can_post_bring_in:
            if roll < 0.6 or not legal.can_raise:
                return PostBringIn()
            return BetOrRaise(legal.min_raise_to)
        if legal.can_raise and roll < 0.35:
            return BetOrRaise(self._raise_amount(legal))
        if legal.can_fold and roll > 0.8:
            return Fold()
        return CheckOrCall()

    def _raise_amount(self, legal: LegalActions) -> int:
        low, high = legal.min_raise_to, legal.max_raise_to
        if self.hand.variant.betting is BettingStructure.FIXED_LIMIT or low == high:
            if high != low and self._open_pair_showing():
                self.outcome.steered["open pair big bet"] += 1
            return low
        return self.rng.choice((low, high, self.rng.randint(low, high)))

    def _open_pair_showing(self) -> bool:
        hand = self.hand
        return hand.street.open_pair_big_bet and any(
            has_open_pair(hand.up_cards(i)) for i in hand.in_hand
        )

    def _steer(self, action: Action) -> Action:
        """Replace an action PokerKit refuses on purpose by a call."""
        if not isinstance(action, BetOrRaise) or self.state.can_complete_bet_or_raise_to(action.to):
            return action
        legal = self.hand.legal_actions()
        state = self.state
        if self._level_set_by_an_all_in() and self.hand.variant.betting.is_capped:
            pk_min = state.min_completion_betting_or_raising_to_amount
            if pk_min is not None and action.to < pk_min:
                self.outcome.steered["limit completion of a short all-in"] += 1
            else:
                self.outcome.steered["limit all-in of half a bet"] += 1
        elif state.completion_betting_or_raising_count >= 4 and not legal.can_post_bring_in:
            self.outcome.steered["no cap heads-up"] += 1
        else:
            self.outcome.steered["short raise puts opponents all in"] += 1
        return CheckOrCall()

    # ----------------------------------------------------------------- play

    def _apply(self, player: int, action: Action) -> None:
        self.hand.act(player, action)
        state = self.state
        match action:
            case Fold():
                state.fold()
            case CheckOrCall():
                state.check_or_call()
            case PostBringIn():
                state.post_bring_in()
            case BetOrRaise(to):
                state.complete_bet_or_raise_to(to)
            case Discard(cards):
                state.stand_pat_or_discard(_pk_cards(cards))
        self.outcome.actions += 1

    def play(self) -> Outcome:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                self._play()
            except Steered as steered:
                self.outcome.steered[steered.reason] += 1
                return self.outcome
        self.outcome.compared = True
        return self.outcome

    def _play(self) -> None:
        hand, state = self.hand, self.state
        while True:
            self._sync_dealing()
            if hand.is_complete:
                break
            legal = hand.legal_actions()
            self._check_turn(legal)
            action = self._steer(self._choose(legal))
            self._apply(legal.player, action)
        self._sync_dealing()
        if state.status:
            raise Disagreement("PokerKit's hand is not over")
        if tuple(state.stacks) != hand.finishing_stacks:
            if hand.variant.is_split and tuple(state.stacks) == pokerkit_split_awards(hand):
                raise Steered("split pots awarded PokerKit's way")
            if hand.variant.odd_chip_by_card and _moved_within_odd_chips(hand, state.stacks):
                raise Steered("stud odd chip by card")
            raise Disagreement(
                f"stacks: engine {list(hand.finishing_stacks)}, PokerKit {list(state.stacks)}"
            )
