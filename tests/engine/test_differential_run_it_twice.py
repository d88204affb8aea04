"""Run it twice when the all-in comes after the flop, against PokerKit.

PokerKit 0.7.7 (in cash-game mode) asks the players still in the hand how many
times to run the board whenever the betting ends with them all in and board
cards to come, on any street. These hands go all in on the flop or the turn:

* heads-up;
* a bomb pot (no betting before the flop), two or three players;
* three-handed, one player all in on the flop, and on the turn the last
  opponent folds to a bet, so the betting ends there with the river to come.

Both engines deal the same cards (ours from its deck, PokerKit fed them), the
players choose the same counts (mostly twice), and then both must have asked
the same players, dealt the same two boards and finished with the same
stacks. The hand history follows: ours replays, and so does PokerKit's own
record of the hand, which says nothing of the choice and simply deals the
second run's board cards after the first's.

Every amount is a multiple of 12 chips, so halves of pots and their splits are
whole and the stacks are compared exactly (odd chips are ``engine/pots.py``'s).
"""

from __future__ import annotations

import random
import warnings

import pokerkit as pk
import pytest

from engine.actions import Action, BetOrRaise, CheckOrCall, ChooseRunouts, Fold
from engine.cards import Deck
from engine.events import RunItTwiceOffered
from engine.hand import Hand, HandSetup, Phase
from engine.phh import HandHistory, loads, replay
from engine.variants import VARIANTS
from tests.engine.pokerkit_oracle import Oracle

#: Short deck is left out: PokerKit ranks its hands differently on purpose
#: (test_differential_pokerkit.py's SHORT_DECK_TRIPS_OVER_STRAIGHT).
GAMES = ("NT", "PO")
SCENARIOS = ("heads-up", "bomb pot", "three-handed, fold on the turn")
#: 2 games x 3 scenarios x 36 = 216 hands.
HANDS_PER_SCENARIO = 36
CHIP = 12


def chips(rng: random.Random, low: int, high: int) -> int:
    """A random multiple of 12 from ``low`` to ``high`` (both multiples of 12)."""
    return rng.randrange(low, high + 1, CHIP)


class Deal:
    """One hand dealt by both engines, kept in step."""

    def __init__(self, setup: HandSetup) -> None:
        self.hand = Hand(setup)
        self.oracle = Oracle(setup, pk.Mode.CASH_GAME)
        self.oracle.deal_like(self.hand)

    @property
    def street(self) -> int:
        return self.hand.street_index

    def act(self, action: Action) -> None:
        legal = self.hand.legal_actions()
        assert self.oracle.state.actor_index == legal.player, (legal.player, self.hand.actions)
        self.hand.act(legal.player, action)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            self.oracle.act(action)
        self.oracle.deal_like(self.hand)

    def pokerkit_checks_around_before_the_flop(self) -> None:
        """A bomb pot: we skip the betting before the flop; PokerKit, dealt
        antes and no blinds, has everyone check it."""
        state = self.oracle.state
        while state.actor_index is not None and state.street_index == 0:
            state.check_or_call()
        self.oracle.deal_like(self.hand)

    def all_in_on(self, street: int, rng: random.Random) -> None:
        """Check to ``street``, open it with a random bet, then everyone raises
        as much as they may until the betting ends."""
        hand = self.hand
        while not hand.is_complete and hand.phase is Phase.BETTING and self.street < street:
            self.act(CheckOrCall())
        first = True
        while hand.phase is Phase.BETTING:
            legal = hand.legal_actions()
            if not legal.can_raise:
                self.act(CheckOrCall())
            elif first:
                self.act(BetOrRaise(chips(rng, legal.min_raise_to, legal.max_raise_to)))
            else:
                self.act(BetOrRaise(legal.max_raise_to))
            first = False

    def choose(self, rng: random.Random) -> None:
        """Both engines ask the same players; each says twice, now and then once."""
        hand, state = self.hand, self.oracle.state
        assert hand.phase is Phase.RUN_IT_TWICE, hand.events
        asked = sorted(hand.runout_choosers)
        assert list(state.runout_count_selector_indices) == asked
        said = {player: 2 if rng.random() < 0.85 else 1 for player in asked}
        for player in asked:  # PokerKit takes them in index order
            if hand.phase is Phase.RUN_IT_TWICE:
                hand.act(player, ChooseRunouts(said[player]))
            state.select_runout_count(said[player])
        self.oracle.deal_like(self.hand)


def heads_up(code: str, rng: random.Random) -> Deal:
    stacks = (chips(rng, 96, 1200), chips(rng, 96, 1200))
    setup = HandSetup(
        VARIANTS[code],
        stacks,
        blinds=(CHIP, 2 * CHIP),
        min_bet=2 * CHIP,
        deck=Deck.shuffled(VARIANTS[code].deck, rng).order,
        run_it_twice=True,
    )
    deal = Deal(setup)
    deal.act(CheckOrCall())  # the button completes
    deal.act(CheckOrCall())  # the big blind checks
    deal.all_in_on(rng.choice((1, 2)), rng)
    return deal


def bomb_pot(code: str, rng: random.Random) -> Deal:
    players = rng.choice((2, 3))
    setup = HandSetup(
        VARIANTS[code],
        tuple(chips(rng, 96, 1200) for _ in range(players)),
        antes=(2 * CHIP,) * players,
        min_bet=2 * CHIP,
        deck=Deck.shuffled(VARIANTS[code].deck, rng).order,
        run_it_twice=True,
        bomb_pot=True,
    )
    deal = Deal(setup)
    deal.pokerkit_checks_around_before_the_flop()
    assert deal.street == 1 and len(deal.hand.board) == 3
    deal.all_in_on(rng.choice((1, 2)), rng)
    return deal


def three_handed_fold_on_the_turn(code: str, rng: random.Random) -> Deal:
    """Player ``short`` is all in on the flop (at most the pot, so all in even at
    pot limit) and called by both others; on the turn one of them bets and
    the other folds."""
    short = rng.randrange(3)
    stacks = [chips(rng, 600, 1200) for _ in range(3)]
    stacks[short] = 2 * CHIP + chips(rng, CHIP, 6 * CHIP)
    setup = HandSetup(
        VARIANTS[code],
        tuple(stacks),
        blinds=(CHIP, 2 * CHIP, 0),
        min_bet=2 * CHIP,
        deck=Deck.shuffled(VARIANTS[code].deck, rng).order,
        run_it_twice=True,
    )
    deal = Deal(setup)
    hand = deal.hand
    while deal.street == 0:
        deal.act(CheckOrCall())
    while deal.street == 1:
        legal = hand.legal_actions()
        if legal.player == short and legal.can_raise:
            deal.act(BetOrRaise(legal.max_raise_to))
        else:
            deal.act(CheckOrCall())
    assert hand.is_all_in(short) and not hand.is_complete
    assert hand.phase is Phase.BETTING  # the others still bet on the turn
    while hand.phase is Phase.BETTING:
        legal = hand.legal_actions()
        if legal.call_amount == 0 and legal.can_raise:
            deal.act(BetOrRaise(chips(rng, legal.min_raise_to, legal.max_raise_to)))
        else:
            deal.act(Fold())
    return deal


DEALS = {
    "heads-up": heads_up,
    "bomb pot": bomb_pot,
    "three-handed, fold on the turn": three_handed_fold_on_the_turn,
}


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("code", GAMES)
def test_a_board_run_twice_after_a_later_all_in_matches_pokerkit(code: str, scenario: str) -> None:
    twice = 0
    for seed in range(HANDS_PER_SCENARIO):
        rng = random.Random(f"{code} {scenario} {seed}")
        deal = DEALS[scenario](code, rng)
        hand, state = deal.hand, deal.oracle.state
        where = f"{code}, {scenario}, seed {seed}: {hand.actions}"
        assert any(isinstance(e, RunItTwiceOffered) for e in hand.events), where
        offered_at = hand.street_index
        assert offered_at in (1, 2), where  # the flop or the turn, not before the flop
        assert len(hand.board) == {1: 3, 2: 4}[offered_at], where
        deal.choose(rng)
        assert hand.is_complete and deal.oracle.is_complete, where
        assert hand.runouts == (state.runout_count or 1), where
        twice += hand.runouts == 2
        ours = [[str(card) for card in board] for board in hand.boards]
        theirs = [
            [repr(card) for card in state.get_board_cards(run)] for run in range(hand.runouts)
        ]
        assert ours == theirs, where
        assert hand.stacks == list(deal.oracle.finishing_stacks), where
        # Our record replays; PokerKit's record of the same hand replays alike.
        ours_replayed = replay(HandHistory.from_hand(hand))
        assert ours_replayed.ok and ours_replayed.matches_recorded, (where, ours_replayed.error)
        text = pk.HandHistory.from_game_state(deal.oracle.game, state).dumps()
        theirs_replayed = replay(loads(text))
        assert theirs_replayed.ok, (where, theirs_replayed.error, text)
        assert theirs_replayed.hand is not None
        assert theirs_replayed.hand.boards == hand.boards, where
        assert theirs_replayed.hand.stacks == hand.stacks, where
    assert twice >= HANDS_PER_SCENARIO // 2  # most hands did run twice
