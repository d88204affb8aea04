"""Nothing secret reaches the log, at any level.

The bot runs as its own process with ``CROUPIER_LOG_LEVEL=DEBUG`` and even its
libraries at DEBUG (``CROUPIER_LIBRARY_LOG_LEVEL=DEBUG``: discord.py's request
bodies and gateway events, aiosqlite's statements). Members play provably fair
hold'em and a triple draw (cards picked in the discard menu), ask for their
cards, read /history and /poker verify. Then the whole log is searched for the
bot token, every interaction token, every hand's secret and deck order, and
every card dealt face down that was not shown to the table.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from bot.database import Database
from engine.cards import Card
from tests.e2e.bot_process import bot_process
from tests.e2e.fake_discord import BULK_RATE_CLOCK, FakeDiscord, Member
from tests.e2e.hand_records import hand_records
from tests.e2e.table_players import Style, TablePlayers
from tests.e2e.table_view import TableView

DEBUG_EVERYWHERE = {
    "CROUPIER_LOG_LEVEL": "DEBUG",
    "CROUPIER_LIBRARY_LOG_LEVEL": "DEBUG",
    "CROUPIER_STARTING_CHIPS": "100000",
}
CURIOUS = Style(cards_click=0.3, out_of_turn_click=0.05, fold=20)


def card_forms(card: Card) -> list[str]:
    """How a card could be written: ``As``, ``A♠``, and ``A\\u2660`` as JSON escapes it."""
    symbol = card.symbol
    escaped = symbol[:-1] + f"\\u{ord(symbol[-1]):04x}"
    return [str(card), symbol, escaped]


def found(text: str, form: str) -> bool:
    return re.search(r"(?<![0-9A-Za-z])" + re.escape(form) + r"(?![0-9A-Za-z])", text) is not None


async def play(fake: FakeDiscord, members: list[Member], variant: str, hands: int) -> None:
    created = await members[0].slash(
        "poker", "create", variant=variant, provably_fair=True, seats=4
    )
    await created.settled()
    assert "is open in" in created.text, created.text
    for member in members:
        await (await member.slash("poker", "join", buy_in=1000)).settled()
    players = TablePlayers(fake, members, seed=5, style=CURIOUS, top_up=1000, view=TableView(fake))
    await players.play_hands(hands)
    for member in members:
        await (await member.slash("history")).settled()
        await (await member.slash("poker", "verify", hand=1)).settled()
    await players.close_table(members[0])


async def test_a_debug_log_holds_no_card_secret_or_token(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    fake.rate_limits.time_scale = BULK_RATE_CLOCK  # many hands at machine speed
    database_path = tmp_path / "croupier.db"
    async with bot_process(fake, database_path, DEBUG_EVERYWHERE) as bot:
        ann, ben, cat = (fake.add_member(name) for name in ("Ann", "Ben", "Cat"))
        await play(fake, [ann, ben, cat], "NT", 6)
        await play(fake, [ann, ben, cat], "F2L3D", 4)
        assert await bot.stop() == 0
    log = bot.log()
    assert "DEBUG" in log and "discord.http" in log and "aiosqlite" in log, "logged at DEBUG"

    assert fake.token not in log
    tokens = [record.token for record in fake.state.interactions.values()]
    assert len(tokens) > 50
    assert not [token for token in tokens if token in log]

    async with await Database.open(database_path) as database:
        rows = await database.fetch_all("SELECT id, initial, secret FROM hands ORDER BY id")
        records = await hand_records(database)
    assert len(rows) >= 10 and all(row["secret"] for row in rows)
    for row in rows:
        assert row["secret"] not in log
        deck = json.loads(row["initial"])["deal"]["setup"]["deck"].split()
        for joiner in ("", " ", '", "', '","', "', '"):
            assert joiner.join(deck[4:9]) not in log, f"hand {row['id']}: the deck is in the log"
    hidden = 0
    for record in records:
        public = set(record.board) | set(record.face_up)
        for shown in record.shown.values():
            public |= set(shown)
        for cards in record.hole_cards.values():
            for card in set(cards) - public:
                hidden += 1
                leaked = [form for form in card_forms(card) if found(log, form)]
                assert not leaked, f"hand {record.hand_no}: {leaked} is in the log"
    assert hidden > 50
