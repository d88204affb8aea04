"""A mixed table: the game switches at the right moment, and the button, the
blinds, the antes and the bring-in stay right across each switch."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from engine.actions import CheckOrCall, Discard, Fold, PostBringIn
from engine.hand import Hand, Phase
from engine.plain_data import table_from_data, table_to_data
from engine.rotation import HORSE, HOSE, PPC_2023, Rotation
from engine.stakes import AnteKind, Stakes
from engine.table import Deal, MissedBlinds, Table, TableRules
from tests.engine.dealing import Rigged

STAKES = Stakes(5, 10)


def fold_out(hand: Hand) -> None:
    """Bring in when due, fold when possible, check otherwise, throw away as
    few cards as allowed: the hand ends quickly in every game."""
    while not hand.is_complete:
        legal = hand.legal_actions()
        if legal.phase is Phase.DISCARDING:
            held = hand.hole_cards[legal.player]
            hand.act(legal.player, Discard(tuple(held[: legal.discard_min])))
        elif legal.can_post_bring_in:
            hand.act(legal.player, PostBringIn())
        elif legal.can_fold:
            hand.act(legal.player, Fold())
        else:
            hand.act(legal.player, CheckOrCall())


def mixed_table(
    rotation: Rotation, seats: list[int], *, seat_count: int = 8, button: int | None = None
) -> Table:
    """A mixed table at 5/10 with a player (100 + seat) in each of ``seats``,
    the first button drawn to ``button`` (default: the first seat)."""
    table = Table(TableRules.mixed(rotation, STAKES, seats=seat_count))
    for seat in seats:
        table.sit(100 + seat, seat, buy_in=1000)
    winner = seats[0] if button is None else button
    low_clubs = iter(["2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc"])
    table.draw_for_button(
        Rigged(" ".join("As" if seat == winner else next(low_clubs) for seat in sorted(seats)))
    )
    return table


def play(
    table: Table,
    hands: int,
    between: Callable[[Table, int], None] | None = None,
) -> list[Deal]:
    """Deal and finish ``hands`` hands, calling ``between(table, k)`` before hand k (1-based)."""
    deals: list[Deal] = []
    for k in range(1, hands + 1):
        if between is not None:
            between(table, k)
        hand = table.start_hand(random.Random(k))
        assert table.deal is not None
        deals.append(table.deal)
        fold_out(hand)
        table.finish_hand(hand)
    return deals


def games(deals: list[Deal]) -> list[str]:
    return [deal.setup.variant.code for deal in deals]


def buttons(deals: list[Deal]) -> list[int]:
    return [deal.button_seat for deal in deals]


def test_six_players_play_six_hands_of_each_game_of_horse() -> None:
    table = mixed_table(HORSE, [1, 2, 3, 4, 5, 6])
    deals = play(table, 31)
    assert games(deals) == (
        ["FT"] * 6 + ["FO/8"] * 6 + ["FR"] * 6 + ["F7S"] * 6 + ["F7S/8"] * 6 + ["FT"]
    )
    # Hold'em and Omaha: the button goes round once each, the blinds behind it.
    assert buttons(deals[:12]) == [1, 2, 3, 4, 5, 6] * 2
    assert [(d.small_blind_seat, d.big_blind_seat) for d in deals[:3]] == [(2, 3), (3, 4), (4, 5)]
    # After the three stud games Hold'em's button is one seat on from Omaha's last.
    assert deals[30].button_seat == 1
    assert (deals[30].small_blind_seat, deals[30].big_blind_seat) == (2, 3)
    assert table.chips_in_play == 6 * 1000


def test_the_switch_comes_after_the_sixth_hand_and_is_announced_ahead() -> None:
    table = mixed_table(HORSE, [1, 2, 3, 4, 5, 6])
    play(table, 3)
    outlook = table.game_outlook()
    assert outlook is not None
    assert (outlook.game.code, outlook.next_game.code, outlook.hands_left) == ("FT", "FO/8", 3)
    assert outlook.by_orbit
    play(table, 2)
    table.start_hand(random.Random(6))  # the sixth hand, Hold'em's last
    outlook = table.game_outlook()
    assert outlook is not None and (outlook.game.code, outlook.hands_left) == ("FT", 1)
    assert table.deal is not None
    hand = Hand(table.deal.setup)
    fold_out(hand)
    table.finish_hand(hand)
    assert table.next_variant.code == "FO/8"
    outlook = table.game_outlook()
    assert outlook is not None
    assert (outlook.game.code, outlook.next_game.code, outlook.hands_left) == ("FO/8", "FR", 6)


def test_each_game_is_dealt_at_the_stakes_of_one_limit() -> None:
    """At 5/10: blinds 5/10 and bets 10/20 in Hold'em and Omaha; in the stud
    games everyone antes 1, the bring-in is 5, the bets 10/20, no blinds."""
    table = mixed_table(HORSE, [1, 2, 3, 4, 5, 6])
    deals = play(table, 30)
    holdem, omaha, razz, stud, stud8 = (deals[k].setup for k in (0, 6, 12, 18, 24))
    for setup in (holdem, omaha):
        assert sorted(setup.blinds) == [0, 0, 0, 0, 5, 10]
        assert (setup.small_bet, setup.big_bet, setup.antes, setup.bring_in) == (10, 20, (), 0)
    for setup in (razz, stud, stud8):
        assert setup.blinds == ()
        assert setup.antes == (1,) * 6
        assert (setup.bring_in, setup.small_bet, setup.big_bet) == (5, 10, 20)


def test_the_ppc_mix_plays_its_big_bet_games_at_smaller_blinds_with_a_big_blind_ante() -> None:
    table = mixed_table(PPC_2023, [1, 2, 3, 4, 5, 6], seat_count=6)
    deals = play(table, 54)
    assert games(deals)[::6] == list(PPC_2023.codes)
    by_game = {deal.setup.variant.code: deal for deal in deals}
    for code in ("NT", "PO", "N2L1D"):
        deal = by_game[code]
        setup = deal.setup
        assert sorted(setup.blinds) == [0, 0, 0, 0, 2, 5], code
        big = deal.seats.index(deal.big_blind_seat) if deal.big_blind_seat is not None else -1
        assert [setup.antes[i] for i in range(6) if i != big] == [0] * 5
        assert setup.antes[big] == 5 and setup.min_bet == 5
    for code in ("FT", "FO/8", "F2L3D"):
        assert sorted(by_game[code].setup.blinds)[-2:] == [5, 10]
        assert (by_game[code].setup.small_bet, by_game[code].setup.big_bet) == (10, 20)
    assert table.chips_in_play == 6 * 1000


def test_a_player_sitting_out_through_the_stud_games_owes_nothing_back_at_holdem() -> None:
    def between(table: Table, k: int) -> None:
        if k == 13:  # Razz begins
            table.sit_out(103)
        if k > 13 and table.next_variant.code == "FT":  # Hold'em is back
            table.sit_in(103)

    table = mixed_table(HORSE, [1, 2, 3, 4, 5, 6])
    deals = play(table, 28, between)
    # Five players in the stud games: five hands each, then Hold'em.
    assert games(deals)[12:28] == ["FR"] * 5 + ["F7S"] * 5 + ["F7S/8"] * 5 + ["FT"]
    assert all(3 not in deal.seats for deal in deals[12:27])
    holdem = deals[27]
    # The blinds move on from Omaha's last hand (button 6, blinds 1 and 2): the
    # big blind is seat 3's, posted as any big blind, nothing more.
    assert (holdem.button_seat, holdem.small_blind_seat, holdem.big_blind_seat) == (1, 2, 3)
    assert 3 in holdem.seats and holdem.posts == ()
    assert not table.seat_of(103).owes_blinds


def test_the_blinds_missed_in_a_flop_game_are_still_owed_after_the_stud_games() -> None:
    def between(table: Table, k: int) -> None:
        if k == 9:  # Omaha's third hand: the big blind passes seat 5, then the small
            table.sit_out(105)
        if k == 13:
            table.sit_in(105, MissedBlinds.POST)

    table = mixed_table(HORSE, [1, 2, 3, 4, 5, 6])
    deals = play(table, 31, between)
    assert 5 not in deals[8].seats and deals[8].big_blind_seat == 6
    # Omaha's button skips the empty seat: five hands of Omaha, then Razz.
    assert games(deals)[6:12] == ["FO/8"] * 5 + ["FR"]
    # Razz deals seat 5 in without asking for blinds; the debt waits for Hold'em.
    assert 5 in deals[12].seats and deals[12].posts == ()
    holdem = next(deal for deal in deals[12:] if deal.setup.variant.code == "FT")
    posted = {post.player: (post.live, post.dead) for post in holdem.posts}
    assert posted == {105: (10, 5)}
    assert not table.seat_of(105).owes_blinds


def test_a_newcomer_during_stud_antes_at_once_and_waits_for_the_big_blind_at_holdem() -> None:
    def between(table: Table, k: int) -> None:
        if k == 15:
            table.sit(108, 8, buy_in=1000)

    table = mixed_table(HORSE, [1, 2, 3, 4, 5, 6])
    deals = play(table, 38, between)
    assert 8 in deals[14].seats and deals[14].setup.antes == (1,) * 7
    # The stud marker had not yet passed seat 8: Razz gets a seventh hand, and
    # the other stud games seven each.
    assert games(deals)[12:34] == ["FR"] * 7 + ["F7S"] * 7 + ["F7S/8"] * 7 + ["FT"]
    assert buttons(deals[33:38]) == [1, 2, 3, 4, 5]
    dealt_in = [8 in deal.seats for deal in deals[33:38]]
    assert dealt_in == [False, False, False, False, True]
    assert deals[37].big_blind_seat == 8 and deals[37].posts == ()


def test_the_orbit_ends_when_the_button_passes_a_seat_its_player_left() -> None:
    def between(table: Table, k: int) -> None:
        if k == 3:
            table.leave(101)

    table = mixed_table(HORSE, [1, 2, 3, 4, 5, 6])
    deals = play(table, 12, between)
    assert games(deals) == ["FT"] * 6 + ["FO/8"] * 5 + ["FR"]
    assert buttons(deals) == [1, 2, 3, 4, 5, 6, 2, 3, 4, 5, 6, 2]


def test_a_player_busting_mid_orbit_shortens_the_orbit() -> None:
    table = Table(TableRules.mixed(HORSE, STAKES, seats=4, min_buy_in=10))
    for seat in (1, 2, 3, 4):
        table.sit(100 + seat, seat, buy_in=10 if seat == 3 else 1000)
    table.draw_for_button(Rigged("As 2c 3c 4c"))
    # Seat 3 is all in on the big blind with 7-2; seat 4 calls with aces and
    # wins; the others fold.
    hand = table.start_hand(Rigged("9c 7d Ah 3s Tc 2h Ad 4s 5h 6h Kd 8s Qd 8c Jh"))
    assert table.deal is not None and table.deal.seats == (2, 3, 4, 1)
    while not hand.is_complete:
        legal = hand.legal_actions()
        hand.act(legal.player, CheckOrCall() if legal.player == 2 else Fold())
    table.finish_hand(hand)
    assert table.seat_of(103).busted
    deals = play(table, 8)
    assert all(3 not in deal.seats for deal in deals)
    # Hold'em's orbit began with the button on seat 1: its button goes 2, 3
    # (dead: the busted player's seat keeps it), 4, and Omaha begins on 1.
    assert games(deals) == ["FT"] * 3 + ["FO/8"] * 3 + ["FR"] * 2
    assert buttons(deals) == [2, 3, 4, 1, 2, 4, 1, 2]
    assert table.chips_in_play == 3010


def test_heads_up_each_game_lasts_two_hands_and_the_button_alternates() -> None:
    table = mixed_table(HORSE, [2, 5], seat_count=6)
    deals = play(table, 12)
    assert games(deals) == [code for code in HORSE.codes for _ in range(2)] + ["FT"] * 2
    assert buttons(deals) == [2, 5] * 6
    holdem = deals[0]
    assert holdem.small_blind_seat == holdem.button_seat == 2 and holdem.big_blind_seat == 5


def test_every_n_hands_counts_hands_whoever_comes_and_goes() -> None:
    def between(table: Table, k: int) -> None:
        if k == 3:
            table.sit(104, 4, buy_in=1000)
        if k == 6:
            table.leave(101)

    table = mixed_table(HOSE.every(4), [1, 2, 3], seat_count=6)
    deals = play(table, 13, between)
    assert games(deals) == ["FT"] * 4 + ["FO/8"] * 4 + ["F7S"] * 4 + ["F7S/8"]
    outlook = table.game_outlook()
    assert outlook is not None and not outlook.by_orbit
    assert (outlook.game.code, outlook.hands_left) == ("F7S/8", 3)


def test_a_saved_mixed_table_goes_on_where_it_was() -> None:
    table = mixed_table(HORSE, [1, 2, 3, 4, 5, 6])
    play(table, 15)  # in the middle of Razz
    saved = json.loads(json.dumps(table_to_data(table)))
    again = table_from_data(table.rules, saved)
    assert again.rotation_position == table.rotation_position
    assert again.blind_positions == table.blind_positions
    assert again.variant.code == "FR" and again.game_outlook() == table.game_outlook()
    first, second = play(table, 20), play(again, 20)
    assert games(first) == games(second)
    assert buttons(first) == buttons(second)
    assert games(first)[:3] == ["FR"] * 3 and games(first)[15] == "FT"


def test_a_table_in_a_hand_of_stud_restores_with_its_game() -> None:
    table = mixed_table(HORSE, [1, 2, 3])
    play(table, 6)
    table.start_hand(random.Random(1))
    assert table.variant.code == "FR"
    again = table_from_data(table.rules, json.loads(json.dumps(table_to_data(table))))
    assert again.deal == table.deal and again.variant.code == "FR"


def test_mixed_table_configurations_are_checked() -> None:
    with pytest.raises(ValueError, match="2 to 8 seats"):
        TableRules.mixed(HORSE, STAKES, seats=9)
    with pytest.raises(ValueError, match="starts with FT"):
        TableRules("FO/8", STAKES, rotation=HORSE)
    with pytest.raises(ValueError, match="two blinds"):
        TableRules.mixed(HORSE, Stakes(5, 10, ante=1, ante_kind=AnteKind.EVERY_PLAYER))
    assert TableRules.mixed(PPC_2023, STAKES, seats=6).rotation == PPC_2023
    with pytest.raises(ValueError, match="2 to 6 seats"):
        TableRules.mixed(PPC_2023, STAKES, seats=7)


def test_a_table_of_one_game_has_no_outlook_and_keeps_its_game() -> None:
    table = Table(TableRules("FT", STAKES, seats=6))
    for seat in (1, 2, 3):
        table.sit(100 + seat, seat, buy_in=1000)
    deals = play(table, 8)
    assert table.game_outlook() is None
    assert set(games(deals)) == {"FT"}
