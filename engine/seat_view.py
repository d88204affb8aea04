"""What one seat can see of a hand: :class:`SeatView`, built by :func:`seat_view`.

A seat sees its own cards, every public card (the board, up cards, hands shown,
an ace kept to draw four), the chips (stacks, bets, pots), the action so far as
the events it was shown, whose turn it is, its own legal actions when it is its
turn, and the variant and stakes. It never sees another player's face-down
cards, the deck order or the burned cards: :func:`seat_view` copies nothing
else out of the hand. A computer player decides from this view alone, and a
human's private view shows the same.

>>> from engine.cards import parse_cards
>>> from engine.hand import Hand, HandSetup, VARIANTS
>>> deck = tuple(parse_cards("AsAhKsKh2c7d9s3hJc4d5s"))
>>> hand = Hand(HandSetup(VARIANTS["NT"], (1000, 1000), blinds=(10, 5), min_bet=10, deck=deck))
>>> view = seat_view(hand, 1)
>>> [str(card) for card in view.hole_cards], view.board, view.is_my_turn
(['Ah', 'Kh'], (), True)
>>> view.legal.call_amount, view.pot_total, view.big_blind
(5, 15, 10)
>>> seat_view(hand, 0).legal is None  # not this seat's turn
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.cards import Card
from engine.draws import DrawRules
from engine.errors import IllegalAction
from engine.events import (
    CardsDiscarded,
    DrawAceShown,
    Event,
    HandShown,
    HoleCardsDealt,
    PlayerActed,
    StreetStarted,
    UpCardsDealt,
)
from engine.hand import Hand, LegalActions, Phase
from engine.pots import Pot
from engine.variants import Variant

__all__ = ["SeatView", "seat_view"]

#: Betting actions that put chips in voluntarily and those that raise.
_VOLUNTARY: Final = frozenset({"call", "bet", "raise", "complete"})
_AGGRESSIVE: Final = frozenset({"bet", "raise", "complete"})


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's view of a hand. Players are hand indices (0 is left of the
    button, the last index the button); ``seat`` is the viewer's.

    Per-player tuples have one entry per player. ``known_cards[p]`` are the
    cards of player ``p`` the viewer knows: all of its own, and of the others
    what they show face up or showed. ``events`` are the hand's events the
    viewer was shown: every public one and its own face-down cards.
    """

    variant: Variant
    seat: int
    player_count: int
    hole_cards: tuple[Card, ...]
    #: Which of the viewer's own cards lie face up (stud, an ace shown to draw four).
    hole_up: tuple[bool, ...]
    #: Cards the viewer threw away earlier in the hand (draw games, Pineapple).
    discarded: tuple[Card, ...]
    #: The (first) board.
    board: tuple[Card, ...]
    #: Every board, the first included (double-board games deal two).
    boards: tuple[tuple[Card, ...], ...]
    known_cards: tuple[tuple[Card, ...], ...]
    starting_stacks: tuple[int, ...]
    stacks: tuple[int, ...]
    #: This betting round's bets.
    bets: tuple[int, ...]
    #: Chips each player put into the pots on finished rounds (antes included).
    contributions: tuple[int, ...]
    folded: tuple[bool, ...]
    pots: tuple[Pot, ...]
    pot_total: int
    street: str
    street_index: int
    phase: Phase
    #: Who is to act now (bet, draw or show), or ``None``.
    actor: int | None
    #: The viewer's options when it is the viewer's turn, else ``None``.
    legal: LegalActions | None
    events: tuple[Event, ...]
    antes: tuple[int, ...]
    blinds: tuple[int, ...]
    bring_in: int
    min_bet: int
    small_bet: int
    big_bet: int
    carried_pot: int
    draw_rules: DrawRules
    #: The table's 7-2 bounty (0: none), a home-game option everyone knows.
    seven_deuce_bounty: int

    @property
    def is_my_turn(self) -> bool:
        return self.legal is not None

    @property
    def big_blind(self) -> int:
        """The unit the game is measured in: the big blind, else the small bet
        (stud and games played for antes), else the smallest bet."""
        return max(self.blinds, default=0) or self.small_bet or self.min_bet or 1

    @property
    def button(self) -> int:
        return self.player_count - 1

    @property
    def in_hand(self) -> tuple[int, ...]:
        """Players who have not folded, the viewer included if it has not."""
        return tuple(i for i in range(self.player_count) if not self.folded[i])

    @property
    def opponents(self) -> tuple[int, ...]:
        """Players still in the hand other than the viewer."""
        return tuple(i for i in self.in_hand if i != self.seat)

    @property
    def my_up_cards(self) -> tuple[Card, ...]:
        """The viewer's own face-up cards."""
        return tuple(c for c, up in zip(self.hole_cards, self.hole_up, strict=True) if up)

    def seen_cards(self) -> set[Card]:
        """Every card the viewer knows is out of the stub: its own (held or
        thrown away), the board and every card shown."""
        seen = set(self.hole_cards) | set(self.discarded)
        for cards in (*self.boards, *self.known_cards):
            seen.update(cards)
        return seen

    def actions(self) -> tuple[PlayerActed, ...]:
        """Every betting action so far, in order."""
        return tuple(e for e in self.events if isinstance(e, PlayerActed))

    def street_actions(self) -> tuple[PlayerActed, ...]:
        """The betting actions of the street being played."""
        found: list[PlayerActed] = []
        for event in self.events:
            if isinstance(event, StreetStarted):
                found = []
            elif isinstance(event, PlayerActed):
                found.append(event)
        return tuple(found)

    def actions_by_street(self) -> tuple[tuple[PlayerActed, ...], ...]:
        """Betting actions grouped by street, the first street first."""
        streets: list[list[PlayerActed]] = []
        for event in self.events:
            if isinstance(event, StreetStarted):
                streets.append([])
            elif isinstance(event, PlayerActed) and streets:
                streets[-1].append(event)
        return tuple(tuple(street) for street in streets)

    def draw_counts(self, player: int) -> tuple[int, ...]:
        """How many cards ``player`` drew or discarded at each draw so far (public)."""
        return tuple(
            e.count for e in self.events if isinstance(e, CardsDiscarded) and e.player == player
        )

    def raises_this_street(self) -> int:
        """Bets, raises and completions so far on this street."""
        return sum(1 for e in self.street_actions() if e.kind in _AGGRESSIVE)

    def voluntarily_in(self, player: int) -> bool:
        """Whether ``player`` put chips in by choice on the first betting street."""
        by_street = self.actions_by_street()
        first = next((s for s in by_street if s), ())
        return any(e.player == player and e.kind in _VOLUNTARY for e in first)


def seat_view(hand: Hand, player: int) -> SeatView:
    """The view of the hand from the seat of hand index ``player``."""
    if not 0 <= player < hand.player_count:
        raise ValueError(f"There is no player {player + 1} in this hand.")
    n = hand.player_count
    setup = hand.setup
    events = tuple(e for e in hand.events if e.visible_to is None or e.visible_to == player)
    known: list[list[Card]] = [[] for _ in range(n)]
    dealt_to_me: list[Card] = []
    for event in events:
        if isinstance(event, UpCardsDealt):
            known[event.player].extend(event.cards)
        elif isinstance(event, HandShown):
            known[event.player].extend(c for c in event.cards if c not in known[event.player])
        elif isinstance(event, DrawAceShown):
            if event.card not in known[event.player]:
                known[event.player].append(event.card)
        elif isinstance(event, HoleCardsDealt):
            dealt_to_me.extend(event.cards)
    own = tuple(hand.hole_cards[player])
    known[player] = list(own)
    held = set(own)
    actor: int | None = None
    legal: LegalActions | None = None
    if not hand.is_complete:
        try:
            options = hand.legal_actions()
        except IllegalAction:  # waiting for cards dealt by name: nobody is to act
            options = None
        if options is not None:
            actor = options.player
            if actor == player:
                legal = options
    return SeatView(
        variant=hand.variant,
        seat=player,
        player_count=n,
        hole_cards=own,
        hole_up=tuple(hand.up[player]),
        discarded=tuple(c for c in dealt_to_me if c not in held),
        board=tuple(hand.board),
        boards=tuple(tuple(board) for board in hand.boards),
        known_cards=tuple(tuple(cards) for cards in known),
        starting_stacks=setup.starting_stacks,
        stacks=tuple(hand.stacks),
        bets=tuple(hand.bets),
        contributions=tuple(hand.contributions),
        folded=tuple(hand.folded),
        pots=tuple(hand.pots()),
        pot_total=hand.pot_total,
        street=hand.street.name,
        street_index=hand.street_index,
        phase=hand.phase,
        actor=actor,
        legal=legal,
        events=events,
        antes=setup.antes,
        blinds=setup.blinds,
        bring_in=setup.bring_in,
        min_bet=setup.min_bet,
        small_bet=setup.small_bet,
        big_bet=setup.big_bet,
        carried_pot=setup.carried_pot,
        draw_rules=setup.draw_rules,
        seven_deuce_bounty=setup.seven_deuce_bounty,
    )
