"""What happened in a hand, and who may see it.

Every event names the one player allowed to see it in ``visible_to``, or
``None`` when the whole table may. Hole cards dealt face down are the only
private events; everything a player does is public.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from engine.cards import Card

#: What a betting action was, as :class:`PlayerActed` names it.
BetKind = Literal["fold", "check", "call", "bet", "raise", "complete", "bring-in"]
#: What a discard or draw was: cards thrown away without replacement, a draw,
#: or standing pat (a draw of none).
DiscardKind = Literal["discard", "draw", "stand_pat"]
#: Double Hold'em: a player set their point card (:class:`PointCardChosen`).
PointCardKind = Literal["point_card"]
#: Run it twice: a player asked for the rest of the board twice, or once.
RunoutKind = Literal["run_twice", "run_once"]
#: At the showdown, a hand that cannot win: its player showed it, or mucked it.
ShowdownKind = Literal["show", "muck"]
#: Every action a player takes in a hand.
ActionKind = BetKind | DiscardKind | PointCardKind | RunoutKind | ShowdownKind
#: The forced bets, as :class:`ForcedBetPosted` names them.
ForcedBetKind = Literal["ante", "dead small blind", "small blind", "big blind", "straddle", "post"]
#: Which part of a pot an award is: all of it, the high or the low half, or
#: one board's share in a double-board game.
PotShare = Literal["whole", "high", "low", "board 1", "board 2"]


class Event:
    """What every event has. A plain base, not a dataclass, so that events can
    be built quickly (:mod:`engine.fast_frozen`)."""

    __slots__ = ()

    @property
    def visible_to(self) -> int | None:
        return None


@dataclass(frozen=True, slots=True)
class ForcedBetPosted(Event):
    """An ante, blind, straddle, bring-in or post (a live bet posted out of turn
    to come into the game). ``kind`` is one of those words."""

    player: int
    kind: ForcedBetKind
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class HoleCardsDealt(Event):
    """Face-down cards for one player: only that player sees which."""

    player: int
    cards: tuple[Card, ...]

    @property
    def visible_to(self) -> int | None:
        return self.player


@dataclass(frozen=True, slots=True)
class UpCardsDealt(Event):
    """Face-up cards for one player (stud): everybody sees them."""

    player: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class BoardDealt(Event):
    street: str
    cards: tuple[Card, ...]
    #: Which board, in games with more than one (0: the first).
    board: int = 0


@dataclass(frozen=True, slots=True)
class StubReshuffled(Event):
    """The stub ran short: ``count`` cards from the ``pile`` ("discards" in a
    draw game, "burned" in stud) were shuffled with it into a new stub."""

    pile: str
    count: int


@dataclass(frozen=True, slots=True)
class StreetStarted(Event):
    street: str
    index: int


@dataclass(frozen=True, slots=True)
class PlayerActed(Event):
    """A betting action. ``kind``: fold, check, call, bet, raise, complete, bring-in.

    ``amount`` is what the player put in with this action, ``to`` their bet for
    the round afterwards.
    """

    player: int
    kind: BetKind
    amount: int
    to: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class CardsDiscarded(Event):
    """Public part of a discard or draw: how many cards."""

    player: int
    count: int
    replaced: bool

    @property
    def kind(self) -> DiscardKind:
        if not self.count:
            return "stand_pat"
        return "draw" if self.replaced else "discard"


@dataclass(frozen=True, slots=True)
class PointCardChosen(Event):
    """Double Hold'em: a player set one of their three hole cards as the point
    card, which plays with each of the others. Which card is secret until the
    showdown."""

    player: int


@dataclass(frozen=True, slots=True)
class DrawAceShown(Event):
    """A player drawing more than the usual limit shows the ace he keeps."""

    player: int
    card: Card


@dataclass(frozen=True, slots=True)
class BetReturned(Event):
    """Chips nobody called went back to the player who bet them."""

    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class HandShown(Event):
    player: int
    cards: tuple[Card, ...]
    descriptions: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HandMucked(Event):
    player: int


@dataclass(frozen=True, slots=True)
class RakeTaken(Event):
    amount: int


@dataclass(frozen=True, slots=True)
class PotAwarded(Event):
    """One pot, or the high or low half of one, going to its winners.

    ``pot_index`` 0 is the main pot. ``share`` is ``"high"``, ``"low"`` or
    ``"whole"``. ``description`` names the winning hand, empty when nobody had
    to show.
    """

    pot_index: int
    share: PotShare
    amount: int
    winners: tuple[tuple[int, int], ...]
    description: str


@dataclass(frozen=True, slots=True)
class OpenersShown(Event):
    """Jackpots: the opener shows the cards that allowed him to open."""

    player: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PotCarriedOver(Event):
    """Jackpots: nobody opened; ``amount`` stays in the pot for the next deal."""

    amount: int


@dataclass(frozen=True, slots=True)
class RunItTwiceOffered(Event):
    """The betting ended (on any street) with everyone all in, board cards
    to come and the stub holding both runs, and the table runs it twice if
    ``players`` (those still in the hand) all want it."""

    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RunoutChosen(Event):
    """A player's choice: the rest of the board dealt ``count`` times (1 or 2)."""

    player: int
    count: int


@dataclass(frozen=True, slots=True)
class RunoutsDecided(Event):
    """How many times the rest of the board is dealt: 2 when everyone asked
    for twice, else 1."""

    count: int


@dataclass(frozen=True, slots=True)
class BountyPaid(Event):
    """The 7-2 bounty: ``winner`` won with seven-deuce and showed it; each
    other player dealt in paid ``(player, chips)`` (all they had, if less)."""

    winner: int
    payments: tuple[tuple[int, int], ...]

    @property
    def total(self) -> int:
        return sum(chips for _, chips in self.payments)


@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    finishing_stacks: tuple[int, ...]


def cards_seen_by(events: Iterable[Event], player: int | None) -> set[Card]:
    """The cards of ``events`` everybody saw (the board, up cards, hands shown,
    openers, an ace kept to draw four), and those dealt face down to hand index
    ``player`` (``None``: a spectator). A folded hand and cards thrown away
    unseen are in neither."""
    seen: set[Card] = set()
    for event in events:
        if isinstance(event, HoleCardsDealt):
            if event.player == player:
                seen.update(event.cards)
        elif isinstance(event, UpCardsDealt | BoardDealt | HandShown | OpenersShown):
            seen.update(event.cards)
        elif isinstance(event, DrawAceShown):
            seen.add(event.card)
    return seen


def players_who_drew(events: Iterable[Event]) -> set[int]:
    """The hand indices of the players who drew at least one card. In a draw
    game the order of their cards would tell which were dealt first and which
    were drawn, so an opponent's copy of the hand hides all of them."""
    return {
        event.player
        for event in events
        if isinstance(event, CardsDiscarded) and event.replaced and event.count > 0
    }
