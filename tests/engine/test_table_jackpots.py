"""Five card draw jackpots at a table: the draw rules reach every hand, a pot
nobody opened stays on the table for the next deal, and a pot left carried
when the game ends goes back to the players."""

from __future__ import annotations

import json

import pytest

from engine.actions import BetOrRaise, CheckOrCall, Discard, Fold
from engine.draws import DrawRules
from engine.errors import IllegalAction
from engine.hand import Hand, Phase
from engine.plain_data import table_from_data, table_to_data
from engine.stakes import AnteKind, Stakes
from engine.table import Table, TableRules
from tests.engine.dealing import Rigged

JACKPOTS = DrawRules(jackpots=True)
ANTES = Stakes(5, 10, ante=5, ante_kind=AnteKind.EVERY_PLAYER)
NOBODY_OPENS = ("2c 5d 8h Jc Ks", "3c 6d 9h Qc As", "4c 7d Th Kd 2s")
FIRST_OPENS = ("Jh Js 7c 4d 2h", "3c 6d 9h Qc As", "4c 7d Th Kd 2s")


def jackpot_table(players: int = 3) -> Table:
    table = Table(TableRules("F5D", ANTES, seats=6, draw_rules=JACKPOTS))
    for seat in range(1, players + 1):
        table.sit(100 + seat, seat, buy_in=1000)
    table.draw_for_button(Rigged(" ".join(["As", "2c", "3c", "4c", "5c", "6c"][:players])))
    return table


def dealt(*hands: str) -> Rigged:
    """A shuffle dealing these five-card hands, one card at a time round the table."""
    split = [hand.split() for hand in hands]
    return Rigged(" ".join(card for round_ in zip(*split, strict=True) for card in round_))


def check_around(hand: Hand) -> None:
    """Everyone checks (or folds if they cannot) and stands pat."""
    while not hand.is_complete:
        legal = hand.legal_actions()
        if legal.phase is Phase.DISCARDING:
            hand.act(legal.player, Discard(()))
        else:
            hand.act(legal.player, CheckOrCall() if legal.can_check else Fold())


def test_jackpots_reach_the_hand_with_everyones_ante() -> None:
    table = jackpot_table()
    hand = table.start_hand(dealt(*NOBODY_OPENS))
    assert hand.setup.draw_rules == JACKPOTS
    assert hand.setup.antes == (5, 5, 5) and hand.setup.carried_pot == 0
    legal = hand.legal_actions()
    with pytest.raises(IllegalAction, match="jacks or better"):
        hand.act(legal.player, BetOrRaise(10))


def test_a_pot_nobody_opened_waits_on_the_table_for_the_next_deal() -> None:
    table = jackpot_table()
    hand = table.start_hand(dealt(*NOBODY_OPENS))
    check_around(hand)
    result = table.finish_hand(hand)
    assert table.carried_pot == 15
    assert result.stacks == {101: 995, 102: 995, 103: 995}
    assert table.chips_in_play + table.carried_pot == 3000

    following = table.start_hand(dealt(*FIRST_OPENS))
    assert following.setup.carried_pot == 15 and following.pot_total == 30
    assert table.deal is not None
    opener = table.deal.players[0]
    following.act(0, BetOrRaise(10))
    following.act(1, Fold())
    following.act(2, Fold())
    result = table.finish_hand(following)
    assert table.carried_pot == 0
    assert result.stacks[opener] == 995 - 5 + 30
    assert table.chips_in_play == 3000


def test_a_carried_pot_survives_saving_the_table() -> None:
    table = jackpot_table()
    hand = table.start_hand(dealt(*NOBODY_OPENS))
    check_around(hand)
    table.finish_hand(hand)
    again = table_from_data(table.rules, json.loads(json.dumps(table_to_data(table))))
    assert again.carried_pot == 15
    following = again.start_hand(dealt(*FIRST_OPENS))
    assert following.setup.carried_pot == 15 and following.setup.draw_rules == JACKPOTS
    # ... and the hand in progress, as logged, deals the same again.
    saved = table_from_data(again.rules, json.loads(json.dumps(table_to_data(again))))
    assert saved.deal == again.deal


def test_a_pot_left_carried_goes_back_to_the_players_in_equal_parts() -> None:
    table = jackpot_table()
    hand = table.start_hand(dealt(*NOBODY_OPENS))
    check_around(hand)
    table.finish_hand(hand)
    table.leave(103)  # forfeits nothing yet: the pot waits for the next deal
    assert table.carried_pot == 15
    assert table.share_out_carried_pot() == ((1, 8), (2, 7))
    assert [seat.stack for seat in table.seats.values()] == [1003, 1002]
    assert table.carried_pot == 0 and table.share_out_carried_pot() == ()


def test_jackpots_need_a_draw_game_without_blinds_and_an_ante() -> None:
    with pytest.raises(ValueError, match="five card draw"):
        TableRules("N2L1D", ANTES, seats=6, draw_rules=JACKPOTS)
    with pytest.raises(ValueError, match="five card draw"):
        TableRules("F7S", ANTES, seats=6, draw_rules=JACKPOTS)
    with pytest.raises(ValueError, match="ante from every player"):
        TableRules("F5D", Stakes(5, 10), seats=6, draw_rules=JACKPOTS)
    assert TableRules("F5D", ANTES, seats=6, draw_rules=JACKPOTS).draw_rules.jackpots


def test_players_all_leaving_with_a_hand_nobody_opened_take_its_pot() -> None:
    table = jackpot_table()
    hand = table.start_hand(dealt(*NOBODY_OPENS))
    for player in (101, 102, 103):
        assert table.leave(player).at_end_of_hand
    check_around(hand)
    result = table.finish_hand(hand)
    assert result.shared_pot == ((1, 5), (2, 5), (3, 5))
    assert sorted(cash_out.amount for cash_out in result.cash_outs) == [1000, 1000, 1000]
    assert table.carried_pot == 0 and not table.seats


def test_the_last_player_leaving_between_hands_takes_the_pot() -> None:
    table = jackpot_table(players=2)
    hand = table.start_hand(dealt(*NOBODY_OPENS[:2]))
    check_around(hand)
    table.finish_hand(hand)
    assert table.carried_pot == 10
    assert table.leave(101).cash_out == 995
    departure = table.leave(102)
    assert (departure.cash_out, departure.carried_share) == (1005, 10)
    assert table.carried_pot == 0
