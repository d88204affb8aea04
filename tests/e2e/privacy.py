"""Did anyone see a card they should not have? The check behind the privacy tests.

Every card symbol in everything a member was shown (channel messages and their
edits, embeds, buttons, modals, attachments, their own ephemerals and DMs, as
the fake recorded each at the moment it was seen) must be explained by the hand
the message is about:

- a board card of that hand, or a card dealt face up in it (stud's up cards);
- one of the viewer's own cards in that hand (in a draw game, also the ones
  thrown away);
- a card a player showed at that hand's showdown, in a message written after
  it (the result, or the table message once the hand is over); while a
  player whose hand cannot win shows or mucks it, the table message may hold
  the hands shown before that player's turn, and no other;
- the draw for the button, on its own line;
- the hands turned up all in once the betting is over (before the run-out, or
  when the players are asked to run it twice), only in a message that says so
  (it shows the chances, or asks to run it twice) or after the showdown;
- the board cards a rabbit hunt showed after the hand;
- cards shown by choice once the hand was over, in the notice that says so
  ("**Ann** shows A♠ (hand 3).") or any message written after the hand.

Cards drawn as the bot's application emojis (``<:ace_of_spades:123>``) are
read twice: by the picture the emoji shows (the image uploaded to the fake,
matched against every face the bot can draw) and by the name in the markup,
which a screen reader reads aloud; both must name the same, allowed card. An
emoji the fake does not hold is a leak: nothing says what it shows. A picture
attached to a message (the showdown's) is read by the scene it carries, and
only after drawing that scene again gives exactly its pixels: then the
picture shows nothing more than the scene, and every card of the scene must
be allowed like the message's own. /history lists several hands, each on its
own lines, and is checked hand by hand; /poker verify names its hand.

Hand histories attached to a message (``table<T>-hand<N>.phh`` from /history)
are read as PHH, and deck openings (``table<T>-hand<N>-opening.txt`` from
/poker verify) as their ``<position> <card> <salt>`` lines: every card they
deal, show or open must be the board, the viewer's own, or shown at the
showdown, since both are only handed out once their hand is over. Anything
else is a leak. A message with cards that names no single hand is a leak too,
since nothing then says whose cards they are.
"""

from __future__ import annotations

import functools
import hashlib
import io
import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from PIL import Image

from bot.i18n import CATALOGUES
from bot.render.card_faces import DECK_STYLES, face_png
from bot.render.card_markup import card_speech_name
from bot.render.showdown_picture import picture_of, pixels_of_png, scene_of_png
from engine.cards import ALL_CARDS, Card
from tests.e2e.fake_discord import FakeDiscord, Member, Sighting
from tests.e2e.fake_discord.messages import StoredAttachment
from tests.e2e.hand_records import HandRecord

#: A card as the bot writes it for people: rank and suit symbol ("A♠", "T♦").
CARD = re.compile(r"(?<![0-9A-Za-z])([2-9TJQKA][♠♥♦♣])")
#: The hand a message is about: the table message, the result, a player's cards,
#: a deck opening.
HAND_NUMBER = re.compile(
    r"\*\*Hand (\d+)\*\*|^Hand (\d+)$|Your (?:cards|seat), hand (\d+)|^Hand (\d+) was dealt",
    re.MULTILINE,
)
#: A hand's line in /history: the lines after it, to the next, are about it.
HISTORY_HAND = re.compile(r"^\*\*Hand (\d+)\*\* · ", re.MULTILINE)
#: A deck opening's answer: only given once the hand is over.
VERIFY = re.compile(r"^Hand \d+ was dealt", re.MULTILINE)
#: A custom emoji in a message.
EMOJI = re.compile(r"<a?:(?P<name>\w+):(?P<id>\d+)>")
#: What an emoji or picture nobody can account for counts as: never allowed.
UNREADABLE = "?"
RESULT_TITLE = re.compile(r"^Hand \d+$", re.MULTILINE)
BUTTON_DRAW = "Draw for the button:"
#: Small type in a Components V2 text ("-# ..."): the table message's fine print.
SMALL = "-# "
#: The first line of an attached history or opening, as the fake renders attachments.
HAND_FILE = re.compile(
    r"^\[table(?P<table>\d+)-hand(?P<hand>\d+)(?P<kind>\.phh|-opening\.txt)\]$", re.MULTILINE
)
#: A deck position an opening opens: position, card, salt.
OPENED_CARD = re.compile(r"^\d+ (?P<card>[2-9TJQKA][cdhs]) [0-9a-f]+$", re.MULTILINE)
#: PHH actions that name cards: hole cards dealt, board cards, hands shown or discarded.
PHH_CARDS = re.compile(r"['\"](?:d dh p\d+|d db|p\d+ sm|p\d+ sd) (?P<cards>[^'\"]*)['\"]")
HAND_OVER = "The hand is over."
#: The table message while a player whose hand cannot win shows or mucks it:
#: the hands shown before that player's turn are public (and only those).
SHOWDOWN_TURN = re.compile(
    r"To act: \*\*(?P<name>(?:\\.|[^*\\])+)\*\*.*showdown: show or muck", re.MULTILINE
)


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
    #: Cards read from attached hand histories and deck openings.
    history_cards_checked: int = 0
    opened_cards_checked: int = 0
    #: Cards read from emojis, pictures whose pixels matched their scene, and
    #: emojis or pictures that could not be accounted for.
    emojis_read: int = 0
    pictures_read: int = 0
    problems: list[str] = field(default_factory=list)


@functools.cache
def _faces_by_pixels() -> dict[str, str]:
    """Every face the bot can draw (both decks, and the back), by a hash of its
    pixels: the symbol of its card, or "back"."""
    faces = {}
    for deck in DECK_STYLES:
        for card in (*ALL_CARDS, None):
            symbol = "back" if card is None else card.symbol
            faces[_pixel_hash(face_png(card, deck))] = symbol
    return faces


@functools.cache
def _pixel_hash(png: bytes) -> str:
    """A hash of the picture's pixels (RGBA), whatever its encoding: an emoji's
    file is read once however many messages show it (its bytes never change)."""
    with Image.open(io.BytesIO(png)) as image:
        return hashlib.sha256(image.convert("RGBA").tobytes()).hexdigest()


@functools.cache
def _cards_by_speech_name() -> dict[str, str]:
    """Each card by the name its emoji markup gives it, in every language."""
    return {
        card_speech_name(card, locale): card.symbol for locale in CATALOGUES for card in ALL_CARDS
    }


@dataclass
class CardReader:
    """Reads the cards a member was shown: text, emojis and pictures."""

    fake: FakeDiscord | None = None
    #: Emojis read, and pictures whose pixels were checked against their scene.
    emojis_read: int = 0
    pictures_read: int = 0
    problems: list[str] = field(default_factory=list)
    _pictures: dict[int, list[str]] = field(default_factory=dict)

    def emoji_card(self, name: str, emoji_id: int) -> str:
        """What an emoji shows, checked against what its name says."""
        stored = None if self.fake is None else self.fake.application_emojis.emojis.get(emoji_id)
        if stored is None:
            self.problems.append(f"emoji {name}:{emoji_id} is not one the bot holds")
            return UNREADABLE
        shown = _faces_by_pixels().get(_pixel_hash(stored.image))
        said = _cards_by_speech_name().get(name)
        self.emojis_read += 1
        if shown is None or (shown != "back" and said != shown):
            self.problems.append(f"emoji {name}:{emoji_id} shows {shown}, its name says {said}")
            return UNREADABLE
        return shown

    def picture_cards(self, sighting: Sighting) -> list[str]:
        """The cards of the pictures attached to the message seen, as it was seen
        (an edit may attach the showdown's picture to a message seen before)."""
        if self.fake is None or sighting.message_id is None:
            return []
        message = self.fake.state.messages.get(sighting.message_id)
        if message is None:
            return []
        cards: list[str] = []
        for attachment in message.attachments:
            if attachment.id not in sighting.attachment_ids:
                continue
            if attachment.filename.endswith(".png"):
                self.pictures_read += 1
                if attachment.id not in self._pictures:  # seen by many: read once
                    self._pictures[attachment.id] = self._read_picture(attachment)
                cards += self._pictures[attachment.id]
        return cards

    def _read_picture(self, attachment: StoredAttachment) -> list[str]:
        cards = CARD.findall(attachment.description or "")  # its alt text
        try:
            scene = scene_of_png(attachment.data)
        except ValueError:
            self.problems.append(f"picture {attachment.filename} carries no scene")
            return [*cards, UNREADABLE]
        if picture_of(scene).convert("RGBA").tobytes() != pixels_of_png(attachment.data):
            self.problems.append(f"picture {attachment.filename} shows more than its scene")
            cards.append(UNREADABLE)
        return cards + [card.symbol for card in scene.cards()]


def cards_in(text: str, reader: CardReader | None = None) -> list[str]:
    """The cards ``text`` shows: written out ("A♠") or as emojis (faces)."""
    kept = "\n".join(
        line for line in text.splitlines() if not line.removeprefix(SMALL).startswith(BUTTON_DRAW)
    )
    found = CARD.findall(kept)
    for match in EMOJI.finditer(kept):
        card = (reader or CardReader()).emoji_card(match["name"], int(match["id"]))
        if card != "back":
            found.append(card)
    return found


def symbols_seen(text: str, fake: FakeDiscord) -> set[str]:
    """The cards ``text`` shows as a member reads it (text or emojis), by symbol."""
    return set(cards_in(text, CardReader(fake)))


def hands_named(text: str) -> set[int]:
    return {int(next(group for group in match if group)) for match in HAND_NUMBER.findall(text)}


def _symbols(cards: Iterable[Card]) -> set[str]:
    return {card.symbol for card in cards}


def phh_cards_in(text: str) -> list[str]:
    """The cards a hand history deals or shows, as written there ("As"), ``??`` left out."""
    found = []
    for match in PHH_CARDS.finditer(text):
        # A comment ("d db Kh # board 2", a second board's cards) names no card.
        written = match["cards"].split("#", 1)[0].replace(" ", "")
        found += [written[i : i + 2] for i in range(0, len(written), 2)]
    return [card for card in found if card != "??"]


@dataclass(frozen=True, slots=True)
class HandFile:
    """An attached hand history or deck opening, and the cards it names ("As")."""

    table_id: int
    hand_no: int
    text: str
    opening: bool

    @property
    def cards(self) -> list[str]:
        if self.opening:
            return [match["card"] for match in OPENED_CARD.finditer(self.text)]
        return phh_cards_in(self.text)


def split_attachments(text: str) -> tuple[str, list[HandFile]]:
    """A sighting's text before its attached hand files, and each file."""
    headers = list(HAND_FILE.finditer(text))
    if not headers:
        return text, []
    files = []
    for header, following in zip(headers, [*headers[1:], None], strict=True):
        body = text[header.end() : following.start() if following else len(text)]
        opening = header["kind"] != ".phh"
        files.append(HandFile(int(header["table"]), int(header["hand"]), body, opening))
    return text[: headers[0].start()], files


@functools.cache
def _shown_after_notices() -> tuple[re.Pattern[str], ...]:
    """The channel's notice of cards shown by choice once a hand was over
    ("**Ann** shows A♠ (hand 3)."), and the answer to the player who showed
    them ("You showed A♠ to the table (hand 3)."), in every language: each
    names its hand, and comes once the cards are shown."""
    patterns = []
    for catalogue, key in itertools.product(
        CATALOGUES.values(), ("table.shows_after", "tables.shown")
    ):
        template = re.escape(catalogue.messages[key])
        for placeholder, group in (
            ("name", ".+?"),
            ("cards", ".+?"),
            ("hand_no", "(?P<hand>\\d+)"),
        ):
            template = template.replace(re.escape("{" + placeholder + "}"), group)
        patterns.append(re.compile(f"^{template}$", re.MULTILINE))
    return tuple(patterns)


def shown_after_hand(text: str) -> int | None:
    """The hand whose cards ``text`` announces as shown after it was over, if it does."""
    for pattern in _shown_after_notices():
        match = pattern.search(text)
        if match is not None:
            return int(match["hand"])
    return None


@functools.cache
def _turned_up_markers() -> tuple[str, ...]:
    """The words that begin the lines a table message shows only once the hands
    are turned up all in (the chances, run it twice), in every language."""
    keys = ("home.odds", "home.odds_on", "home.odds_cards", "home.run_it_twice_choosing")
    return tuple(
        catalogue.messages[key].split("{")[0] for catalogue in CATALOGUES.values() for key in keys
    )


def says_turned_up(text: str) -> bool:
    """Whether ``text`` is a message from after the hands were turned up all in."""
    return any(marker in text for marker in _turned_up_markers())


def _allowed(
    record: HandRecord,
    viewer: Member,
    *,
    after_showdown: bool,
    turned_up: bool = False,
    chooser: int | None = None,
) -> set[Card]:
    allowed = set(record.board) | record.face_up | set(record.hole_cards.get(viewer.id, ()))
    if chooser is not None:  # the showdown, while this player shows or mucks
        allowed |= record.shown_before.get(chooser, frozenset())
    allowed |= set(record.rabbit)  # the rabbit hunt, after the hand
    if after_showdown or turned_up:
        # All in: the hands turned up before the run-out, from that moment only.
        allowed |= record.tabled
    if after_showdown:
        for cards in record.shown.values():
            allowed |= set(cards)
    return allowed


def _owner(record: HandRecord, card: Card) -> int | None:
    return next((owner for owner, cards in record.hole_cards.items() if card in cards), None)


def check_sighting(
    viewer: Member,
    sighting: Sighting,
    hands: dict[int, HandRecord],
    reader: CardReader | None = None,
    names: dict[str, int] | None = None,
) -> list[Leak]:
    """The leaks in one thing ``viewer`` saw; ``hands`` are one table's, by
    number; ``names`` the members' ids by name (to read whose showdown turn a
    table message shows)."""
    text, histories = split_attachments(sighting.text)
    leaks = [leak for history in histories for leak in _check_history(viewer, history, hands)]
    pictures = [] if reader is None else reader.picture_cards(sighting)
    sections = _history_sections(text)
    if sections:
        for hand_no, section in sections:
            leaks += _check_cards(viewer, cards_in(section, reader), hand_no, True, section, hands)
        return leaks
    found = cards_in(text, reader) + pictures
    if not found:
        return leaks
    shown_after = shown_after_hand(text)
    named = hands_named(text) if shown_after is None else {shown_after}
    if len(named) != 1 or next(iter(named)) not in hands:
        return leaks + [Leak(viewer.name, None, card, None, text) for card in found]
    hand_no = next(iter(named))
    after_showdown = (
        HAND_OVER in text
        or bool(RESULT_TITLE.search(text))
        or bool(VERIFY.search(text))
        or shown_after is not None
    )
    turn = SHOWDOWN_TURN.search(text)
    chooser = None if turn is None else (names or {}).get(turn["name"].replace("\\", ""))
    return leaks + _check_cards(viewer, found, hand_no, after_showdown, text, hands, chooser)


def _history_sections(text: str) -> list[tuple[int, str]]:
    """/history's hands: each hand's number and its lines."""
    headers = list(HISTORY_HAND.finditer(text))
    if not headers:
        return []
    return [
        (int(header[1]), text[header.start() : following.start() if following else len(text)])
        for header, following in zip(headers, [*headers[1:], None], strict=True)
    ]


def _check_cards(
    viewer: Member,
    found: list[str],
    hand_no: int,
    after_showdown: bool,
    text: str,
    hands: dict[int, HandRecord],
    chooser: int | None = None,
) -> list[Leak]:
    record = hands.get(hand_no)
    if record is None:
        return [Leak(viewer.name, hand_no, card, None, text) for card in found]
    allowed = _symbols(
        _allowed(
            record,
            viewer,
            after_showdown=after_showdown,
            turned_up=says_turned_up(text),
            chooser=chooser,
        )
    )
    by_symbol = {card.symbol: card for cards in record.hole_cards.values() for card in cards}
    return [
        Leak(viewer.name, hand_no, symbol, _owner(record, by_symbol[symbol]), text)
        if symbol in by_symbol
        else Leak(viewer.name, hand_no, symbol, None, text)
        for symbol in found
        if symbol not in allowed
    ]


def _check_history(viewer: Member, history: HandFile, hands: dict[int, HandRecord]) -> list[Leak]:
    hand_no, text, written = history.hand_no, history.text, history.cards
    record = hands.get(hand_no)
    if record is None or record.table_id != history.table_id:
        return [Leak(viewer.name, hand_no, card, None, text) for card in written]
    allowed = {str(card) for card in _allowed(record, viewer, after_showdown=True)}
    owners = {str(card): owner for owner, cards in record.hole_cards.items() for card in cards}
    return [
        Leak(viewer.name, hand_no, card, owners.get(card), text)
        for card in written
        if card not in allowed
    ]


def check_privacy(
    fake: FakeDiscord, members: Iterable[Member], records: Iterable[HandRecord], table_id: int
) -> PrivacyReport:
    """Every sighting of every member, checked against one table's hands."""
    hands = {record.hand_no: record for record in records if record.table_id == table_id}
    members = list(members)
    names = {member.name: member.id for member in members}
    reader = CardReader(fake)
    report = PrivacyReport(leaks=[], own_cards_seen={})
    assert report.own_cards_seen is not None
    for member in members:
        own = 0
        for sighting in fake.seen_by(member):
            text, histories = split_attachments(sighting.text)
            cards = cards_in(text, CardReader(fake))  # counted here, checked below
            in_histories = sum(len(f.cards) for f in histories if not f.opening)
            opened = sum(len(f.cards) for f in histories if f.opening)
            pictured = bool(sighting.attachment_names)
            if not cards and not in_histories and not opened and not pictured:
                continue
            report.sightings_with_cards += 1
            report.cards_checked += len(cards)
            report.history_cards_checked += in_histories
            report.opened_cards_checked += opened
            report.leaks += check_sighting(member, sighting, hands, reader, names)
            if sighting.kind in ("dm", "ephemeral") and "Your cards" in sighting.text and cards:
                own += 1
        report.own_cards_seen[member.name] = own
    report.emojis_read, report.pictures_read = reader.emojis_read, reader.pictures_read
    report.problems = reader.problems
    return report
