"""Test helper: replay a PHH hand history through the engine.

A stand-in for the real ``engine.phh`` module being written on another branch,
kept to what the stud and draw conformance tests need: build the
:class:`HandSetup` from the PHH fields, fill unknown cards (``??``), feed the
dealt cards and the actions in order, and report the finishing stacks.

Unknown cards are filled with the cards the player later shows when those
appear nowhere else, else with cards that appear nowhere in the record, in an
order that cannot change who brings in (the highest cards first in stud, the
lowest in Razz); a discard of ``??`` throws away the filled cards.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.actions import parse_action
from engine.cards import ACE, Card, parse_cards
from engine.hand import Hand, HandSetup
from engine.variants import VARIANTS, Opening, Variant

_CARDS = re.compile(r"(?:[2-9TJQKA][cdhs]|\?\?)+")


@dataclass
class Replayed:
    """What a replay produced: the hand, and where it stopped if it was refused."""

    path: Path
    hand: Hand | None
    record: dict[str, Any]
    error: str | None = None
    failed_action: str | None = None
    filled: dict[int, list[Card]] = field(default_factory=dict)

    @property
    def expected_stacks(self) -> list[int] | None:
        stacks = self.record.get("finishing_stacks")
        return list(stacks) if stacks is not None else None

    @property
    def matches(self) -> bool:
        return (
            self.error is None
            and self.hand is not None
            and self.hand.is_complete
            and list(self.hand.finishing_stacks) == self.expected_stacks
        )


def load(path: Path) -> dict[str, Any]:
    with path.open("rb") as file:
        return tomllib.load(file)


def setup_from_record(record: dict[str, Any]) -> HandSetup:
    """The engine's setup for a PHH record. Heads-up, PHH (like PokerKit) lists
    the forced bets the other way round from the seats that post them."""
    n = len(record["starting_stacks"])
    antes = list(record.get("antes", [0] * n))
    blinds = list(record.get("blinds_or_straddles", [0] * n))
    if n == 2:
        antes, blinds = antes[::-1], blinds[::-1]
    return HandSetup(
        VARIANTS[record["variant"]],
        tuple(record["starting_stacks"]),
        antes=tuple(antes),
        blinds=tuple(blinds) if any(blinds) else (),
        bring_in=record.get("bring_in", 0),
        min_bet=record.get("min_bet", 0),
        small_bet=record.get("small_bet", 0),
        big_bet=record.get("big_bet", 0),
        ante_trimming=record.get("ante_trimming_status", False),
    )


def _filler_order(variant: Variant, unused: set[Card]) -> list[Card]:
    """Unused cards, those least likely to bring in first."""
    first = variant.streets[0].opening
    if first is Opening.HIGH_CARD:  # Razz: the highest card brings in; give low ones
        return sorted(unused, key=lambda c: (-1 if c.rank == ACE else c.rank, c.suit))
    return sorted(unused, reverse=True)


def fill_unknown_cards(
    variant: Variant, actions: list[str]
) -> tuple[list[str], dict[int, list[Card]]]:
    """Replace every ``??`` with a real card; returns the actions and what each player got."""
    known: set[Card] = set()
    shown: dict[int, list[Card]] = {}
    dealt_known: set[Card] = set()
    for line in actions:
        words = line.split()
        for word in words[1:]:
            if _CARDS.fullmatch(word):
                cards = [c for c in _split(word) if c != "??"]
                known.update(Card.parse(c) for c in cards)
                if words[0] == "d":
                    dealt_known.update(Card.parse(c) for c in cards)
        if words[0].startswith("p") and len(words) > 2 and words[1] == "sm":
            shown[int(words[0][1:]) - 1] = [Card.parse(c) for c in _split(words[2]) if c != "??"]
    pool = _filler_order(variant, set(variant.deck.cards) - known)
    held: dict[int, list[Card]] = {}
    result: list[str] = []
    for line in actions:
        if "??" not in line:
            result.append(line)
            continue
        words = line.split()
        if words[0] == "d" and words[1] == "dh":
            player = int(words[2][1:]) - 1
            own = [c for c in shown.get(player, []) if c not in dealt_known]
            filled: list[str] = []
            for token in _split(words[3]):
                if token != "??":
                    filled.append(token)
                    continue
                card = own.pop(0) if own else pool.pop(0)
                if card in pool:
                    pool.remove(card)
                dealt_known.add(card)
                held.setdefault(player, []).append(card)
                filled.append(str(card))
            result.append(f"d dh p{player + 1} {''.join(filled)}")
        elif words[1] == "sd":
            player = int(words[0][1:]) - 1
            tokens = []
            for token in _split(words[2]):
                tokens.append(str(held[player].pop(0)) if token == "??" else token)
            result.append(f"{words[0]} sd {''.join(tokens)}")
        elif words[1] == "sm":
            # A show with unknown cards shows nothing we can check: keep the show.
            result.append(f"{words[0]} sm")
        else:
            raise ValueError(f"Cannot fill unknown cards in {line!r}.")
    return result, held


def _split(word: str) -> list[str]:
    return [word[i : i + 2] for i in range(0, len(word), 2)]


def replay_record(record: dict[str, Any], path: Path = Path("?")) -> Replayed:
    """Replay one PHH record; a refusal is reported, not raised."""
    setup = setup_from_record(record)
    actions, filled = fill_unknown_cards(setup.variant, list(record["actions"]))
    hand = Hand(setup, auto_showdown=False)
    result = Replayed(path, hand, record, filled=filled)
    for line in actions:
        words = line.split()
        try:
            if words[0] == "d" and words[1] == "dh":
                hand.deal_hole(int(words[2][1:]) - 1, parse_cards(words[3]))
            elif words[0] == "d" and words[1] == "db":
                hand.deal_board(parse_cards(words[2]))
            else:
                player, action = parse_action(line)
                hand.act(player, action)
        except Exception as error:  # the test reports which line and why
            result.error = f"{type(error).__name__}: {error}"
            result.failed_action = line
            return result
    hand.finish()
    return result


def replay_file(path: Path) -> Replayed:
    return replay_record(load(path), path)
