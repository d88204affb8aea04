"""Provably fair dealing: commit to the deck before the first card, open it after.

Before a hand the table shows a *commitment* to the order of the deck. After
the hand each person may *open* the cards they saw dealt (the board, cards
dealt face up, hands shown at showdown, and their own hole cards) and check
that those cards sat where the commitment says, so the order cannot have been
changed once cards started to fall. Cards nobody saw, a folded player's hole
cards above all, stay closed: opening the whole deck would tell the table what
a player mucked.

How the commitment is made, so it can be checked with nothing but SHA-256:

- the dealer draws a random 32-byte secret and never shows it;
- each deck position ``i`` (0 is the top card) gets a salt, the hex HMAC-SHA256
  of the text ``i`` under that secret, so opening one card gives away nothing
  of another;
- the position's *leaf* is the hex SHA-256 of ``"<i> <card> <salt>"``
  (``"0 As 9f86…"``);
- the commitment is the hex SHA-256 of every leaf in deck order, joined by
  newlines.

An :class:`Opening` gives every leaf, and for the opened positions the card
and the salt; :func:`check_opening` recomputes the opened leaves and the
commitment. ``python -m engine.fairness FILE`` checks an opening written by
:meth:`Opening.to_text` (what ``/poker verify`` attaches).

>>> from engine.cards import parse_cards
>>> deck = parse_cards("AsKd7c")
>>> proof = commit(deck, secret=bytes(32))
>>> opening = open_cards(deck, proof.secret_hex, [0, 2])
>>> [(card.position, str(card.card)) for card in opening.cards]
[(0, 'As'), (2, '7c')]
>>> check_opening(opening, proof.commitment)
True
>>> check_opening(parse_opening(opening.to_text()), proof.commitment)
True
>>> forged = open_cards(parse_cards("KdAs7c"), proof.secret_hex, [0])
>>> check_opening(forged, proof.commitment)
False
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.cards import Card

__all__ = [
    "DeckProof",
    "OpenedCard",
    "Opening",
    "check_opening",
    "commit",
    "commitment_for",
    "open_cards",
    "parse_opening",
]

SECRET_BYTES = 32


@dataclass(frozen=True, slots=True)
class DeckProof:
    """The commitment shown before the hand, and the secret the dealer keeps."""

    commitment: str
    secret_hex: str


@dataclass(frozen=True, slots=True)
class OpenedCard:
    position: int
    card: Card
    salt: str


@dataclass(frozen=True, slots=True)
class Opening:
    """Every position's leaf, and the card and salt of the opened positions."""

    leaves: tuple[str, ...]
    cards: tuple[OpenedCard, ...]

    def to_text(self) -> str:
        """One line per position: ``<i> <card> <salt>`` if opened, else ``<i> - <leaf>``."""
        opened = {card.position: card for card in self.cards}
        lines = []
        for position, leaf in enumerate(self.leaves):
            card = opened.get(position)
            if card is None:
                lines.append(f"{position} - {leaf}")
            else:
                lines.append(f"{position} {card.card} {card.salt}")
        return "\n".join(lines) + "\n"


def salt_for(secret_hex: str, position: int) -> str:
    return hmac.new(bytes.fromhex(secret_hex), str(position).encode(), hashlib.sha256).hexdigest()


def leaf_for(position: int, card: Card, salt: str) -> str:
    return hashlib.sha256(f"{position} {card} {salt}".encode()).hexdigest()


def root_of(leaves: Sequence[str]) -> str:
    return hashlib.sha256("\n".join(leaves).encode()).hexdigest()


def commitment_for(deck: Sequence[Card], secret_hex: str) -> str:
    return root_of([leaf_for(i, card, salt_for(secret_hex, i)) for i, card in enumerate(deck)])


def commit(deck: Sequence[Card], secret: bytes | None = None) -> DeckProof:
    """Commit to ``deck`` with a fresh secret (or the one given, for tests)."""
    secret_hex = (secret if secret is not None else secrets.token_bytes(SECRET_BYTES)).hex()
    return DeckProof(commitment_for(deck, secret_hex), secret_hex)


def open_cards(deck: Sequence[Card], secret_hex: str, positions: Iterable[int]) -> Opening:
    """The opening of ``deck`` that shows the cards at ``positions``."""
    wanted = sorted(set(positions))
    salts = [salt_for(secret_hex, i) for i in range(len(deck))]
    leaves = tuple(leaf_for(i, card, salts[i]) for i, card in enumerate(deck))
    return Opening(leaves, tuple(OpenedCard(i, deck[i], salts[i]) for i in wanted))


def check_opening(opening: Opening, commitment: str) -> bool:
    """Whether every opened card is its position's leaf and the leaves make ``commitment``."""
    for card in opening.cards:
        if not 0 <= card.position < len(opening.leaves):
            return False
        if leaf_for(card.position, card.card, card.salt) != opening.leaves[card.position]:
            return False
    return hmac.compare_digest(root_of(opening.leaves), commitment.strip().lower())


def parse_opening(text: str) -> Opening:
    """Read :meth:`Opening.to_text` back; :class:`ValueError` on anything else."""
    leaves: list[str] = []
    cards: list[OpenedCard] = []
    for number, line in enumerate(line for line in text.splitlines() if line.strip()):
        fields = line.split()
        if len(fields) != 3 or fields[0] != str(number):
            raise ValueError(f"line {number + 1} is not '<position> <card or -> <hex>'")
        _, card_text, value = fields
        if card_text == "-":
            leaves.append(value)
        else:
            card = Card.parse(card_text)
            cards.append(OpenedCard(number, card, value))
            leaves.append(leaf_for(number, card, value))
    return Opening(tuple(leaves), tuple(cards))


def main(argv: Sequence[str]) -> int:
    """``python -m engine.fairness OPENING_FILE COMMITMENT``: check an opening."""
    if len(argv) != 2:
        print("usage: python -m engine.fairness OPENING_FILE COMMITMENT", file=sys.stderr)
        return 2
    path, commitment = argv
    with open(path, encoding="utf-8") as file:
        opening = parse_opening(file.read())
    ok = check_opening(opening, commitment)
    shown = " ".join(f"{card.position}:{card.card}" for card in opening.cards)
    print(f"{'ok' if ok else 'DOES NOT MATCH'}: {len(opening.leaves)} positions, opened {shown}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
