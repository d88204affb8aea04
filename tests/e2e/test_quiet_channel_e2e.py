"""A quiet channel, end to end through the fake Discord with its rate limits on:
a hand is one new message in the channel (its table message, which ends with
the result and the showdown's picture), and each player's cards are one DM a
hand, edited as later streets deal them more (bot/tables/hole_card_dms.py).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from tests.e2e.fake_discord import FakeDiscord, StoredMessage
from tests.e2e.hand_records import hand_records
from tests.e2e.privacy import check_privacy
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_players import CALLING_STATION, TablePlayers
from tests.e2e.table_view import TableView, is_table_message, layout_text, result_hand

#: The hand number in a table message's first line.
HAND_NO = re.compile(r"\*\*Hand (?P<hand>\d+)\*\*")
#: A hole-card DM's title, which names its hand.
CARDS_TITLE = re.compile(r"Your cards, hand (?P<hand>\d+)")


def hand_shown(message: StoredMessage) -> int | None:
    """The hand a table message shows (``None``: a table waiting for players)."""
    found = HAND_NO.search(layout_text(message).split("\n", 1)[0])
    return None if found is None else int(found["hand"])


def hand_of_dm(message: StoredMessage) -> int | None:
    title = str(message.embeds[0].get("title", "")) if message.embeds else ""
    found = CARDS_TITLE.fullmatch(title)
    return None if found is None else int(found["hand"])


async def test_a_hand_is_one_message_in_the_channel_and_one_dm_a_player(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    hands = 4
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=11) as croupier:
        members = [fake.add_member(name) for name in ("Ann", "Ben", "Cat")]
        ann = members[0]
        created = await ann.slash(
            "poker", "create", variant="F7S", small_blind=5, big_blind=10, seats=6
        )
        await created.settled()
        before = {message.id for message in fake.state.messages.values()}
        for member in members:
            await (await member.slash("poker", "join", buy_in=1000)).settled()
        view = TableView(fake)
        table = TablePlayers(fake, members, seed=11, style=CALLING_STATION, view=view)
        played = await table.play_hands(hands)
        assert played >= hands
        await croupier.settled()
        records = await hand_records(croupier.database)
        report = check_privacy(fake, members, records, records[0].table_id)
        assert not report.leaks, "\n\n".join(str(leak) for leak in report.leaks[:5])

    new = [m for m in fake.state.messages.values() if m.id not in before]
    in_channel = [m for m in new if m.channel_id == fake.channel.id and m.kind == "channel"]
    # Every new message in the channel is a table message: the waiting table's, then
    # one a hand, each finished hand's ending with its result.
    assert all(is_table_message(m) for m in in_channel), [m.text() for m in in_channel]
    shown = [hand_shown(m) for m in in_channel]
    waiting = [hand_no for hand_no in shown if hand_no is None]
    dealt = [hand_no for hand_no in shown if hand_no is not None]
    assert len(waiting) <= 1 and len(dealt) == len(set(dealt)), shown
    assert set(range(1, played + 1)) <= set(dealt) <= set(range(1, played + 2)), shown
    finished = sorted(hand_no for m in in_channel if (hand_no := result_hand(m)) is not None)
    assert finished == list(range(1, played + 1)), finished
    assert any(m.attachments for m in in_channel), "no showdown picture in the hands"
    # Each player's cards: one DM a hand, edited when seventh street dealt one more.
    for member in members:
        per_hand = Counter(hand_of_dm(m) for m in member.dms() if hand_of_dm(m) is not None)
        dealt_in = {r.hand_no for r in records if member.id in r.players}
        assert dealt_in and set(per_hand) == dealt_in, (member.name, per_hand, dealt_in)
        assert max(per_hand.values()) == 1, (member.name, per_hand)
    edited = [m for member in members for m in member.dms() if m.version > 1]
    assert edited, "a calling station reaches seventh street: its DM is edited"
