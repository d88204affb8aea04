"""Snapshots of a hand's whole state, to show that a refused action changed nothing.

A snapshot is every attribute of the :class:`~engine.hand.Hand`, private ones
included, pickled to bytes; two snapshots are equal exactly when nothing in the
hand moved. The setup and the variant are frozen and left out, the decks are
reduced to their remaining cards and the append-only logs to their length,
which keeps a snapshot cheap enough to take at every decision of thousands of
hands.
"""

from __future__ import annotations

import pickle

from engine.cards import Deck
from engine.hand import Hand

_FROZEN_OR_DECKS = frozenset({"setup", "variant", "_deck", "_known"})


def _cards_left(deck: object) -> tuple[int, ...] | None:
    return tuple(map(int, deck.remaining)) if isinstance(deck, Deck) else None


def snapshot(hand: Hand) -> bytes:
    """Everything about ``hand`` that an action could change."""
    attributes = {k: v for k, v in vars(hand).items() if k not in _FROZEN_OR_DECKS}
    # Events and actions are only ever appended, and each is frozen: their
    # number says whether they changed.
    attributes["events"] = len(hand.events)
    attributes["actions"] = len(hand.actions)
    decks = tuple(_cards_left(vars(hand).get(name)) for name in ("_deck", "_known"))
    return pickle.dumps((attributes, decks), protocol=pickle.HIGHEST_PROTOCOL)
