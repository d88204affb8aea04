"""Render the README's pictures from hands actually played:
``python -m tools.readme_pictures [folder]`` (default ``docs/pictures``).

Four players sit at a real table runner on a scratch database (three tables
one after the other: three sessions) and play a few hundred hands of
no-limit Hold'em from a seeded deck, deciding by a seeded die. The script
keeps the result the channel was shown of the most telling showdown (a
kicker decided, or many hands were shown) and writes:

* ``result.png``: that result as Discord shows it: the end of the hand's
  own table message (drawn like ``table.png``), its cards as the emoji faces
  and its showdown picture under the result's lines;
* ``showdown.png``: the showdown picture alone, as attached to the message;
* ``stats-chart.png``: one player's /stats chart over those hands;
* ``card-faces.png``: both decks and the back, at emoji size and larger;
* ``table.png``: the table message of a hand on the turn, as a phone shows
  it. It is a Components V2 message, so no PNG of it exists: it is drawn
  here as Discord's dark theme draws its layout (one container, headings
  large, small type grey, dividers, the card emojis, the buttons under it),
  from the very blocks and buttons the bot sent.
* ``seat-view.png``: a player's own seat view ("My cards") on their turn,
  with the table's action buttons on it (issue 23), drawn the same way as
  an embed with its buttons under it.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import random
import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from PIL import Image, ImageDraw

from bot.cashier import Cashier
from bot.daily import DailyReward
from bot.database import Database
from bot.play_figures import chip_points
from bot.render.card_faces import DECK_STYLES, EMOJI_SIZE, face
from bot.render.card_markup import BACK, CardFaces
from bot.render.fonts import bold_font, regular_font
from bot.render.message import ButtonSpec, Divider, OutgoingMessage, Picture, TextBlock
from bot.render.stats_chart import chips_chart
from bot.tables.clock import SystemClock
from bot.tables.outlet import PrivateSlot, TableClick
from bot.tables.requests import ActionRequest, Move
from bot.tables.runner import TableRunner
from bot.tables.services import TableServices
from bot.tables.table_settings import TableSettings
from bot.tables.table_store import TableStore
from engine import ALL_CARDS, Card

GUILD: Final = 1
PLAYERS: Final = {11: "Ann", 12: "Ben", 13: "Cat", 14: "Dan"}
HANDS_PER_TABLE: Final = 80
#: Emoji ids the script makes up: 1000 plus the card's code.
EMOJI_BASE: Final = 1000
EMOJI: Final = re.compile(r"<:\w+:(\d+)>")


@dataclass
class Channel:
    """Stands in for Discord: keeps what the runner posted."""

    posts: list[OutgoingMessage] = field(default_factory=list)
    tables: list[OutgoingMessage] = field(default_factory=list)
    #: The first player's seat view at each of their turns.
    seats: list[OutgoingMessage] = field(default_factory=list)

    async def show_table(
        self, message: OutgoingMessage, *, fresh: bool, clicks: Sequence[TableClick] = ()
    ) -> None:
        self.tables.append(message)

    async def post(self, message: OutgoingMessage) -> None:
        self.posts.append(message)

    async def send_private(
        self, user_id: int, message: OutgoingMessage, *, slot: PrivateSlot | None = None
    ) -> bool:
        return True

    async def post_notice(self, user_id: int, message: OutgoingMessage) -> int | None:
        return None


def made_up_faces() -> CardFaces:
    ids = {str(card): EMOJI_BASE + int(card) for card in ALL_CARDS}
    return CardFaces("two_colour", {**ids, BACK: EMOJI_BASE + len(ALL_CARDS)})


async def play(
    database: Database,
    channel: Channel,
    seed: int,
    *,
    variant: str = "NT",
    tables: int = 3,
    hands: int = HANDS_PER_TABLE,
    first_channel: int = 100,
) -> None:
    rng = random.Random(seed)
    cashier = Cashier(database, starting_chips=100_000, daily=DailyReward(100, 10, 7))
    services = TableServices(
        database,
        cashier,
        SystemClock(),
        hand_pause_seconds=0,
        rng=random.Random(seed),
        public_faces=made_up_faces,
    )
    for table in range(tables):
        config = TableSettings.checked(
            variant=variant,
            small_blind=5,
            big_blind=10,
            min_buy_in=200,
            max_buy_in=2000,
            seats=6,
            action_seconds=60,
        )
        record = await TableStore(database).create(GUILD, first_channel + table, 1, config)
        runner = TableRunner(record, config, services, channel)
        await runner.start()
        for user_id, name in PLAYERS.items():
            await runner.join(user_id, name, buy_in=1000)
        played = 0
        while played < hands:
            await runner.settled()
            live = runner.live
            if live is None:
                await asyncio.sleep(0.01)
                continue
            number = live.hand_no
            while runner.live is not None and runner.live.hand_no == number:
                # Whose turn in any phase: the bettor, or who shows or mucks.
                deciding = runner.live.hand.to_act
                if deciding is None:
                    await runner.settled()
                    continue
                user_id = runner.live.deal.players[deciding]
                if user_id == min(PLAYERS):
                    channel.seats.append(runner.seats.message_for(user_id, "en", made_up_faces()))
                await _decide(runner, user_id, rng)
            played += 1
        await runner.settled()
        await runner.close(1)
        await runner.stop()


async def _decide(runner: TableRunner, user_id: int, rng: random.Random) -> None:
    roll = rng.random()
    # At a showdown turn only showing or mucking is offered: show, so the results
    # have hands to tell apart (the clock would muck only after its pause).
    moves = [Move.CHECK_OR_CALL, Move.BRING_IN, Move.SHOW]
    if roll < 0.12:
        moves.insert(0, Move.MIN)
    elif roll < 0.2:
        moves.insert(0, Move.FOLD)
    for move in moves:
        try:
            await runner.act(user_id, ActionRequest(move))
            return
        except Exception:  # refused (nothing to fold to, no raise left): the next idea
            continue


def best_result(tables: list[OutgoingMessage]) -> OutgoingMessage:
    """The result worth showing (a table message that ends with a hand's result and
    its picture): a kicker decided, else the most hands shown."""
    results = [table for table in tables if table.files]

    def worth(post: OutgoingMessage) -> tuple[bool, int]:
        text = post.public_text()
        return ("kicker" in text, text.count(" shows "))

    return max(results, key=worth)


def best_seat(seats: list[OutgoingMessage]) -> OutgoingMessage:
    """The seat view worth showing: on the turn or river, a bet to call, the most buttons."""

    def worth(message: OutgoingMessage) -> tuple[bool, bool, int]:
        text = message.public_text()
        board = next((line for line in text.splitlines() if line.startswith("Board:")), "")
        return (len(EMOJI.findall(board)) >= 4, "To call:" in text, len(message.buttons))

    return max((seat for seat in seats if seat.buttons), key=worth)


def discord_embed(message: OutgoingMessage, width: int = 420) -> Image.Image:
    """``message`` (an embed and buttons, like the seat view) as Discord's dark
    theme shows it on a phone: the embed with its colour bar, the buttons under it."""
    assert message.embed is not None
    title, text = message.embed.title or "", message.embed.description or ""
    inner = width - 52
    lines = [
        piece for line in text.splitlines() for piece in _wrapped(_readable(line), 15, 22, inner)
    ]
    buttons = _button_rows(message.buttons, inner)
    line_height, top = 28, 50
    embed_bottom = top + line_height * len(lines) + 10
    height = embed_bottom + 10 + len(buttons) * 40 + 10
    canvas = Image.new("RGBA", (width, height), _BACKGROUND)
    draw = ImageDraw.Draw(canvas)
    draw.rounded_rectangle((8, 8, width - 9, embed_bottom), 6, fill=(43, 45, 49, 255))
    draw.rectangle((8, 8, 12, embed_bottom), fill=(0x2E, 0x7D, 0x32, 255))
    draw.text((24, 18), title, font=bold_font(17), fill=(242, 243, 245, 255))
    for index, line in enumerate(lines):
        _draw_line(canvas, line, 24, top + index * line_height)
    _draw_buttons(draw, buttons, embed_bottom + 10)
    return canvas


def _draw_line(
    canvas: Image.Image,
    line: str,
    x: float,
    y: int,
    *,
    size: int = 15,
    emoji: int = 22,
    colour: tuple[int, int, int, int] = (219, 222, 225, 255),
) -> None:
    """Text with **bold** spans and card emojis (the back too), left to right."""
    draw = ImageDraw.Draw(canvas)
    # Cards in a bold span ("Your cards: **<:…> <:…>**") are drawn as cards.
    line = re.sub(
        r"\*\*([^*]+)\*\*",
        lambda bold: "".join(
            f"**{part}**" if part.strip() and not EMOJI.fullmatch(part) else part
            for part in re.split(r"(<:\w+:\d+>)", bold[1])
        ),
        line,
    )
    pieces = re.split(r"(<:\w+:\d+>|\*\*[^*]+\*\*|⏳)", line)
    for piece in pieces:
        if not piece:
            continue
        if piece == "⏳":  # Discord draws it as an emoji; the font has no such glyph
            _hourglass(draw, x, y + 2, size + 2)
            x += size + 4
            continue
        found = EMOJI.fullmatch(piece)
        if found is not None:
            code = int(found[1]) - EMOJI_BASE
            card = Card(code) if 0 <= code < len(ALL_CARDS) else None
            picture = face(card, "two_colour", EMOJI_SIZE).resize(
                (emoji, emoji), Image.Resampling.LANCZOS
            )
            canvas.alpha_composite(picture, (round(x), y + max(0, (size + 6 - emoji) // 2)))
            x += emoji + 2
            continue
        bold = piece.startswith("**") or size >= 18
        font = bold_font(size) if bold else regular_font(size)
        piece = piece.strip("*") if piece.startswith("**") else piece
        draw.text((x, y + 2), piece, font=font, fill=colour)
        x += draw.textlength(piece, font=font)


def best_table(tables: list[OutgoingMessage]) -> OutgoingMessage:
    """The table message worth showing: a hand on the turn or river with a bet to
    call, a player out and the most players still in."""

    def worth(message: OutgoingMessage) -> tuple[bool, bool, int, int]:
        text = message.layout_text()
        board = next((ln for ln in text.splitlines() if ln.startswith("## Board")), "")
        return (
            " to call" in text and len(EMOJI.findall(board)) >= 4,
            "folded" in text,
            text.count(" · bet "),
            -text.count("folded"),
        )

    return max((m for m in tables if m.layout and m.buttons), key=worth)


#: Discord's dark theme: background, container, text, small type, divider, accent.
_BACKGROUND = (49, 51, 56, 255)
_CONTAINER = (43, 45, 49, 255)
_TEXT = (219, 222, 225, 255)
_SMALL_TEXT = (148, 155, 164, 255)
_DIVIDER = (63, 65, 71, 255)
_ACCENT = (0x2E, 0x7D, 0x32, 255)
_BUTTON_COLOURS = {
    "primary": (88, 101, 242, 255),
    "secondary": (78, 80, 88, 255),
    "success": (36, 128, 70, 255),
    "danger": (218, 55, 60, 255),
}
#: How each kind of line is set: text size, emoji size, line height, colour.
_STYLES = {
    "## ": (22, 32, 40, _TEXT),
    "### ": (18, 26, 32, _TEXT),
    "-# ": (12, 16, 20, _SMALL_TEXT),
    "": (15, 22, 26, _TEXT),
}


def _readable(line: str) -> str:
    """What Discord shows for markup the picture cannot: timestamps, escapes."""
    line = re.sub(r"<t:\d+:R>", "in a minute", line)
    line = re.sub(r"<t:\d+:T>", "21:04:05", line)
    return re.sub(r"\\(.)", r"\1", line)


def _wrapped(line: str, size: int, emoji: int, width: float) -> list[str]:
    """``line`` in pieces that fit ``width`` pixels, broken at " · " or spaces."""
    font = regular_font(size)
    measure = ImageDraw.Draw(Image.new("RGBA", (1, 1)))

    def length(text: str) -> float:
        plain = EMOJI.sub("", text).replace("**", "")
        return measure.textlength(plain, font=font) + len(EMOJI.findall(text)) * (emoji + 2)

    if length(line) <= width:
        return [line]
    words, pieces, current = line.split(" "), [], ""
    for word in words:
        trial = f"{current} {word}".strip()
        if current and length(trial) > width:
            pieces.append(current)
            current = word
        else:
            current = trial
    return [*pieces, current] if current else pieces


def best_stud_table(tables: list[OutgoingMessage]) -> OutgoingMessage:
    """A stud table message on fifth street or later, the most players still in."""

    def worth(message: OutgoingMessage) -> tuple[int, int]:
        text = message.layout_text()
        return (min(text.count("face_down_card"), 10), -text.count("folded"))

    return max((m for m in tables if m.layout and m.buttons), key=worth)


def discord_layout(message: OutgoingMessage, width: int = 420) -> Image.Image:
    """``message`` (a layout) drawn as Discord's dark theme shows it on a phone:
    the container with its accent bar, its text blocks and dividers, then the
    buttons, wrapped as a narrow screen wraps them."""
    inner = width - 52
    pictures = {file.filename: file.data for file in message.files}
    # (style, text); None for a divider; a picture (a Media Gallery) as its image.
    rows: list[tuple[str, str] | Image.Image | None] = []
    for block in message.layout:
        if isinstance(block, Divider):
            rows.append(None)
            continue
        if isinstance(block, Picture):
            picture = Image.open(io.BytesIO(pictures[block.filename])).convert("RGBA")
            scale = inner / picture.width
            fitted = (inner, round(picture.height * scale))
            rows.append(picture.resize(fitted, Image.Resampling.LANCZOS))
            continue
        assert isinstance(block, TextBlock)
        for line in block.text.splitlines():
            style = next(p for p in _STYLES if line.startswith(p))
            size, emoji, _, _ = _STYLES[style]
            for piece in _wrapped(_readable(line.removeprefix(style)), size, emoji, inner):
                rows.append((style, piece))
    buttons = _button_rows(message.buttons, inner)
    height = 28 + sum(_row_height(row) for row in rows)
    height += 8 + len(buttons) * 40 + 24
    canvas = Image.new("RGBA", (width, height), _BACKGROUND)
    draw = ImageDraw.Draw(canvas)
    container_bottom = height - len(buttons) * 40 - 22
    draw.rounded_rectangle((10, 10, width - 11, container_bottom), 8, fill=_CONTAINER)
    draw.rounded_rectangle((10, 10, 14, container_bottom), 2, fill=_ACCENT)
    y = 24
    for row in rows:
        if row is None:
            draw.line((26, y + 7, width - 26, y + 7), fill=_DIVIDER, width=1)
            y += 16
            continue
        if isinstance(row, Image.Image):
            canvas.alpha_composite(row, (26, y + 6))
            y += _row_height(row)
            continue
        style, text = row
        size, emoji, line_height, colour = _STYLES[style]
        _draw_line(canvas, text, 28, y, size=size, emoji=emoji, colour=colour)
        y += line_height
    _draw_buttons(draw, buttons, container_bottom + 10)
    return canvas


def _draw_buttons(
    draw: ImageDraw.ImageDraw, buttons: list[list[tuple[ButtonSpec, float]]], y: float
) -> None:
    """The rows of buttons from ``y`` down, as Discord draws them."""
    for row_buttons in buttons:
        x = 12.0
        for spec, button_width in row_buttons:
            colour = _BUTTON_COLOURS[spec.style]
            if spec.disabled:
                colour = (*colour[:3], 110)
            draw.rounded_rectangle((x, y, x + button_width, y + 32), 4, fill=colour)
            font = regular_font(14)
            label_width = draw.textlength(spec.label, font=font)
            draw.text(
                (x + (button_width - label_width) / 2, y + 8),
                spec.label,
                font=font,
                fill=(255, 255, 255, 255 if not spec.disabled else 150),
            )
            x += button_width + 8
        y += 40


def _row_height(row: tuple[str, str] | Image.Image | None) -> int:
    if row is None:
        return 16
    if isinstance(row, Image.Image):
        return row.height + 12
    return _STYLES[row[0]][2]


def _button_rows(
    buttons: tuple[ButtonSpec, ...], width: float
) -> list[list[tuple[ButtonSpec, float]]]:
    """The buttons in their rows, a row wrapped where the screen is too narrow."""
    measure = ImageDraw.Draw(Image.new("RGBA", (1, 1)))
    rows: list[list[tuple[ButtonSpec, float]]] = []
    for number in sorted({spec.row for spec in buttons}):
        current: list[tuple[ButtonSpec, float]] = []
        used = 0.0
        for spec in (b for b in buttons if b.row == number):
            button_width = measure.textlength(spec.label, font=regular_font(14)) + 32
            if current and used + button_width > width + 24:
                rows.append(current)
                current, used = [], 0.0
            current.append((spec, button_width))
            used += button_width + 8
        rows.append(current)
    return rows


def _hourglass(draw: ImageDraw.ImageDraw, x: float, y: float, size: int) -> None:
    """A small hourglass where the text has ⏳."""
    left, right, middle = x + size * 0.2, x + size * 0.8, y + size / 2
    frame = (120, 85, 50, 255)
    sand = (255, 172, 51, 255)
    draw.polygon([(left, y + 2), (right, y + 2), (x + size / 2, middle)], fill=(200, 220, 240, 255))
    draw.polygon([(x + size / 2, middle), (right, y + size - 2), (left, y + size - 2)], fill=sand)
    draw.line((left - 1, y + 1, right + 1, y + 1), fill=frame, width=2)
    draw.line((left - 1, y + size - 1, right + 1, y + size - 1), fill=frame, width=2)


def faces_sheet() -> Image.Image:
    """A row of each deck at 90 pixels, then both at 32 (emoji size) with the back."""
    cards = [Card.parse(c) for c in ("As", "Kh", "Qd", "Jc", "Td", "9s", "8h", "7c")]
    width = 40 + len(cards) * 76
    sheet = Image.new("RGBA", (width, 330), (49, 51, 56, 255))
    y = 14
    for deck in DECK_STYLES:
        for index, card in enumerate(cards):
            sheet.alpha_composite(face(card, deck, 90), (20 + index * 76, y))
        y += 100
    # Every rank from the ace down, the suits taking turns, and the back.
    small: list[Card | None] = [Card(rank * 4 + (3 - rank % 4)) for rank in range(12, -1, -1)]
    small.append(None)
    for deck_index, deck in enumerate(DECK_STYLES):
        for index, shown in enumerate(small):
            image = face(shown, deck, EMOJI_SIZE).resize((32, 32), Image.Resampling.LANCZOS)
            sheet.alpha_composite(image, (20 + index * 34, 226 + deck_index * 44))
    return sheet


async def main(folder: Path, seed: int = 12) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        async with await Database.open(Path(scratch) / "readme.db") as database:
            channel = Channel()
            await play(database, channel, seed)
            result = best_result(channel.tables)
            points = await chip_points(database, GUILD, 11)
        async with await Database.open(Path(scratch) / "stud.db") as database:
            stud_channel = Channel()
            await play(database, stud_channel, seed, variant="F7S", tables=1, hands=3)
            stud = best_stud_table(stud_channel.tables)
    (folder / "showdown.png").write_bytes(result.files[0].data)
    discord_layout(result).convert("RGB").save(folder / "result.png", optimize=True)
    (folder / "stats-chart.png").write_bytes(chips_chart(points, PLAYERS[11], "en"))
    faces_sheet().convert("RGB").save(folder / "card-faces.png", optimize=True)
    table = best_table(channel.tables)
    discord_layout(table).convert("RGB").save(folder / "table.png", optimize=True)
    print(table.public_text())
    print(stud.public_text())
    discord_layout(stud).convert("RGB").save(folder / "table-stud.png", optimize=True)
    seat = best_seat(channel.seats)
    discord_embed(seat).convert("RGB").save(folder / "seat-view.png", optimize=True)
    print(seat.public_text())
    print(result.public_text())


def command_line(argv: Sequence[str] | None = None) -> Path:
    """The folder the pictures go to, from the command line."""
    parser = argparse.ArgumentParser(
        prog="python -m tools.readme_pictures",
        description="Render the README's pictures from hands played on a scratch database.",
    )
    parser.add_argument(
        "folder",
        nargs="?",
        type=Path,
        default=Path("docs/pictures"),
        help="where the PNG files are written (default: docs/pictures)",
    )
    return Path(parser.parse_args(argv).folder)


if __name__ == "__main__":
    asyncio.run(main(command_line()))
