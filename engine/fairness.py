"""Provably fair dealing: commit to the deck before the first card, reveal after.

Before a hand the table shows a *commitment*: the SHA-256 of the deck order and
a random secret. After the hand the secret is revealed, and anyone can check
that the deck the hand was dealt from is the one committed to, so the order
cannot have been changed once cards started to fall.

The committed text is the deck written as cards (``"As Kd 7c ..."``), a colon,
and the secret in hex; its SHA-256 in hex is the commitment. Offline, with
nothing but Python::

    python -c "import hashlib,sys; print(hashlib.sha256(sys.argv[1].encode()).hexdigest())" \\
        "As Kd 7c ...:9f86d0..."

>>> from engine.cards import parse_cards
>>> deck = parse_cards("AsKd7c")
>>> proof = commit(deck, secret=bytes(16))
>>> proof.commitment == commitment_for(deck, proof.secret_hex)
True
>>> verify(deck, proof.secret_hex, proof.commitment)
True
>>> verify(parse_cards("KdAs7c"), proof.secret_hex, proof.commitment)
False
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Card, format_cards

__all__ = ["DeckProof", "commit", "commitment_for", "verify"]


@dataclass(frozen=True, slots=True)
class DeckProof:
    """The commitment shown before the hand, and the secret revealed after."""

    commitment: str
    secret_hex: str


def committed_text(deck: Sequence[Card], secret_hex: str) -> str:
    return f"{format_cards(deck, ' ')}:{secret_hex}"


def commitment_for(deck: Sequence[Card], secret_hex: str) -> str:
    return hashlib.sha256(committed_text(deck, secret_hex).encode()).hexdigest()


def commit(deck: Sequence[Card], secret: bytes | None = None) -> DeckProof:
    """Commit to ``deck`` with a fresh 32-byte secret (or the one given, for tests)."""
    secret_hex = (secret if secret is not None else secrets.token_bytes(32)).hex()
    return DeckProof(commitment_for(deck, secret_hex), secret_hex)


def verify(deck: Sequence[Card], secret_hex: str, commitment: str) -> bool:
    """Whether ``deck`` and ``secret_hex`` are what ``commitment`` promised."""
    return hmac.compare_digest(commitment_for(deck, secret_hex), commitment.lower())
