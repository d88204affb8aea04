"""A seat's view of a hand holds no card its seat may not see.

The rule of who saw what is :func:`engine.events.cards_seen_by`. Every card
anywhere in a :class:`SeatView` (found by walking all its fields, events
included, so a field added later is checked too) must be one the seat saw,
over many random hands of every variant, at every decision, for every seat.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from engine.actions import CheckOrCall, Discard
from engine.cards import Card, Deck
from engine.events import cards_seen_by
from engine.hand import Hand, HandSetup, Phase
from engine.seat_view import SeatView, seat_view
from engine.variants import VARIANTS, Variant
from tests.engine.dealing import random_action


def cards_in(value: object) -> Iterator[Card]:
    """Every card held anywhere inside ``value``: dataclass fields, tuples,
    lists, sets and dicts, however deeply nested."""
    if isinstance(value, Card):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from cards_in(getattr(value, field.name))
    elif isinstance(value, tuple | list | set | frozenset):
        for item in value:
            yield from cards_in(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from cards_in(key)
            yield from cards_in(item)


def leaked(view: SeatView, hand: Hand) -> set[Card]:
    """Cards in ``view`` its seat never saw."""
    return set(cards_in(view)) - cards_seen_by(hand.events, view.seat)


def random_setup(variant: Variant, rng: random.Random) -> HandSetup:
    players = rng.randint(2, min(variant.max_players, 6))
    stacks = tuple(rng.choice((40, 200, 1000)) for _ in range(players))
    deck = Deck.shuffled(variant.deck, rng).order
    if variant.uses_bring_in:
        return HandSetup(
            variant,
            stacks,
            antes=(2,) * players,
            bring_in=5,
            small_bet=10,
            big_bet=20,
            deck=deck,
        )
    if not variant.uses_blinds:  # five card draw: antes only
        return HandSetup(
            variant, stacks, antes=(5,) * players, small_bet=10, big_bet=20, min_bet=10, deck=deck
        )
    blinds = (10, 20) + (0,) * (players - 2) if players > 2 else (20, 10)
    return HandSetup(
        variant, stacks, blinds=blinds, min_bet=20, small_bet=20, big_bet=40, deck=deck
    )


def views_over_random_hands(seed: int, hands_per_variant: int) -> Iterator[tuple[SeatView, Hand]]:
    """Each seat's view at every step of random hands of every variant, with
    and without the automatic showdown (so showdown decisions are seen too)."""
    rng = random.Random(seed)
    for variant in VARIANTS.values():
        for k in range(hands_per_variant):
            hand = Hand(random_setup(variant, rng), auto_showdown=k % 2 == 0)
            while True:
                for seat in range(hand.player_count):
                    yield seat_view(hand, seat), hand
                if hand.is_complete:
                    break
                player, action = random_action(hand, rng)
                hand.act(player, action)


def test_no_view_holds_a_card_its_seat_did_not_see() -> None:
    checked = 0
    for view, hand in views_over_random_hands(seed=14, hands_per_variant=12):
        assert not leaked(view, hand), (hand.variant.code, view.seat, leaked(view, hand))
        checked += 1
    assert checked > 5000


def test_the_view_holds_what_the_seat_may_see() -> None:
    """Not an empty view: its own cards, the board and every up card are there."""
    for view, hand in views_over_random_hands(seed=5, hands_per_variant=2):
        seat = view.seat
        assert list(view.hole_cards) == hand.hole_cards[seat]
        assert list(view.board) == hand.board
        assert [list(board) for board in view.boards] == hand.boards
        for other in range(hand.player_count):
            if other != seat:
                assert set(hand.up_cards(other)) <= set(view.known_cards[other])


def hidden_card_of_an_opponent(hand: Hand, seat: int) -> Card | None:
    for other in range(hand.player_count):
        if other == seat:
            continue
        for card, up in zip(hand.hole_cards[other], hand.up[other], strict=True):
            if not up and card not in cards_seen_by(hand.events, seat):
                return card
    return None


def test_an_opponents_hidden_card_put_in_the_view_is_found() -> None:
    """The check is not blind: a view given an opponent's face-down card, or
    built from every event of the hand, fails it, in every variant."""
    for code, variant in VARIANTS.items():
        rng = random.Random(code)
        hand = Hand(random_setup(variant, rng))
        view = seat_view(hand, 0)
        hidden = hidden_card_of_an_opponent(hand, 0)
        assert hidden is not None, code
        assert leaked(dataclasses.replace(view, board=(*view.board, hidden)), hand) == {hidden}
        others = list(view.known_cards)
        others[1] = (*others[1], hidden)
        assert hidden in leaked(dataclasses.replace(view, known_cards=tuple(others)), hand)
        assert leaked(dataclasses.replace(view, events=tuple(hand.events)), hand), code


def test_legal_actions_only_on_the_seats_turn() -> None:
    for view, hand in views_over_random_hands(seed=9, hands_per_variant=2):
        if hand.is_complete:
            assert view.legal is None and view.actor is None
            continue
        legal = hand.legal_actions()
        assert view.actor == legal.player
        assert (view.legal is not None) == (view.seat == legal.player)


def test_a_draw_shows_how_many_cards_not_which() -> None:
    variant = VARIANTS["F2L3D"]
    rng = random.Random(3)
    hand = Hand(random_setup(variant, rng))
    while hand.phase is not Phase.DISCARDING:
        hand.act(hand.legal_actions().player, CheckOrCall())
    drawer = hand.legal_actions().player
    thrown = tuple(hand.hole_cards[drawer][:2])
    hand.act(drawer, Discard(thrown))
    watcher = (drawer + 1) % hand.player_count
    assert seat_view(hand, watcher).draw_counts(drawer) == (2,)
    assert not set(thrown) & set(cards_in(seat_view(hand, watcher)))
    assert set(seat_view(hand, drawer).discarded) == set(thrown)


@pytest.mark.parametrize("player", [-1, 2])
def test_no_view_for_a_player_not_in_the_hand(player: int) -> None:
    hand = Hand(random_setup(VARIANTS["NT"], random.Random(1)))
    if hand.player_count > 2 and player == 2:
        player = hand.player_count
    with pytest.raises(ValueError):
        seat_view(hand, player)


def test_a_view_does_not_change_with_the_cards_it_cannot_see() -> None:
    """Two deals alike but for the opponents' hole cards give the seat the
    same view at every step before the showdown: nothing hidden leaks, not
    even through a number."""
    rng = random.Random(21)
    for players in (2, 3, 6):
        order = list(Deck.shuffled(VARIANTS["NT"].deck, rng).order)
        other = list(order)
        # Hole cards go round one at a time: position p is player p % players's.
        for position in range(players * 2):
            if position % players:  # an opponent's: swap it with a card never dealt
                other[position], other[-1 - position] = other[-1 - position], other[position]
        blinds = (10, 20, *[0] * (players - 2)) if players > 2 else (20, 10)

        def deal(deck: list[Card], blinds: tuple[int, ...] = blinds) -> Hand:
            return Hand(
                HandSetup(
                    VARIANTS["NT"],
                    (1000,) * len(blinds),
                    blinds=blinds,
                    min_bet=20,
                    deck=tuple(deck),
                ),
                auto_showdown=False,
            )

        first, second = deal(order), deal(other)
        assert first.hole_cards[1] != second.hole_cards[1]
        while first.phase is not Phase.SHOWDOWN and not first.is_complete:
            assert seat_view(first, 0) == seat_view(second, 0)
            player = first.legal_actions().player
            for hand in (first, second):
                hand.act(player, CheckOrCall())
