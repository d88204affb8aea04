"""A H.O.R.S.E. table through the fake Discord and the real bot: a member
opens it with /poker create game:H.O.R.S.E., two members play, and the table
message and the channel show the game change from Hold'em to Omaha Hi-Lo
when the button has gone round. The audit runs as the bot stops."""

from __future__ import annotations

from pathlib import Path

from bot.render.custom_ids import table_button_id
from tests.e2e.fake_discord import FakeDiscord, Member
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_view import TableView, Turn, layout_text, title_of


async def ephemeral_answer(member: Member, *words: str, **options: object) -> str:
    reply = await member.slash(*words, **options)
    await reply.settled()
    assert reply.ephemeral, reply
    return reply.text


def embed_of(view: TableView, turn: Turn) -> tuple[str, str]:
    """The title and description of the table message ``turn`` was read from."""
    message = view.fake.state.messages[turn.message_id]
    return title_of(message), layout_text(message)


async def fold_the_hand(
    view: TableView, by_name: dict[str, Member], after: Turn | None
) -> tuple[Turn, str, str]:
    """The player to act folds (heads-up, that ends the hand): the turn folded
    on, and the title and description of its table message."""
    turn = await view.next_turn(None if after is None else after.key)
    assert turn is not None, "a hand was dealt"
    title, description = embed_of(view, turn)
    custom_id = table_button_id(turn.table_id, turn.hand_no, turn.seq, "fold")
    await by_name[turn.actor].click(custom_id=custom_id)
    await view.fake.wait_for(lambda: turn.hand_no in view.results())
    return turn, title, description


async def test_a_horse_table_opened_by_command_changes_game_after_the_orbit(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=8) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        both = await ephemeral_answer(ann, "poker", "create", variant="NT", game="horse")
        assert "one game with the variant option or a mix" in both
        opened = await ephemeral_answer(
            ann, "poker", "create", game="horse", small_blind=5, big_blind=10, min_buy_in=100
        )
        assert "A table of H.O.R.S.E. (5/10" in opened, opened
        view = TableView(fake)
        by_name = {member.name: member for member in (ann, ben)}
        for member in (ann, ben):
            joined = await ephemeral_answer(member, "poker", "join", buy_in=500)
            assert "You sit in seat" in joined

        # Heads-up an orbit is two hands: two of Hold'em, then Omaha Hi-Lo.
        first, title, description = await fold_the_hand(view, by_name, None)
        assert title == "H.O.R.S.E.: Fixed-limit Texas Hold'em · 5/10"
        assert "Blinds 5/10 · bets 10/20" in description
        assert "Next game: **Fixed-limit Omaha Hi-Lo** in 2 hands, after this orbit." in description
        second, title, description = await fold_the_hand(view, by_name, first)
        assert title == "H.O.R.S.E.: Fixed-limit Texas Hold'em · 5/10"
        assert "Next game: **Fixed-limit Omaha Hi-Lo** after this hand." in description
        third, title, description = await fold_the_hand(view, by_name, second)
        assert third.hand_no == second.hand_no + 1 == first.hand_no + 2
        assert title == "H.O.R.S.E.: Fixed-limit Omaha Hi-Lo · 5/10"
        assert "Next game: **Fixed-limit Razz** in 2 hands, after this orbit." in description
        await croupier.settled()
        channel = [message.text() for message in fake.messages(fake.channel)]
        assert any(
            "H.O.R.S.E.: the game changes to **Fixed-limit Omaha Hi-Lo**." in text
            for text in channel
        )
        closed = await ann.slash("poker", "close")
        await closed.settled()
        await croupier.settled()
        hands = await croupier.database.fetch_all(
            "SELECT variant FROM hands WHERE status = 'finished' ORDER BY hand_no"
        )
        assert [row["variant"] for row in hands] == ["FT", "FT", "FO/8"]
