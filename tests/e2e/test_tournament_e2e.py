"""A sit-and-go through the fake Discord and the real bot: a member opens it
with /poker create tournament:true, three members register (a fourth is
refused after the start), the blinds rise every hand, everyone shoves until
one player holds every chip, the winner is announced and paid the prize
pool, and the table closes. The audit runs as the bot stops."""

from __future__ import annotations

import re
from pathlib import Path

from bot.render.custom_ids import table_button_id
from tests.e2e.fake_discord import FakeDiscord, Member
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_view import TableView

STARTING_CHIPS = 1000  # the settings' default starting grant


async def ephemeral_answer(member: Member, *words: str, **options: object) -> str:
    reply = await member.slash(*words, **options)
    await reply.settled()
    assert reply.ephemeral, reply
    return reply.text


def channel_texts(fake: FakeDiscord) -> list[str]:
    return [message.text() for message in fake.messages(fake.channel)]


async def test_a_tournament_opened_by_command_is_played_to_a_winner(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=3) as croupier:
        ann, ben, cat, dan = (fake.add_member(name) for name in ("Ann", "Ben", "Cat", "Dan"))
        refused = await ephemeral_answer(ann, "poker", "create", starting_stack=500)
        assert "add tournament:true" in refused
        opened = await ephemeral_answer(
            ann,
            "poker",
            "create",
            tournament=True,
            buy_in=100,
            starting_stack=200,
            level_hands=1,
            seats=3,
        )
        assert "tournament is open" in opened and "buy-in 100, starting stack 200" in opened
        by_name = {member.name: member for member in (ann, ben, cat)}
        early = await ephemeral_answer(ann, "poker", "start")
        assert early == "A tournament starts with two players at least."
        for member in (ann, ben):
            registered = await ephemeral_answer(member, "poker", "join")
            assert "**100** chips went to the prize pool" in registered
        await croupier.settled()
        view = TableView(fake)
        message = view.table_message()
        assert message is not None and "Registered: **2** of 3" in message.text()
        await ephemeral_answer(cat, "poker", "join")  # the last seat: it begins
        late = await ephemeral_answer(dan, "poker", "join")
        assert "The tournament has begun" in late
        stay = await ephemeral_answer(ben, "poker", "leave")
        assert "your chips stay in play" in stay

        after = None
        for _ in range(60):
            turn = await view.next_turn(after, timeout=5.0)
            if turn is None:
                break
            action = "allin" if "allin" in turn.buttons else "call"
            if "muck" in turn.buttons:  # the showdown: a hand that cannot win
                action = "muck"
            custom_id = table_button_id(turn.table_id, turn.hand_no, turn.seq, action)
            await by_name[turn.actor].click(custom_id=custom_id)
            after = turn.key
        await croupier.settled()
        texts = channel_texts(fake)
        assert any("The tournament begins with 3 players." in text for text in texts)
        assert any("Level **2**: the blinds are now 10/20." in text for text in texts)
        (won,) = [text for text in texts if "wins the tournament" in text]
        assert "**300** chips" in won
        winner = next(name for name in by_name if won.startswith(f"🏆 {name} "))
        assert sum("finishes" in text and "of 3." in text for text in texts) == 2
        rows = await croupier.database.fetch_all(
            "SELECT b.user_id, b.chips, e.place FROM balances b"
            " JOIN tournament_entries e ON e.user_id = b.user_id"
        )
        assert sorted(row["place"] for row in rows) == [1, 2, 3]
        for row in rows:
            prize = 300 if row["place"] == 1 else 0
            assert row["chips"] == STARTING_CHIPS - 100 + prize
        assert await croupier.database.fetch_value("SELECT status FROM tables") == "closed"
        for member in by_name.values():  # card DMs say which hand, as at a cash table
            cards = [dm.text() for dm in member.dms() if "Your cards:" in dm.text()]
            assert cards and all(re.match(r"Your cards, hand \d+\n", text) for text in cards)
        no_table = await ephemeral_answer(by_name[winner], "poker", "leave")
        assert "There is no table in this channel" in no_table
