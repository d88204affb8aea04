"""The card faces: 52 cards and a back, drawn here with Pillow, in two decks.

Discord shows a custom emoji at 22 to 48 pixels, so a face is not a
miniature playing card: it is a white card carrying one big rank and one big
suit, the rank above the suit, readable at 16 pixels wide. The classic deck
colours spades and clubs black, hearts and diamonds red; the four-colour deck
(the standard online choice, and what colour-blind players ask for) gives
each suit its own colour: spades black, hearts red, diamonds blue, clubs
green. A thin grey edge keeps a white card visible on Discord's light theme.

Faces are drawn four times larger than asked, each pixel then made the
average of the sixteen drawn under it (smooth edges), and kept once drawn
(:func:`face`): the showdown picture pastes them, the emoji sync uploads them.

Ranks are set in DejaVu Sans Bold (:mod:`bot.render.fonts`), fitted to
their box: a ten's two digits are narrowed to the width of one rank.

>>> from engine import Card
>>> face(Card.parse("As"), "four_colour", 128).size
(128, 128)
>>> face(None, "two_colour", 48).mode
'RGBA'
"""

from __future__ import annotations

import functools
import hashlib
import io
import math
from collections.abc import Sequence
from typing import Final, Literal, get_args

from PIL import Image, ImageDraw

from bot.render.fonts import bold_font
from engine import Card

DeckStyle = Literal["two_colour", "four_colour"]
DECK_STYLES: Final[tuple[DeckStyle, ...]] = get_args(DeckStyle)
DEFAULT_DECK: Final[DeckStyle] = "two_colour"

#: The size of an emoji as uploaded (Discord scales it down to 22-48 pixels).
EMOJI_SIZE: Final = 128
#: Width over height of a face's card: a little wider than a real card's
#: (63 x 88 mm), for room to write the rank and suit large.
CARD_ASPECT: Final = 0.78
#: How much larger a face is drawn than asked, before it is scaled down.
SUPERSAMPLE: Final = 4

_BLACK: Final = (22, 22, 26)
_RED: Final = (211, 24, 38)
_BLUE: Final = (20, 88, 214)
_GREEN: Final = (18, 138, 56)
#: Suit colours by suit index (clubs, diamonds, hearts, spades).
SUIT_COLOURS: Final[dict[DeckStyle, tuple[tuple[int, int, int], ...]]] = {
    "two_colour": (_BLACK, _RED, _RED, _BLACK),
    "four_colour": (_GREEN, _BLUE, _RED, _BLACK),
}
_CARD_WHITE: Final = (255, 255, 255, 255)
_EDGE: Final = (128, 134, 142, 255)
_BACK_FIELD: Final = (28, 62, 140, 255)
_BACK_LATTICE: Final = (70, 112, 200, 255)
#: How ranks are written on a face: a ten is "10", as players read it.
RANK_LABELS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

Point = tuple[float, float]


def face(card: Card | None, deck: DeckStyle, height: int) -> Image.Image:
    """The face of ``card`` (``None``: the back), ``height`` pixels high.

    An emoji-sized face (``height`` equal to :data:`EMOJI_SIZE`) is square,
    the card centred on a transparent field as Discord shows emojis; any
    other height gives the card alone. The image is shared: copy it before
    drawing on it.
    """
    return _face(None if card is None else int(card), deck, height)


@functools.cache
def _face(code: int | None, deck: DeckStyle, height: int) -> Image.Image:
    if deck not in DECK_STYLES:
        raise ValueError(f"there is no {deck!r} deck; there are {DECK_STYLES}")
    width = round(height * CARD_ASPECT)
    # Transparent, but of the edge's colour: averaging it into the edge's
    # smoothed pixels then keeps their colour and only thins their alpha.
    card = Image.new("RGBA", (width * SUPERSAMPLE, height * SUPERSAMPLE), (*_EDGE[:3], 0))
    if code is None:
        _draw_back(card)
    else:
        _draw_front(card, Card(code), deck)
    # Each pixel the average of the SUPERSAMPLE x SUPERSAMPLE drawn under it.
    # Everything drawn is opaque, so colour and coverage can be averaged apart
    # (faster than averaging premultiplied RGBA, and the same here).
    small = card.convert("RGB").reduce(SUPERSAMPLE)
    small.putalpha(card.getchannel("A").reduce(SUPERSAMPLE))
    if height != EMOJI_SIZE:
        return small
    square = Image.new("RGBA", (height, height), (0, 0, 0, 0))
    square.alpha_composite(small, ((height - width) // 2, 0))
    return square


def face_png(card: Card | None, deck: DeckStyle, height: int = EMOJI_SIZE) -> bytes:
    """The face as a PNG file."""
    buffer = io.BytesIO()
    face(card, deck, height).save(buffer, format="PNG")
    return buffer.getvalue()


def face_fingerprint(card: Card | None, deck: DeckStyle) -> str:
    """Six hex digits that change whenever the emoji's pixels change.

    Taken from the pixels, not the PNG file, so that a new zlib or Pillow
    that packs the same picture differently does not count as a change.
    """
    return hashlib.sha256(face(card, deck, EMOJI_SIZE).tobytes()).hexdigest()[:6]


# -- the card ---------------------------------------------------------------------


def _card_outline(image: Image.Image) -> ImageDraw.ImageDraw:
    """Draw the card's rounded body and edge; return the drawing."""
    draw = ImageDraw.Draw(image)
    width, height = image.size
    edge = max(2, round(height * 0.035))
    radius = round(width * 0.14)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), radius, fill=_EDGE)
    draw.rounded_rectangle(
        (edge, edge, width - 1 - edge, height - 1 - edge), max(1, radius - edge), fill=_CARD_WHITE
    )
    return draw


def _draw_front(image: Image.Image, card: Card, deck: DeckStyle) -> None:
    draw = _card_outline(image)
    width, height = image.size
    colour = SUIT_COLOURS[deck][card.suit]
    # The rank fills the top half, the suit most of the bottom: both as big as
    # the card allows, so that each still reads at 16 pixels wide.
    rank_box = (width * 0.1, height * 0.075, width * 0.9, height * 0.5)
    _draw_rank(image, RANK_LABELS[card.rank], rank_box, colour)
    suit_size = height * 0.4
    centre = (width / 2, height * 0.735)
    _draw_suit(draw, card.suit, centre, suit_size, colour)


def _draw_back(image: Image.Image) -> None:
    draw = _card_outline(image)
    width, height = image.size
    margin = round(width * 0.12)
    inner = (margin, margin, width - 1 - margin, height - 1 - margin)
    draw.rounded_rectangle(inner, round(width * 0.06), fill=_BACK_FIELD)
    # A lattice of diamonds, clipped to the field, as on a casino deck's back.
    lattice = Image.new("RGBA", image.size, (0, 0, 0, 0))
    lines = ImageDraw.Draw(lattice)
    step = width * 0.19
    stroke = max(1, round(width * 0.035))
    for k in range(-6, 12):
        x = k * step
        lines.line([(x, 0), (x + height, height)], fill=_BACK_LATTICE, width=stroke)
        lines.line([(x, height), (x + height, 0)], fill=_BACK_LATTICE, width=stroke)
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(inner, round(width * 0.06), fill=255)
    image.paste(lattice, (0, 0), Image.composite(lattice, Image.new("RGBA", image.size), mask))
    # A white spade in the middle says "cards" even at emoji size.
    centre = (width / 2, height / 2)
    size = width * 0.42
    disc = size * 0.78
    draw.ellipse(
        (centre[0] - disc, centre[1] - disc, centre[0] + disc, centre[1] + disc),
        fill=_BACK_FIELD,
        outline=_CARD_WHITE,
        width=stroke,
    )
    _draw_suit(draw, 3, centre, size, _CARD_WHITE[:3])


# -- ranks --------------------------------------------------------------------------


def _draw_rank(
    image: Image.Image,
    label: str,
    box: tuple[float, float, float, float],
    colour: tuple[int, int, int],
) -> None:
    """Write ``label`` as large as ``box`` allows: its ink fills the box's
    height, narrowed where it would be too wide (the two digits of a ten)."""
    left, top, right, bottom = box
    glyphs = _rank_glyphs(label, round(bottom - top))
    box_width = right - left
    width = min(glyphs.width, round(box_width))
    if width != glyphs.width:
        glyphs = glyphs.resize((width, glyphs.height), Image.Resampling.LANCZOS)
    ink = Image.new("RGBA", glyphs.size, (*colour, 255))
    x = round(left + (box_width - width) / 2)
    image.paste(ink, (x, round(top)), glyphs)


@functools.cache
def _rank_glyphs(label: str, height: int) -> Image.Image:
    """``label``'s ink as a mask exactly ``height`` pixels high, cropped to it."""
    font = bold_font(height * 2)
    scratch = Image.new("L", (height * 4, height * 3), 0)
    ImageDraw.Draw(scratch).text((height // 2, height // 2), label, font=font, fill=255)
    bbox = scratch.getbbox()
    assert bbox is not None, f"the font drew nothing for {label!r}"
    ink = scratch.crop(bbox)
    scale = height / ink.height
    return ink.resize((max(1, round(ink.width * scale)), height), Image.Resampling.LANCZOS)


# -- suits --------------------------------------------------------------------------


def _draw_suit(
    draw: ImageDraw.ImageDraw, suit: int, centre: Point, size: float, colour: tuple[int, int, int]
) -> None:
    """A suit symbol ``size`` high around ``centre``."""
    cx, cy = centre
    if suit == 1:  # diamond: a rhombus with slightly hollow sides
        draw.polygon(_hollow_rhombus(cx, cy, size * 0.44, size * 0.53), fill=colour)
    elif suit == 2:  # heart
        draw.polygon(_heart(cx, cy, size, upside_down=False), fill=colour)
    elif suit == 3:  # spade: an upside-down heart on a flared stem
        draw.polygon(_heart(cx, cy - size * 0.1, size * 0.8, upside_down=True), fill=colour)
        draw.polygon(_stem(cx, cy + size * 0.05, cy + size / 2, size), fill=colour)
    else:  # club: three round leaves on a flared stem
        draw.polygon(_stem(cx, cy + size * 0.05, cy + size / 2, size), fill=colour)
        for (x, y), radius in _club_leaves(centre, size):
            draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour)


def _hollow_rhombus(cx: float, cy: float, half_w: float, half_h: float) -> list[Point]:
    corners = [(cx, cy - half_h), (cx + half_w, cy), (cx, cy + half_h), (cx - half_w, cy)]
    points: list[Point] = []
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1], strict=True):
        for step in range(12):
            t = step / 12
            # Pull each side's middle towards the centre a little.
            bow = math.sin(math.pi * t) * 0.10
            x = x0 + (x1 - x0) * t
            y = y0 + (y1 - y0) * t
            points.append((x + (cx - x) * bow, y + (cy - y) * bow))
    return points


def _heart(cx: float, cy: float, size: float, *, upside_down: bool) -> list[Point]:
    """The classic heart curve, ``size`` high, centred on its bounding box."""
    raw = []
    for step in range(240):
        t = 2 * math.pi * step / 240
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        raw.append((x, y))
    return _fit(raw, cx, cy, size, flip=upside_down, widen=1.08)


def _fit(
    raw: Sequence[Point], cx: float, cy: float, size: float, *, flip: bool, widen: float
) -> list[Point]:
    xs, ys = [p[0] for p in raw], [p[1] for p in raw]
    scale = size / (max(ys) - min(ys))
    mid_x, mid_y = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    sign = -1 if flip else 1
    return [(cx + (x - mid_x) * scale * widen, cy + sign * (y - mid_y) * scale) for x, y in raw]


def _stem(cx: float, top: float, foot: float, size: float) -> list[Point]:
    """The flared stem of a spade or club, from ``top`` down to ``foot``."""
    half_foot, neck = size * 0.21, size * 0.055
    # A concave flare: narrow at the neck, widening fast near the foot.
    half_widths = [(neck + (half_foot - neck) * (step / 12) ** 2.4) for step in range(13)]
    heights = [top + (foot - top) * step / 12 for step in range(13)]
    left = [(cx - w, y) for w, y in zip(half_widths, heights, strict=True)]
    right = [(cx + w, y) for w, y in zip(half_widths, heights, strict=True)]
    return left + right[::-1]


def _club_leaves(centre: Point, size: float) -> list[tuple[Point, float]]:
    cx, cy = centre
    radius = size * 0.235
    return [
        ((cx, cy - size * 0.26), radius),
        ((cx - size * 0.245, cy + size * 0.06), radius),
        ((cx + size * 0.245, cy + size * 0.06), radius),
        ((cx, cy - size * 0.02), radius * 0.7),
    ]


def rank_label(card: Card) -> str:
    """The rank as a face writes it.

    >>> rank_label(Card.parse("Td")), rank_label(Card.parse("Qs"))
    ('10', 'Q')
    """
    return RANK_LABELS[card.rank]
