"""A raise form opened before the bot restarted and submitted after it: no
handler remembers it, so the safety net answers in time, politely, and nothing
is done; the player raises again from the re-posted table message."""

from __future__ import annotations

from pathlib import Path

from bot.render.custom_ids import table_button_id
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_players import input_id, open_table
from tests.e2e.table_view import TableView


async def test_a_raise_form_from_before_a_restart_is_answered_and_does_nothing(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    database = tmp_path / "croupier.db"
    ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
    async with running_croupier(fake, database, deck_seed=31):
        view = await open_table(fake, [ann, ben])
        turn = view.turn()
        assert turn is not None
        actor = {"Ann": ann, "Ben": ben}[turn.actor]
        button = table_button_id(turn.table_id, turn.hand_no, turn.seq, "raise")
        form = await actor.click(custom_id=button, message=turn.message_id)
        assert form.modal is not None
    async with running_croupier(fake, database, deck_seed=31) as croupier:
        before = await croupier.database.fetch_value("SELECT COUNT(*) FROM hand_actions")
        late = await actor.submit_modal({input_id(form.modal): "40"})
        assert late.ephemeral and "too old to use" in late.text, late.text
        await croupier.settled()
        assert await croupier.database.fetch_value("SELECT COUNT(*) FROM hand_actions") == before
        again = TableView(fake).turn()
        assert again is not None and again.key == turn.key
        reopened = await actor.click(custom_id=button, message=TableView(fake).table_message())
        assert reopened.modal is not None
        raised = await actor.submit_modal({input_id(reopened.modal): "40"})
        assert raised.silent
        assert await TableView(fake).next_turn(turn.key) is not None
