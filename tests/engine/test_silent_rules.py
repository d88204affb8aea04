"""Where the sources are silent or disagree, the engine decides (issue 24),
and these tests pin each decision (docs/PLAYERS.md, "Where the sources are silent"):
Manila's A-7-8-9-T, re-straddle sizes, and the ante a returning player owes
at a big-blind-ante table."""

from __future__ import annotations

import random

import pokerkit as pk

from engine.cards import parse_cards
from engine.evaluation import Category, Evaluation, evaluate
from engine.stakes import AnteKind, Stakes
from engine.table import MissedBlinds, Post
from tests.engine.test_table import button_on, make_table, play


def test_manila_a_7_8_9_t_is_no_straight_though_short_decks_a_6_7_8_9_is() -> None:
    """The Manila rules we found all say it (the ace plays high only, "A-7-8-9-10
    is not a straight"); PokerKit 0.7.7 has no Manila, and its 36-card short deck
    wraps the ace below the six, as the engine's short deck does. The decks
    differ, so do the rules: Manila keeps its sources' rule."""
    manila = evaluate(Evaluation.MANILA_HIGH, parse_cards("As7d"), parse_cards("8c9hTdKsQs"))
    assert manila is not None and manila.category is Category.HIGH_CARD
    short = evaluate(Evaluation.SHORT_DECK_HIGH, parse_cards("As6d"), parse_cards("7c8h9dKsQs"))
    assert short is not None and short.category is Category.STRAIGHT
    assert pk.ShortDeckHoldemLookup().get_entry("As6d7c8h9d").label is pk.Label.STRAIGHT
    assert not any(name.lower().startswith("manila") for name in dir(pk))


def test_a_player_back_at_a_big_blind_ante_table_posts_the_blinds_not_the_ante() -> None:
    """A big-blind ante is the whole table's ante, paid by whoever is in the big
    blind; a player who missed blinds and posts to come back posts the big blind
    live and the small blind dead, and no ante: the antes of the hands he missed
    were paid, and the big blind pays this hand's. (Waiting for the big blind, he
    pays the ante with it, as everyone does.)"""
    stakes = Stakes(5, 10, ante=10, ante_kind=AnteKind.BIG_BLIND)
    table = make_table({1: 11, 2: 12, 3: 13, 4: 14}, stakes=stakes, missed_blinds=MissedBlinds.POST)
    button_on(table, 1)
    play(table, 1)  # button 1, blinds 2 and 3
    table.sit_out(14)
    play(table, 2)  # the big blind, then the small blind, pass seat 4
    seat = table.seat_of(14)
    assert seat.missed_big_blind and seat.missed_small_blind
    table.sit_in(14)
    hand = table.start_hand(random.Random(3))
    deal = table.deal
    assert deal is not None and deal.big_blind_seat is not None
    back = deal.index_of(14)
    big = deal.seats.index(deal.big_blind_seat)
    assert deal.posts == (Post(14, live=10, dead=5),)
    assert hand.setup.antes[back] == 0 and hand.setup.antes[big] == 10
    assert sum(hand.setup.antes) == 10  # one ante for the table
