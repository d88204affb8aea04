"""Run it twice at every table of every game: offered exactly when the stub can
deal both runs with their burns, at whichever street the betting ends with a
run-out to come, and when offered both runs deal.

Each hand is dealt street by street (``pause_runouts``), so the hand stops
before the first card of its run-out; at that moment (or when it stops to ask
the players) the cards left in the stub are counted from what was dealt, and
the offer must come exactly when they hold, twice over, the board cards still
to come and a burn before each street that burns.
"""

from __future__ import annotations

import random
import zlib

import pytest

from engine.actions import BetOrRaise, CheckOrCall, ChooseRunouts, Discard, Fold
from engine.cards import Deck
from engine.events import RunItTwiceOffered
from engine.hand import Hand, HandSetup, Phase
from engine.home_rules import run_it_twice_refusal
from engine.phh import HandHistory, dumps, loads, replay
from engine.variants import VARIANTS, Variant

BOARD_GAMES = sorted(code for code, game in VARIANTS.items() if run_it_twice_refusal(game) is None)
TABLES = [
    (code, players) for code in BOARD_GAMES for players in range(2, VARIANTS[code].max_players + 1)
]


def all_in_streets(game: Variant) -> list[int]:
    """The betting streets after which board cards are still to come."""
    return [
        index
        for index, street in enumerate(game.streets)
        if street.betting and any(later.board for later in game.streets[index + 1 :])
    ]


def setup_for(game: Variant, players: int, live: set[int], seed: int) -> HandSetup:
    """Blinds 1-2; the live players hold a few chips more than the big blind
    (so they see every street by calling and are all in at the first bet),
    the others a deep stack they fold."""
    stacks = tuple(7 if player in live else 100 for player in range(players))
    return HandSetup(
        game,
        stacks,
        blinds=(1, 2) + (0,) * (players - 2),
        min_bet=2,
        small_bet=10,
        big_bet=20,
        deck=Deck.shuffled(game.deck, random.Random(seed)).order,
        run_it_twice=True,
    )


def stub_left(hand: Hand) -> int:
    """The cards still in the stub, counted from what the hand dealt."""
    assert hand.setup.deck is not None
    dealt = sum(map(len, hand.hole_cards)) + sum(map(len, hand.discards))
    return len(hand.setup.deck) - dealt - sum(map(len, hand.boards)) - len(hand.burned)


def both_runs_needed(hand: Hand) -> int:
    """Twice the board cards still to come and the burns before them."""
    later = hand.variant.streets[hand.street_index + 1 :]
    return 2 * sum(street.board + (1 if street.burn else 0) for street in later)


def players_still_act(hand: Hand) -> bool:
    """Whether a street still to come asks the players for cards (discard, draw, point card)."""
    later = hand.variant.streets[hand.street_index + 1 :]
    return any(street.discard or street.draw or street.point_card for street in later)


def play(setup: HandSetup, live: set[int], all_in_street: int) -> tuple[Hand, bool | None]:
    """Deal ``setup`` to a run-out: the others fold, the live players call to
    ``all_in_street`` and bet all in there. Returns the hand, run twice
    whenever offered, and whether the stub held both runs when the hand first
    stopped before its run-out (``None``: it never did)."""
    hand = Hand(setup, pause_runouts=True)
    held: bool | None = None
    while not hand.is_complete:
        stopped = hand.phase is Phase.RUN_IT_TWICE or (
            hand.runout_due and not players_still_act(hand)
        )
        if stopped and held is None:
            held = both_runs_needed(hand) <= stub_left(hand)
        if hand.phase is Phase.RUN_IT_TWICE:
            for player in hand.runout_choosers:
                hand.act(player, ChooseRunouts(2))
            continue
        if hand.runout_due:
            hand.deal_runout()
            continue
        legal = hand.legal_actions()
        player = legal.player
        if legal.phase is Phase.DISCARDING:
            count = max(legal.discard_min, 1 if hand.street.point_card else 0)
            hand.act(player, Discard(tuple(hand.hole_cards[player][:count])))
        elif player not in live:
            hand.act(player, Fold() if legal.can_fold else CheckOrCall())
        elif hand.street_index >= all_in_street and legal.can_raise:
            hand.act(player, BetOrRaise(legal.max_raise_to))
        else:
            hand.act(player, CheckOrCall())
    return hand, held


@pytest.mark.parametrize(("code", "players"), TABLES)
def test_run_it_twice_is_offered_exactly_when_the_stub_holds_both_runs(
    code: str, players: int
) -> None:
    game = VARIANTS[code]
    for street in all_in_streets(game):
        for live in ({0, 1}, set(range(players))):
            seed = zlib.crc32(f"{code} {players} {street} {len(live)}".encode())
            setup = setup_for(game, players, live, seed)
            hand, held = play(setup, live, street)
            where = f"{code}, {players} players, {len(live)} all in at street {street}"
            offered = any(isinstance(event, RunItTwiceOffered) for event in hand.events)
            assert held is not None, where
            assert offered == held, where
            assert hand.is_complete and sum(hand.stacks) == sum(setup.starting_stacks), where
            if offered:
                assert hand.runouts == 2 and len(hand.boards) == 2, where
                full = sum(street.board for street in game.streets)
                assert [len(board) for board in hand.boards] == [full, full], where
                shared = next(
                    (k for k, (a, b) in enumerate(zip(*hand.boards, strict=True)) if a != b), full
                )
                cards = [card for cards in hand.hole_cards + hand.discards for card in cards]
                cards += hand.burned + hand.boards[0] + hand.boards[1][shared:]
                assert len(set(cards)) == len(cards), where  # no card dealt twice
            # Dealt in one step, the same hand deals the same cards.
            again = Hand.replay(setup, hand.actions)
            assert again.boards == hand.boards and again.stacks == hand.stacks, where
            # Its hand history replays to the same boards and stacks.
            replayed = replay(loads(dumps(HandHistory.from_hand(hand))))
            assert replayed.ok and replayed.matches_recorded, (where, replayed.error)
            assert replayed.hand is not None and replayed.hand.boards == hand.boards, where


@pytest.mark.parametrize(("code", "players"), [("NR", 3), ("PO", 10)])
def test_the_reported_tables_all_in_before_the_flop_run_the_board_once_unasked(
    code: str, players: int
) -> None:
    """Royal Hold'em three-handed (14 cards left, both runs need 16) and Omaha
    ten-handed (12 left): the second run was offered, and the last click asked
    the stub for a card it did not hold."""
    game = VARIANTS[code]
    setup = setup_for(game, players, {0, 1}, seed=24)
    hand, held = play(setup, {0, 1}, all_in_street=0)
    assert held is False
    assert not any(isinstance(event, RunItTwiceOffered) for event in hand.events)
    assert hand.is_complete and len(hand.boards) == 1 and len(hand.board) == 5
    assert sum(hand.stacks) == sum(setup.starting_stacks)


def test_ten_handed_omaha_all_in_on_the_flop_is_offered_once_the_stub_holds_both_runs() -> None:
    """Ten-handed Omaha, all in on the flop: 8 cards left, twice a turn and a
    river with their burns is 8."""
    game = VARIANTS["PO"]
    setup = setup_for(game, 10, {0, 1}, seed=24)
    hand, held = play(setup, {0, 1}, all_in_street=1)
    assert held is True and hand.runouts == 2
    assert hand.boards[0][:3] == hand.boards[1][:3]
    assert len(hand.burned) == 3 + 2  # every street of both runs burned a card


@pytest.mark.parametrize("code", sorted(code for code in VARIANTS if code not in BOARD_GAMES))
def test_games_without_one_board_are_never_dealt_with_run_it_twice(code: str) -> None:
    game = VARIANTS[code]
    with pytest.raises(ValueError, match="cannot run the board twice"):
        Hand(setup_for(game, 2, {0, 1}, seed=0))
