"""A showdown picture is sent in the deck's 256 colours, and looks as drawn.

The palette is the deck's, chosen once (bot.render.showdown_picture.deck_palette),
not per picture: each picture sent must still be as close to what was drawn
as a palette chosen for it alone would make it, whatever cards it shows.
"""

from __future__ import annotations

import random

from PIL import Image, ImageChops, ImageStat

from bot.render.showdown_picture import (
    DECK_STYLES,
    SceneHand,
    ShowdownScene,
    draw_showdown,
    picture_of,
)
from engine import ALL_CARDS


def scene(rng: random.Random, deck: str) -> ShowdownScene:
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    size = rng.choice((2, 4, 5))
    board = tuple(cards[:5]) if size != 5 else ()
    hands = tuple(
        SceneHand(name, tuple(cards[5 + n * size : 5 + (n + 1) * size]), "+150" if n == 0 else "")
        for n, name in enumerate(("Zoë", "Benjamin", "Ann", "Dmitri Óscar")[: rng.randint(2, 4)])
    )
    marked = frozenset(rng.sample([*board, *hands[0].cards], 5))
    return ShowdownScene(board, hands, marked, deck)  # type: ignore[arg-type]


def apart(sent: Image.Image, drawn: Image.Image) -> tuple[float, int]:
    """How far the sent colours are from the drawn ones: on average and at most."""
    difference = ImageChops.difference(sent.convert("RGB"), drawn)
    mean = sum(ImageStat.Stat(difference).mean) / 3
    return mean, max(high for _, high in difference.getextrema())


def test_every_picture_looks_as_drawn_in_the_decks_colours() -> None:
    rng = random.Random(16)
    for n in range(12):
        shown = scene(rng, DECK_STYLES[n % len(DECK_STYLES)])
        drawn = draw_showdown(shown)
        sent = picture_of(shown)
        assert sent.mode == "P" and len(sent.getcolors(256) or []) <= 256
        own = drawn.quantize(256, method=Image.Quantize.FASTOCTREE)  # a palette of its own
        mean, most = apart(sent, drawn)
        own_mean, own_most = apart(own, drawn)
        assert mean <= own_mean * 1.25 and most <= own_most, (mean, most, own_mean, own_most)
