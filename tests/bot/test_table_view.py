"""The table's view is a pure function of its state: an engine table and a hand
in, what everyone may see out, with no database, no event loop and no clock."""

from __future__ import annotations

import random

from bot.render.table_message import table_message
from bot.tables.clock import Moment
from bot.tables.state import LiveHand, Player, TableState
from bot.tables.table_store import TableRecord
from bot.tables.view import choices, private_view, table_view
from engine import BetOrRaise, CheckOrCall, RaiseSize, Table
from tests.bot.table_fakes import config

NAMES = {11: "Ann", 12: "Ben", 13: "Cat"}
MOMENT = Moment(now=100.0, wall_now=1_700_000_000.0)


def dealt(stacks: tuple[int, ...] = (500, 500, 500), **changes: object) -> TableState:
    settings = config(**changes)
    rules = settings.rules()
    state = TableState(TableRecord(7, 1, 2, 3), settings, rules, Table(rules))
    for (user_id, name), stack in zip(NAMES.items(), stacks, strict=True):
        state.table.sit(user_id, buy_in=stack)
        state.players[user_id] = Player(user_id, name)
    hand = state.table.start_hand(random.Random(2))
    assert state.table.deal is not None
    state.live = LiveHand(1, state.table.deal, hand, deadline=130.0)
    return state


def test_the_view_of_a_hand_names_whose_turn_it_is_and_when_the_clock_acts() -> None:
    state = dealt()
    live = state.live
    assert live is not None
    view = table_view(state, MOMENT)
    actor = live.deal.players[live.hand.to_act or 0]
    assert view.actor_id == actor and view.actor_name == NAMES[actor]
    assert view.deadline == 1_700_000_030
    assert view.pots == (15,)
    assert [line.name for line in view.seats] == ["Ann", "Ben", "Cat"]
    assert sum(line.to_act for line in view.seats) == 1
    assert view.choices == choices(live.hand)
    assert view.choices is not None and dict(view.choices.quick_sizes)[RaiseSize.MIN] == 20
    assert "Pot: **15**" in table_message(view, "en").public_text()


def test_the_view_shows_no_face_down_card_but_the_owner_sees_theirs() -> None:
    state = dealt()
    live = state.live
    assert live is not None
    text = table_message(table_view(state, MOMENT), "en").public_text()
    for index, cards in enumerate(live.hand.hole_cards):
        assert not any(card.symbol in text for card in cards)
        assert private_view(state, live, index).cards == tuple(cards)


def test_the_big_blind_ante_is_dead_money_in_the_main_pot() -> None:
    """The short big blind (Ann, 60 chips) posts the ante and is all in after a
    raise to 100 and a call: 3 x 50 + the ante of 10 make the main pot, the
    side pot is 2 x 50 (the table once counted the ante as Ann's bet: 180/80)."""
    state = dealt(ante=10, big_blind_ante=True, min_buy_in=50, stacks=(60, 500, 500))
    live = state.live
    assert live is not None and live.deal.players == (13, 11, 12)  # Ann is the big blind
    hand = live.hand
    hand.act(2, BetOrRaise(100))
    hand.act(0, CheckOrCall())
    hand.act(1, CheckOrCall())
    assert len(hand.board) == 3
    view = table_view(state, MOMENT)
    assert view.pots == (160, 100)
    assert "Main pot: **160** · Side pot: **100**" in table_message(view, "en").public_text()
