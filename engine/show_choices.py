"""What a player may show once a hand is over, by choice.

At the showdown the choice is made in turn (:class:`engine.hand.Hand` with
``muck_choices``): a hand that can win is shown, and a player whose hand
cannot win shows or mucks it then, or the clock mucks it. A mucked hand is
dead: it is not shown afterwards. Once the hand is over, and until the next
one is dealt, only a player who won without a showdown (everyone else
folded) may still turn cards up: all of them or, in Hold'em (two hole cards
and a board), just one, and later the other (what was shown stays shown,
``shown``). Nobody else may show anything: a folded hand stays
folded, a hand shown at the showdown is shown, a mucked one stays mucked.

The cards shown become public like cards shown at a showdown; no other card
does. At a table with the 7-2 bounty, an uncontested winner holding
seven-deuce collects it by showing both cards (:func:`shows_seven_deuce`;
the table moves the chips, :meth:`engine.table.Table.pay_seven_deuce_bounty`).
Hands played before the show was a choice turned the seven-deuce up and paid
at once; :func:`seven_deuce_turned_up` says what that rule paid, so such a
hand can still be replayed as it was settled.

>>> from engine.hand import Hand, HandSetup
>>> from engine.variants import VARIANTS
>>> from engine.cards import parse_cards
>>> from engine.actions import Fold
>>> deck = tuple(parse_cards("AsAhKsKh2c7d9s3hJc4d5s6h"))
>>> hand = Hand(HandSetup(VARIANTS["NT"], (1000, 1000), blinds=(10, 5), min_bet=10, deck=deck))
>>> _ = hand.act(1, Fold())              # the small blind folds: no showdown
>>> options = show_options(hand, 0)
>>> options.whole, [str(card) for card in options.single]
(True, ['As', 'Ks'])
>>> show_options(hand, 1) is None        # a folded hand is not shown
True
>>> [str(card) for card in cards_to_show(hand, 0, card_index=1)]
['Ks']
>>> rest = show_options(hand, 0, shown=parse_cards("Ks"))   # the king shown: the ace may follow
>>> [str(card) for card in rest.cards], rest.single
(['As'], ())
>>> show_options(hand, 0, shown=parse_cards("AsKs")) is None
True
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from engine import home_rules
from engine.cards import Card
from engine.errors import IllegalAction
from engine.events import BountyPaid, HandMucked, HandShown
from engine.hand import Hand


@dataclass(frozen=True, slots=True)
class ShowOptions:
    """What the player may show: the cards not shown yet (all of them at once),
    and which of them one by one (each alone, while two or more are left)."""

    cards: tuple[Card, ...]
    whole: bool = True
    single: tuple[Card, ...] = ()


def _went_to_showdown(hand: Hand) -> bool:
    return any(isinstance(event, HandShown | HandMucked) for event in hand.events)


def _one_at_a_time(hand: Hand, player: int) -> bool:
    """Hold'em: two hole cards and a board, so one card may be shown alone."""
    return len(hand.hole_cards[player]) == 2 and any(
        street.board for street in hand.variant.streets
    )


def show_options(hand: Hand, player: int, shown: Collection[Card] = ()) -> ShowOptions | None:
    """What ``player`` may show now that ``hand`` is over, having shown
    ``shown`` of their cards since; ``None``: nothing (more)."""
    if not hand.is_complete or hand.folded[player]:
        return None
    cards = tuple(hand.hole_cards[player])
    if not cards or _went_to_showdown(hand) or hand.awarded[player] <= 0:
        return None
    left = tuple(card for card in cards if card not in shown)
    if not left:
        return None
    single = left if _one_at_a_time(hand, player) and len(left) > 1 else ()
    return ShowOptions(left, single=single)


def cards_to_show(
    hand: Hand, player: int, card_index: int | None = None, shown: Collection[Card] = ()
) -> tuple[Card, ...]:
    """The cards ``player`` shows: all those not in ``shown``, or the one at
    ``card_index`` among their hole cards where a single card may be shown;
    refused otherwise (a card shown already included)."""
    options = show_options(hand, player, shown)
    if options is None:
        raise IllegalAction("nothing_to_show")
    if card_index is None:
        return options.cards
    hole = hand.hole_cards[player]
    if not _one_at_a_time(hand, player) or not 0 <= card_index < len(hole):
        raise IllegalAction("show_all_or_nothing")
    if hole[card_index] not in options.cards:
        raise IllegalAction("card_shown_already")
    return (hole[card_index],)


def shows_seven_deuce(hand: Hand, player: int, shown: Collection[Card]) -> bool:
    """Whether ``player``, having shown ``shown`` of their cards after winning
    ``hand`` without a showdown, has shown the seven-deuce that collects the
    hand's 7-2 bounty: the hand plays one, ``player`` alone took the main pot
    with seven-deuce, and both cards are shown. (At a showdown the hand pays
    the bounty itself: the winning hand is shown there.)"""
    if not hand.setup.seven_deuce_bounty or show_options(hand, player) is None:
        return False
    if not set(hand.hole_cards[player]) <= set(shown):
        return False
    face_up = [index == player for index in range(hand.player_count)]
    return home_rules.seven_deuce_winner(hand.events, hand.hole_cards, shown=face_up) == player


def seven_deuce_turned_up(hand: Hand) -> BountyPaid | None:
    """The 7-2 bounty ``hand`` paid under the rule Croupier dealt by before
    the show became the winner's choice: a player who won without a showdown
    holding seven-deuce had it turned up at the end of the hand and collected
    at once, with the pots, from every other player dealt in (the bounty, or
    all they had left once the pots were awarded). Hands settled under that
    rule recorded the bounty in their results; replaying one needs what it
    paid. ``None``: that rule paid nothing beyond what the hand pays today (no
    bounty, a showdown, where the hand pays it itself, or no uncontested
    seven-deuce).

    >>> from engine.hand import Hand, HandSetup
    >>> from engine.variants import VARIANTS
    >>> from engine.cards import parse_cards
    >>> from engine.actions import Fold
    >>> deck = tuple(parse_cards("7sAh2dKh"))    # dealt one at a time: 7s 2d, Ah Kh
    >>> setup = HandSetup(VARIANTS["NT"], (1000, 30), blinds=(10, 5), min_bet=10, deck=deck,
    ...                   seven_deuce_bounty=50)
    >>> hand = Hand(setup)
    >>> _ = hand.act(1, Fold())              # the button folds to the seven-deuce
    >>> hand.finishing_stacks                # today: nothing is paid unless shown
    (1005, 25)
    >>> seven_deuce_turned_up(hand)          # then: all the folder had left, 25
    BountyPaid(winner=0, payments=((1, 25),))
    """
    if not hand.setup.seven_deuce_bounty or not hand.is_complete or _went_to_showdown(hand):
        return None
    turned_up = [True] * hand.player_count  # the winner's cards were turned up for them
    winner = home_rules.seven_deuce_winner(hand.events, hand.hole_cards, shown=turned_up)
    if winner is None:
        return None
    payments = home_rules.bounty_payments(
        winner, hand.setup.seven_deuce_bounty, hand.finishing_stacks, hand.player_count
    )
    return BountyPaid(winner, tuple(payments))
