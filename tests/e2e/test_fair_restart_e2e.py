"""After a restart the table goes on where it was: the same table message is
edited (not a second one posted whose buttons would act on the same turn), a
click on any other table message is refused, and players whose DM of their
cards had gone out (it is saved with the table) are not DMed the same cards
twice (one whose DM had not gone out gets it: tests/bot/test_restart_leftovers.py)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.database import Database
from bot.render.custom_ids import table_button_id
from bot.tables import message_keeper
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_players import open_table
from tests.e2e.table_view import TableView, is_table_message


def cards_dms(member: object, hand_no: int) -> int:
    return sum(1 for m in member.dms() if f"Your cards, hand {hand_no}" in m.text())  # type: ignore[attr-defined]


async def test_a_restarted_table_edits_its_message_and_does_not_dm_the_cards_twice(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    database = tmp_path / "croupier.db"
    ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
    async with running_croupier(fake, database, deck_seed=41) as croupier:
        view = await open_table(fake, [ann, ben])
        turn = view.turn()
        assert turn is not None
        await fake.wait_for(lambda: cards_dms(ann, 1) == 1 and cards_dms(ben, 1) == 1)
        await croupier.settled()
        before = [m.id for m in fake.messages(fake.channel) if is_table_message(m)]
        assert before[-1] == turn.message_id
    async with running_croupier(fake, database, deck_seed=41) as croupier:
        await croupier.settled()
        tables = [m for m in fake.messages(fake.channel) if is_table_message(m)]
        assert [m.id for m in tables] == before, "edited, not posted again"
        assert (cards_dms(ann, 1), cards_dms(ben, 1)) == (1, 1), "each DM went out once"
        again = TableView(fake).turn()
        assert again is not None and again.key == turn.key
        actor = {"Ann": ann, "Ben": ben}[turn.actor]
        button = table_button_id(turn.table_id, turn.hand_no, turn.seq, "call")
        called = await actor.click(custom_id=button, message=turn.message_id)
        assert called.silent
        assert await TableView(fake).next_turn(turn.key) is not None


async def test_a_click_on_a_table_message_that_is_not_the_current_one_is_refused(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    database = tmp_path / "croupier.db"
    ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
    async with running_croupier(fake, database, deck_seed=42) as croupier:
        view = await open_table(fake, [ann, ben])
        old = view.turn()
        assert old is not None
        await croupier.settled()
    # The message the bot remembers is gone (deleted while it was down): it posts anew.
    with sqlite3.connect(database) as connection:
        connection.execute("UPDATE tables SET message_id = 1")
    async with running_croupier(fake, database, deck_seed=42) as croupier:

        def reposted() -> bool:
            shown = TableView(fake).turn()
            return shown is not None and shown.message_id != old.message_id

        await fake.wait_for(reposted)
        await croupier.settled()
        current = TableView(fake).turn()
        assert current is not None and current.key == old.key
        actor = {"Ann": ann, "Ben": ben}[old.actor]
        button = table_button_id(old.table_id, old.hand_no, old.seq, "call")
        refused = await actor.click(custom_id=button, message=old.message_id)
        await refused.settled()
        assert refused.ephemeral and "moved on" in refused.text, refused.text
        before = await croupier.database.fetch_value("SELECT COUNT(*) FROM hand_actions")
        assert before == 0
        called = await actor.click(custom_id=button, message=current.message_id)
        assert called.silent
        assert await TableView(fake).next_turn(old.key) is not None


async def test_a_new_hands_message_whose_id_was_never_saved_is_not_left_behind(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process died after Discord took a new hand's table message and
    before its id was saved. The restarted table must not edit the last hand's
    message while players look at (and click) the newer one."""
    fake = fake_discord
    database = tmp_path / "croupier.db"
    ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
    async with running_croupier(fake, database, deck_seed=43) as croupier:
        view = await open_table(fake, [ann, ben])
        first = view.turn()
        assert first is not None
        folder = {"Ann": ann, "Ben": ben}[first.actor]
        fold = table_button_id(first.table_id, first.hand_no, first.seq, "fold")
        # From now on no message id reaches the database, as if the process died
        # each time between Discord's answer and the save.
        monkeypatch.setattr(message_keeper, "save_message_id", never_saved)
        assert (await folder.click(custom_id=fold, message=first.message_id)).silent
        second = await TableView(fake).next_turn(first.key)
        assert second is not None and second.hand_no == first.hand_no + 1
        assert second.message_id != first.message_id, "a new hand, a new message"
        await croupier.settled()
    monkeypatch.undo()
    async with running_croupier(fake, database, deck_seed=43) as croupier:
        await croupier.settled()
        shown = TableView(fake).turn()
        assert shown is not None and shown.key == second.key
        assert shown.message_id > second.message_id, "the table shown anew, at the bottom"
        actor = {"Ann": ann, "Ben": ben}[second.actor]
        stale = table_button_id(second.table_id, second.hand_no, second.seq, "call")
        refused = await actor.click(custom_id=stale, message=second.message_id)
        await refused.settled()
        assert refused.ephemeral and "moved on" in refused.text, refused.text
        called = await actor.click(custom_id=stale, message=shown.message_id)
        assert called.silent
        assert await TableView(fake).next_turn(second.key) is not None


async def never_saved(database: Database, table_id: int, message_id: int) -> None:
    raise ConnectionError("the process died before the id was saved")
