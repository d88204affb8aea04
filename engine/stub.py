"""The dealer's stub: the cards still to be dealt, the burned cards and the
discards beside it, and reshuffling them when the stub runs short.

A stub works in one of two ways. Dealing from a known order (the hand deals
for itself from its setup's deck), it hands out cards from the top. Dealing
named cards (a recorded hand is replayed), it only counts: it knows how many
cards are left and refuses a card somebody has already seen.

Reshuffles are deterministic: the new order is drawn from a generator seeded
with the original deck order, so a hand rebuilds exactly from its setup and
actions, and nobody can predict the reshuffled order without knowing the deck.

>>> from engine.cards import parse_cards
>>> stub = Stub(parse_cards("AsKsQsJsTs"), order=parse_cards("AsKsQsJsTs"))
>>> stub.burn()
Card('As')
>>> [str(card) for card in stub.deal(2)], len(stub)
(['Ks', 'Qs'], 2)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Collection, Sequence

from engine.cards import Card
from engine.errors import DealingError


class Stub:
    """The undealt cards of one hand, with the burn pile and the discard pile."""

    def __init__(self, cards: Sequence[Card], order: Sequence[Card] | None = None) -> None:
        """``cards`` are the game's deck; ``order`` the dealing order, or
        ``None`` when the cards will be named as they are dealt."""
        #: Cards that may still be named when dealing by name: not yet seen
        #: dealt and not lying in the discard pile.
        self._dealable: set[Card] = set(cards if order is None else order)
        if order is not None and len(self._dealable) != len(order):
            raise DealingError("A deck cannot hold the same card twice.")
        #: The dealing order, never changed in place (a reshuffle replaces it),
        #: so copies share it; the top card is ``_order[_top]``.
        self._order: tuple[Card, ...] | None = tuple(order) if order is not None else None
        self._top = 0
        #: Whether the cards are named as they are dealt (no known order).
        self.deals_by_name = order is None
        #: How many cards the stub holds (``len(stub)``, without the call).
        self.size = len(self._dealable)
        #: The order the hand began with, which seeds every reshuffle (turned
        #: into bytes only then: most hands never reshuffle).
        self._first_order: tuple[Card, ...] = self._order or ()
        self._reshuffles = 0
        #: Burned cards, in order (only known when dealing from an order).
        self.burned: list[Card] = []
        self.burn_count = 0
        #: Discards of draw games not yet shuffled back, in the order thrown.
        self.discards: list[Card] = []

    def copy(self) -> Stub:
        """An independent copy: cards are immutable, so only the piles are copied."""
        twin = Stub.__new__(Stub)
        twin.__dict__.update(self.__dict__)
        twin._dealable = set(self._dealable)
        twin.burned = list(self.burned)
        twin.discards = list(self.discards)
        return twin

    def __len__(self) -> int:
        """How many cards the stub holds."""
        return self.size

    def burn(self) -> Card | None:
        """Burn the top card; returns it when the order is known."""
        if self.size < 1:
            raise DealingError("There is no card left to burn.")
        self.size -= 1
        self.burn_count += 1
        if self._order is None:
            return None
        card = self._order[self._top]
        self._top += 1
        self.burned.append(card)
        return card

    def deal(self, count: int) -> list[Card]:
        """The next ``count`` cards from the top (known order only)."""
        if self._order is None:
            raise DealingError("This hand's cards are named as they are dealt.")
        if count > self.size:
            raise DealingError(f"The stub holds {self.size} cards, not {count}.")
        top = self._top
        self._top = top + count
        self.size -= count
        return list(self._order[top : top + count])

    def deal_around(self, counts: Sequence[int]) -> list[tuple[Card, ...]]:
        """Cards for players getting ``counts`` cards each, pitched one at a
        time around the table as a dealer does (known order only).

        >>> from engine.cards import parse_cards
        >>> stub = Stub(parse_cards("AsKsQsJsTs"), order=parse_cards("AsKsQsJsTs"))
        >>> [[str(card) for card in cards] for cards in stub.deal_around([2, 2])]
        [['As', 'Qs'], ['Ks', 'Js']]
        """
        order = self._order
        if order is None:
            raise DealingError("This hand's cards are named as they are dealt.")
        needed = sum(counts)
        if needed > self.size:
            raise DealingError(f"The stub holds {self.size} cards, not {needed}.")
        top, players = self._top, len(counts)
        if not players:
            return []
        rounds = max(counts)
        if min(counts) == rounds:
            # Everyone gets the same number: player k's cards are every
            # ``players``-th card from the k-th.
            dealt = [order[top + k : top + needed : players] for k in range(players)]
        else:
            pitched: list[list[Card]] = [[] for _ in counts]
            position = top
            for round_ in range(rounds):
                for k, count in enumerate(counts):
                    if round_ < count:
                        pitched[k].append(order[position])
                        position += 1
            dealt = [tuple(cards) for cards in pitched]
        self._top = top + needed
        self.size -= needed
        return dealt

    def check(self, cards: Sequence[Card], returning: Collection[Card] = ()) -> None:
        """Refuse named cards that cannot come from the stub, counting the
        ``returning`` cards in as if already shuffled back."""
        if self._order is not None:
            raise DealingError("This hand deals its own cards from its deck.")
        if len(set(cards)) != len(cards):
            raise DealingError("The same card cannot be dealt twice.")
        if len(cards) > self.size + len(returning):
            raise DealingError(f"The stub holds {self.size} cards, not {len(cards)}.")
        for card in cards:
            if card not in self._dealable and card not in returning:
                raise DealingError(f"{card} was already dealt or is not in this deck.")

    def take(self, cards: Sequence[Card]) -> None:
        """Accept named cards as dealt from the stub; a card seen before is refused."""
        self.check(cards)
        self._dealable.difference_update(cards)
        self.size -= len(cards)

    def returning_discards(self, keep_out: Collection[Card] = ()) -> list[Card]:
        """The discards :meth:`reshuffle_discards` would shuffle back."""
        return [card for card in self.discards if card not in keep_out]

    def discard(self, cards: Sequence[Card]) -> None:
        """Put a player's discards on the discard pile."""
        self.discards.extend(cards)

    def reshuffle_discards(self, keep_out: Collection[Card] = ()) -> int:
        """Shuffle the discard pile, except ``keep_out`` (the cards the player
        being served just threw), together with what is left of the stub into
        a new stub. Returns how many cards came back."""
        back = self.returning_discards(keep_out)
        self.discards = [card for card in self.discards if card in keep_out]
        self._shuffle_in(back)
        return len(back)

    def reshuffle_burns(self) -> int:
        """Shuffle the burned cards together with what is left of the stub into
        a new stub (stud, when the stub cannot serve the last street)."""
        count = self.burn_count
        if self._order is not None:
            self._shuffle_in(self.burned)
            self.burned = []
        else:
            # Burned cards were never named: they are still dealable, just counted.
            self.size += count
        self.burn_count = 0
        return count

    def _shuffle_in(self, cards: Sequence[Card]) -> None:
        self._reshuffles += 1
        if self._order is None:
            self._dealable.update(cards)
            self.size += len(cards)
            return
        pile = [*self._order[self._top :], *cards]
        seed = hashlib.sha256(bytes(self._first_order) + bytes([self._reshuffles])).digest()
        random.Random(seed).shuffle(pile)
        self._order = tuple(pile)
        self._top = 0
        self.size = len(pile)
