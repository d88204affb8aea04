"""The picture of a showdown: the board and every hand shown, the winning
cards raised and outlined in gold, the rest dimmed, drawn with Pillow from
the same faces as the emojis.

The picture is drawn from a :class:`ShowdownScene` and nothing else, and a
scene is built from a hand's public result (:func:`showdown_scene`): only the
board and the hands turned face up, never a card that was not shown. The
scene travels inside the PNG as text (:data:`SCENE_KEY`), so anyone holding
the picture can read what it was drawn from and, drawing that scene again,
check that the pixels say nothing more (the privacy tests do).

Faces are drawn once and pasted, so a picture costs a few milliseconds
(``python -m bench.render``).
"""

from __future__ import annotations

import functools
import io
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image, ImageDraw
from PIL.PngImagePlugin import PngInfo

from bot.i18n import number
from bot.render.card_faces import CARD_ASPECT, DECK_STYLES, DeckStyle, face
from bot.render.fonts import bold_font
from bot.render.names import plain_name
from bot.render.views import HandResultView
from engine import ALL_CARDS, Card, format_cards, parse_cards

#: The PNG text chunk holding the scene the picture was drawn from.
SCENE_KEY: Final = "croupier:showdown"
FILENAME: Final = "showdown.png"

CARD_HEIGHT: Final = 96
CARD_WIDTH: Final = round(CARD_HEIGHT * CARD_ASPECT)
CARD_GAP: Final = 6
#: How far a winning card is raised above the others.
LIFT: Final = 10
MARGIN: Final = 18
PANEL_PADDING: Final = 12
NAME_SIZE: Final = 22
NAME_HEIGHT: Final = 30
#: Pictures wider than this put hands on more rows.
MAX_WIDTH: Final = 920

_FELT: Final = (21, 92, 54, 255)
_FELT_EDGE: Final = (14, 64, 37, 255)
_PANEL: Final = (15, 70, 40, 255)
_WINNER_PANEL: Final = (24, 104, 61, 255)
_GOLD: Final = (245, 197, 66, 255)
_NAME: Final = (236, 240, 236, 255)
_DIM: Final = (0, 0, 0, 85)


@dataclass(frozen=True, slots=True)
class SceneHand:
    """One hand turned face up: whose, the cards (as shown), and what it won
    (already written for the reader, ``""`` for nothing)."""

    name: str
    cards: tuple[Card, ...]
    won: str = ""


@dataclass(frozen=True, slots=True)
class ShowdownScene:
    """Everything a showdown picture shows, and nothing more."""

    board: tuple[Card, ...]
    hands: tuple[SceneHand, ...]
    #: The cards the winners played: raised and outlined.
    marked: frozenset[Card]
    deck: DeckStyle
    #: The second board and on, in games dealt with more than one.
    more_boards: tuple[tuple[Card, ...], ...] = ()

    @property
    def boards(self) -> tuple[tuple[Card, ...], ...]:
        """Every board, one row each (none in stud and draw games)."""
        return ((self.board,) if self.board else ()) + self.more_boards

    def cards(self) -> set[Card]:
        """Every card the picture shows."""
        return set().union(*self.boards, *(hand.cards for hand in self.hands))

    def to_json(self) -> str:
        return json.dumps(
            {
                "deck": self.deck,
                "board": format_cards(self.board),
                "more_boards": [format_cards(board) for board in self.more_boards],
                "marked": format_cards(sorted(self.marked)),
                "hands": [
                    {"name": h.name, "cards": format_cards(h.cards), "won": h.won}
                    for h in self.hands
                ],
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str) -> ShowdownScene:
        data = json.loads(text)
        deck = data["deck"]
        if deck not in DECK_STYLES:
            raise ValueError(f"no deck {deck!r}")
        return cls(
            tuple(parse_cards(data["board"])),
            tuple(
                SceneHand(h["name"], tuple(parse_cards(h["cards"])), h["won"])
                for h in data["hands"]
            ),
            frozenset(parse_cards(data["marked"])),
            deck,
            tuple(tuple(parse_cards(board)) for board in data.get("more_boards", [])),
        )


def showdown_scene(
    result: HandResultView, deck: DeckStyle, locale: str, *, sorted_cards: bool = False
) -> ShowdownScene | None:
    """The scene of ``result``'s showdown, or ``None`` when nobody showed.

    Only the result's board and shown hands are drawn; the winning cards
    marked are those the winners played, all of them among those.
    ``sorted_cards`` shows each hand in the order its best hand reads (draw
    and stud games, which have no board).
    """
    if not result.shown:
        return None
    won: dict[str, int] = {}
    for win in result.wins:
        for name, chips in win.winners:
            won[name] = won.get(name, 0) + chips
    # A winner's panel reads what they gained (the pot less their own chips in
    # it), not the pot: the result's text names the pot.
    gained = dict(result.gains)
    more_boards = result.boards[1:]
    shown_cards = set(result.board).union(*more_boards, *(shown.cards for shown in result.shown))
    marked = frozenset(
        card for win in result.wins for card in win.winning_cards if card in shown_cards
    )
    hands = []
    for shown in result.shown:
        cards = shown.cards
        if sorted_cards:
            cards = reading_order(shown.cards, shown.hands[0].cards if shown.hands else ())
        chips = won.get(shown.name, 0)
        gain = gained.get(shown.name, chips)
        won_text = number(gain, locale, signed=True) if chips else ""
        # A picture is not markdown: the name as the player wrote it.
        hands.append(SceneHand(plain_name(shown.name), cards, won_text))
    return ShowdownScene(result.board, tuple(hands), marked, deck, more_boards)


def reading_order(cards: Sequence[Card], best: Sequence[Card]) -> tuple[Card, ...]:
    """``cards`` with those of the best hand first, as it reads, then the rest
    from the highest rank down.

    >>> from engine import parse_cards
    >>> " ".join(map(str, reading_order(parse_cards("2c9hKsKd7c"), parse_cards("KsKd9h7c2c"))))
    'Ks Kd 9h 7c 2c'
    """
    rest = sorted((card for card in cards if card not in best), key=lambda c: -c.rank)
    return tuple(card for card in best if card in cards) + tuple(rest)


def render_showdown(scene: ShowdownScene) -> bytes:
    """The picture of ``scene`` as a PNG, the scene written inside it."""
    info = PngInfo()
    info.add_text(SCENE_KEY, scene.to_json())
    buffer = io.BytesIO()
    picture_of(scene).save(buffer, format="PNG", pnginfo=info, compress_level=1)
    return buffer.getvalue()


def picture_of(scene: ShowdownScene) -> Image.Image:
    """The picture exactly as it is sent: drawn, then reduced to 256 colours.

    A palette picture is half the bytes and half the time to write of a
    full-colour one (the felt, five suit colours and gold need few), and the
    eye cannot tell them apart. The 256 colours are the deck's
    (:func:`deck_palette`), not chosen anew for each picture: mapping to a
    known palette is a quarter of the work of building one, and as close to
    the drawn colours (every card of the deck is in it).
    """
    return draw_showdown(scene).quantize(palette=deck_palette(scene.deck), dither=Image.Dither.NONE)


@functools.cache
def deck_palette(deck: DeckStyle) -> Image.Image:
    """The 256 colours of every showdown picture of ``deck``: those that best draw
    a sheet of typical pictures in which every card of the deck is on a board,
    in a hand, raised in gold and dimmed, under names in white and in gold.

    Measured on 30 random showdowns (``bench/LOAD.md``), a picture drawn with it
    is as close to the drawn colours as with a palette chosen for that picture
    (0.81 against 0.76 levels of 255 apart on average, 12 against 15 at most).
    """
    cards = list(ALL_CARDS)
    names = ("Ann", "Benjamin Wjgy", "Zoë Qöß", "Cat", "Dmitri", "Eve")
    pictures = []
    for shift in range(0, len(cards), 13):
        deal = cards[shift:] + cards[:shift]
        two_cards = tuple(
            SceneHand(name, tuple(deal[5 + 2 * i : 7 + 2 * i]), "+1,234" if i == 0 else "")
            for i, name in enumerate(names)
        )
        marked = frozenset(deal[:3] + deal[5:7])
        pictures.append(draw_showdown(ShowdownScene(tuple(deal[:5]), two_cards, marked, deck)))
        four_cards = tuple(
            SceneHand(name, tuple(deal[17 + 4 * i : 21 + 4 * i]), "+1,234" if i == 1 else "")
            for i, name in enumerate(names[:5])
        )
        marked = frozenset(deal[37:39] + deal[21:24])
        pictures.append(draw_showdown(ShowdownScene(tuple(deal[37:42]), four_cards, marked, deck)))
    sheet = Image.new(
        "RGB", (max(p.width for p in pictures), sum(p.height for p in pictures)), _FELT_EDGE[:3]
    )
    top = 0
    for picture in pictures:
        sheet.paste(picture, (0, top))
        top += picture.height
    return sheet.quantize(256, method=Image.Quantize.FASTOCTREE)


def scene_of_png(data: bytes) -> ShowdownScene:
    """The scene a showdown picture says it was drawn from."""
    with Image.open(io.BytesIO(data)) as image:
        text = image.info.get(SCENE_KEY)
    if not isinstance(text, str):
        raise ValueError("this picture carries no showdown scene")
    return ShowdownScene.from_json(text)


def pixels_of_png(data: bytes) -> bytes:
    with Image.open(io.BytesIO(data)) as image:
        return image.convert("RGBA").tobytes()


@dataclass(frozen=True, slots=True)
class _Layout:
    width: int
    height: int
    columns: int
    panel_width: int
    panel_height: int
    board_top: int
    hands_top: int


def _layout(scene: ShowdownScene) -> _Layout:
    most_cards = max(len(hand.cards) for hand in scene.hands)
    panel_width = max(_row_width(most_cards), _row_width(3)) + 2 * PANEL_PADDING
    panel_height = NAME_HEIGHT + LIFT + CARD_HEIGHT + 2 * PANEL_PADDING
    fit = max(1, (MAX_WIDTH - 2 * MARGIN + CARD_GAP) // (panel_width + CARD_GAP))
    count = len(scene.hands)
    rows = math.ceil(count / min(fit, count))
    columns = math.ceil(count / rows)
    hands_width = columns * panel_width + (columns - 1) * CARD_GAP
    boards = scene.boards
    board_height = len(boards) * (LIFT + CARD_HEIGHT + MARGIN)
    widest_board = max((len(board) for board in boards), default=0)
    width = max(hands_width, _row_width(widest_board)) + 2 * MARGIN
    height = MARGIN + board_height + rows * (panel_height + CARD_GAP) - CARD_GAP + MARGIN
    return _Layout(width, height, columns, panel_width, panel_height, MARGIN, MARGIN + board_height)


def _row_width(cards: int) -> int:
    return cards * CARD_WIDTH + max(0, cards - 1) * CARD_GAP


def draw_showdown(scene: ShowdownScene) -> Image.Image:
    """The picture of ``scene`` (opaque: drawn in RGB, the cards laid on by their alpha)."""
    layout = _layout(scene)
    image = Image.new("RGB", (layout.width, layout.height), _FELT_EDGE[:3])
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((3, 3, layout.width - 4, layout.height - 4), 18, fill=_FELT[:3])
    deck, marked = scene.deck, scene.marked
    for row, board in enumerate(scene.boards):
        left = (layout.width - _row_width(len(board))) // 2
        top = layout.board_top + row * (LIFT + CARD_HEIGHT + MARGIN)
        _draw_row(image, board, left, top, deck, marked)
    hands_width = layout.columns * (layout.panel_width + CARD_GAP) - CARD_GAP
    first_left = (layout.width - hands_width) // 2
    for index, hand in enumerate(scene.hands):
        row, column = divmod(index, layout.columns)
        left = first_left + column * (layout.panel_width + CARD_GAP)
        top = layout.hands_top + row * (layout.panel_height + CARD_GAP)
        winner = bool(hand.won)
        draw.rounded_rectangle(
            (left, top, left + layout.panel_width - 1, top + layout.panel_height - 1),
            12,
            fill=(_WINNER_PANEL if winner else _PANEL)[:3],
            outline=_GOLD[:3] if winner else None,
            width=2,
        )
        _draw_name(draw, hand, left + PANEL_PADDING, top + PANEL_PADDING, layout.panel_width)
        cards_left = left + (layout.panel_width - _row_width(len(hand.cards))) // 2
        cards_top = top + PANEL_PADDING + NAME_HEIGHT
        _draw_row(image, hand.cards, cards_left, cards_top, deck, marked)
    return image


def _draw_name(draw: ImageDraw.ImageDraw, hand: SceneHand, left: int, top: int, width: int) -> None:
    font = bold_font(NAME_SIZE)
    room = width - 2 * PANEL_PADDING
    won = f"  {hand.won}" if hand.won else ""
    won_width = draw.textlength(won, font=font) if won else 0
    name = _fitted(draw, hand.name, room - won_width)
    draw.text((left, top), name, font=font, fill=_NAME[:3])
    if won:
        x = left + draw.textlength(name, font=font)
        draw.text((x, top), won, font=font, fill=_GOLD[:3])


def _fitted(draw: ImageDraw.ImageDraw, text: str, room: float) -> str:
    font = bold_font(NAME_SIZE)
    if draw.textlength(text, font=font) <= room:
        return text
    while text and draw.textlength(text + "…", font=font) > room:
        text = text[:-1]
    return text.rstrip() + "…"


def _draw_row(
    image: Image.Image,
    cards: Sequence[Card],
    left: int,
    top: int,
    deck: DeckStyle,
    marked: frozenset[Card],
) -> None:
    for index, card in enumerate(cards):
        x = left + index * (CARD_WIDTH + CARD_GAP)
        if card in marked:
            raised = _marked_face(card, deck)
            image.paste(raised, (x - 3, top - 3), raised)
        else:
            plain = _plain_face(card, deck, bool(marked))
            image.paste(plain, (x, top + LIFT), plain)


@functools.cache
def _plain_face(card: Card, deck: DeckStyle, dim: bool) -> Image.Image:
    plain = face(card, deck, CARD_HEIGHT)
    if not dim:
        return plain
    shade = Image.new("RGBA", plain.size, _DIM)
    dimmed = plain.copy()
    dimmed.alpha_composite(Image.composite(shade, Image.new("RGBA", plain.size), plain))
    return dimmed


@functools.cache
def _marked_face(card: Card, deck: DeckStyle) -> Image.Image:
    """The face raised, inside a gold outline three pixels wide."""
    plain = face(card, deck, CARD_HEIGHT)
    framed = Image.new("RGBA", (plain.width + 6, plain.height + 6), (0, 0, 0, 0))
    ImageDraw.Draw(framed).rounded_rectangle(
        (0, 0, framed.width - 1, framed.height - 1), round(plain.width * 0.16), fill=_GOLD
    )
    framed.alpha_composite(plain, (3, 3))
    return framed
