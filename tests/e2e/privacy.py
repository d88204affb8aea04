"""Did anyone see a card they should not have? The check behind the privacy tests.

Every card symbol in everything a member was shown (channel messages and their
edits, embeds, buttons, modals, attachments, their own ephemerals and DMs, as
the fake recorded each at the moment it was seen) must be explained by the hand
the message is about:

- a board card of that hand;
- one of the viewer's own hole cards in that hand;
- a card a player showed at that hand's showdown, in a message written after
  it (the result, or the table message once the hand is over);
- the draw for the button, on its own line.

Anything else is a leak. A message with cards that names no single hand is a
leak too, since nothing then says whose cards they are.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from engine.cards import Card
from tests.e2e.fake_discord import FakeDiscord, Member, Sighting
from tests.e2e.hand_records import HandRecord

#: A card as the bot writes it for people: rank and suit symbol ("A♠", "T♦").
CARD = re.compile(r"(?<![0-9A-Za-z])([2-9TJQKA][♠♥♦♣])")
#: The hand a message is about: the table message, the result, a player's cards.
HAND_NUMBER = re.compile(r"\*\*Hand (\d+)\*\*|^Hand (\d+)$|Your cards, hand (\d+)", re.MULTILINE)
RESULT_TITLE = re.compile(r"^Hand \d+$", re.MULTILINE)
BUTTON_DRAW = "Draw for the button:"
HAND_OVER = "The hand is over."


@dataclass(frozen=True, slots=True)
class Leak:
    viewer: str
    hand_no: int | None
    card: str
    #: Whose hole card it was, by user id (``None``: nobody's, or unknown).
    owner: int | None
    text: str

    def __str__(self) -> str:
        whose = "no hole card" if self.owner is None else f"a hole card of user {self.owner}"
        return f"{self.viewer} saw {self.card} ({whose}) in hand {self.hand_no}:\n" + "\n".join(
            "    " + line for line in self.text.splitlines()
        )


@dataclass
class PrivacyReport:
    leaks: list[Leak]
    #: Sightings that held at least one card, and how many cards were checked.
    sightings_with_cards: int = 0
    cards_checked: int = 0
    #: Own hole cards seen in DMs or ephemerals, by viewer name.
    own_cards_seen: dict[str, int] | None = None


def cards_in(text: str) -> list[str]:
    kept = "\n".join(line for line in text.splitlines() if not line.startswith(BUTTON_DRAW))
    return CARD.findall(kept)


def hands_named(text: str) -> set[int]:
    return {int(next(group for group in match if group)) for match in HAND_NUMBER.findall(text)}


def _symbols(cards: Iterable[Card]) -> set[str]:
    return {card.symbol for card in cards}


def check_sighting(viewer: Member, sighting: Sighting, hands: dict[int, HandRecord]) -> list[Leak]:
    """The leaks in one thing ``viewer`` saw; ``hands`` are one table's, by number."""
    found = cards_in(sighting.text)
    if not found:
        return []
    named = hands_named(sighting.text)
    if len(named) != 1 or next(iter(named)) not in hands:
        return [Leak(viewer.name, None, card, None, sighting.text) for card in found]
    hand_no = next(iter(named))
    record = hands[hand_no]
    after_showdown = HAND_OVER in sighting.text or bool(RESULT_TITLE.search(sighting.text))
    allowed = _symbols(record.board) | _symbols(record.hole_cards.get(viewer.id, ()))
    if after_showdown:
        for cards in record.shown.values():
            allowed |= _symbols(cards)
    owners = {card.symbol: owner for owner, cards in record.hole_cards.items() for card in cards}
    return [
        Leak(viewer.name, hand_no, card, owners.get(card), sighting.text)
        for card in found
        if card not in allowed
    ]


def check_privacy(
    fake: FakeDiscord, members: Iterable[Member], records: Iterable[HandRecord], table_id: int
) -> PrivacyReport:
    """Every sighting of every member, checked against one table's hands."""
    hands = {record.hand_no: record for record in records if record.table_id == table_id}
    report = PrivacyReport(leaks=[], own_cards_seen={})
    assert report.own_cards_seen is not None
    for member in members:
        own = 0
        for sighting in fake.seen_by(member):
            cards = cards_in(sighting.text)
            if not cards:
                continue
            report.sightings_with_cards += 1
            report.cards_checked += len(cards)
            report.leaks += check_sighting(member, sighting, hands)
            if sighting.kind in ("dm", "ephemeral") and "Your cards" in sighting.text:
                own += 1
        report.own_cards_seen[member.name] = own
    return report
