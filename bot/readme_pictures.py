"""Render the README's pictures from hands actually played:
``python -m bot.readme_pictures [folder]`` (default ``docs/pictures``).

Four players sit at a real table runner on a scratch database (three tables
one after the other: three sessions) and play a few hundred hands of
no-limit Hold'em from a seeded deck, deciding by a seeded die. The script
keeps the result the channel was shown of the most telling showdown (a
kicker decided, or many hands were shown) and writes:

* ``result.png``: that result as Discord shows it, its cards as the emoji
  faces and its showdown picture under the text;
* ``showdown.png``: the showdown picture alone, as attached to the message;
* ``stats-chart.png``: one player's /stats chart over those hands;
* ``card-faces.png``: both decks and the back, at emoji size and larger.

The table message's picture comes with its own work.
"""

from __future__ import annotations

import asyncio
import io
import random
import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from PIL import Image, ImageDraw

from bot.cashier import Cashier
from bot.daily import DailyReward
from bot.database import Database
from bot.play_figures import chip_points
from bot.render.card_faces import DECK_STYLES, EMOJI_SIZE, face
from bot.render.card_markup import CardFaces
from bot.render.fonts import bold_font, regular_font
from bot.render.message import OutgoingMessage
from bot.render.stats_chart import chips_chart
from bot.tables.clock import SystemClock
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

    async def show_table(self, message: OutgoingMessage, *, fresh: bool) -> None:
        return None

    async def post(self, message: OutgoingMessage) -> None:
        self.posts.append(message)

    async def send_private(self, user_id: int, message: OutgoingMessage) -> bool:
        return True


def made_up_faces() -> CardFaces:
    return CardFaces("two_colour", {str(card): EMOJI_BASE + int(card) for card in ALL_CARDS})


async def play(database: Database, channel: Channel, seed: int) -> None:
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
    for table in range(3):
        config = TableSettings.checked(
            variant="NT",
            small_blind=5,
            big_blind=10,
            min_buy_in=200,
            max_buy_in=2000,
            seats=6,
            action_seconds=60,
        )
        record = await TableStore(database).create(GUILD, 100 + table, 1, config)
        runner = TableRunner(record, config, services, channel)
        await runner.start()
        for user_id, name in PLAYERS.items():
            await runner.join(user_id, name, buy_in=1000)
        played = 0
        while played < HANDS_PER_TABLE:
            await runner.settled()
            live = runner.live
            if live is None:
                await asyncio.sleep(0.01)
                continue
            number = live.hand_no
            while runner.live is not None and runner.live.hand_no == number:
                hand = runner.live.hand
                if hand.actor is None:
                    await runner.settled()
                    continue
                await _decide(runner, runner.live.deal.players[hand.actor], rng)
            played += 1
        await runner.settled()
        await runner.close(1)
        await runner.stop()


async def _decide(runner: TableRunner, user_id: int, rng: random.Random) -> None:
    roll = rng.random()
    moves = [Move.CHECK_OR_CALL]
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


def best_result(posts: list[OutgoingMessage]) -> OutgoingMessage:
    """The result worth showing: a kicker decided, else the most hands shown."""
    results = [post for post in posts if post.files]

    def worth(post: OutgoingMessage) -> tuple[bool, int]:
        text = post.public_text()
        return ("kicker" in text, text.count(" shows "))

    return max(results, key=worth)


def discord_message(message: OutgoingMessage, width: int = 620) -> Image.Image:
    """``message`` drawn roughly as Discord's dark theme shows an embed: its
    title, its lines with the card emojis at 22 pixels, its picture."""
    assert message.embed is not None and message.files
    title, text = message.embed.title or "", message.embed.description or ""
    picture = Image.open(io.BytesIO(message.files[0].data)).convert("RGBA")
    scale = min(1.0, (width - 40) / picture.width)
    picture = picture.resize(
        (round(picture.width * scale), round(picture.height * scale)), Image.Resampling.LANCZOS
    )
    lines = text.splitlines()
    line_height, top = 28, 50
    height = top + line_height * len(lines) + picture.height + 40
    canvas = Image.new("RGBA", (width, height), (49, 51, 56, 255))
    draw = ImageDraw.Draw(canvas)
    draw.rounded_rectangle((8, 8, width - 9, height - 9), 6, fill=(43, 45, 49, 255))
    draw.rectangle((8, 8, 12, height - 9), fill=(245, 197, 66, 255))
    draw.text((24, 18), title, font=bold_font(17), fill=(242, 243, 245, 255))
    for index, line in enumerate(lines):
        _draw_line(canvas, line, 24, top + index * line_height)
    canvas.alpha_composite(picture, (24, top + line_height * len(lines) + 12))
    return canvas


def _draw_line(canvas: Image.Image, line: str, x: float, y: int) -> None:
    """Text with **bold** spans and card emojis, left to right."""
    draw = ImageDraw.Draw(canvas)
    pieces = re.split(r"(<:\w+:\d+>|\*\*[^*]+\*\*)", line)
    for piece in pieces:
        if not piece:
            continue
        emoji = EMOJI.fullmatch(piece)
        if emoji is not None:
            card = Card(int(emoji[1]) - EMOJI_BASE)
            small = face(card, "two_colour", EMOJI_SIZE).resize((22, 22), Image.Resampling.LANCZOS)
            canvas.alpha_composite(small, (round(x), y))
            x += 24
            continue
        bold = piece.startswith("**")
        font = bold_font(15) if bold else regular_font(15)
        piece = piece.strip("*") if bold else piece
        draw.text((x, y + 2), piece, font=font, fill=(219, 222, 225, 255))
        x += draw.textlength(piece, font=font)


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
            result = best_result(channel.posts)
            points = await chip_points(database, GUILD, 11)
    (folder / "showdown.png").write_bytes(result.files[0].data)
    discord_message(result).convert("RGB").save(folder / "result.png", optimize=True)
    (folder / "stats-chart.png").write_bytes(chips_chart(points, PLAYERS[11], "en"))
    faces_sheet().convert("RGB").save(folder / "card-faces.png", optimize=True)
    print(result.public_text())


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/pictures")))
