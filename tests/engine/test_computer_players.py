"""Computer players: always legal, in every game and style; the same choices
from the same random numbers; and the plays a poker player would expect."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from engine.actions import Action, BetOrRaise, CheckOrCall, Discard, Fold
from engine.cards import Card, parse_cards
from engine.computer import DEFAULT_STYLE, STYLES, ComputerPlayer, style_named
from engine.hand import Hand, HandSetup, Phase
from engine.rotation import HORSE, PPC_2023, Rotation
from engine.seat_view import seat_view
from engine.show_choices import shows_seven_deuce
from engine.stakes import Stakes
from engine.table import Table, TableRules
from engine.variants import VARIANTS
from tests.engine.hand_builders import stacked_deck
from tests.engine.test_seat_view import random_setup

PLAYERS = [ComputerPlayer(style) for style in STYLES.values()]


def play(hand: Hand, players: Sequence[ComputerPlayer], rng: random.Random) -> list[Action]:
    """Play ``hand`` out with ``players[i]`` in hand index ``i``; every action
    goes through the engine, which refuses an illegal one."""
    taken: list[Action] = []
    while not hand.is_complete:
        player = hand.legal_actions().player
        view = seat_view(hand, player)
        action = players[player].decide(view, rng)
        assert view.legal is not None
        if view.legal.can_check:
            assert not isinstance(action, Fold), "folded when it could check"
        hand.act(player, action)
        taken.append(action)
    return taken


@pytest.mark.parametrize("code", list(VARIANTS))
def test_every_style_acts_legally_in_every_variant(code: str) -> None:
    rng = random.Random(code)
    for k in range(16):
        hand = Hand(random_setup(VARIANTS[code], rng), auto_showdown=k % 3 != 0)
        seated = [PLAYERS[(i + k) % len(PLAYERS)] for i in range(hand.player_count)]
        play(hand, seated, rng)
        assert sum(hand.stacks) == sum(hand.setup.starting_stacks) - hand.rake_taken


@pytest.mark.parametrize("rotation", [HORSE, PPC_2023], ids=lambda r: r.name)
def test_a_mixed_table_of_computer_players_plays_every_game_of_the_rotation(
    rotation: Rotation,
) -> None:
    table = Table(TableRules.mixed(rotation.every(2), Stakes(5, 10), seats=6))
    for player in range(6):
        table.sit(player, buy_in=1000)
    rng = random.Random(rotation.name)
    games: set[str] = set()
    for _ in range(2 * len(rotation.codes)):
        for seat in table.seats.values():
            if seat.stack == 0:
                table.top_up(seat.player, 1000)
        hand = table.start_hand(rng)
        games.add(hand.variant.code)
        play(hand, PLAYERS * 2, rng)
        table.finish_hand(hand)
    assert games == set(rotation.codes)


def test_the_same_random_numbers_give_the_same_choices() -> None:
    for code in ("NT", "PO/8", "F7S/8", "F2L3D", "FB", "NCP"):
        variant = VARIANTS[code]
        setup = random_setup(variant, random.Random(code))
        runs = [play(Hand(setup), PLAYERS, random.Random(7)) for _ in range(2)]
        assert runs[0] == runs[1], code


def test_styles_are_found_by_the_names_players_type() -> None:
    assert style_named("Tight aggressive") is STYLES["tight-aggressive"]
    assert style_named("calling_station") is STYLES["calling-station"]
    with pytest.raises(KeyError, match="known: balanced"):
        style_named("shark")
    assert DEFAULT_STYLE.name == "balanced"
    for style in STYLES.values():
        assert style.description.endswith(".") and style.description.count(". ") == 0
        assert style.message_key.startswith("computer.style.")


# --------------------------------------------------------------- sanity


def _holdem(deck: str, players: int, stack: int = 1000) -> Hand:
    blinds = (5, 10) + (0,) * (players - 2) if players > 2 else (10, 5)
    return Hand(
        HandSetup(
            VARIANTS["NT"],
            (stack,) * players,
            blinds=blinds,
            min_bet=10,
            deck=stacked_deck(deck),
        )
    )


def _deal_order(hands: list[str]) -> str:
    """Hold'em deals one card at a time: the first cards of every hand, then the second."""
    cards = [parse_cards(h) for h in hands]
    return "".join(str(c[0]) for c in cards) + "".join(str(c[1]) for c in cards)


def test_tight_aggressive_folds_seven_deuce_under_the_gun_at_a_full_table() -> None:
    hands = ["AsKd", "QsQd", "7c2d", "9h9s", "JcTc", "5h4h", "8d8c", "KhQh", "6s6d"]
    hand = _holdem(_deal_order(hands), players=9)
    assert hand.actor == 2  # under the gun holds 7-2 offsuit
    player = ComputerPlayer(STYLES["tight-aggressive"])
    for seed in range(30):
        assert player.decide(seat_view(hand, 2), random.Random(seed)) == Fold()


def test_every_style_raises_aces_first_in() -> None:
    hands = ["7c2d", "8h3s", "AsAh", "9c4d", "Tc5d", "Jh6s"]
    hand = _holdem(_deal_order(hands), players=6)
    assert hand.actor == 2
    for style in STYLES.values():
        action = ComputerPlayer(style).decide(seat_view(hand, 2), random.Random(1))
        assert isinstance(action, BetOrRaise), style.name


def test_aces_call_an_all_in_before_the_flop() -> None:
    hand = _holdem(_deal_order(["AsAh", "Kd7c"]), players=2)
    hand.act(1, BetOrRaise(1000))  # the button moves all in
    for style in STYLES.values():
        action = ComputerPlayer(style).decide(seat_view(hand, 0), random.Random(3))
        assert action == CheckOrCall(), style.name


def test_the_nuts_on_the_river_are_never_folded() -> None:
    # Hole cards for index 0 (big blind) and 1 (button), then burn, flop, burn, turn, burn, river.
    deck = _deal_order(["AhKh", "9c9d"]) + "2c" + "QhJhTh" + "3c" + "2s" + "4c" + "7d"
    for style in STYLES.values():
        rng = random.Random(style.name)
        hand = _holdem(deck, players=2)
        players = [ComputerPlayer(style), ComputerPlayer(STYLES["loose-aggressive"])]
        folded_nuts = False
        while not hand.is_complete:
            player = hand.legal_actions().player
            action = players[player].decide(seat_view(hand, player), rng)
            folded_nuts |= player == 0 and len(hand.board) >= 3 and action == Fold()
            hand.act(player, action)
        assert not folded_nuts and not hand.folded[0], style.name


def _triple_draw_at_last_draw(hole: str, opponent: str) -> Hand:
    """2-7 triple draw, heads-up, checked to the last draw; ``hole`` for index 0
    stays the same through the first two draws (everyone stands pat)."""
    deck = stacked_deck("".join(a + b for a, b in zip(_pairs(hole), _pairs(opponent), strict=True)))
    hand = Hand(
        HandSetup(
            VARIANTS["F2L3D"],
            (1000, 1000),
            blinds=(10, 5),
            small_bet=10,
            big_bet=20,
            min_bet=10,
            deck=deck,
        )
    )
    while True:
        legal = hand.legal_actions()
        if legal.phase is Phase.DISCARDING:
            if hand.street.name == "draw 3":
                return hand
            hand.act(legal.player, Discard())
        else:
            hand.act(legal.player, CheckOrCall())


def _pairs(text: str) -> list[str]:
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def test_a_made_seven_five_stands_pat_at_the_last_draw_of_triple_draw() -> None:
    hand = _triple_draw_at_last_draw("7h5d4c3s2h", "KcQdJh9s8c")
    me = 0  # the big blind draws first
    assert hand.legal_actions().player == me
    assert sorted(map(str, hand.hole_cards[me])) == sorted(_pairs("7h5d4c3s2h"))
    for style in STYLES.values():
        for seed in range(10):
            action = ComputerPlayer(style).decide(seat_view(hand, me), random.Random(seed))
            assert action == Discard(()), style.name


def test_a_rough_hand_breaks_and_keeps_its_low_cards_in_triple_draw() -> None:
    hand = _triple_draw_at_last_draw("KhKd4c3s2h", "9c8d7h6s5c")
    me = 0
    action = ComputerPlayer(STYLES["tight-aggressive"]).decide(
        seat_view(hand, me), random.Random(0)
    )
    assert isinstance(action, Discard)
    assert sorted(map(str, action.cards)) == ["Kd", "Kh"]


def _draw_hand(code: str, hole: str, opponent: str, hole_size: int) -> Hand:
    cards = [hole[i : i + 2] for i in range(0, len(hole), 2)]
    theirs = [opponent[i : i + 2] for i in range(0, len(opponent), 2)]
    deck = stacked_deck("".join(a + b for a, b in zip(cards, theirs, strict=True)))
    variant = VARIANTS[code]
    antes = () if variant.uses_blinds else (5, 5)
    blinds = (10, 5) if variant.uses_blinds else ()
    hand = Hand(
        HandSetup(
            variant,
            (1000, 1000),
            blinds=blinds,
            antes=antes,
            small_bet=10,
            big_bet=20,
            min_bet=10,
            deck=deck,
        )
    )
    assert len(hand.hole_cards[0]) == hole_size
    while hand.legal_actions().phase is not Phase.DISCARDING:
        hand.act(hand.legal_actions().player, CheckOrCall())
    while hand.legal_actions().player != 0:
        hand.act(hand.legal_actions().player, Discard())
    return hand


def test_a_low_badugi_stands_pat_and_a_three_card_badugi_draws_one() -> None:
    player = ComputerPlayer(DEFAULT_STYLE)
    pat = _draw_hand("FB", "Ac2d3h6s", "KcKdKhKs", 4)
    assert player.decide(seat_view(pat, 0), random.Random(1)) == Discard(())
    three = _draw_hand("FB", "Ac2d3h3s", "KcKdKhKs", 4)
    action = player.decide(seat_view(three, 0), random.Random(1))
    assert isinstance(action, Discard) and len(action.cards) == 1
    assert action.cards[0] in parse_cards("3h3s")


def test_five_card_draw_keeps_trips_and_draws_two() -> None:
    hand = _draw_hand("F5D", "9h9d9c3sKh", "2c4d6h8sTc", 5)
    action = ComputerPlayer(DEFAULT_STYLE).decide(seat_view(hand, 0), random.Random(1))
    assert isinstance(action, Discard)
    assert sorted(map(str, action.cards)) == ["3s", "Kh"]


def test_pineapple_throws_away_the_card_that_helps_least() -> None:
    deck = stacked_deck("AsQc" + "AhJd" + "7c2d")  # index 0: As Ah 7c; index 1: Qc Jd 2d
    hand = Hand(HandSetup(VARIANTS["NP"], (1000, 1000), blinds=(10, 5), min_bet=10, deck=deck))
    player = hand.legal_actions().player
    held: list[Card] = hand.hole_cards[player]
    action = ComputerPlayer(DEFAULT_STYLE).decide(seat_view(hand, player), random.Random(1))
    assert isinstance(action, Discard) and len(action.cards) == 1
    assert action.cards[0] == min(held, key=lambda c: c.rank)


def _won_without_a_showdown(hands: list[str], *, bounty: int) -> Hand:
    """Three-handed Hold'em at a table with a 7-2 bounty of ``bounty``: the
    button folds, the small blind raises, the big blind folds."""
    setup = HandSetup(
        VARIANTS["NT"],
        (1000, 1000, 1000),
        blinds=(5, 10, 0),
        min_bet=10,
        deck=stacked_deck(_deal_order(hands)),
        seven_deuce_bounty=bounty,
    )
    hand = Hand(setup)
    hand.act(2, Fold())
    hand.act(0, BetOrRaise(30))
    assert not any(ComputerPlayer(s).shows_after_the_hand(seat_view(hand, 0)) for s in PLAYERS)
    hand.act(1, Fold())
    assert hand.is_complete
    return hand


def test_every_style_shows_a_seven_deuce_that_collects_the_bounty_and_nothing_else() -> None:
    won = _won_without_a_showdown(["7c2d", "AsAh", "KhQh"], bounty=50)
    for player in PLAYERS:
        assert player.shows_after_the_hand(seat_view(won, 0)), player.style.name
        # Nobody who folded shows anything.
        assert not player.shows_after_the_hand(seat_view(won, 1))
        assert not player.shows_after_the_hand(seat_view(won, 2))
    # Showing all its cards is what collects the bounty.
    assert shows_seven_deuce(won, 0, won.hole_cards[0])
    # No bounty at the table, or a hand that is not seven-deuce: kept face down.
    no_bounty = _won_without_a_showdown(["7c2d", "AsAh", "KhQh"], bounty=0)
    ace_king = _won_without_a_showdown(["AcKd", "7h2s", "QhQs"], bounty=50)
    for player in PLAYERS:
        assert not player.shows_after_the_hand(seat_view(no_bounty, 0))
        assert not player.shows_after_the_hand(seat_view(ace_king, 0))
        assert not player.shows_after_the_hand(seat_view(ace_king, 1))  # folded its 7-2


def test_a_player_asked_out_of_turn_is_told_so() -> None:
    hand = _holdem(_deal_order(["AsAh", "Kd7c"]), players=2)
    with pytest.raises(ValueError, match="not this seat's turn"):
        ComputerPlayer().decide(seat_view(hand, 0), random.Random(1))
