"""The table option min_players end to end, through the fake Discord and the
real bot: /poker create offers it (declared once in bot/table_options.py),
the engine refuses a minimum above the seats with its sentence, the table
message says how many players the table deals to, and no hand is dealt until
that many are seated."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.fake_discord import FakeDiscord, Member
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_view import TableView, layout_text


async def ephemeral_answer(member: Member, *words: str, **options: object) -> str:
    reply = await member.slash(*words, **options)
    await reply.settled()
    assert reply.ephemeral, reply
    return reply.text


async def test_a_table_of_three_players_at_least_waits_for_the_third(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=5) as croupier:
        ann, ben, cy = fake.add_member("Ann"), fake.add_member("Ben"), fake.add_member("Cy")
        refused = await ephemeral_answer(ann, "poker", "create", seats=4, min_players=5)
        assert "The fewest players to deal to is from 2 to 4 (the seats), not 5." in refused
        opened = await ephemeral_answer(
            ann, "poker", "create", small_blind=5, big_blind=10, min_players=3
        )
        assert "A table of" in opened, opened
        view = TableView(fake)
        for member in (ann, ben):
            joined = await ephemeral_answer(member, "poker", "join", buy_in=500)
            assert "You sit in seat" in joined
        await croupier.settled()
        message = view.table_message()
        assert message is not None
        assert "Deals to 3 players or more" in layout_text(message)
        assert await view.next_turn(timeout=2.0) is None, "no hand with two players"

        joined = await ephemeral_answer(cy, "poker", "join", buy_in=500)
        assert "You sit in seat" in joined
        turn = await view.next_turn()
        assert turn is not None, "the third player's arrival deals a hand"
        assert set(view.seats()) == {"Ann", "Ben", "Cy"}
        closed = await ann.slash("poker", "close")
        await closed.settled()
